package mcptools_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/runtime"
)

// A session piped in whole (printf '...' | server), its input ending right
// after its last request, gets an answer to every request before the
// server returns: the end of the input ends the session only once what it
// asked is answered, or canceled.
func TestIOTransportAnswersBeforeEOF(t *testing.T) {
	reg := runtime.NewRegistry(&runtime.Settings{Timeout: 200 * time.Millisecond})
	if err := reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	if err := reg.Register(tooltest.Tools()...); err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	start := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	}
	for _, c := range []struct {
		name       string
		lines      []string
		answered   []string // the ids that must be answered
		unanswered []string // and those that must not be
	}{
		{"calls", []string{
			`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
			`{"jsonrpc":"2.0","id":"three","method":"tools/call","params":{"name":"get_forecast","arguments":{"city":"Paris"}}}`,
			`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get_forecast","arguments":{"city":""}}}`,
		}, []string{`1`, `2`, `"three"`, `4`}, nil},
		// A call that runs until its deadline is answered then.
		{"deadline", []string{
			`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"words","arguments":{"text":"forever"}}}`,
		}, []string{`1`, `5`}, nil},
		// A call the client cancels gets no answer, as the protocol
		// asks (the TypeScript SDK takes one for an error); the calls
		// after it do.
		{"canceled", []string{
			`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"words","arguments":{"text":"forever"}}}`,
			`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":6}}`,
			`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_forecast","arguments":{"city":"Paris"}}}`,
		}, []string{`1`, `7`}, []string{`6`}},
		// An id used again after its request was canceled (which the
		// protocol forbids) gets an answer, not none.
		{"reused after cancel", []string{
			`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"words","arguments":{"text":"forever"}}}`,
			`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8}}`,
			`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"get_forecast","arguments":{"city":"Paris"}}}`,
		}, []string{`1`, `8`}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			input := strings.Join(append(start, c.lines...), "\n") + "\n"
			var out bytes.Buffer
			var mu sync.Mutex
			w := writeCloser{writerFunc(func(p []byte) (int, error) {
				mu.Lock()
				defer mu.Unlock()
				return out.Write(p)
			})}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			server.Run(ctx, &mcptools.IOTransport{Reader: io.NopCloser(strings.NewReader(input)), Writer: w})
			if ctx.Err() != nil {
				t.Fatal("the session did not end at the end of the input")
			}
			mu.Lock()
			defer mu.Unlock()
			answered := map[string]bool{}
			for line := range bytes.Lines(out.Bytes()) {
				var m struct {
					ID     json.RawMessage `json:"id"`
					Result json.RawMessage `json:"result"`
					Error  json.RawMessage `json:"error"`
				}
				if err := json.Unmarshal(line, &m); err != nil || (m.Result == nil) == (m.Error == nil) {
					t.Errorf("wrote %q: %v", line, err)
					continue
				}
				answered[string(m.ID)] = true
			}
			for _, id := range c.answered {
				if !answered[id] {
					t.Errorf("request %s got no answer; the output:\n%s", id, out.Bytes())
				}
			}
			for _, id := range c.unanswered {
				if answered[id] {
					t.Errorf("request %s, canceled, got an answer; the output:\n%s", id, out.Bytes())
				}
			}
		})
	}
}

// A client that goes away during a call that waits on its context (no
// deadline) does not leave the server running: at the end of the input
// the session waits EOFWait for the answer, then ends and cancels the
// call; and it ends at once when the server's context does (helper 52:
// the session waited for the answer, the call for its context, forever).
func TestIOTransportClientGone(t *testing.T) {
	reg := runtime.NewRegistry(nil) // no deadline
	if err := reg.Register(tooltest.Tools()...); err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	input := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"words","arguments":{"text":"forever"}}}`,
	}, "\n") + "\n"
	run := func(ctx context.Context, wait time.Duration) time.Duration {
		start := time.Now()
		done := make(chan struct{})
		go func() {
			defer close(done)
			var out bytes.Buffer
			var mu sync.Mutex
			w := writeCloser{writerFunc(func(p []byte) (int, error) {
				mu.Lock()
				defer mu.Unlock()
				return out.Write(p)
			})}
			server.Run(ctx, &mcptools.IOTransport{Reader: io.NopCloser(strings.NewReader(input)), Writer: w, EOFWait: wait})
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("the session did not end 10 s after the end of its input")
		}
		return time.Since(start)
	}
	if took := run(context.Background(), 200*time.Millisecond); took > 2*time.Second {
		t.Errorf("EOFWait 200 ms: the session ended after %s", took)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if took := run(ctx, time.Minute); took > 2*time.Second {
		t.Errorf("context ended after 200 ms: the session ended after %s", took)
	}
}

// A request whose id a bad line after it carries, which the transport
// answers itself, is still waited for; and two requests in flight with
// the same id (which a client should not send, but may) are counted, not
// taken for one: the first answer does not end the wait for the second.
// (The SDK may drop a request whose id is in flight; then the wait ends
// at EOFWait.)
func TestIOTransportReusedIDs(t *testing.T) {
	reg := runtime.NewRegistry(&runtime.Settings{Timeout: 300 * time.Millisecond})
	if err := reg.Register(tooltest.Tools()...); err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	input := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"words","arguments":{"text":"a b"}}}`,
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"words","arguments":{"text":"forever"}}}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"words","arguments":{"text":"forever"}}}`,
		`{"jsonrpc":"2.0","id":10,"method":"bad line"`,
	}, "\n") + "\n"
	var out bytes.Buffer
	var mu sync.Mutex
	w := writeCloser{writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return out.Write(p)
	})}
	server.Run(context.Background(), &mcptools.IOTransport{Reader: io.NopCloser(strings.NewReader(input)), Writer: w, EOFWait: time.Second})
	mu.Lock()
	defer mu.Unlock()
	results := map[string]int{}
	for line := range bytes.Lines(out.Bytes()) {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if json.Unmarshal(line, &m) == nil && m.Result != nil {
			results[string(m.ID)]++
		}
	}
	if results["9"] < 1 || results["10"] != 1 {
		t.Errorf("results by id: %v, want one for 10 and one or two for 9; the output:\n%s", results, out.Bytes())
	}
}
