package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The official TypeScript MCP SDK, run by adapters/mcptools/tsclient/check.mjs,
// drives the server over stdio and Streamable HTTP, stateful and stateless,
// and checks every inputSchema, outputSchema and structuredContent with ajv
// (JSON Schema 2020-12, strict mode). It needs node; the tsclient's
// node_modules is installed with npm ci when missing. Without node the test
// is skipped, but fails when CI=true.
//
// The glue below (spec, call, report, tsclient, check, startHTTP) is the
// part of adapters/mcptools/tsclient_test.go this test needs, copied: the
// two modules share no test code. The JSON shapes are those of check.mjs.

// tsclientDir is the directory of check.mjs.
const tsclientDir = "../../../../adapters/mcptools/tsclient"

// spec is the calls file of check.mjs.
type spec struct {
	Protocol string                    `json:"protocol,omitempty"`
	AllTools bool                      `json:"allTools,omitempty"`
	Tools    []string                  `json:"tools,omitempty"`
	Listed   map[string]map[string]any `json:"listed,omitempty"`
	Calls    []tsCall                  `json:"calls"`
}

type tsCall struct {
	Tool       string          `json:"tool"`
	Arguments  json.RawMessage `json:"arguments,omitempty"`
	IsError    bool            `json:"isError,omitempty"`
	Invalid    bool            `json:"invalid,omitempty"`
	Structured json.RawMessage `json:"structured,omitempty"`
}

// report is what check.mjs prints.
type report struct {
	Protocol   string `json:"protocol"`
	Tools      int    `json:"tools"`
	Schemas    int    `json:"schemas"`
	Calls      int    `json:"calls"`
	Structured int    `json:"structured"`
	Failures   int    `json:"failures"`
}

// tsclient returns the directory of check.mjs, its packages installed.
func tsclient(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(tsclientDir)
	if err != nil {
		t.Fatal(err)
	}
	missing := func(what string) {
		t.Helper()
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s, which CI must have", what)
		}
		t.Skip(what)
	}
	if _, err := exec.LookPath("node"); err != nil {
		missing("no node")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk")); err != nil {
		if _, err := exec.LookPath("npm"); err != nil {
			missing(dir + "/node_modules is not installed, and there is no npm to install it")
		}
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("npm ci in %s: %v\n%s", dir, err, out)
		}
	}
	return dir
}

// check runs check.mjs with s against the server at url, or started by
// command.
func check(t *testing.T, dir string, s spec, url string, command ...string) report {
	t.Helper()
	calls := filepath.Join(t.TempDir(), "calls.json")
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(calls, data, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{filepath.Join(dir, "check.mjs"), "--calls", calls}
	if url != "" {
		args = append(args, "--url", url)
	} else {
		args = append(append(args, "--"), command...)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var r report
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil || runErr != nil {
		t.Fatalf("check.mjs: %v\nstdout: %s\nstderr: %s", runErr, stdout.Bytes(), stderr.Bytes())
	}
	t.Logf("%+v", r)
	return r
}

// startHTTP starts cmd, an HTTP server that prints its URL first, and at
// the end of the test ends it with SIGTERM and checks that it exits with
// status 0.
func startHTTP(t *testing.T, cmd *exec.Cmd) string {
	t.Helper()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			if err != nil {
				t.Errorf("after SIGTERM: %v", err)
			}
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
			t.Errorf("still running 10s after SIGTERM")
		}
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	go func() {
		io.Copy(io.Discard, stdout)
		exited <- cmd.Wait()
	}()
	if err != nil || !strings.HasPrefix(line, "http://") {
		t.Fatalf("printed %q: %v", line, err)
	}
	return strings.TrimSpace(line)
}

// dbquerySpec calls every tool at protocol 2025-11-25, of a server run
// with -rows 5 -approve yes: a read, a refused write, a read cut at the row
// cap, arguments that break the inputSchema, and a note approved and
// written, then read back.
var dbquerySpec = spec{
	Protocol: "2025-11-25",
	AllTools: true,
	Tools:    []string{"add_order_note", "list_tables", "query"},
	Listed: map[string]map[string]any{
		"list_tables":    {"title": "List tables", "annotations": map[string]any{"readOnlyHint": true, "idempotentHint": false, "openWorldHint": false}},
		"query":          {"title": "Run a read-only SQL query", "annotations": map[string]any{"readOnlyHint": true, "idempotentHint": false, "openWorldHint": false}},
		"add_order_note": {"title": "Add a note to an order", "annotations": map[string]any{"readOnlyHint": false, "destructiveHint": false, "idempotentHint": false, "openWorldHint": false}},
	},
	Calls: []tsCall{
		{Tool: "list_tables", Arguments: json.RawMessage(`{}`)},
		{Tool: "query", Arguments: json.RawMessage(`{"sql":"SELECT count(*) AS n FROM orders"}`),
			Structured: json.RawMessage(`{"columns":["n"],"rows":[[40]],"truncated":false}`)},
		{Tool: "query", Arguments: json.RawMessage(`{"sql":"DELETE FROM orders"}`), IsError: true},
		{Tool: "query", Arguments: json.RawMessage(`{"sql":"SELECT id FROM orders ORDER BY id"}`),
			Structured: json.RawMessage(`{"columns":["id"],"rows":[[1],[2],[3],[4],[5]],"truncated":true,"notice":"the result was cut at the row cap, 5 rows; aggregate or add a LIMIT"}`)},
		{Tool: "query", Arguments: json.RawMessage(`{"sql":42}`), Invalid: true, IsError: true},
		{Tool: "add_order_note", Arguments: json.RawMessage(`{"order_id":5,"note":"Call before delivery."}`)},
		{Tool: "query", Arguments: json.RawMessage(`{"sql":"SELECT order_id, note FROM order_notes WHERE note = 'Call before delivery.'"}`),
			Structured: json.RawMessage(`{"columns":["order_id","note"],"rows":[[5,"Call before delivery."]],"truncated":false}`)},
	},
}

// refusedSpec is a server run with -approve no: the note is refused, as a
// tool error, and not written.
var refusedSpec = spec{
	Protocol: "2025-11-25",
	Calls: []tsCall{
		{Tool: "add_order_note", Arguments: json.RawMessage(`{"order_id":5,"note":"Call before delivery."}`), IsError: true},
		{Tool: "query", Arguments: json.RawMessage(`{"sql":"SELECT count(*) FROM order_notes WHERE note = 'Call before delivery.'"}`),
			Structured: json.RawMessage(`{"columns":["count(*)"],"rows":[[0]],"truncated":false}`)},
	},
}

func TestTSClient(t *testing.T) {
	dir := tsclient(t)
	// The server is this test binary, run again (see TestMain).
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		s       spec
		approve string
		http    string // "", "stateful" or "stateless"
	}{
		{"stdio", dbquerySpec, "yes", ""},
		{"http", dbquerySpec, "yes", "stateful"},
		{"http-stateless", dbquerySpec, "yes", "stateless"},
		{"stdio-approve-no", refusedSpec, "no", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			args := []string{"-db", filepath.Join(t.TempDir(), "shop.db"), "-rows", "5", "-approve", c.approve}
			var r report
			if c.http == "" {
				// check.mjs starts the server; the SDK passes it only a
				// few variables of its environment, so env sets childArgs.
				data, _ := json.Marshal(args)
				r = check(t, dir, c.s, "", "env", childArgs+"="+string(data), self)
			} else {
				args = append(args, "-http", "127.0.0.1:0")
				if c.http == "stateless" {
					args = append(args, "-stateless")
				}
				r = check(t, dir, c.s, startHTTP(t, server(t, args...)))
			}
			if r.Calls != len(c.s.Calls) {
				t.Errorf("%d calls made, want %d", r.Calls, len(c.s.Calls))
			}
			// Every tool returns an object, so has an output schema too.
			if r.Tools != 3 || r.Schemas != 2*r.Tools {
				t.Errorf("%d tools, %d schemas compiled, want 3 and 6", r.Tools, r.Schemas)
			}
		})
	}
}
