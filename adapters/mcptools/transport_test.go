package mcptools_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

// A line that is not a JSON-RPC message gets an error answer, and the
// session goes on.
func TestIOTransportBadLines(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	mcptools.Add(server, reg)

	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- server.Run(context.Background(), &mcptools.IOTransport{Reader: inR, Writer: outW, MaxLineLength: 300})
		outW.Close()
	}()
	out := bufio.NewScanner(outR)
	send := func(line string) {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	receive := func() map[string]any {
		t.Helper()
		if !out.Scan() {
			t.Fatalf("no answer: %v", out.Err())
		}
		var m map[string]any
		if err := json.Unmarshal(out.Bytes(), &m); err != nil {
			t.Fatalf("%s: %v", out.Bytes(), err)
		}
		return m
	}
	errorOf := func(m map[string]any) (id any, code float64) {
		t.Helper()
		e, ok := m["error"].(map[string]any)
		if !ok {
			t.Fatalf("not an error: %v", m)
		}
		return m["id"], e["code"].(float64)
	}

	send(`not json`)
	if id, code := errorOf(receive()); id != nil || code != -32700 {
		t.Errorf("not json: id %v, code %v", id, code)
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`)
	if m := receive(); m["id"] != 1.0 || m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"` + strings.Repeat(" ", 300) + `}`)
	if id, code := errorOf(receive()); id != nil || code != -32600 {
		t.Errorf("too long: id %v, code %v", id, code)
	}
	send(`{"jsonrpc":"1.0","id":"a"}`)
	if id, code := errorOf(receive()); id != "a" || code != -32600 {
		t.Errorf("not JSON-RPC: id %v, code %v", id, code)
	}
	send(`[]`)
	if id, code := errorOf(receive()); id != nil || code != -32600 {
		t.Errorf("empty batch: id %v, code %v", id, code)
	}
	send(`[{"jsonrpc":"2.0","id":4,"method":"tools/list"}]`)
	if id, code := errorOf(receive()); id != nil || code != -32600 {
		t.Errorf("batch: id %v, code %v", id, code)
	}
	send(`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":1}}`)
	if id, code := errorOf(receive()); id != 5.0 || code != -32602 {
		t.Errorf("bad params: id %v, code %v", id, code)
	}
	send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"convert_temperature","arguments":{"value":0,"from":"celsius","to":"fahrenheit"}}}`)
	m := receive()
	if res, _ := json.Marshal(m["result"]); m["id"] != 3.0 || !strings.Contains(string(res), "0 celsius is 32 fahrenheit") {
		t.Errorf("call after bad lines: %v", m)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("Run: %v", err)
	}
}

// MCP messages are UTF-8 (JSON-RPC "MUST be UTF-8 encoded"), and a stdio
// server "MUST NOT write anything to its stdout that is not a valid MCP
// message": lines with invalid UTF-8 (in an argument, a method, an id) are
// answered in UTF-8, the error of a line whose id is not UTF-8 with a null
// id.
func TestIOTransportInvalidUTF8(t *testing.T) {
	const start = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"
	for _, c := range []struct {
		line   string
		nullID bool // answered with an error and a null id
	}{
		{`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"words","arguments":{"text":"a` + "\xff\xfe" + `b"}}}`, false},
		{`{"jsonrpc":"2.0","id":3,"method":"tools/` + "\xff" + `"}`, false},
		{`{"jsonrpc":"2.0","id":"` + "\xff" + `","method":"ping"}`, false},
		{`{"jsonrpc":"2.0","id":"` + "\xff" + `","method":5}`, true},
		{`{"jsonrpc":"1.0","id":"` + "\xc0\xaf" + `"}`, true},
	} {
		server, _ := countingServer(t)
		var out bytes.Buffer
		var mu sync.Mutex
		w := writeCloser{writerFunc(func(p []byte) (int, error) {
			mu.Lock()
			defer mu.Unlock()
			return out.Write(p)
		})}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := mcptools.Serve(ctx, server, &mcptools.IOTransport{Reader: io.NopCloser(strings.NewReader(start + c.line + "\n")), Writer: w})
		if err != nil || ctx.Err() != nil {
			t.Fatalf("%q: the session did not end at the end of its input: %v", c.line, err)
		}
		cancel()
		mu.Lock()
		var answer map[string]json.RawMessage
		var answerLine []byte
		for l := range bytes.Lines(out.Bytes()) {
			if !utf8.Valid(l) {
				t.Errorf("to the line %q the server wrote %q, which is not UTF-8", c.line, l)
			}
			var m map[string]json.RawMessage
			if json.Unmarshal(l, &m) == nil && string(m["id"]) != "1" {
				answer, answerLine = m, l
			}
		}
		mu.Unlock()
		if c.nullID && (string(answer["id"]) != "null" || answer["error"] == nil) {
			t.Errorf("to the line %q the server answered %q, want an error with a null id", c.line, answerLine)
		}
	}
}

type writeCloser struct{ io.Writer }

func (writeCloser) Close() error { return nil }

// Whatever comes on the input, the session ends at its end, and every line
// written is a JSON-RPC message.
func FuzzIOTransport(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_forecast","arguments":{"city":"Paris"}}}` + "\n"))
	f.Add([]byte("not json\n[1,2]\n{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"ping\"}\n\r\n  \n{"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":"x","method":"tools/list"}` + "\n" + strings.Repeat("[", 1000)))
	f.Add([]byte(`{"jsonrpc":"1.0","id":"` + "\xff" + `"}` + "\n"))
	// Ids used twice, as a string and a number, a response to nothing, and
	// a cancel of a request already answered: the end of the input waits
	// for answers, and must still come.
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" +
		`{"jsonrpc":"2.0","id":"1","method":"tools/list"}` + "\n" +
		`{"jsonrpc":"2.0","id":7,"result":{}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}` + "\n" +
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_forecast","arguments":{"city":"Paris","days":99}}}` + "\n"))
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		f.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	f.Fuzz(func(t *testing.T, input []byte) {
		var out bytes.Buffer
		var mu sync.Mutex
		w := writeCloser{writerFunc(func(p []byte) (int, error) {
			mu.Lock()
			defer mu.Unlock()
			return out.Write(p)
		})}
		tr := &mcptools.IOTransport{Reader: io.NopCloser(bytes.NewReader(input)), Writer: w, MaxLineLength: 4096}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		server.Run(ctx, tr)
		if ctx.Err() != nil {
			t.Fatalf("the session did not end at the end of the input")
		}
		mu.Lock()
		defer mu.Unlock()
		for line := range bytes.Lines(out.Bytes()) {
			// The SDK's decoder takes no response with a null id, which
			// JSON-RPC gives the error of a line with no readable id.
			var m map[string]json.RawMessage
			err := json.Unmarshal(line, &m)
			_, id := m["id"]
			_, method := m["method"]
			_, result := m["result"]
			_, failure := m["error"]
			if err != nil || !utf8.Valid(line) || string(m["jsonrpc"]) != `"2.0"` || method == (result || failure) || !method && !id {
				t.Errorf("wrote %q: %v", line, err)
			}
		}
	})
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
