package gen

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestSchemasPassLinters lints every schema of every tool in the examples
// and the golden cases, in every dialect, and compiles the standard one
// with a reference JSON Schema 2020-12 implementation.
func TestSchemasPassLinters(t *testing.T) {
	ok, _ := goldenCases(t)
	patterns := []string{"../examples/..."}
	for _, c := range ok {
		patterns = append(patterns, "./"+filepath.ToSlash(filepath.Join(goldenRoot, c))+"/...")
	}
	files, err := Generate(context.Background(), Config{Patterns: patterns})
	if err != nil {
		t.Fatal(err)
	}
	count := 0
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
		{Gemini, `{"type":"object","properties":{},"additionalProperties":false}`, `#: Gemini does not accept additionalProperties`},
		{Anthropic, `{"type":"object","properties":{"a":{"type":"integer","minimum":1}}}`, `#/properties/a: keyword "minimum" is not accepted by Anthropic strict mode`},
		{Standard, `{"type":"array"}`, `#: the root must be an object schema with type object`},
		{Standard, `{"$schema":"x","type":"object"}`, `#: $schema costs tokens and says nothing to the model`},
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
