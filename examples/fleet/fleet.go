package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/redis/go-redis/v9"

	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/adapters/rediscache"
	"github.com/toolgen-go/toolgen/examples/fleet/rates"
	"github.com/toolgen-go/toolgen/runtime"
)

// cacheMode says where the replicas keep the results of exchange_rate.
type cacheMode string

const (
	shared cacheMode = "shared" // in Redis, shared by the fleet (rediscache)
	local  cacheMode = "local"  // in each replica's memory (the registry's own cache)
	none   cacheMode = "none"   // nowhere: every call looks the rate up
)

// config describes a run: a fleet of Replicas, and a client that makes
// Calls of exchange_rate, Concurrency at a time, over Distinct argument
// sets.
type config struct {
	Replicas    int
	Calls       int
	Distinct    int
	Concurrency int
	// Delay is how long the upstream service takes per lookup.
	Delay time.Duration
	Cache cacheMode
	// Redis is the address of the Redis of a shared cache.
	Redis string
	// CacheTimeout is the Cache's deadline per Redis command; 0 means
	// rediscache's default.
	CacheTimeout time.Duration
}

// report is what a run measured.
type report struct {
	Config  config
	Elapsed time.Duration // of the calls, from the first to the last
	// Latencies of the calls, sorted.
	Latencies []time.Duration
	Failed    int
	Replicas  []replicaStats
	// CacheErrors counts the failures of Redis the replicas saw.
	CacheErrors int64
}

// replicaStats is what one replica served.
type replicaStats struct {
	Requests int64 // HTTP requests, MCP initialize included
	Lookups  int64 // runs of the tool's function
}

// Lookups returns how many times the tool ran, fleet-wide.
func (r *report) Lookups() int64 {
	var n int64
	for _, s := range r.Replicas {
		n += s.Lookups
	}
	return n
}

// PerSecond returns the calls per second.
func (r *report) PerSecond() float64 { return float64(r.Config.Calls) / r.Elapsed.Seconds() }

// Quantile returns the latency at quantile q (0.5 for the median).
func (r *report) Quantile(q float64) time.Duration {
	if len(r.Latencies) == 0 {
		return 0
	}
	i := int(float64(len(r.Latencies))*q+0.999999) - 1
	return r.Latencies[min(max(i, 0), len(r.Latencies)-1)]
}

// replica is one process of the fleet: its registry, served over MCP
// Streamable HTTP, stateless, on a listener of its own.
type replica struct {
	upstream *rates.Upstream
	redis    *redis.Client // of a shared cache
	srv      *http.Server
	served   chan error
	url      *url.URL
	requests atomic.Int64
}

// startReplica starts a replica configured by cfg; prefix starts the keys
// of a shared cache.
func startReplica(cfg config, prefix string, cacheErrors *atomic.Int64) (*replica, error) {
	r := &replica{upstream: &rates.Upstream{Delay: cfg.Delay}}
	var settings runtime.Settings
	switch cfg.Cache {
	case shared:
		// A client of its own, as a process of its own would have.
		r.redis = redis.NewClient(&redis.Options{Addr: cfg.Redis, ContextTimeoutEnabled: true})
		cache, err := rediscache.New(r.redis, rediscache.Options{
			Prefix:  prefix,
			Timeout: cfg.CacheTimeout,
			OnError: func(error) { cacheErrors.Add(1) },
		})
		if err != nil {
			r.redis.Close()
			return nil, err
		}
		settings.Cache = cache
	case none:
		settings.CacheSize = -1
	}
	reg := runtime.NewRegistry(&settings)
	if err := reg.Register(rates.Tools(r.upstream)...); err != nil {
		r.close()
		return nil, err
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "rates", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	handler := mcptools.HTTPHandler(server, &mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: true}})

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		r.close()
		return nil, err
	}
	r.url = &url.URL{Scheme: "http", Host: l.Addr().String()}
	r.srv = &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			r.requests.Add(1)
			handler.ServeHTTP(w, req)
		}),
		ReadHeaderTimeout: 10 * time.Second,
	}
	r.served = make(chan error, 1)
	go func() { r.served <- r.srv.Serve(l) }()
	return r, nil
}

// close stops the replica.
func (r *replica) close() {
	if r.srv != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if r.srv.Shutdown(ctx) != nil {
			r.srv.Close()
		}
		<-r.served
	}
	if r.redis != nil {
		r.redis.Close()
	}
}

// balancer is a round-robin reverse proxy in front of the replicas, as
// any HTTP load balancer would be: stateless MCP needs no stickiness.
type balancer struct {
	srv       *http.Server
	served    chan error
	transport *http.Transport
	url       string
}

func startBalancer(replicas []*replica, conns int) (*balancer, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	b := &balancer{
		transport: &http.Transport{MaxIdleConnsPerHost: conns, IdleConnTimeout: 30 * time.Second},
		served:    make(chan error, 1),
		url:       "http://" + l.Addr().String(),
	}
	var next atomic.Uint64
	b.srv = &http.Server{
		Handler: &httputil.ReverseProxy{
			Rewrite: func(pr *httputil.ProxyRequest) {
				pr.SetURL(replicas[(next.Add(1)-1)%uint64(len(replicas))].url)
			},
			Transport: b.transport,
		},
		ReadHeaderTimeout: 10 * time.Second,
	}
	go func() { b.served <- b.srv.Serve(l) }()
	return b, nil
}

func (b *balancer) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if b.srv.Shutdown(ctx) != nil {
		b.srv.Close()
	}
	<-b.served
	b.transport.CloseIdleConnections()
}

// fleet is the replicas and their balancer.
type fleet struct {
	cfg         config
	prefix      string // of the keys of the shared cache
	replicas    []*replica
	lb          *balancer
	cacheErrors atomic.Int64
}

// startFleet starts the replicas and the balancer that cfg describes.
func startFleet(cfg config) (*fleet, error) {
	if cfg.Replicas < 1 || cfg.Calls < 1 || cfg.Distinct < 1 || cfg.Concurrency < 1 {
		return nil, errors.New("replicas, calls, distinct and concurrency must be at least 1")
	}
	// Keys of this fleet's own, so that it starts cold on any Redis.
	f := &fleet{cfg: cfg, prefix: fmt.Sprintf("fleet:%d:", time.Now().UnixNano())}
	for range cfg.Replicas {
		r, err := startReplica(cfg, f.prefix, &f.cacheErrors)
		if err != nil {
			f.close()
			return nil, err
		}
		f.replicas = append(f.replicas, r)
	}
	lb, err := startBalancer(f.replicas, 2*cfg.Concurrency)
	if err != nil {
		f.close()
		return nil, err
	}
	f.lb = lb
	return f, nil
}

// close stops the fleet and drops its keys from Redis.
func (f *fleet) close() {
	if f.lb != nil {
		f.lb.close()
	}
	for _, r := range f.replicas {
		r.close()
	}
	if f.cfg.Cache == shared {
		dropKeys(f.cfg.Redis, f.prefix)
	}
}

// run starts a fleet as cfg says, makes the client's calls through its
// balancer, stops the fleet and reports.
func run(ctx context.Context, cfg config) (*report, error) {
	f, err := startFleet(cfg)
	if err != nil {
		return nil, err
	}
	defer f.close()
	return f.drive(ctx)
}

// drive connects a client to the balancer and makes its calls. The
// report counts what the replicas did since they started.
func (f *fleet) drive(ctx context.Context) (*report, error) {
	cfg := f.cfg
	transport := &http.Transport{MaxIdleConnsPerHost: 2 * cfg.Concurrency, IdleConnTimeout: 30 * time.Second}
	defer transport.CloseIdleConnections()
	client := mcp.NewClient(&mcp.Implementation{Name: "fleet-client", Version: "v1"}, nil)
	session, err := client.Connect(ctx, &mcp.StreamableClientTransport{
		Endpoint:             f.lb.url,
		HTTPClient:           &http.Client{Transport: transport},
		DisableStandaloneSSE: true, // a stateless server has no stream to offer
	}, nil)
	if err != nil {
		return nil, err
	}
	defer session.Close()

	rep := &report{Config: cfg, Latencies: make([]time.Duration, cfg.Calls)}
	args := argumentSets(cfg.Distinct)
	order := make([]int, cfg.Calls) // the argument set of each call
	for i := range order {
		order[i] = i % cfg.Distinct
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })

	var next atomic.Int64
	var failed atomic.Int64
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	start := time.Now()
	for range cfg.Concurrency {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= cfg.Calls || ctx.Err() != nil {
					return
				}
				t0 := time.Now()
				res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "exchange_rate", Arguments: args[order[i]]})
				rep.Latencies[i] = time.Since(t0)
				if err == nil && (res.IsError || res.StructuredContent == nil) {
					err = fmt.Errorf("call %d: %s", i, contentText(res))
				}
				if err != nil {
					failed.Add(1)
					once.Do(func() { firstErr = err })
				}
			}
		})
	}
	wg.Wait()
	rep.Elapsed = time.Since(start)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	slices.Sort(rep.Latencies)
	rep.Failed = int(failed.Load())
	rep.CacheErrors = f.cacheErrors.Load()
	for _, r := range f.replicas {
		rep.Replicas = append(rep.Replicas, replicaStats{Requests: r.requests.Load(), Lookups: r.upstream.Lookups()})
	}
	if firstErr != nil {
		return rep, fmt.Errorf("%d of %d calls failed; the first: %w", rep.Failed, cfg.Calls, firstErr)
	}
	return rep, nil
}

// argumentSets returns n distinct arguments of exchange_rate: every pair
// of ten currencies on one day, then on the day before, and so on.
func argumentSets(n int) []json.RawMessage {
	currencies := []string{"EUR", "USD", "GBP", "JPY", "CHF", "CAD", "AUD", "SEK", "NOK", "PLN"}
	var pairs [][2]string
	for _, from := range currencies {
		for _, to := range currencies {
			if from != to {
				pairs = append(pairs, [2]string{from, to})
			}
		}
	}
	day := time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC)
	sets := make([]json.RawMessage, n)
	for i := range sets {
		p := pairs[i%len(pairs)]
		d := day.AddDate(0, 0, -i/len(pairs)).Format(time.DateOnly)
		sets[i] = json.RawMessage(fmt.Sprintf(`{"from":%q,"to":%q,"day":%q}`, p[0], p[1], d))
	}
	return sets
}

// contentText returns the text of a tool result's content.
func contentText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// dropKeys deletes the keys under prefix from the Redis at addr.
func dropKeys(addr, prefix string) {
	client := redis.NewClient(&redis.Options{Addr: addr})
	defer client.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	iter := client.Scan(ctx, 0, prefix+"*", 1000).Iterator()
	var keys []string
	for iter.Next(ctx) {
		keys = append(keys, iter.Val())
	}
	for batch := range slices.Chunk(keys, 1000) {
		client.Unlink(ctx, batch...)
	}
}
