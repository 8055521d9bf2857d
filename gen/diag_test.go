package gen

import (
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestRelativeInMessage: positions that posRef writes inside a message are
// rewritten as the leading one is, each at its place, whatever else the
// message holds (a path that ends like one of them, text appended later).
func TestRelativeInMessage(t *testing.T) {
	root := t.TempDir() // relPath opens files to write ../
	at := func(file string, line int) token.Position {
		name := filepath.Join(root, filepath.FromSlash(file))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		return token.Position{Filename: name, Line: line, Column: 2}
	}
	d := newDiagnostic(at("a/p.go", 3), SeverityNote, "as at "+posRef(at("b/q.go", 7))+" and at "+posRef(at("a/p.go", 9))+" (x/b/q.go)")
	d.Msg += " (more)"
	got := Diagnostics{d}.relative(root)[0]
	want := "as at " + filepath.FromSlash("b/q.go") + ":7:2 and at " + filepath.FromSlash("a/p.go") + ":9:2 (x/b/q.go) (more)"
	if got.Msg != want || got.Pos.Filename != filepath.FromSlash("a/p.go") {
		t.Errorf("relative: got %s: %q, want %q", got.Pos.Filename, got.Msg, want)
	}
	from := filepath.Join(root, "a")
	got = Diagnostics{d}.relative(from)[0]
	want = "as at " + filepath.FromSlash("../b/q.go") + ":7:2 and at p.go:9:2 (x/b/q.go) (more)"
	if got.Msg != want {
		t.Errorf("relative from a: got %q, want %q", got.Msg, want)
	}
	if abs := d.Msg; abs != "as at "+filepath.Join(root, "b", "q.go")+":7:2 and at "+filepath.Join(root, "a", "p.go")+":9:2 (x/b/q.go) (more)" {
		t.Errorf("unrewritten message: %q", abs)
	}
}

// capNotes keeps errors and urgent notes, and says how many notes of each
// directory it left out: "this directory" for the one toolgen runs in, as
// go generate runs it.
func TestCapNotes(t *testing.T) {
	var ds Diagnostics
	for i := range 3 {
		ds = append(ds, Diagnostic{Pos: token.Position{Filename: "a.go", Line: i + 1}, Severity: SeverityNote, Msg: "n"})
		ds = append(ds, Diagnostic{Pos: token.Position{Filename: "d/b.go", Line: i + 1}, Severity: SeverityNote, Msg: "n"})
	}
	ds = append(ds, Diagnostic{Pos: token.Position{Filename: "a.go", Line: 9}, Msg: "error"})
	urgent := Diagnostic{Pos: token.Position{Filename: "a.go", Line: 10}, Severity: SeverityNote, Msg: "urgent", urgent: true}
	ds = append(ds, urgent)
	var got []string
	for _, d := range ds.sorted().capNotes(2) {
		got = append(got, d.Msg)
	}
	want := []string{"n", "n", "1 more note in this directory (toolgen -v prints them all)", "error", "urgent", "n", "n", "1 more note in d (toolgen -v prints them all)"}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
