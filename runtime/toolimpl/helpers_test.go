package toolimpl

import (
	"regexp"
	goruntime "runtime"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

// TestStringLength checks that the fast path's and the Decoder's one-call
// string reads count characters, not bytes, whether or not the string is
// ASCII or has escapes, and agree on what they accept and read.
func TestStringLength(t *testing.T) {
	cases := []struct {
		in   string
		want string // "" if rejected
	}{
		{`"ab"`, "ab"},
		{`"a"`, ""},    // too short
		{`"abcd"`, ""}, // too long
		{`"éé"`, "éé"}, // 2 characters, 4 bytes
		{`"ééé"`, "ééé"},
		{`"éééé"`, ""},
		{`"a\u00e9"`, "aé"}, // escaped
		{`"\u00e9"`, ""},    // 1 character in 2 bytes
		{`"é"`, ""},
		{`"a\n\n\n"`, ""},
		{`"a\"b"`, `a"b`},
		{`"\ud83d\ude00x"`, "😀x"},   // a surrogate pair: 2 characters
		{`"\ud83dx"`, "\ufffdx"},    // a lone surrogate: U+FFFD, as encoding/json
		{`"a\x"`, ""},               // not an escape
		{`"ab\u00e`, ""},            // cut short
		{`"a\n` + "\x01" + `"`, ""}, // a control character
		{`  "abc" `, "abc"},
		{`3`, ""},
	}
	for _, c := range cases {
		var strs Strings
		s, end, ok := strs.StringLength([]byte(c.in), 0, 2, 3)
		if got := map[bool]string{true: s}[ok]; got != c.want {
			t.Errorf("Strings.StringLength(%s) = %q, %v; want %q", c.in, s, ok, c.want)
		}
		if ok && strings.TrimSpace(c.in[end:]) != "" {
			t.Errorf("Strings.StringLength(%s) ended at %d", c.in, end)
		}
		v, err := Decode([]byte(`{"s":`+c.in+`}`), nil, func(d *Decoder, v *string) {
			if d.Object() {
				for d.Field() {
					*v = d.StringLength(2, 3)
				}
			}
		})
		if (err == nil) != (c.want != "") || err == nil && v != c.want {
			t.Errorf("Decoder.StringLength(%s) = %q, %v; want %q", c.in, v, err, c.want)
		}
	}
}

func TestStringsAndMatching(t *testing.T) {
	var strs Strings
	list, _, ok := strs.Strings([]byte(` ["a", "b","c"] `), 0)
	if !ok || strings.Join(list, ",") != "a,b,c" {
		t.Errorf("Strings.Strings = %q, %v", list, ok)
	}
	if _, _, ok := strs.Strings([]byte(`["a",1]`), 0); ok {
		t.Error("Strings.Strings took a number")
	}
	_, err := Decode([]byte(`{"t":["a","b","c"],"z":"1234"}`), nil, func(d *Decoder, v *struct{}) {
		if d.Object() {
			for d.Field() {
				if string(d.Key()) == "t" {
					d.Strings(0, 2)
				} else {
					d.StringMatching(regexp.MustCompile(`^[0-9]{5}$`))
				}
			}
		}
	})
	want := "/t: must have at most 2 items, got 3; /z: must match the pattern ^[0-9]{5}$; got \"1234\""
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %s", err, want)
	}
}

func TestIntIn(t *testing.T) {
	for in, want := range map[string]string{
		`5`:     "",
		`0`:     "must be at least 1, got 0",
		`15`:    "must be at most 14, got 15",
		`1e1`:   "",
		`300`:   "must be at most 14, got 300",
		`-300`:  "must be at least 1, got -300",
		`1e999`: "must be at most 14, got 1e999",
	} {
		var fast int8
		n, _, ok := FastIntIn[int8]([]byte(in), 0, 1, 14)
		if fast = n; ok != (want == "" && in != `1e1`) {
			t.Errorf("FastIntIn(%s) = %d, %v", in, fast, ok)
		}
		_, err := Decode([]byte(in), nil, func(d *Decoder, v *int8) { *v = IntIn[int8](d, 1, 14) })
		if (err == nil) != (want == "") || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("IntIn(%s): %v, want %q", in, err, want)
		}
	}
}

// A fast path reads many strings with escapes in memory linear in the
// arguments: each is unescaped into a buffer of its own length.
func TestEscapedStringsMemory(t *testing.T) {
	const n = 10000
	data := []byte("[" + strings.Repeat(`"a\nb",`, n-1) + `"a\nb"]`)
	var strs Strings
	var list []string
	allocs := allocated(func() {
		var ok bool
		list, _, ok = strs.Strings(data, 0)
		if !ok {
			t.Fatal("Strings.Strings refused strings with escapes")
		}
	})
	if len(list) != n || list[0] != "a\nb" || list[n-1] != "a\nb" {
		t.Fatalf("read %d strings: %q ... %q", len(list), list[0], list[len(list)-1])
	}
	// The list's string headers, grown by doubling past maxPresize (all
	// the lists made come to under three times the last), and each string
	// in its size class.
	if limit := uint64(3*n*16 + 3*len(data)); allocs > limit {
		t.Errorf("reading %d bytes of strings allocated %d bytes, more than %d", len(data), allocs, limit)
	}
}

// FastCount presizes no more than maxPresize elements: an array of a
// million empty elements whose first is wrong costs no million elements.
func TestFastCountPresize(t *testing.T) {
	data := []byte("[" + strings.Repeat(`{},`, 1<<20) + `{}]`)
	if n := FastCount(data, 1, false); n != maxPresize {
		t.Errorf("FastCount = %d, want %d", n, maxPresize)
	}
	if n := countElements(data, 1, false); n != 1<<20+1 {
		t.Errorf("countElements = %d, want %d", n, 1<<20+1)
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after goruntime.MemStats
	goruntime.GC()
	goruntime.ReadMemStats(&before)
	f()
	goruntime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Strings.Null reads a null, at once or after one space, only where the
// call's settings take one.
func TestStringsNull(t *testing.T) {
	for _, c := range []struct {
		in   string
		null bool // the settings take null
		end  int  // where the null ends; 0 if not read
	}{
		{`null,`, true, 4},
		{` null}`, true, 5},
		{`  null`, true, 0}, // more white space: the full decoder's
		{"\nnull", true, 0},
		{`nul`, true, 0},
		{`"null"`, true, 0},
		{`3`, true, 0},
		{``, true, 0},
		{`null`, false, 0},
	} {
		var strs Strings
		var s *runtime.Settings
		if c.null {
			s = &runtime.Settings{NullOptional: true}
		}
		strs.Begin(s, []byte(c.in))
		end, ok := strs.Null([]byte(c.in), 0)
		if ok != (c.end > 0) || ok && end != c.end || !ok && end != 0 {
			t.Errorf("Null(%q) with NullOptional %v = %d, %v; want %d", c.in, c.null, end, ok, c.end)
		}
	}
}

// An array of strings cut short reads as far as it goes, without panicking
// where FastCount finds no end.
func TestStringsCutShort(t *testing.T) {
	var strs Strings
	for _, in := range []string{`["a","b"`, `["a",`, `["a"`, `[` + strings.Repeat(`"x",`, 600)} {
		if _, _, ok := strs.Strings([]byte(in), 0); ok {
			t.Errorf("%.20s...: read as a whole array", in)
		}
	}
}
