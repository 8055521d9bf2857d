package toolimpl

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// How a call with a timeout is run. The function runs on a goroutine of
// its own, so that the caller can return at the deadline even when the
// function ignores its context. What a per-call context.WithTimeout would
// cost, a runtime timer made and stopped for every call (about as much as
// the rest of a call), is shared instead: the calls under one timeout wait
// in a deadlineQueue, in the order of their deadlines, behind one timer
// set for the earliest. The context the function receives is the call
// itself (a callContext): its Done channel is made only when asked for.

// deadlineGrain is how late a deadline may pass: the queue's timer wakes
// at most once per grain, and ends every call due by then.
const deadlineGrain = time.Millisecond

// epoch is what the queues measure deadlines from: time.Since reads only
// the monotonic clock, half the work of time.Now.
var epoch = time.Now()

// A callContext is the context of a call with a deadline, and the
// caller's end of that call: it is canceled at the deadline, when the
// caller stops waiting (its own context ended), or when the function has
// returned.
type callContext struct {
	parent context.Context // the caller's
	// values is parent without its cancelation, made by the first Value.
	values atomic.Pointer[valueContext]
	// wake tells the caller to stop waiting: the function returned, or the
	// deadline passed. It holds one signal, so that neither side blocks.
	wake chan struct{}
	// state is running until the function returns (returned), or the
	// deadline passes (abandoned by the queue's timer) or the parent ends
	// (abandoned by the caller), whichever comes first; the others are
	// then too late to change it.
	state atomic.Int32

	// prev and next link the call into its queue while it runs; queue
	// guards them.
	prev, next *callContext
	queue      *deadlineQueue // nil once out of the queue
	owner      *deadlineQueue // the queue of the call's timeout
	due        time.Duration  // the call's deadline since epoch, by which the queue is ordered

	// cause is why the call was canceled, set once; nil until then. It
	// is read without a lock: functions ask ctx.Err() often, and most
	// never ask for Done.
	cause atomic.Pointer[error]
	// hooked is set once Done or AfterFunc has been called: only then
	// does canceling take mu, to close done and start the afters.
	hooked atomic.Bool

	mu     sync.Mutex
	done   chan struct{}           // made by Done, closed when canceled
	closed bool                    // done is closed
	afters map[*afterFunc]struct{} // registered by AfterFunc
}

// The causes a call is most often canceled with, as cause holds them: no
// allocation to set them.
var (
	causeCanceled error = context.Canceled
	causeDeadline error = context.DeadlineExceeded
)

const (
	running int32 = iota
	returned
	abandoned
)

// start sets c up for a call under timeout, from parent, and puts it in
// its queue; the deadline runs from now.
func (c *callContext) start(parent context.Context, timeout time.Duration) {
	c.parent = parent
	if w, ok := wakes.Get().(chan struct{}); ok {
		c.wake = w
	} else {
		c.wake = make(chan struct{}, 1)
	}
	c.owner = queueFor(timeout)
	c.owner.add(c, timeout)
}

// Deadline is the call's deadline, or the parent's when that is earlier.
func (c *callContext) Deadline() (time.Time, bool) {
	d := epoch.Add(c.due)
	if pd, ok := c.parent.Deadline(); ok && pd.Before(d) {
		d = pd
	}
	return d, true
}

// Done returns a channel closed when the call is canceled; it is made on
// the first call, so that a function that never asks for it costs none.
func (c *callContext) Done() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done == nil {
		c.done = make(chan struct{})
		// Either this sees the cause, or cancel sees hooked and closes
		// done under mu: the two atomics are ordered.
		c.hooked.Store(true)
		if c.cause.Load() != nil {
			close(c.done)
			c.closed = true
		}
	}
	return c.done
}

// Err returns nil until the call is canceled, then why.
func (c *callContext) Err() error {
	if !c.hooked.Load() {
		if p := c.cause.Load(); p != nil {
			return *p
		}
		return nil
	}
	// Once Done has a channel, Err is set only when it is closed, as the
	// context contract says: cancel sets the cause before it takes mu to
	// close the channel.
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done != nil && !c.closed {
		return nil
	}
	if p := c.cause.Load(); p != nil {
		return *p
	}
	return nil
}

// Value looks key up in the parent. The parent's cancelation reaches the
// call through its caller, which waits on the parent, not through the
// context chain, so the values are the parent's without its cancelation:
// context.Cause, which looks for a cancelation among the values, then
// answers with the call's own error.
func (c *callContext) Value(key any) any {
	v := c.values.Load()
	if v == nil {
		v = &valueContext{context.WithoutCancel(c.parent)}
		if !c.values.CompareAndSwap(nil, v) {
			v = c.values.Load()
		}
	}
	return v.Value(key)
}

// valueContext is the context a call's values come from.
type valueContext struct{ context.Context }

// afterFunc is a function registered with AfterFunc.
type afterFunc struct{ f func() }

// AfterFunc arranges for f to run on its own goroutine once the call is
// canceled, as context.AfterFunc does; contexts derived from the call's
// use it, so that they need no goroutine of their own to follow it.
func (c *callContext) AfterFunc(f func()) (stop func() bool) {
	a := &afterFunc{f}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hooked.Store(true) // as in Done
	if c.cause.Load() != nil {
		go f()
		return func() bool { return false }
	}
	if c.afters == nil {
		c.afters = make(map[*afterFunc]struct{})
	}
	c.afters[a] = struct{}{}
	return func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		_, ok := c.afters[a]
		delete(c.afters, a)
		return ok
	}
}

// cancel cancels the call's context with err, once.
func (c *callContext) cancel(err error) {
	var p *error
	switch err {
	case context.Canceled:
		p = &causeCanceled
	case context.DeadlineExceeded:
		p = &causeDeadline
	default:
		p = new(error) // here only: &err would move err to the heap on every call
		*p = err
	}
	if !c.cause.CompareAndSwap(nil, p) || !c.hooked.Load() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done != nil && !c.closed {
		close(c.done)
		c.closed = true
	}
	for a := range c.afters {
		go a.f()
	}
	c.afters = nil
}

// signal wakes the caller, if it has not been woken already.
func (c *callContext) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// wait waits until the function returns, the deadline passes or parent
// ends, and takes the call out of its queue. It reports whether the
// function had returned by then; if not, the function is abandoned and the
// call's context is canceled with why the caller stopped waiting (the
// deadline, or the parent's error).
func (c *callContext) wait(parent context.Context) (ok bool) {
	woke := true
	if pd := parent.Done(); pd != nil {
		select {
		case <-c.wake:
		case <-pd:
			woke = false
		}
	} else {
		<-c.wake
	}
	if c.state.Load() == abandoned {
		// By the queue's timer, at the deadline, which took the call out
		// of the queue: not taking the queue's lock again keeps thousands
		// of calls that time out together from queuing on it.
		return false
	}
	queued := c.owner.remove(c)
	if c.state.CompareAndSwap(running, abandoned) {
		if err := parent.Err(); err != nil {
			c.cancel(err)
		} else {
			c.cancel(context.DeadlineExceeded)
		}
		return false
	}
	if c.state.Load() == abandoned {
		return false // by the queue's timer, at the deadline
	}
	// The function returned. When its signal is what woke the caller and
	// the queue never signaled (the call was still in it), wake is empty
	// and nothing will send on it again: it serves the next call.
	if woke && queued {
		wakes.Put(c.wake)
	}
	// Its context ends with the call, as a context.WithTimeout's does at
	// its deferred cancel.
	c.cancel(context.Canceled)
	return true
}

// wakes are wake channels that no one will send on any more.
var wakes sync.Pool

// finished is called on the function's goroutine once the function has
// returned (or panicked): it wakes the caller unless the caller has
// already stopped waiting.
func (c *callContext) finished() {
	if c.state.CompareAndSwap(running, returned) {
		c.signal()
	}
}

// A deadlineQueue holds the running calls that share one timeout, in the
// order of their deadlines, which is the order they started in, and one
// timer set for the earliest deadline.
type deadlineQueue struct {
	timeout    time.Duration // of its calls; set when made
	mu         sync.Mutex
	head, tail *callContext
	timer      *time.Timer
	armed      bool // the timer is set
}

// queues are the deadline queues by timeout.
var queues sync.Map // time.Duration → *deadlineQueue

// lastQueue is the queue queueFor returned last: most programs use one
// or two timeouts, and one atomic load is cheaper than a sync.Map's.
var lastQueue atomic.Pointer[deadlineQueue]

func queueFor(timeout time.Duration) *deadlineQueue {
	if q := lastQueue.Load(); q != nil && q.timeout == timeout {
		return q
	}
	var q *deadlineQueue
	if v, ok := queues.Load(timeout); ok {
		q = v.(*deadlineQueue)
	} else {
		q = &deadlineQueue{timeout: timeout}
		q.timer = time.AfterFunc(time.Hour, q.expire)
		q.timer.Stop()
		v, _ := queues.LoadOrStore(timeout, q)
		q = v.(*deadlineQueue)
	}
	lastQueue.Store(q)
	return q
}

// add puts c at the tail of q, with its deadline timeout from now.
func (q *deadlineQueue) add(c *callContext, timeout time.Duration) {
	q.mu.Lock()
	// Taking the time under the lock keeps the queue in deadline order.
	c.due = time.Since(epoch) + timeout
	c.queue = q
	c.prev = q.tail
	if q.tail != nil {
		q.tail.next = c
	} else {
		q.head = c
	}
	q.tail = c
	if !q.armed {
		q.armed = true
		q.timer.Reset(timeout)
	}
	q.mu.Unlock()
}

// remove takes c out of q, if it is still there, and reports whether it
// was: if not, q's timer has signaled c.
func (q *deadlineQueue) remove(c *callContext) bool {
	q.mu.Lock()
	queued := c.queue == q
	if queued {
		q.unlink(c)
	}
	q.mu.Unlock()
	return queued
}

func (q *deadlineQueue) unlink(c *callContext) {
	if c.prev != nil {
		c.prev.next = c.next
	} else {
		q.head = c.next
	}
	if c.next != nil {
		c.next.prev = c.prev
	} else {
		q.tail = c.prev
	}
	c.prev, c.next, c.queue = nil, nil, nil
}

// expire is the timer's function: it wakes the caller of every call whose
// deadline has passed, and sets the timer for the next deadline, at most
// once per deadlineGrain.
func (q *deadlineQueue) expire() {
	q.mu.Lock()
	defer q.mu.Unlock()
	now := time.Since(epoch)
	for q.head != nil && q.head.due <= now {
		c := q.head
		q.unlink(c)
		// The call is abandoned now, at its deadline, not when its caller
		// next runs: on a busy machine that can be after the function
		// has returned, late, which would then count as in time.
		abandon := c.state.CompareAndSwap(running, abandoned)
		c.cancel(context.DeadlineExceeded)
		if abandon {
			c.signal()
		}
	}
	q.armed = q.head != nil
	if q.armed {
		q.timer.Reset(max(q.head.due-now, deadlineGrain))
	}
}
