package gen

import (
	"bytes"
	"slices"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestSchemasPassLinters lints every schema of every tool in the examples
// and the golden cases, in every dialect, and compiles the standard one
// with a reference JSON Schema 2020-12 implementation.
func TestSchemasPassLinters(t *testing.T) {
	files := generateCorpus(t)
	count, degraded := 0, 0
	for _, f := range files {
		for _, tool := range f.tools {
			for d := range numDialects {
				schema := tool.Schemas[d]
				if schema == nil {
					if !tool.Options.Omit[d] {
						t.Errorf("%s: no %s schema", tool.Name, d)
					}
					continue
				}
				count++
				if tool.Degraded[d] {
					// Sent non-strict, with the standard schema, which the
					// dialect's strict form rejects (or it would not have
					// degraded).
					degraded++
					if &schema[0] != &tool.Schemas[Standard][0] {
						t.Errorf("%s (%s): degraded, but not the standard schema's bytes", tool.Name, d)
					}
					for _, p := range LintNonStrict(d, schema) {
						t.Errorf("%s (%s, non-strict): %s\n%s", tool.Name, d, p, schema)
					}
					if len(Lint(d, schema)) == 0 {
						t.Errorf("%s (%s): degraded, but its schema passes the strict linter", tool.Name, d)
					}
					continue
				}
				for _, p := range Lint(d, schema) {
					t.Errorf("%s (%s): %s\n%s", tool.Name, d, p, schema)
				}
			}
			compileStandard(t, tool.Name, tool.Schemas[Standard])
		}
	}
	if count < 40 {
		t.Errorf("linted only %d schemas", count)
	}
	if degraded < 4 {
		t.Errorf("linted only %d degraded schemas; the degrade case has 4", degraded)
	}
}

func compileStandard(t *testing.T, name string, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("mem://"+name+".json", doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := c.Compile("mem://" + name + ".json")
	if err != nil {
		t.Errorf("%s: the standard schema does not compile: %v", name, err)
	}
	return s
}

// The linters catch what each provider rejects.
func TestLintCatches(t *testing.T) {
	for _, c := range []struct {
		d      Dialect
		schema string
		want   string
	}{
		{OpenAI, `{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`, `#: property "a" is not required; OpenAI strict mode needs every property required`},
		{OpenAI, `{"type":"object","properties":{"a":{"type":"string","default":"x"}},"required":["a"],"additionalProperties":false}`, `#/properties/a: keyword "default" is not accepted by OpenAI strict mode`},
		{OpenAI, `{"type":"object","additionalProperties":false}`, `#: an object without properties is rejected by OpenAI strict mode`},
		{Gemini, `{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string"}}}`, `#: keyword "$defs" is not accepted by Gemini`},
		{Gemini, `{"type":"object","properties":{"a":{"type":"integer","enum":[1,2]}}}`, `#/properties/a: enum values must be strings of a string schema in Gemini`},
		{Gemini, `{"type":"object","properties":{"a":{"type":"string","enum":["x",""]}}}`, `#/properties/a: an empty string among the enum values is rejected by Gemini`},
		{Gemini, `{"type":"object","properties":{},"additionalProperties":false}`, `#: Gemini does not accept additionalProperties`},
		{Anthropic, `{"type":"object","properties":{"a":{"type":"integer","minimum":1}}}`, `#/properties/a: keyword "minimum" is not accepted by Anthropic strict mode`},
		{Standard, `{"type":"array"}`, `#: the root must be an object schema with type object`},
		{OpenAI, `{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"array"}]}},"required":["a"],"additionalProperties":false}`, `#/properties/a/anyOf/1: an array without items; OpenAI strict mode needs the type of its items`},
		{Gemini, `{"type":"object","properties":{"a":{"type":"array"}}}`, `#/properties/a: an array without items; Gemini needs the type of its items`},
		{Gemini, `{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"object"}]}}}`, `#/properties/a/anyOf/1: an object without properties is rejected by Gemini`},
		{Standard, `{"$schema":"x","type":"object"}`, `#: $schema costs tokens and says nothing to the model`},
		// A type or null gets the type's checks.
		{OpenAI, `{"type":"object","properties":{"a":{"type":["object","null"],"properties":{"b":{"type":"string"}}}},"required":["a"],"additionalProperties":false}`, `#/properties/a: every object needs additionalProperties: false in OpenAI strict mode`},
		{OpenAI, `{"type":"object","properties":{"a":{"type":["array","null"]}},"required":["a"],"additionalProperties":false}`, `#/properties/a: an array without items; OpenAI strict mode needs the type of its items`},
	} {
		problems := Lint(c.d, []byte(c.schema))
		found := false
		for _, p := range problems {
			found = found || p == c.want
		}
		if !found {
			t.Errorf("%s %s: got %q, want %q", c.d, c.schema, problems, c.want)
		}
	}
}

// A tool degraded in a dialect is sent non-strict, with its standard
// schema: OpenAI without strict mode and Gemini's parametersJsonSchema take
// what their strict forms reject, but the root must still be an object.
func TestLintNonStrict(t *testing.T) {
	// A map, any value and a recursive type: what degrades.
	const standard = `{"$defs":{"Node":{"type":"object","properties":{"next":{"$ref":"#/$defs/Node"}},"additionalProperties":false}},` +
		`"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"integer"}},"any":true,"tree":{"$ref":"#/$defs/Node"}},` +
		`"required":["labels"],"additionalProperties":false}`
	for _, d := range []Dialect{OpenAI, Gemini, Anthropic} {
		if problems := LintNonStrict(d, []byte(standard)); len(problems) > 0 {
			t.Errorf("%s non-strict: %q", d, problems)
		}
	}
	for _, d := range []Dialect{OpenAI, Gemini} {
		if len(Lint(d, []byte(standard))) == 0 {
			t.Errorf("%s strict takes the standard schema of a map, any value and recursive type", d)
		}
	}
	for _, c := range []struct {
		schema, want string
	}{
		{`{"type":"array"}`, `#: the root must be an object schema with type object`},
		{`{"$id":"x","type":"object"}`, `#: $id costs tokens and says nothing to the model`},
		{`{"type":"object","properties":{"a":{"type":"string"}},"required":["b"]}`, `#: required names "b", which is not a property`},
		{`{"type":"object","properties":{"a":{"$ref":"#/definitions/A"}}}`, `#/properties/a: $ref "#/definitions/A" does not point into $defs`},
	} {
		for _, d := range []Dialect{OpenAI, Gemini} {
			problems := LintNonStrict(d, []byte(c.schema))
			if !slices.Contains(problems, c.want) {
				t.Errorf("%s non-strict %s: got %q, want %q", d, c.schema, problems, c.want)
			}
		}
	}
}

// TestRequirednessWord: the words a description starts with to say a
// field is required or optional, as go-sdk descriptions and protobuf
// comments write them, and the sentences that are no such marker.
func TestRequirednessWord(t *testing.T) {
	for desc, want := range map[string]string{
		"required,The ID of the zone":        "required",
		"Required. The query":                "required",
		"(required) The instance":            "required",
		"[Required] name":                    "required",
		"required: the name":                 "required",
		"Required - the name":                "required",
		"Required":                           "required",
		"optional,Unified path":              "optional",
		"Optional. Max users to return":      "optional",
		"(optional) language code":           "optional",
		"optional — the tag":                 "optional",
		"optional,返回结果数量":                    "optional",
		"Required if queryType is 'range'":   "",
		"Optional fields to return":          "",
		"requirements of the build":          "",
		"The end time. Required if range":    "",
		"":                                   "",
		"optionally, the start of the range": "",
	} {
		if got := requirednessWord(desc); got != want {
			t.Errorf("requirednessWord(%q) = %q, want %q", desc, got, want)
		}
	}
}
