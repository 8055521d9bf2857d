package derive

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestSchema(t *testing.T) {
	const standard = `{"properties":{` +
		`"q":{"type":"string","maxLength":5,"description":"Q."},` +
		`"n":{"type":"integer","minimum":1,"default":3},` +
		`"tags":{"items":{"type":"string","format":"uri"},"type":"array","uniqueItems":true},` +
		`"level":{"type":"integer","enum":[1,2],"description":"How deep"},` +
		`"at":{"properties":{"city":{"type":"string","examples":["Lyon","Oslo"]}},"additionalProperties":false,"type":"object","description":"Where."}},` +
		`"additionalProperties":false,"type":"object","required":["q","level"]}`
	want := map[int]string{
		OpenAI: `{"properties":{` +
			`"q":{"type":"string","description":"Q. Constraints: at most 5 characters."},` +
			`"n":{"type":["integer","null"],"minimum":1,"description":"Constraints: default 3."},` +
			`"tags":{"anyOf":[{"items":{"type":"string"},"type":"array"},{"type":"null"}],"description":"Constraints: items unique; each item: format uri."},` +
			`"level":{"type":"integer","enum":[1,2],"description":"How deep"},` +
			`"at":{"anyOf":[{"properties":{"city":{"type":["string","null"],"description":"Constraints: for example \"Lyon\", \"Oslo\"."}},"additionalProperties":false,"type":"object","required":["city"]},{"type":"null"}],"description":"Where."}},` +
			`"additionalProperties":false,"type":"object","required":["q","n","tags","level","at"]}`,
		Anthropic: `{"properties":{` +
			`"q":{"type":"string","description":"Q. Constraints: at most 5 characters."},` +
			`"n":{"type":"integer","description":"Constraints: default 3; minimum 1."},` +
			`"tags":{"items":{"type":"string","format":"uri"},"type":"array","description":"Constraints: items unique."},` +
			`"level":{"type":"integer","enum":[1,2],"description":"How deep"},` +
			`"at":{"properties":{"city":{"type":"string","description":"Constraints: for example \"Lyon\", \"Oslo\"."}},"additionalProperties":false,"type":"object","description":"Where."}},` +
			`"additionalProperties":false,"type":"object","required":["q","level"]}`,
	}
	for d, w := range want {
		got, err := Schema(d, []byte(standard))
		if err != nil {
			t.Fatalf("dialect %d: %v", d, err)
		}
		if string(got) != w {
			t.Errorf("dialect %d:\n got %s\nwant %s", d, got, w)
		}
	}
	// Gemini keeps lengths, bounds and defaults, and takes an example in
	// OpenAPI's own keyword, which Schema leaves to toolgen.
	if _, err := Schema(Gemini, []byte(standard)); err == nil {
		t.Error("Gemini derived a schema with examples")
	}
	const plain = `{"properties":{` +
		`"q":{"type":"string","maxLength":5,"description":"Q."},` +
		`"n":{"type":"integer","minimum":1,"default":3},` +
		`"tags":{"items":{"type":"string","format":"uri"},"type":"array","uniqueItems":true},` +
		`"level":{"type":"integer","enum":[1,2],"description":"How deep\n- first\n- second"}},` +
		`"additionalProperties":false,"type":"object","required":["q","level"]}`
	const gemini = `{"properties":{` +
		`"q":{"type":"string","maxLength":5,"description":"Q."},` +
		`"n":{"type":"integer","minimum":1,"default":3},` +
		`"tags":{"items":{"type":"string"},"type":"array","description":"Constraints: items unique; each item: format uri."},` +
		`"level":{"type":"integer","description":"How deep\n- first\n- second\nConstraints: one of 1, 2."}},` +
		`"type":"object","required":["q","level"]}`
	got, err := Schema(Gemini, []byte(plain))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != gemini {
		t.Errorf("Gemini:\n got %s\nwant %s", got, gemini)
	}
}

// TestSchemaGeminiEmptyEnum: Gemini refuses the whole request for an
// empty string among an enum's values; its schema lists the others, and
// says "" in the description.
func TestSchemaGeminiEmptyEnum(t *testing.T) {
	const standard = `{"properties":{` +
		`"effort":{"type":"string","enum":["","lo","hi"],"description":"Effort."},` +
		`"only":{"type":"string","enum":[""]},` +
		`"tags":{"items":{"type":"string","enum":["a",""]},"type":"array"}},` +
		`"additionalProperties":false,"type":"object"}`
	const want = `{"properties":{` +
		`"effort":{"type":"string","enum":["lo","hi"],"description":"Effort. Constraints: also \"\" (empty)."},` +
		`"only":{"type":"string","description":"Constraints: also \"\" (empty)."},` +
		`"tags":{"items":{"type":"string","enum":["a"]},"type":"array","description":"Constraints: each item: also \"\" (empty)."}},` +
		`"type":"object"}`
	got, err := Schema(Gemini, []byte(standard))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("Gemini:\n got %s\nwant %s", got, want)
	}
	for _, d := range []int{OpenAI, Anthropic} {
		if got, err := Schema(d, []byte(standard)); err != nil || !strings.Contains(string(got), `"enum":["","lo","hi"]`) {
			t.Errorf("dialect %d: %s, %v; want the enum whole", d, got, err)
		}
	}
}

// TestSchemaNoArguments derives the schemas of a tool that takes no
// arguments, as toolgen builds them.
func TestSchemaNoArguments(t *testing.T) {
	const standard = `{"properties":{},"additionalProperties":false,"type":"object"}`
	for d, want := range map[int]string{
		OpenAI:    standard,
		Gemini:    `{"properties":{},"type":"object"}`,
		Anthropic: standard,
	} {
		got, err := Schema(d, []byte(standard))
		if err != nil || string(got) != want {
			t.Errorf("dialect %d: %s, %v; want %s", d, got, err, want)
		}
	}
}

// TestSchemaRefuses lists shapes Schema leaves to toolgen: it must refuse
// them rather than derive what toolgen would not build.
func TestSchemaRefuses(t *testing.T) {
	for name, schema := range map[string]string{
		"not JSON":                `{"properties":`,
		"not an object":           `[]`,
		"text after":              `{"properties":{"a":{"type":"string"}},"additionalProperties":false,"type":"object"} {}`,
		"required groups":         `{"properties":{"a":{"type":"string"}},"additionalProperties":false,"type":"object","oneOf":[{"required":["a"]}]}`,
		"no properties inside":    `{"properties":{"a":{"properties":{},"additionalProperties":false,"type":"object"}},"additionalProperties":false,"type":"object"}`,
		"no properties, required": `{"properties":{},"additionalProperties":false,"type":"object","required":[]}`,
		"open object":             `{"properties":{"a":{"type":"string"}},"type":"object"}`,
		"a union":                 `{"properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]}},"additionalProperties":false,"type":"object"}`,
		"a reference":             `{"properties":{"a":{"$ref":"#/$defs/A"}},"additionalProperties":false,"type":"object","$defs":{"A":{"type":"object"}}}`,
		"a map":                   `{"properties":{"a":{"type":"object","additionalProperties":{"type":"string"}}},"additionalProperties":false,"type":"object"}`,
		"any value":               `{"properties":{"a":true},"additionalProperties":false,"type":"object"}`,
		"untyped":                 `{"properties":{"a":{}},"additionalProperties":false,"type":"object"}`,
		"readOnly":                `{"properties":{"a":{"type":"string","readOnly":true}},"additionalProperties":false,"type":"object"}`,
		"an extra":                `{"properties":{"a":{"type":"string","x-unit":"m"}},"additionalProperties":false,"type":"object"}`,
		"items of anything":       `{"properties":{"a":{"type":"array","items":true}},"additionalProperties":false,"type":"object"}`,
		"required, a number":      `{"properties":{"a":{"type":"string"}},"additionalProperties":false,"type":"object","required":[1]}`,
		"required twice":          `{"properties":{"a":{"type":"string"}},"additionalProperties":false,"type":"object","required":["a","a"]}`,
		"a key twice":             `{"properties":{"a":{"type":"string"}},"additionalProperties":false,"additionalProperties":true,"type":"object"}`,
		"a property twice":        `{"properties":{"a":{"type":"string"},"a":{"type":"integer"}},"additionalProperties":false,"type":"object"}`,
		"a length in e":           `{"properties":{"a":{"type":"string","maxLength":1e400}},"additionalProperties":false,"type":"object"}`,
		"a fraction":              `{"properties":{"a":{"type":"string","maxLength":2.9}},"additionalProperties":false,"type":"object"}`,
		"a negative count":        `{"properties":{"a":{"type":"array","items":{"type":"string"},"maxItems":-0}},"additionalProperties":false,"type":"object"}`,
		"a length in words":       `{"properties":{"a":{"type":"string","maxLength":"ten"}},"additionalProperties":false,"type":"object"}`,
		"a format number":         `{"properties":{"a":{"type":"string","format":5}},"additionalProperties":false,"type":"object"}`,
		"a description number":    `{"properties":{"a":{"type":"string","description":5}},"additionalProperties":false,"type":"object"}`,
		"too deep":                `{"properties":{"a":` + strings.Repeat(`{"type":"array","items":`, 70) + `{"type":"string"}` + strings.Repeat(`}`, 70) + `},"additionalProperties":false,"type":"object"}`,
	} {
		for _, d := range []int{OpenAI, Gemini, Anthropic} {
			if got, err := Schema(d, []byte(schema)); err == nil {
				t.Errorf("%s, dialect %d: derived %s", name, d, got)
			}
		}
	}
	if _, err := Schema(Standard, []byte(`{}`)); err == nil {
		t.Error("derived the standard dialect")
	}
}

// TestSchemaLarge derives a schema of 40,000 properties, each required:
// work linear in the schema (a list of required names searched for each
// property took 3 s).
func TestSchemaLarge(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"properties":{`)
	var required []string
	for i := range 40000 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"p%d":{"type":"string","maxLength":%d}`, i, i)
		required = append(required, fmt.Sprintf(`"p%d"`, i))
	}
	b.WriteString(`},"additionalProperties":false,"type":"object","required":[` + strings.Join(required, ",") + `]}`)
	got, err := Schema(Anthropic, []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), `"p39999":{"type":"string","description":"Constraints: at most 39999 characters."}`) {
		t.Errorf("the last property: %s", got[len(got)-200:])
	}
}

// FuzzSchema checks that no schema makes Schema panic (a hand-made Info
// may list Derived for any Parameters), and that what it derives is JSON.
func FuzzSchema(f *testing.F) {
	f.Add(`{"properties":{"q":{"type":"string","maxLength":5,"description":"Q."},"n":{"type":"integer","minimum":1,"default":3}},"additionalProperties":false,"type":"object","required":["q"]}`, 1)
	f.Add(`{"properties":{"t":{"items":{"items":{"type":"number","multipleOf":0.5},"type":"array"},"type":"array","minItems":1}},"additionalProperties":false,"type":"object"}`, 2)
	f.Add(`{"properties":{"a":{"type":"boolean","uniqueItems":false}},"additionalProperties":false,"type":"object"}`, 3)
	f.Fuzz(func(t *testing.T, schema string, d int) {
		d = 1 + (d%3+3)%3
		got, err := Schema(d, []byte(schema))
		if err == nil && !json.Valid(got) {
			t.Errorf("derived %s, which is not JSON", got)
		}
	})
}

// BenchmarkSchema derives the OpenAI schema of a tool of bench/synth's
// shape (five properties, a nested object, an enum, a list): what the
// runtime pays, once per tool and dialect, the first time it is asked.
func BenchmarkSchema(b *testing.B) {
	standard := []byte(`{"properties":{` +
		`"text":{"type":"string","maxLength":200,"minLength":1,"description":"Text to search for in the records of set 0."},` +
		`"limit":{"type":"integer","maximum":50,"minimum":1,"description":"Limit is the largest number of records of set 0 to return.","default":10},` +
		`"kind":{"type":"string","enum":["order","invoice","refund"],"description":"Kind of the records of set 0 to look for. Values: \"order\": an order placed by a customer of set 0; \"invoice\": an invoice sent to a customer of set 0; \"refund\": money paid back to a customer of set 0."},` +
		`"place":{"properties":{` +
		`"city":{"type":"string","maxLength":80,"minLength":1,"description":"City is the name of the city where a record of set 0 was made, such as \"Lyon\"."},` +
		`"zip":{"type":"string","pattern":"^[0-9]{5}$","description":"Zip is the postal code of that place in set 0, five digits."}},` +
		`"additionalProperties":false,"type":"object","required":["city"],"description":"Place restricts the search in set 0 to one place."},` +
		`"tags":{"items":{"type":"string"},"type":"array","maxItems":10,"description":"Tags the records of set 0 must all have."}},` +
		`"additionalProperties":false,"type":"object","required":["text","kind","place"]}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Schema(OpenAI, standard); err != nil {
			b.Fatal(err)
		}
	}
}
