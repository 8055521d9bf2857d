package runtime

import (
	"context"

	"github.com/toolgen-go/toolgen/runtime/internal/guard"
)

// Handler runs one call of a tool and returns what the model should see.
// It keeps Execute's contract: the Result says what became of the call,
// and the error is non-nil only when ctx ended.
type Handler func(ctx context.Context, call Call) (Result, error)

// Middleware wraps every call a registry runs: it may look at the call,
// refuse it (return a Result of its own without calling next), change it,
// or change the Result. Logging, metrics, tracing, rate limits, audit and
// redaction are middleware.
//
// A registry's middleware sees each call of Execute, ExecuteStream and
// ExecuteAll (each of its calls, at once on goroutines of their own), and
// so each call an adapter makes. The Call it gets has:
//   - ID: the caller's ID of the call in ExecuteAll; "" for Execute and
//     ExecuteStream;
//   - Name and Args: as the caller gave them, unchecked: Args may be over
//     the size limit, or not JSON at all (the registry refuses such a call
//     after the middleware has seen it, so a log or trace shows it);
//   - Tool: the registry's Info of the tool named, or nil for a tool it
//     does not have (or has left out of its dialect): next then returns
//     the Result for an unknown tool.
//
// The handler at the core (the next of the innermost middleware) looks up
// call.Name, checks call.Args against the tool's limits and schema, and
// then reuses a cached result or runs the tool with its approval,
// retries and timeout. So a middleware that changes Name calls another
// tool, one that changes Args (to redact or repair them) has its Args
// checked like the model's, and a change to Tool is ignored. The
// middleware sits outside the cache: a result reused from the cache goes
// through every middleware as a result of the tool's own would, so it is
// logged and traced too.
//
// For ExecuteStream, the chunks go to the caller's emit as the tool yields
// them, past the middleware, which sees the whole Result at the end: a
// middleware that redacts results must not be relied on for chunks
// already emitted.
//
// A refusal should be a Result with Success false and an Error the model
// can act on, and a nil error: the error is for a context that ended.
// A panic in a middleware is contained like a tool's: the call's Result
// fails with a *PanicError as its Err, whose Middleware field tells it
// from the tool's. A tool's panic reaches the middleware as that failed
// Result, never as a panic.
type Middleware func(next Handler) Handler

// chain returns core wrapped in the registry's middleware, the first
// outermost.
func (r *Registry) chain(core Handler) Handler {
	h := core
	for i := len(r.settings.Middleware) - 1; i >= 0; i-- {
		h = r.settings.Middleware[i](h)
	}
	return h
}

// intercept runs a call through the registry's middleware. emit, if set,
// gets the chunks of a streamed call; the chain around it is built for
// this call alone, as emit is the caller's.
func (r *Registry) intercept(ctx context.Context, id, name string, args []byte, emit func(Chunk)) (Result, error) {
	call := Call{ID: id, Name: name, Args: args}
	if t := r.index.Load().get(name); t != nil && t.listed {
		call.Tool = t.info
	}
	h := r.handler
	if emit != nil {
		// A middleware may run next more than once, at once (hedging):
		// emit still gets one chunk at a time, and none once the call
		// has returned.
		g := guard.New(emit)
		defer g.Close()
		h = r.chain(func(ctx context.Context, call Call) (Result, error) {
			return r.contained(ctx, call.Name, call.Args, g.Send)
		})
	}
	return h(ctx, call)
}

// core is the handler at the core of the registry's middleware, for calls
// that stream to no one.
func (r *Registry) core(ctx context.Context, call Call) (Result, error) {
	return r.contained(ctx, call.Name, call.Args, nil)
}
