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

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/goleak"
)

// The test binary is also the server: run with childArgs set, it serves
// instead of testing, so the tests drive the real command over stdio
// without building it.
const childArgs = "DBQUERY_MCP_TEST_ARGS"

func TestMain(m *testing.M) {
	if args, ok := os.LookupEnv(childArgs); ok {
		var list []string
		if err := json.Unmarshal([]byte(args), &list); err != nil {
			panic(err)
		}
		main2(list)
		return
	}
	goleak.VerifyTestMain(m)
}

// main2 is main with the arguments given.
func main2(args []string) {
	os.Args = append([]string{"dbquery-mcp"}, args...)
	main()
}

// server is the command run with args, as a client starts it.
func server(t *testing.T, args ...string) *exec.Cmd {
	t.Helper()
	data, _ := json.Marshal(args)
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), childArgs+"="+string(data))
	cmd.Stderr = os.Stderr
	return cmd
}

// connect starts the command and connects a client to it; elicit answers
// the server's questions.
func connect(t *testing.T, cmd *exec.Cmd, version string, elicit func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error)) *mcp.ClientSession {
	t.Helper()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "v1"}, &mcp.ClientOptions{ElicitationHandler: elicit})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	if got := session.InitializeResult().ProtocolVersion; version != "" && got != version {
		t.Fatalf("protocol %s, want %s", got, version)
	}
	return session
}

// call calls a tool and returns its text and whether it failed.
func call(t *testing.T, session *mcp.ClientSession, name string, args any) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	return text.String(), res.IsError
}

// A client lists the tools, reads, is refused a write through query, and
// writes a note once its user accepts: at protocol 2025-11-25, where the
// server asks the client during the call, and at the newest, where it
// answers with its question and the client calls again.
func TestServe(t *testing.T) {
	for _, version := range []string{"2025-11-25", ""} {
		t.Run("protocol="+version, func(t *testing.T) { testServe(t, version) })
	}
}

func testServe(t *testing.T, version string) {
	path := filepath.Join(t.TempDir(), "shop.db")
	var asked []string
	answer := "decline"
	cmd := server(t, "-db", path, "-timeout", "300ms")
	session := connect(t, cmd, version, func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		asked = append(asked, req.Params.Message)
		return &mcp.ElicitResult{Action: answer}, nil
	})

	ctx := context.Background()
	list, err := session.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
		if schema, _ := json.Marshal(tool.InputSchema); !bytes.Contains(schema, []byte(`"type":"object"`)) {
			t.Errorf("%s: input schema %s", tool.Name, schema)
		}
	}
	if got := strings.Join(names, " "); got != "add_order_note list_tables query" {
		t.Errorf("tools %s", got)
	}

	if text, failed := call(t, session, "list_tables", map[string]any{}); failed || !strings.Contains(text, `"name":"orders"`) || !strings.Contains(text, `"references":"customers(id)"`) {
		t.Errorf("list_tables: %v %s", failed, text)
	}
	if text, failed := call(t, session, "query", map[string]any{"sql": "SELECT count(*) AS n FROM orders"}); failed || !strings.Contains(text, `"rows":[[40]]`) {
		t.Errorf("query: %v %s", failed, text)
	}
	for _, sql := range []string{"DELETE FROM orders", "SELECT 1; DROP TABLE orders", "PRAGMA query_only=0", "ATTACH DATABASE ':memory:' AS m"} {
		if text, failed := call(t, session, "query", map[string]any{"sql": sql}); !failed || !strings.Contains(text, "SQLite refused the query: authorization denied") {
			t.Errorf("%s: %v %s", sql, failed, text)
		}
	}
	if text, failed := call(t, session, "query", map[string]any{"sql": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT max(x) FROM c"}); !failed || !strings.Contains(text, "ran longer than 300ms") {
		t.Errorf("endless query: %v %s", failed, text)
	}
	if text, failed := call(t, session, "query", map[string]any{"sql": 42}); !failed || !strings.Contains(text, "/sql") {
		t.Errorf("bad arguments: %v %s", failed, text)
	}

	note := map[string]any{"order_id": 5, "note": "Call before delivery."}
	if text, failed := call(t, session, "add_order_note", note); !failed || !strings.Contains(text, "not approved") {
		t.Errorf("declined: %v %s", failed, text)
	}
	answer = "accept"
	if text, failed := call(t, session, "add_order_note", note); failed || !strings.Contains(text, `"order_id":5`) {
		t.Errorf("accepted: %v %s", failed, text)
	}
	if len(asked) != 2 || !strings.Contains(asked[0], "add_order_note") || !strings.Contains(asked[0], "Call before delivery.") {
		t.Errorf("asked %q", asked)
	}
	if text, _ := call(t, session, "query", map[string]any{"sql": "SELECT order_id, note FROM order_notes WHERE order_id = 5"}); !strings.Contains(text, `"rows":[[5,"Call before delivery."]]`) {
		t.Errorf("notes: %s", text)
	}

	// Closing the client's end ends the server with exit 0.
	if err := session.Close(); err != nil {
		t.Fatal(err)
	}
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 0 {
		t.Errorf("exit: %v", cmd.ProcessState)
	}
}

// A client that cannot be asked cannot approve: the note is not written.
func TestNoElicitation(t *testing.T) {
	path := filepath.Join(t.TempDir(), "shop.db")
	session := connect(t, server(t, "-db", path), "", nil)
	defer session.Close()
	if text, failed := call(t, session, "add_order_note", map[string]any{"order_id": 5, "note": "x"}); !failed || !strings.Contains(text, "not approved") {
		t.Errorf("%v %s", failed, text)
	}
	if text, _ := call(t, session, "query", map[string]any{"sql": "SELECT count(*) FROM order_notes"}); !strings.Contains(text, `"rows":[[1]]`) {
		t.Errorf("notes: %s", text)
	}
}

// SIGTERM ends a serving server with exit 0.
func TestSIGTERM(t *testing.T) {
	cmd := server(t, "-db", filepath.Join(t.TempDir(), "shop.db"))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait for the server to answer, so that it serves when signalled.
	if _, err := stdin.Write([]byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n")); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.Contains(line, `"id":1`) {
		t.Fatalf("answer %q, %v", line, err)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("after SIGTERM: %v", err)
	}
}

// Bad flags are a usage error, exit 2.
func TestUsage(t *testing.T) {
	for _, args := range [][]string{{"-approve", "maybe"}, {"-rows", "many"}, {"extra"}, {"-stateless"}} {
		var stderr bytes.Buffer
		if code := run(context.Background(), args, nil, io.Discard, &stderr); code != 2 || stderr.Len() == 0 {
			t.Errorf("%q: exit %d, %q", args, code, stderr.String())
		}
	}
}
