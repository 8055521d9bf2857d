package attacktest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

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

// mapStore is a runtime.Cache in a map: one store shared by registries,
// as Redis is by a fleet.
type mapStore struct {
	mu     sync.Mutex
	values map[string][]byte
}

func (m *mapStore) Get(ctx context.Context, key string) ([]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.values[key]
	return v, ok
}

func (m *mapStore) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.values == nil {
		m.values = map[string][]byte{}
	}
	m.values[key] = value
}

// TestCacheNamespaces gives two registries the method tool balance on a
// store of a tenant each, and one Cache: with a namespace each, neither
// answers a call with the other's result; with one namespace (a fleet of
// one tenant) they share results. Found by an adversarial review: the key
// held only the tool's name, the arguments and three settings.
func TestCacheNamespaces(t *testing.T) {
	ctx := context.Background()
	args := json.RawMessage(`{"account":"42"}`)
	store := &mapStore{}
	acme, globex := &Nest{Tenant: "acme"}, &Nest{Tenant: "globex"}
	regA := newRegistry(t, acme, &runtime.Settings{Cache: store, CacheNamespace: "acme"})
	regB := newRegistry(t, globex, &runtime.Settings{Cache: store, CacheNamespace: "globex"})
	for range 2 {
		for _, c := range []struct {
			reg    *runtime.Registry
			tenant string
		}{{regA, "acme"}, {regB, "globex"}} {
			res, err := c.reg.Execute(ctx, "balance", args)
			if want := `{"tenant":"` + c.tenant + `","account":"42","cents":100}`; err != nil || res.Output != want {
				t.Errorf("%s's registry answered %+v, %v; want %s", c.tenant, res, err, want)
			}
		}
	}
	if acme.BalanceRuns.Load() != 1 || globex.BalanceRuns.Load() != 1 {
		t.Errorf("the stores ran %d and %d times, want once each (the second calls reused their own results)", acme.BalanceRuns.Load(), globex.BalanceRuns.Load())
	}

	// One namespace: the second registry reuses the first's result.
	shared := &mapStore{}
	one, two := &Nest{Tenant: "acme"}, &Nest{Tenant: "acme"}
	newRegistry(t, one, &runtime.Settings{Cache: shared, CacheNamespace: "acme"}).Execute(ctx, "balance", args)
	res, _ := newRegistry(t, two, &runtime.Settings{Cache: shared, CacheNamespace: "acme"}).Execute(ctx, "balance", args)
	if !res.Success || two.BalanceRuns.Load() != 0 {
		t.Errorf("one namespace: %+v, the second store ran %d times, want a reused result", res, two.BalanceRuns.Load())
	}
}

// TestCacheKeyMaxMemory: Settings.MaxMemory decides which arguments a call
// accepts, so a registry whose limit refuses a call is not answered, from
// a shared Cache, with the result of a registry whose limit let it through.
func TestCacheKeyMaxMemory(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := range 200 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"name":"n%d","qty":1,"note":""}`, i)
	}
	args := json.RawMessage(b.String() + `]}`)
	ctx := context.Background()
	store := &mapStore{}
	small := newRegistry(t, nil, &runtime.Settings{Cache: store, MaxMemory: 1024})
	big := newRegistry(t, nil, &runtime.Settings{Cache: store})
	res, _ := small.Execute(ctx, "tally", args)
	if res.Success || !strings.Contains(res.Error, "more than 1 KiB of memory") {
		t.Fatalf("MaxMemory 1 KiB, 200 items: %+v", res)
	}
	if res, err := big.Execute(ctx, "tally", args); err != nil || res.Output != "200" {
		t.Fatalf("default MaxMemory: %+v, %v", res, err)
	}
	if res, _ := small.Execute(ctx, "tally", args); res.Success {
		t.Errorf("the registry of MaxMemory 1 KiB was answered from the shared Cache for arguments it refuses: %+v", res)
	}
}
