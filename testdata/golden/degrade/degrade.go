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
