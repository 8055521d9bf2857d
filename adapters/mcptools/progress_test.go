package mcptools_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/runtime"
	"go.uber.org/goleak"
)

// A client that stops reading while a tool streams makes the server's
// writes block. The progress notifications of the call then wait, or are
// dropped, but the call itself ends as soon as its tool has: here a stream
// of many more chunks than the progress queue holds. The notifications the
// client gets come in order, numbered by their chunk, whether it stalled
// or read all along; one that reads all along gets most of them.
func TestProgressStalledClient(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(tooltest.Tools()...); err != nil {
		t.Fatal(err)
	}
	const n = 500
	args, want := wordsArgs(n)
	for _, stalled := range []bool{true, false} {
		t.Run(fmt.Sprintf("stalled=%v", stalled), func(t *testing.T) {
			server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v1"}, nil)
			mcptools.Add(server, reg)
			returned := handlerReturns(server)
			ctx := context.Background()
			var s stall
			defer s.stop()
			var notes progressNotes
			cs, ss, end := connectStalling(t, server, &s, &notes)
			defer end()

			if stalled {
				s.start()
			}
			results := make(chan *mcp.CallToolResult, 1)
			go func() {
				params := &mcp.CallToolParams{Name: "words", Arguments: json.RawMessage(args)}
				params.SetProgressToken("p")
				res, err := cs.CallTool(ctx, params)
				if err != nil {
					t.Error(err)
				}
				results <- res
			}()
			// The client reads nothing until s.stop, so a handler that
			// waited for it would not return at all: the bound is only
			// how long a loaded machine (CI's two cores, the race
			// detector) may take for 500 chunks.
			select {
			case <-returned:
			case <-time.After(15 * time.Second):
				t.Errorf("the call has not returned after 15s (client stalled: %v)", stalled)
			}
			s.stop()
			res := <-results
			if res == nil {
				return
			}
			if res.IsError || len(res.Content) != 1 || res.Content[0].(*mcp.TextContent).Text != want {
				t.Errorf("result: %+v", res)
			}
			// The client handles a request from the server after the
			// notifications that came before it.
			if err := ss.Ping(ctx, nil); err != nil {
				t.Fatal(err)
			}
			got := notes.get()
			if len(got) == 0 || len(got) > n {
				t.Fatalf("%d progress notifications for %d chunks", len(got), n)
			}
			if stalled && len(got) == n {
				t.Errorf("all %d progress notifications reached a client that read nothing until the call ended", n)
			}
			// A client that reads along gets most: all of them on an idle
			// machine; under the race detector, which slows the transport
			// tenfold, some 300. Dropping whatever finds the queue full,
			// without waiting, gave it 64.
			if !stalled && len(got) <= 2*64 {
				t.Errorf("%d progress notifications of %d chunks reached a client that read them all along", len(got), n)
			}
			checkOrder(t, got)
			t.Logf("%d progress notifications of %d chunks", len(got), n)
		})
	}
}

// A client that asks for progress and reads it, but slowly (a message
// every 5 ms), holds up a tool that streams fast for a tenth of a second
// at most, and a call that would finish well within its deadline does,
// where it used to be paced to the client and time out (helper 51).
func TestProgressSlowClient(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	reg := runtime.NewRegistry(&runtime.Settings{Timeout: time.Second})
	if err := reg.Register(tooltest.Tools()...); err != nil {
		t.Fatal(err)
	}
	const n = 400
	args, _ := wordsArgs(n)
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	ctx := context.Background()
	s := stall{delay: 5 * time.Millisecond}
	var notes progressNotes
	cs, _, end := connectStalling(t, server, &s, &notes)
	defer end()
	params := &mcp.CallToolParams{Name: "words", Arguments: json.RawMessage(args)}
	params.SetProgressToken("p")
	start := time.Now()
	res, err := cs.CallTool(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError || len(res.Content) != 1 || !strings.HasPrefix(res.Content[0].(*mcp.TextContent).Text, "w1 w2 ") {
		t.Errorf("result after %s: %+v", time.Since(start), res.Content[0])
	}
	got := notes.get()
	checkOrder(t, got)
	t.Logf("%d progress notifications of %d chunks in %s", len(got), n, time.Since(start).Round(time.Millisecond))
}

// A tool that streams under a deadline ends at its deadline even when its
// client reads nothing from the streams of Streamable HTTP: the response
// stream of the call (SSE), or the session's stream that carries
// notifications when responses go as JSON. With JSON responses the client
// gets the result by its deadline; with SSE, once it reads again. No
// goroutine outlives the session.
func TestProgressStalledHTTPClient(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const timeout = 200 * time.Millisecond
	reg := runtime.NewRegistry(&runtime.Settings{Timeout: timeout})
	if err := reg.Register(tooltest.Tools()...); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		opts  *mcptools.HTTPOptions
		stall string // the method of the HTTP requests whose responses the client stops reading
	}{
		{"sse", nil, http.MethodPost},
		{"json", &mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{JSONResponse: true}}, http.MethodGet},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v1"}, nil)
			mcptools.Add(server, reg)
			returned := handlerReturns(server)
			network := newPipeNetwork()
			hs := httptest.NewUnstartedServer(mcptools.HTTPHandler(server, c.opts))
			hs.Listener.Close()
			hs.Listener = network
			hs.Start()
			defer hs.Close()
			var s stall
			defer s.stop()
			transport := &http.Transport{DialContext: network.DialContext}
			defer transport.CloseIdleConnections()
			httpClient := &http.Client{Transport: &stallingRoundTripper{base: transport, method: c.stall, stall: &s}}

			ctx := context.Background()
			var notes progressNotes
			client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, &mcp.ClientOptions{
				ProgressNotificationHandler: notes.add,
			})
			cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL, HTTPClient: httpClient, MaxRetries: -1},
				&mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()

			s.start()
			start := time.Now()
			results := make(chan *mcp.CallToolResult, 1)
			go func() {
				params := &mcp.CallToolParams{Name: "words", Arguments: json.RawMessage(`{"text":"forever"}`)}
				params.SetProgressToken("p")
				res, err := cs.CallTool(ctx, params)
				if err != nil {
					t.Error(err)
				}
				results <- res
			}()
			limit := start.Add(timeout + 2*time.Second)
			select {
			case <-returned:
				t.Logf("the call returned after %s", time.Since(start).Round(time.Millisecond))
			case <-time.After(time.Until(limit)):
				t.Errorf("the call has not returned %s after it started, its deadline %s", time.Since(start).Round(time.Millisecond), timeout)
			}
			var res *mcp.CallToolResult
			if c.opts != nil && c.opts.JSONResponse {
				// The result does not wait for the stalled stream.
				select {
				case res = <-results:
					t.Logf("the client got the result after %s", time.Since(start).Round(time.Millisecond))
				case <-time.After(time.Until(limit)):
					t.Errorf("no result %s after the call started, its deadline %s", time.Since(start).Round(time.Millisecond), timeout)
				}
			}
			s.stop()
			if res == nil {
				res = <-results
			}
			if res == nil {
				return
			}
			text := res.Content[0].(*mcp.TextContent).Text
			if !res.IsError || text != "the tool did not finish within 200ms" {
				t.Errorf("result: isError %v, %q", res.IsError, text)
			}
			checkOrder(t, notes.get())
		})
	}
}

// A call canceled by its client while its tool runs ends with a result
// with isError set that says so, rather than a JSON-RPC error with code 0.
// The go-sdk client stops waiting for a call it cancels itself: here a
// connection of the client's sends notifications/cancelled for the call
// once its first progress notification has come, and the client waits for
// the answer.
func TestCanceledCall(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(tooltest.Tools()...); err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil)
	cs, err := client.Connect(ctx, &cancelingTransport{Transport: ct}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		cs.Close()
		ss.Wait()
	}()
	params := &mcp.CallToolParams{Name: "words", Arguments: json.RawMessage(`{"text":"forever"}`)}
	params.SetProgressToken("p")
	res, err := cs.CallTool(ctx, params)
	if err != nil {
		code := "none"
		if werr := (*jsonrpc.Error)(nil); errors.As(err, &werr) {
			code = fmt.Sprint(werr.Code)
		}
		t.Fatalf("error %q, JSON-RPC code %s; want a result with isError", err, code)
	}
	if len(res.Content) != 1 {
		t.Fatalf("result %+v", res)
	}
	if text := res.Content[0].(*mcp.TextContent).Text; !res.IsError || text != "the call was canceled: context canceled" {
		t.Errorf("result: isError %v, %q", res.IsError, text)
	}
}

// handlerReturns returns a channel that receives when a tools/call handler
// of server has returned.
func handlerReturns(server *mcp.Server) <-chan struct{} {
	returned := make(chan struct{}, 1)
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if method == "tools/call" {
				returned <- struct{}{}
			}
			return res, err
		}
	})
	return returned
}

// progressNotes are the progress notifications a client has received.
type progressNotes struct {
	mu    sync.Mutex
	notes []*mcp.ProgressNotificationParams
}

func (p *progressNotes) add(ctx context.Context, req *mcp.ProgressNotificationClientRequest) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.notes = append(p.notes, req.Params)
}

func (p *progressNotes) get() []*mcp.ProgressNotificationParams {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]*mcp.ProgressNotificationParams(nil), p.notes...)
}

// checkOrder checks that the progress of notes grows with each, and that
// the message of each is the chunk its progress counts: "w<progress> " of
// words, or "." of words "forever".
func checkOrder(t *testing.T, notes []*mcp.ProgressNotificationParams) {
	t.Helper()
	last := 0.0
	for i, p := range notes {
		if p.Progress <= last {
			t.Errorf("notification %d: progress %v after %v", i, p.Progress, last)
		}
		last = p.Progress
		if want := fmt.Sprintf("w%v ", p.Progress); p.Message != want && p.Message != "." {
			t.Errorf("notification %d: progress %v with message %q", i, p.Progress, p.Message)
		}
	}
}

// wordsArgs returns the arguments of the words tool for n words, and the
// text its result holds.
func wordsArgs(n int) (args json.RawMessage, want string) {
	words := make([]string, n)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i+1)
	}
	args, _ = json.Marshal(map[string]string{"text": strings.Join(words, " ")})
	return args, strings.Join(words, " ") + " "
}

// connectStalling connects a client to server over in-memory transports,
// the client's reads held up by s, its progress notifications kept in
// notes. Calling end closes the session and waits for the server's side.
func connectStalling(t *testing.T, server *mcp.Server, s *stall, notes *progressNotes) (cs *mcp.ClientSession, ss *mcp.ServerSession, end func()) {
	t.Helper()
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: notes.add,
	})
	cs, err = client.Connect(ctx, &stallingTransport{Transport: ct, stall: s}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cs, ss, func() {
		cs.Close()
		ss.Wait()
	}
}

// A stall holds up the reads of a client while it is on.
type stall struct {
	mu    sync.Mutex
	on    chan struct{} // closed when the stall ends; nil when off
	delay time.Duration // before each read: a client that reads slowly
}

func (s *stall) start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.on = make(chan struct{})
}

func (s *stall) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.on != nil {
		close(s.on)
		s.on = nil
	}
}

// wait returns nil once the stall is off, or the error of ctx if it ends
// first, or io.ErrClosedPipe if closed is closed first.
func (s *stall) wait(ctx context.Context, closed <-chan struct{}) error {
	s.mu.Lock()
	on, delay := s.on, s.delay
	s.mu.Unlock()
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return ctx.Err()
		case <-closed:
			return io.ErrClosedPipe
		}
	}
	if on == nil {
		return nil
	}
	select {
	case <-on:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-closed:
		return io.ErrClosedPipe
	}
}

// A stallingTransport is an MCP client transport whose connections read
// nothing while its stall is on.
type stallingTransport struct {
	mcp.Transport
	stall *stall
}

func (t *stallingTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &stallingConn{Connection: c, stall: t.stall, closed: make(chan struct{})}, nil
}

type stallingConn struct {
	mcp.Connection
	stall  *stall
	once   sync.Once
	closed chan struct{}
}

func (c *stallingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	if err := c.stall.wait(ctx, c.closed); err != nil {
		return nil, err
	}
	return c.Connection.Read(ctx)
}

func (c *stallingConn) Close() error {
	c.once.Do(func() { close(c.closed) })
	return c.Connection.Close()
}

// A stallingRoundTripper reads nothing of the bodies of the responses to
// requests of its method while its stall is on.
type stallingRoundTripper struct {
	base   http.RoundTripper
	method string
	stall  *stall
}

func (rt *stallingRoundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := rt.base.RoundTrip(req)
	if err == nil && req.Method == rt.method {
		resp.Body = &stallingBody{ReadCloser: resp.Body, ctx: req.Context(), stall: rt.stall, closed: make(chan struct{})}
	}
	return resp, err
}

type stallingBody struct {
	io.ReadCloser
	ctx    context.Context
	stall  *stall
	once   sync.Once
	closed chan struct{}
}

func (b *stallingBody) Read(p []byte) (int, error) {
	if err := b.stall.wait(b.ctx, b.closed); err != nil {
		return 0, err
	}
	return b.ReadCloser.Read(p)
}

func (b *stallingBody) Close() error {
	b.once.Do(func() { close(b.closed) })
	return b.ReadCloser.Close()
}

// A pipeNetwork is a listener whose connections are net.Pipes, dialed with
// DialContext. A pipe holds no bytes, so a reader that stops blocks its
// writer at once, as a full TCP window does after megabytes.
type pipeNetwork struct {
	conns  chan net.Conn
	once   sync.Once
	closed chan struct{}
}

func newPipeNetwork() *pipeNetwork {
	return &pipeNetwork{conns: make(chan net.Conn), closed: make(chan struct{})}
}

func (n *pipeNetwork) Accept() (net.Conn, error) {
	select {
	case c := <-n.conns:
		return c, nil
	case <-n.closed:
		return nil, net.ErrClosed
	}
}

func (n *pipeNetwork) Close() error {
	n.once.Do(func() { close(n.closed) })
	return nil
}

func (n *pipeNetwork) Addr() net.Addr { return pipeAddr{} }

func (n *pipeNetwork) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	client, server := net.Pipe()
	select {
	case n.conns <- server:
		return client, nil
	case <-n.closed:
		return nil, net.ErrClosed
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "pipe" }

// A cancelingTransport is an MCP client transport whose connections send
// notifications/cancelled for the first tools/call request once its first
// progress notification has come, as a client that cancels the call does,
// but leave the client waiting for the answer.
type cancelingTransport struct {
	mcp.Transport
}

func (t *cancelingTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &cancelingConn{Connection: c}, nil
}

type cancelingConn struct {
	mcp.Connection
	mu       sync.Mutex
	call     jsonrpc.ID // the tools/call request
	canceled bool
}

func (c *cancelingConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "tools/call" {
		c.mu.Lock()
		if !c.call.IsValid() {
			c.call = req.ID
		}
		c.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

func (c *cancelingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "notifications/progress" {
		c.mu.Lock()
		id, first := c.call, !c.canceled
		c.canceled = true
		c.mu.Unlock()
		if first && id.IsValid() {
			params, _ := json.Marshal(map[string]any{"requestId": id.Raw(), "reason": "the user gave up"})
			if err := c.Connection.Write(ctx, &jsonrpc.Request{Method: "notifications/cancelled", Params: params}); err != nil {
				return nil, err
			}
		}
	}
	return msg, err
}
