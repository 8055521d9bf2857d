package runtime_test

import (
	"context"
	"encoding/json"
	"testing"

	. "github.com/toolgen-go/toolgen/runtime"
)

// constant is a tool that does no work: a Call method, as generated tools
// have, returning a Result that costs nothing, so that what a benchmark
// of it measures is the registry's own work.
type constant struct{}

var constantInfo = Info{Name: "constant", Description: "Returns a constant.", Parameters: json.RawMessage(`{"type":"object"}`)}

func (constant) Info() *Info { return &constantInfo }

func (c constant) Invoke(ctx context.Context, args json.RawMessage) (Result, error) {
	return c.Call(ctx, nil, args, nil)
}

func (constant) Call(ctx context.Context, s *Settings, args json.RawMessage, _ func(Chunk)) (Result, error) {
	return Result{Success: true, Structured: true, Output: `{"n":1}`}, nil
}

// BenchmarkRegistryOverhead measures what Registry.Execute adds to a
// tool's own Call: the lookup, the checks, the panic guard, the copies of
// the Result.
func BenchmarkRegistryOverhead(b *testing.B) {
	r := NewRegistry(nil)
	if err := r.Register(constant{}); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	args := json.RawMessage(`{}`)
	b.Run("call", func(b *testing.B) {
		var s Settings
		b.ReportAllocs()
		for b.Loop() {
			if res, _ := (constant{}).Call(ctx, &s, args, nil); !res.Success {
				b.Fatal(res.Error)
			}
		}
	})
	b.Run("execute", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if res, _ := r.Execute(ctx, "constant", args); !res.Success {
				b.Fatal(res.Error)
			}
		}
	})
}
