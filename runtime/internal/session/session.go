// Package session holds the session values of a call in its context, for
// runtime.WithSession to store and toolimpl.Session to find: the two
// packages share the context key here, and neither exposes it.
package session

import "context"

// key is the context key of a call's session values.
type key struct{}

// values are the session values of a context, latest last.
type values struct{ list []any }

// With returns ctx carrying vals after the values it already carries.
// Untyped nils are dropped: they have no type to be found by.
func With(ctx context.Context, vals []any) context.Context {
	prev := From(ctx)
	list := make([]any, 0, len(prev)+len(vals))
	list = append(list, prev...)
	for _, v := range vals {
		if v != nil {
			list = append(list, v)
		}
	}
	return context.WithValue(ctx, key{}, &values{list})
}

// From returns the session values ctx carries, latest last. It does not
// allocate.
func From(ctx context.Context) []any {
	if v, ok := ctx.Value(key{}).(*values); ok {
		return v.list
	}
	return nil
}
