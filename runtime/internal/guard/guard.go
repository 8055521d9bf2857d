// Package guard serializes a callback that must not run concurrently or
// after its caller has returned: the emit of a streamed call.
package guard

import "sync"

// A Guard hands values to a function one at a time until it is closed.
type Guard[T any] struct {
	mu     sync.Mutex
	f      func(T)
	closed bool
}

// New returns a Guard around f.
func New[T any](f func(T)) *Guard[T] { return &Guard[T]{f: f} }

// Send calls f with v, unless the Guard is closed.
func (g *Guard[T]) Send(v T) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.closed {
		g.f(v)
	}
}

// Close waits for a call of f in progress, and drops those that come
// after.
func (g *Guard[T]) Close() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
}
