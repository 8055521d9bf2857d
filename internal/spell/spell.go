// Package spell finds the word that a misspelt one most likely meant: the
// generator for the keywords of a jsonschema tag, the runtime for the
// fields of an object a model wrote.
package spell

// Distance returns how many letters must be inserted, deleted, replaced
// or swapped with the next to make a into b (nmae is one swap from name),
// in bytes; or limit+1 once it is known to be more than limit, so that a
// long word costs little.
func Distance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	// Three rows of the table: the one before the last, the last, this.
	rows := make([]int, 3*(len(b)+1))
	back, prev, cur := rows[:len(b)+1], rows[len(b)+1:2*(len(b)+1)], rows[2*(len(b)+1):]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		low := cur[0]
		for j := 1; j <= len(b); j++ {
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
			return limit + 1
		}
		back, prev, cur = prev, cur, back
	}
	return prev[len(b)]
}
