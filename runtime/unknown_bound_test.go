package runtime_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	. "github.com/toolgen-go/toolgen/runtime"
)

// TestNearestToolBoundThousand: against 1,000 tools, a name of 1 MiB (of
// letters, U+FFFD, bytes that are not UTF-8) and names just under the
// length NearestTool looks at cost little time and memory, and one of the
// tools with a broken byte is still found.
func TestNearestToolBoundThousand(t *testing.T) {
	tools := make([]string, 1000)
	for i := range tools {
		tools[i] = fmt.Sprintf("tool_%03d_%s", i, strings.Repeat("x", 55))
	}
	for _, c := range []struct{ name, want string }{
		{strings.Repeat("a", 1<<20), ""},
		{strings.Repeat("\ufffd", 1<<20/3), ""},
		{strings.Repeat("\xff", 1<<20), ""},
		{strings.Repeat("\ufffd", 85), ""},
		{strings.Repeat("a.", 128), ""},
		{strings.Repeat("x", 250) + "\xff", ""},
		{"tool_500_" + strings.Repeat("x", 54) + "\xff", tools[500]},
		{"tool_500_" + strings.Repeat("x", 54) + "\ufffd", tools[500]},
	} {
		var got string
		start := time.Now()
		allocs := testing.AllocsPerRun(5, func() { got = NearestTool(c.name, tools) })
		took := time.Since(start) / 6
		if got != c.want {
			t.Errorf("%.12q...: %q, want %q", c.name, got, c.want)
		}
		t.Logf("%.12q... (%d bytes): %v, %.0f allocations a call", c.name, len(c.name), took, allocs)
		bound := 50 * time.Millisecond
		if raceEnabled {
			bound *= 10
		}
		if took > bound || allocs > 10000 {
			t.Errorf("%.12q...: %v, %.0f allocations a call", c.name, took, allocs)
		}
	}
}
