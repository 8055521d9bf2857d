package runtime

import (
	"context"

	"github.com/toolgen-go/toolgen/runtime/internal/session"
)

// WithSession returns a context that carries session values for the tool
// calls made with it: the current user, tenant or transaction, which a
// tool takes as a typed parameter its directive names (session=NAME) and
// the model never sees. A tool gets the value whose dynamic type is
// exactly its parameter's type; where several have that type, the one
// given last, so an inner WithSession overrides an outer one. A nil
// without a type is ignored; a typed nil (a nil *Account) is a value.
//
// A call whose context carries no value of the type a tool needs does not
// run: its Result has Success false, an Error that tells the model only
// that an internal error happened, and an Err that names the missing
// type, for the program to log.
//
// Session values are per call, which is why they travel in the context:
// a registry's own settings never do.
func WithSession(ctx context.Context, values ...any) context.Context {
	return session.With(ctx, values)
}
