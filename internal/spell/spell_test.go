package spell

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

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
		// A byte that is not UTF-8, and the U+FFFD a decoder makes of it
		// (Gemini's genai does), are one character: one edit, not three.
		{"add\xff", "add", 1, 1},
		{"add\ufffd", "add", 1, 1},
		{"re\ufffdd", "read", 1, 1},
		{"re\xffd", "read", 1, 1},
		{"add\xff", "add\ufffd", 1, 0},
		{"add\xff\xfe", "add", 2, 2},
		{"\ufffd\ufffd\ufffd", "add", 2, 3},
		{"réad", "read", 1, 1}, // é is one letter
		{"日本語", "日本", 1, 1},
		{strings.Repeat("\ufffd", 10), "abc", 2, 3},
	} {
		if got := Distance(c.a, c.b, c.limit); got != c.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
		if got := Distance(c.b, c.a, c.limit); got != c.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", c.b, c.a, c.limit, got, c.want)
		}
	}
}

// A word of 1 MiB, of any bytes, costs little against a short one: its
// length in bytes says it is far before its characters are counted.
func TestDistanceLong(t *testing.T) {
	for _, long := range []string{
		strings.Repeat("a", 1<<20),
		strings.Repeat("\ufffd", 1<<20/3),
		strings.Repeat("\xff", 1<<20),
		strings.Repeat("😀", 1<<18),
	} {
		allocs := testing.AllocsPerRun(10, func() {
			if d := Distance(long, "write_file", 2); d != 3 {
				t.Fatalf("Distance = %d, want 3", d)
			}
			if d := Distance("write_file", long, 2); d != 3 {
				t.Fatalf("Distance = %d, want 3", d)
			}
		})
		if allocs != 0 {
			t.Errorf("%.10q...: %v allocations, want none (the word is not converted)", long, allocs)
		}
		start := time.Now()
		for range 1000 {
			Distance(long, "write_file", 2)
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("%.10q...: 1000 calls took %v", long, took)
		}
	}
}

// Distance agrees with the whole table worked out, for words of a small
// alphabet (many near misses) and every limit up to their lengths.
func TestDistanceTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, rng.IntN(9))
		for i := range b {
			b[i] = "abc"[rng.IntN(3)]
		}
		return string(b)
	}
	for range 20000 {
		a, b := word(), word()
		want := table(a, b)
		for limit := range 10 {
			if got := Distance(a, b, limit); got != min(want, limit+1) {
				t.Fatalf("Distance(%q, %q, %d) = %d, want %d", a, b, limit, got, min(want, limit+1))
			}
		}
	}
}

// table is the distance of a and b with the whole table worked out.
func table(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// runeTable is the distance of a and b in characters, a byte that is not
// UTF-8 being a U+FFFD, with the whole table worked out.
func runeTable(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// TestDistanceRunes: Distance agrees with the whole table in characters
// for words of multi-byte characters, U+FFFD, bytes that are not UTF-8
// (alone, and cut from a longer character) and ASCII mixed, at every
// limit from 0.
func TestDistanceRunes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "b", "é", "日", "😀", "\ufffd", "\xff", "\xfe", "\xe2\x82", "\xf0\x9f\x98"}
	word := func() string {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	for range 20000 {
		a, b := word(), word()
		want := runeTable(a, b)
		for limit := range 8 {
			if got := Distance(a, b, limit); got != min(want, limit+1) {
				t.Fatalf("Distance(%q, %q, %d) = %d, want %d", a, b, limit, got, min(want, limit+1))
			}
		}
	}
}

// FuzzDistance compares Distance with the whole table in characters, both
// ways round, within every limit up to 8.
func FuzzDistance(f *testing.F) {
	for _, s := range [][2]string{
		{"", ""}, {"", "a"}, {"add\xff", "add\ufffd"}, {"nmae", "name"}, {"日本語", "日本"},
		{"\xe2\x82\xac", "\xe2\x82"}, {"\ufffd\xff", "\xff\ufffd"}, {"abc", "bca"},
	} {
		f.Add(s[0], s[1], uint8(2))
	}
	f.Fuzz(func(t *testing.T, a, b string, l uint8) {
		if len(a) > 64 || len(b) > 64 {
			return
		}
		limit := int(l % 9)
		want := min(runeTable(a, b), limit+1)
		if got := Distance(a, b, limit); got != want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
		}
		if got := Distance(b, a, limit); got != want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", b, a, limit, got, want)
		}
	})
}

// TestDistanceNoAlloc: words as long as tool names, of any characters,
// cost no allocation, so that a name of U+FFFD or of broken bytes costs
// NearestTool about what an ASCII one does (three allocations each, and
// five times the time, made TestUnknownToolHostileBrokenName fail under
// the race detector on a loaded machine).
func TestDistanceNoAlloc(t *testing.T) {
	tool := strings.Repeat("w", 60) + "abc"
	for _, word := range []string{
		strings.Repeat("x", 64),
		strings.Repeat("\ufffd", 63),
		strings.Repeat("\xff", 64),
		strings.Repeat("w", 30) + "\ufffd" + strings.Repeat("w", 32),
		strings.Repeat("日", 64),
	} {
		if allocs := testing.AllocsPerRun(10, func() { Distance(word, tool, 2) }); allocs != 0 {
			t.Errorf("%.12q...: %v allocations, want none", word, allocs)
		}
	}
	// Longer words are still right.
	long := strings.Repeat("é", 200)
	if d := Distance(long, long[:len(long)-2]+"e", 2); d != 1 {
		t.Errorf("Distance of 200 characters = %d, want 1", d)
	}
}
