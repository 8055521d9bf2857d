package attacktest

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

// TestCacheConcurrentIdentical makes 32 identical calls of cached_lookup
// (cache=1m, whose function takes 100 ms) at once: the function must run
// once, and every caller get its successful result.
func TestCacheConcurrentIdentical(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t, nil, nil)
	const callers = 32
	args := json.RawMessage(`{"key":"concurrent","delay":100}`)
	var start, done sync.WaitGroup
	start.Add(1)
	results := make([]*runtime.Result, callers)
	for i := range callers {
		done.Go(func() {
			start.Wait()
			results[i], _ = reg.Execute(ctx, "cached_lookup", args)
		})
	}
	start.Done()
	done.Wait()
	for i, res := range results {
		if res == nil || !res.Success || res.Output != `{"key":"concurrent","items":["a","b"],"tags":{"x":1}}` {
			t.Errorf("caller %d: %+v", i, res)
		}
	}
	if n := Runs("concurrent"); n != 1 {
		t.Errorf("%d identical concurrent calls ran the tool %d times, want 1", callers, n)
	}
}

// TestCacheMutation changes the Data of a cached call's Result (and of
// the chunk ExecuteStream hands emit), whether a Lookup or its JSON (a
// json.RawMessage, overwritten in place): the next caller of the same call
// must get the result as the tool returned it, not the change.
func TestCacheMutation(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t, nil, nil)
	args := json.RawMessage(`{"key":"mutation","delay":0}`)
	check := func(where string, res *runtime.Result) {
		t.Helper()
		if !res.Success {
			t.Fatalf("%s: %+v", where, res)
		}
		// A cached tool's Data is a json.RawMessage of the caller's own
		// (runtime.Cache's doc); a Lookup is taken too.
		var got Lookup
		switch d := res.Data.(type) {
		case Lookup:
			got = d
		case json.RawMessage:
			if err := json.Unmarshal(d, &got); err != nil {
				t.Errorf("%s: Data %q: %v", where, d, err)
				return
			}
		default:
			t.Errorf("%s: Data is a %T", where, res.Data)
			return
		}
		if len(got.Items) != 2 || got.Items[0] != "a" || got.Items[1] != "b" || len(got.Tags) != 1 || got.Tags["x"] != 1 {
			t.Errorf("%s: Data %+v, want the tool's own result {Items:[a b] Tags:map[x:1]}: a caller's change reached the next caller", where, got)
		}
		if res.Output != `{"key":"mutation","items":["a","b"],"tags":{"x":1}}` {
			t.Errorf("%s: Output %s", where, res.Output)
		}
	}
	first, _ := reg.Execute(ctx, "cached_lookup", args)
	check("first call", first)
	mutate := func(v any) {
		if raw, ok := v.(json.RawMessage); ok {
			copy(raw, `{"key":"changed by a caller","items":[],"tags":{}}`)
			return
		}
		l := v.(Lookup)
		l.Items[0] = "changed by a caller"
		l.Tags["x"] = 99
		l.Tags["added"] = 1
	}
	mutate(first.Data)
	second, _ := reg.Execute(ctx, "cached_lookup", args)
	check("second call, after the first caller changed its Data", second)
	mutate(second.Data)

	var chunk runtime.Chunk
	third, _ := reg.ExecuteStream(ctx, "cached_lookup", args, func(c runtime.Chunk) { chunk = c })
	check("ExecuteStream, after the second caller changed its Data", third)
	if chunk.Data != nil {
		mutate(chunk.Data)
	}
	fourth, _ := reg.Execute(ctx, "cached_lookup", args)
	check("fourth call, after an emit changed its chunk's Data", fourth)
	if n := Runs("mutation"); n != 1 {
		t.Errorf("the tool ran %d times, want 1 (the rest from the cache)", n)
	}
}
