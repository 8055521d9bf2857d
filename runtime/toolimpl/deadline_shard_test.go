package toolimpl

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolgen-go/toolgen/runtime"
)

// TestDeadlineShardsMixed: 64 goroutines make calls under twelve timeouts
// at once, spread over every queue of each, a third of them ignoring
// their contexts past their deadlines, many timing out together: each
// call returns after its timeout if it ignored it and within twice it in
// any case, the calls abandoned are exactly those that ignored it, every
// queue is empty after, and no goroutine is left once the functions
// return.
func TestDeadlineShardsMixed(t *testing.T) {
	defer goleak.VerifyNone(t)
	var timeouts []time.Duration
	for i := range 12 {
		timeouts = append(timeouts, 200*time.Millisecond+time.Duration(i)*17*time.Millisecond)
	}
	release := make(chan struct{})
	var abandoned, ignored, late atomic.Int32
	var wg sync.WaitGroup
	for g := range 64 {
		wg.Go(func() {
			for k := range 6 {
				timeout := timeouts[(g+k)%len(timeouts)]
				info := &runtime.Info{Name: "t", Timeout: timeout}
				ignore := (g+k)%3 == 0
				if ignore {
					ignored.Add(1)
				}
				start := time.Now()
				res, err := Run(context.Background(), nil, info, k, func(ctx context.Context, k int) (int, error) {
					if ignore {
						<-release
					}
					return k, nil
				})
				took := time.Since(start)
				var te *runtime.TimeoutError
				if errors.As(res.Err, &te) && te.Abandoned {
					abandoned.Add(1)
				}
				if err != nil || res.Success == ignore {
					t.Errorf("goroutine %d call %d: %+v, %v", g, k, res, err)
				}
				if took > 2*timeout {
					late.Add(1)
					t.Errorf("goroutine %d call %d under %v returned after %v", g, k, timeout, took)
				}
				if ignore && took < timeout {
					t.Errorf("goroutine %d call %d under %v abandoned after %v", g, k, timeout, took)
				}
			}
		})
	}
	wg.Wait()
	close(release)
	if abandoned.Load() != ignored.Load() {
		t.Errorf("%d calls abandoned, %d ignored their deadline", abandoned.Load(), ignored.Load())
	}
	for _, timeout := range timeouts {
		qs := queueFor(timeout)
		for i := range qs.shards {
			q := &qs.shards[i]
			q.mu.Lock()
			if q.head != nil || q.tail != nil {
				t.Errorf("queue %d of %v still holds calls", i, timeout)
			}
			q.mu.Unlock()
		}
	}
}

// TestDeadlineCallReusedUnderAnotherTimeout: a pooled call that served a
// call under one timeout serves the next under another in that timeout's
// queue, with that timeout's deadline, in the same shard.
func TestDeadlineCallReusedUnderAnotherTimeout(t *testing.T) {
	defer goleak.VerifyNone(t)
	ok := func(ctx context.Context, r *runtime.Result) error { return nil }
	c := startDeadline(context.Background(), time.Hour, ok)
	if !c.wait(context.Background()) || !c.reusable {
		t.Fatal("the call did not end reusable")
	}
	shard := c.shard
	c.release()
	// The pool may hand out another call (it may drop what it holds at a
	// collection); whichever comes, it waits in its own shard of the new
	// timeout's queues.
	release := make(chan struct{})
	defer close(release)
	start := time.Now()
	c2 := startDeadline(context.Background(), 30*time.Millisecond, func(ctx context.Context, r *runtime.Result) error {
		<-release
		return nil
	})
	if c2.owner != &queueFor(30 * time.Millisecond).shards[c2.shard] {
		t.Errorf("the call waits in a queue of another timeout")
	}
	if c2 == c && c2.shard != shard {
		t.Errorf("a reused call moved from shard %d to %d", shard, c2.shard)
	}
	if c2.wait(context.Background()) {
		t.Fatal("the function returned")
	}
	if took := time.Since(start); took < 30*time.Millisecond || took > time.Second {
		t.Errorf("abandoned after %v under 30ms", took)
	}
}

// TestDeadlineIdleTimers: once every call has ended and its deadline has
// passed, no queue's timer is still set, so that an idle process is not
// woken: calls that returned in time leave their queue's timer set for
// the first deadline, which then stops it.
func TestDeadlineIdleTimers(t *testing.T) {
	defer goleak.VerifyNone(t)
	const timeout = 40 * time.Millisecond
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Go(func() {
			// Mixed: most return in time, a few at their deadline, some
			// under a second timeout.
			to := timeout
			if i%2 == 1 {
				to = timeout + 7*time.Millisecond
			}
			Run(context.Background(), nil, &runtime.Info{Name: "t", Timeout: to}, i, func(ctx context.Context, i int) (int, error) {
				if i%5 == 0 {
					<-ctx.Done()
				}
				return i, nil
			})
		})
	}
	wg.Wait()
	time.Sleep(2*timeout + 50*time.Millisecond) // past every deadline, and a grain
	for _, to := range []time.Duration{timeout, timeout + 7*time.Millisecond} {
		qs := queueFor(to)
		for i := range qs.shards {
			q := &qs.shards[i]
			q.mu.Lock()
			armed, pending := q.armed, q.timer.Stop()
			if armed {
				q.timer.Reset(time.Millisecond) // as it was
			}
			q.mu.Unlock()
			if armed || pending {
				t.Errorf("queue %d of %v: armed %v, timer pending %v, after every call and deadline", i, to, armed, pending)
			}
		}
	}
}
