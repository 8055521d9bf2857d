package bad

import (
	"context"
	"iter"
)

// In is input.
type In struct {
	A string `json:"a"`
}

// NoError returns no error.
//
//tool:export
func NoError(ctx context.Context, in In) In { return in }

// CtxLast has its context last.
//
//tool:export
func CtxLast(in In, ctx context.Context) error { return nil }

// Generic is generic.
//
//tool:export
func Generic[T any](ctx context.Context, in T) error { return nil }

// Variadic is variadic.
//
//tool:export
func Variadic(ctx context.Context, xs ...string) error { return nil }

// Unnamed has unnamed parameters.
//
//tool:export
func Unnamed(context.Context, string) error { return nil }

// Stream streams.
//
//tool:export
func Stream(ctx context.Context, in In) (iter.Seq2[string, error], error) { return nil, nil }

// Func returns a function.
//
//tool:export
func Func(ctx context.Context, in In) (func(), error) { return nil, nil }

// TooMany returns three values.
//
//tool:export
func TooMany(ctx context.Context, in In) (In, In, error) { return in, in, nil }

// WrongSecond streams ints as its errors.
//
//tool:export
func WrongSecond(ctx context.Context, in In) iter.Seq2[string, int] { return nil }

// ChanChunks streams channels.
//
//tool:export
func ChanChunks(ctx context.Context, in In) iter.Seq2[chan int, error] { return nil }

// Retried streams and retries.
//
//tool:export retries=2
func Retried(ctx context.Context, in In) iter.Seq2[string, error] { return nil }
