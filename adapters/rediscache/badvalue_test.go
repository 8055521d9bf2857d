package rediscache_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/adapters/rediscache"
	"github.com/toolgen-go/toolgen/adapters/rediscache/internal/lookup"
)

// TestBadValue: a value in Redis under a registry's key that cannot be
// what a registry stored (truncated, garbled, another program's, larger
// than MaxValue) is a miss: the tool runs, its caller gets its result,
// the result replaces the value in Redis, and the registry counts it
// (the Cache reports one over MaxValue, which it does not return; an
// empty value is, as Redis answers GETRANGE, no value).
func TestBadValue(t *testing.T) {
	s := startRedis(t)
	ctx := context.Background()
	// Small, so that reading a value one byte over it takes no time: one
	// of 1 MiB, the default, took over Timeout under -race on a loaded
	// machine.
	const maxValue = 4096
	for _, c := range []struct {
		name    string
		bad     func(good []byte) []byte
		counted bool // by the registry; else reported by the Cache
		none    bool // neither: Get reads it as no value (GETRANGE's "")
	}{
		{"truncated", func(good []byte) []byte { return good[:len(good)-3] }, true, false},
		{"garbled", func(good []byte) []byte {
			v := bytes.Clone(good)
			v[5] ^= 1
			return v
		}, true, false},
		{"empty", func([]byte) []byte { return []byte{} }, false, true},
		{"another program's", func([]byte) []byte { return []byte(`{"key":"k","value":"forged"}`) }, true, false},
		{"over MaxValue", func([]byte) []byte { return bytes.Repeat([]byte("j"), maxValue+1) }, false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			counter := new(lookup.Counter)
			prefix := "bad:" + strings.ReplaceAll(c.name, " ", "-") + ":"
			a := newReplica(t, s, counter, rediscache.Options{Prefix: prefix, MaxValue: maxValue})
			b := newReplica(t, s, counter, rediscache.Options{Prefix: prefix, MaxValue: maxValue})
			first := a.call(t, "lookup", `{"key":"k"}`)
			client := s.client()
			keys, err := client.Keys(ctx, prefix+"*").Result()
			if err != nil || len(keys) != 1 {
				t.Fatalf("keys %q, %v; want one", keys, err)
			}
			good, err := client.Get(ctx, keys[0]).Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if err := client.Set(ctx, keys[0], c.bad(good), 0).Err(); err != nil {
				t.Fatal(err)
			}
			// b finds the bad value: the tool runs again, for it alone.
			second := b.call(t, "lookup", `{"key":"k"}`)
			want := strings.Replace(first.Output, `"run":1`, `"run":2`, 1)
			if second.Output != want || counter.Runs("k") != 2 {
				t.Errorf("got %s after %d runs; want %s after 2", second.Output, counter.Runs("k"), want)
			}
			counted, reported := b.reg.BadCacheValues(), b.errs.Load()
			switch {
			case c.none && (counted != 0 || reported != 0),
				!c.none && c.counted && (counted != 1 || reported != 0),
				!c.none && !c.counted && (counted != 0 || reported != 1):
				t.Errorf("%d bad values counted, %d reported to OnError", counted, reported)
			}
			// Its result replaced the bad value: a reuses it.
			if again := a.call(t, "lookup", `{"key":"k"}`); again.Output != want || counter.Runs("k") != 2 {
				t.Errorf("got %s after %d runs; want %s reused", again.Output, counter.Runs("k"), want)
			}
			if a.reg.BadCacheValues() != 0 || a.errs.Load() != 0 {
				t.Errorf("a: %d bad values counted, %d reported; want none", a.reg.BadCacheValues(), a.errs.Load())
			}
		})
	}
}

// TestBadValueHuge: a value far over MaxValue under a registry's key (128
// MiB, which takes far longer than Timeout to arrive whole) is a miss reported
// as over MaxValue, found in a fraction of Timeout, and no failure of
// Redis: the Cache does not leave Redis alone, so the next key is read.
func TestBadValueHuge(t *testing.T) {
	s := startRedis(t)
	ctx := context.Background()
	client := s.client()
	var reported []error
	// Reading 64 KiB takes far less than Timeout, 128 MiB far more.
	cache, err := rediscache.New(client, rediscache.Options{
		Prefix: "huge:", Timeout: 50 * time.Millisecond, MaxValue: 64 << 10,
		OnError: func(err error) { reported = append(reported, err) },
	})
	if err != nil {
		t.Fatal(err)
	}
	// Redis makes the value itself: 128 MiB of zero bytes.
	if err := client.SetRange(ctx, "huge:big", 128<<20-1, "j").Err(); err != nil {
		t.Fatal(err)
	}
	cache.Set(ctx, "good", []byte("t1234"), time.Minute)
	start := time.Now()
	if _, ok := cache.Get(ctx, "big"); ok {
		t.Error("a value of 128 MiB was returned")
	}
	took := time.Since(start)
	if len(reported) != 1 || !strings.Contains(reported[0].Error(), "over MaxValue") {
		t.Errorf("reported %v; want one value over MaxValue", reported)
	}
	if v, ok := cache.Get(ctx, "good"); !ok || string(v) != "t1234" {
		t.Errorf("the next Get: %q, %v; want the value, Redis not left alone", v, ok)
	}
	t.Logf("found over MaxValue in %v", took)
}
