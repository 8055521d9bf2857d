package attacktest

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

// caller is what every generated tool has beside Invoke: a call with the
// settings of a registry.
type caller interface {
	Call(ctx context.Context, s *runtime.Settings, args json.RawMessage, emit func(runtime.Chunk)) (runtime.Result, error)
}

// newRegistry returns a registry of this package's tools, with the
// settings s (nil for the defaults).
func newRegistry(t testing.TB, nest *Nest, s *runtime.Settings) *runtime.Registry {
	t.Helper()
	if nest == nil {
		nest = &Nest{}
	}
	reg := runtime.NewRegistry(s)
	if err := reg.Register(Tools(nest)...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// tool returns the tool of this package named name.
func tool(t testing.TB, name string) runtime.Tool {
	t.Helper()
	for _, tl := range Tools(&Nest{}) {
		if tl.Info().Name == name {
			return tl
		}
	}
	t.Fatalf("no tool %s", name)
	return nil
}

// wantPanic checks that res is a failed Result whose Err is a
// *runtime.PanicError with a stack, and that err is nil.
func wantPanic(t *testing.T, where string, res *runtime.Result, err error) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: Go error %v, want nil", where, err)
	}
	if res == nil {
		t.Errorf("%s: nil Result", where)
		return
	}
	var p *runtime.PanicError
	switch {
	case res.Success:
		t.Errorf("%s: Success, want a failed Result: %+v", where, *res)
	case res.Error == "":
		t.Errorf("%s: empty Error", where)
	case !errors.As(res.Err, &p):
		t.Errorf("%s: Err %T %v, want a *runtime.PanicError (Error %q)", where, res.Err, res.Err, res.Error)
	case len(p.Stack) == 0:
		t.Errorf("%s: PanicError %v has no stack", where, p)
	case p.Value == nil:
		t.Errorf("%s: PanicError has no value", where)
	}
}

// wantBlame checks that the PanicError of res blames the approver if
// approver is set, and the tool otherwise, in its field and its text.
func wantBlame(t *testing.T, where string, res *runtime.Result, approver bool) {
	t.Helper()
	var p *runtime.PanicError
	if res == nil || !errors.As(res.Err, &p) {
		return // wantPanic says so
	}
	if prefix := "the approver of tool "; p.Approver != approver || strings.HasPrefix(p.Error(), prefix) != approver {
		t.Errorf("%s: PanicError %q, Approver %v; want the approver blamed: %v", where, p.Error(), p.Approver, approver)
	}
}
