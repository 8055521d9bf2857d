package degrade

import (
	"bytes"
	"context"
	"testing"

	"github.com/toolgen-go/toolgen/internal/schematest"
	"github.com/toolgen-go/toolgen/runtime"
)

// TestDifferential checks the generated decoders against a reference JSON
// Schema validator and against encoding/json, over at least 10,000
// generated and mutated documents per tool.
func TestDifferential(t *testing.T) {
	targets := map[string]schematest.Target{
		"use":   schematest.For(decodeIn),
		"tag":   schematest.ForPaths(fastTagArgs, decodeTagArgs),
		"walk":  schematest.For(decodeNode),
		"plain": schematest.ForPaths(fastPlainArgs, decodePlainArgs),
	}
	for _, tool := range Tools() {
		info := tool.Info()
		checked, valid := schematest.Check(t, info.Name, info.Parameters, 10000, targets[info.Name])
		t.Logf("%s: %d documents, %d valid", info.Name, checked, valid)
	}
}

// A degraded dialect holds the standard schema, the same bytes, and is not
// strict; the others are.
func TestStrict(t *testing.T) {
	want := map[string][]runtime.Dialect{ // the strict dialects
		"use":   {},
		"tag":   {},
		"walk":  {runtime.Anthropic},
		"plain": {runtime.OpenAI, runtime.Gemini, runtime.Anthropic},
	}
	for _, tool := range Tools() {
		info := tool.Info()
		strict := map[runtime.Dialect]bool{}
		for _, d := range want[info.Name] {
			strict[d] = true
		}
		for _, d := range []runtime.Dialect{runtime.Standard, runtime.OpenAI, runtime.Gemini, runtime.Anthropic} {
			if got := info.Strict(d); got != strict[d] {
				t.Errorf("%s: Strict(%s) = %v, want %v", info.Name, d, got, strict[d])
			}
			params := info.ParametersFor(d)
			if d == runtime.OpenAI && info.Name == "walk" {
				if params != nil {
					t.Errorf("walk: omit=openai, but it has an OpenAI schema")
				}
				continue
			}
			if params == nil {
				t.Errorf("%s: no %s schema", info.Name, d)
				continue
			}
			same := &params[0] == &info.Parameters[0]
			if d != runtime.Standard && same == strict[d] {
				t.Errorf("%s (%s): strict %v, but the standard schema's bytes %v", info.Name, d, strict[d], same)
			}
		}
	}
}

// A registry in a dialect lists a degraded tool with its standard schema,
// and in the OpenAI dialect still takes null for an optional field.
func TestRegistry(t *testing.T) {
	for _, d := range []runtime.Dialect{runtime.OpenAI, runtime.Gemini} {
		reg := runtime.NewRegistry(&runtime.Settings{Dialect: d})
		if err := reg.Register(Tools()...); err != nil {
			t.Fatal(err)
		}
		listed := map[string]bool{}
		for _, def := range reg.Definitions() {
			listed[def.Name] = true
			tool, _ := reg.Lookup(def.Name)
			info := tool.Info()
			if info.Strict(d) == bytes.Equal(def.Parameters, info.Parameters) && def.Name != "plain" {
				t.Errorf("%s (%s): strict %v, listed with the standard schema %v", def.Name, d, info.Strict(d), !info.Strict(d))
			}
		}
		if listed["walk"] != (d != runtime.OpenAI) || !listed["use"] {
			t.Errorf("%s: listed %v", d, listed)
		}
		args := `{"labels":{"a":1},"any":[1,"x"],"tree":{"name":"a","next":{"name":"b"}}}`
		if d == runtime.OpenAI {
			// harmless for a tool sent non-strict, which may leave it out
			args = `{"labels":{"a":1},"any":[1,"x"],"tree":{"name":"a","next":{"name":"b","next":null}}}`
		}
		res, err := reg.Execute(context.Background(), "use", []byte(args))
		if err != nil || !res.Success || res.Output != "3" {
			t.Errorf("%s: use: %+v, %v", d, res, err)
		}
	}
}
