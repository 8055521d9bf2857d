package toolimpl

import (
	"context"
	"encoding/json"

	"github.com/toolgen-go/toolgen/runtime"
)

// CallFunc is a generated tool's call: it decodes and checks the
// arguments, then runs the tool's function with them. s are the settings
// of the registry that runs the call (nil for the defaults).
type CallFunc func(ctx context.Context, s *runtime.Settings, args json.RawMessage) (runtime.Result, error)

// NewTool returns the tool that info describes and call runs, so that a
// generated tool of a function needs no type and methods of its own.
//
// The call is a function of its own, not code here that takes the
// generated decoders as function values: through a function value, the
// decoded arguments would escape to the heap, an allocation per call.
func NewTool(info *runtime.Info, call CallFunc) runtime.InvokableTool {
	return &tool{info: info, call: call}
}

// tool is the tool NewTool returns.
type tool struct {
	info *runtime.Info
	call CallFunc
}

func (t *tool) Info() *runtime.Info { return t.info }

func (t *tool) Invoke(ctx context.Context, args json.RawMessage) (runtime.Result, error) {
	return t.call(ctx, nil, args)
}

// DirectCall returns the tool's call, for a Registry to call straight.
func (t *tool) DirectCall() func(context.Context, *runtime.Settings, json.RawMessage) (runtime.Result, error) {
	return t.call
}

// Call is Invoke with the settings of the registry that runs the call.
func (t *tool) Call(ctx context.Context, s *runtime.Settings, args json.RawMessage, _ func(runtime.Chunk)) (runtime.Result, error) {
	return t.call(ctx, s, args)
}
