package mcptools_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/runtime"
)

// countingServer serves the tooltest tools, whose words runs until its
// context ends when asked for "forever", and counts the calls in flight.
func countingServer(t *testing.T) (*mcp.Server, *atomic.Int64) {
	t.Helper()
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(tooltest.Tools()...); err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "shapes", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	var live atomic.Int64
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				live.Add(1)
				defer live.Add(-1)
			}
			return next(ctx, method, req)
		}
	})
	return server, &live
}

// waitFor waits up to 5 seconds for cond.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("after 5s: %s", what)
		}
	}
}

// callForever connects a go-sdk client to the server at url and starts a
// call of words that runs until ctx ends or the server cancels it; called
// is closed when the call returns.
func callForever(t *testing.T, url string, ctx context.Context) (cs *mcp.ClientSession, called chan struct{}) {
	t.Helper()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v1"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, nil)
	if err != nil {
		t.Fatal(err)
	}
	called = make(chan struct{})
	go func() {
		defer close(called)
		cs.CallTool(ctx, &mcp.CallToolParams{Name: "words", Arguments: json.RawMessage(`{"text":"forever"}`)})
	}()
	return cs, called
}

// serveForever serves server as ServeStdio does, over pipes, and calls
// words until canceled; stop ends the serving, whose error comes on
// served.
func serveForever(t *testing.T, server *mcp.Server) (stop func(), served chan error) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	t.Cleanup(func() { outW.Close() })
	go io.Copy(io.Discard, bufio.NewReader(outR))
	ctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	served = make(chan error, 1)
	go func() { served <- mcptools.Serve(ctx, server, &mcptools.IOTransport{Reader: inR, Writer: outW}) }()
	io.WriteString(inW, strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"words","arguments":{"text":"forever"}}}`,
	}, "\n")+"\n")
	return stop, served
}

// The go-sdk ends a session by waiting for its calls in flight, which it
// does not cancel: a call that runs until it is canceled held ServeStdio
// (Server.Run) for good. ServeStdio cancels them when its context ends.
func TestServeStdioCancelsCalls(t *testing.T) {
	server, live := countingServer(t)
	stop, served := serveForever(t, server)
	waitFor(t, "the call did not start", func() bool { return live.Load() == 1 })
	start := time.Now()
	stop()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("ServeStdio returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("ServeStdio did not return 5s after its context ended")
	}
	t.Logf("returned %v after its context ended", time.Since(start).Round(time.Millisecond))
	if n := live.Load(); n != 0 {
		t.Errorf("%d calls still running", n)
	}
}

// ServeHTTP cancels the calls in flight when its context ends, with
// sessions or without, and returns without waiting out ShutdownGrace.
func TestServeHTTPCancelsCalls(t *testing.T) {
	for _, stateless := range []bool{false, true} {
		server, live := countingServer(t)
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ctx, stop := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() {
			served <- mcptools.ServeHTTP(ctx, l, server, &mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: stateless}})
		}()
		cs, called := callForever(t, "http://"+l.Addr().String(), context.Background())
		waitFor(t, "the call did not start", func() bool { return live.Load() == 1 })
		start := time.Now()
		stop()
		if err := <-served; err != nil {
			t.Errorf("stateless %v: ServeHTTP returned %v", stateless, err)
		}
		if took := time.Since(start); took > mcptools.ShutdownGrace/2 {
			t.Errorf("stateless %v: ServeHTTP took %v to return", stateless, took)
		}
		waitFor(t, "the call still runs", func() bool { return live.Load() == 0 })
		cs.Close()
		<-called
	}
}

// A client that ends its session (DELETE) has its calls in flight
// canceled; the SDK answers the DELETE once they return, which it
// otherwise never did for a call that runs until canceled.
func TestHTTPHandlerDeleteCancelsCalls(t *testing.T) {
	server, live := countingServer(t)
	hs := httptest.NewServer(mcptools.HTTPHandler(server, nil))
	defer hs.Close()
	cs, called := callForever(t, hs.URL, context.Background())
	waitFor(t, "the call did not start", func() bool { return live.Load() == 1 })
	// The go-sdk client's Close waits for its calls before it sends the
	// DELETE: send it as another client would.
	req, err := http.NewRequest(http.MethodDelete, hs.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Mcp-Session-Id", cs.ID())
	hc := &http.Client{Timeout: 5 * time.Second}
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatalf("DELETE: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("DELETE: %s", resp.Status)
	}
	waitFor(t, "the call still runs", func() bool { return live.Load() == 0 })
	<-called
	cs.Close()
}

// A call still in a receiving middleware when its session is ended reaches
// the handler after the session's calls were canceled: it is canceled at
// once, or ServeStdio would wait for it for good.
func TestServeStdioCancelsLateCalls(t *testing.T) {
	server, live := countingServer(t)
	entered := make(chan struct{}, 1)
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				entered <- struct{}{}
				time.Sleep(300 * time.Millisecond) // an auth check, a rate limit
			}
			return next(ctx, method, req)
		}
	})
	stop, served := serveForever(t, server)
	<-entered
	stop()
	select {
	case <-served:
	case <-time.After(5 * time.Second):
		t.Fatalf("ServeStdio did not return 5s after its context ended; %d calls running", live.Load())
	}
}

// ServeStdio ends its own session, not the calls of the server's other
// sessions (over HTTP, say); nor does a DELETE the SDK refuses (an
// unknown session of another handler) end a session's calls.
func TestSessionEndsAreTheirOwn(t *testing.T) {
	server, live := countingServer(t)
	hs := httptest.NewServer(mcptools.HTTPHandler(server, nil))
	defer hs.Close()
	other := httptest.NewServer(mcptools.HTTPHandler(server, nil))
	defer other.Close()
	callCtx, cancelCall := context.WithCancel(context.Background())
	cs, called := callForever(t, hs.URL, callCtx)
	waitFor(t, "the call did not start", func() bool { return live.Load() == 1 })

	// A stdio session of the same server ends.
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go io.Copy(io.Discard, outR)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- mcptools.Serve(ctx, server, &mcptools.IOTransport{Reader: inR, Writer: outW}) }()
	io.WriteString(inW, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`+"\n")
	stop()
	<-served
	outW.Close()

	// A DELETE of the session at another handler, which answers 404.
	req, _ := http.NewRequest(http.MethodDelete, other.URL, nil)
	req.Header.Set("Mcp-Session-Id", cs.ID())
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("DELETE at another handler: %s", resp.Status)
	}
	time.Sleep(300 * time.Millisecond)
	select {
	case <-called:
		t.Error("the HTTP session's call ended with another session")
	default:
	}
	cancelCall()
	<-called
	cs.Close()
}
