package gen

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// cgoOnlySrc is a package whose one file uses cgo: with cgo off, the go
// command leaves all of it out.
const cgoOnlySrc = `package cg

// #include <stdlib.h>
import "C"

// Ping answers pong, to test the connection.
//
//tool:export readonly
func Ping() (string, error) { return "pong", nil }
`

// loadDiags runs Generate over a module of one package whose files are
// files, with the go command's environment env, and returns the
// diagnostics, paths relative to the module.
func loadDiags(t *testing.T, env []string, files map[string]string) Diagnostics {
	t.Helper()
	dir := t.TempDir()
	mustWrite(t, filepath.Join(dir, "go.mod"), "module example.com/cg\n\ngo 1.26\n")
	for name, src := range files {
		mustWrite(t, filepath.Join(dir, name), src)
	}
	_, err := Generate(context.Background(), Config{Dir: dir, Env: env})
	var diags Diagnostics
	if !errors.As(err, &diags) {
		t.Fatalf("Generate: %v, want diagnostics", err)
	}
	return diags.relative(dir)
}

// environ returns os.Environ without the variables named, and with those
// of set.
func environ(drop []string, set ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !slices.Contains(drop, k) {
			env = append(env, kv)
		}
	}
	return append(env, set...)
}

// wantCgoOff fails unless diags are the one message that cgo is off, at
// the import "C" of file.
func wantCgoOff(t *testing.T, diags Diagnostics, file string) {
	t.Helper()
	want := file + ":4:8: " + cgoOffMsg
	if len(diags) != 1 || diags[0].String() != want {
		t.Errorf("diagnostics:\n%v\nwant:\n%s", diags, want)
	}
}

// Cgo is judged off by the environment the go command is given
// (Config.Env), not toolgen's own, in which it is on.
func TestCgoOffConfigEnv(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	diags := loadDiags(t, environ(nil, "CGO_ENABLED=0"), map[string]string{"cg.go": cgoOnlySrc})
	wantCgoOff(t, diags, "cg.go")
}

// Without CGO_ENABLED and a C compiler, the go command turns cgo off by
// itself, as toolgen's go/build.Default does not.
func TestCgoOffNoCompiler(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip(err)
	}
	bin := filepath.Dir(goBin)
	for _, cc := range []string{"gcc", "clang", "cc"} {
		if _, err := exec.LookPath(filepath.Join(bin, cc)); err == nil {
			t.Skipf("%s is beside go in %s", cc, bin)
		}
	}
	env := environ([]string{"CGO_ENABLED", "CC", "PATH"}, "PATH="+bin)
	diags := loadDiags(t, env, map[string]string{"cg.go": cgoOnlySrc})
	wantCgoOff(t, diags, "cg.go")
}

// A file for another GOOS, given in Config.Env, that only cgo being off
// leaves out.
func TestCgoOffConfigGOOS(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	env := environ(nil, "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
	diags := loadDiags(t, env, map[string]string{"cg_windows.go": cgoOnlySrc})
	wantCgoOff(t, diags, "cg_windows.go")
}

func TestGoflagsTags(t *testing.T) {
	for _, c := range []struct {
		goflags string
		want    []string
	}{
		{"", nil},
		{"-tags=a,b", []string{"a", "b"}},
		{"--tags=a -mod=mod", []string{"a"}},
		{"-mod=vendor -tags=x -tags=y", []string{"x", "y"}},
		{"tags=a", nil},
	} {
		if got := goflagsTags([]string{"HOME=/x", "GOFLAGS=" + c.goflags}); !slices.Equal(got, c.want) {
			t.Errorf("GOFLAGS=%q: %q, want %q", c.goflags, got, c.want)
		}
	}
}
