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

// Unterminated has a quote that does not end.
//
//tool:export title="Get the weather
func Unterminated(ctx context.Context, in In) error { return nil }

// EmptyTitle has an empty title.
//
//tool:export title="" readonly
func EmptyTitle(ctx context.Context, in In) error { return nil }

// Glued has text after a quoted value.
//
//tool:export title="Get"weather readonly
func Glued(ctx context.Context, in In) error { return nil }

// StrayQuote has a quote that starts no value.
//
//tool:export "stray" readonly
func StrayQuote(ctx context.Context, in In) error { return nil }

// ReadOnlyConfirm contradicts itself.
//
//tool:export readonly confirm
func ReadOnlyConfirm(ctx context.Context, in In) error { return nil }

// ReadOnlyDestructive contradicts itself.
//
//tool:export destructive readonly
func ReadOnlyDestructive(ctx context.Context, in In) error { return nil }

// BadHint gives a hint a value it cannot take.
//
//tool:export destructive=maybe openworld=no idempotent=1
func BadHint(ctx context.Context, in In) error { return nil }
