package attacktest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

// panicCase is a call that panics somewhere on the call path.
type panicCase struct {
	name string
	tool string
	args string
	// approver is the registry's approver (and the settings' for Call).
	approver runtime.Approver
	// emitPanics makes emit panic: the case runs only through the entry
	// points that take emit.
	emitPanics bool
	// needsSettings: the panic happens only with a registry's settings
	// (the approver), so the tool's own Invoke and Stream are not entry
	// points for it.
	needsSettings bool
}

func panickyApprover(ctx context.Context, c runtime.Call) (bool, error) {
	panic("the approver panicked")
}

var panicCases = []panicCase{
	{name: "argument UnmarshalJSON", tool: "hostile_args", args: `{"j":"boom"}`},
	{name: "argument UnmarshalText", tool: "hostile_args", args: `{"t":"boom"}`},
	{name: "map key UnmarshalText", tool: "hostile_args", args: `{"k":{"a":1,"boom":2}}`},
	{name: "Approver", tool: "confirm_op", args: `{"what":"x"}`, approver: panickyApprover, needsSettings: true},
	{name: "tool function", tool: "explode", args: `{}`},
	{name: "tool function under a timeout", tool: "explode_timed", args: `{}`},
	{name: "result MarshalJSON", tool: "bad_result", args: `{}`},
	{name: "result MarshalJSON under a timeout", tool: "bad_result_timed", args: `{}`},
	{name: "field MarshalJSON in a generated encoder", tool: "bad_nested", args: `{}`},
	{name: "streamable iterator", tool: "stream_boom", args: `{}`},
	{name: "emit of a streamable tool", tool: "stream_words", args: `{"n":3}`, emitPanics: true},
	{name: "emit of an invokable tool", tool: "add", args: `{"a":1,"b":2}`, emitPanics: true},
}

// TestPanics sends a call that panics in each place a model's bytes can
// reach (an argument type's UnmarshalJSON or UnmarshalText, a map key's
// UnmarshalText, the approver, the tool's function, the result's
// MarshalJSON, a streamable tool's iterator, ExecuteStream's emit) through
// each entry point (Execute, ExecuteAll, ExecuteStream, the tool's own
// Invoke and Stream, and its generated Call with a registry's settings).
// Each must come back as a failed Result whose Err is a *runtime.PanicError
// with a stack, with a nil Go error; in ExecuteAll, the other calls of
// the turn still get their results.
func TestPanics(t *testing.T) {
	ctx := context.Background()
	noEmit := func(runtime.Chunk) {}
	boomEmit := func(c runtime.Chunk) { panic(fmt.Sprintf("emit panicked at chunk %q", c.Text)) }
	for _, c := range panicCases {
		t.Run(c.name, func(t *testing.T) {
			reg := newRegistry(t, nil, &runtime.Settings{Approver: c.approver})
			emit := noEmit
			if c.emitPanics {
				emit = boomEmit
			}
			args := json.RawMessage(c.args)
			tl := tool(t, c.tool)

			if !c.emitPanics {
				res, err := reg.Execute(ctx, c.tool, args)
				wantPanic(t, "Execute", res, err)
				wantBlame(t, "Execute", res, c.approver != nil)

				calls := []runtime.Call{
					{Name: "add", Args: json.RawMessage(`{"a":1,"b":2}`)},
					{Name: c.tool, Args: args},
					{Name: "echo", Args: json.RawMessage(`{"text":"still here"}`)},
					{Name: c.tool, Args: args},
				}
				results, err := reg.ExecuteAll(ctx, calls)
				if len(results) != len(calls) {
					t.Fatalf("ExecuteAll: %d results for %d calls", len(results), len(calls))
				}
				wantPanic(t, "ExecuteAll[1]", &results[1], err)
				wantPanic(t, "ExecuteAll[3]", &results[3], err)
				if !results[0].Success || results[0].Output != "3" {
					t.Errorf("ExecuteAll[0], a good call beside the panic: %+v", results[0])
				}
				if !results[2].Success || results[2].Output != "still here" {
					t.Errorf("ExecuteAll[2], a good call beside the panic: %+v", results[2])
				}

				if !c.needsSettings {
					res, err := tl.(runtime.InvokableTool).Invoke(ctx, args)
					wantPanic(t, "Invoke", &res, err)
				}
			}

			res, err := reg.ExecuteStream(ctx, c.tool, args, emit)
			wantPanic(t, "ExecuteStream", res, err)
			wantBlame(t, "ExecuteStream", res, c.approver != nil)

			if s, ok := tl.(runtime.StreamableTool); ok && !c.needsSettings {
				res, err := s.Stream(ctx, args, emit)
				wantPanic(t, "Stream", &res, err)
			}

			settings := runtime.Settings{Approver: c.approver}
			if c.emitPanics {
				if _, ok := tl.(runtime.StreamableTool); ok {
					// Only a streamable tool's Call hands chunks to emit;
					// an invokable tool's ignores it (the registry emits).
					res, err := tl.(caller).Call(ctx, &settings, args, emit)
					wantPanic(t, "Call", &res, err)
				}
			} else {
				res, err := tl.(caller).Call(ctx, &settings, args, nil)
				wantPanic(t, "Call", &res, err)
				wantBlame(t, "Call", &res, c.approver != nil)
			}
		})
	}
}

// TestPanicThenHealthy checks that after every panic above the registry
// still serves calls: a panic leaves no lock held and no state broken.
func TestPanicThenHealthy(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t, nil, &runtime.Settings{Approver: panickyApprover})
	for _, c := range panicCases {
		reg.ExecuteStream(ctx, c.tool, json.RawMessage(c.args), func(runtime.Chunk) { panic("x") })
		reg.Execute(ctx, c.tool, json.RawMessage(c.args))
	}
	res, err := reg.Execute(ctx, "echo", json.RawMessage(`{"text":"alive"}`))
	if err != nil || !res.Success || res.Output != "alive" {
		t.Fatalf("after the panics: %+v %v", res, err)
	}
	if got := reg.Definitions(); len(got) != len(Tools(&Nest{})) {
		t.Errorf("Definitions lists %d tools", len(got))
	}
	// The hostile types take other values as usual.
	res, _ = reg.Execute(ctx, "hostile_args", json.RawMessage(`{"j":"a","t":"b","k":{"c":1}}`))
	if !res.Success {
		t.Errorf("hostile_args with harmless values: %+v", res)
	}
	if res, _ := reg.Execute(ctx, "hostile_args", json.RawMessage(`{"j":"boom"}`)); !strings.Contains(res.Error, "internal error") {
		t.Errorf("a decoding panic's text for the model: %q", res.Error)
	}
}
