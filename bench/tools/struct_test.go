package tools

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"reflect"
	"testing"
	"time"

	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/toolgen-go/toolgen/runtime"
)

// The struct benchmarks run tools in the shapes real tools have: a struct
// result (encoded to JSON for the model), plain parameters, a timeout. Each
// is called through toolgen's Invoke, through a Registry holding all the
// tools, and through Eino's InferTool over the same Go function with the
// same argument bytes (Eino's string output is its encoding of the result);
// a tool with a timeout also through Eino wrapped in the same deadline, as
// a program gives an Eino tool one.

var (
	lookupArgs    = []byte(`{"id":"A-1042","quantity":3,"paid":true}`)
	weekArgs      = []byte(`{"city":"Paris","start":"2025-06-02"}`)
	quoteCallArgs = []byte(`{"symbol":"ACME","qty":40}`)
)

// quoteIn is Quote's parameters as the struct Eino's InferTool needs.
type quoteIn struct {
	Symbol string `json:"symbol"`
	Qty    int    `json:"qty"`
}

func quoteStruct(ctx context.Context, in quoteIn) (QuoteResult, error) {
	return Quote(ctx, in.Symbol, in.Qty)
}

// registries are the registries holding all the bench tools that
// BenchmarkCall goes through: plain, with a middleware that does nothing
// but call on, and with runtime.LogCalls writing JSON records to
// io.Discard (the cost of a production log but for its I/O).
type registries struct{ plain, noop, slog *runtime.Registry }

func newRegistries(tb testing.TB) registries {
	noop := func(next runtime.Handler) runtime.Handler {
		return func(ctx context.Context, call runtime.Call) (runtime.Result, error) { return next(ctx, call) }
	}
	logged := runtime.LogCalls(slog.New(slog.NewJSONHandler(io.Discard, nil)), 0)
	regs := registries{
		plain: runtime.NewRegistry(nil),
		noop:  runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{noop}}),
		slog:  runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{logged}}),
	}
	for _, reg := range []*runtime.Registry{regs.plain, regs.noop, regs.slog} {
		if err := reg.Register(Tools()...); err != nil {
			tb.Fatal(err)
		}
	}
	return regs
}

// structPeers returns the ways of calling the tool name, whose function is
// fn (taking In as Eino needs it); with a deadline, also Eino under it;
// without, also the registries with middleware, and fn alone with in,
// the arguments decoded beforehand (functionOnly).
func structPeers[In, Out any](tb testing.TB, regs registries, name string, fn func(context.Context, In) (Out, error), deadline time.Duration, in In) map[string]caller {
	reg := regs.plain
	ctx := context.Background()
	inv := toolNamed(tb, name).(runtime.InvokableTool)
	einoTool, err := utils.InferTool(name, "A tool.", fn)
	if err != nil {
		tb.Fatal(err)
	}
	out := map[string]caller{
		"toolgen": func(args []byte) (string, bool) {
			res, err := inv.Invoke(ctx, args)
			return res.Output, err == nil && res.Success
		},
		"toolgen-registry": func(args []byte) (string, bool) {
			res, err := reg.Execute(ctx, name, args)
			return res.Output, err == nil && res.Success
		},
		"eino-InferTool": func(args []byte) (string, bool) {
			s, err := einoTool.InvokableRun(ctx, string(args))
			return s, err == nil
		},
	}
	if deadline > 0 {
		out["eino-deadline"] = func(args []byte) (string, bool) {
			ctx, cancel := context.WithTimeout(ctx, deadline)
			defer cancel()
			s, err := einoTool.InvokableRun(ctx, string(args))
			return s, err == nil
		}
		return out
	}
	out["toolgen-registry-noop-middleware"] = func(args []byte) (string, bool) {
		res, err := regs.noop.Execute(ctx, name, args)
		return res.Output, err == nil && res.Success
	}
	out["toolgen-registry-slog"] = func(args []byte) (string, bool) {
		res, err := regs.slog.Execute(ctx, name, args)
		return res.Output, err == nil && res.Success
	}
	var sink Out // keeps the result, so that the call is not optimized away
	out[functionOnly] = func([]byte) (string, bool) {
		v, err := fn(ctx, in)
		sink = v
		return "", err == nil
	}
	_ = sink
	return out
}

// functionOnly is the peer that calls the tool's Go function alone, its
// arguments decoded beforehand and its result not encoded: the part of
// every other row's time that is the tool's own, the same in all of them.
// It reads no arguments and writes no output, so only its success is
// checked.
const functionOnly = "function-only"

// structCases are BenchmarkCall's groups of tools with struct results.
func structCases(tb testing.TB) []callCase {
	reg := newRegistries(tb)
	ctx := context.Background()
	var q OrderQuery
	var w WeekQuery
	var p quoteIn
	for _, a := range []struct {
		data []byte
		v    any
	}{{lookupArgs, &q}, {weekArgs, &w}, {quoteCallArgs, &p}} {
		if err := json.Unmarshal(a.data, a.v); err != nil {
			tb.Fatal(err)
		}
	}
	return []callCase{
		{"lookup", lookupArgs, structPeers(tb, reg, "lookup", Lookup, 0, q), want(ctx, tb, Lookup, q)},
		{"week", weekArgs, structPeers(tb, reg, "week", Week, 0, w), want(ctx, tb, Week, w)},
		{"quote", quoteCallArgs, structPeers(tb, reg, "quote", quoteStruct, 0, p), want(ctx, tb, quoteStruct, p)},
		{"lookup-timeout", lookupArgs, structPeers(tb, reg, "lookup_timeout", LookupTimeout, 5*time.Second, q), want(ctx, tb, LookupTimeout, q)},
		{"ignorectx-timeout", lookupArgs, structPeers(tb, reg, "ignore_ctx", IgnoreCtx, 5*time.Second, q), want(ctx, tb, IgnoreCtx, q)},
	}
}

// want is fn's result for in, encoded by encoding/json.
func want[In, Out any](ctx context.Context, tb testing.TB, fn func(context.Context, In) (Out, error), in In) string {
	out, err := fn(ctx, in)
	if err != nil {
		tb.Fatal(err)
	}
	data, err := json.Marshal(out)
	if err != nil {
		tb.Fatal(err)
	}
	return string(data)
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(a, b string) bool {
	var va, vb any
	if json.Unmarshal([]byte(a), &va) != nil || json.Unmarshal([]byte(b), &vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// TestCallsAgree checks that every way of making each benchmarked call
// succeeds with the same result, and that toolgen rejects bad arguments to
// the struct tools (Eino validates nothing), so the benchmarks compare like
// with like.
func TestCallsAgree(t *testing.T) {
	bad := map[string][]byte{
		"lookup":            []byte(`{"id":"","quantity":0,"paid":true}`),
		"week":              []byte(`{"city":"Paris","start":"June 2nd, 2025"}`),
		"quote":             []byte(`{"symbol":"ACME"}`),
		"lookup-timeout":    []byte(`{"id":"A-1","quantity":1001,"paid":true}`),
		"ignorectx-timeout": []byte(`{"id":"A-1","quantity":3}`),
	}
	for _, c := range callCases(t) {
		for name, call := range c.peers {
			if err := check(call, c.args, c.wantOf(name)); err != nil {
				t.Errorf("%s/%s: %v", c.name, name, err)
			}
			if b, ok := bad[c.name]; ok && name != "eino-InferTool" && name != "eino-deadline" && name != functionOnly {
				if out, ok := call(b); ok {
					t.Errorf("%s/%s accepts %s: %s", c.name, name, b, out)
				}
			}
		}
	}
}
