// Package spell finds the word that a misspelt one most likely meant: the
// generator for the keywords of a jsonschema tag, the runtime for the
// fields of an object a model wrote and for the tool a model called.
package spell

import "unicode/utf8"

// Distance returns how many letters must be inserted, deleted, replaced
// or swapped with the next to make a into b (nmae is one swap from name),
// in characters: a byte that is not UTF-8 is one, as U+FFFD, which a
// decoder puts in its place, is (so add\xff and add\uFFFD are both one
// from add); or limit+1 once it is known to be more than limit, so that a
// long word costs little: the work grows with the shorter of a and b and
// with limit, not with the longer.
func Distance(a, b string, limit int) int {
	// A character is one to four bytes: a word of n bytes has at least
	// n/4 of them, rounded up, and at most n.
	if (len(a)+3)/4-len(b) > limit || (len(b)+3)/4-len(a) > limit {
		return limit + 1
	}
	if ascii(a) && ascii(b) {
		return distance([]byte(a), []byte(b), limit)
	}
	// A range over a string makes each byte that is not UTF-8 a U+FFFD.
	// Words as long as tool names are decoded on the stack: a name of
	// U+FFFD costs no more allocations than an ASCII one.
	var ra, rb [small]rune
	return distance(runes(ra[:0], a), runes(rb[:0], b), limit)
}

// small is the length in characters of the words whose work Distance
// does on the stack: the longest tool name, and one more.
const small = 65

// runes appends the characters of s to buf.
func runes(buf []rune, s string) []rune {
	for _, r := range s {
		buf = append(buf, r)
	}
	return buf
}

// ascii reports whether s is ASCII, so that its bytes are its characters.
func ascii(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// distance is Distance of the characters a and b. Only the cells of the
// table within limit of its diagonal are worked out, those beside them
// being more than limit: the work is len(a) times 2*limit+1.
func distance[E byte | rune](a, b []E, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	far := limit + 1
	// Three rows of the table: the one before the last, the last, this.
	var buf [3 * (small + 1)]int
	var rows []int
	if n := 3 * (len(b) + 1); n <= len(buf) {
		rows = buf[:n]
	} else {
		rows = make([]int, n)
	}
	back, prev, cur := rows[:len(b)+1], rows[len(b)+1:2*(len(b)+1)], rows[2*(len(b)+1):]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		cur[0] = i
		if lo > 1 {
			cur[lo-1] = far
		}
		if hi < len(b) {
			cur[hi+1] = far
		}
		low := cur[0]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], back[j-2]+1)
			}
			low = min(low, cur[j])
		}
		if low > limit {
			return far
		}
		back, prev, cur = prev, cur, back
	}
	return min(prev[len(b)], far)
}
