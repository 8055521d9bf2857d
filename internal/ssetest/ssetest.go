// Package ssetest is a model API played by an httptest server, for the
// adapters' tests of streamed answers: a request that asks for a stream is
// answered with server-sent events, written and flushed one at a time, as
// the providers' APIs write them; any other with a JSON answer. Each
// request's body is kept, so that a test can check what a program sent
// back after running the calls of a stream.
package ssetest

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// API answers a request that streams with Events, and any other with
// Answer.
type API struct {
	// Events are written as they are, each flushed: whole SSE events
	// ("event: ...\ndata: ...\n\n").
	Events []string
	// Abort drops the connection after the events, before the body's
	// end, as a network failure does.
	Abort bool
	// Answer is the JSON body of a request that does not stream.
	Answer string
	// Streams reports whether a request, whose body is body, asks for a
	// stream; nil means when the body's JSON has "stream": true, as
	// OpenAI's and Anthropic's APIs take it.
	Streams func(r *http.Request, body []byte) bool

	mu     sync.Mutex
	bodies [][]byte
}

func (a *API) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	a.mu.Lock()
	a.bodies = append(a.bodies, body)
	a.mu.Unlock()
	streams := a.Streams
	if streams == nil {
		streams = streamField
	}
	if !streams(r, body) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, a.Answer)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	flusher := w.(http.Flusher)
	for _, e := range a.Events {
		io.WriteString(w, e)
		flusher.Flush()
	}
	if a.Abort {
		panic(http.ErrAbortHandler) // the connection drops without the body's end
	}
}

// streamField reports whether body's JSON has "stream": true.
func streamField(_ *http.Request, body []byte) bool {
	var req struct {
		Stream bool `json:"stream"`
	}
	json.Unmarshal(body, &req)
	return req.Stream
}

// Body returns the body of the i-th request, or nil if fewer came.
func (a *API) Body(i int) []byte {
	a.mu.Lock()
	defer a.mu.Unlock()
	if i >= len(a.bodies) {
		return nil
	}
	return a.bodies[i]
}

// URL starts a server for a, closed with its connections when t ends, and
// returns its URL.
func (a *API) URL(t testing.TB) string {
	server := httptest.NewServer(a)
	t.Cleanup(func() {
		server.CloseClientConnections()
		server.Close()
	})
	return server.URL
}

// JSONString returns s as a JSON string, with its bytes that are not UTF-8
// written as they are, as a server that split a character between two
// events writes them.
func JSONString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
