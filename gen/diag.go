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

// capNotes keeps every error and the first max notes of each directory
// (package) of sorted diagnostics, and says how many notes it left out in
// one line after each package's last kept note.
func (ds Diagnostics) capNotes(max int) Diagnostics {
	count := map[string]int{}
	for _, d := range ds {
		if d.Severity == SeverityNote {
			count[filepath.Dir(d.Pos.Filename)]++
		}
	}
	out := make(Diagnostics, 0, len(ds))
	seen := map[string]int{}
	for _, d := range ds {
		if d.Severity != SeverityNote {
			out = append(out, d)
			continue
		}
		dir := filepath.Dir(d.Pos.Filename)
		seen[dir]++
		switch n := seen[dir]; {
		case n <= max:
			out = append(out, d)
		case n == max+1:
			out = append(out, Diagnostic{Severity: SeverityNote,
				Msg: fmt.Sprintf("%d more notes in %s (toolgen -v prints them all)", count[dir]-max, dir)})
		}
	}
	return out
}

// relative rewrites file names relative to dir where they are below it, so
// messages read like the compiler's and do not depend on the machine.
func (ds Diagnostics) relative(dir string) Diagnostics {
	out := slices.Clone(ds)
	for i := range out {
		out[i].Pos.Filename = relPath(dir, out[i].Pos.Filename)
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
	r.diags = append(r.diags, Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// noteAt records a note, which does not stop generation.
func (r *reporter) noteAt(pos token.Position, format string, args ...any) {
	r.notes = append(r.notes, Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...), Severity: SeverityNote})
}

// shortPos writes a position within a message as file.go:line:col, without
// the directory, so messages do not depend on the machine.
func shortPos(p token.Position) string {
	return fmt.Sprintf("%s:%d:%d", filepath.Base(p.Filename), p.Line, p.Column)
}

// posFrom writes p for a message at the position from: its file's name
// where the two are in one directory, else its path from from's
// directory (../shared/shared.go:27:2), which a reader at from can open.
func posFrom(from, p token.Position) string {
	dir := filepath.Dir(p.Filename)
	if dir == filepath.Dir(from.Filename) {
		return shortPos(p)
	}
	name := p.Filename
	if rel, err := filepath.Rel(filepath.Dir(from.Filename), p.Filename); err == nil {
		name = filepath.ToSlash(rel)
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Column)
}
