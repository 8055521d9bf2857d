package attacktest

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
)

// TestNestedRegistries runs a tool of registry A (lenient, with an
// approver) that calls registry B (strict, no approver) from inside its
// function, and the reverse: each registry's settings reach its own tools
// only. B must refuse "5" for an int and refuse to run confirm_op for lack
// of an approver even when called from inside A's tool; A, called from
// inside B's tool, must stay lenient and keep asking its approver.
func TestNestedRegistries(t *testing.T) {
	ctx := context.Background()
	var asked atomic.Int64
	approver := func(ctx context.Context, c runtime.Call) (bool, error) {
		asked.Add(1)
		return true, nil
	}
	nestA, nestB := &Nest{}, &Nest{}
	a := newRegistry(t, nestA, &runtime.Settings{Lenient: true, Approver: approver})
	b := newRegistry(t, nestB, nil)
	nestA.Inner, nestB.Inner = b, a

	// Each registry on its own, for reference.
	if res, _ := a.Execute(ctx, "add", json.RawMessage(`{"a":"5","b":1}`)); !res.Success || res.Output != "6" {
		t.Fatalf("A (lenient) refused \"5\": %+v", res)
	}
	if res, _ := b.Execute(ctx, "add", json.RawMessage(`{"a":"5","b":1}`)); res.Success {
		t.Fatalf("B (strict) took \"5\": %+v", res)
	}
	if res, _ := b.Execute(ctx, "confirm_op", json.RawMessage(`{"what":"x"}`)); res.Success || !errors.Is(res.Err, runtime.ErrNoApprover) {
		t.Fatalf("B (no approver) ran confirm_op: %+v", res)
	}

	inner := func(reg *runtime.Registry, tool, args string) InnerResult {
		t.Helper()
		call, _ := json.Marshal(map[string]any{"tool": tool, "args": json.RawMessage(args)})
		res, err := reg.Execute(ctx, "call_inner", call)
		if err != nil || !res.Success {
			t.Fatalf("call_inner %s: %+v %v", call, res, err)
		}
		return res.Data.(InnerResult)
	}

	// A's tool calls B: B stays strict and without an approver.
	if got := inner(a, "add", `{"a":"5","b":1}`); got.Success || !strings.Contains(got.Error, `/a: must be an integer, got the string "5": send 5, without quotes`) {
		t.Errorf("B, called from A's tool, inherited A's leniency: %+v", got)
	}
	before := asked.Load()
	if got := inner(a, "confirm_op", `{"what":"x"}`); got.Success || !got.NoApprover {
		t.Errorf("B, called from A's tool, inherited A's approver: %+v", got)
	}
	if asked.Load() != before {
		t.Errorf("A's approver was asked about a call of B's tool")
	}

	// B's tool calls A: A stays lenient and asks its approver.
	if got := inner(b, "add", `{"a":"5","b":1}`); !got.Success || got.Output != "6" {
		t.Errorf("A, called from B's tool, lost its leniency: %+v", got)
	}
	before = asked.Load()
	if got := inner(b, "confirm_op", `{"what":"x"}`); !got.Success || got.Output != "done: x" {
		t.Errorf("A, called from B's tool, lost its approver: %+v", got)
	}
	if asked.Load() != before+1 {
		t.Errorf("A's approver was asked %d times for one call, want 1", asked.Load()-before)
	}

	// Two levels: A's tool calls B's tool, which calls A's add.
	call := `{"tool":"add","args":{"a":"5","b":1}}`
	if got := inner(a, "call_inner", call); !got.Success || !strings.Contains(got.Output, `"success":true`) || !strings.Contains(got.Output, `"output":"6"`) {
		t.Errorf("A -> B -> A: %+v", got)
	}
	// B's tool calls A's tool, which calls B's add: strict again.
	if got := inner(b, "call_inner", call); !got.Success || !strings.Contains(got.Output, `"success":false`) {
		t.Errorf("B -> A -> B took \"5\": %+v", got)
	}

	// The arguments of call_inner itself: lenient in A, strict in B.
	if res, _ := b.Execute(ctx, "call_inner", json.RawMessage(`{"tool":5,"args":{}}`)); res.Success {
		t.Errorf("B took 5 for a string: %+v", res)
	}
}

// sharedStore is a Cache that several registries share, as the processes
// of a fleet share Redis.
type sharedStore struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (s *sharedStore) Get(ctx context.Context, key string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[key]
	return v, ok
}

func (s *sharedStore) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[key] = value
}

// TestSharedCacheSettings shares one store between registries that
// accept different arguments: a lenient one takes "1" for an integer, a
// strict one does not. A result the lenient one stored must never answer
// the strict one's call, which it refuses: the lenient registry's
// settings would reach the other's tools. Registries with the same
// settings still share results.
func TestSharedCacheSettings(t *testing.T) {
	ctx := context.Background()
	store := &sharedStore{m: make(map[string][]byte)}
	strict := newRegistry(t, nil, &runtime.Settings{Cache: store})
	lenient := newRegistry(t, nil, &runtime.Settings{Cache: store, Lenient: true})
	args := json.RawMessage(`{"key":"shared-1","delay":"1"}`)
	if res, err := lenient.Execute(ctx, "cached_lookup", args); err != nil || !res.Success {
		t.Fatalf("lenient: %+v, %v", res, err)
	}
	if res, err := strict.Execute(ctx, "cached_lookup", args); err != nil || res.Success || !strings.Contains(res.Error, "/delay") {
		t.Errorf("strict got %+v, %v from the shared store; want /delay refused", res, err)
	}

	args = json.RawMessage(`{"key":"shared-2","delay":1}`)
	strict2 := newRegistry(t, nil, &runtime.Settings{Cache: store, CacheSize: 1})
	for _, r := range []*runtime.Registry{strict, strict2} {
		if res, err := r.Execute(ctx, "cached_lookup", args); err != nil || !res.Success {
			t.Fatalf("%+v, %v", res, err)
		}
	}
	if n := Runs("shared-2"); n != 1 {
		t.Errorf("two registries of the same settings ran the tool %d times, want 1", n)
	}
}
