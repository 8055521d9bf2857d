// Command dbquery-mcp serves the dbquery example's tools over MCP: on
// standard input and output, for an MCP client to start,
//
//	go run github.com/toolgen-go/toolgen/examples/dbquery/cmd/dbquery-mcp -db shop.db
//
// or over Streamable HTTP, for clients to connect to:
//
//	dbquery-mcp -db shop.db -http 127.0.0.1:8080 [-stateless]
//
// With -http, it prints the URL it serves on its first line of output (an
// address with port 0 gets a free port).
//
// The database file is created with the sample data if it does not exist.
// list_tables and query only read (see package dbquery for how SQLite
// enforces that); add_order_note writes, and runs only once approved: by
// default the server asks the person at the client through MCP elicitation
// (a client without it cannot approve, so the note is not written);
// -approve=yes approves every call and -approve=no none.
//
// Flags:
//
//	-db PATH          the SQLite database file (default dbquery.db)
//	-timeout D        how long a query may run (default 2s)
//	-rows N           the most rows a query returns (default 200)
//	-max-output N     the most bytes of JSON a query's rows take (default 65536)
//	-approve MODE     elicit, yes or no: how add_order_note is approved
//	-http ADDR        serve Streamable HTTP on ADDR (host:port) instead of stdio
//	-stateless        with -http, serve each request on its own, without sessions
//
// A stateless server cannot ask the client anything, so there -approve=elicit
// approves no call. It exits 0 when the client closes its input (stdio) or
// on SIGINT or SIGTERM.
package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/examples/dbquery"
	"github.com/toolgen-go/toolgen/runtime"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], &mcp.StdioTransport{}, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run serves the tools on stdio, or over HTTP with -http, until the client
// leaves or ctx ends, and returns the exit code: 0, 1 for a failure, 2 for
// bad flags. With -http, the URL is the first line written to stdout.
func run(ctx context.Context, args []string, stdio mcp.Transport, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("dbquery-mcp", flag.ContinueOnError)
	flags.SetOutput(stderr)
	path := flags.String("db", "dbquery.db", "the SQLite database `file`, created with sample data if missing")
	limits := dbquery.DefaultLimits
	flags.DurationVar(&limits.Timeout, "timeout", limits.Timeout, "how long a query may run")
	flags.IntVar(&limits.Rows, "rows", limits.Rows, "the most rows a query returns")
	flags.IntVar(&limits.OutputBytes, "max-output", limits.OutputBytes, "the most `bytes` of JSON a query's rows take")
	approve := flags.String("approve", "elicit", "how add_order_note is approved: `elicit` (ask the client's user), yes or no")
	addr := flags.String("http", "", "serve Streamable HTTP on `ADDR` (host:port) instead of standard input and output")
	stateless := flags.Bool("stateless", false, "with -http, serve each request on its own, without sessions, for replicas behind a load balancer")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() > 0 || (*approve != "elicit" && *approve != "yes" && *approve != "no") || (*stateless && *addr == "") {
		fmt.Fprintln(stderr, "dbquery-mcp: -approve must be elicit, yes or no, -stateless needs -http, and no arguments follow the flags")
		flags.Usage()
		return 2
	}

	db, err := dbquery.Open(ctx, *path, limits)
	if err != nil {
		fmt.Fprintln(stderr, "dbquery-mcp:", err)
		return 1
	}
	defer db.Close()
	reg := runtime.NewRegistry(&runtime.Settings{Approver: approver(*approve)})
	if err := reg.Register(dbquery.Tools(db)...); err != nil {
		fmt.Fprintln(stderr, "dbquery-mcp:", err)
		return 1
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "dbquery", Version: "v1"}, nil)
	server.AddReceivingMiddleware(withSession)
	mcptools.Add(server, reg)
	if *addr == "" {
		if err := server.Run(ctx, stdio); err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
			fmt.Fprintln(stderr, "dbquery-mcp:", err)
			return 1
		}
		return 0
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "dbquery-mcp:", err)
		return 1
	}
	fmt.Fprintf(stdout, "http://%s\n", l.Addr())
	if err := mcptools.ServeHTTP(ctx, l, server, &mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: *stateless}}); err != nil {
		fmt.Fprintln(stderr, "dbquery-mcp:", err)
		return 1
	}
	return 0
}

// confirmation is what the approver of one tool call knows and found: the
// session the call came in on, the client's answer if the call carries one,
// and the question to ask when it must be asked in another round trip.
type confirmation struct {
	session *mcp.ServerSession
	state   string            // the RequestState the call came back with
	answer  *mcp.ElicitResult // the client's answer to the question, if any
	ask     *mcp.ElicitParams // set by the approver: ask this, then retry
}

// confirmationKey is the context key of a call's *confirmation.
type confirmationKey struct{}

// confirmationID is the ID of the approval question in the input requests
// of a result (protocol 2026-07-28 and later).
const confirmationID = "confirm"

// withSession gives each tool call a confirmation in its context, for the
// approver. From protocol 2026-07-28 a server may not send a request of
// its own while it serves one: it answers with the questions it has
// (inputRequests) and the client calls again with the answers
// (multi round-trip requests, SEP-2322). Before that version the approver
// asks the client directly.
func withSession(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		call, ok := req.(*mcp.CallToolRequest)
		if !ok || call.Session == nil {
			return next(ctx, method, req)
		}
		c := &confirmation{session: call.Session, state: call.Params.RequestState}
		if answer, ok := call.Params.InputResponses[confirmationID].(*mcp.ElicitResult); ok {
			c.answer = answer
		}
		res, err := next(context.WithValue(ctx, confirmationKey{}, c), method, req)
		if err != nil || c.ask == nil {
			return res, err
		}
		return &mcp.CallToolResult{
			InputRequests: mcp.InputRequestMap{confirmationID: c.ask},
			RequestState:  question(c.ask),
		}, nil
	}
}

// question identifies an approval question, so that an answer is taken
// only for the call it was asked about.
func question(p *mcp.ElicitParams) string {
	sum := sha256.Sum256([]byte(p.Message))
	return hex.EncodeToString(sum[:])
}

// approver decides on calls of tools marked confirm: yes to all, no to
// all, or, for elicit, what the client's user answers when asked through
// MCP elicitation. A client that cannot be asked gets no.
func approver(mode string) runtime.Approver {
	return func(ctx context.Context, call runtime.Call) (bool, error) {
		switch mode {
		case "yes":
			return true, nil
		case "no":
			return false, nil
		}
		c, ok := ctx.Value(confirmationKey{}).(*confirmation)
		if !ok {
			return false, nil
		}
		p := c.session.InitializeParams()
		if p == nil || p.Capabilities == nil || p.Capabilities.Elicitation == nil {
			return false, nil
		}
		ask := &mcp.ElicitParams{
			Message:         fmt.Sprintf("Allow %s to change the database with %s?", call.Name, call.Args),
			RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		}
		if c.answer != nil && c.state == question(ask) {
			return c.answer.Action == "accept", nil
		}
		if p.ProtocolVersion >= multiRoundTrip {
			c.ask = ask
			return false, nil
		}
		res, err := c.session.Elicit(ctx, ask)
		if err != nil {
			return false, err
		}
		return res.Action == "accept", nil
	}
}

// multiRoundTrip is the first protocol version in which a server asks the
// client for input by answering a call with inputRequests.
const multiRoundTrip = "2026-07-28"
