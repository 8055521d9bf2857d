// Package recursive has a recursive type, which needs $defs.
package recursive

import "context"

// Node is a tree node.
type Node struct {
	Name     string  `json:"name"`
	Children []*Node `json:"children,omitempty"`
	Parent   *Node   `json:"parent,omitempty"`
}

// Tree is the argument.
type Tree struct {
	Root  Node   `json:"root"`
	Label string `json:"label,omitempty"`
}

// Count counts nodes.
//
//tool:export omit=gemini
func Count(ctx context.Context, t Tree) (int, error) { return count(&t.Root), nil }

func count(n *Node) int {
	c := 1
	for _, ch := range n.Children {
		c += count(ch)
	}
	return c
}
