package mcptools

import (
	"context"
	"net"
	"net/http"
)

// Serve is ServeStdio over another transport, for tests.
var Serve = serve

// ServeHandler is ServeHTTP serving any handler, for tests.
func ServeHandler(ctx context.Context, l net.Listener, h http.Handler) error {
	return serveHTTP(ctx, l, h, func() {})
}
