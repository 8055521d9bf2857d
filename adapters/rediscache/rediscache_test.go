package rediscache_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"go.uber.org/goleak"

	"github.com/toolgen-go/toolgen/adapters/rediscache"
	"github.com/toolgen-go/toolgen/adapters/rediscache/internal/lookup"
	"github.com/toolgen-go/toolgen/runtime"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// replica is what a process of a fleet has: its own client of the shared
// Redis, its Cache and its registry.
type replica struct {
	cache *rediscache.Cache
	reg   *runtime.Registry
	// errs counts the failures reported to OnError.
	errs atomic.Int64
	// commands counts the commands the client sent to Redis.
	commands atomic.Int64
}

// newReplica returns a replica whose registry has the tools of counter
// and keeps their results in the Redis of s.
func newReplica(t *testing.T, s *redisServer, counter *lookup.Counter, o rediscache.Options) *replica {
	t.Helper()
	r := &replica{}
	client := s.client()
	client.AddHook(countHook{&r.commands})
	if o.OnError == nil {
		o.OnError = func(err error) {
			r.errs.Add(1)
			t.Logf("OnError: %v", err)
		}
	}
	cache, err := rediscache.New(client, o)
	if err != nil {
		t.Fatal(err)
	}
	r.cache = cache
	r.reg = runtime.NewRegistry(&runtime.Settings{Cache: cache})
	if err := r.reg.Register(lookup.Tools(counter)...); err != nil {
		t.Fatal(err)
	}
	return r
}

// countHook counts the commands a client sends.
type countHook struct{ n *atomic.Int64 }

func (countHook) DialHook(next redis.DialHook) redis.DialHook { return next }

func (h countHook) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		h.n.Add(1)
		return next(ctx, cmd)
	}
}

func (h countHook) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// call calls tool on r with args and fails the test unless it succeeds.
func (r *replica) call(t *testing.T, tool, args string) runtime.Result {
	t.Helper()
	res, err := r.reg.Execute(context.Background(), tool, json.RawMessage(args))
	if err != nil || !res.Success {
		t.Fatalf("%s %s: %+v, %v", tool, args, res, err)
	}
	return *res
}

// TestShared computes a result on one registry and gets it from Redis on
// another, each with a client of its own, as two processes would: the
// tool runs once, and both callers get the same result.
func TestShared(t *testing.T) {
	s := startRedis(t)
	counter := new(lookup.Counter)
	a := newReplica(t, s, counter, rediscache.Options{})
	b := newReplica(t, s, counter, rediscache.Options{})

	first := a.call(t, "lookup", `{"key":"k1"}`)
	second := b.call(t, "lookup", `{ "key" : "k1" }`) // the same call, written differently
	if n := counter.Runs("k1"); n != 1 {
		t.Errorf("the tool ran %d times for two identical calls on two registries sharing Redis, want 1", n)
	}
	want := `{"key":"k1","value":"value of k1","run":1}`
	if first.Output != want || second.Output != want {
		t.Errorf("outputs %s and %s, want %s twice", first.Output, second.Output, want)
	}
	if !second.Structured || string(second.Data.(json.RawMessage)) != want {
		t.Errorf("the reused result is %+v, want a structured result with Data %s", second, want)
	}
	b.call(t, "lookup", `{"key":"k2"}`)
	a.call(t, "lookup", `{"key":"k2"}`)
	if n := counter.Total(); n != 2 {
		t.Errorf("the tool ran %d times for two keys called on both registries, want 2", n)
	}
	if a.errs.Load()+b.errs.Load() != 0 {
		t.Errorf("%d failures reported, want none", a.errs.Load()+b.errs.Load())
	}

	// The keys are the registry's, under the default prefix, with the
	// tool's TTL (cache=1m).
	ctx := context.Background()
	keys, err := s.client().Keys(ctx, "*").Result()
	if err != nil {
		t.Fatal(err)
	}
	if len(keys) != 2 {
		t.Fatalf("keys in Redis: %q, want 2", keys)
	}
	for _, k := range keys {
		if !strings.HasPrefix(k, "toolgen:lookup:") {
			t.Errorf("key %q, want it to start with toolgen:lookup:", k)
		}
		ttl, err := s.client().PTTL(ctx, k).Result()
		if err != nil || ttl <= 50*time.Second || ttl > time.Minute {
			t.Errorf("TTL of %q: %v, %v; want a little under the tool's cache=1m", k, ttl, err)
		}
	}
}

// TestTTL calls a tool marked cache=500ms on two registries before and
// after its results expire: Redis drops them, and the tool runs again.
func TestTTL(t *testing.T) {
	s := startRedis(t)
	counter := new(lookup.Counter)
	a := newReplica(t, s, counter, rediscache.Options{})
	b := newReplica(t, s, counter, rediscache.Options{})

	start := time.Now()
	a.call(t, "brief", `{"key":"x"}`)
	b.call(t, "brief", `{"key":"x"}`)
	if time.Since(start) < 400*time.Millisecond {
		if n := counter.Runs("brief:x"); n != 1 {
			t.Fatalf("the tool ran %d times within its cache=500ms, want 1", n)
		}
	}
	time.Sleep(time.Until(start.Add(600 * time.Millisecond)))
	b.call(t, "brief", `{"key":"x"}`)
	a.call(t, "brief", `{"key":"x"}`)
	if n := counter.Runs("brief:x"); n != 2 {
		t.Errorf("the tool ran %d times, once before and once after its result expired, want 2", n)
	}
}

// TestPrefix has two programs share a Redis under prefixes of their own:
// neither reuses the other's results, and each finds its keys under its
// prefix only.
func TestPrefix(t *testing.T) {
	s := startRedis(t)
	counter := new(lookup.Counter)
	app1 := newReplica(t, s, counter, rediscache.Options{Prefix: "app1:"})
	app2 := newReplica(t, s, counter, rediscache.Options{Prefix: "app2:v7:"})
	app2again := newReplica(t, s, counter, rediscache.Options{Prefix: "app2:v7:"})

	app1.call(t, "lookup", `{"key":"k"}`)
	app2.call(t, "lookup", `{"key":"k"}`)
	app2again.call(t, "lookup", `{"key":"k"}`)
	if n := counter.Runs("k"); n != 2 {
		t.Errorf("the tool ran %d times for one call in each of two namespaces (and a second replica of one), want 2", n)
	}
	ctx := context.Background()
	for _, prefix := range []string{"app1:", "app2:v7:"} {
		keys, err := s.client().Keys(ctx, prefix+"*").Result()
		if err != nil {
			t.Fatal(err)
		}
		if len(keys) != 1 || !strings.HasPrefix(keys[0], prefix+"lookup:") {
			t.Errorf("keys under %s: %q, want one of the lookup tool", prefix, keys)
		}
	}
	if n, err := s.client().DBSize(ctx).Result(); err != nil || n != 2 {
		t.Errorf("Redis holds %d keys (%v), want 2", n, err)
	}
}

// TestConcurrent makes many calls of a few keys at once on two registries
// sharing Redis: each key runs at most once per registry (the registry's
// single-flight), every call gets the key's result, and calls made later
// on either registry run nothing.
func TestConcurrent(t *testing.T) {
	s := startRedis(t)
	counter := &lookup.Counter{Delay: 20 * time.Millisecond}
	// A cold burst of calls opens dozens of connections at once, each a
	// dial and a handshake: on a small machine under -race that can take
	// longer than the default timeout, which would make the Cache back
	// off (TestRedisGoesAway tests that).
	o := rediscache.Options{Timeout: 2 * time.Second}
	replicas := []*replica{
		newReplica(t, s, counter, o),
		newReplica(t, s, counter, o),
	}
	const keys, callers = 8, 128
	var wg sync.WaitGroup
	var failed atomic.Int64
	for i := range callers {
		wg.Go(func() {
			key := fmt.Sprintf("k%d", i%keys)
			res, err := replicas[i%2].reg.Execute(context.Background(), "lookup", json.RawMessage(`{"key":"`+key+`"}`))
			if err != nil || !res.Success || !strings.Contains(res.Output, `"value":"value of `+key+`"`) {
				failed.Add(1)
				t.Errorf("%s: %+v, %v", key, res, err)
			}
		})
	}
	wg.Wait()
	for k := range keys {
		key := fmt.Sprintf("k%d", k)
		if n := counter.Runs(key); n < 1 || n > 2 {
			t.Errorf("%s ran %d times on two registries, want once or twice", key, n)
		}
	}
	total := counter.Total()
	for i := range callers {
		replicas[i%2].call(t, "lookup", fmt.Sprintf(`{"key":"k%d"}`, i%keys))
	}
	if n := counter.Total(); n != total {
		t.Errorf("calls made after the results were stored ran the tool %d more times, want 0", n-total)
	}
}

// TestRedisGoesAway stops Redis in the middle of a run, first by pausing
// it (it hangs), then by killing it: calls go on, uncached, each within
// the Cache's timeout of its tool's own time, and while the Cache backs
// off they send Redis nothing. When Redis is back, caching resumes.
func TestRedisGoesAway(t *testing.T) {
	s := startRedis(t)
	counter := new(lookup.Counter)
	const timeout, backoff = 100 * time.Millisecond, 300 * time.Millisecond
	o := rediscache.Options{Timeout: timeout, Backoff: backoff}
	a := newReplica(t, s, counter, o)
	b := newReplica(t, s, counter, o)
	a.call(t, "lookup", `{"key":"before"}`)
	b.call(t, "lookup", `{"key":"before"}`)
	if n := counter.Runs("before"); n != 1 {
		t.Fatalf("before the outage the tool ran %d times, want 1", n)
	}

	// slowest is how long a call may take while Redis hangs: a Get and a
	// Set that each wait out the timeout, and room for a loaded machine;
	// far below the seconds of a client's own read timeout, which a
	// client that ignores deadlines would wait.
	const slowest = 2*timeout + time.Second
	outage := func(name string) {
		t.Helper()
		errs := a.errs.Load()
		commands := a.commands.Load()
		start := time.Now()
		const calls = 20
		for i := range calls {
			key := fmt.Sprintf("%s-%d", name, i%5)
			t0 := time.Now()
			a.call(t, "lookup", `{"key":"`+key+`"}`)
			if d := time.Since(t0); d > slowest {
				t.Errorf("%s: a call took %v, want at most %v", name, d, slowest)
			}
		}
		elapsed := time.Since(start)
		// Uncached: each of the 5 keys ran 4 times.
		for i := range 5 {
			if n := counter.Runs(fmt.Sprintf("%s-%d", name, i)); n != calls/5 {
				t.Errorf("%s: key %d ran %d times, want %d (uncached)", name, i, n, calls/5)
			}
		}
		if a.errs.Load() == errs {
			t.Errorf("%s: no failure reported to OnError", name)
		}
		// One command fails, then one per back-off at most.
		if sent, most := a.commands.Load()-commands, 1+int64(elapsed/backoff)+1; sent > most {
			t.Errorf("%s: %d calls in %v sent Redis %d commands, want at most %d", name, calls, elapsed, sent, most)
		}
		t.Logf("%s: %d calls in %v, %d commands sent, %d failures reported", name, calls, elapsed, a.commands.Load()-commands, a.errs.Load()-errs)
	}

	s.pause()
	outage("paused")
	s.resume()
	time.Sleep(backoff)
	a.call(t, "lookup", `{"key":"resumed"}`) // a probe succeeds: caching resumes
	b.call(t, "lookup", `{"key":"resumed"}`)
	b.call(t, "lookup", `{"key":"before"}`) // still there: Redis only hung
	if n, m := counter.Runs("resumed"), counter.Runs("before"); n != 1 || m != 1 {
		t.Errorf("after Redis resumed, the tool ran %d and %d times for keys called on both registries, want 1 and 1", n, m)
	}

	s.stop()
	outage("killed")
	if err := s.start(); err != nil { // an empty Redis on the same port
		t.Fatal(err)
	}
	time.Sleep(backoff)
	a.call(t, "lookup", `{"key":"restarted"}`)
	b.call(t, "lookup", `{"key":"restarted"}`)
	a.call(t, "lookup", `{"key":"restarted"}`)
	if n := counter.Runs("restarted"); n != 1 {
		t.Errorf("after Redis restarted, the tool ran %d times for a key called on both registries, want 1", n)
	}
}

// TestNew refuses what would make a Cache slow or useless.
func TestNew(t *testing.T) {
	if _, err := rediscache.New(nil, rediscache.Options{}); err == nil || !strings.Contains(err.Error(), "nil") {
		t.Errorf("New(nil): %v, want an error about the nil client", err)
	}
	client := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"})
	defer client.Close()
	if _, err := rediscache.New(client, rediscache.Options{}); err == nil || !strings.Contains(err.Error(), "ContextTimeoutEnabled") {
		t.Errorf("New with a client that ignores deadlines: %v, want an error that names ContextTimeoutEnabled", err)
	}
}

// TestNoRedis uses a Cache whose Redis never existed: calls succeed
// uncached, a canceled call is not reported as a failure of Redis, and
// a Set of a zero TTL sends nothing.
func TestNoRedis(t *testing.T) {
	port := freePort(t) // nothing listens there
	client := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", port), ContextTimeoutEnabled: true})
	defer client.Close()
	var errs []error
	var mu sync.Mutex
	cache, err := rediscache.New(client, rediscache.Options{Backoff: -1, OnError: func(err error) {
		mu.Lock()
		defer mu.Unlock()
		errs = append(errs, err)
	}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := cache.Get(ctx, "k"); ok {
		t.Error("Get of a canceled call found a value")
	}
	cache.Set(context.Background(), "k", []byte("tvalue"), 0)
	if len(errs) != 0 {
		t.Errorf("reported %v, want nothing for a canceled Get and a Set of no TTL", errs)
	}
	counter := new(lookup.Counter)
	reg := runtime.NewRegistry(&runtime.Settings{Cache: cache})
	if err := reg.Register(lookup.Tools(counter)...); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		res, err := reg.Execute(context.Background(), "lookup", json.RawMessage(`{"key":"k"}`))
		if err != nil || !res.Success {
			t.Fatalf("%+v, %v", res, err)
		}
	}
	if n := counter.Runs("k"); n != 3 {
		t.Errorf("without Redis the tool ran %d times for 3 calls, want 3", n)
	}
	// Without back-off, each call's Get and Set fail and are reported.
	if len(errs) != 6 {
		t.Errorf("%d failures reported, want 6: %v", len(errs), errs)
	}
	for _, err := range errs {
		if !strings.HasPrefix(err.Error(), "rediscache: ") || !strings.Contains(err.Error(), "toolgen:lookup:") || errors.Is(err, redis.Nil) {
			t.Errorf("reported %q, want the operation and the key", err)
		}
	}
}

// TestLogsByDefault has a Cache without OnError report a failure of
// Redis: slog.Default logs it at level Warn.
func TestLogsByDefault(t *testing.T) {
	var buf strings.Builder
	var mu sync.Mutex
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(lockedWriter{&mu, &buf}, nil)))
	defer slog.SetDefault(old)
	client := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", freePort(t)), ContextTimeoutEnabled: true, DialerRetries: 1})
	defer client.Close()
	cache, err := rediscache.New(client, rediscache.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cache.Get(context.Background(), "tool:abc"); ok {
		t.Fatal("Get found a value without Redis")
	}
	mu.Lock()
	if got := buf.String(); !strings.Contains(got, "level=WARN") || !strings.Contains(got, "rediscache: get toolgen:tool:abc") {
		t.Errorf("logged %q, want a warning naming the command and key", got)
	}
	mu.Unlock()
}

// TestLogsAtMostEverySecond has a Redis answer every command with an
// error (OOM under maxmemory with noeviction), which starts no back-off:
// the default OnError logs one record a second, not one a call, and says
// how many it left out.
func TestLogsAtMostEverySecond(t *testing.T) {
	s := startRedis(t)
	var buf strings.Builder
	var mu sync.Mutex
	old := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(lockedWriter{&mu, &buf}, nil)))
	defer slog.SetDefault(old)
	bg := context.Background()
	admin := s.client()
	for _, args := range [][]any{{"CONFIG", "SET", "maxmemory", "1"}, {"CONFIG", "SET", "maxmemory-policy", "noeviction"}} {
		if err := admin.Do(bg, args...).Err(); err != nil {
			t.Fatal(err)
		}
	}
	defer admin.Do(bg, "CONFIG", "SET", "maxmemory", "0")
	cache, err := rediscache.New(s.client(), rediscache.Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for i := range 50 {
		cache.Set(bg, fmt.Sprintf("tool:oom%d", i), []byte("tvalue"), time.Minute)
	}
	time.Sleep(time.Until(start.Add(1100 * time.Millisecond)))
	cache.Set(bg, "tool:oom-last", []byte("tvalue"), time.Minute)
	mu.Lock()
	defer mu.Unlock()
	got := buf.String()
	if n := strings.Count(got, "level=WARN"); n != 2 || !strings.Contains(got, "OOM") || !strings.Contains(got, "failures_not_logged=49") {
		t.Errorf("50 failures, then one a second later, logged %d records:\n%s\nwant 2, the second saying 49 were left out", n, got)
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// TestRedisDiesUnderLoad kills Redis while calls are under way on two
// registries: every call succeeds, none waits much longer than the
// Cache's timeout, and the tool keeps running for the calls that Redis
// no longer answers.
func TestRedisDiesUnderLoad(t *testing.T) {
	s := startRedis(t)
	counter := &lookup.Counter{Delay: time.Millisecond}
	const timeout = 100 * time.Millisecond
	o := rediscache.Options{Timeout: timeout, Backoff: 200 * time.Millisecond}
	replicas := []*replica{newReplica(t, s, counter, o), newReplica(t, s, counter, o)}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var calls, slowest atomic.Int64
	for w := range 8 {
		wg.Go(func() {
			for i := 0; ctx.Err() == nil; i++ {
				t0 := time.Now()
				args := fmt.Sprintf(`{"key":"w%d-%d"}`, w, i%10)
				res, err := replicas[w%2].reg.Execute(context.Background(), "lookup", json.RawMessage(args))
				d := time.Since(t0)
				if err != nil || !res.Success {
					t.Errorf("%s: %+v, %v", args, res, err)
					return
				}
				calls.Add(1)
				for {
					old := slowest.Load()
					if int64(d) <= old || slowest.CompareAndSwap(old, int64(d)) {
						break
					}
				}
			}
		})
	}
	time.Sleep(200 * time.Millisecond)
	before := counter.Total()
	s.stop()
	time.Sleep(500 * time.Millisecond)
	cancel()
	wg.Wait()
	if d, most := time.Duration(slowest.Load()), 2*timeout+time.Second; d > most {
		t.Errorf("the slowest call took %v, want at most %v", d, most)
	}
	if after := counter.Total(); after == before {
		t.Error("the tool did not run once Redis was gone")
	}
	t.Logf("%d calls, the slowest %v; the tool ran %d times before Redis died, %d after", calls.Load(), time.Duration(slowest.Load()), before, counter.Total()-before)
}

// TestRedisAnswersError stores something else under a key the Cache
// reads: Redis answers WRONGTYPE, which is reported but is no reason to
// back off, since Redis answers.
func TestRedisAnswersError(t *testing.T) {
	s := startRedis(t)
	r := newReplica(t, s, new(lookup.Counter), rediscache.Options{Prefix: "p:"})
	ctx := context.Background()
	if err := s.client().LPush(ctx, "p:tool:abc", "x").Err(); err != nil {
		t.Fatal(err)
	}
	if _, ok := r.cache.Get(ctx, "tool:none"); ok { // connects
		t.Error("Get found a value never stored")
	}
	before := r.commands.Load()
	for range 2 {
		if _, ok := r.cache.Get(ctx, "tool:abc"); ok {
			t.Error("Get found a value under a list")
		}
	}
	if n, m := r.errs.Load(), r.commands.Load()-before; n != 2 || m != 2 {
		t.Errorf("two Gets of a list: %d failures reported and %d commands sent, want 2 and 2", n, m)
	}
	r.cache.Set(ctx, "tool:def", []byte("tvalue"), 500*time.Microsecond) // below Redis's millisecond
	r.cache.Set(ctx, "tool:ghi", []byte("tvalue"), time.Hour)
	if v, ok := r.cache.Get(ctx, "tool:ghi"); !ok || string(v) != "tvalue" {
		t.Errorf("Get after Set: %q, %v", v, ok)
	}
	if n := r.errs.Load(); n != 2 {
		t.Errorf("%d failures reported, want only the two Gets of a list", n)
	}
}

// TestSetHoldsNoCall has Redis hold writes (CLIENT PAUSE WRITE) while a
// call with a short deadline stores its result: Set returns at the call's
// deadline, not at the end of the Cache's Timeout, and the value is
// stored all the same once Redis takes writes again, within the Timeout.
func TestSetHoldsNoCall(t *testing.T) {
	s := startRedis(t)
	r := newReplica(t, s, new(lookup.Counter), rediscache.Options{Timeout: 2 * time.Second})
	admin := s.client()
	bg := context.Background()
	if _, ok := r.cache.Get(bg, "tool:none"); ok { // connects
		t.Fatal("Get found a value never stored")
	}
	if err := admin.Do(bg, "CLIENT", "PAUSE", "700", "WRITE").Err(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(bg, 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	r.cache.Set(ctx, "tool:abc", []byte("tvalue"), time.Minute)
	if d := time.Since(start); d > 400*time.Millisecond {
		t.Errorf("Set of a call with a deadline of 50ms returned after %v, while Redis held writes", d)
	}
	var v []byte
	var ok bool
	for deadline := time.Now().Add(3 * time.Second); !ok && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		v, ok = r.cache.Get(bg, "tool:abc")
	}
	if !ok || string(v) != "tvalue" {
		t.Errorf("after Redis took writes again: %q, %v; want the value stored", v, ok)
	}
	if n := r.errs.Load(); n != 0 {
		t.Errorf("%d failures reported, want none", n)
	}
}

// TestMaxValue checks that a result over Options.MaxValue is not stored:
// read back, a value of tens of megabytes overran the Timeout, which
// counted as a failure and left Redis alone for every call.
func TestMaxValue(t *testing.T) {
	s := startRedis(t)
	bg := context.Background()
	for _, c := range []struct {
		max   int
		size  int
		store bool
	}{
		{0, 1 << 20, true}, {0, 1<<20 + 1, false}, {16, 16, true}, {16, 17, false}, {-1, 2 << 20, true},
	} {
		r := newReplica(t, s, new(lookup.Counter), rediscache.Options{MaxValue: c.max})
		key := fmt.Sprintf("tool:max%d-%d", c.max, c.size)
		value := bytes.Repeat([]byte("t"), c.size)
		r.cache.Set(bg, key, value, time.Minute)
		got, ok := r.cache.Get(bg, key)
		if ok != c.store || ok && !bytes.Equal(got, value) {
			t.Errorf("MaxValue %d, a value of %d bytes: stored %v, want %v", c.max, c.size, ok, c.store)
		}
		if n := r.errs.Load(); n != 0 {
			t.Errorf("%d failures reported, want none", n)
		}
	}
}
