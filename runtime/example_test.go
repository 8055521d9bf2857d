package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"

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
func ExampleWithApprover() {
	approver := func(ctx context.Context, call runtime.Call) (bool, error) {
		fmt.Printf("approve %s %s? ", call.Tool.Name, call.Args)
		var args struct{ Service string }
		json.Unmarshal(call.Args, &args)
		yes := args.Service != "billing"
		fmt.Println(yes)
		return yes, nil
	}
	reg := runtime.NewRegistry(runtime.WithApprover(approver))
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
