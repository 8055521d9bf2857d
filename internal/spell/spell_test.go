package spell

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"name", "name", 2, 0},
		{"nmae", "name", 2, 1},  // a swap
		{"lmit", "limit", 2, 1}, // a letter left out
		{"minimun", "minimum", 2, 1},
		{"maxiumum", "maximum", 2, 1}, // a letter too many
		{"abc", "xyz", 2, 3},          // more than the limit
		{"a", "abcdef", 2, 3},         // lengths alone say so
		{"", "ab", 2, 2},
	} {
		if got := Distance(c.a, c.b, c.limit); got != c.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
	}
}
