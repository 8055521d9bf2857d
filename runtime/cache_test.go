package runtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	. "github.com/toolgen-go/toolgen/runtime"
	. "github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// anyIn takes any arguments: the tools below see them as decoded.
type anyIn struct{ V any }

func decodeAny(d *Decoder, v *anyIn) { v.V, _ = d.Any() }

// cachedTool makes a tool marked cache whose function is fn.
func cachedTool[Out any](name string, fn func(context.Context, anyIn) (Out, error)) InvokableTool {
	return NewInvokable(&Info{
		Name:        name,
		Description: "The " + name + " tool.",
		Parameters:  json.RawMessage(`{"type":"object"}`),
		Cache:       time.Minute,
	}, decodeAny, fn)
}

func registry(t *testing.T, s Settings, tools ...Tool) *Registry {
	t.Helper()
	r := NewRegistry(&s)
	if err := r.Register(tools...); err != nil {
		t.Fatal(err)
	}
	return r
}

// waitFor waits until cond holds, failing the test after 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

type forecast struct {
	City  string   `json:"city"`
	Temps []int    `json:"temps"`
	Notes []string `json:"notes,omitempty"`
}

func TestCacheSingleFlight(t *testing.T) {
	const n = 32
	var runs atomic.Int32
	var r *Registry
	slow := cachedTool("slow", func(ctx context.Context, in anyIn) (*forecast, error) {
		runs.Add(1)
		// Go on only once every other call waits for this one.
		for deadline := time.Now().Add(10 * time.Second); Waiters(r) < n-1 && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
		return &forecast{City: "Oslo", Temps: []int{3, 4}}, nil
	})
	r = registry(t, Settings{}, slow)
	results := make([]*Result, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			// The same arguments, written differently.
			args := `{"city":"Oslo","days":2}`
			if i%2 == 1 {
				args = ` { "days" : 2, "city" : "Oslo" } `
			}
			res, err := r.Execute(context.Background(), "slow", json.RawMessage(args))
			if err != nil {
				t.Error(err)
			}
			results[i] = res
		})
	}
	wg.Wait()
	if runs.Load() != 1 {
		t.Errorf("%d concurrent identical calls ran the tool %d times, want 1", n, runs.Load())
	}
	const want = `{"city":"Oslo","temps":[3,4]}`
	for i, res := range results {
		if !res.Success || res.Output != want || !res.Structured || string(res.Data.(json.RawMessage)) != want {
			t.Fatalf("call %d: got %+v", i, res)
		}
	}
	// Each has its own Data.
	results[0].Data.(json.RawMessage)[2] = 'X'
	for i, res := range results[1:] {
		if string(res.Data.(json.RawMessage)) != want {
			t.Fatalf("call %d: Data changed with another call's: %s", i+1, res.Data)
		}
	}
}

func TestCacheCopies(t *testing.T) {
	ctx := context.Background()
	// The tool returns the same values each time: only the registry can
	// keep callers apart.
	shared := map[string]any{"city": "Oslo", "temps": []any{3, 4}}
	f := &forecast{City: "Oslo", Temps: []int{3, 4}}
	media := Content{TextPart("a chart"), MediaPart(PartImage, "image/png", []byte{1, 2, 3})}
	var runs atomic.Int32
	tools := []Tool{
		cachedTool("asmap", func(ctx context.Context, in anyIn) (map[string]any, error) {
			runs.Add(1)
			return shared, nil
		}),
		cachedTool("asptr", func(ctx context.Context, in anyIn) (*forecast, error) {
			runs.Add(1)
			return f, nil
		}),
		cachedTool("astext", func(ctx context.Context, in anyIn) (string, error) {
			runs.Add(1)
			return "sunny", nil
		}),
		cachedTool("ascontent", func(ctx context.Context, in anyIn) (Content, error) {
			runs.Add(1)
			return media, nil
		}),
	}
	for _, s := range []struct {
		name     string
		settings Settings
	}{
		{"own cache", Settings{}},
		{"custom cache", Settings{Cache: newMapCache()}},
	} {
		r := registry(t, s.settings, tools...)
		runs.Store(0)
		for _, name := range []string{"asmap", "asptr"} {
			const want = `{"city":"Oslo","temps":[3,4]}`
			for i := range 3 {
				res, err := r.Execute(ctx, name, json.RawMessage(`{}`))
				if err != nil {
					t.Fatal(err)
				}
				data, ok := res.Data.(json.RawMessage)
				if !res.Success || !res.Structured || res.Output != want || !ok || string(data) != want {
					t.Fatalf("%s: %s call %d: got %+v", s.name, name, i, res)
				}
				if enc, _ := json.Marshal(res); string(enc) != `{"success":true,"data":`+want+`}` {
					t.Errorf("%s: %s call %d: encoded as %s", s.name, name, i, enc)
				}
				// A caller that changes what it got changes nothing for
				// the next one.
				copy(data, `{"city":"Rome"`)
				res.Output = "changed"
			}
		}
		for i := range 3 {
			res, err := r.Execute(ctx, "astext", json.RawMessage(`{}`))
			if err != nil || !res.Success || res.Output != "sunny" || res.Data != nil || res.Structured {
				t.Fatalf("%s: astext call %d: got %+v, %v", s.name, i, res, err)
			}
		}
		for i := range 3 {
			res, err := r.Execute(ctx, "ascontent", json.RawMessage(`{}`))
			c, ok := res.Data.(Content)
			if err != nil || !res.Success || res.Output != media.String() || !ok || len(c) != 2 || !bytes.Equal(c[1].Data, []byte{1, 2, 3}) || c[0].Text != "a chart" {
				t.Fatalf("%s: ascontent call %d: got %+v, %v", s.name, i, res, err)
			}
			if i > 0 {
				c[1].Data[0] = 9
				c[0].Text = "changed"
			}
		}
		if runs.Load() != 4 {
			t.Errorf("%s: the tools ran %d times, want 4", s.name, runs.Load())
		}
	}
	if f.City != "Oslo" || shared["city"] != "Oslo" || media[1].Data[0] != 1 || media[0].Text != "a chart" {
		t.Error("a caller changed the tool's own values")
	}
}

func TestCacheKey(t *testing.T) {
	same := [][]string{
		{`{"a":1,"b":[true,null,"x"]}`, ` { "b" : [ true , null , "x" ] , "a" : 1 } `, "{\n\t\"b\":[true,null,\"x\"],\r\n\"a\":1}"},
		{`{"a":{"y":1,"x":2},"b":0}`, `{"b":0,"a":{"y":1,"x":2}}`},
		{`{"s":"A/é😀\"\\\n"}`, `{"s":"\u0041\/\u00E9\ud83d\ude00\u0022\u005c\u000a"}`},
		{`{"s":"` + "\ufffd" + `"}`, `{"s":"\ud800"}`, `{"s":"\udc00"}`}, // a lone surrogate is U+FFFD, as the decoder reads it
		{`{"s":"` + "\ufffdA" + `"}`, `{"s":"\ud800\u0041"}`},
		{`{"s":"\u001f\b"}`, `{"s":"\u001F\u0008"}`},
		{``, ` `, `{}`, "\n{ }\n"},
		{`[]`, `[ ]`},
	}
	for _, group := range same {
		want := Canonical(group[0])
		if want == "" {
			t.Fatalf("%s: not JSON", group[0])
		}
		for _, in := range group[1:] {
			if got := Canonical(in); got != want {
				t.Errorf("Canonical(%q) = %q, want %q as for %q", in, got, want, group[0])
			}
			if CacheKey("t", json.RawMessage(in)) != CacheKey("t", json.RawMessage(group[0])) {
				t.Errorf("%q and %q have different keys", in, group[0])
			}
		}
	}
	for in, want := range map[string]string{
		` { "b" : [ 1 , 2.50e+3 , -0 ] , "a" : "x" } `: `{"a":"x","b":[1,2.50e+3,-0]}`,
		`{"b":1,"B":2,"a":3}`:                          `{"a":3,"b":1,"B":2}`, // keys equal but for case stay in order
		`{"a":2,"a":1}`:                                `{"a":2,"a":1}`,       // so do repeated keys
		`{"K":1,"j":2}`:                                `{"j":2,"K":1}`,
		`"\u2028<>&"`:                                  "\"\u2028<>&\"",
	} {
		if got := Canonical(in); got != want {
			t.Errorf("Canonical(%q) = %q, want %q", in, got, want)
		}
	}
	// Texts that may decode differently keep different keys.
	for _, pair := range [][2]string{
		{`{"a":1,"a":2}`, `{"a":2,"a":1}`},
		{`{"A":1,"a":2}`, `{"a":2,"A":1}`},
		{`{"K":1,"k":2}`, `{"\u212a":2,"K":1}`}, // the Kelvin sign folds to k
		{`{"a":[1,2]}`, `{"a":[2,1]}`},
		{`{"a":1}`, `{"a":1.0}`},
		{`{"a":"1"}`, `{"a":1}`},
		{`{"s":"\u00e9"}`, `{"s":"e\u0301"}`},
		{`{"a":1}`, `{"A":1}`},
		{`{}`, `null`},
		// A nested object may be a map whose key type reads two keys as
		// one: its order decides which value stays.
		{`{"at":{"2024-01-01T00:00:00Z":"a","2024-01-01T00:00:00.0Z":"b"}}`, `{"at":{"2024-01-01T00:00:00.0Z":"b","2024-01-01T00:00:00Z":"a"}}`},
		{`{"a":[{"c":1,"b":2}]}`, `{"a":[{"b":2,"c":1}]}`},
	} {
		if Canonical(pair[0]) == Canonical(pair[1]) {
			t.Errorf("%s and %s have the same canonical form %s", pair[0], pair[1], Canonical(pair[0]))
		}
	}
	// An arguments object of more members than any tool has is kept in
	// its order: sorting it would cost more than refusing it.
	var many strings.Builder
	many.WriteString("{")
	for i := range 300 {
		if i > 0 {
			many.WriteString(",")
		}
		fmt.Fprintf(&many, `"k%03d":1`, 299-i)
	}
	many.WriteString("}")
	if got := Canonical(many.String()); got != many.String() {
		t.Errorf("an object of 300 members was sorted")
	}
	if CacheKey("a", json.RawMessage(`{}`)) == CacheKey("b", json.RawMessage(`{}`)) {
		t.Error("two tools have the same key")
	}
	if key := CacheKey("weather", json.RawMessage(`{}`)); !strings.HasPrefix(key, "weather:") || len(key) != len("weather:")+64 {
		t.Errorf("key %q", key)
	}
	for _, in := range []string{
		`{"a":}`, `{"a":1} x`, `{"a" 1}`, `{"a":1,}`, `[1,]`, `{a:1}`, `'a'`, `01`, `1.`, `-`, `1e`, `.5`, `tru`, `nul`,
		`"a`, "\"\x01\"", `"\x"`, `"\u12"`, "\"\xff\"", `{"a":1`, `[`, `}`, strings.Repeat("[", 65) + strings.Repeat("]", 65),
	} {
		if got := Canonical(in); got != "" {
			t.Errorf("Canonical(%q) = %q, want not JSON", in, got)
		}
	}
	if Canonical(strings.Repeat("[", 64)+strings.Repeat("]", 64)) == "" {
		t.Error("64 levels refused")
	}

	// Through a registry: the variants hit.
	var runs atomic.Int32
	r := registry(t, Settings{}, cachedTool("find", func(ctx context.Context, in anyIn) (any, error) {
		runs.Add(1)
		return in.V, nil
	}))
	for _, args := range []string{
		`{"city":"Oslo","filters":{"min":1,"max":5}}`,
		` {"filters" : {"min":1, "max":5}, "city":"Oslo"}`,
		`{"filters":{"min":1,"max":5},"city":"\u004Fslo"}`,
	} {
		res, err := r.Execute(context.Background(), "find", json.RawMessage(args))
		if err != nil || !res.Success || res.Output != `{"city":"Oslo","filters":{"max":5,"min":1}}` {
			t.Fatalf("%s: got %+v, %v", args, res, err)
		}
	}
	if runs.Load() != 1 {
		t.Errorf("the variants ran the tool %d times, want 1", runs.Load())
	}
}

func TestCacheExpiry(t *testing.T) {
	var runs atomic.Int32
	r := registry(t, Settings{}, cachedTool("now", func(ctx context.Context, in anyIn) (int32, error) {
		return runs.Add(1), nil
	}))
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	SetNow(r, func() time.Time { return now })
	call := func(want string) {
		t.Helper()
		res, err := r.Execute(context.Background(), "now", nil)
		if err != nil || res.Output != want {
			t.Errorf("at %s: got %+v, %v; want %s", now.Format(time.TimeOnly), res, err, want)
		}
	}
	call("1")
	now = now.Add(time.Minute - time.Nanosecond)
	call("1")
	now = now.Add(time.Nanosecond) // the tool's cache=1m is up
	call("2")
	call("2")
}

func TestCacheEviction(t *testing.T) {
	var runs atomic.Int32
	r := registry(t, Settings{CacheSize: 2}, cachedTool("get", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		return in.V.(map[string]any)["k"].(string), nil
	}))
	call := func(k string, wantRuns int32) {
		t.Helper()
		res, err := r.Execute(context.Background(), "get", json.RawMessage(`{"k":"`+k+`"}`))
		if err != nil || res.Output != k || runs.Load() != wantRuns {
			t.Errorf("%s: got %+v, %v after %d runs; want %d", k, res, err, runs.Load(), wantRuns)
		}
	}
	call("a", 1)
	call("b", 2)
	call("a", 2) // a is now the most recently used
	call("c", 3) // so b goes
	call("a", 3)
	call("b", 4) // b again, c goes
	call("a", 4)
	call("c", 5)
}

// TestCacheBytes checks that the registry's own cache holds at most
// CacheBytes, dropping the least recently used results first, and keeps no
// result larger than an eighth of it: 1,024 results of a tool returning a
// file were 1,024 files in memory, however large.
func TestCacheBytes(t *testing.T) {
	var runs atomic.Int32
	r := registry(t, Settings{CacheBytes: 16 << 10}, cachedTool("get", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		m := in.V.(map[string]any)
		return strings.Repeat(m["k"].(string), int(m["n"].(float64))), nil
	}))
	call := func(k string, n int, wantRun bool) {
		t.Helper()
		before := runs.Load()
		res, err := r.Execute(context.Background(), "get", json.RawMessage(fmt.Sprintf(`{"k":%q,"n":%d}`, k, n)))
		if err != nil || len(res.Output) != len(k)*n {
			t.Fatalf("%s×%d: got %d bytes, %v", k, n, len(res.Output), err)
		}
		if ran := runs.Load() > before; ran != wantRun {
			t.Errorf("%s×%d: ran %v, want %v", k, n, ran, wantRun)
		}
	}
	// 1,000 bytes of text, a key and the overhead: 14 such results fit
	// in 16 KiB, not 20.
	for i := range 20 {
		call(fmt.Sprint(i%10), 1000+i, true)
	}
	if n, used := CacheUse(r); used > 16<<10 || n >= 20 || n < 10 {
		t.Errorf("%d results take %d bytes; want at most 16 KiB", n, used)
	}
	call("9", 1019, false) // the most recent is kept
	call("0", 1000, true)  // the first went
	// Over 2 KiB (an eighth) is never kept, and takes nothing from the rest.
	held, _ := CacheUse(r)
	call("x", 3000, true)
	call("x", 3000, true)
	call("9", 1019, false)
	if n, _ := CacheUse(r); n != held {
		t.Errorf("%d results after a large one, want %d", n, held)
	}
	r.Remove("get")
	if n, used := CacheUse(r); n != 0 || used != 0 {
		t.Errorf("after Remove: %d results take %d bytes", n, used)
	}
}

// mapCache is a Cache in a map, as a shared store would be.
type mapCache struct {
	mu         sync.Mutex
	values     map[string][]byte
	ttls       map[string]time.Duration
	gets, sets int
}

func newMapCache() *mapCache {
	return &mapCache{values: make(map[string][]byte), ttls: make(map[string]time.Duration)}
}

func (m *mapCache) Get(ctx context.Context, key string) ([]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.gets++
	v, ok := m.values[key]
	return v, ok
}

func (m *mapCache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sets++
	m.values[key], m.ttls[key] = value, ttl
}

// slowCache is a mapCache whose Get takes a while, as a shared store far
// away or under load does.
type slowCache struct {
	*mapCache
	delay time.Duration
}

func (c slowCache) Get(ctx context.Context, key string) ([]byte, bool) {
	time.Sleep(c.delay)
	return c.mapCache.Get(ctx, key)
}

// TestCacheSlowStoreSingleFlight checks that identical calls made while
// the first asks a slow shared store wait for it: each asked the store,
// missed, and ran the tool (32 calls, 32 runs, with a store taking 20 ms).
func TestCacheSlowStoreSingleFlight(t *testing.T) {
	var runs atomic.Int32
	store := slowCache{newMapCache(), 20 * time.Millisecond}
	r := registry(t, Settings{Cache: store}, cachedTool("get", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		return "done", nil
	}))
	var wg sync.WaitGroup
	for range 32 {
		wg.Go(func() {
			res, err := r.Execute(context.Background(), "get", json.RawMessage(`{"k":1}`))
			if err != nil || res.Output != "done" {
				t.Errorf("got %+v, %v", res, err)
			}
		})
	}
	wg.Wait()
	if n := runs.Load(); n != 1 {
		t.Errorf("the tool ran %d times for 32 identical calls", n)
	}
	store.mu.Lock()
	defer store.mu.Unlock()
	if store.gets > 4 {
		t.Errorf("the store was asked %d times for one key", store.gets)
	}
}

func TestCustomCache(t *testing.T) {
	ctx := context.Background()
	var runs atomic.Int32
	lookup := cachedTool("lookup", func(ctx context.Context, in anyIn) (*forecast, error) {
		runs.Add(1)
		return &forecast{City: "Oslo"}, nil
	})
	store := newMapCache()
	// Two registries, as two processes of a fleet, share the store.
	r1 := registry(t, Settings{Cache: store}, lookup)
	r2 := registry(t, Settings{Cache: store, CacheSize: 1}, lookup)
	const want = `{"city":"Oslo","temps":null}`
	for i, r := range []*Registry{r1, r1, r2} {
		res, err := r.Execute(ctx, "lookup", json.RawMessage(`{"q":1}`))
		if err != nil || !res.Success || res.Output != want || string(res.Data.(json.RawMessage)) != want {
			t.Fatalf("call %d: got %+v, %v", i, res, err)
		}
	}
	if runs.Load() != 1 || store.gets != 3 || store.sets != 1 {
		t.Errorf("%d runs, %d gets, %d sets; want 1, 3, 1", runs.Load(), store.gets, store.sets)
	}
	key := r1.CacheKeyOf("lookup", json.RawMessage(`{ "q": 1 }`))
	if !bytes.Equal(store.values[key], seal(kindJSON, want)) || store.ttls[key] != time.Minute {
		t.Errorf("stored %q for %s, for %s", store.values[key], store.ttls[key], key)
	}

	// A value the store garbled is a miss.
	for _, garbled := range []string{"", "j{", "?x", `c{"a"`} {
		store.values[key] = []byte(garbled)
		runs.Store(0)
		res, err := r1.Execute(ctx, "lookup", json.RawMessage(`{"q":1}`))
		if err != nil || res.Output != want || runs.Load() != 1 {
			t.Errorf("garbled %q: got %+v, %v after %d runs", garbled, res, err, runs.Load())
		}
	}

	// Arguments that are not JSON are not looked up.
	gets := store.gets
	res, _ := r1.Execute(ctx, "lookup", json.RawMessage(`{"q":`))
	if res.Success || store.gets != gets {
		t.Errorf("bad arguments: got %+v after %d lookups", res, store.gets-gets)
	}

	// CacheSize < 0 turns caching off, Cache included.
	off := registry(t, Settings{Cache: store, CacheSize: -1}, lookup)
	runs.Store(0)
	gets = store.gets
	for range 2 {
		off.Execute(ctx, "lookup", json.RawMessage(`{"q":1}`))
	}
	if runs.Load() != 2 || store.gets != gets {
		t.Errorf("cache off: %d runs, %d lookups", runs.Load(), store.gets-gets)
	}
}

// blocker is a tool marked cache that runs until release is closed, then
// does what then says.
func blocker(runs *atomic.Int32, started chan<- struct{}, release <-chan struct{}, then func(ctx context.Context) (string, error)) InvokableTool {
	return cachedTool("block", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		started <- struct{}{}
		select {
		case <-release:
		case <-ctx.Done():
			return "", ctx.Err()
		}
		return then(ctx)
	})
}

func TestCacheWaiterCanceled(t *testing.T) {
	var runs atomic.Int32
	started, release := make(chan struct{}, 1), make(chan struct{})
	r := registry(t, Settings{}, blocker(&runs, started, release, func(context.Context) (string, error) { return "done", nil }))
	var leader *Result
	var wg sync.WaitGroup
	wg.Go(func() { leader, _ = r.Execute(context.Background(), "block", nil) })
	<-started
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	begin := time.Now()
	res, err := r.Execute(ctx, "block", nil)
	if !errors.Is(err, context.DeadlineExceeded) || res.Success || res.Error != "the call was canceled: context deadline exceeded" || !errors.Is(res.Err, context.DeadlineExceeded) {
		t.Errorf("canceled waiter: got %+v, %v", res, err)
	}
	if d := time.Since(begin); d > 5*time.Second {
		t.Errorf("the canceled waiter returned after %s", d)
	}
	close(release)
	wg.Wait()
	if !leader.Success || leader.Output != "done" || runs.Load() != 1 {
		t.Errorf("leader: got %+v after %d runs", leader, runs.Load())
	}
	// The leader's result was stored all the same.
	if res, err := r.Execute(context.Background(), "block", nil); err != nil || res.Output != "done" || runs.Load() != 1 {
		t.Errorf("after: got %+v, %v after %d runs", res, err, runs.Load())
	}
}

// executeAll makes n calls of name at once, once the first has started
// the tool, and returns their results after it lets the tool go on.
func executeAll(t *testing.T, r *Registry, ctxs []context.Context, started <-chan struct{}, release chan<- struct{}) []*Result {
	t.Helper()
	results := make([]*Result, len(ctxs))
	errs := make([]error, len(ctxs))
	var wg sync.WaitGroup
	wg.Go(func() { results[0], errs[0] = r.Execute(ctxs[0], "block", nil) })
	<-started
	for i := 1; i < len(ctxs); i++ {
		wg.Go(func() { results[i], errs[i] = r.Execute(ctxs[i], "block", json.RawMessage(` {} `)) })
	}
	waitFor(t, "the calls to wait", func() bool { return Waiters(r) == len(ctxs)-1 })
	close(release)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the calls hang")
	}
	for i, err := range errs {
		if err != nil && i > 0 {
			t.Errorf("call %d: %v", i, err)
		}
	}
	return results
}

func TestCacheLeaderFails(t *testing.T) {
	bg := context.Background()
	ctxs := []context.Context{bg, bg, bg, bg, bg}
	for _, c := range []struct {
		name  string
		then  func(ctx context.Context) (string, error)
		error string
		err   any // what Result.Err must hold, as errors.As finds it
	}{
		{"failure", func(context.Context) (string, error) { return "", Fail("no such city") }, "no such city", nil},
		{"error", func(context.Context) (string, error) { return "", errors.New("connection refused") }, "connection refused", new(error)},
		{"panic", func(context.Context) (string, error) { panic("boom") }, "internal error: the tool failed unexpectedly", new(*PanicError)},
	} {
		var runs atomic.Int32
		started, release := make(chan struct{}, len(ctxs)), make(chan struct{})
		r := registry(t, Settings{}, blocker(&runs, started, release, c.then))
		// The waiters share the leader's failure.
		for i, res := range executeAll(t, r, ctxs, started, release) {
			if res.Success || res.Error != c.error || (c.err == nil) != (res.Err == nil) || c.err != nil && !errors.As(res.Err, c.err) {
				t.Errorf("%s: call %d: got %+v", c.name, i, res)
			}
		}
		if runs.Load() != 1 {
			t.Errorf("%s: the tool ran %d times, want 1", c.name, runs.Load())
		}
		// Failures are not stored: the next call runs the tool again.
		r.Execute(bg, "block", nil)
		if runs.Load() != 2 {
			t.Errorf("%s: a failure was stored", c.name)
		}
	}
}

// panicky is a tool written by hand, marked cache, whose Invoke panics
// once released, beyond any recover of toolimpl.
type panicky struct {
	runs    atomic.Int32
	started chan struct{}
	release chan struct{}
}

func (p *panicky) Info() *Info {
	return &Info{Name: "block", Description: "Panics.", Parameters: json.RawMessage(`{"type":"object"}`), Cache: time.Minute}
}

func (p *panicky) Invoke(ctx context.Context, args json.RawMessage) (Result, error) {
	p.runs.Add(1)
	p.started <- struct{}{}
	<-p.release
	panic("boom")
}

func TestCachePanicDoesNotHang(t *testing.T) {
	bg := context.Background()
	p := &panicky{started: make(chan struct{}, 1), release: make(chan struct{})}
	r := registry(t, Settings{}, p)
	results := executeAll(t, r, []context.Context{bg, bg, bg, bg}, p.started, p.release)
	for i, res := range results {
		var perr *PanicError
		if res.Success || !errors.As(res.Err, &perr) || perr.Value != "boom" {
			t.Errorf("call %d: got %+v", i, res)
		}
	}
	if p.runs.Load() != 1 || Waiters(r) != 0 {
		t.Errorf("the tool ran %d times; %d calls still wait", p.runs.Load(), Waiters(r))
	}
}

func TestCacheLeaderCanceled(t *testing.T) {
	// The first call's context ends while the others wait for it: one of
	// them runs the tool instead.
	var runs atomic.Int32
	started, release := make(chan struct{}, 4), make(chan struct{})
	r := registry(t, Settings{}, cachedTool("block", func(ctx context.Context, in anyIn) (string, error) {
		if runs.Add(1) > 1 {
			return "second", nil
		}
		started <- struct{}{}
		<-ctx.Done()
		return "", ctx.Err()
	}))
	ctx, cancel := context.WithCancel(context.Background())
	bg := context.Background()
	go func() {
		<-release
		cancel()
	}()
	results := executeAll(t, r, []context.Context{ctx, bg, bg, bg}, started, release)
	if !errors.Is(results[0].Err, context.Canceled) || results[0].Success {
		t.Errorf("leader: got %+v", results[0])
	}
	for i, res := range results[1:] {
		if !res.Success || res.Output != "second" {
			t.Errorf("call %d: got %+v", i+1, res)
		}
	}
	if runs.Load() != 2 {
		t.Errorf("the tool ran %d times, want 2", runs.Load())
	}
}

func TestCacheStream(t *testing.T) {
	r := registry(t, Settings{}, cachedTool("f", func(ctx context.Context, in anyIn) (forecast, error) {
		return forecast{City: "Oslo"}, nil
	}))
	for i := range 2 {
		var chunks []Chunk
		res, err := r.ExecuteStream(context.Background(), "f", nil, func(c Chunk) { chunks = append(chunks, c) })
		if err != nil || !res.Success || len(chunks) != 1 || chunks[0].Text != res.Output {
			t.Fatalf("call %d: got %+v, %v, chunks %+v", i, res, err, chunks)
		}
		if data, ok := chunks[0].Data.(json.RawMessage); !ok || string(data) != res.Output {
			t.Errorf("call %d: chunk data %#v", i, chunks[0].Data)
		}
	}
}

// TestCacheAbandonedOnce checks that a call abandoned at its deadline is
// counted once, however many identical calls shared it.
func TestCacheAbandonedOnce(t *testing.T) {
	var started atomic.Int32
	release := make(chan struct{})
	tool := NewInvokable(&Info{
		Name:        "slow",
		Description: "The slow tool.",
		Parameters:  json.RawMessage(`{"type":"object"}`),
		Cache:       time.Minute,
		Timeout:     50 * time.Millisecond,
	}, decodeAny, func(ctx context.Context, in anyIn) (string, error) {
		started.Add(1)
		<-release // ignores its context
		return "late", nil
	})
	r := registry(t, Settings{}, tool)
	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() {
			res, _ := r.Execute(context.Background(), "slow", json.RawMessage(`{}`))
			if res.Success {
				t.Errorf("a call succeeded past its deadline: %+v", res)
			}
		})
	}
	wg.Wait()
	close(release)
	if started.Load() != 1 || r.Abandoned() != 1 {
		t.Errorf("the function ran %d times and %d calls were counted abandoned, want 1 and 1", started.Load(), r.Abandoned())
	}
	time.Sleep(10 * time.Millisecond) // the abandoned goroutine returns
}

// TestCacheKeySettings: a key holds the settings that decide which
// arguments a call accepts, so that registries sharing a store reuse only
// results of arguments each would accept; settings that decide nothing of
// that leave it alone.
func TestCacheKeySettings(t *testing.T) {
	args := json.RawMessage(`{"q":1}`)
	key := func(s *Settings) string { return NewRegistry(s).CacheKeyOf("lookup", args) }
	plain := key(nil)
	for name, s := range map[string]*Settings{
		"Lenient":      {Lenient: true},
		"NullOptional": {NullOptional: true},
		"OpenAI":       {Dialect: OpenAI},
	} {
		if key(s) == plain {
			t.Errorf("%s: the key of the defaults", name)
		}
	}
	if key(&Settings{Dialect: OpenAI}) != key(&Settings{NullOptional: true}) {
		t.Errorf("the OpenAI dialect and NullOptional accept the same arguments, but their keys differ")
	}
	for name, s := range map[string]*Settings{
		"MaxDepth":  {MaxDepth: 10}, // deeper arguments are never stored
		"Timeout":   {Timeout: time.Second},
		"MaxOutput": {MaxOutput: 10},
		"Gemini":    {Dialect: Gemini},
	} {
		if key(s) != plain {
			t.Errorf("%s: a key of its own, though it accepts the same arguments", name)
		}
	}
}

// heldFailure is a tool written by hand, marked cache, whose call blocks
// until released and then returns res, a failure.
type heldFailure struct {
	res     Result
	runs    atomic.Int32
	started chan struct{}
	release chan struct{}
}

func (p *heldFailure) Info() *Info {
	return &Info{Name: "check", Description: "Checks.", Parameters: json.RawMessage(`{"type":"object"}`), Cache: time.Minute}
}

func (p *heldFailure) Invoke(ctx context.Context, args json.RawMessage) (Result, error) {
	p.runs.Add(1)
	p.started <- struct{}{}
	<-p.release
	return p.res, nil
}

// TestCacheFailureShared: the calls that wait for a call that fails get
// the failure as its caller does, Data included, and share nothing with
// it: the first caller changing its Result in place (a middleware that
// redacts Problems) neither races with them nor reaches them (run with
// -race). Found by an adversarial review.
func TestCacheFailureShared(t *testing.T) {
	p := &heldFailure{res: Result{
		Error:    "invalid arguments: /card: not a valid card number",
		Problems: []Problem{{Path: "/card", Message: "not a valid card number"}},
		Data:     map[string]int{"retry_after_s": 30},
	}, started: make(chan struct{}, 1), release: make(chan struct{})}
	r := registry(t, Settings{}, p)
	const n = 8
	var wg sync.WaitGroup
	var leaderJSON []byte
	wg.Go(func() {
		leader, _ := r.Execute(context.Background(), "check", json.RawMessage(`{}`))
		leaderJSON, _ = json.Marshal(leader)
		leader.Problems[0].Message = "[redacted]"
	})
	<-p.started
	results := make([]*Result, n)
	for i := range n {
		wg.Go(func() { results[i], _ = r.Execute(context.Background(), "check", json.RawMessage(`{}`)) })
	}
	waitFor(t, "the calls to wait", func() bool { return Waiters(r) == n })
	close(p.release)
	wg.Wait()
	if p.runs.Load() != 1 {
		t.Fatalf("the tool ran %d times, want once", p.runs.Load())
	}
	for i, res := range results {
		if len(res.Problems) != 1 || res.Problems[0].Message != "not a valid card number" {
			t.Errorf("waiter %d: Problems %+v", i, res.Problems)
		}
		if got, _ := json.Marshal(res); string(got) != string(leaderJSON) {
			t.Errorf("waiter %d's model reads %s, the first caller's %s", i, got, leaderJSON)
		}
	}
}

// TestCacheContentRoundTrip: multimodal Content whose JSON does not
// rebuild it (a part with empty, non-nil Data, as os.ReadFile gives for an
// empty file) is not stored, so that a later call's Output is the one the
// tool's call made. Found by an adversarial review.
func TestCacheContentRoundTrip(t *testing.T) {
	var runs atomic.Int32
	r := registry(t, Settings{}, cachedTool("attach", func(ctx context.Context, in anyIn) (Content, error) {
		runs.Add(1)
		return Content{TextPart("the log"), MediaPart(PartFile, "text/plain", []byte{})}, nil
	}))
	for range 2 {
		res, err := r.Execute(context.Background(), "attach", json.RawMessage(`{}`))
		if want := "the log\n[file, text/plain, 0 bytes]"; err != nil || res.Output != want {
			t.Fatalf("%+v, %v; want Output %q", res, err, want)
		}
	}
	if runs.Load() != 2 {
		t.Errorf("ran %d times, want twice: the result cannot be stored", runs.Load())
	}
}

// TestCacheStoreNotUTF8: a structured value in a shared store that is not
// UTF-8 (garbled, or written by something else) is a miss, not a result
// whose JSON the model would get broken. Found by an adversarial review.
func TestCacheStoreNotUTF8(t *testing.T) {
	store := newMapCache()
	var runs atomic.Int32
	r := registry(t, Settings{Cache: store}, cachedTool("get", func(ctx context.Context, in anyIn) (map[string]string, error) {
		runs.Add(1)
		return map[string]string{"tenant": "acme"}, nil
	}))
	if res, err := r.Execute(context.Background(), "get", json.RawMessage(`{}`)); err != nil || !res.Success {
		t.Fatalf("%+v, %v", res, err)
	}
	store.mu.Lock()
	for k := range store.values {
		store.values[k] = seal(kindJSON, "{\"tenant\":\"\xff\"}")
	}
	store.mu.Unlock()
	res, err := r.Execute(context.Background(), "get", json.RawMessage(`{}`))
	if err != nil || res.Output != `{"tenant":"acme"}` || runs.Load() != 2 {
		t.Errorf("%+v, %v, ran %d times; want the tool run again", res, err, runs.Load())
	}
	if n := r.BadCacheValues(); n != 1 {
		t.Errorf("%d bad values counted, want 1", n)
	}
}

// FuzzCanonical: the canonical form of JSON arguments, which a cache key
// hashes, is JSON that decodes to what the arguments decode to, and its
// own canonical form; JSON nested at most 64 deep always has one, unless it
// is not UTF-8, which the decoder refuses too.
func FuzzCanonical(f *testing.F) {
	for _, s := range []string{
		`{}`, ` `, `{"b":1,"a":[1,2,{"z":null,"y":"\u0041"}]}`, `{"A":1,"a":2,"a":3}`,
		`{"s":"\ud800x\u2028\n\"\\"}`, `[1,2]`, `"x"`, `{"n":-0.0e+10,"m":1E400}`,
		"{\"k\":\"\xff\"}", `{"a":{"b":{"c":[[[]]]}}}`, `{"a":1,}`, `{"a" 1}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := Canonical(in)
		if out == "" {
			if strings.TrimSpace(in) != "" && json.Valid([]byte(in)) && utf8.ValidString(in) && depthOf(in) <= 64 {
				t.Fatalf("no canonical form for valid JSON %q", in)
			}
			return
		}
		if !json.Valid([]byte(out)) {
			t.Fatalf("canonical form of %q is not JSON: %q", in, out)
		}
		if again := Canonical(out); again != out {
			t.Fatalf("canonical form of %q is %q, whose own is %q", in, out, again)
		}
		if strings.TrimSpace(in) == "" {
			return
		}
		var a, b any
		errA, errB := json.Unmarshal([]byte(in), &a), json.Unmarshal([]byte(out), &b)
		if errA != nil || errB != nil {
			if errA == nil || errB == nil {
				t.Fatalf("%q decodes with %v, its canonical form %q with %v", in, errA, out, errB)
			}
			return
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%q decodes to %v, its canonical form %q to %v", in, a, out, b)
		}
	})
}

// depthOf returns how deeply the JSON text in nests objects and arrays.
func depthOf(in string) int {
	depth, deepest := 0, 0
	dec := json.NewDecoder(strings.NewReader(in))
	for {
		tok, err := dec.Token()
		if err != nil {
			return deepest
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
			deepest = max(deepest, depth)
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
}

// The calls that wait for a failing call get what its caller gets: their
// model reads the same JSON, for a failure whose Data is multimodal
// Content (written by its description, not as the media's base64) and
// one with text beside its Error. Found by a review.
func TestCacheFailureSharedContent(t *testing.T) {
	for _, res := range []Result{
		{Error: "the page did not load", Data: Content{MediaPart(PartImage, "image/png", []byte("\x89PNG....a large screenshot...."))}},
		// Text beside the failure, which the waiters lose too.
		{Error: "the build failed", Output: "step 3 of 7: cc: error: x.c"},
	} {
		failureShared(t, res)
	}
}

func failureShared(t *testing.T, fail Result) {
	p := &heldFailure{res: fail, started: make(chan struct{}, 1), release: make(chan struct{})}
	r := registry(t, Settings{}, p)
	var wg sync.WaitGroup
	var leader string
	wg.Go(func() {
		res, _ := r.Execute(context.Background(), "check", json.RawMessage(`{}`))
		leader = res.JSONText()
	})
	<-p.started
	var waiter string
	wg.Go(func() {
		res, _ := r.Execute(context.Background(), "check", json.RawMessage(`{}`))
		waiter = res.JSONText()
	})
	waitFor(t, "the call to wait", func() bool { return Waiters(r) == 1 })
	close(p.release)
	wg.Wait()
	if p.runs.Load() != 1 {
		t.Fatalf("ran %d times", p.runs.Load())
	}
	if waiter != leader {
		t.Errorf("the waiter's model reads\n  %s\nthe caller's\n  %s", waiter, leader)
	}
}

// TestCacheKeyToolVersion: processes that share a Cache while a fleet is
// upgraded run two versions of a tool under one name; where the versions'
// schemas differ (a result that became structured, an argument that
// changed meaning, leniency), neither reuses the other's results, which
// would have the wrong shape or answer arguments it refuses.
func TestCacheKeyToolVersion(t *testing.T) {
	ctx := context.Background()
	store := newMapCache()
	var runs atomic.Int32
	v1 := cachedTool("lookup", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		return "Oslo", nil
	})
	v2info := *v1.Info()
	v2info.Output = json.RawMessage(`{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}`)
	v2 := NewInvokable(&v2info, decodeAny, func(ctx context.Context, in anyIn) (*forecast, error) {
		runs.Add(1)
		return &forecast{City: "Oslo"}, nil
	})
	old := registry(t, Settings{Cache: store}, v1)
	upgraded := registry(t, Settings{Cache: store}, v2)
	if res, err := old.Execute(ctx, "lookup", json.RawMessage(`{"q":1}`)); err != nil || res.Output != "Oslo" {
		t.Fatalf("v1: %+v, %v", res, err)
	}
	res, err := upgraded.Execute(ctx, "lookup", json.RawMessage(`{"q":1}`))
	if err != nil || !res.Structured || runs.Load() != 2 {
		t.Fatalf("v2 after v1 (%d runs): got %+v, %v; want its own structured result", runs.Load(), res, err)
	}
	if data, ok := res.Data.(json.RawMessage); !ok || !strings.Contains(string(data), `"city":"Oslo"`) {
		t.Errorf("v2 Data: %#v", res.Data)
	}

	// Same schemas: the versions share results, as replicas of one
	// release do; a lenient one does not.
	same := registry(t, Settings{Cache: store}, cachedTool("lookup", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		return "Oslo", nil
	}))
	if k1, k2 := old.CacheKeyOf("lookup", json.RawMessage(`{"q":1}`)), same.CacheKeyOf("lookup", json.RawMessage(`{"q":1}`)); k1 != k2 {
		t.Errorf("one version, two keys: %s, %s", k1, k2)
	}
	lenientInfo := *v1.Info()
	lenientInfo.Lenient = true
	lenient := registry(t, Settings{Cache: store}, NewInvokable(&lenientInfo, decodeAny, func(ctx context.Context, in anyIn) (string, error) { return "", nil }))
	if old.CacheKeyOf("lookup", json.RawMessage(`{"q":1}`)) == lenient.CacheKeyOf("lookup", json.RawMessage(`{"q":1}`)) {
		t.Error("a strict and a lenient version of a tool share keys")
	}
}
