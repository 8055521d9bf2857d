// Command fleet runs a fleet on paper: replicas of one program, each a
// registry served over MCP Streamable HTTP in stateless mode, behind a
// round-robin reverse proxy, with one Redis; a client makes calls of a
// tool marked cache through the proxy. For each way of caching (shared in
// Redis, local to each replica, none) it prints the calls per second, how
// many times the tool ran fleet-wide, and the latency of the calls:
//
//	cd examples/fleet && go run . -replicas 2 -calls 2000 -distinct 100
//
// Without -redis it starts a redis-server of its own on a free port.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/signal"
	"strings"
	"time"
)

func main() {
	cfg := config{}
	flag.IntVar(&cfg.Replicas, "replicas", 2, "how many replicas serve the calls")
	flag.IntVar(&cfg.Calls, "calls", 2000, "how many calls the client makes")
	flag.IntVar(&cfg.Distinct, "distinct", 100, "how many distinct argument sets the calls have")
	flag.IntVar(&cfg.Concurrency, "concurrency", 8, "how many calls the client makes at once")
	flag.DurationVar(&cfg.Delay, "delay", 50*time.Millisecond, "how long the upstream service takes per lookup")
	flag.StringVar(&cfg.Redis, "redis", "", "`host:port` of the Redis of the shared cache; by default a redis-server of the program's own")
	flag.DurationVar(&cfg.CacheTimeout, "cache-timeout", 0, "the shared cache's deadline per Redis command; by default rediscache's, 100ms")
	modes := flag.String("cache", "shared,local,none", "the ways of caching to run, in order: shared, local, none")
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := runAll(ctx, cfg, strings.Split(*modes, ","), os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// runAll runs the fleet once per mode and prints a line for each.
func runAll(ctx context.Context, cfg config, modes []string, w io.Writer) error {
	for _, m := range modes {
		switch cacheMode(m) {
		case shared, local, none:
		default:
			return fmt.Errorf("-cache: unknown way of caching %q; use shared, local or none", m)
		}
		if cacheMode(m) == shared && cfg.Redis == "" {
			s, err := startRedis()
			if err != nil {
				return err
			}
			defer s.stop()
			cfg.Redis = s.addr
		}
	}
	fmt.Fprintf(w, "%d replicas, %d calls of exchange_rate over %d argument sets, %d at a time, upstream %v per lookup\n",
		cfg.Replicas, cfg.Calls, cfg.Distinct, cfg.Concurrency, cfg.Delay)
	fmt.Fprintf(w, "%-7s %9s %8s %10s %10s %12s %s\n", "cache", "calls/s", "runs", "median", "p99", "redis errs", "per replica (requests/runs)")
	for _, m := range modes {
		c := cfg
		c.Cache = cacheMode(m)
		rep, err := run(ctx, c)
		if err != nil {
			return fmt.Errorf("%s: %w", m, err)
		}
		var per []string
		for _, r := range rep.Replicas {
			per = append(per, fmt.Sprintf("%d/%d", r.Requests, r.Lookups))
		}
		fmt.Fprintf(w, "%-7s %9.0f %8d %10v %10v %12d %s\n", m, rep.PerSecond(), rep.Lookups(),
			rep.Quantile(0.5).Round(time.Microsecond), rep.Quantile(0.99).Round(time.Microsecond), rep.CacheErrors, strings.Join(per, " "))
	}
	return nil
}
