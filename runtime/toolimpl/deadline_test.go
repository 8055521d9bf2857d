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

type ctxKey struct{}

// TestDeadlineContext checks the context a function with a timeout
// receives: its deadline, values, Done and Err at the deadline, a derived
// context that follows it, context.Cause, and that it ends when the
// function returns.
func TestDeadlineContext(t *testing.T) {
	defer goleak.VerifyNone(t)
	info := &runtime.Info{Name: "t", Timeout: 30 * time.Millisecond}
	parent := context.WithValue(context.Background(), ctxKey{}, "v")
	var kept context.Context
	start := time.Now()
	res, err := Run(parent, nil, info, 0, func(ctx context.Context, _ int) (string, error) {
		kept = ctx
		if ctx.Value(ctxKey{}) != "v" {
			t.Error("the parent's value did not pass")
		}
		d, ok := ctx.Deadline()
		if !ok || d.Before(start.Add(30*time.Millisecond)) || d.After(time.Now().Add(30*time.Millisecond)) {
			t.Errorf("Deadline() = %v, %v; want 30ms from the start", d, ok)
		}
		if ctx.Err() != nil {
			t.Errorf("Err() = %v before the deadline", ctx.Err())
		}
		derived, cancel := context.WithCancel(ctx)
		defer cancel()
		select {
		case <-derived.Done():
		case <-time.After(time.Second):
			t.Error("a derived context was not canceled at the deadline")
		}
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) || context.Cause(ctx) != context.DeadlineExceeded {
			t.Errorf("after the deadline: Err() = %v, Cause = %v", ctx.Err(), context.Cause(ctx))
		}
		return "", ctx.Err()
	})
	took := time.Since(start)
	var te *runtime.TimeoutError
	if err != nil || res.Success || !errors.As(res.Err, &te) {
		t.Fatalf("Run = %+v, %v; want a timeout", res, err)
	}
	// The upper bound leaves room for a loaded machine (the race detector,
	// CI); TestDeadlineQueues checks lateness under load.
	if took < 30*time.Millisecond || took > 250*time.Millisecond {
		t.Errorf("returned after %v, want 30ms to 250ms", took)
	}
	select {
	case <-kept.Done():
	default:
		t.Error("the call's context is not done after the call")
	}

	// A call that returns in time: its context ends with the call.
	res, _ = Run(parent, nil, info, 0, func(ctx context.Context, _ int) (string, error) {
		kept = ctx
		return "ok", nil
	})
	if !res.Success || !errors.Is(kept.Err(), context.Canceled) {
		t.Errorf("a call in time: %+v, its context's Err() = %v afterwards", res, kept.Err())
	}
}

// TestDeadlineParent checks that the caller's own context ends a call with
// a timeout: an earlier deadline of the parent's is the call's, and a
// parent canceled during the call cancels the function's context.
func TestDeadlineParent(t *testing.T) {
	defer goleak.VerifyNone(t)
	info := &runtime.Info{Name: "t", Timeout: time.Hour}
	parent, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	want, _ := parent.Deadline()
	seen := make(chan error, 1)
	res, err := Run(parent, nil, info, 0, func(ctx context.Context, _ int) (string, error) {
		if d, _ := ctx.Deadline(); !d.Equal(want) {
			t.Errorf("Deadline() = %v, want the parent's %v", d, want)
		}
		<-ctx.Done()
		seen <- ctx.Err()
		return "", ctx.Err()
	})
	if !errors.Is(err, context.DeadlineExceeded) || res.Success {
		t.Errorf("Run = %+v, %v; want canceled with the parent's error", res, err)
	}
	if err := <-seen; !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("the function saw %v", err)
	}
}

// TestDeadlineQueues runs calls under several timeouts at once, most of
// them ignoring their contexts past their deadlines: each returns after
// its timeout and well within twice it (the bound leaves room for the
// race detector on a loaded 2-core machine, which has delayed a goroutine
// by 200ms), and the queues are empty after.
func TestDeadlineQueues(t *testing.T) {
	defer goleak.VerifyNone(t)
	timeouts := []time.Duration{250 * time.Millisecond, 300 * time.Millisecond, 350 * time.Millisecond}
	var wg sync.WaitGroup
	release := make(chan struct{})
	for i := range 60 {
		timeout := timeouts[i%len(timeouts)]
		info := &runtime.Info{Name: "t", Timeout: timeout}
		wg.Go(func() {
			start := time.Now()
			res, _ := Run(context.Background(), nil, info, i, func(_ context.Context, i int) (int, error) {
				if i%4 != 0 {
					<-release // ignores its context
				}
				return i, nil
			})
			took := time.Since(start)
			if i%4 == 0 != res.Success {
				t.Errorf("call %d: %+v", i, res)
			}
			if took > 2*timeout || i%4 != 0 && took < timeout {
				t.Errorf("call %d under %v returned after %v", i, timeout, took)
			}
		})
	}
	wg.Wait()
	close(release)
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
	time.Sleep(10 * time.Millisecond) // the released functions return
}

// TestDeadlineWakeReuse races calls that end at their deadline, calls whose
// parent is canceled as they return, and calls that return at once, all
// sharing the pool of wake channels: a channel that served a call which
// ended in a race must never wake a later call early, which would make a
// call that returned at once look timed out.
func TestDeadlineWakeReuse(t *testing.T) {
	defer goleak.VerifyNone(t)
	tight := &runtime.Info{Name: "tight", Timeout: time.Millisecond}
	long := &runtime.Info{Name: "long", Timeout: time.Minute}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 300 {
				switch (g + i) % 3 {
				case 0: // returns about when its deadline passes
					Run(context.Background(), nil, tight, i, func(_ context.Context, i int) (int, error) {
						time.Sleep(time.Duration(i%3) * 500 * time.Microsecond)
						return i, nil
					})
				case 1: // its parent ends as it returns
					ctx, cancel := context.WithCancel(context.Background())
					Run(ctx, nil, long, i, func(_ context.Context, i int) (int, error) {
						cancel()
						return i, nil
					})
					cancel()
				default: // returns at once, far from its deadline
					res, err := Run(context.Background(), nil, long, i, func(_ context.Context, i int) (int, error) { return i, nil })
					if err != nil || !res.Success || res.Data != i {
						t.Errorf("call %d: %+v, %v", i, res, err)
					}
				}
			}
		})
	}
	wg.Wait()
	time.Sleep(5 * time.Millisecond) // the last tight functions return
}

// TestDeadlineDecidedByTimer: a call is abandoned when its deadline
// passes, not when its caller next runs. A function that returns after
// the deadline, before a busy caller has woken, is still too late: on a
// loaded machine that was a success reported for a call that took longer
// than its timeout.
func TestDeadlineDecidedByTimer(t *testing.T) {
	// The call's function does not run: the test plays its goroutine.
	c := &deadlineCall{ctx: &callContext{parent: context.Background()}, wake: make(chan struct{}, 1)}
	c.owner = &queueFor(5 * time.Millisecond).shards[0]
	c.owner.add(c, 5*time.Millisecond)
	// The caller is not waiting yet; the deadline passes.
	for c.ctx.Err() == nil {
		time.Sleep(time.Millisecond)
	}
	c.finished() // the function returns, late
	if c.wait(context.Background()) {
		t.Fatal("a function that returned after its deadline counted as in time")
	}
	if got := c.state.Load(); got != abandoned {
		t.Errorf("state %d, want abandoned", got)
	}
}

// TestDeadlineCancelRaces races a call's cancelation against its first
// Done and AfterFunc, which cancel may find unset (it then takes no lock):
// whichever comes first, Done's channel is closed once, every AfterFunc
// runs exactly once, and Err is set.
func TestDeadlineCancelRaces(t *testing.T) {
	defer goleak.VerifyNone(t)
	for range 2000 {
		c := new(callContext)
		var ran sync.WaitGroup
		ran.Add(1)
		var runs atomic.Int32
		var done <-chan struct{}
		var wg sync.WaitGroup
		wg.Go(func() { done = c.Done() })
		wg.Go(func() { c.AfterFunc(func() { runs.Add(1); ran.Done() }) })
		wg.Go(func() { c.cancel(context.DeadlineExceeded) })
		wg.Go(func() { c.cancel(context.Canceled) })
		wg.Wait()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("Done was not closed after cancel")
		}
		ran.Wait()
		if n := runs.Load(); n != 1 {
			t.Fatalf("the AfterFunc ran %d times", n)
		}
		if err := c.Err(); err != context.DeadlineExceeded && err != context.Canceled {
			t.Fatalf("Err() = %v", err)
		}
		if c.Done() != done {
			t.Fatal("Done returned another channel")
		}
	}
	// A cause other than the two common ones is kept as given.
	c := new(callContext)
	cause := errors.New("the parent's own")
	c.cancel(cause)
	if c.Err() != cause {
		t.Fatalf("Err() = %v, want %v", c.Err(), cause)
	}
}

// TestDeadlineErrAfterDone checks the context contract once Done has been
// asked for: Err is nil while Done is open, even as cancel runs on another
// goroutine (cancel sets the cause before it closes the channel).
func TestDeadlineErrAfterDone(t *testing.T) {
	for range 20000 {
		c := &callContext{parent: context.Background()}
		done := c.Done()
		go c.cancel(context.Canceled)
		for c.Err() == nil {
		}
		select {
		case <-done:
		default:
			t.Fatal("Err is set while Done is still open")
		}
	}
}

// TestDeadlineKeptContext: a function may keep its context after it
// returns (a goroutine it started, a log field). What a call shares with
// its goroutine and its queue is reused by later calls; the context is
// not: it stays canceled, with its deadline, whatever runs after.
func TestDeadlineKeptContext(t *testing.T) {
	info := &runtime.Info{Name: "t", Timeout: time.Minute}
	var kept context.Context
	Run(context.Background(), nil, info, 0, func(ctx context.Context, _ int) (int, error) {
		kept = ctx
		return 0, nil
	})
	done := kept.Done()
	deadline, _ := kept.Deadline()
	for i := range 1000 {
		res, err := Run(context.Background(), nil, info, i, func(ctx context.Context, i int) (int, error) {
			if ctx == kept {
				t.Fatal("a later call got a kept context")
			}
			return i, ctx.Err()
		})
		if err != nil || !res.Success {
			t.Fatalf("call %d: %+v, %v", i, res, err)
		}
	}
	select {
	case <-done:
	default:
		t.Error("a kept context's Done is open after later calls")
	}
	if d, _ := kept.Deadline(); !d.Equal(deadline) || !errors.Is(kept.Err(), context.Canceled) {
		t.Errorf("a kept context after later calls: Deadline %v (was %v), Err %v", d, deadline, kept.Err())
	}
}

// TestDeadlineErrMonotonic: once Err returned an error, it keeps returning
// it while another goroutine asks for Done for the first time.
func TestDeadlineErrMonotonic(t *testing.T) {
	for range 20000 {
		c := &callContext{parent: context.Background()}
		c.cancel(context.Canceled)
		if c.Err() == nil {
			t.Fatal("Err nil after cancel")
		}
		done := make(chan struct{})
		go func() { c.Done(); close(done) }()
		for i := 0; i < 50; i++ {
			if c.Err() == nil {
				t.Fatal("Err went back to nil")
			}
		}
		<-done
		select {
		case <-c.Done():
		default:
			t.Fatal("Done open after cancel")
		}
	}
}
