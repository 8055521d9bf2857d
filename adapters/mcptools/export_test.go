package mcptools

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"
)

// Serve is ServeStdio over another transport, for tests.
var Serve = serve

// ServeHandler is ServeHTTP serving any handler, for tests.
func ServeHandler(ctx context.Context, l net.Listener, h http.Handler) error {
	return serveHTTP(ctx, l, h, func() {})
}

// SetHTTPTimeouts sets BodyTimeout and IdleTimeout, for the handlers and
// servers made after it, until the test ends.
func SetHTTPTimeouts(t testing.TB, body, idle time.Duration) {
	oldBody, oldIdle := bodyTimeout, idleTimeout
	bodyTimeout, idleTimeout = body, idle
	t.Cleanup(func() { bodyTimeout, idleTimeout = oldBody, oldIdle })
}
