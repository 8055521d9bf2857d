package oteltools

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/runtime"
)

// typedError names its own error.type.
type typedError struct{}

func (typedError) Error() string     { return "quota exceeded" }
func (typedError) ErrorType() string { return "quota" }

func TestErrorType(t *testing.T) {
	netErr := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	for _, c := range []struct {
		err  error
		want string
	}{
		{&runtime.PanicError{Tool: "t", Value: 1}, "panic"},
		{fmt.Errorf("call: %w", &runtime.PanicError{Tool: "t", Value: 1}), "panic"},
		{&runtime.TimeoutError{Tool: "t", Timeout: "1s", Err: context.DeadlineExceeded}, "timeout"},
		{runtime.ErrNoApprover, "no_approver"},
		{netErr, "*net.OpError"},
		{runtime.Retryable(netErr), "*net.OpError"},
		{fmt.Errorf("fetch: %w", netErr), "*net.OpError"},
		{typedError{}, "quota"},
		{errors.New("plain"), "*errors.errorString"},
	} {
		if got := errorType(c.err); got != c.want {
			t.Errorf("errorType(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

func TestCut(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"get_weather", "get_weather"},
		{strings.Repeat("a", 100), strings.Repeat("a", 64)},
		{strings.Repeat("a", 63) + "é", strings.Repeat("a", 63)},
		{strings.Repeat("é", 40), strings.Repeat("é", 32)},
		{"bad\xffname", "bad\uFFFDname"},
	} {
		got := cut(c.in, maxName)
		if got != c.want || !utf8.ValidString(got) {
			t.Errorf("cut(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Tools made by hand may make a new Info per registry: the attributes of
// at most maxCached of them are kept, and the others are worked out per
// call.
func TestCachedToolsBounded(t *testing.T) {
	ins := &instruments{unknown: newToolAttrs(nil)}
	for i := range maxCached + 100 {
		info := &runtime.Info{Name: fmt.Sprintf("tool_%d", i), Description: "A tool."}
		ta, opts := ins.attrsFor(runtime.Call{Name: info.Name, Tool: info})
		if ta.spanName != "execute_tool "+info.Name || len(opts) != 2 {
			t.Fatalf("attributes of %s: %q, %d options", info.Name, ta.spanName, len(opts))
		}
	}
	kept := 0
	ins.tools.Range(func(_, _ any) bool { kept++; return true })
	if kept != maxCached {
		t.Errorf("kept the attributes of %d tools, want %d", kept, maxCached)
	}
}
