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

// Account is a session value.
type Account struct{ ID string }

// SessionNoParam names a parameter it does not have.
//
//tool:export readonly session=user
func SessionNoParam(ctx context.Context, account *Account) (string, error) { return "", nil }

// SessionNotFirst has its session parameter after an argument.
//
//tool:export readonly session=user
func SessionNotFirst(ctx context.Context, city string, user *Account) (string, error) { return "", nil }

// SessionInterface takes an interface as its session value.
//
//tool:export readonly session=user
func SessionInterface(ctx context.Context, user interface{ Name() string }, city string) (string, error) {
	return "", nil
}

// SessionDescribed describes its session parameter to the model.
//
//tool:export readonly session=user
//tool:param user The user.
//tool:param city The city.
func SessionDescribed(ctx context.Context, user *Account, city string) (string, error) {
	return "", nil
}

// SessionCached caches what depends on the session.
//
//tool:export readonly cache=1m session=user
func SessionCached(ctx context.Context, user *Account, city string) (string, error) { return "", nil }

// SessionNoName gives session no parameter name.
//
//tool:export readonly session=
func SessionNoName(ctx context.Context, user *Account, city string) (string, error) { return "", nil }
