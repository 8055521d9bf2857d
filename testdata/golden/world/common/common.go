// Package common holds request pieces that several tool packages embed,
// as an api package of a server would.
package common

import "time"

// Pagination selects one page of a listing.
type Pagination struct {
	// Page is the 1-based page number.
	Page int `json:"page,omitempty" jsonschema:"minimum=1,default=1"`
	// PerPage is how many items a page holds.
	PerPage int `json:"perPage,omitempty" jsonschema:"minimum=1,maximum=100,default=20"`
}

// TimeRange bounds a query in time.
type TimeRange struct {
	From *time.Time `json:"from,omitempty" jsonschema:"description=Start of the range (RFC3339)"`
	To   *time.Time `json:"to,omitempty" jsonschema:"description=End of the range (RFC3339); defaults to now"`
}

// Meta is request metadata shared by write tools.
type Meta struct {
	RequestID string `json:"requestId,omitempty"`
	DryRun    bool   `json:"dryRun,omitempty"`
}

// Paged is a generic page of items, embedded by list results and
// requests.
type Paged[T any] struct {
	Items []T  `json:"items,omitempty"`
	More  bool `json:"more,omitempty"`
}

// Filter is a filter of another package, named as world's own.
type Filter struct {
	Expr string `json:"expr"`
}

// Label is a key and value.
type Label struct {
	Key   string `json:"key"`
	Value string `json:"value,omitempty"`
}
