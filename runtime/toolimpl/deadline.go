package toolimpl

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
)

// How a call with a timeout is run. The function runs on a goroutine of
// its own, so that the caller can return at the deadline even when the
// function ignores its context. What a per-call context.WithTimeout would
// cost, a runtime timer made and stopped for every call (about as much as
// the rest of a call), is shared instead: the calls under one timeout wait
// in a deadlineQueue, in the order of their deadlines, behind one timer
// set for the earliest.
//
// A call is two objects. The callContext is the function's context, made
// for each call and small: the function may keep it after the call, so it
// is never reused. The deadlineCall is what the caller, the function's
// goroutine and the queue share; it is reused for a later call once
// neither the goroutine nor the queue can touch it any more.

// deadlineGrain is how late a deadline may pass: the queue's timer wakes
// at most once per grain, and ends every call due by then.
const deadlineGrain = time.Millisecond

// epoch is what the queues measure deadlines from: time.Since reads only
// the monotonic clock, half the work of time.Now.
var epoch = time.Now()

// A callContext is the context of a call with a deadline: it is canceled
// at the deadline, when the caller stops waiting (its own context ended),
// or when the function has returned.
type callContext struct {
	parent context.Context // the caller's
	due    time.Duration   // the call's deadline since epoch
	// cause is why the call was canceled, set once; nil until then. It
	// is read without a lock: functions ask ctx.Err() often, and most
	// never ask for Done.
	cause atomic.Pointer[error]
	// hooks are made by the first Done or AfterFunc; only then does
	// canceling take a lock, to close Done's channel and start the
	// afters.
	hooks atomic.Pointer[ctxHooks]
	// values is parent without its cancelation, made by the first Value.
	values atomic.Pointer[valueContext]
}

// ctxHooks are what a call's context needs once its cancelation is
// waited for: Done's channel and the functions given to AfterFunc.
type ctxHooks struct {
	mu     sync.Mutex
	done   chan struct{}
	closed bool // done is closed
	afters map[*afterFunc]struct{}
}

// The causes a call is most often canceled with, as cause holds them: no
// allocation to set them.
var (
	causeCanceled error = context.Canceled
	causeDeadline error = context.DeadlineExceeded
)

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
	return c.hook().done
}

// hook returns c's hooks, making them on the first call.
func (c *callContext) hook() *ctxHooks {
	if h := c.hooks.Load(); h != nil {
		return h
	}
	h := &ctxHooks{done: make(chan struct{})}
	if !c.hooks.CompareAndSwap(nil, h) {
		return c.hooks.Load()
	}
	// Either this sees the cause, or cancel sees the hooks: the two
	// atomics are ordered. Both may; close is idempotent.
	if c.cause.Load() != nil {
		h.close()
	}
	return h
}

// close closes Done's channel and starts the afters, once.
func (h *ctxHooks) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	h.closed = true
	close(h.done)
	for a := range h.afters {
		go a.f()
	}
	h.afters = nil
}

// Err returns nil until the call is canceled, then why.
func (c *callContext) Err() error {
	// Once Done has a channel, Err is set only when it is closed, as the
	// context contract says: cancel sets the cause before it closes the
	// channel. A cause seen before the hooks closes them here (hook would
	// a moment later), so that Err, once non-nil, stays so.
	p := c.cause.Load()
	if h := c.hooks.Load(); h != nil {
		if p != nil {
			h.close()
			return *p
		}
		h.mu.Lock()
		closed := h.closed
		h.mu.Unlock()
		if !closed {
			return nil
		}
		p = c.cause.Load()
	}
	if p != nil {
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
	h := c.hook()
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		go f()
		return func() bool { return false }
	}
	if h.afters == nil {
		h.afters = make(map[*afterFunc]struct{})
	}
	h.afters[a] = struct{}{}
	return func() bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		_, ok := h.afters[a]
		delete(h.afters, a)
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
	c.cancelWith(p)
}

// cancelWith is cancel with the cause as cause holds it: &causeCanceled,
// for one, cancels without comparing errors.
func (c *callContext) cancelWith(p *error) {
	if !c.cause.CompareAndSwap(nil, p) {
		return
	}
	if h := c.hooks.Load(); h != nil {
		h.close()
	}
}

// deadlineCall is a call run on a goroutine of its own under a deadline:
// what the caller, that goroutine and the queue of its timeout share.
type deadlineCall struct {
	ctx  *callContext
	call attempt
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
	prev, next *deadlineCall
	queue      *deadlineQueue // nil once out of the queue
	owner      *deadlineQueue // the queue of the call's timeout

	// What the attempt made, or its panic; read by the caller only once
	// state says returned.
	res     runtime.Result
	err     error
	panic   *runtime.PanicError // rare, so kept out of line
	expired bool                // the deadline had passed when fn returned

	// reusable is set by wait when neither the function's goroutine nor
	// the queue will touch the call again.
	reusable bool
	// shard is which of the queues of its timeout the call waits in, the
	// same each time c is reused: calls come from a sync.Pool, which hands
	// a core mostly the calls it put back, so that the calls of one core
	// mostly take the same queue's lock, whose line stays on that core.
	shard uint8

	// start is c.run as a func value, made once with c and kept when c
	// is reused: a go statement of it allocates nothing, where one of
	// c.run() allocates the closure that binds c, on every call.
	start func()
}

const (
	running int32 = iota
	returned
	abandoned
)

// deadlineCalls are calls that can be used again, each with its wake
// channel, empty.
var deadlineCalls = sync.Pool{New: func() any {
	c := &deadlineCall{wake: make(chan struct{}, 1)}
	c.start = c.run
	c.shard = uint8(madeCalls.Add(1) % deadlineShards)
	return c
}}

// madeCalls counts the deadlineCalls made, to spread them over the queues.
var madeCalls atomic.Uint32

// startDeadline starts call on a goroutine of its own under timeout, from
// parent; the deadline runs from now.
func startDeadline(parent context.Context, timeout time.Duration, call attempt) *deadlineCall {
	c := deadlineCalls.Get().(*deadlineCall)
	c.ctx = &callContext{parent: parent}
	c.call = call
	c.owner = &queueFor(timeout).shards[c.shard]
	c.owner.add(c, timeout)
	go c.start()
	return c
}

// release puts c back for a later call, if wait found it reusable.
func (c *deadlineCall) release() {
	if c.reusable {
		*c = deadlineCall{wake: c.wake, start: c.start, shard: c.shard}
		deadlineCalls.Put(c)
	}
}

// run makes the attempt and, unless the caller has stopped waiting, wakes
// it. The result is encoded here too, within the deadline.
func (c *deadlineCall) run() {
	defer func() {
		if v := recover(); v != nil {
			c.panic = &runtime.PanicError{Value: v, Stack: debug.Stack()}
		}
		c.expired = c.ctx.Err() == context.DeadlineExceeded
		c.finished()
	}()
	c.err = c.call(c.ctx, &c.res)
}

// signal wakes the caller, if it has not been woken already.
func (c *deadlineCall) signal() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// finished is called on the function's goroutine once the function has
// returned (or panicked): it wakes the caller unless the caller has
// already stopped waiting. It is the goroutine's last touch of c.
func (c *deadlineCall) finished() {
	if c.state.CompareAndSwap(running, returned) {
		c.signal()
	}
}

// wait waits until the function returns, the deadline passes or parent
// ends, and takes the call out of its queue. It reports whether the
// function had returned by then; if not, the function is abandoned and the
// call's context is canceled with why the caller stopped waiting (the
// deadline, or the parent's error).
func (c *deadlineCall) wait(parent context.Context) (ok bool) {
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
			c.ctx.cancel(err)
		} else {
			c.ctx.cancel(context.DeadlineExceeded)
		}
		return false
	}
	if c.state.Load() == abandoned {
		return false // by the queue's timer, at the deadline
	}
	// The function returned. When its signal is what woke the caller and
	// the queue never signaled (the call was still in it), wake is empty,
	// the goroutine is done with c and nothing will send on wake again:
	// c can serve the next call.
	c.reusable = woke && queued
	// Its context ends with the call, as a context.WithTimeout's does at
	// its deferred cancel.
	c.ctx.cancelWith(&causeCanceled)
	return true
}

// runDeadline makes the attempt on a goroutine of its own under the tool's
// timeout and returns when it returns or at the deadline, whichever comes
// first, so that the deadline holds even for a function that ignores its
// context. A function still running at the deadline is abandoned: it
// finishes on its goroutine, and what it returns is dropped.
func runDeadline(parent context.Context, s *runtime.Settings, info *runtime.Info, timeout time.Duration, call attempt) (res runtime.Result, goErr error) {
	c := startDeadline(parent, timeout, call)
	if !c.wait(parent) {
		// The deadline passed, or the parent ended, before fn returned.
		if err := parent.Err(); err != nil {
			return canceled(err), err
		}
		return runtime.Result{
			Error: fmt.Sprintf("the tool did not finish within %s", timeout),
			Err:   &runtime.TimeoutError{Tool: info.Name, Timeout: timeout.String(), Err: context.DeadlineExceeded, Abandoned: true},
		}, nil
	}
	res, err, pe, expired, ctx := c.res, c.err, c.panic, c.expired, c.ctx
	c.release()
	switch {
	case pe != nil:
		pe.Tool = info.Name
		return runtime.Result{
			Error: "internal error: the tool failed unexpectedly",
			Err:   pe,
		}, nil
	case err != nil:
		// The error's methods and Settings.ErrorText are code of the
		// tool's too.
		defer func() {
			if v := recover(); v != nil {
				res, goErr = panicked(info, v), nil
			}
		}()
		// Whether the deadline had passed is what fn saw when it returned.
		fctx := parent
		if expired {
			fctx = ctx
		}
		return failed(parent, fctx, s, info, err)
	}
	return res, nil
}

// A deadlineQueue holds the running calls that share one timeout, in the
// order of their deadlines, which is the order they started in, and one
// timer set for the earliest deadline.
type deadlineQueue struct {
	timeout    time.Duration // of its calls; set when made
	mu         sync.Mutex
	head, tail *deadlineCall
	timer      *time.Timer
	armed      bool // the timer is set
	// The queues of a timeout lie side by side: each on a cache line of
	// its own, so that the cores that take their locks do not take each
	// other's lines.
	_ [64]byte
}

// deadlineShards is how many queues the calls under one timeout are spread
// over, each with its own lock and timer (see deadlineCall.shard). With
// one queue, whose lock the calls of every core took, a call with a
// deadline made from two cores at once, as a server makes them, took 1.5
// times as long as Eino's tool under context.WithTimeout; with sixteen,
// 1.1 times (BenchmarkParallel, 2026-12-02), and alone as long as before.
const deadlineShards = 16

// deadlineQueues are the queues of one timeout.
type deadlineQueues struct {
	timeout time.Duration
	shards  [deadlineShards]deadlineQueue
}

// queues are the deadline queues by timeout.
var queues sync.Map // time.Duration → *deadlineQueues

// lastQueues are the queues queueFor returned last: most programs use one
// or two timeouts, and one atomic load is cheaper than a sync.Map's.
var lastQueues atomic.Pointer[deadlineQueues]

func queueFor(timeout time.Duration) *deadlineQueues {
	if qs := lastQueues.Load(); qs != nil && qs.timeout == timeout {
		return qs
	}
	var qs *deadlineQueues
	if v, ok := queues.Load(timeout); ok {
		qs = v.(*deadlineQueues)
	} else {
		qs = &deadlineQueues{timeout: timeout}
		for i := range qs.shards {
			q := &qs.shards[i]
			q.timeout = timeout
			q.timer = time.AfterFunc(time.Hour, q.expire)
			q.timer.Stop()
		}
		v, _ := queues.LoadOrStore(timeout, qs)
		qs = v.(*deadlineQueues)
	}
	lastQueues.Store(qs)
	return qs
}

// add puts c at the tail of q, with its deadline timeout from now.
func (q *deadlineQueue) add(c *deadlineCall, timeout time.Duration) {
	q.mu.Lock()
	// Taking the time under the lock keeps the queue in deadline order.
	c.ctx.due = time.Since(epoch) + timeout
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
func (q *deadlineQueue) remove(c *deadlineCall) bool {
	q.mu.Lock()
	queued := c.queue == q
	if queued {
		q.unlink(c)
	}
	q.mu.Unlock()
	return queued
}

func (q *deadlineQueue) unlink(c *deadlineCall) {
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
	for q.head != nil && q.head.ctx.due <= now {
		c := q.head
		q.unlink(c)
		// The call is abandoned now, at its deadline, not when its caller
		// next runs: on a busy machine that can be after the function
		// has returned, late, which would then count as in time.
		abandon := c.state.CompareAndSwap(running, abandoned)
		c.ctx.cancelWith(&causeDeadline)
		if abandon {
			c.signal()
		}
	}
	q.armed = q.head != nil
	if q.armed {
		q.timer.Reset(max(q.head.ctx.due-now, deadlineGrain))
	}
}
