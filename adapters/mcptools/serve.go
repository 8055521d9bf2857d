package mcptools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// HTTPOptions are the options of [HTTPHandler] and [ServeHTTP].
type HTTPOptions struct {
	// StreamableHTTPOptions are the SDK's options, but that a zero
	// SessionTimeout means [DefaultSessionTimeout] here, and a negative
	// one that sessions are kept for good.
	mcp.StreamableHTTPOptions

	// AllowedOrigins are the origins (scheme://host[:port], as browsers
	// send them) besides loopback ones whose requests are served; "*"
	// serves any (turning the protection off). A request without Origin
	// (every non-browser client) is served.
	AllowedOrigins []string

	// MaxSessions is the most sessions a stateful handler keeps at once:
	// a request that would start one more (a POST without
	// Mcp-Session-Id) gets 503 Service Unavailable, with Retry-After: 1.
	// 0 means [DefaultMaxSessions]; a negative number, no cap.
	MaxSessions int
}

// DefaultMaxSessions is the most sessions a stateful handler keeps at
// once, where its options set no number.
const DefaultMaxSessions = 1000

// HTTPHandler returns the http.Handler that serves server over Streamable
// HTTP, the transport of remote MCP servers, with the SDK's
// mcp.StreamableHTTPHandler. opts may be nil, for the defaults.
//
// A request whose Origin header is present and not allowed gets 403
// Forbidden, before the SDK sees it, as the MCP spec asks of servers to
// prevent DNS rebinding attacks: a web page the user visits must not
// reach a server on the user's machine or network through the browser.
// Loopback origins (http or https, host localhost, 127.0.0.0/8 or [::1],
// any port) are allowed, and those of opts.AllowedOrigins. A request
// without Origin, as every client but a browser sends, is served. (The
// SDK checks, besides, that a request that came in on a loopback address
// names a loopback Host.)
//
// A request's body must come whole within [BodyTimeout] (30 seconds) of
// the handler's start, or the request fails and its connection closes: a
// client that sends its body slowly, or never, does not hold a connection
// for good. Once the body is read, the answer takes as long as the call
// does.
//
// By default each client gets a session, kept by the handler: it receives
// notifications/tools/list_changed on the stream it opens with GET, so a
// session must come back to the same process. With opts.Stateless set,
// each request is served on its own, with no session and no
// Mcp-Session-Id, so that replicas can sit behind any load balancer; a
// stateless server cannot send requests to the client, nor notifications
// outside the request they belong to (progress of a call, yes; a changed
// tool list, no). Nor does a client's cancellation reach a stateless
// call, unless opts.PropagateRequestCancellation is set, and then only for
// clients of protocol 2026-07-28: give such tools a timeout= so that a
// call nobody waits for ends.
//
// A stateful handler keeps at most opts.MaxSessions sessions
// ([DefaultMaxSessions], 1,000, by default): anyone who can reach the
// server can start one, with no credentials, and each is kept until it
// has been idle for SessionTimeout. A request that would start one more
// gets 503 with Retry-After: 1; the sessions started count, not those of
// the server's other transports and handlers.
//
// A session whose client sends no request for opts.SessionTimeout is
// closed; where that is 0 (the SDK's "never"), for [DefaultSessionTimeout]:
// a client that goes away without ending its session (killed, or on a
// network that dropped) would otherwise leave it, and a goroutine, on the
// server for good. A client that only listens on its GET stream counts as
// idle; one that comes back after its session closed gets 404 and must
// start a new session (the go-sdk's client reports ErrSessionMissing). To
// keep idle sessions longer, set a longer SessionTimeout; a negative one
// keeps them for good.
//
// A client that ends its session with DELETE has the session's calls in
// flight canceled: the SDK answers the DELETE once they have returned.
func HTTPHandler(server *mcp.Server, opts *HTTPOptions) http.Handler {
	o := httpOptions(opts)
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, &o.StreamableHTTPOptions)
	allowed := newOrigins(o.AllowedOrigins)
	bodyTimeout := bodyTimeout
	var sessions *sessionCap
	if !o.Stateless && o.MaxSessions > 0 {
		sessions = &sessionCap{server: server, max: o.MaxSessions}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, origin := range r.Header.Values("Origin") {
			if !allowed.allows(origin) {
				http.Error(w, fmt.Sprintf("Forbidden: Origin %q is not allowed", origin), http.StatusForbidden)
				return
			}
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = newDeadlineBody(w, r.Body, bodyTimeout)
		}
		id := r.Header.Get("Mcp-Session-Id")
		if sessions != nil && r.Method == http.MethodPost && id == "" {
			if !sessions.take() {
				w.Header().Set("Retry-After", "1")
				http.Error(w, "Service Unavailable: too many sessions; try again later", http.StatusServiceUnavailable)
				return
			}
			// The SDK gives the new session's id in the answer's header.
			defer func() { sessions.started(w.Header().Get("Mcp-Session-Id")) }()
		}
		if r.Method != http.MethodDelete || id == "" {
			h.ServeHTTP(w, r)
			return
		}
		// The SDK answers a DELETE it refuses (another user's session,
		// another handler's) at once; one it takes, once the session's
		// calls have returned. So the calls are ended only when no
		// answer came for a while: the SDK is then closing the session.
		aw := &answerWatch{ResponseWriter: w}
		t := time.AfterFunc(deleteWait, func() {
			if aw.answered.Load() {
				return
			}
			for ss := range server.Sessions() {
				if ss.ID() == id {
					endSession(ss)
				}
			}
		})
		defer t.Stop()
		h.ServeHTTP(aw, r)
	})
}

// sessionCap keeps the sessions an HTTPHandler starts at most max.
type sessionCap struct {
	server *mcp.Server
	max    int

	mu       sync.Mutex
	starting int                 // requests that may start a session, being served
	ours     map[string]struct{} // the ids of the sessions started, some maybe closed since
}

// take reports whether a request may start a session; if so, the request
// counts as one until started is called.
func (c *sessionCap) take() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.ours)+c.starting >= c.max {
		// Forget the sessions closed since the last count.
		live := make(map[string]struct{}, len(c.ours))
		for ss := range c.server.Sessions() {
			if _, ok := c.ours[ss.ID()]; ok {
				live[ss.ID()] = struct{}{}
			}
		}
		c.ours = live
		if len(c.ours)+c.starting >= c.max {
			return false
		}
	}
	c.starting++
	return true
}

// started ends a request that take let through, which started the session
// id ("" if none).
func (c *sessionCap) started(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.starting--
	if id == "" {
		return
	}
	if c.ours == nil {
		c.ours = make(map[string]struct{})
	}
	c.ours[id] = struct{}{}
}

// BodyTimeout is how long HTTPHandler waits for the body of a request to
// come whole.
const BodyTimeout = 30 * time.Second

// IdleTimeout is how long ServeHTTP keeps a connection open after a
// request, waiting for the next one.
const IdleTimeout = 2 * time.Minute

// bodyTimeout and idleTimeout are BodyTimeout and IdleTimeout, but in
// tests.
var (
	bodyTimeout = BodyTimeout
	idleTimeout = IdleTimeout
)

// deadlineBody is the body of a request, read under a read deadline of its
// connection, which it clears once the body has been read to its end. The
// deadline must not outlast the body: once the body is read, the server
// reads the connection in the background to learn if the client goes
// away, and a deadline that passed there would cancel the request,
// cutting the answer of a long call. (net/http's HTTP/1 server clears the
// deadline itself as it starts that read; HTTPHandler may be served by
// others.) A body whose reading failed keeps it: the request fails, and
// net/http, which reads what is left of the body once the handler has
// answered, would wait for good for a body that never comes.
type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	done bool // the deadline is cleared
}

// newDeadlineBody sets a read deadline d from now on w's connection, for
// body. An error (a ResponseWriter that cannot set one) is ignored: the
// body is then read without a deadline.
func newDeadlineBody(w http.ResponseWriter, body io.ReadCloser, d time.Duration) io.ReadCloser {
	rc := http.NewResponseController(w)
	if rc.SetReadDeadline(time.Now().Add(d)) != nil {
		return body
	}
	return &deadlineBody{ReadCloser: body, rc: rc}
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && !b.done {
		b.done = true
		b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

// deleteWait is how long a DELETE goes unanswered before its session's
// calls are ended (see HTTPHandler).
const deleteWait = 100 * time.Millisecond

// answerWatch records that a response was begun.
type answerWatch struct {
	http.ResponseWriter
	answered atomic.Bool
}

func (a *answerWatch) WriteHeader(code int) {
	a.answered.Store(true)
	a.ResponseWriter.WriteHeader(code)
}

func (a *answerWatch) Write(b []byte) (int, error) {
	a.answered.Store(true)
	return a.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the writer underneath.
func (a *answerWatch) Unwrap() http.ResponseWriter { return a.ResponseWriter }

// httpOptions returns a copy of opts (nil: the zero options) with the
// default session timeout and cap where it sets none.
func httpOptions(opts *HTTPOptions) HTTPOptions {
	var o HTTPOptions
	if opts != nil {
		o = *opts
	}
	if o.MaxSessions == 0 {
		o.MaxSessions = DefaultMaxSessions
	}
	switch {
	case o.Stateless:
	case o.SessionTimeout < 0:
		o.SessionTimeout = 0 // the SDK's never
	case o.SessionTimeout == 0:
		o.SessionTimeout = DefaultSessionTimeout
	}
	return o
}

// DefaultSessionTimeout is how long a stateful session may go without a
// request from its client, where the options set no time.
const DefaultSessionTimeout = 30 * time.Minute

// ShutdownGrace is how long ServeHTTP waits, once its context ends, for
// the connections it serves to end before it closes them.
const ShutdownGrace = 5 * time.Second

// ServeHTTP serves server over Streamable HTTP (see [HTTPHandler]) on l
// until ctx ends. A client must send a request's headers within 10
// seconds, and its body within [BodyTimeout]; a connection idle between
// requests for [IdleTimeout] is closed. A GET stream and the answer of a
// long call have no time limit.
//
// When ctx ends, ServeHTTP stops accepting connections, closes those on
// which no request has begun, ends the server's sessions (calls still
// running are canceled, and their clients told so by the end of their
// streams), waits up to [ShutdownGrace] for the other connections to end,
// and returns nil. Any other error of the HTTP server is returned as it
// happens.
func ServeHTTP(ctx context.Context, l net.Listener, server *mcp.Server, opts *HTTPOptions) error {
	// A session's GET stream lasts as long as the session: end them, or
	// Shutdown would wait for them all its grace.
	return serveHTTP(ctx, l, HTTPHandler(server, opts), func() {
		// Close waits for the calls in flight: cancel them first.
		endSessions(server)
		for ss := range server.Sessions() {
			ss.Close()
		}
	})
}

// serveHTTP serves h on l until ctx ends, then stops as ServeHTTP says,
// calling onShutdown as the HTTP server's shutdown begins.
func serveHTTP(ctx context.Context, l net.Listener, h http.Handler, onShutdown func()) error {
	var fresh freshConns
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       idleTimeout,
		ConnState:         fresh.track,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	srv.RegisterOnShutdown(onShutdown)
	// A connection on which no request has begun (opened by a client
	// that never used it) is idle, but net/http's Shutdown takes it so
	// only once it is 5 seconds old: close it now. The requests in flight
	// on the others finish, for up to ShutdownGrace.
	fresh.closeAll()
	stop, cancel := context.WithTimeout(context.Background(), ShutdownGrace)
	defer cancel()
	if err := srv.Shutdown(stop); err != nil {
		srv.Close()
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// freshConns are the connections of an HTTP server on which no request
// has begun (http.StateNew), for ServeHTTP to close when it stops.
type freshConns struct {
	mu      sync.Mutex
	conns   map[net.Conn]struct{}
	closing bool // closeAll was called: a connection is closed as it comes
}

// track is the server's ConnState hook.
func (f *freshConns) track(c net.Conn, state http.ConnState) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case state != http.StateNew:
		delete(f.conns, c)
	case f.closing:
		// Accepted as the server stopped.
		c.Close()
	default:
		if f.conns == nil {
			f.conns = make(map[net.Conn]struct{})
		}
		f.conns[c] = struct{}{}
	}
}

// closeAll closes the connections on which no request has begun, and
// any that comes after.
func (f *freshConns) closeAll() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closing = true
	for c := range f.conns {
		c.Close()
	}
	clear(f.conns)
}

// ServeStdio serves server on standard input and output, with
// [StdioTransport], until the input ends or ctx does; either is a clean end,
// and returns nil. At the end of the input, the requests read are
// answered first, for up to 5 seconds (see [StdioTransport]), so that a
// session piped in whole gets its answers.
//
// When ctx ends, the calls in flight are canceled: the SDK's Server.Run
// ends its session by waiting for them, so a program that runs the server
// itself over an [IOTransport] waits for calls that ignore their end.
func ServeStdio(ctx context.Context, server *mcp.Server) error {
	return serve(ctx, server, &StdioTransport{})
}

// serve is ServeStdio over transport t. It is the SDK's Server.Run, but
// that it ends the calls of its session, and only of its own, when ctx
// ends.
func serve(ctx context.Context, server *mcp.Server, t mcp.Transport) error {
	ss, err := server.Connect(ctx, t, nil)
	if err != nil {
		return err
	}
	closed := make(chan error, 1)
	go func() { closed <- ss.Wait() }()
	select {
	case <-ctx.Done():
		endSession(ss)
		ss.Close()
		<-closed
		return nil
	case err := <-closed:
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
}
