package runtime_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	. "github.com/toolgen-go/toolgen/runtime"
)

// The kinds of values, their first byte.
const (
	kindText    = 't'
	kindJSON    = 'j'
	kindContent = 'c'
)

// seal returns the value a registry stores for a result of kind with text:
// the kind, the text, and the CRC-32C of both, big-endian.
func seal(kind byte, text string) []byte {
	v := append([]byte{kind}, text...)
	return binary.BigEndian.AppendUint32(v, crc32.Checksum(v, crc32.MakeTable(crc32.Castagnoli)))
}

// TestCacheBadValue: a value in a shared store that cannot be what a
// registry stored (truncated, garbled, of another kind, not UTF-8, not
// JSON for a structured result, not the JSON of Content) is a miss,
// counted: the tool runs, the caller gets its result, and the result
// replaces the bad value, which the next call reuses. Each was served to
// the model and the program as the tool's result.
func TestCacheBadValue(t *testing.T) {
	const text = "sunny, 21°C"
	image := []byte{0x89, 'P', 'N', 'G', 0, 1, 2}
	tools := map[string]Tool{
		"text": cachedTool("text", func(ctx context.Context, in anyIn) (string, error) { return text, nil }),
		"json": cachedTool("json", func(ctx context.Context, in anyIn) (forecast, error) {
			return forecast{City: "Oslo", Temps: []int{21}}, nil
		}),
		"content": cachedTool("content", func(ctx context.Context, in anyIn) (Content, error) {
			return Content{TextPart(text), MediaPart(PartImage, "image/png", image)}, nil
		}),
	}
	good := map[string][]byte{
		"text":    seal(kindText, text),
		"json":    seal(kindJSON, `{"city":"Oslo","temps":[21]}`),
		"content": seal(kindContent, `[{"type":"text","text":"sunny, 21°C"},{"type":"image","mime_type":"image/png","data":"iVBORwABAg=="}]`),
	}
	// flip returns v with the bit 1 of byte i changed.
	flip := func(v []byte, i int) []byte {
		v = bytes.Clone(v)
		v[i] ^= 2
		return v
	}
	for _, c := range []struct {
		name, tool string
		value      []byte
	}{
		{"empty", "text", []byte{}},
		{"a kind alone", "text", []byte{kindText}},
		{"no checksum (the format before)", "text", []byte("t" + text)},
		{"truncated", "text", good["text"][:len(good["text"])-1]},
		{"truncated, half", "json", good["json"][:len(good["json"])/2]},
		{"truncated Content", "content", good["content"][:len(good["content"])-20]},
		{"a byte garbled", "text", flip(good["text"], 3)},
		{"kind garbled", "json", flip(good["json"], 0)},
		{"checksum garbled", "content", flip(good["content"], len(good["content"])-1)},
		{"unknown kind", "text", seal('x', text)},
		{"no kind's text", "text", seal(0, text)},
		{"text not UTF-8", "text", seal(kindText, "sunny\xff")},
		{"text of U+FFFD cut", "text", seal(kindText, "\xef\xbf")},
		{"structured not JSON", "json", seal(kindJSON, `{"city":"Oslo"`)},
		{"structured JSON and more", "json", seal(kindJSON, `{"city":"Oslo"} {}`)},
		{"structured not UTF-8", "json", seal(kindJSON, "{\"city\":\"\xff\"}")},
		{"structured empty", "json", seal(kindJSON, "")},
		{"Content not JSON", "content", seal(kindContent, `[{"type":"text"`)},
		{"Content an object", "content", seal(kindContent, `{"type":"text","text":"hi"}`)},
		{"Content of strings", "content", seal(kindContent, `["hi"]`)},
		{"Content of unknown fields", "content", seal(kindContent, `[{"kind":"text","body":"hi"}]`)},
		{"Content of a wrong type", "content", seal(kindContent, `[{"type":"text","text":1}]`)},
		{"Content with data not base64", "content", seal(kindContent, `[{"type":"image","data":"!!"}]`)},
		{"Content with empty data", "content", seal(kindContent, `[{"type":"image","data":""}]`)},
		{"Content and more", "content", seal(kindContent, `[] []`)},
		{"Content not UTF-8", "content", seal(kindContent, "[{\"type\":\"text\",\"text\":\"\xff\"}]")},
		{"Content as a kind of text", "text", seal(kindContent, text)},
	} {
		t.Run(c.name, func(t *testing.T) {
			store := newMapCache()
			r := registry(t, Settings{Cache: store}, tools[c.tool])
			ctx := context.Background()
			want, err := r.Execute(ctx, c.tool, nil) // runs the tool, stores its result
			if err != nil || !want.Success {
				t.Fatalf("%+v, %v", want, err)
			}
			key := r.CacheKeyOf(c.tool, nil)
			if !bytes.Equal(store.values[key], good[c.tool]) {
				t.Fatalf("stored %q, want %q", store.values[key], good[c.tool])
			}
			store.values[key] = c.value
			sets := store.sets
			for i := range 2 {
				res, err := r.Execute(ctx, c.tool, nil)
				if err != nil || !res.Success || res.Output != want.Output || !sameData(res.Data, want.Data) {
					t.Fatalf("call %d: %+v, %v\nwant %+v", i, res, err, want)
				}
			}
			if n := r.BadCacheValues(); n != 1 {
				t.Errorf("%d bad values counted, want 1", n)
			}
			// The tool ran once more, and its result replaced the bad value.
			if store.sets != sets+1 || !bytes.Equal(store.values[key], good[c.tool]) {
				t.Errorf("%d sets, stored %q; want 1, %q", store.sets-sets, store.values[key], good[c.tool])
			}
		})
	}
}

// sameData reports whether a and b, the Data of two results, are equal.
func sameData(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

// TestCacheWellFormedValue: a value that can be what a registry stored is
// served as it is, whoever wrote it, and counts as nothing: the checks
// find what a store garbles, not what one that is written to lies.
func TestCacheWellFormedValue(t *testing.T) {
	var runs atomic.Int32
	store := newMapCache()
	r := registry(t, Settings{Cache: store}, cachedTool("text", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		return "sunny", nil
	}))
	store.values[r.CacheKeyOf("text", nil)] = seal(kindText, "rain")
	res, err := r.Execute(context.Background(), "text", nil)
	if err != nil || res.Output != "rain" || runs.Load() != 0 || r.BadCacheValues() != 0 {
		t.Errorf("%+v, %v, %d runs, %d bad; want rain, no run, none bad", res, err, runs.Load(), r.BadCacheValues())
	}
}

// TestCacheValueOverMaxOutput: in a fleet whose registries have different
// MaxOutput, a result one stored may be longer than another's limit. That
// is no bad value: the registry with the smaller limit answers as the
// tool's own result of that length would make it answer, asking for less,
// without running the tool or counting the value.
func TestCacheValueOverMaxOutput(t *testing.T) {
	var runs atomic.Int32
	tool := cachedTool("text", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		return strings.Repeat("x", 100), nil
	})
	store := newMapCache()
	large := registry(t, Settings{Cache: store}, tool)
	small := registry(t, Settings{Cache: store, MaxOutput: 50}, tool)
	ctx := context.Background()
	if res, err := large.Execute(ctx, "text", nil); err != nil || !res.Success {
		t.Fatalf("%+v, %v", res, err)
	}
	res, err := small.Execute(ctx, "text", nil)
	if err != nil || res.Success || !strings.Contains(res.Error, "over the limit of 50: ask for less") {
		t.Errorf("%+v, %v; want a failure asking for less", res, err)
	}
	if runs.Load() != 1 || small.BadCacheValues() != 0 {
		t.Errorf("%d runs, %d bad values; want 1 run, none bad", runs.Load(), small.BadCacheValues())
	}
}

// TestCacheTextNotUTF8: a text result that is not UTF-8 (a tool written by
// hand that returns a file's bytes) is not given to a shared store, whose
// reader would refuse it and count it bad at every call; the registry's
// own cache keeps it.
func TestCacheTextNotUTF8(t *testing.T) {
	var runs atomic.Int32
	tool := cachedTool("raw", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		return "a\xffb", nil
	})
	store := newMapCache()
	shared := registry(t, Settings{Cache: store}, tool)
	own := registry(t, Settings{}, tool)
	for _, r := range []*Registry{shared, shared, own, own} {
		if res, err := r.Execute(context.Background(), "raw", nil); err != nil || res.Output != "a\xffb" {
			t.Fatalf("%+v, %v", res, err)
		}
	}
	if runs.Load() != 3 || store.sets != 0 || shared.BadCacheValues() != 0 {
		t.Errorf("%d runs, %d sets, %d bad; want 3, 0, 0", runs.Load(), store.sets, shared.BadCacheValues())
	}
}

// TestCacheBadValueShared: identical calls at the same time that find a
// bad value share the one call of the tool that replaces it, and it is
// counted once (run with -race).
func TestCacheBadValueShared(t *testing.T) {
	var runs atomic.Int32
	release := make(chan struct{})
	store := newMapCache()
	r := registry(t, Settings{Cache: store}, cachedTool("slow", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		<-release
		return "done", nil
	}))
	store.values[r.CacheKeyOf("slow", nil)] = seal(kindText, "done\xff")
	var wg sync.WaitGroup
	results := make([]*Result, 8)
	for i := range results {
		wg.Go(func() { results[i], _ = r.Execute(context.Background(), "slow", nil) })
	}
	waitFor(t, "the calls to join the first", func() bool { return Waiters(r) == len(results)-1 })
	close(release)
	wg.Wait()
	for i, res := range results {
		if res == nil || res.Output != "done" {
			t.Errorf("call %d: %+v", i, res)
		}
	}
	if runs.Load() != 1 || r.BadCacheValues() != 1 {
		t.Errorf("%d runs, %d bad; want 1 and 1", runs.Load(), r.BadCacheValues())
	}
}
