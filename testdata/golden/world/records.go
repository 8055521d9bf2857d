package world

import (
	"context"
	"encoding/json"
	"net/netip"
	"time"

	"github.com/toolgen-go/toolgen/testdata/golden/world/common"
)

// This file: a records service in the style of genkit and Eino tools with
// typed inputs: generic argument structs, aliases (generic ones too),
// named slices and maps, times, interfaces and embedding corners.

// Labels is a named list of labels.
type Labels []string

// Headers is a named map of HTTP headers.
type Headers map[string]string

// Tags is an alias of a slice.
type Tags = []string

// List is a generic alias.
type List[T any] = []T

// Pair is a generic struct.
type Pair[K comparable, V any] struct {
	Key   K `json:"key"`
	Value V `json:"value"`
}

// Filter narrows a search.
type Filter struct {
	Field string `json:"field" jsonschema:"enum=name,enum=owner,enum=created"`
	Value string `json:"value"`
}

// PageArgs is a generic page request: the filter type varies by tool.
type PageArgs[F any] struct {
	Filters []F    `json:"filters,omitempty" jsonschema:"description=Filters joined with AND"`
	Cursor  string `json:"cursor,omitempty"`
	common.Pagination
}

// Records stores records.
type Records struct{}

// FindRecords finds records with filters.
//
//tool:export readonly
func (r *Records) FindRecords(ctx context.Context, in PageArgs[Filter]) (PageArgs[Filter], error) {
	return in, nil
}

// RecordInput is one record to store.
type RecordInput struct {
	ID        int64                `json:"id,string" jsonschema:"description=Record ID (a decimal string)"`
	Labels    Labels               `json:"labels,omitempty" jsonschema:"uniqueItems,maxItems=10"`
	Tags      Tags                 `json:"tags,omitempty"`
	Aliases   List[string]         `json:"aliases,omitempty"`
	Headers   Headers              `json:"headers,omitempty"`
	Attrs     []Pair[string, int]  `json:"attrs,omitempty"`
	Payload   any                  `json:"payload,omitempty" jsonschema:"description=Any JSON value to attach"`
	Extra     interface{}          `json:"extra,omitempty"`
	Nested    [][]float64          `json:"nested,omitempty"`
	Point     [2]float64           `json:"point"`
	CreatedAt time.Time            `json:"createdAt"`
	UpdatedAt *time.Time           `json:"updatedAt,omitempty"`
	DeletedAt time.Time            `json:"deletedAt,omitzero"`
	TTL       time.Duration        `json:"ttl,omitempty" jsonschema:"minimum=0"`
	Source    netip.Addr           `json:"source,omitzero" jsonschema:"description=Client IP address,example=10.0.0.1"`
	Meta      map[string]any       `json:"meta,omitempty"`
	Raw       json.RawMessage      `json:"raw,omitempty"`
	Scores    map[string][]float32 `json:"scores,omitempty"`
	Priority  uint8                `json:"priority,omitempty"`
	Weight    float32              `json:"weight,omitempty" jsonschema:"exclusiveMinimum=0"`
}

// StoreRecord stores a record and returns it as stored.
//
//tool:export
func (r *Records) StoreRecord(ctx context.Context, in RecordInput) (*RecordInput, error) {
	return &in, nil
}

// Base has the fields every request has.
type Base struct {
	ID     string `json:"id"`
	Owner  string `json:"owner,omitempty"`
	Region string
}

// Audit has the fields of an audit trail.
type Audit struct {
	ID     string
	Reason string `json:"reason,omitempty"`
}

// Tenant names the tenant.
type Tenant struct {
	Region string
}

// MoveInput embeds structs whose fields collide: Base's "id" and Audit's
// "ID" are two keys, which encoding/json would match either way round;
// the outer Region hides the two embedded ones, which would otherwise
// hide each other.
type MoveInput struct {
	Base
	*Audit
	Tenant
	Region string `jsonschema:"where to move it"`
}

// MoveRecord moves a record to another region.
//
//tool:export confirm
func (r *Records) MoveRecord(ctx context.Context, in MoveInput) (MoveInput, error) {
	return in, nil
}

// Result is what a write tool answers.
type Result struct {
	OK      bool   `json:"ok"`
	Message string `json:"message,omitempty"`
	Count   int    `json:"count"`
}

// PurgeInput selects records to purge.
type PurgeInput struct {
	Before  time.Time `json:"before" jsonschema:"format=date-time,description=Purge records older than this"`
	Prefix  *string   `json:"prefix,omitempty" jsonschema:"nullable,minLength=1"`
	Confirm bool      `json:"confirm" jsonschema:"description=Must be true"`
}

// PurgeRecords deletes old records.
//
//tool:export confirm destructive
func (r Records) PurgeRecords(ctx context.Context, in PurgeInput) (*Result, error) {
	return &Result{OK: in.Confirm, Count: 1}, nil
}
