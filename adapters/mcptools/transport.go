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
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// StdioTransport is the SDK's mcp.StdioTransport, newline-delimited JSON-RPC
// on standard input and output, but a line it cannot read does not end
// the session: a line that is not JSON gets a parse error (-32700), one
// that is JSON but not a JSON-RPC message (a batch included: batches left
// the protocol in 2025-06-18), or is longer than MaxLineLength, gets an
// invalid request error (-32600), with the line's id when it has one, and
// the session goes on with the next line. The SDK's own
// transport ends the session on such a line, without an answer
// (modelcontextprotocol/go-sdk#1209).
type StdioTransport struct {
	// MaxLineLength is the longest line read, in bytes; 0 means
	// mcp.DefaultMaxLineLength (16 MiB).
	MaxLineLength int
}

// Connect implements mcp.Transport.
func (t *StdioTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	io := &IOTransport{Reader: os.Stdin, Writer: nopCloser{os.Stdout}, MaxLineLength: t.MaxLineLength}
	return io.Connect(ctx)
}

// IOTransport is [StdioTransport] over any reader and writer.
type IOTransport struct {
	Reader io.ReadCloser
	Writer io.WriteCloser
	// MaxLineLength is the longest line read, in bytes; 0 means
	// mcp.DefaultMaxLineLength (16 MiB).
	MaxLineLength int
}

// Connect implements mcp.Transport.
func (t *IOTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	w := &lockedWriter{w: t.Writer}
	limit := t.MaxLineLength
	if limit <= 0 {
		limit = mcp.DefaultMaxLineLength
	}
	r := &lineReader{r: bufio.NewReader(t.Reader), c: t.Reader, w: w, limit: limit}
	// The lines that reach the SDK are whole JSON-RPC messages, each at
	// most limit bytes long: its own cap would only count differently.
	sdk := &mcp.IOTransport{Reader: r, Writer: w, MaxLineLength: -1}
	return sdk.Connect(ctx)
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// lockedWriter lets the SDK's messages and the reader's error answers
// share one stream, each written whole.
type lockedWriter struct {
	mu sync.Mutex
	w  io.WriteCloser
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
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
}

func (l *lineReader) Read(p []byte) (int, error) {
	for len(l.pending) == 0 {
		if l.err != nil {
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
		if id, code, msg, ok := check(line); !ok {
			if err := l.answer(id, code, msg); err != nil {
				return 0, err
			}
			continue
		}
		l.pending = append(line, '\n')
	}
	n := copy(p, l.pending)
	l.pending = l.pending[n:]
	return n, nil
}

func (l *lineReader) Close() error { return l.c.Close() }

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
// if not, the error to answer with.
func check(line []byte) (id json.RawMessage, code int64, msg string, ok bool) {
	if !json.Valid(line) {
		return nil, jsonrpc.CodeParseError, "Parse error: the line is not JSON", false
	}
	if line[0] == '[' {
		// Batches were dropped from the protocol in 2025-06-18, and the
		// SDK ends the session on one at a later version.
		return nil, jsonrpc.CodeInvalidRequest, "Invalid Request: JSON-RPC batches are not supported; send one message a line", false
	}
	if _, err := jsonrpc.DecodeMessage(line); err != nil {
		var m struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(line, &m) == nil && len(m.ID) > 0 && (m.ID[0] == '"' || m.ID[0] == '-' || m.ID[0] >= '0' && m.ID[0] <= '9') {
			id = m.ID
		}
		return id, jsonrpc.CodeInvalidRequest, "Invalid Request: " + err.Error(), false
	}
	return nil, 0, "", true
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
	_, err = l.w.Write(append(data, '\n'))
	return err
}
