// Package bench compares toolgen with the libraries Go developers use
// today. It is its own module, so the peers never enter toolgen's.
package bench

import (
	"encoding/json"
	"reflect"
	"testing"

	googleschema "github.com/google/jsonschema-go/jsonschema"
	"github.com/invopop/jsonschema"
	"github.com/toolgen-go/toolgen/bench/defs"
	"github.com/toolgen-go/toolgen/runtime"
)

// The Definitions benchmarks list 100 tools for a model, the way each
// library would: toolgen hands out schemas it computed at generate time;
// the peers reflect over the argument types and marshal the result.

func BenchmarkDefinitions100(b *testing.B) {
	b.Run("toolgen", func(b *testing.B) {
		reg := runtime.NewRegistry(nil)
		if err := reg.Register(defs.Tools()...); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if len(reg.Definitions()) != 100 {
				b.Fatal("not 100 tools")
			}
		}
	})
	b.Run("toolgen-openai", func(b *testing.B) {
		reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
		if err := reg.Register(defs.Tools()...); err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if len(reg.Definitions()) != 100 {
				b.Fatal("not 100 tools")
			}
		}
	})
	b.Run("invopop-Reflector", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			r := &jsonschema.Reflector{}
			for _, v := range defs.Values {
				if _, err := json.Marshal(r.Reflect(v)); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
	b.Run("google-jsonschema-go-For", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, v := range defs.PlainValues {
				s, err := googleschema.ForType(reflect.TypeOf(v), nil)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := json.Marshal(s); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}

// TestDefinitionsAllocations proves the claim the benchmark measures:
// listing 100 tools costs at most one allocation per tool (it is one in
// all), and a tool's schema in any dialect costs none.
func TestDefinitionsAllocations(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(defs.Tools()...); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { _ = reg.Definitions() }); n > 100 {
		t.Errorf("Definitions of 100 tools: %v allocations", n)
	} else {
		t.Logf("Definitions of 100 tools: %v allocations", n)
	}
	info := defs.Tools()[0].Info()
	if n := testing.AllocsPerRun(100, func() {
		for d := runtime.Standard; d <= runtime.Anthropic; d++ {
			_ = info.ParametersFor(d)
		}
	}); n != 0 {
		t.Errorf("ParametersFor: %v allocations", n)
	}
}
