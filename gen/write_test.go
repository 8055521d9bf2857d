package gen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWriteAtomic: the file holds the new content, keeps its permissions,
// and no temporary file is left; when the write cannot happen, the old
// content stays and no temporary file is left either.
func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tools_gen.go")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	fi, _ := os.Stat(path)
	if string(data) != "new" || fi.Mode().Perm() != 0o600 {
		t.Errorf("content %q, mode %v; want \"new\", 0600", data, fi.Mode().Perm())
	}
	if err := writeAtomic(filepath.Join(dir, "fresh.go"), []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(filepath.Join(dir, "fresh.go")); fi.Mode().Perm() != 0o644 {
		t.Errorf("a new file has mode %v, want 0644", fi.Mode().Perm())
	}
	// A directory in the way of the rename: the write fails, and leaves
	// no temporary file.
	blocked := filepath.Join(dir, "blocked.go")
	if err := os.MkdirAll(filepath.Join(blocked, "child"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeAtomic(blocked, []byte("x")); err == nil {
		t.Error("writing over a non-empty directory succeeded")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// A write removes the temporary files a run killed while it wrote left
// beside the file, once they are old enough not to be another run's.
func TestWriteAtomicStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tools_gen.go")
	stale := filepath.Join(dir, ".tools_gen.go.tmp123")
	fresh := filepath.Join(dir, ".tools_gen.go.tmp456")
	other := filepath.Join(dir, ".other.go.tmp789")
	template := filepath.Join(dir, ".tools_gen.go.tmpl") // the user's own
	for _, f := range []string{stale, fresh, other, template} {
		if err := os.WriteFile(f, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-2 * staleTemp)
	for _, f := range []string{stale, other, template} {
		if err := os.Chtimes(f, old, old); err != nil {
			t.Fatal(err)
		}
	}
	if err := writeAtomic(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]bool{stale: false, fresh: true, other: true, template: true} {
		if _, err := os.Stat(f); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(f), err == nil, want)
		}
	}
}

// TestPlan: every problem of a run is found before anything is written.
func TestPlan(t *testing.T) {
	dir := t.TempDir()
	gen := []byte(Header + "\n\npackage p\n")
	files := map[string]string{
		"a/tools_gen.go": "",                   // missing: written
		"b/tools_gen.go": "package b\n",        // foreign, with tools: error
		"c/tools_gen.go": "package c\n",        // foreign, no tools: note
		"d/tools_gen.go": string(gen),          // up to date
		"e/tools_gen.go": Header + "\nstale\n", // generated, no tools: removed
	}
	var in []File
	for _, name := range []string{"a", "b", "c", "d", "e"} {
		path := filepath.Join(dir, name, "tools_gen.go")
		mustWrite(t, filepath.Join(dir, name, "x.go"), "package "+name+"\n")
		if c := files[name+"/tools_gen.go"]; c != "" {
			mustWrite(t, path, c)
		}
		f := File{Path: path, Package: "example.com/" + name, Content: gen, Tools: 1}
		if name == "c" || name == "e" {
			f.Content, f.Tools = nil, 0
		}
		in = append(in, f)
	}
	ops, errs, notes := plan(in)
	if len(errs) != 1 || !strings.Contains(errs[0].Msg, "not overwriting") || errs[0].Pos.Filename != in[1].Path {
		t.Errorf("errors: %v", errs)
	}
	if len(notes) != 1 || !strings.Contains(notes[0].Msg, "left alone") || notes[0].Pos.Filename != in[2].Path {
		t.Errorf("notes: %v", notes)
	}
	want := []action{actWrite, actNone, actNone, actNone, actRemove}
	for i, op := range ops {
		if op.act != want[i] {
			t.Errorf("%s: action %d, want %d", op.file.Path, op.act, want[i])
		}
	}
}

// TestWritable: a directory where a file cannot be written is reported
// before anything is written (here one that is gone, as a read-only one
// is for a user other than root), and a writable one is left as it was.
func TestWritable(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "a", "tools_gen.go")
	gone := filepath.Join(dir, "b", "tools_gen.go")
	if err := os.Mkdir(filepath.Dir(ok), 0o755); err != nil {
		t.Fatal(err)
	}
	errs := writable([]fileOp{
		{file: File{Path: ok}, act: actWrite},
		{file: File{Path: gone}, act: actWrite},
		{file: File{Path: filepath.Join(dir, "c", "tools_gen.go")}}, // nothing to do: not checked
	})
	if len(errs) != 1 || errs[0].Pos.Filename != gone || !strings.Contains(errs[0].Msg, "cannot write in its directory") {
		t.Errorf("got %v", errs)
	}
	entries, err := os.ReadDir(filepath.Dir(ok))
	if err != nil || len(entries) != 0 {
		t.Errorf("the probe was left behind: %v, %v", entries, err)
	}
}
