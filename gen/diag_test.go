package gen

import (
	"go/token"
	"os"
	"path/filepath"
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
