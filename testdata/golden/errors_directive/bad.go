package bad

import "context"

// In is input.
type In struct {
	A string `json:"a"`
}

// Spaced has a space in its directive.
//
// tool:export
func Spaced(ctx context.Context, in In) error { return nil }

// Capital uses a capital letter.
//
// tool:Export
func Capital(ctx context.Context, in In) error { return nil }

// BadOptions has bad options.
//
//tool:export bad.name timeout=soon retries=-1 colour=red confirm=yes cache=1m
func BadOptions(ctx context.Context, in In) error { return nil }

//tool:export
func NoDoc(ctx context.Context, in In) error { return nil }

// OnAType is not a function.
//
//tool:export
type OnAType struct{}

// Orphan has a param directive without export.
//
//tool:param a The a.
func Orphan(a string) error { return nil }

// WrongParam names a parameter that does not exist.
//
//tool:export
//tool:param b The b.
func WrongParam(a string) error { return nil }

// Dup is one tool.
//
//tool:export same
func Dup(ctx context.Context, in In) error { return nil }

// Dup2 has the same name.
//
//tool:export same
func Dup2(ctx context.Context, in In) error { return nil }
