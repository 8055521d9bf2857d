package derive

import (
	"bytes"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// nullTypeCases are unions with null as toolgen writes them, each in a
// property, and what NullTypes makes of them in Standard and OpenAI; ""
// keeps the union.
var nullTypeCases = []struct {
	name, union, standard, openai string
}{
	{"string", `{"anyOf":[{"type":"string","maxLength":3,"minLength":1,"pattern":"^[a-z]+$"},{"type":"null"}],"description":"A word."}`,
		`{"type":["string","null"],"maxLength":3,"minLength":1,"pattern":"^[a-z]+$","description":"A word."}`,
		`{"type":["string","null"],"maxLength":3,"minLength":1,"pattern":"^[a-z]+$","description":"A word."}`},
	{"format", `{"anyOf":[{"type":"string","format":"date-time"},{"type":"null"}]}`,
		`{"type":["string","null"],"format":"date-time"}`, `{"type":["string","null"],"format":"date-time"}`},
	{"integer", `{"anyOf":[{"type":"integer","multipleOf":2,"maximum":10,"minimum":0},{"type":"null"}],"description":"Even."}`,
		`{"type":["integer","null"],"multipleOf":2,"maximum":10,"minimum":0,"description":"Even."}`,
		`{"type":["integer","null"],"multipleOf":2,"maximum":10,"minimum":0,"description":"Even."}`},
	{"number", `{"anyOf":[{"type":"number","exclusiveMaximum":10,"exclusiveMinimum":0},{"type":"null"}]}`,
		`{"type":["number","null"],"exclusiveMaximum":10,"exclusiveMinimum":0}`, `{"type":["number","null"],"exclusiveMaximum":10,"exclusiveMinimum":0}`},
	{"boolean", `{"anyOf":[{"type":"boolean","title":"On"},{"type":"null"}],"description":"Whether."}`,
		`{"type":["boolean","null"],"title":"On","description":"Whether."}`, `{"type":["boolean","null"],"title":"On","description":"Whether."}`},
	{"default", `{"anyOf":[{"type":"integer","default":3},{"type":"null"}],"description":"N."}`,
		`{"type":["integer","null"],"description":"N.","default":3}`, `{"type":["integer","null"],"description":"N.","default":3}`},
	{"array", `{"anyOf":[{"items":{"type":"string"},"type":"array","maxItems":2,"minItems":1,"uniqueItems":true},{"type":"null"}],"description":"Tags."}`,
		`{"items":{"type":"string"},"type":["array","null"],"maxItems":2,"minItems":1,"uniqueItems":true,"description":"Tags."}`, ""},
	{"map", `{"anyOf":[{"additionalProperties":{"type":"integer"},"type":"object"},{"type":"null"}]}`,
		`{"additionalProperties":{"type":"integer"},"type":["object","null"]}`, ""},
	{"object", `{"anyOf":[{"properties":{"a":{"type":"string"}},"additionalProperties":false,"type":"object","required":["a"]},{"type":"null"}],"description":"At."}`,
		`{"properties":{"a":{"type":"string"}},"additionalProperties":false,"type":["object","null"],"required":["a"],"description":"At."}`, ""},
	{"nested", `{"items":{"anyOf":[{"type":"string"},{"type":"null"}]},"type":"array"}`,
		`{"items":{"type":["string","null"]},"type":"array"}`, `{"items":{"type":["string","null"]},"type":"array"}`},
	{"inner", `{"anyOf":[{"properties":{"a":{"anyOf":[{"type":"integer"},{"type":"null"}]}},"additionalProperties":false,"type":"object","required":["a"]},{"type":"null"}]}`,
		`{"properties":{"a":{"type":["integer","null"]}},"additionalProperties":false,"type":["object","null"],"required":["a"]}`,
		`{"anyOf":[{"properties":{"a":{"type":["integer","null"]}},"additionalProperties":false,"type":"object","required":["a"]},{"type":"null"}]}`},
	// Kept: a keyword that null would have to satisfy, no type, or a
	// union that is not S or null.
	{"enum", `{"anyOf":[{"type":"string","enum":["a","b"]},{"type":"null"}]}`, "", ""},
	{"const", `{"anyOf":[{"type":"string","const":"a"},{"type":"null"}]}`, "", ""},
	{"ref", `{"anyOf":[{"$ref":"#/$defs/T"},{"type":"null"}]}`, "", ""},
	{"untyped", `{"anyOf":[{"minLength":2},{"type":"null"}]}`, "", ""},
	{"inner union", `{"anyOf":[{"type":"string","anyOf":[{"minLength":2},{"maxLength":0}]},{"type":"null"}]}`, "", ""},
	{"three", `{"anyOf":[{"type":"string"},{"type":"integer"},{"type":"null"}]}`, "", ""},
	{"null first", `{"anyOf":[{"type":"null"},{"type":"string"}]}`, "", ""},
	{"two descriptions", `{"anyOf":[{"type":"string","description":"In."},{"type":"null"}],"description":"Out."}`, "", ""},
	{"an extra", `{"anyOf":[{"type":"string","x-unit":"m"},{"type":"null"}]}`, "", ""},
	{"beside", `{"anyOf":[{"type":"string"},{"type":"null"}],"title":"T"}`, "", ""},
}

// wrapped is a schema of one property p, with $defs for the cases of a
// $ref.
func wrapped(property string) string {
	return `{"$defs":{"T":{"type":"string"}},"properties":{"p":` + property + `},"additionalProperties":false,"type":"object"}`
}

func TestNullTypes(t *testing.T) {
	for _, c := range nullTypeCases {
		for _, d := range []int{Standard, OpenAI, Gemini, Anthropic} {
			want := map[int]string{Standard: c.standard, OpenAI: c.openai}[d]
			if want == "" {
				want = c.union
			}
			got, err := NullTypes(d, []byte(wrapped(c.union)), false)
			if err != nil {
				t.Fatalf("%s, dialect %d: %v", c.name, d, err)
			}
			if string(got) != wrapped(want) {
				t.Errorf("%s, dialect %d:\n got %s\nwant %s", c.name, d, got, wrapped(want))
			}
		}
	}
	// The root converts too (a result's), and in $defs mode each
	// definition.
	root := `{"anyOf":[{"items":{"type":"string"},"type":"array"},{"type":"null"}]}`
	if got, _ := NullTypes(Standard, []byte(root), false); string(got) != `{"items":{"type":"string"},"type":["array","null"]}` {
		t.Errorf("root: %s", got)
	}
	defs := `{"A":{"anyOf":[{"type":"string"},{"type":"null"}]},"B":{"type":"integer"}}`
	if got, _ := NullTypes(Standard, []byte(defs), true); string(got) != `{"A":{"type":["string","null"]},"B":{"type":"integer"}}` {
		t.Errorf("defs: %s", got)
	}
	// Data is not schema: a default or an enum value that looks like a
	// union stays.
	data := `{"properties":{"p":{"type":"object","default":{"x":{"anyOf":[{"type":"string"},{"type":"null"}]}}}},"type":"object"}`
	if got, _ := NullTypes(Standard, []byte(data), false); string(got) != data {
		t.Errorf("data: %s", got)
	}
}

// nullTypeDocuments are values of each JSON type, valid and not for the
// cases' constraints.
var nullTypeDocuments = []string{
	`null`, `""`, `"a"`, `"ab"`, `"abcd"`, `"AB"`, `"2024-01-02T03:04:05Z"`, `"yesterday"`,
	`0`, `1`, `2`, `4`, `7.5`, `-2`, `12`, `1e400`, `true`, `false`,
	`[]`, `["a"]`, `["a","a"]`, `["a","b","c"]`, `[1]`, `[null]`, `[null,"x"]`,
	`{}`, `{"a":"x"}`, `{"a":1}`, `{"a":null}`, `{"a":"x","b":1}`, `{"b":2}`,
}

// TestNullTypesEquivalent validates every document against each case's
// union and against what NullTypes made of it, with
// santhosh-tekuri/jsonschema (formats asserted): the verdicts must be the
// same. And it shows the kept shapes would not be: a type array beside
// enum or const refuses null, which the union takes.
func TestNullTypesEquivalent(t *testing.T) {
	compile := func(schema string) *jsonschema.Schema {
		t.Helper()
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		if err := c.AddResource("s.json", doc); err != nil {
			t.Fatal(err)
		}
		s, err := c.Compile("s.json")
		if err != nil {
			t.Fatalf("%s: %v", schema, err)
		}
		return s
	}
	valid := func(s *jsonschema.Schema, value string) bool {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(`{"p":` + value + `}`))
		if err != nil {
			t.Fatal(err)
		}
		return s.Validate(doc) == nil
	}
	converted := 0
	for _, c := range nullTypeCases {
		for _, d := range []int{Standard, OpenAI} {
			got, err := NullTypes(d, []byte(wrapped(c.union)), false)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Equal(got, []byte(wrapped(c.union))) {
				continue
			}
			converted++
			old, new := compile(wrapped(c.union)), compile(string(got))
			accepted := 0
			for _, v := range nullTypeDocuments {
				before, after := valid(old, v), valid(new, v)
				if before != after {
					t.Errorf("%s, dialect %d: %s valid %v as a union, %v as %s", c.name, d, v, before, after, got)
				}
				if before {
					accepted++
				}
			}
			if accepted < 2 || accepted == len(nullTypeDocuments) {
				t.Errorf("%s: %d documents valid: the documents do not tell the forms apart", c.name, accepted)
			}
		}
	}
	if converted == 0 {
		t.Fatal("nothing converted")
	}
	for _, naive := range []string{
		`{"type":["string","null"],"enum":["a","b"]}`,
		`{"type":["string","null"],"const":"a"}`,
	} {
		if valid(compile(wrapped(naive)), `null`) {
			t.Errorf("%s takes null: then enum and const could convert", naive)
		}
	}
}
