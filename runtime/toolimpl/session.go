package toolimpl

import (
	"context"
	"fmt"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/internal/session"
)

// Session returns the session value of type T that ctx carries
// (runtime.WithSession), the one given last, and whether there is one. T
// is a tool's session parameter type, never an interface: the value's
// dynamic type must be T exactly. It does not allocate.
func Session[T any](ctx context.Context) (T, bool) {
	values := session.From(ctx)
	for i := len(values) - 1; i >= 0; i-- {
		if v, ok := values[i].(T); ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}

// MissingSession is the Result of a call of the tool whose context carries
// no session value of type T: the tool does not run. The model reads that
// an internal error happened; Err names the type for the program.
func MissingSession[T any](info *runtime.Info) runtime.Result {
	var zero T
	return runtime.Result{
		Error: "internal error: the tool could not be called",
		Err:   fmt.Errorf("tool %s needs a session value of type %T: pass one with runtime.WithSession(ctx, ...)", info.Name, zero),
	}
}
