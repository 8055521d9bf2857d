package mcptools

import (
	"context"
	"errors"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The go-sdk ends a session (Server.Run's context ending, a client's
// DELETE, ServeHTTP's shutdown) by waiting for its calls in flight, whose
// contexts it does not cancel: a call that runs until its context ends
// would hold the session, and the program, for good. So the calls of each
// session are kept here, and this package cancels them where it ends a
// session: those in flight then, and those that reach the handler later
// (past a receiving middleware, say), until the session is gone.

// errSessionEnded is why the calls of an ended session are canceled.
var errSessionEnded = errors.New("the MCP session ended")

// sessionCalls holds a *callSet for each session with calls in flight, or
// that this package ended and the SDK has not yet closed.
var sessionCalls sync.Map // *mcp.ServerSession → *callSet

// callSet is the calls in flight of one session, by their cancel
// functions.
type callSet struct {
	mu    sync.Mutex
	calls map[*int]context.CancelCauseFunc
	// ended is set when the session was ended: a call that comes later
	// is canceled at once. The set then stays until the session is gone.
	ended bool
	// dead is set when the set left sessionCalls: a call must then find
	// or make the set that replaced it.
	dead bool
}

// setOf returns the set of session ss, locked.
func setOf(ss *mcp.ServerSession) *callSet {
	for {
		v, _ := sessionCalls.LoadOrStore(ss, &callSet{calls: map[*int]context.CancelCauseFunc{}})
		set := v.(*callSet)
		set.mu.Lock()
		if !set.dead {
			return set
		}
		set.mu.Unlock()
	}
}

// track returns a context of the call of session ss that this package
// cancels when it ends ss, and the function that ends the call.
func track(ctx context.Context, ss *mcp.ServerSession) (context.Context, func()) {
	if ss == nil {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	set := setOf(ss)
	defer set.mu.Unlock()
	if set.ended {
		cancel(errSessionEnded)
		return ctx, func() {}
	}
	key := new(int)
	set.calls[key] = cancel
	return ctx, func() {
		set.mu.Lock()
		delete(set.calls, key)
		if len(set.calls) == 0 && !set.ended {
			set.dead = true
			sessionCalls.CompareAndDelete(ss, set)
		}
		set.mu.Unlock()
		cancel(nil)
	}
}

// endSession cancels the calls of ss, those in flight and those to come,
// until the session is gone.
func endSession(ss *mcp.ServerSession) {
	set := setOf(ss)
	defer set.mu.Unlock()
	for _, cancel := range set.calls {
		cancel(errSessionEnded)
	}
	if set.ended {
		return
	}
	set.ended = true
	go func() {
		ss.Wait()
		set.mu.Lock()
		set.dead = true
		sessionCalls.CompareAndDelete(ss, set)
		set.mu.Unlock()
	}()
}

// endSessions ends every session of server.
func endSessions(server *mcp.Server) {
	for ss := range server.Sessions() {
		endSession(ss)
	}
}
