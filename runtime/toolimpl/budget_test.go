package toolimpl

import "testing"

// TestCountLike counts the items of arrays and objects that start with
// the bytes given, past white space, strings and nested values.
func TestCountLike(t *testing.T) {
	for _, c := range []struct {
		open  string
		data  string // from just after the opening bracket
		first string
		want  int
	}{
		{"[", `{"a":1},{"b":2}]`, "{", 2},
		{"[", ` {"a":1} , 1 , [] , {} ]`, "{", 2},
		{"[", `1,1,1]`, "{", 0},
		{"[", `1,1,1]`, "", 3},
		{"[", `]`, "{", 0},
		{"[", `"{",{"x":"]"},null]`, "{n", 2},
		{"{", `"a":{"x":[1,{}]},"b" : 2, "c":{}}`, "{", 2},
		{"{", ` "a" :"{" ,"b":{}}`, "{", 1},
		{"[", `{"a":1}`, "{", 0}, // no end
	} {
		data := c.open + c.data
		if got, _ := countLike([]byte(data), 1, c.first); got != c.want {
			t.Errorf("%s with %q: %d items, want %d", data, c.first, got, c.want)
		}
	}
}
