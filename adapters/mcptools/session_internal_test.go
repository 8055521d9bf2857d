package mcptools

import (
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A stateful handler closes idle sessions after DefaultSessionTimeout
// unless its options say how long; the caller's options are not changed,
// and a stateless handler has no sessions to time out. It keeps
// DefaultMaxSessions sessions unless its options say how many.
func TestHTTPOptions(t *testing.T) {
	given := &HTTPOptions{}
	for _, c := range []struct {
		opts *HTTPOptions
		want time.Duration
	}{
		{nil, DefaultSessionTimeout},
		{given, DefaultSessionTimeout},
		{&HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{SessionTimeout: time.Hour}}, time.Hour},
		{&HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: true}}, 0},
		{&HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{SessionTimeout: -1}}, 0},
	} {
		if got := httpOptions(c.opts).SessionTimeout; got != c.want {
			t.Errorf("%+v: SessionTimeout %v, want %v", c.opts, got, c.want)
		}
	}
	if given.SessionTimeout != 0 {
		t.Errorf("the caller's options were changed: %+v", given)
	}
	for _, c := range []struct{ max, want int }{{0, DefaultMaxSessions}, {5, 5}, {-1, -1}} {
		if got := httpOptions(&HTTPOptions{MaxSessions: c.max}).MaxSessions; got != c.want {
			t.Errorf("MaxSessions %d: %d, want %d", c.max, got, c.want)
		}
	}
}
