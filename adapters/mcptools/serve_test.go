package mcptools_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"go.uber.org/goleak"
)

// acceptWatch is a listener that tells when it has accepted a connection.
type acceptWatch struct {
	net.Listener
	accepted chan struct{}
}

func newAcceptWatch(t *testing.T) *acceptWatch {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return &acceptWatch{Listener: l, accepted: make(chan struct{}, 100)}
}

func (l *acceptWatch) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.accepted <- struct{}{}
	}
	return c, err
}

// dialSilent opens a connection to l that sends nothing, and returns once
// l has accepted it.
func dialSilent(t *testing.T, l *acceptWatch) net.Conn {
	t.Helper()
	for len(l.accepted) > 0 {
		<-l.accepted
	}
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	<-l.accepted
	return c
}

// A connection opened and never sent a request (a client that closed
// without using it, a preconnect) does not hold up ServeHTTP's return:
// net/http's Shutdown takes such a connection as idle only once it is 5
// seconds old, so ServeHTTP waited out its ShutdownGrace.
func TestServeHTTPSilentConnection(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	for _, stateless := range []bool{false, true} {
		server, _ := countingServer(t)
		l := newAcceptWatch(t)
		ctx, stop := context.WithCancel(context.Background())
		served := make(chan error, 1)
		go func() {
			served <- mcptools.ServeHTTP(ctx, l, server, &mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: stateless}})
		}()
		// A client makes a call and closes, as the users' did.
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v1"}, nil).Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: "http://" + l.Addr().String()}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "words", Arguments: json.RawMessage(`{"text":"a b"}`)}); err != nil {
			t.Fatal(err)
		}
		cs.Close()
		silent := dialSilent(t, l)

		start := time.Now()
		stop()
		if err := <-served; err != nil {
			t.Errorf("stateless %v: ServeHTTP returned %v", stateless, err)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("stateless %v: ServeHTTP took %v to return, with a grace of %v", stateless, took, mcptools.ShutdownGrace)
		}
		// The server closed the silent connection.
		silent.SetReadDeadline(time.Now().Add(5 * time.Second))
		if n, err := silent.Read(make([]byte, 1)); err == nil || n > 0 {
			t.Errorf("stateless %v: the silent connection is still open", stateless)
		}
		silent.Close()
	}
}

// When ServeHTTP stops, a request in flight finishes, for up to the
// grace, though a connection that sent nothing is closed at once.
func TestServeHTTPFinishesRequests(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	entered := make(chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		time.Sleep(300 * time.Millisecond)
		io.WriteString(w, "done")
	})
	l := newAcceptWatch(t)
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- mcptools.ServeHandler(ctx, l, h) }()
	type answer struct {
		body string
		err  error
	}
	answered := make(chan answer, 1)
	hc := &http.Client{Transport: &http.Transport{}}
	defer hc.CloseIdleConnections()
	go func() {
		resp, err := hc.Get("http://" + l.Addr().String())
		if err != nil {
			answered <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		answered <- answer{string(body), err}
	}()
	<-entered
	silent := dialSilent(t, l)
	defer silent.Close()
	start := time.Now()
	stop()
	if err := <-served; err != nil {
		t.Errorf("returned %v", err)
	}
	took := time.Since(start)
	if a := <-answered; a.err != nil || a.body != "done" {
		t.Errorf("the request in flight: %q, %v", a.body, a.err)
	}
	if took > 2*time.Second {
		t.Errorf("returned after %v, with a grace of %v", took, mcptools.ShutdownGrace)
	}
}
