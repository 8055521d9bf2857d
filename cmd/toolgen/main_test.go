package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/toolgen-go/toolgen/gen"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"toolgen": func() { os.Exit(gen.Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the txtar scripts of testdata/script: toolgen's command
// line as a user meets it, in modules outside this repository that require
// it through a replace directive.
func TestScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	goEnv := make(map[string]string)
	keys := []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOTOOLCHAIN", "GOFLAGS"}
	out, err := exec.Command("go", append([]string{"env"}, keys...)...).Output()
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		goEnv[keys[i]] = v
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("TOOLGEN_ROOT", root)
			for k, v := range goEnv {
				env.Setenv(k, v)
			}
			env.Setenv("GOFLAGS", strings.TrimSpace(goEnv["GOFLAGS"]+" -mod=mod"))
			env.Setenv("GONOSUMDB", "*")
			env.Setenv("GONOSUMCHECK", "1")
			env.Setenv("GOSUMDB", "off")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exitcode": exitCode,
			"crlf":     crlf,
		},
	})
}

// crlf rewrites the files named with CRLF line ends, as Git for Windows
// checks them out.
func crlf(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: crlf file...")
	}
	for _, name := range args {
		data := ts.ReadFile(name)
		ts.Check(os.WriteFile(ts.MkAbs(name), []byte(strings.ReplaceAll(data, "\n", "\r\n")), 0o644))
	}
}

// exitCode runs "exitcode N command args...": it runs the command and
// fails unless it exits with status N.
func exitCode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: %v", err)
	}
	cmd := exec.Command(args[1], args[2:]...)
	cmd.Dir = ts.MkAbs(".")
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if v := ts.Getenv(k); v != "" {
			kv = k + "=" + v
		}
		env = append(env, kv)
	}
	for _, k := range []string{"TOOLGEN_ROOT", "GOFLAGS", "GONOSUMDB", "GOSUMDB", "WORK", "HOME", "CGO_ENABLED"} {
		env = append(env, k+"="+ts.Getenv(k))
	}
	cmd.Env = env
	path, err := exec.LookPath(args[1])
	if err == nil {
		cmd.Path = path
	}
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		if p := filepath.Join(dir, args[1]); fileExists(p) {
			cmd.Path = p
			break
		}
	}
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	ts.Logf("stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	got := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		got = exit.ExitCode()
	} else if err != nil {
		ts.Fatalf("exitcode: %v", err)
	}
	if got != want {
		ts.Fatalf("%s exited with %d, want %d", args[1], got, want)
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
