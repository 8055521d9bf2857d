// Package samename uses two recursive types named Item from two packages:
// their $defs never collide.
package samename

import (
	"context"

	"github.com/toolgen-go/toolgen/testdata/golden/samename/a"
	"github.com/toolgen-go/toolgen/testdata/golden/samename/b"
)

// Labels is keyed by a type that decodes itself from text.
type Labels map[Lang]string

// Lang is a language code.
type Lang struct{ code string }

// UnmarshalText accepts two-letter codes.
func (l *Lang) UnmarshalText(b []byte) error {
	if len(b) != 2 {
		return errLang
	}
	l.code = string(b)
	return nil
}

// Board holds both.
type Board struct {
	Task    a.Item `json:"task"`
	Comment b.Item `json:"comment"`
	Labels  Labels `json:"labels,omitempty"`
}

// Post posts to the board.
//
//tool:export omit=gemini,openai
func Post(ctx context.Context, in Board) (int, error) {
	return len(in.Task.Sub) + len(in.Comment.Replies), nil
}
