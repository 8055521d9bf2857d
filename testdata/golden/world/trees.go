package world

import (
	"context"

	"github.com/toolgen-go/toolgen/testdata/golden/world/common"
)

// This file: recursive types as knowledge-graph and document servers
// declare them: a generic tree, instantiated with a type of another
// package, recursion through a map and through an alias, and two types
// of one name from two packages in one argument.

// Tree is a generic tree.
type Tree[T any] struct {
	Value    T         `json:"value"`
	Children []Tree[T] `json:"children,omitempty"`
}

// Section is a document section; its subsections are keyed by title.
type Section struct {
	Title string              `json:"title"`
	Subs  map[string]*Section `json:"subs,omitempty"`
	Next  *SectionRef         `json:"next,omitempty"`
}

// SectionRef is an alias that closes a cycle.
type SectionRef = Section

// GraphInput holds trees and sections.
type GraphInput struct {
	Labels  Tree[common.Label]   `json:"labels"`
	Counts  *Tree[int]           `json:"counts,omitempty"`
	Outline []Section            `json:"outline,omitempty"`
	Mine    Filter               `json:"mine"`
	Theirs  common.Filter        `json:"theirs"`
	Both    []Pair[Filter, bool] `json:"both,omitempty"`
}

// ImportGraph imports labeled trees and an outline.
//
//tool:export idempotent
func (r *Records) ImportGraph(ctx context.Context, in GraphInput) (GraphInput, error) {
	return in, nil
}
