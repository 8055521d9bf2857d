package gen

import (
	"bytes"

	"github.com/rogpeppe/go-internal/diff"
)

// unifiedDiff returns a unified diff of a and b, by lines, with three lines
// of context, or "" if they are equal. It is go-internal's anchored diff
// (the go command's own): time and memory linear in the size of the
// files, where a full LCS table is quadratic (a 21k-line file with two
// edited lines took 12 s and 926 MB with one). Anchored on lines that occur
// once in each file, it may show a moved block as removed and added rather
// than the shortest edit; for a generated file that is the readable choice.
func unifiedDiff(nameA, nameB, a, b string) string {
	d := diff.Diff(nameA, []byte(a), nameB, []byte(b))
	// Drop its first line, "diff nameA nameB": the --- and +++ lines name
	// the files already.
	if _, rest, ok := bytes.Cut(d, []byte("\n")); ok && bytes.HasPrefix(d, []byte("diff ")) {
		d = rest
	}
	return string(d)
}
