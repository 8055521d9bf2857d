package toolimpl

import (
	"context"
	"encoding/json"

	"github.com/toolgen-go/toolgen/runtime"
)

// NewInvokable returns the [InvokableTool] that decodes its arguments with
// decode and calls fn with them (an [EnhancedTool] if Out is [Content]).
// Generated code calls it; programs may call it too, for a tool written by
// hand.
//
// Each call runs fn on the caller's goroutine, under info.Timeout if that is
// set, and turns a panic of fn into a failed Result.
func NewInvokable[In, Out any](info *runtime.Info, decode DecodeFunc[In], fn func(context.Context, In) (Out, error)) runtime.InvokableTool {
	t := &invokable[In, Out]{info: info, decode: decode, fn: fn}
	if _, ok := any(*new(Out)).(runtime.Content); ok {
		return enhanced[In, Out]{t}
	}
	return t
}

// enhanced is an invokable tool whose result is Content.
type enhanced[In, Out any] struct{ *invokable[In, Out] }

func (enhanced[In, Out]) Multimodal() {}

type invokable[In, Out any] struct {
	info   *runtime.Info
	decode DecodeFunc[In]
	fn     func(context.Context, In) (Out, error)
}

func (t *invokable[In, Out]) Info() *runtime.Info { return t.info }

func (t *invokable[In, Out]) Invoke(ctx context.Context, args json.RawMessage) (runtime.Result, error) {
	return t.Call(ctx, nil, args, nil)
}

// Call is Invoke with the settings of the registry that runs it.
func (t *invokable[In, Out]) Call(ctx context.Context, s *runtime.Settings, args json.RawMessage, _ func(runtime.Chunk)) (runtime.Result, error) {
	in, res, ok, err := begin(ctx, s, t.info, t.decode, args)
	if !ok {
		return res, err
	}
	return Run(ctx, s, t.info, in, t.fn)
}

// begin decodes the arguments of a tool made with NewInvokable or
// NewStreamable and, if it is marked confirm, asks for approval; if ok is
// false, the call must not run, and res and err are its outcome.
func begin[In any](ctx context.Context, s *runtime.Settings, info *runtime.Info, decode DecodeFunc[In], args json.RawMessage) (in In, res runtime.Result, ok bool, err error) {
	var d Decoder
	d.BeginCall(s, info, args)
	decode(&d, &in)
	if res, ok := d.EndCall(); !ok {
		return in, res, false, nil
	}
	if info.Confirm {
		if res, ok, err := Approve(ctx, s, info, args); !ok {
			return in, res, false, err
		}
	}
	return in, runtime.Result{}, true, nil
}

// AllDialects is the Derived of a tool's DialectSchemas whose schema the
// runtime derives in every dialect. It is shared: do not modify it.
var AllDialects = []runtime.Dialect{runtime.OpenAI, runtime.Gemini, runtime.Anthropic}
