package mcptools

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// StdioTransport is the SDK's mcp.StdioTransport, newline-delimited JSON-RPC
// on standard input and output, but a line it cannot read does not end
// the session: a line that is not JSON gets a parse error (-32700), one
// that is JSON but not a JSON-RPC message (a batch included: batches left
// the protocol in 2025-06-18), or is longer than MaxLineLength, gets an
// invalid request error (-32600), with the line's id when it has one (a
// null id for an id that is not UTF-8, as every message written is), and
// the session goes on with the next line. The SDK's own
// transport ends the session on such a line, without an answer
// (modelcontextprotocol/go-sdk#1209). At the end of the input, the session
// ends once every request read has been answered (or canceled by the
// client), where the SDK's transport ends it at once and the requests in
// flight go unanswered: a session piped in whole, as in
// printf '...' | server, gets its answers. It waits for them EOFWait at
// most (5 seconds), and not once the server's context ends, nor when the
// server has asked the client something, which can no longer be
// answered; then the calls still running are canceled, so that a client
// that went away during a long call does not leave the server running.
type StdioTransport struct {
	// MaxLineLength is the longest line read, in bytes; 0 means
	// mcp.DefaultMaxLineLength (16 MiB).
	MaxLineLength int
	// EOFWait is how long the end of the input waits for the answers
	// to the requests in flight; 0 means 5 seconds.
	EOFWait time.Duration
}

// Connect implements mcp.Transport.
func (t *StdioTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	io := &IOTransport{Reader: os.Stdin, Writer: nopCloser{os.Stdout}, MaxLineLength: t.MaxLineLength, EOFWait: t.EOFWait}
	return io.Connect(ctx)
}

// IOTransport is [StdioTransport] over any reader and writer.
type IOTransport struct {
	Reader io.ReadCloser
	Writer io.WriteCloser
	// MaxLineLength is the longest line read, in bytes; 0 means
	// mcp.DefaultMaxLineLength (16 MiB).
	MaxLineLength int
	// EOFWait is how long the end of the input waits for the answers
	// to the requests in flight; 0 means 5 seconds.
	EOFWait time.Duration
}

// Connect implements mcp.Transport.
func (t *IOTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	calls := newCalls()
	w := &lockedWriter{w: t.Writer, calls: calls}
	limit := t.MaxLineLength
	if limit <= 0 {
		limit = mcp.DefaultMaxLineLength
	}
	wait := t.EOFWait
	if wait <= 0 {
		wait = 5 * time.Second
	}
	r := &lineReader{r: bufio.NewReader(t.Reader), c: t.Reader, w: w, limit: limit, calls: calls, ctx: ctx, eofWait: wait}
	// The lines that reach the SDK are whole JSON-RPC messages, each at
	// most limit bytes long: its own cap would only count differently.
	sdk := &mcp.IOTransport{Reader: r, Writer: w, MaxLineLength: -1}
	return sdk.Connect(ctx)
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// lockedWriter lets the SDK's messages and the reader's error answers
// share one stream, each written whole, and tells calls of the answers
// and requests written.
type lockedWriter struct {
	mu    sync.Mutex
	w     io.WriteCloser
	calls *calls
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.calls.wrote(p) {
		// The answer to a request the client canceled: the protocol
		// asks for none, and a client may take one for an error.
		return len(p), nil
	}
	return w.w.Write(p)
}

// writeOwn writes an answer of the transport's own, to a line the SDK
// never saw: not one of the answers calls waits for.
func (w *lockedWriter) writeOwn(p []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, err := w.w.Write(p)
	return err
}

func (w *lockedWriter) Close() error { return w.w.Close() }

// lineReader hands the SDK the lines of r that are JSON-RPC messages, and
// answers the others on w.
type lineReader struct {
	r     *bufio.Reader
	c     io.Closer
	w     *lockedWriter
	limit int

	line    []byte // the line being read
	pending []byte // what is left of a good line for the SDK
	err     error  // the error that ended r
	calls   *calls
	ctx     context.Context // the session's: drain stops waiting when it ends
	eofWait time.Duration   // how long drain waits at most
}

// Read hands the SDK the next good line. At the end of the input, it
// first waits until every request read has been answered (see calls), so
// that a session piped in whole, its input ending after its last
// request, gets its answers.
func (l *lineReader) Read(p []byte) (int, error) {
	for len(l.pending) == 0 {
		if l.err != nil {
			if l.err == io.EOF {
				l.calls.drain(l.ctx, l.eofWait)
			}
			return 0, l.err
		}
		line, tooLong, err := l.next()
		l.err = err
		if tooLong {
			if err := l.answer(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("Invalid Request: the message is longer than %d bytes", l.limit)); err != nil {
				return 0, err
			}
			continue
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		msg, id, code, text, ok := check(line)
		if !ok {
			if err := l.answer(id, code, text); err != nil {
				return 0, err
			}
			continue
		}
		l.calls.read(msg)
		l.pending = append(line, '\n')
	}
	n := copy(p, l.pending)
	l.pending = l.pending[n:]
	return n, nil
}

func (l *lineReader) Close() error {
	l.calls.close()
	return l.c.Close()
}

// next reads the next line, without its newline. A line over the limit is
// read to its end and dropped, and reported as tooLong. err is what ended
// the input (io.EOF at its end), after the last line.
func (l *lineReader) next() (line []byte, tooLong bool, err error) {
	l.line = l.line[:0]
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !tooLong {
			if len(l.line)+len(chunk) > l.limit+1 { // +1: the newline
				tooLong = true
				l.line = l.line[:0]
			} else {
				l.line = append(l.line, chunk...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case err != nil:
			return l.line, tooLong, err
		}
		return l.line, tooLong, nil
	}
}

// check reports whether line is a JSON-RPC message the SDK can take, and
// returns it; if not, the error to answer with.
func check(line []byte) (m jsonrpc.Message, id json.RawMessage, code int64, text string, ok bool) {
	if !json.Valid(line) {
		return nil, nil, jsonrpc.CodeParseError, "Parse error: the line is not JSON", false
	}
	if line[0] == '[' {
		// Batches were dropped from the protocol in 2025-06-18, and the
		// SDK ends the session on one at a later version.
		return nil, nil, jsonrpc.CodeInvalidRequest, "Invalid Request: JSON-RPC batches are not supported; send one message a line", false
	}
	m, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		var m struct {
			ID json.RawMessage `json:"id"`
		}
		// An id that is not UTF-8 is not echoed: MCP messages are
		// UTF-8, and the answer then has a null id.
		if json.Unmarshal(line, &m) == nil && len(m.ID) > 0 && (m.ID[0] == '"' || m.ID[0] == '-' || m.ID[0] >= '0' && m.ID[0] <= '9') && utf8.Valid(m.ID) {
			id = m.ID
		}
		return nil, id, jsonrpc.CodeInvalidRequest, "Invalid Request: " + err.Error(), false
	}
	return m, nil, 0, "", true
}

// calls keeps, for the end of the input, the requests of a session not
// answered yet: the client's, read and handed to the SDK, until the
// server's answer is written (or the client cancels them), and the
// server's, written, until the client's answer is read. Each id is
// counted, as a client may reuse one while it is in flight.
type calls struct {
	mu      sync.Mutex
	changed chan struct{} // closed at a change, then made anew
	client  map[string]int
	server  map[string]int
	// canceled are the client's requests it canceled while they were in
	// flight, whose answers are not written.
	canceled map[string]int
	closed   bool // the connection is closed
}

func newCalls() *calls {
	return &calls{changed: make(chan struct{}), client: make(map[string]int), server: make(map[string]int), canceled: make(map[string]int)}
}

// change wakes drain; c.mu is held.
func (c *calls) change() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// read notes a message read from the client.
func (c *calls) read(m jsonrpc.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch m := m.(type) {
	case *jsonrpc.Request:
		switch {
		case m.ID.IsValid():
			id := idKey(m.ID.Raw())
			c.client[id]++
			// An id used again (which the protocol forbids) after its
			// request was canceled: its answer is written, whichever of
			// the two answers comes first.
			delete(c.canceled, id)
		case m.Method == "notifications/cancelled":
			// The client gave up on a request: it may get no answer.
			var p struct {
				RequestID any `json:"requestId"`
			}
			d := json.NewDecoder(bytes.NewReader(m.Params))
			d.UseNumber()
			if d.Decode(&p) == nil {
				id := idKey(p.RequestID)
				if c.client[id] > 0 {
					c.canceled[id]++
				}
				done(c.client, id)
			}
		}
	case *jsonrpc.Response:
		done(c.server, idKey(m.ID.Raw()))
	}
	c.change()
}

// done counts one request of id answered.
func done(m map[string]int, id string) {
	if m[id] <= 1 {
		delete(m, id)
		return
	}
	m[id]--
}

// wrote notes a message the SDK writes to the client, one whole message,
// and reports whether it is the answer to a request the client canceled,
// which is not to be written.
func (c *calls) wrote(p []byte) (canceled bool) {
	id, request, response := classify(p)
	if id == "" || !request && !response {
		return false // a notification
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case response && c.canceled[id] > 0:
		done(c.canceled, id) // counted done when it was canceled
		canceled = true
	case response:
		done(c.client, id)
	default:
		c.server[id]++
	}
	c.change()
	return canceled
}

// drain waits, at the end of the input, until every request of the
// client has been answered, but no longer than grace, nor once ctx ends:
// then the session ends, which cancels the calls still running (a client
// that went away during a long call must not leave the server waiting
// for it). It stops waiting too when the server has asked the client
// something, which no answer can come to now, or the connection closes.
func (c *calls) drain(ctx context.Context, grace time.Duration) {
	t := time.NewTimer(grace)
	defer t.Stop()
	for {
		c.mu.Lock()
		wait := len(c.client) > 0 && len(c.server) == 0 && !c.closed
		changed := c.changed
		c.mu.Unlock()
		if !wait {
			return
		}
		select {
		case <-changed:
		case <-t.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

func (c *calls) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	c.change()
}

// classify returns the id of the JSON-RPC message p, and whether it is a
// request or a response, from its first members: the SDK writes the id
// before the method, result or error, so that a large result is not read
// through. A member order that does not allow that is read through.
func classify(p []byte) (id string, request, response bool) {
	d := json.NewDecoder(bytes.NewReader(p))
	d.UseNumber()
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return "", false, false
	}
	for d.More() {
		key, err := d.Token()
		if err != nil {
			return "", false, false
		}
		switch key {
		case "id":
			var v any
			if d.Decode(&v) != nil {
				return "", false, false
			}
			id = idKey(v)
		case "method":
			request = true
			if d.Decode(new(string)) != nil {
				return "", false, false
			}
		case "result", "error":
			response = true
			if id != "" {
				return id, false, true
			}
			if d.Decode(new(json.RawMessage)) != nil {
				return "", false, false
			}
		default:
			if d.Decode(new(json.RawMessage)) != nil {
				return "", false, false
			}
		}
		if id != "" && request {
			return id, true, false
		}
	}
	return id, request && id != "", response
}

// idKey is a JSON-RPC id as a key: numbers and strings apart ("1" is not
// 1), "" for none.
func idKey(v any) string {
	switch v := v.(type) {
	case string:
		return "s" + v
	case int64:
		return "n" + strconv.FormatInt(v, 10)
	case json.Number:
		return "n" + v.String()
	case float64:
		return "n" + strconv.FormatFloat(v, 'f', -1, 64)
	}
	return ""
}

// answer writes a JSON-RPC error response with id (null if nil).
func (l *lineReader) answer(id json.RawMessage, code int64, msg string) error {
	if id == nil {
		id = json.RawMessage("null")
	}
	data, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: code, Message: msg}})
	if err != nil {
		return err
	}
	return l.w.writeOwn(append(data, '\n'))
}
