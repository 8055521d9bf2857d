package gen

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestEnumGuard changes the value of an enum constant after generation and
// builds: the stale generated file must not compile, and the line the
// compiler points at must be in the guard whose comment says to run go
// generate. Its control builds the same copy unchanged.
func TestEnumGuard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	gomod := "module example.com/guard\n\ngo 1.26.0\n\nrequire github.com/toolgen-go/toolgen v0.0.0-00010101000000-000000000000\n\nreplace github.com/toolgen-go/toolgen => " + root + "\n"
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"go.mod": []byte(gomod), "go.sum": sum}
	for _, name := range []string{"weather.go", "tools_gen.go"} {
		data, err := os.ReadFile(filepath.Join(root, "examples", "weather", name))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = data
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := func() (string, error) {
		cmd := exec.Command("go", "build", "./...")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := build(); err != nil {
		t.Fatalf("the unchanged copy does not build: %v\n%s", err, out)
	}

	src := files["weather.go"]
	changed := bytes.Replace(src, []byte(`Celsius Unit = "celsius"`), []byte(`Celsius Unit = "centigrade"`), 1)
	if bytes.Equal(changed, src) {
		t.Fatal("weather.go no longer declares Celsius as expected")
	}
	if err := os.WriteFile(filepath.Join(dir, "weather.go"), changed, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := build()
	if err == nil {
		t.Fatal("the stale generated file compiled after Celsius changed value")
	}
	m := regexp.MustCompile(`tools_gen\.go:(\d+):\d+: (.*)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("the build failed, but not in tools_gen.go:\n%s", out)
	}
	if !strings.Contains(m[2], "duplicate key false") {
		t.Errorf("compiler message %q, want the guard's duplicate key", m[2])
	}
	line, _ := strconv.Atoi(m[1])
	lines := strings.Split(string(files["tools_gen.go"]), "\n")
	if line < 1 || line > len(lines) || !strings.Contains(lines[line-1], `Celsius == "celsius"`) {
		t.Fatalf("the build fails at line %d, which is not Celsius's guard:\n%s", line, out)
	}
	// The guard's comment, just above its function, says what to do.
	var comment []string
	for i := line - 2; i >= 0 && !strings.HasPrefix(lines[i], "//"); i-- {
		if lines[i] == "" {
			t.Fatalf("no comment above the guard at line %d", line)
		}
	}
	for i := line - 2; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "//") {
			comment = append([]string{lines[i]}, comment...)
		} else if len(comment) > 0 {
			break
		}
	}
	if text := strings.Join(comment, " "); !strings.Contains(text, "run go generate") || !strings.Contains(text, "duplicate key false") {
		t.Errorf("the guard's comment %q does not say to run go generate on this error", text)
	}
}
