package runtime_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

type deployArgs struct {
	Service string `json:"service"`
}

func decodeDeployArgs(d *toolimpl.Decoder, v *deployArgs) {
	if !d.Object() {
		return
	}
	for d.Field() {
		switch string(d.Key()) {
		case "service":
			if s, ok := d.String(); ok {
				v.Service = s
			}
		default:
			d.Unknown("service")
		}
	}
}

// A tool marked confirm runs only once the registry's approver says yes.
// (The tool is put together here as generated code does it; toolgen sets
// Confirm from the directive.)
func ExampleWithApprover() {
	deploy := toolimpl.NewInvokable(&runtime.Info{
		Name:        "deploy",
		Description: "Deploys a service.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{"service":{"type":"string"}}}`),
		Confirm:     true,
	}, decodeDeployArgs, func(ctx context.Context, in deployArgs) (string, error) {
		return "deployed " + in.Service, nil
	})

	approver := func(ctx context.Context, call runtime.Call) (bool, error) {
		fmt.Printf("approve %s %s? ", call.Tool.Name, call.Args)
		var args deployArgs
		json.Unmarshal(call.Args, &args)
		yes := args.Service != "billing"
		fmt.Println(yes)
		return yes, nil
	}
	reg := runtime.NewRegistry(runtime.WithApprover(approver))
	if err := reg.Register(deploy); err != nil {
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
