// Package degrade has tools that some dialects cannot express: they are
// generated all the same, and go to those providers in their non-strict
// form, with their standard schema.
package degrade

import "context"

// Node is recursive: Gemini, which has no $ref, cannot express it.
type Node struct {
	Name string `json:"name"`
	Next *Node  `json:"next,omitempty"`
}

// In has what some dialects cannot express.
type In struct {
	// Labels cannot be expressed in OpenAI strict mode.
	Labels map[string]int `json:"labels"`
	// Any cannot be expressed in OpenAI strict mode either.
	Any  any  `json:"any"`
	Tree Node `json:"tree"`
}

// Use uses In: it degrades in OpenAI, Gemini and Anthropic.
//
//tool:export readonly
func Use(ctx context.Context, in In) (int, error) {
	n := len(in.Labels)
	for p := &in.Tree; p != nil; p = p.Next {
		n++
	}
	return n, nil
}

// Tag tags a thing with free-form labels: it degrades in OpenAI and
// Anthropic, whose strict modes have no maps.
//
//tool:export readonly
func Tag(ctx context.Context, id string, labels map[string]string) error { return nil }

// Walk walks a list, but is left out of OpenAI, so it degrades in Gemini
// only.
//
//tool:export omit=openai readonly
func Walk(ctx context.Context, head Node) (string, error) { return head.Name, nil }

// Plain has nothing a dialect cannot express: it does not degrade.
//
//tool:export readonly
func Plain(ctx context.Context, name string) (string, error) { return name, nil }

// Level1 is level 1 of a deep tree.
type Level1 struct {
	// Next is the level below.
	Next *Level2 `json:"next,omitempty"`
}

// Level2 is level 2 of a deep tree.
type Level2 struct {
	// Next is the level below.
	Next *Level3 `json:"next,omitempty"`
}

// Level3 is level 3 of a deep tree.
type Level3 struct {
	// Next is the level below.
	Next *Level4 `json:"next,omitempty"`
}

// Level4 is level 4 of a deep tree.
type Level4 struct {
	// Next is the level below.
	Next *Level5 `json:"next,omitempty"`
}

// Level5 is level 5 of a deep tree.
type Level5 struct {
	// Next is the level below.
	Next *Level6 `json:"next,omitempty"`
}

// Level6 is level 6 of a deep tree.
type Level6 struct {
	// Next is the level below.
	Next *Level7 `json:"next,omitempty"`
}

// Level7 is level 7 of a deep tree.
type Level7 struct {
	// Next is the level below.
	Next *Level8 `json:"next,omitempty"`
}

// Level8 is level 8 of a deep tree.
type Level8 struct {
	// Next is the level below.
	Next *Level9 `json:"next,omitempty"`
}

// Level9 is level 9 of a deep tree.
type Level9 struct {
	// Next is the level below.
	Next *Level10 `json:"next,omitempty"`
}

// Level10 is level 10 of a deep tree.
type Level10 struct {
	// Next is the level below.
	Next *Level11 `json:"next,omitempty"`
}

// Level11 is level 11 of a deep tree.
type Level11 struct {
	// Leaf is the value at the bottom.
	Leaf int `json:"leaf"`
}

// Descend reads a tree eleven levels deep, past the ten that OpenAI's
// strict mode takes: it degrades in OpenAI only.
//
//tool:export readonly
func Descend(ctx context.Context, top Level1) (int, error) { return 0, nil }
