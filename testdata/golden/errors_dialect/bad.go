package bad

import "context"

// Node is recursive.
type Node struct {
	Next *Node `json:"next,omitempty"`
}

// In has what some dialects cannot express.
type In struct {
	Labels map[string]int `json:"labels"`
	Any    any            `json:"any"`
	Tree   Node           `json:"tree"`
}

// Use uses In.
//
//tool:export
func Use(ctx context.Context, in In) error { return nil }

// BadOmit names dialects that do not exist, or cannot be left out.
//
//tool:export omit=claude,standard
func BadOmit(ctx context.Context) error { return nil }
