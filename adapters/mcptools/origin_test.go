package mcptools_test

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
)

// The JSON-RPC messages of the raw HTTP tests.
const (
	initializeMsg  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`
	initializedMsg = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	callWordsMsg   = `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"words","arguments":{"text":"a b"}}}`
)

// rawPost is a POST of an MCP message to url, as a browser or a script
// would send it.
type rawPost struct {
	host    string // the Host header, if not url's
	origin  string // the Origin header, if any
	session string // the Mcp-Session-Id header, if any
	body    string
}

// rawAnswer is what the server answered a rawPost.
type rawAnswer struct {
	status  int
	header  http.Header
	session string // the Mcp-Session-Id header
	body    string
}

// do sends p to url on a connection of its own.
func (p rawPost) do(t *testing.T, url string) rawAnswer {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(p.body))
	if err != nil {
		t.Fatal(err)
	}
	if p.host != "" {
		req.Host = p.host
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if p.origin != "" {
		req.Header.Set("Origin", p.origin)
	}
	if p.session != "" {
		req.Header.Set("Mcp-Session-Id", p.session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	hc := &http.Client{Transport: &http.Transport{}, Timeout: 20 * time.Second}
	defer hc.CloseIdleConnections()
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return rawAnswer{resp.StatusCode, resp.Header, resp.Header.Get("Mcp-Session-Id"), string(b)}
}

// closeSessions closes the sessions of server when the test ends.
func closeSessions(t *testing.T, server *mcp.Server) {
	t.Cleanup(func() {
		for ss := range server.Sessions() {
			ss.Close()
		}
	})
}

// A request from a browser page of another origin gets 403, with sessions
// or without, and no session starts; loopback origins, those listed in
// AllowedOrigins, and requests without Origin are served. The MCP
// transport spec: "Servers MUST validate the Origin header on all
// incoming connections to prevent DNS rebinding attacks. If the Origin
// header is present and invalid, servers MUST respond with HTTP 403
// Forbidden."
func TestHTTPHandlerOrigin(t *testing.T) {
	const app = "https://app.example.com"
	cases := []struct {
		allowed []string
		origin  string
		served  bool
	}{
		{nil, "", true},
		{nil, "http://localhost", true},
		{nil, "http://localhost:3000", true},
		{nil, "https://LOCALHOST:8443", true},
		{nil, "http://127.0.0.1:6274", true},
		{nil, "http://127.8.9.10", true},
		{nil, "http://[::1]:8080", true},
		{nil, "http://evil.example", false},
		{nil, "http://localhost.evil.example", false},
		{nil, "http://127.0.0.1.evil.example", false},
		{nil, "http://192.168.1.10:8080", false},
		{nil, "ftp://localhost", false},
		{nil, "null", false},
		{nil, app, false},
		{[]string{app}, app, true},
		{[]string{app}, "https://APP.example.com:443", true},
		{[]string{app + ":443"}, app, true},
		{[]string{app}, "http://app.example.com", false},
		{[]string{app}, "https://app.example.com:8443", false},
		{[]string{app}, "http://evil.example", false},
		{[]string{app}, "http://localhost:3000", true},
		{[]string{"*"}, "http://evil.example", true},
		{[]string{"*"}, "null", true},
	}
	for _, stateless := range []bool{false, true} {
		server, _ := countingServer(t)
		for _, c := range cases {
			opts := &mcptools.HTTPOptions{AllowedOrigins: c.allowed}
			opts.Stateless = stateless
			hs := httptest.NewServer(mcptools.HTTPHandler(server, opts))
			a := rawPost{origin: c.origin, body: initializeMsg}.do(t, hs.URL)
			sessions := 0
			for ss := range server.Sessions() {
				sessions++
				ss.Close()
			}
			hs.Close()
			switch {
			case c.served && a.status != http.StatusOK:
				t.Errorf("stateless %v, allowed %q: Origin %q: HTTP %d, want 200; %.120q", stateless, c.allowed, c.origin, a.status, a.body)
			case !c.served && a.status != http.StatusForbidden:
				t.Errorf("stateless %v, allowed %q: Origin %q: HTTP %d, want 403; %.120q", stateless, c.allowed, c.origin, a.status, a.body)
			case !c.served && (!strings.Contains(a.body, "not allowed") || !strings.HasPrefix(a.header.Get("Content-Type"), "text/plain")):
				t.Errorf("stateless %v: Origin %q: 403 with %s %q", stateless, c.origin, a.header.Get("Content-Type"), a.body)
			case !c.served && sessions > 0:
				t.Errorf("stateless %v: Origin %q: refused, but a session started", stateless, c.origin)
			}
		}
	}
}

// nonLoopback returns an IPv4 address of this machine that is not a
// loopback one (a pod's address in a cluster, a laptop's on its LAN).
func nonLoopback(t *testing.T) string {
	t.Helper()
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skip(err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil {
			return n.IP.String()
		}
	}
	t.Skip("no non-loopback IPv4 address")
	return ""
}

// serveHTTPOn serves server with ServeHTTP on addr until the test ends,
// and returns the listener's address.
func serveHTTPOn(t *testing.T, addr string, server *mcp.Server, opts *mcptools.HTTPOptions) string {
	t.Helper()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- mcptools.ServeHTTP(ctx, l, server, opts) }()
	t.Cleanup(func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("ServeHTTP: %v", err)
		}
	})
	return l.Addr().String()
}

// DNS rebinding against a server listening on a non-loopback address (in
// a cluster, or a laptop serving on its LAN address or on 0.0.0.0): the
// attacker's page at http://evil.example:PORT has its name pointed at the
// server's address, so the browser sends Host and Origin evil.example:PORT,
// and to it the request is same-origin (no preflight, and it reads the
// answers). The go-sdk checks Host only on connections that came in on a
// loopback address: the Origin check refuses the request, and no session
// starts. On a loopback address, the SDK's Host check still refuses a
// foreign Host that comes without Origin.
func TestHTTPHandlerDNSRebinding(t *testing.T) {
	ip := nonLoopback(t)
	for _, listen := range []string{ip + ":0", "0.0.0.0:0"} {
		server, _ := countingServer(t)
		closeSessions(t, server)
		addr := serveHTTPOn(t, listen, server, nil)
		_, port, _ := net.SplitHostPort(addr)
		host := "evil.example:" + port
		a := rawPost{host: host, origin: "http://" + host, body: initializeMsg}.do(t, "http://"+net.JoinHostPort(ip, port))
		if a.status != http.StatusForbidden || a.session != "" {
			t.Errorf("listening on %s: initialize with Host and Origin %s: HTTP %d, session %q, want 403", listen, host, a.status, a.session)
		}
	}
	server, _ := countingServer(t)
	closeSessions(t, server)
	addr := serveHTTPOn(t, "127.0.0.1:0", server, nil)
	_, port, _ := net.SplitHostPort(addr)
	if a := (rawPost{host: "evil.example:" + port, body: initializeMsg}).do(t, "http://"+addr); a.status != http.StatusForbidden {
		t.Errorf("loopback, Host evil.example without Origin: HTTP %d, want 403; %.120q", a.status, a.body)
	}
}
