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
// session or sees it ended.

// errSessionEnded is why the calls of an ended session are canceled.
var errSessionEnded = errors.New("the MCP session ended")

// sessionCalls holds a *callSet for each session with calls in flight.
var sessionCalls sync.Map // *mcp.ServerSession → *callSet

// callSet is the calls in flight of one session, by their cancel
// functions.
type callSet struct {
	mu    sync.Mutex
	calls map[*int]context.CancelCauseFunc
	// dead is set when the set left sessionCalls: a call must then find
	// or make the set that replaced it.
	dead bool
}

// track returns a context of the call of session ss that this package
// cancels when it ends ss, and the function that ends the call.
func track(ctx context.Context, ss *mcp.ServerSession) (context.Context, func()) {
	if ss == nil {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	key := new(int)
	for {
		v, _ := sessionCalls.LoadOrStore(ss, &callSet{calls: map[*int]context.CancelCauseFunc{}})
		set := v.(*callSet)
		set.mu.Lock()
		if set.dead {
			set.mu.Unlock()
			continue
		}
		set.calls[key] = cancel
		set.mu.Unlock()
		return ctx, func() {
			set.mu.Lock()
			delete(set.calls, key)
			if len(set.calls) == 0 {
				set.dead = true
				sessionCalls.CompareAndDelete(ss, set)
			}
			set.mu.Unlock()
			cancel(nil)
		}
	}
}

// endSession cancels the calls in flight of ss.
func endSession(ss *mcp.ServerSession) {
	v, ok := sessionCalls.Load(ss)
	if !ok {
		return
	}
	set := v.(*callSet)
	set.mu.Lock()
	defer set.mu.Unlock()
	for _, cancel := range set.calls {
		cancel(errSessionEnded)
	}
}

// endSessions cancels the calls in flight of every session of server.
func endSessions(server *mcp.Server) {
	for ss := range server.Sessions() {
		endSession(ss)
	}
}
