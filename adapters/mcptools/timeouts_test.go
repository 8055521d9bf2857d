package mcptools_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/runtime"
)

// dialRaw opens a TCP connection to addr, closed when the test ends.
func dialRaw(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedWithin reports whether the server closes c within d, reading and
// dropping what it sends.
func closedWithin(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	buf := make([]byte, 4096)
	for {
		_, err := c.Read(buf)
		if err == nil {
			continue
		}
		var ne net.Error
		return !errors.As(err, &ne) || !ne.Timeout()
	}
}

// A POST whose headers come whole and whose body never does ("slow
// POST") has its connection closed once BodyTimeout has passed:
// ReadHeaderTimeout ends at the headers, so the connection, a goroutine
// and its buffers were held for good.
func TestServeHTTPSlowBody(t *testing.T) {
	mcptools.SetHTTPTimeouts(t, 200*time.Millisecond, mcptools.IdleTimeout)
	for _, stateless := range []bool{false, true} {
		server, _ := countingServer(t)
		closeSessions(t, server)
		opts := &mcptools.HTTPOptions{}
		opts.Stateless = stateless
		addr := serveHTTPOn(t, "127.0.0.1:0", server, opts)
		c := dialRaw(t, addr)
		fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{", addr)
		if !closedWithin(c, 10*time.Second) {
			t.Errorf("stateless %v: a POST whose body never comes still holds its connection after 10s, with a body timeout of 0.2s", stateless)
		}
	}
}

// An idle keep-alive connection, one request answered and then nothing,
// is closed once IdleTimeout has passed; net/http waited for the next
// request for good.
func TestServeHTTPIdleConnection(t *testing.T) {
	mcptools.SetHTTPTimeouts(t, mcptools.BodyTimeout, 200*time.Millisecond)
	server, _ := countingServer(t)
	addr := serveHTTPOn(t, "127.0.0.1:0", server, nil)
	c := dialRaw(t, addr)
	// A GET without a session: the SDK answers 400 at once.
	fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n\r\n", addr)
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if !closedWithin(c, 10*time.Second) {
		t.Errorf("an idle keep-alive connection (after HTTP %d) is still open after 10s, with an idle timeout of 0.2s", resp.StatusCode)
	}
}

// nap is a tool written by hand that takes its time.
type nap struct{ d time.Duration }

func (nap) Info() *runtime.Info {
	return &runtime.Info{Name: "nap", Description: "Takes a nap.", Parameters: json.RawMessage(`{"type":"object"}`)}
}

func (n nap) Invoke(ctx context.Context, _ json.RawMessage) (runtime.Result, error) {
	select {
	case <-time.After(n.d):
		return runtime.Result{Success: true, Output: "rested"}, nil
	case <-ctx.Done():
		return runtime.Result{}, ctx.Err()
	}
}

// A call that takes longer than BodyTimeout is answered, with sessions or
// without: the body's deadline ends with the body. Left on the
// connection, it would cancel the request and cut the answer.
func TestHTTPHandlerLongCallAfterBody(t *testing.T) {
	const body = 100 * time.Millisecond
	mcptools.SetHTTPTimeouts(t, body, mcptools.IdleTimeout)
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(nap{10 * body}); err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	for _, stateless := range []bool{false, true} {
		opts := &mcptools.HTTPOptions{}
		opts.Stateless = stateless
		addr := serveHTTPOn(t, "127.0.0.1:0", server, opts)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v1"}, nil).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: "http://" + addr, DisableStandaloneSSE: stateless}, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "nap", Arguments: json.RawMessage(`{}`)})
		cs.Close()
		if err != nil {
			t.Errorf("stateless %v: a call of %v with a body timeout of %v: %v", stateless, 10*body, body, err)
			continue
		}
		if text := res.Content[0].(*mcp.TextContent).Text; res.IsError || text != "rested" {
			t.Errorf("stateless %v: a call of %v with a body timeout of %v: isError %v, %q", stateless, 10*body, body, res.IsError, text)
		}
	}
}
