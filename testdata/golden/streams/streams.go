// Package streams has tools that stream their results.
package streams

import (
	"context"
	"iter"
	"strings"

	"github.com/toolgen-go/toolgen/runtime"
)

// Spell yields the letters of a word, one chunk each.
//
//tool:export
//tool:param word The word to spell.
func Spell(ctx context.Context, word string) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		for _, r := range word {
			if r == '!' {
				yield("", runtime.Fail("cannot spell !"))
				return
			}
			if !yield(string(r), nil) {
				return
			}
		}
	}
}

// Progress is one step of a job.
type Progress struct {
	Step int    `json:"step"`
	Note string `json:"note,omitempty"`
}

// Job is a long job.
type Job struct {
	// Steps is how many steps the job takes.
	Steps int `json:"steps" jsonschema:"minimum=1,maximum=10"`
}

// Runner runs jobs.
type Runner struct {
	Prefix string
}

// Run runs a job, reporting each step as it is done.
//
//tool:export run_job confirm
func (r *Runner) Run(ctx context.Context, job Job) iter.Seq2[Progress, error] {
	return func(yield func(Progress, error) bool) {
		for i := range job.Steps {
			if !yield(Progress{Step: i + 1, Note: strings.Repeat(r.Prefix, i)}, nil) {
				return
			}
		}
	}
}

// Token is a piece of generated text.
type Token string

// Words yields the words of a text as tokens, and the rest of it after a
// failure: it does not look at what yield returns, a common mistake, which
// must not turn its failure into a panic.
//
//tool:export
//tool:param text The text to split.
func Words(ctx context.Context, text string) iter.Seq2[Token, error] {
	return func(yield func(Token, error) bool) {
		for w := range strings.FieldsSeq(text) {
			if w == "!" {
				yield("", runtime.Fail("cannot say !"))
				continue
			}
			yield(Token(w+" "), nil)
		}
	}
}
