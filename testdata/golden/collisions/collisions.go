// Package collisions declares names that generated code would otherwise
// use, to show they never collide.
package collisions

import "context"

var (
	json          = "a package-level json"
	runtime       = 1
	decodeArgs    = 2
	searchInfo    = 3
	d, v          = 4, 5
	hasQuery      = true
	newSearchTool = 6
)

// Args are the arguments.
type Args struct {
	Query string `json:"query"`
}

// Search searches.
//
//tool:export
func Search(ctx context.Context, a Args) (string, error) { return a.Query, nil }
