package main

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// redisFor returns the address of a redis-server of the test's own,
// stopped when it ends. Where redis-server is not installed the test is
// skipped, but on CI (CI=true), whose script installs it, it fails.
func redisFor(tb testing.TB) string {
	tb.Helper()
	s, err := startRedis()
	if errors.Is(err, errNoRedisServer) {
		if os.Getenv("CI") == "true" {
			tb.Fatal(err, "(CI=true: .ci/run installs it, so this is a failure)")
		}
		tb.Skip(err)
	}
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(s.stop)
	return s.addr
}

// TestFleet runs two replicas behind the balancer with each way of
// caching: every call succeeds; with the shared cache the tool runs at
// most once per argument set and replica, and a second pass of the same
// calls runs nothing (every replica finds every result in Redis); with
// the replicas' own caches it runs at most once per argument set and
// replica; without a cache, once per call.
func TestFleet(t *testing.T) {
	addr := redisFor(t)
	const calls, distinct = 300, 30
	for _, mode := range []cacheMode{shared, local, none} {
		t.Run(string(mode), func(t *testing.T) {
			cfg := config{Replicas: 2, Calls: calls, Distinct: distinct, Concurrency: 8, Delay: 5 * time.Millisecond, Cache: mode, Redis: addr,
				// Generous, for a loaded machine under -race: a command
				// past it would make the replica back off and run the tool.
				CacheTimeout: 5 * time.Second}
			rep, err := run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			var requests int64
			for _, r := range rep.Replicas {
				requests += r.Requests
				if r.Requests < calls/2 {
					t.Errorf("a replica served %d of %d calls: not round robin", r.Requests, calls)
				}
			}
			if requests < calls {
				t.Errorf("the replicas served %d requests for %d calls", requests, calls)
			}
			if rep.CacheErrors != 0 {
				t.Errorf("%d failures of Redis", rep.CacheErrors)
			}
			runs := rep.Lookups()
			t.Logf("%s: %d runs, %.0f calls/s, median %v, p99 %v", mode, runs, rep.PerSecond(), rep.Quantile(0.5), rep.Quantile(0.99))
			switch mode {
			case shared, local:
				if runs < distinct || runs > 2*distinct {
					t.Errorf("the tool ran %d times for %d argument sets on 2 replicas, want from %d to %d", runs, distinct, distinct, 2*distinct)
				}
			case none:
				if runs != calls {
					t.Errorf("without a cache the tool ran %d times for %d calls", runs, calls)
				}
			}
		})
	}
}

// TestSecondPass makes the same calls twice on a fleet sharing Redis: the
// second pass, served by whichever replica, runs the tool no more.
func TestSecondPass(t *testing.T) {
	addr := redisFor(t)
	cfg := config{Replicas: 2, Calls: 100, Distinct: 20, Concurrency: 4, Cache: shared, Redis: addr, CacheTimeout: 5 * time.Second}
	f, err := startFleet(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer f.close()
	var reps [2]*report
	for i := range reps {
		if reps[i], err = f.drive(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if first, second := reps[0].Lookups(), reps[1].Lookups()-reps[0].Lookups(); first < 20 || second != 0 {
		t.Errorf("the tool ran %d times in the first pass and %d in the second, want at least 20 and 0", first, second)
	}
}

// BenchmarkFleet runs the fleet of two replicas with each way of caching,
// one run of 1,000 calls over 50 argument sets per op, on a fresh fleet
// (cold caches), and reports the calls per second, the runs of the tool
// per run and the latency quantiles. With -count, the ways of caching
// take turns.
func BenchmarkFleet(b *testing.B) {
	addr := redisFor(b)
	for _, mode := range []cacheMode{shared, local, none} {
		b.Run(string(mode), func(b *testing.B) {
			b.ReportAllocs()
			cfg := config{Replicas: 2, Calls: 1000, Distinct: 50, Concurrency: 16, Delay: 20 * time.Millisecond, Cache: mode, Redis: addr}
			var elapsed, p50, p99 time.Duration
			var runs int64
			for b.Loop() {
				rep, err := run(context.Background(), cfg)
				if err != nil {
					b.Fatal(err)
				}
				elapsed += rep.Elapsed
				p50 += rep.Quantile(0.5)
				p99 += rep.Quantile(0.99)
				runs += rep.Lookups()
			}
			n := float64(b.N)
			b.ReportMetric(float64(cfg.Calls)*n/elapsed.Seconds(), "calls/s")
			b.ReportMetric(float64(runs)/n, "runs/op")
			b.ReportMetric(float64(p50.Microseconds())/n/1000, "p50-ms")
			b.ReportMetric(float64(p99.Microseconds())/n/1000, "p99-ms")
		})
	}
}
