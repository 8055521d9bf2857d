package gen

import (
	"cmp"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Severity says whether a Diagnostic stops generation.
type Severity int

const (
	// SeverityError is a mistake in the user's code: nothing is generated.
	SeverityError Severity = iota
	// SeverityNote tells what toolgen did about something it could not do
	// as asked (a tool a dialect cannot express, sent there in its standard
	// schema); the files are generated all the same.
	SeverityNote
)

// Diagnostic is one mistake in the user's code, or one note about it, at a
// position.
type Diagnostic struct {
	Pos      token.Position
	Msg      string
	Severity Severity
	// refs are the spans of Msg that are positions (see posRef), as
	// "start-end" byte offsets joined by ",", so that relative writes them
	// as it writes Pos; a string, so that a Diagnostic stays comparable.
	refs string
	// urgent marks a note about what will fail at run time (two packages'
	// tools of one name, which a registry refuses): capNotes keeps it
	// whatever the cap, and does not count it.
	urgent bool
}

// refMark encloses a position that posRef writes inside a message, until
// newDiagnostic takes the marks out and records where the position is.
const refMark = "\x00"

// posRef writes p inside a message, as file:line:col. The diagnostic made
// of the message (newDiagnostic) keeps where it is, so that relative
// rewrites it as it rewrites the diagnostic's own position: an editor
// opens the two alike.
func posRef(p token.Position) string {
	return fmt.Sprintf("%s%s:%d:%d%s", refMark, p.Filename, p.Line, p.Column, refMark)
}

// newDiagnostic makes the diagnostic of msg at pos, recording the
// positions that posRef wrote in msg.
func newDiagnostic(pos token.Position, sev Severity, msg string) Diagnostic {
	d := Diagnostic{Pos: pos, Severity: sev, Msg: msg}
	if !strings.Contains(msg, refMark) {
		return d
	}
	var b strings.Builder
	var refs []string
	for i, part := range strings.Split(msg, refMark) {
		if i%2 == 1 && part != "" {
			refs = append(refs, fmt.Sprintf("%d-%d", b.Len(), b.Len()+len(part)))
		}
		b.WriteString(part)
	}
	d.Msg, d.refs = b.String(), strings.Join(refs, ",")
	return d
}

// relative returns d with its position and those in its message (see
// posRef) rewritten by relPath.
func (d Diagnostic) relative(dir string) Diagnostic {
	d.Pos.Filename = relPath(dir, d.Pos.Filename)
	if d.refs == "" {
		return d
	}
	var b strings.Builder
	var refs []string
	last := 0
	for _, span := range strings.Split(d.refs, ",") {
		var start, end int
		if _, err := fmt.Sscanf(span, "%d-%d", &start, &end); err != nil || start < last || end > len(d.Msg) {
			return d // a message changed but at its end; not expected
		}
		ref := d.Msg[start:end]
		file, lineCol := ref, ""
		if i := strings.LastIndex(ref, ":"); i > 0 {
			if j := strings.LastIndex(ref[:i], ":"); j > 0 {
				file, lineCol = ref[:j], ref[j:]
			}
		}
		b.WriteString(d.Msg[last:start])
		from := b.Len()
		b.WriteString(relPath(dir, file) + lineCol)
		refs = append(refs, fmt.Sprintf("%d-%d", from, b.Len()))
		last = end
	}
	b.WriteString(d.Msg[last:])
	d.Msg, d.refs = b.String(), strings.Join(refs, ",")
	return d
}

// String writes the diagnostic as a compiler does, file:line:col: message;
// a note's message starts with "note: ".
func (d Diagnostic) String() string {
	msg := d.Msg
	if d.Severity == SeverityNote {
		msg = "note: " + msg
	}
	if !d.Pos.IsValid() {
		return msg
	}
	return fmt.Sprintf("%s:%d:%d: %s", d.Pos.Filename, d.Pos.Line, d.Pos.Column, msg)
}

// Diagnostics are all the mistakes found in one run, reported together, as
// a compiler does. It is the error Generate returns for them; the notes of
// a run that succeeds are in each File's Notes.
type Diagnostics []Diagnostic

func (ds Diagnostics) Error() string {
	lines := make([]string, len(ds))
	for i, d := range ds {
		lines[i] = d.String()
	}
	return strings.Join(lines, "\n")
}

// sorted returns the diagnostics by position, without duplicates.
func (ds Diagnostics) sorted() Diagnostics {
	out := slices.Clone(ds)
	slices.SortStableFunc(out, func(a, b Diagnostic) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
		)
	})
	// The same mistake can be found twice (a type read as the arguments
	// and as the result): the first of each is kept.
	seen := make(map[Diagnostic]bool, len(out))
	return slices.DeleteFunc(out, func(d Diagnostic) bool {
		if seen[d] {
			return true
		}
		seen[d] = true
		return false
	})
}

// capNotes keeps every error and urgent note and the first max other notes
// of each directory (package) of sorted diagnostics, and says how many notes it left out in
// one line after each package's last kept note.
func (ds Diagnostics) capNotes(max int) Diagnostics {
	count := map[string]int{}
	for _, d := range ds {
		if d.Severity == SeverityNote && !d.urgent {
			count[filepath.Dir(d.Pos.Filename)]++
		}
	}
	out := make(Diagnostics, 0, len(ds))
	seen := map[string]int{}
	for _, d := range ds {
		if d.Severity != SeverityNote || d.urgent {
			out = append(out, d)
			continue
		}
		dir := filepath.Dir(d.Pos.Filename)
		seen[dir]++
		switch n := seen[dir]; {
		case n <= max:
			out = append(out, d)
		case n == max+1:
			more, where := "notes", dir
			if count[dir]-max == 1 {
				more = "note"
			}
			if where == "." {
				// As go generate runs toolgen, in the package's directory.
				where = "this directory"
			}
			out = append(out, Diagnostic{Severity: SeverityNote,
				Msg: fmt.Sprintf("%d more %s in %s (toolgen -v prints them all)", count[dir]-max, more, where)})
		}
	}
	return out
}

// relative rewrites file names relative to dir where they are below it,
// those within messages too, so messages read like the compiler's and do
// not depend on the machine.
func (ds Diagnostics) relative(dir string) Diagnostics {
	out := slices.Clone(ds)
	for i := range out {
		out[i] = out[i].relative(dir)
	}
	return out
}

func relPath(dir, file string) string {
	if dir == "" || !filepath.IsAbs(file) {
		return file
	}
	// As the go command's ShortPath: relative where that is shorter
	// (../catalog/x.go), absolute where it is not (a file of the module
	// cache or GOROOT).
	rel, err := filepath.Rel(dir, file)
	if err != nil || len(rel) >= len(file) {
		return file
	}
	if strings.HasPrefix(rel, "..") {
		// Through a symbolic link dir's parent is not what .. leads to.
		a, errA := os.Stat(filepath.Join(dir, rel))
		b, errB := os.Stat(file)
		if errA != nil || errB != nil || !os.SameFile(a, b) {
			return file
		}
	}
	return rel
}

// reporter collects diagnostics with positions from one file set.
type reporter struct {
	fset  *token.FileSet
	diags Diagnostics // errors
	notes Diagnostics
}

func (r *reporter) errorf(pos token.Pos, format string, args ...any) {
	r.errorAt(r.fset.Position(pos), format, args...)
}

func (r *reporter) errorAt(pos token.Position, format string, args ...any) {
	r.diags = append(r.diags, newDiagnostic(pos, SeverityError, fmt.Sprintf(format, args...)))
}

// noteAt records a note, which does not stop generation.
func (r *reporter) noteAt(pos token.Position, format string, args ...any) {
	r.notes = append(r.notes, newDiagnostic(pos, SeverityNote, fmt.Sprintf(format, args...)))
}
