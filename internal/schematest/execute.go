package schematest

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/runtime"
)

// Unchecked is what a Target's Decode returns for a document it accepted
// but whose decoded value it cannot show (a tool whose result is not its
// input): Check then compares acceptance only.
type Unchecked struct{}

// ToolFailure is the error of a Target whose tool failed for another
// reason than its arguments (a Go error from Execute, a failed result that
// is not about the arguments): always a failure.
type ToolFailure struct{ msg string }

func (e *ToolFailure) Error() string { return e.msg }

// TargetFor returns the Target of the tool name of reg, called as a program
// calls it, through Registry.Execute. T is the tool's argument type (for a
// tool with plain parameters, a struct with one field of each, under the
// same JSON names): encoding/json decodes each document into a new T for
// comparison. The tool must return its decoded arguments, as a T or a *T,
// for Check to compare them; where it returns something else, Check
// compares acceptance only.
//
// A result with Success false whose Error starts with "invalid arguments"
// is a rejection; any other failure, and any Go error, is a *ToolFailure.
func TargetFor[T any](reg *runtime.Registry, name string) Target {
	return Target{
		Decode: func(args []byte) (any, error) {
			res, err := reg.Execute(context.Background(), name, args)
			if err != nil {
				return nil, &ToolFailure{fmt.Sprintf("Execute returned an error: %v", err)}
			}
			if !res.Success {
				if strings.HasPrefix(res.Error, "invalid arguments") {
					return nil, errors.New(res.Error)
				}
				return nil, &ToolFailure{fmt.Sprintf("the tool failed: %s (%v)", res.Error, res.Err)}
			}
			switch v := res.Data.(type) {
			case T:
				return &v, nil
			case *T:
				if v == nil {
					return nil, &ToolFailure{"the tool returned a nil pointer"}
				}
				return v, nil
			}
			return Unchecked{}, nil
		},
		New: func() any { return new(T) },
	}
}
