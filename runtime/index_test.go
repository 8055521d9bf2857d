package runtime

import (
	"fmt"
	"strings"
	"testing"
)

// TestToolIndex checks that a toolIndex finds every tool it holds and no
// other name, over names of every length up to past 64 bytes, names alike
// but for one byte, and registries of 0 to 1,000 tools.
func TestToolIndex(t *testing.T) {
	var names []string
	for n := 1; n <= 70; n++ {
		names = append(names, strings.Repeat("a", n), strings.Repeat("b", n-1)+"c")
	}
	for i := range 900 {
		names = append(names, fmt.Sprintf("tool_%03d", i), fmt.Sprintf("get_%d_issue_comment", i))
	}
	for _, size := range []int{0, 1, 7, 8, 9, 100, len(names)} {
		byName := make(map[string]*entry, size)
		for _, name := range names[:size] {
			byName[name] = &entry{info: &Info{Name: name}}
		}
		x := newToolIndex(byName)
		if len(x.slots) < 2*size {
			t.Fatalf("%d tools in %d slots", size, len(x.slots))
		}
		for _, name := range names[:size] {
			if e := x.get(name); e == nil || e.info.Name != name {
				t.Fatalf("%d tools: get(%q) = %v", size, name, e)
			}
		}
		for _, name := range append(names[size:], "", "tool_", "tool_1000", strings.Repeat("a", 71)) {
			if e := x.get(name); e != nil {
				t.Fatalf("%d tools: get(%q) = %s", size, name, e.info.Name)
			}
		}
	}
}
