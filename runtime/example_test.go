package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"

	"github.com/toolgen-go/toolgen/runtime"
)

// deploy is a tool written by hand. Generated tools are made the same
// way: Info, Invoke, and a Call method through which a registry hands its
// Settings, here to ask the approver.
type deploy struct{}

var deployInfo = runtime.Info{
	Name:        "deploy",
	Description: "Deploys a service.",
	Parameters:  json.RawMessage(`{"type":"object","properties":{"service":{"type":"string"}},"required":["service"]}`),
	Confirm:     true,
}

func (deploy) Info() *runtime.Info { return &deployInfo }

func (t deploy) Invoke(ctx context.Context, args json.RawMessage) (runtime.Result, error) {
	return t.Call(ctx, nil, args, nil)
}

func (deploy) Call(ctx context.Context, s *runtime.Settings, args json.RawMessage, _ func(runtime.Chunk)) (runtime.Result, error) {
	var in struct{ Service string }
	if err := json.Unmarshal(args, &in); err != nil || in.Service == "" {
		return runtime.Result{Error: "invalid arguments: /service: required field is missing"}, nil
	}
	if s == nil || s.Approver == nil {
		return runtime.Result{Error: "the call was not run: it needs approval", Err: runtime.ErrNoApprover}, nil
	}
	yes, err := s.Approver(ctx, runtime.Call{Name: deployInfo.Name, Args: args, Tool: &deployInfo})
	if err != nil || !yes {
		return runtime.Result{Error: "the call was not approved, so the tool did not run", Err: err}, nil
	}
	return runtime.Result{Success: true, Output: "deployed " + in.Service}, nil
}

// A tool marked confirm runs only once the registry's approver says yes.
// (toolgen sets Confirm from the directive and writes the Call method.)
func ExampleApprover() {
	approver := func(ctx context.Context, call runtime.Call) (bool, error) {
		fmt.Printf("approve %s %s? ", call.Tool.Name, call.Args)
		var args struct{ Service string }
		json.Unmarshal(call.Args, &args)
		yes := args.Service != "billing"
		fmt.Println(yes)
		return yes, nil
	}
	reg := runtime.NewRegistry(&runtime.Settings{Approver: approver})
	if err := reg.Register(deploy{}); err != nil {
		panic(err)
	}
	for _, args := range []string{`{"service":"search"}`, `{"service":"billing"}`} {
		res, _ := reg.Execute(context.Background(), "deploy", json.RawMessage(args))
		fmt.Println(res.Success, res.Output+res.Error)
	}
	// Output:
	// approve deploy {"service":"search"}? true
	// true deployed search
	// approve deploy {"service":"billing"}? false
	// false the call was not approved, so the tool did not run
}

// Middleware wraps every call a registry runs. This one refuses calls of
// a tool that a program has switched off, and prints each call with its
// outcome, as an audit log would.
func ExampleMiddleware() {
	disabled := map[string]bool{"deploy": true}
	audit := func(next runtime.Handler) runtime.Handler {
		return func(ctx context.Context, call runtime.Call) (runtime.Result, error) {
			if disabled[call.Name] {
				fmt.Printf("%s %s: refused\n", call.ID, call.Name)
				return runtime.Result{Error: call.Name + " is switched off; do without it"}, nil
			}
			res, err := next(ctx, call)
			fmt.Printf("%s %s(%s): success %v\n", call.ID, call.Name, call.Args, res.Success)
			return res, err
		}
	}
	reg := runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{audit}})
	if err := reg.Register(deploy{}, greet{}); err != nil {
		panic(err)
	}
	// The calls a model asked for, with the IDs its provider gave them.
	for _, call := range []runtime.Call{
		{ID: "call_1", Name: "deploy", Args: json.RawMessage(`{"service":"search"}`)},
		{ID: "call_2", Name: "greet", Args: json.RawMessage(`{"name":"Ada"}`)},
	} {
		results, _ := reg.ExecuteAll(context.Background(), []runtime.Call{call})
		fmt.Println(results[0].Output + results[0].Error)
	}
	// Output:
	// call_1 deploy: refused
	// deploy is switched off; do without it
	// call_2 greet({"name":"Ada"}): success true
	// Hello, Ada!
}

// greet is a tool written by hand that greets whoever it is told to.
type greet struct{}

var greetInfo = runtime.Info{
	Name:        "greet",
	Description: "Greets someone by name.",
	Parameters:  json.RawMessage(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`),
}

func (greet) Info() *runtime.Info { return &greetInfo }

func (greet) Invoke(ctx context.Context, args json.RawMessage) (runtime.Result, error) {
	var in struct{ Name string }
	if err := json.Unmarshal(args, &in); err != nil || in.Name == "" {
		p := runtime.Problem{Path: "/name", Message: "required field is missing"}
		return runtime.Result{Error: "invalid arguments: " + p.String(), Problems: []runtime.Problem{p}}, nil
	}
	return runtime.Result{Success: true, Output: "Hello, " + in.Name + "!"}, nil
}

// A registry can gain and lose tools while it serves; an adapter watches
// it to tell its clients (MCP's notifications/tools/list_changed).
func ExampleRegistry_Watch() {
	reg := runtime.NewRegistry(nil)
	stop := reg.Watch(func() {
		var names []string
		for _, d := range reg.Definitions() {
			names = append(names, d.Name)
		}
		fmt.Println("tools now:", names)
	})
	defer stop()
	if err := reg.Register(greet{}, deploy{}); err != nil {
		panic(err)
	}
	reg.Remove("deploy")
	res, _ := reg.Execute(context.Background(), "deploy", json.RawMessage(`{"service":"search"}`))
	fmt.Println(res.Error)
	// Output:
	// tools now: [deploy greet]
	// tools now: [greet]
	// unknown tool "deploy"; the tools are: greet
}

// LogCalls logs one record per call, at a level that says who should act,
// without the values of the arguments. (The time and duration are left
// out here so that the output is always the same.)
func ExampleLogCalls() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey || a.Key == "duration" {
				return slog.Attr{}
			}
			return a
		},
	}))
	reg := runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{runtime.LogCalls(logger, 0)}})
	if err := reg.Register(greet{}, deploy{}); err != nil {
		panic(err)
	}
	ctx := context.Background()
	reg.ExecuteAll(ctx, []runtime.Call{{ID: "call_1", Name: "greet", Args: json.RawMessage(`{"name":"Ada"}`)}})
	reg.Execute(ctx, "greet", json.RawMessage(`{"name":""}`))
	reg.Execute(ctx, "gret", json.RawMessage(`{"name":"Ada"}`))
	reg.Execute(ctx, "deploy", json.RawMessage(`{"service":"search"}`))
	// Output:
	// level=INFO msg="tool call" tool=greet call_id=call_1 arg_bytes=14 success=true
	// level=WARN msg="tool call" tool=greet arg_bytes=11 success=false error_kind=bad_arguments problems=1
	// level=WARN msg="tool call" tool=gret arg_bytes=14 success=false error_kind=unknown_tool
	// level=ERROR msg="tool call" tool=deploy arg_bytes=20 success=false error_kind=error error="runtime: the tool needs approval, and no Approver is set"
}
