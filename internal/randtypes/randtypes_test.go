// Package randtypes tests toolgen on random Go types: argument and result
// structs nobody wrote by hand. TestRandomTypes writes random packages
// under testdata, runs toolgen on them, and runs in each a test that
// checks every tool's schemas, its decoder against the reference validator
// and encoding/json (internal/schematest), and its result's encoding
// against encoding/json and the output schema.
//
// The environment sets its size: RANDTYPES_SEED (default 1),
// RANDTYPES_PKGS packages (default 3) of RANDTYPES_TOOLS tools (default 6)
// with RANDTYPES_DOCS documents each (default 400); RANDTYPES_KEEP=1 keeps
// the packages written. A failure names the seed: run again with it to
// reproduce.
package randtypes

import (
	"bytes"
	"fmt"
	"go/format"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%s=%q: %v", name, s, err)
	}
	return n
}

// diagLine is a message of toolgen with its position.
var diagLine = regexp.MustCompile(`^(\S+\.go):(\d+):(\d+): (.*)$`)

func TestRandomTypes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests packages")
	}
	seed := envInt(t, "RANDTYPES_SEED", 1)
	npkg := envInt(t, "RANDTYPES_PKGS", 3)
	ntool := envInt(t, "RANDTYPES_TOOLS", 6)
	ndocs := envInt(t, "RANDTYPES_DOCS", 400)
	t.Logf("RANDTYPES_SEED=%d RANDTYPES_PKGS=%d RANDTYPES_TOOLS=%d RANDTYPES_DOCS=%d", seed, npkg, ntool, ndocs)

	bin := filepath.Join(t.TempDir(), "toolgen")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/toolgen").CombinedOutput(); err != nil {
		t.Fatalf("building toolgen: %v\n%s", err, out)
	}
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	root, err := os.MkdirTemp("testdata", fmt.Sprintf("seed%d-", seed))
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("RANDTYPES_KEEP") == "" {
		t.Cleanup(func() {
			os.RemoveAll(root)
			os.Remove("testdata") // if empty
		})
	} else {
		t.Logf("packages kept in %s", root)
	}

	rnd := rand.New(rand.NewPCG(uint64(seed), 0x70016e))
	type tool struct {
		file, name, in, out, unwrap string
		result                      bool // and a tool resultN, returning ResultN
		stream                      bool // and a tool streamN, sending the arguments twice
	}
	pkgs := map[string][]*tool{} // by directory
	var dirs []string
	for k := range npkg {
		name := fmt.Sprintf("p%d", k)
		dir := filepath.Join(root, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, "common.go"), fmt.Sprintf(common, name, name))
		g := &pkgGen{rnd: rnd}
		for i := range ntool {
			src, in, out, unwrap, result, stream := g.toolFile(name, i)
			file := filepath.Join(dir, fmt.Sprintf("tool%d.go", i))
			write(t, file, src)
			pkgs[dir] = append(pkgs[dir], &tool{file: file, name: fmt.Sprintf("tool%d", i), in: in, out: out, unwrap: unwrap, result: result, stream: stream})
		}
		dirs = append(dirs, "./"+dir)
	}

	// Run toolgen; drop each tool it refuses, whose messages must have a
	// position, and run it again.
	refused := 0
	run := func() (stdout, stderr string, ok bool) {
		cmd := exec.Command(bin, dirs...)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		stdout, stderr = o.String(), e.String()
		if strings.Contains(stderr, "panic") || strings.Contains(stderr, "goroutine ") {
			t.Fatalf("toolgen panicked (seed %d):\n%s", seed, stderr)
		}
		return stdout, stderr, err == nil
	}
	for attempt := 0; ; attempt++ {
		_, stderr, ok := run()
		if ok {
			break
		}
		if attempt == 2*npkg*ntool {
			t.Fatalf("toolgen keeps failing (seed %d):\n%s", seed, stderr)
		}
		drop := map[string]bool{}
		for _, line := range strings.Split(strings.TrimSpace(stderr), "\n") {
			m := diagLine.FindStringSubmatch(line)
			if m == nil {
				if strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "  ") {
					continue // a message's continuation
				}
				t.Errorf("toolgen wrote a message without a position (seed %d): %s", seed, line)
				continue
			}
			if strings.HasPrefix(m[4], "note:") {
				continue
			}
			file, _ := filepath.Abs(m[1])
			if !strings.HasSuffix(file, ".go") || !strings.HasPrefix(filepath.Base(file), "tool") {
				t.Errorf("toolgen refused a file the test did not expect (seed %d): %s", seed, line)
				continue
			}
			if !drop[file] {
				t.Logf("refused: %s", line)
			}
			drop[file] = true
		}
		if len(drop) == 0 {
			t.Fatalf("toolgen failed without naming a tool's file (seed %d):\n%s", seed, stderr)
		}
		for dir, tools := range pkgs {
			var kept []*tool
			for _, tl := range tools {
				abs, _ := filepath.Abs(tl.file)
				if drop[abs] {
					refused++
					// Kept as .refused, out of the build.
					if err := os.Rename(tl.file, tl.file+".refused"); err != nil {
						t.Fatal(err)
					}
					continue
				}
				kept = append(kept, tl)
			}
			pkgs[dir] = kept
		}
	}

	// The generated files: gofmt'd, and the same bytes on a second run.
	first := map[string][]byte{}
	for dir, tools := range pkgs {
		if len(tools) == 0 {
			continue
		}
		file := filepath.Join(dir, "tools_gen.go")
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if f, err := format.Source(b); err != nil || !bytes.Equal(f, b) {
			t.Errorf("%s is not gofmt'd (seed %d): %v", file, seed, err)
		}
		first[file] = b
		if err := os.Remove(file); err != nil {
			t.Fatal(err)
		}
	}
	if _, stderr, ok := run(); !ok {
		t.Fatalf("toolgen failed on a second run (seed %d):\n%s", seed, stderr)
	}
	for file, b := range first {
		if again, err := os.ReadFile(file); err != nil || !bytes.Equal(again, b) {
			t.Errorf("%s differs on a second run (seed %d)", file, seed)
		}
	}
	// And -check finds them up to date.
	if out, err := exec.Command(bin, append([]string{"-check", "-q"}, dirs...)...).CombinedOutput(); err != nil {
		t.Errorf("toolgen -check on what it wrote: %v (seed %d)\n%s", err, seed, out)
	}

	// The tests of the packages.
	var testDirs []string
	ntools := 0
	for _, dir := range dirs {
		tools := pkgs[strings.TrimPrefix(dir, "./")]
		if len(tools) == 0 {
			continue
		}
		var table, results strings.Builder
		for _, tl := range tools {
			ntools++
			if tl.result {
				ntools++
				fmt.Fprintf(&results, "\t\"result%s\": func(t *testing.T, reg *runtime.Registry, info *runtime.Info) int {\n\t\treturn checkResult(t, reg, info, &Result%s)\n\t},\n", strings.TrimPrefix(tl.name, "tool"), strings.TrimPrefix(tl.name, "tool"))
			}
			stream := ""
			if tl.stream {
				ntools++
				stream = "stream" + strings.TrimPrefix(tl.name, "tool")
			}
			fmt.Fprintf(&table, "\t%q: func(t *testing.T, reg *runtime.Registry, info *runtime.Info) schematest.Target {\n\t\treturn target(t, reg, info, func(o %s) %s { %s }, %q)\n\t},\n", tl.name, tl.out, tl.in, tl.unwrap, stream)
		}
		write(t, filepath.Join(dir, "random_test.go"), fmt.Sprintf(driver, filepath.Base(dir), ndocs, table.String(), results.String()))
		testDirs = append(testDirs, dir)
	}
	if len(testDirs) == 0 {
		t.Fatalf("toolgen refused every tool (seed %d)", seed)
	}
	cmd := exec.Command("go", append([]string{"test", "-count=1", "-v", "-run", "^TestRandom$"}, testDirs...)...)
	out, err := cmd.CombinedOutput()
	checked, valid := 0, 0
	for _, line := range strings.Split(string(out), "\n") {
		if _, rest, ok := strings.Cut(line, "RANDTYPES "); ok {
			var name string
			var c, v int
			if _, err := fmt.Sscanf(rest, "%s checked=%d valid=%d", &name, &c, &v); err == nil {
				checked += c
				valid += v
			}
		}
	}
	t.Logf("%d packages, %d tools (%d refused), %d documents (%d valid)", len(testDirs), ntools, refused, checked, valid)
	if err != nil {
		t.Errorf("the random packages' tests failed (seed %d; RANDTYPES_KEEP=1 keeps them): %v\n%s", seed, err, out)
	}
}

// write writes a Go file, gofmt'd.
func write(t *testing.T, file, src string) {
	t.Helper()
	data, err := format.Source([]byte(src))
	if err != nil {
		t.Fatalf("%s: %v\n%s", file, err, src)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
