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

// Labeled is a tree whose nodes hold a value of one type: each of its
// instances is a type of its own, with $defs of its own.
type Labeled[T any] struct {
	Value T            `json:"value"`
	Kids  []Labeled[T] `json:"kids,omitempty"`
}

// Pair holds two trees with values of different types.
type Pair struct {
	Counts Labeled[int]    `json:"counts"`
	Names  Labeled[string] `json:"names"`
}

// Sum adds up the counts of one tree and counts the names of the other.
//
//tool:export omit=gemini
func Sum(p Pair) (int, error) { return sum(p.Counts) + len(p.Names.Kids), nil }

func sum(l Labeled[int]) int {
	n := l.Value
	for _, k := range l.Kids {
		n += sum(k)
	}
	return n
}

// Branch is a node of a forest whose children are a named slice: the
// cycle goes through a struct.
type Branch struct {
	Name     string `json:"name"`
	Children Forest `json:"children,omitempty"`
}

// Forest is a list of branches.
type Forest []Branch

// Walk counts the branches of a forest.
//
//tool:export omit=gemini
//tool:param forest The branches.
func Walk(forest Forest) (int, error) {
	n := len(forest)
	for _, b := range forest {
		k, _ := Walk(b.Children)
		n += k
	}
	return n, nil
}

// Prune returns the root of a tree without its parent, a recursive struct
// by value: its output schema is an object at its root, beside the $ref.
//
//tool:export omit=gemini readonly
func Prune(t Tree) (Node, error) {
	t.Root.Parent = nil
	return t.Root, nil
}

// Grove is a tree whose children are kept by name, as values: a value
// that held itself would do so through copies.
type Grove struct {
	Name string           `json:"name"`
	Kids map[string]Grove `json:"kids,omitempty"`
}

// Plant returns a grove of one tree per node of a tree.
//
//tool:export omit=gemini readonly
func Plant(t Tree) (Grove, error) {
	return Grove{Name: t.Root.Name, Kids: map[string]Grove{}}, nil
}
