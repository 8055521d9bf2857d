package mcptools_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
)

// deleteSession ends the session id at url with DELETE.
func deleteSession(t *testing.T, url, id string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodDelete, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Mcp-Session-Id", id)
	hc := &http.Client{Transport: &http.Transport{}}
	defer hc.CloseIdleConnections()
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("DELETE: HTTP %d", resp.StatusCode)
	}
}

// A stateful handler keeps at most MaxSessions sessions: a request that
// would start one more gets 503, in plain text, with Retry-After: 1, and
// the sessions it has go on; one that ends makes room, and a request that
// started no session (a call without one) takes none. Anyone who can
// reach the server can start sessions, each kept 30 minutes, and nothing
// capped them.
func TestHTTPHandlerMaxSessions(t *testing.T) {
	server, _ := countingServer(t)
	closeSessions(t, server)
	hs := httptest.NewServer(mcptools.HTTPHandler(server, &mcptools.HTTPOptions{MaxSessions: 3}))
	defer hs.Close()

	// A call without a session: the SDK closes the session it starts
	// for it, which does not count.
	rawPost{body: callWordsMsg}.do(t, hs.URL)
	var ids []string
	for range 3 {
		a := rawPost{body: initializeMsg}.do(t, hs.URL)
		if a.status != http.StatusOK || a.session == "" {
			t.Fatalf("session %d of 3: HTTP %d, session %q: %.120q", len(ids)+1, a.status, a.session, a.body)
		}
		ids = append(ids, a.session)
	}
	a := rawPost{body: initializeMsg}.do(t, hs.URL)
	if a.status != http.StatusServiceUnavailable || a.session != "" {
		t.Fatalf("a fourth session: HTTP %d, session %q, want 503", a.status, a.session)
	}
	if got := a.header.Get("Retry-After"); got != "1" {
		t.Errorf("503 with Retry-After %q, want 1", got)
	}
	if ct := a.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") || !strings.Contains(a.body, "too many sessions") || strings.Contains(a.body, "jsonrpc") {
		t.Errorf("503 with %s %q, want plain text", ct, a.body)
	}
	rawPost{session: ids[0], body: initializedMsg}.do(t, hs.URL)
	if a := (rawPost{session: ids[0], body: callWordsMsg}).do(t, hs.URL); a.status != http.StatusOK || !strings.Contains(a.body, `"result"`) {
		t.Errorf("a call in a session, at the cap: HTTP %d, %.120q", a.status, a.body)
	}
	deleteSession(t, hs.URL, ids[0])
	if a := (rawPost{body: initializeMsg}).do(t, hs.URL); a.status != http.StatusOK || a.session == "" {
		t.Errorf("a session after one ended: HTTP %d, session %q", a.status, a.session)
	}
	if a := (rawPost{body: initializeMsg}).do(t, hs.URL); a.status != http.StatusServiceUnavailable {
		t.Errorf("a session over the cap again: HTTP %d, want 503", a.status)
	}
}

// By default a stateful handler keeps DefaultMaxSessions sessions, and a
// negative MaxSessions keeps any number; a stateless handler has none to
// count. One client opening sessions in a loop had them all kept.
func TestHTTPHandlerDefaultMaxSessions(t *testing.T) {
	if testing.Short() {
		t.Skip("starts 2,000 sessions")
	}
	open := func(url string, n int) (ok, refused int) {
		t.Helper()
		var mu sync.Mutex
		var wg sync.WaitGroup
		hc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
		defer hc.CloseIdleConnections()
		work := make(chan struct{})
		for range 8 {
			wg.Go(func() {
				for range work {
					req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(initializeMsg))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Accept", "application/json, text/event-stream")
					resp, err := hc.Do(req)
					if err != nil {
						t.Error(err)
						continue
					}
					resp.Body.Close()
					mu.Lock()
					switch resp.StatusCode {
					case http.StatusOK:
						ok++
					case http.StatusServiceUnavailable:
						refused++
					default:
						t.Errorf("initialize: HTTP %d", resp.StatusCode)
					}
					mu.Unlock()
				}
			})
		}
		for range n {
			work <- struct{}{}
		}
		close(work)
		wg.Wait()
		return ok, refused
	}
	for _, c := range []struct {
		opts *mcptools.HTTPOptions
		want int
	}{
		{nil, mcptools.DefaultMaxSessions},
		{&mcptools.HTTPOptions{MaxSessions: -1}, mcptools.DefaultMaxSessions + 10},
		{&mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: true}, MaxSessions: 1}, mcptools.DefaultMaxSessions + 10},
	} {
		server, _ := countingServer(t)
		hs := httptest.NewServer(mcptools.HTTPHandler(server, c.opts))
		ok, refused := open(hs.URL, mcptools.DefaultMaxSessions+10)
		for ss := range server.Sessions() {
			ss.Close()
		}
		hs.Close()
		if ok != c.want || ok+refused != mcptools.DefaultMaxSessions+10 {
			t.Errorf("%+v: %d initialize requests: %d served, %d refused; want %d served", c.opts, mcptools.DefaultMaxSessions+10, ok, refused, c.want)
		}
	}
}
