// Package annotations has tools with titles and behaviour hints.
package annotations

import "context"

// Query is a lookup.
type Query struct {
	ID string `json:"id"`
}

// Lookup finds a record.
//
//tool:export title="Look up a \"record\"" readonly idempotent openworld=false
func Lookup(ctx context.Context, q Query) (string, error) { return q.ID, nil }

// Delete removes a record.
//
//tool:export confirm idempotent title=Delete
func Delete(ctx context.Context, q Query) error { return nil }

// Append adds a line to a log that is kept elsewhere.
//
//tool:export confirm destructive=false openworld
func Append(ctx context.Context, q Query) error { return nil }

// Overwrite replaces a record, asking no one.
//
//tool:export destructive
func Overwrite(ctx context.Context, q Query) error { return nil }

// Unsaid says nothing of what it does to the world.
//
//tool:export
func Unsaid(ctx context.Context, q Query) error { return nil }
