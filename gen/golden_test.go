package gen

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected outputs of testdata/golden")

const goldenRoot = "../testdata/golden"

// goldenCases returns the case directories: those whose expected output is
// a generated file, and those whose expected output is want.txt, the
// positioned errors.
func goldenCases(t *testing.T) (ok, bad []string) {
	t.Helper()
	entries, err := os.ReadDir(goldenRoot)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(goldenRoot, e.Name(), "want.txt")); err == nil || strings.HasPrefix(e.Name(), "errors_") {
			bad = append(bad, e.Name())
		} else {
			ok = append(ok, e.Name())
		}
	}
	return ok, bad
}

// TestGolden generates every case and compares the result with the
// committed file byte for byte; -update rewrites the committed files.
func TestGolden(t *testing.T) {
	ok, _ := goldenCases(t)
	var patterns []string
	for _, c := range ok {
		patterns = append(patterns, "./"+filepath.ToSlash(filepath.Join(goldenRoot, c))+"/...")
	}
	files, err := Generate(context.Background(), Config{Patterns: patterns})
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	again, err := Generate(context.Background(), Config{Patterns: patterns})
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range files {
		if !bytes.Equal(f.Content, again[i].Content) {
			t.Errorf("%s: output differs between two runs", f.Path)
		}
		compareGolden(t, f)
	}
	if len(files) < len(ok) {
		t.Errorf("generated %d files for %d cases", len(files), len(ok))
	}
}

func compareGolden(t *testing.T, f File) {
	t.Helper()
	rel, _ := filepath.Rel(mustAbs(t, goldenRoot), f.Path)
	t.Run(filepath.Dir(rel), func(t *testing.T) {
		old, err := readExisting(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if _, err := write(f); err != nil {
				t.Fatal(err)
			}
			return
		}
		if !bytes.Equal(old, f.Content) {
			t.Errorf("%s differs from what toolgen generates (run go test ./gen -update):\n%s",
				rel, unifiedDiff("want", "got", string(old), string(f.Content)))
		}
	})
}

// TestGoldenErrors runs the error cases: the expected output is the
// positioned diagnostics, relative to the case directory.
func TestGoldenErrors(t *testing.T) {
	_, bad := goldenCases(t)
	for _, c := range bad {
		t.Run(c, func(t *testing.T) {
			dir := mustAbs(t, filepath.Join(goldenRoot, c))
			_, err := Generate(context.Background(), Config{Dir: dir})
			var diags Diagnostics
			if !errors.As(err, &diags) {
				t.Fatalf("Generate returned %v, want diagnostics", err)
			}
			got := diags.relative(dir).Error() + "\n"
			wantFile := filepath.Join(dir, "want.txt")
			if *update {
				if err := os.WriteFile(wantFile, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(wantFile)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("diagnostics differ:\n%s", unifiedDiff("want", "got", string(want), got))
			}
			for _, line := range strings.Split(strings.TrimSpace(got), "\n") {
				if !positioned(line) {
					t.Errorf("diagnostic without file:line:col: %s", line)
				}
			}
		})
	}
}

// positioned reports whether a diagnostic starts with file:line:col.
func positioned(line string) bool {
	parts := strings.SplitN(line, ":", 4)
	return len(parts) == 4 && strings.HasSuffix(parts[0], ".go") && parts[1] != "" && parts[2] != ""
}

// TestGoldenCompiles vets the golden packages with their generated files
// and runs their tests, which call the generated tools.
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	ok, _ := goldenCases(t)
	args := []string{"test", "-count=1", "-vet=all"}
	for _, c := range ok {
		args = append(args, "./"+filepath.ToSlash(filepath.Join("testdata/golden", c))+"/...")
	}
	cmd := exec.Command("go", args...)
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// generateCorpus generates the golden cases that succeed and the examples
// of the main module, for the tests that look at every tool toolgen makes.
func generateCorpus(t *testing.T) []File {
	t.Helper()
	ok, _ := goldenCases(t)
	patterns := []string{"../examples/..."}
	for _, c := range ok {
		patterns = append(patterns, "./"+filepath.ToSlash(filepath.Join(goldenRoot, c))+"/...")
	}
	files, err := Generate(context.Background(), Config{Patterns: patterns})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
