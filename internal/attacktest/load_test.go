package attacktest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	goruntime "runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolgen-go/toolgen/runtime"
)

// The kinds of call the load test mixes, and how many of each hundred
// calls are of that kind (see kindOf).
const (
	kindPlain = iota
	kindCached
	kindRetried
	kindTimeout
	kindPanic
	kindRejected
	kindStream
	kinds
)

var kindNames = [kinds]string{"plain", "cached", "retried", "timeout", "panic", "rejected", "stream"}

// kindOf spreads the kinds over i: per 100 calls, 1 timeout, 10 panics,
// 15 rejected, 20 cached, 10 retried, 5 streamed, 39 plain.
func kindOf(i int) int {
	switch n := i % 100; {
	case n < 1:
		return kindTimeout
	case n < 11:
		return kindPanic
	case n < 26:
		return kindRejected
	case n < 46:
		return kindCached
	case n < 56:
		return kindRetried
	case n < 61:
		return kindStream
	}
	return kindPlain
}

// TestLoad makes 64 goroutines × 10,000 mixed calls through Execute, ExecuteAll
// and ExecuteStream: cached calls, calls retried twice after a Retryable
// failure (RetryDelay 1µs), calls abandoned at their 2 ms deadline, panics,
// rejected arguments, streamed and plain calls. Every call must get
// exactly one Result, of the outcome its kind calls for (a timeout call may
// succeed if its caller was not scheduled before the function's 100 ms
// sleep ended; such calls are logged); the registry must count the
// abandoned calls; and once the abandoned functions have
// returned, no goroutine may be left (goleak). It logs calls per second
// and the registry's overhead over calling the function directly, in ns
// per call. It is not timed as pass or fail, and skipped with -short.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("the load test takes seconds; skipped with -short")
	}
	goroutinesBefore := goruntime.NumGoroutine()
	defer goleak.VerifyNone(t)
	const workers = 64
	// 640,000 calls take about 23 s under the race detector on 2 cores,
	// 9 s without; lower perWorker under raceEnabled if that grows.
	const perWorker = 10_000
	ctx := context.Background()
	reg := newRegistry(t, nil, &runtime.Settings{RetryDelay: time.Microsecond})

	var made, results [kinds]atomic.Int64
	var abandoned, late atomic.Int64 // the outcomes of timeout calls
	var wrong [kinds]atomic.Int64
	var firstWrong [kinds]sync.Once
	bad := func(kind int, res *runtime.Result, err error, why string) {
		wrong[kind].Add(1)
		firstWrong[kind].Do(func() { t.Errorf("a %s call: %s: %+v %v", kindNames[kind], why, res, err) })
	}
	// check counts one Result of a call of kind and checks its outcome.
	check := func(kind int, args string, res *runtime.Result, err error) {
		results[kind].Add(1)
		if res == nil {
			bad(kind, res, err, "nil Result")
			return
		}
		if err != nil {
			bad(kind, res, err, "Go error")
			return
		}
		var pe *runtime.PanicError
		var te *runtime.TimeoutError
		switch kind {
		case kindPlain:
			if !res.Success || res.Output != "3" {
				bad(kind, res, err, "want 3")
			}
		case kindCached:
			if !res.Success || !strings.HasPrefix(res.Output, `{"key":"load-`) {
				bad(kind, res, err, "want the lookup")
			}
		case kindRetried:
			var in struct{ Key string }
			json.Unmarshal([]byte(args), &in)
			if !res.Success || res.Output != "ok "+in.Key {
				bad(kind, res, err, "want success on the third attempt")
			}
		case kindTimeout:
			switch {
			case errors.As(res.Err, &te) && te.Abandoned && !res.Success:
				abandoned.Add(1)
			case res.Success && res.Output == "awake":
				// The caller's goroutine was not scheduled until after
				// the function's 100 ms sleep: both were ready, and the
				// result was taken. Rare under -race on 2 cores.
				late.Add(1)
			default:
				bad(kind, res, err, "want an abandoned timeout")
			}
		case kindPanic:
			if res.Success || !errors.As(res.Err, &pe) || len(pe.Stack) == 0 {
				bad(kind, res, err, "want a PanicError")
			}
		case kindRejected:
			if res.Success || res.Err != nil || len(res.Problems) != 3 {
				bad(kind, res, err, "want three problems")
			}
		case kindStream:
			if !res.Success || res.Output != "word word word " {
				bad(kind, res, err, "want three words")
			}
		}
	}
	call := func(w, i int) (string, string) {
		switch kindOf(i) {
		case kindCached:
			return "cached_lookup", fmt.Sprintf(`{"key":"load-%d","delay":0}`, i%8)
		case kindRetried:
			return "flaky", fmt.Sprintf(`{"key":"w%d-%d"}`, w, i)
		case kindTimeout:
			return "stall", `{"ms":100}`
		case kindPanic:
			return "explode", `{}`
		case kindRejected:
			return "add", `{"a":"1","c":2}`
		case kindStream:
			return "stream_words", `{"n":3}`
		}
		return "add", `{"a":1,"b":2}`
	}

	start := time.Now()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := 0; i < perWorker; {
				// Every 10th round, a turn of 4 calls through ExecuteAll.
				if i%10 == 9 && i+4 <= perWorker {
					calls := make([]runtime.Call, 4)
					for j := range calls {
						name, args := call(w, i+j)
						calls[j] = runtime.Call{Name: name, Args: json.RawMessage(args)}
						made[kindOf(i+j)].Add(1)
					}
					rs, err := reg.ExecuteAll(ctx, calls)
					if len(rs) != len(calls) {
						t.Errorf("ExecuteAll: %d results for %d calls", len(rs), len(calls))
					}
					for j := range rs {
						check(kindOf(i+j), string(calls[j].Args), &rs[j], err)
					}
					i += 4
					continue
				}
				kind := kindOf(i)
				name, args := call(w, i)
				made[kind].Add(1)
				var res *runtime.Result
				var err error
				if kind == kindStream {
					var chunks int
					res, err = reg.ExecuteStream(ctx, name, json.RawMessage(args), func(runtime.Chunk) { chunks++ })
					if chunks != 3 {
						bad(kind, res, err, fmt.Sprintf("%d chunks emitted, want 3", chunks))
					}
				} else {
					res, err = reg.Execute(ctx, name, json.RawMessage(args))
				}
				check(kind, args, res, err)
				i++
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)

	total := int64(0)
	for k := range kinds {
		if made[k].Load() != results[k].Load() {
			t.Errorf("%s: %d calls, %d results", kindNames[k], made[k].Load(), results[k].Load())
		}
		total += results[k].Load()
		t.Logf("%-8s %7d calls, %7d results, %d of the wrong outcome", kindNames[k], made[k].Load(), results[k].Load(), wrong[k].Load())
		if wrong[k].Load() > 0 {
			t.Errorf("%s: %d results of the wrong outcome", kindNames[k], wrong[k].Load())
		}
	}
	if total != int64(workers*perWorker) {
		t.Errorf("%d results for %d calls", total, workers*perWorker)
	}
	if got, want := reg.Abandoned(), abandoned.Load(); got != want {
		t.Errorf("Abandoned() = %d, want %d (the calls whose Result is an abandoned timeout)", got, want)
	}
	t.Logf("timeout calls: %d abandoned at the deadline, %d finished before their caller looked", abandoned.Load(), late.Load())
	var cachedRuns int64
	for k := range 8 {
		cachedRuns += Runs(fmt.Sprintf("load-%d", k))
	}
	goroutinesDone := goruntime.NumGoroutine()
	time.Sleep(150 * time.Millisecond) // the abandoned stalls sleep 100 ms
	goroutinesAfter := goruntime.NumGoroutine()

	execNs, directNs, invokeNs := overhead()
	t.Logf("race detector: %v; %d goroutines x %d calls = %d calls in %v: %.0f calls/s",
		raceEnabled, workers, perWorker, total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds())
	t.Logf("cached_lookup's function ran %d times for %d cached calls over 8 keys", cachedRuns, made[kindCached].Load())
	t.Logf("goroutines: %d before, %d when the calls returned, %d after the abandoned calls finished", goroutinesBefore, goroutinesDone, goroutinesAfter)
	t.Logf("add: Execute %.1f ns/call, the tool's own Invoke %.1f ns/call, the Go function directly %.1f ns/call: the registry's overhead is %.1f ns/call (Invoke's %.1f)",
		execNs, invokeNs, directNs, execNs-directNs, invokeNs-directNs)
}

// sink keeps the direct calls from being optimised away.
var sink int

// overhead measures one plain call of add through Registry.Execute,
// through the tool's own Invoke, and of the Go function directly, in
// ns/call.
func overhead() (execNs, directNs, invokeNs float64) {
	ctx := context.Background()
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools(&Nest{})...); err != nil {
		panic(err)
	}
	args := json.RawMessage(`{"a":1,"b":2}`)
	ns := func(r testing.BenchmarkResult) float64 { return float64(r.T.Nanoseconds()) / float64(r.N) }
	execNs = ns(testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			res, _ := reg.Execute(ctx, "add", args)
			if !res.Success {
				b.Fatal(res.Error)
			}
		}
	}))
	var tl runtime.InvokableTool
	for _, t := range Tools(&Nest{}) {
		if t.Info().Name == "add" {
			tl = t.(runtime.InvokableTool)
		}
	}
	invokeNs = ns(testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			res, _ := tl.Invoke(ctx, args)
			if !res.Success {
				b.Fatal(res.Error)
			}
		}
	}))
	directNs = ns(testing.Benchmark(func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			n, _ := Add(ctx, i, 2)
			sink += n
		}
	}))
	return execNs, directNs, invokeNs
}
