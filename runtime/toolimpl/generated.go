package toolimpl

import (
	"context"
	"encoding/json"

	"github.com/toolgen-go/toolgen/runtime"
)

// FastFunc is a generated fast path: it decodes plain, valid JSON from
// data[i:] into v, or returns false (see Fast).
type FastFunc[In any] func(data []byte, i int, v *In, strs *Strings) (int, bool)

// NewFunc returns the tool that generated code makes of a function fn of
// the shape func(context.Context, In) (Out, error), so that the code that
// decodes, checks and runs a call is written once, here, and not once per
// tool:
//
//   - info describes the tool;
//   - fast is the generated fast path of In (nil if In has none), and
//     depth how deep In nests;
//   - decode is the generated decoder of In, which reports every problem;
//   - encode writes fn's result as JSON (nil: encoding/json writes it).
//
// Its Call decodes the arguments with fast and, if fast passes, with
// decode; asks for approval if the tool is marked confirm; then runs fn as
// [Run] does.
func NewFunc[In, Out any](info *runtime.Info, fast FastFunc[In], depth int, decode DecodeFunc[In], fn func(context.Context, In) (Out, error), encode func(*Encoder, Out)) runtime.InvokableTool {
	return &funcTool[In, Out]{info: info, fast: fast, depth: depth, decode: decode, fn: fn, encode: encode}
}

// funcTool is the tool NewFunc returns.
type funcTool[In, Out any] struct {
	info   *runtime.Info
	fast   FastFunc[In]
	depth  int
	decode DecodeFunc[In]
	fn     func(context.Context, In) (Out, error)
	encode func(*Encoder, Out)
}

func (t *funcTool[In, Out]) Info() *runtime.Info { return t.info }

func (t *funcTool[In, Out]) Invoke(ctx context.Context, args json.RawMessage) (runtime.Result, error) {
	return t.Call(ctx, nil, args, nil)
}

// Call is Invoke with the settings of the registry that runs the call.
func (t *funcTool[In, Out]) Call(ctx context.Context, s *runtime.Settings, args json.RawMessage, _ func(runtime.Chunk)) (runtime.Result, error) {
	var in In
	var strs Strings
	if t.fast == nil || !fastDecode(s, args, &in, &strs, t.fast, t.depth) {
		// Not the common case: decode again, saying what is wrong.
		in = *new(In)
		var d Decoder
		d.BeginCall(s, t.info, args)
		t.decode(&d, &in)
		if res, ok := d.EndCall(); !ok {
			return res, nil
		}
	}
	if t.info.Confirm {
		if res, ok, err := Approve(ctx, s, t.info, args); !ok {
			return res, err
		}
	}
	return RunEncoded(ctx, s, t.info, in, t.fn, t.encode)
}

// fastDecode runs the fast path fast over args, and reports whether it
// decoded all of them within the limits of s.
func fastDecode[In any](s *runtime.Settings, args []byte, in *In, strs *Strings, fast FastFunc[In], depth int) bool {
	end, ok := Fast(s, args, in, strs, fast)
	return ok && FastDone(s, args, end, depth)
}
