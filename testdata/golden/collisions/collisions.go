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

// Meta is metadata, embedded in Item.
type Meta struct {
	// Name shown to people.
	Name string `json:"display_name"`
}

// Item has two required fields named Name in Go: the embedded one's,
// which encoding/json writes as display_name, and its own.
type Item struct {
	Meta
	// Name is the item's key.
	Name string `json:"name"`
}

// Rename renames an item.
//
//tool:export
func Rename(ctx context.Context, it Item) (string, error) { return it.Name + it.Meta.Name, nil }
