package world

import (
	"context"
	"time"

	"github.com/toolgen-go/toolgen/testdata/golden/world/common"
)

// This file: embedding corners (a generic struct of another package, an
// alias, a named slice, a pointer with omitempty, a struct under a json
// name), fields encoding/json skips, and signatures with unnamed
// parameters and named results.

// MetaAlias is an alias of a struct of another package.
type MetaAlias = common.Meta

// Keywords is a named slice, embedded: a field named Keywords.
type Keywords []string

// BatchInput embeds what it can.
type BatchInput struct {
	common.Paged[Filter]
	MetaAlias
	Keywords
	*common.TimeRange `json:",omitempty"`
	Scope             common.Pagination `json:"scope"`
	Timeout           Dur               `json:"timeout,omitempty"`

	seen     map[string]bool
	Callback func(string)  `json:"-"`
	Done     chan struct{} `json:"-"`
}

// Dur is an alias of time.Duration.
type Dur = time.Duration

// RunBatch runs a batch of filters.
//
//tool:export idempotent
func (r *Records) RunBatch(_ context.Context, in BatchInput) (out BatchInput, err error) {
	_ = in.seen
	out.Paged, out.MetaAlias, out.Keywords, out.TimeRange, out.Scope, out.Timeout = in.Paged, in.MetaAlias, in.Keywords, in.TimeRange, in.Scope, in.Timeout
	return out, nil
}

// Version reports the server's version.
//
//tool:export readonly
func Version(context.Context) (string, error) { return "1.0", nil }
