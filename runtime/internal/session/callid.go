package session

import "context"

// idKey is the context key of the ID of the call being made.
type idKey struct{}

// WithCallID returns ctx carrying the ID of the call being made, for the
// Approver of a tool marked confirm to see.
func WithCallID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, idKey{}, id)
}

// CallID returns the ID of the call ctx was made for, or "".
func CallID(ctx context.Context) string {
	id, _ := ctx.Value(idKey{}).(string)
	return id
}
