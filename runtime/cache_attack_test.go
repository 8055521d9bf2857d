package runtime_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	goruntime "runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	. "github.com/toolgen-go/toolgen/runtime"
)

// reusingCache is a shared store that hands out its own buffer for each
// value and writes over it after Get has returned, as a client that reads
// into a buffer it reuses would: the registry must keep nothing of it.
type reusingCache struct {
	*mapCache
	last []byte
}

func (c *reusingCache) Get(ctx context.Context, key string) ([]byte, bool) {
	v, ok := c.mapCache.Get(ctx, key)
	if !ok {
		return nil, false
	}
	c.last = bytes.Clone(v)
	return c.last, true
}

// TestCacheValueReusedAfterGet: what a call reused from a shared store
// keeps nothing of the slice Get returned, which the store may write over
// once Get has returned.
func TestCacheValueReusedAfterGet(t *testing.T) {
	tools := map[string]Tool{
		"text": cachedTool("text", func(ctx context.Context, in anyIn) (string, error) { return "sunny", nil }),
		"json": cachedTool("json", func(ctx context.Context, in anyIn) (forecast, error) {
			return forecast{City: "Oslo", Temps: []int{21}}, nil
		}),
		"content": cachedTool("content", func(ctx context.Context, in anyIn) (Content, error) {
			return Content{TextPart("chart"), MediaPart(PartImage, "image/png", []byte{1, 2, 3})}, nil
		}),
	}
	for name, tool := range tools {
		t.Run(name, func(t *testing.T) {
			store := &reusingCache{mapCache: newMapCache()}
			r := registry(t, Settings{Cache: store}, tool)
			ctx := context.Background()
			want, err := r.Execute(ctx, name, nil)
			if err != nil || !want.Success {
				t.Fatal(want, err)
			}
			got, err := r.Execute(ctx, name, nil) // a hit
			if err != nil || !got.Success || store.last == nil {
				t.Fatal(got, err)
			}
			wantJSON, _ := json.Marshal(want)
			for i := range store.last {
				store.last[i] = 'X'
			}
			if gotJSON, _ := json.Marshal(got); !bytes.Equal(gotJSON, wantJSON) {
				t.Errorf("after the store reused its buffer: %s, want %s", gotJSON, wantJSON)
			}
		})
	}
}

// TestCacheValueShort: values of 0 to 5 bytes, around the 4 of the
// checksum, neither panic nor pass for what they are not: a kind and an
// empty text is the value of an empty text result (which a registry
// stores), and nothing else.
func TestCacheValueShort(t *testing.T) {
	for _, c := range []struct {
		name  string
		value []byte
		bad   bool
	}{
		{"1 byte", []byte{kindText}, true},
		{"3 bytes", []byte{kindText, 0, 0}, true},
		{"4 bytes, the checksum of nothing", seal(kindText, "")[1:], true},
		{"4 zero bytes", make([]byte, 4), true},
		{"5 bytes, empty text", seal(kindText, ""), false},
		{"5 bytes, empty structured", seal(kindJSON, ""), true},
		{"5 bytes, empty Content", seal(kindContent, ""), true},
		{"5 bytes, no kind", seal(0, ""), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var runs atomic.Int32
			store := newMapCache()
			r := registry(t, Settings{Cache: store}, cachedTool("text", func(ctx context.Context, in anyIn) (string, error) {
				runs.Add(1)
				return "ran", nil
			}))
			store.values[r.CacheKeyOf("text", nil)] = c.value
			res, err := r.Execute(context.Background(), "text", nil)
			if err != nil || !res.Success {
				t.Fatal(res, err)
			}
			want := ""
			if c.bad {
				want = "ran"
			}
			if res.Output != want || (r.BadCacheValues() == 1) != c.bad || (runs.Load() == 1) != c.bad {
				t.Errorf("output %q, %d bad, %d runs; want %q, bad %v", res.Output, r.BadCacheValues(), runs.Load(), want, c.bad)
			}
		})
	}
}

// TestCacheValueDeep: Content and structured values nested a million deep
// are bad values, found without exhausting the stack, in little time.
func TestCacheValueDeep(t *testing.T) {
	const depth = 1 << 20
	for _, c := range []struct {
		name string
		kind byte
		text string
	}{
		{"Content of arrays", kindContent, strings.Repeat("[", depth) + strings.Repeat("]", depth)},
		{"Content of a part of objects", kindContent, `[{"type":"text","text":"x","data":` + strings.Repeat(`{"a":`, depth) + "1" + strings.Repeat("}", depth) + "}]"},
		{"structured", kindJSON, strings.Repeat("[", depth) + strings.Repeat("]", depth)},
	} {
		t.Run(c.name, func(t *testing.T) {
			store := newMapCache()
			r := registry(t, Settings{Cache: store},
				cachedTool("content", func(ctx context.Context, in anyIn) (Content, error) { return Content{TextPart("ok")}, nil }),
				cachedTool("json", func(ctx context.Context, in anyIn) (forecast, error) { return forecast{City: "ok"}, nil }))
			name := map[byte]string{kindContent: "content", kindJSON: "json"}[c.kind]
			store.values[r.CacheKeyOf(name, nil)] = seal(c.kind, c.text)
			start := time.Now()
			res, err := r.Execute(context.Background(), name, nil)
			if err != nil || !res.Success || !strings.Contains(res.Output, "ok") || r.BadCacheValues() != 1 {
				t.Errorf("%.80q, %v, %d bad; want the tool's result, 1 bad", res.Output, err, r.BadCacheValues())
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Errorf("took %v", took)
			}
		})
	}
}

// TestCacheValueLargeContent: a well-formed value of Content with a large
// image is reused with work and memory in proportion to it.
func TestCacheValueLargeContent(t *testing.T) {
	image := bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 512<<10) // 2 MiB
	store := newMapCache()
	r := registry(t, Settings{Cache: store}, cachedTool("content", func(ctx context.Context, in anyIn) (Content, error) {
		return Content{MediaPart(PartImage, "image/png", image)}, nil
	}))
	ctx := context.Background()
	if res, err := r.Execute(ctx, "content", nil); err != nil || !res.Success {
		t.Fatal(res, err)
	}
	value := store.values[r.CacheKeyOf("content", nil)]
	if want := base64.StdEncoding.EncodedLen(len(image)); len(value) < want {
		t.Fatalf("value of %d bytes, want at least %d", len(value), want)
	}
	ms0 := totalAlloc()
	res, err := r.Execute(ctx, "content", nil)
	ms1 := totalAlloc()
	if err != nil || !res.Success || !bytes.Equal(res.Data.(Content)[0].Data, image) || store.gets < 2 {
		t.Fatalf("%.80v, %v", res, err)
	}
	allocated := ms1 - ms0
	ratio := float64(allocated) / float64(len(value))
	t.Logf("a hit of a %d-byte value allocated %d bytes, %.1f times the value", len(value), allocated, ratio)
	if ratio > 8 {
		t.Errorf("a hit allocated %.1f times its value", ratio)
	}
}

// TestCacheBadValueShared32: 32 identical calls at once that find a bad
// value ask the store once, run the tool once, and count the value once:
// it was read once.
func TestCacheBadValueShared32(t *testing.T) {
	const n = 32
	var runs atomic.Int32
	release := make(chan struct{})
	store := newMapCache()
	r := registry(t, Settings{Cache: store}, cachedTool("slow", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		<-release
		return "done", nil
	}))
	store.values[r.CacheKeyOf("slow", nil)] = seal(kindJSON, "not json")
	var wg sync.WaitGroup
	results := make([]*Result, n)
	for i := range results {
		wg.Go(func() { results[i], _ = r.Execute(context.Background(), "slow", nil) })
	}
	waitFor(t, "the calls to join the first", func() bool { return Waiters(r) == n-1 })
	close(release)
	wg.Wait()
	for i, res := range results {
		if res == nil || !res.Success || res.Output != "done" {
			t.Errorf("call %d: %+v", i, res)
		}
	}
	store.mu.Lock()
	gets := store.gets
	store.mu.Unlock()
	if runs.Load() != 1 || r.BadCacheValues() != 1 || gets != 1 {
		t.Errorf("%d runs, %d bad, %d gets; want 1, 1, 1", runs.Load(), r.BadCacheValues(), gets)
	}
}

// panickyCache panics in Get or Set.
type panickyCache struct {
	*mapCache
	get, set bool
}

func (c *panickyCache) Get(ctx context.Context, key string) ([]byte, bool) {
	if c.get {
		panic("store get")
	}
	return c.mapCache.Get(ctx, key)
}

func (c *panickyCache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {
	if c.set {
		panic("store set")
	}
	c.mapCache.Set(ctx, key, value, ttl)
}

// TestCachePanickyStore: a store's panic does not escape Execute; it
// becomes a failure whose Err holds it (CONTRACT §6), for the calls that
// waited too.
func TestCachePanickyStore(t *testing.T) {
	for _, which := range []string{"get", "set"} {
		t.Run(which, func(t *testing.T) {
			store := &panickyCache{mapCache: newMapCache(), get: which == "get", set: which == "set"}
			r := registry(t, Settings{Cache: store}, cachedTool("text", func(ctx context.Context, in anyIn) (string, error) { return "sunny", nil }))
			for range 2 {
				res, err := r.Execute(context.Background(), "text", nil)
				var pe *PanicError
				if err != nil || res.Success || !errors.As(res.Err, &pe) || pe.Value != "store "+which {
					t.Errorf("%+v, %v; want a failure holding the panic", res, err)
				}
			}
		})
	}
}

// blockingCache is a store whose Get waits for its context, or forever if
// ignore is set.
type blockingCache struct {
	ignore  bool
	release chan struct{}
}

func (c *blockingCache) Get(ctx context.Context, key string) ([]byte, bool) {
	if c.ignore {
		<-c.release
		return nil, false
	}
	select {
	case <-ctx.Done():
	case <-c.release:
	}
	return nil, false
}

func (c *blockingCache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {}

// TestCacheBlockingStore: a store whose Get honours its context lets the
// call end at the caller's deadline, the calls that joined it too.
func TestCacheBlockingStore(t *testing.T) {
	store := &blockingCache{release: make(chan struct{})}
	defer close(store.release)
	var runs atomic.Int32
	r := registry(t, Settings{Cache: store}, cachedTool("text", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		return "sunny", nil
	}))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			res, err := r.Execute(ctx, "text", nil)
			if err == nil && res.Success && res.Output != "sunny" {
				t.Errorf("%+v, %v", res, err)
			}
		})
	}
	wg.Wait()
	if took := time.Since(start); took > time.Second {
		t.Errorf("the calls took %v past a store that honours a deadline of 50ms", took)
	}
}

// totalAlloc is how many bytes the program has allocated so far.
func totalAlloc() uint64 {
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	return ms.TotalAlloc
}
