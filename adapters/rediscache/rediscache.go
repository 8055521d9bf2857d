// Package rediscache keeps the results of toolgen tools marked cache in
// Redis, so that the replicas of a program reuse each other's results: a
// call computed on one replica is served from Redis by every other, for
// the cache= duration of the tool's directive.
//
// A [Cache] is a [runtime.Cache] for [runtime.Settings].Cache:
//
//	client := redis.NewClient(&redis.Options{Addr: "redis:6379", ContextTimeoutEnabled: true})
//	cache, err := rediscache.New(client, rediscache.Options{Prefix: "myapp:"})
//	if err != nil { ... }
//	reg := runtime.NewRegistry(&runtime.Settings{Cache: cache})
//
// The registry still runs identical calls under way at the same time once
// per process (see [runtime.Cache]); Redis shares what they computed.
//
// Redis never makes a call fail or wait long. Each command has a short
// deadline ([Options].Timeout); a command that fails is a miss for Get and
// stores nothing for Set, and the error goes to [Options].OnError, never to
// the call. After a failure the Cache leaves Redis alone for a while
// ([Options].Backoff), so that a dead Redis costs calls nothing: they run
// their tools, uncached, and one command per back-off tells when Redis is
// back.
package rediscache

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/toolgen-go/toolgen/runtime"
)

// Options configure a [Cache]. The zero value holds the defaults.
type Options struct {
	// Prefix starts every key the Cache reads or writes, so that programs
	// sharing a Redis keep apart (and a program can drop its keys with a
	// SCAN for Prefix*). It is used as it is: end it with a separator, as
	// in "myapp:". Put a version in it ("myapp:v7:") when a tool's results
	// change from one release to the next with the same schemas (a change
	// of schema changes the keys by itself), so that a fleet being
	// upgraded does not serve the old results. Empty means "toolgen:".
	Prefix string
	// Timeout is the longest a call waits for one Redis command; 0 means
	// 100 ms. A command past it is a failure.
	Timeout time.Duration
	// Backoff is how long the Cache leaves Redis alone after a failure
	// (a miss for every Get, nothing stored by Set), but for one command
	// at the end of each back-off that tells whether Redis is back; 0
	// means one second, a negative duration none.
	Backoff time.Duration
	// OnError, if set, receives each failure of a Redis command; by
	// default slog.Default logs one at level Warn each second at most,
	// with how many it left out (an error Redis answers with, OOM, starts
	// no back-off: every call would log one). Failures
	// never reach the calls. A call whose own context ended before Redis
	// answered is no failure of Redis and is not reported.
	OnError func(error)
	// MaxValue is the largest result the Cache stores, in bytes; 0 means
	// 1 MiB, a negative number no limit. A larger one is not stored: read
	// back, it could take longer than Timeout to arrive, which would count
	// as a failure and leave Redis alone for every call. A larger value
	// that Get finds under a key, which this Cache did not store, is a
	// miss, reported to OnError (with no back-off), whatever its size: Get
	// reads at most MaxValue+1 bytes of a value. The tool runs, and its
	// result replaces it.
	MaxValue int
}

// Cache is a [runtime.Cache] in Redis. Its methods may be called
// concurrently.
type Cache struct {
	client   redis.UniversalClient
	prefix   string
	timeout  time.Duration
	backoff  time.Duration
	onError  func(error)
	maxValue int // no limit if negative
	// retryAt is when, in Unix nanoseconds, Redis may be used again after
	// a failure: 0 while it works.
	retryAt atomic.Int64
}

var _ runtime.Cache = (*Cache)(nil)

// New returns a Cache that keeps results in Redis through client, which
// the program keeps and closes. So that a slow Redis cannot hold a call
// beyond [Options].Timeout, the client must honour context deadlines: a
// *redis.Client, *redis.ClusterClient or *redis.Ring without
// ContextTimeoutEnabled in its options is an error.
func New(client redis.UniversalClient, o Options) (*Cache, error) {
	if client == nil {
		return nil, errors.New("rediscache: New needs a Redis client, got nil")
	}
	if !honoursDeadlines(client) {
		return nil, errors.New("rediscache: the client ignores context deadlines, so a slow Redis would hold calls for its ReadTimeout (seconds); set ContextTimeoutEnabled: true in its options")
	}
	c := &Cache{
		client:   client,
		prefix:   o.Prefix,
		timeout:  o.Timeout,
		backoff:  o.Backoff,
		onError:  o.OnError,
		maxValue: o.MaxValue,
	}
	if c.maxValue == 0 {
		c.maxValue = 1 << 20
	}
	if c.prefix == "" {
		c.prefix = "toolgen:"
	}
	if c.timeout <= 0 {
		c.timeout = 100 * time.Millisecond
	}
	if c.backoff == 0 {
		c.backoff = time.Second
	}
	if c.onError == nil {
		c.onError = logEvery(time.Second)
	}
	return c, nil
}

// honoursDeadlines reports whether client ends a command at its
// context's deadline, as far as its type tells.
func honoursDeadlines(client redis.UniversalClient) bool {
	switch c := client.(type) {
	case *redis.Client:
		return c.Options().ContextTimeoutEnabled
	case *redis.ClusterClient:
		return c.Options().ContextTimeoutEnabled
	case *redis.Ring:
		return c.Options().ContextTimeoutEnabled
	}
	return true
}

// Get returns the value stored under key, unless there is none, it has
// expired, it is larger than [Options].MaxValue, or Redis failed or is
// left alone after a failure.
func (c *Cache) Get(ctx context.Context, key string) ([]byte, bool) {
	if !c.usable() {
		return nil, false
	}
	cmd, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var value []byte
	var err error
	if c.maxValue >= 0 {
		// At most one byte over MaxValue comes back, so that a far larger
		// value (another program's) is found at once, not after Timeout,
		// a failure that would leave Redis alone for every call. GETRANGE
		// answers "" for no value, as for an empty one, which is no value
		// a registry stores: both are misses.
		value, err = c.client.GetRange(cmd, c.prefix+key, 0, int64(c.maxValue)).Bytes()
		if err == nil && len(value) == 0 {
			err = redis.Nil
		}
	} else {
		value, err = c.client.Get(cmd, c.prefix+key).Bytes()
	}
	if errors.Is(err, redis.Nil) {
		c.done(ctx, cmd, "get", key, nil)
		return nil, false
	}
	if c.done(ctx, cmd, "get", key, err) != nil {
		return nil, false
	}
	if c.maxValue >= 0 && len(value) > c.maxValue {
		// Redis works; the value is another program's, or garbled.
		c.onError(fmt.Errorf("rediscache: get %s%s: a value over MaxValue %d bytes, which this Cache does not store: a miss", c.prefix, key, c.maxValue))
		return nil, false
	}
	return value, true
}

// Set stores value under key for ttl (at least a millisecond, Redis's
// precision), unless Redis fails or is left alone after a failure. It
// stores the value even if the call that computed it has been canceled
// since, within the Cache's Timeout, but it returns when the call's
// context ends: the command goes on without the call, which a slow Redis
// never holds past its deadline.
func (c *Cache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {
	if ttl <= 0 || c.maxValue >= 0 && len(value) > c.maxValue || !c.usable() {
		return
	}
	done := ctx.Done()
	ctx = context.WithoutCancel(ctx)
	set := func() {
		cmd, cancel := context.WithTimeout(ctx, c.timeout)
		defer cancel()
		err := c.client.Set(cmd, c.prefix+key, value, max(ttl, time.Millisecond)).Err()
		c.done(ctx, cmd, "set", key, err)
	}
	if done == nil {
		set() // a context that never ends
		return
	}
	// The registry does not modify value once it is passed to Set, so the
	// command may use it after Set returns; it ends within Timeout.
	stored := make(chan struct{})
	go func() {
		defer close(stored)
		set()
	}()
	select {
	case <-stored:
	case <-done:
	}
}

// usable reports whether a command may go to Redis now: always while it
// works; after a failure, once the back-off is over, for one caller,
// which starts another back-off unless its command succeeds.
func (c *Cache) usable() bool {
	at := c.retryAt.Load()
	if at == 0 {
		return true
	}
	now := time.Now().UnixNano()
	return now >= at && c.retryAt.CompareAndSwap(at, now+int64(c.backoff))
}

// done records how the command op on key ended, with err; ctx is the
// call's context, cmd the command's. It returns err. A failure starts a
// back-off and is reported, unless the call's own context ended first; an
// error Redis itself answered with is reported only.
func (c *Cache) done(ctx, cmd context.Context, op, key string, err error) error {
	if err == nil {
		if c.retryAt.Load() != 0 {
			c.retryAt.Store(0)
		}
		return nil
	}
	if ctx.Err() != nil {
		return err // the call gave up: Redis may be fine
	}
	var answer redis.Error
	if !errors.As(err, &answer) && c.backoff > 0 {
		c.retryAt.Store(time.Now().Add(c.backoff).UnixNano())
	}
	if cmd.Err() != nil {
		err = fmt.Errorf("no answer within %v: %w", c.timeout, err)
	}
	c.onError(fmt.Errorf("rediscache: %s %s%s: %w", op, c.prefix, key, err))
	return err
}

// logEvery returns the default OnError: it logs a failure with
// slog.Default at level Warn, at most once each interval, saying how many
// it left out since the last one. An error Redis answers with (OOM under
// maxmemory with noeviction) starts no back-off, so without a limit every
// call would log one.
func logEvery(interval time.Duration) func(error) {
	var (
		mu      sync.Mutex
		last    time.Time
		skipped int
	)
	return func(err error) {
		mu.Lock()
		now := time.Now()
		if !last.IsZero() && now.Sub(last) < interval {
			skipped++
			mu.Unlock()
			return
		}
		n := skipped
		last, skipped = now, 0
		mu.Unlock()
		if n > 0 {
			slog.Warn("rediscache: Redis failed; calls go on uncached", "err", err, "failures_not_logged", n)
			return
		}
		slog.Warn("rediscache: Redis failed; calls go on uncached", "err", err)
	}
}
