package world

import (
	"context"

	"github.com/toolgen-go/toolgen/testdata/golden/world/common"
)

// This file: a catalog server with tags written as interpreted strings,
// descriptions holding newlines, tabs and backticks, property names
// outside Anthropic's pattern, and argument types that are aliases.

// Catalog lists products.
type Catalog struct{}

// ProductQuery filters products.
type ProductQuery struct {
	Text     string "json:\"text\" jsonschema:\"free text; wrap an exact phrase in `backticks`\""
	Status   string "json:\"filter[status],omitempty\" jsonschema:\"enum=active,enum=archived\""
	Select   string "json:\"$select,omitempty\" jsonschema:\"fields to return,\\ncomma-separated\\tin order\""
	Name     string `json:"名前,omitempty" jsonschema:"the product's name in Japanese"`
	Untagged string `json:",omitempty" jsonschema:"a field with options but no name"`
}

// SearchProducts searches the catalog.
//
//tool:export readonly
func (c *Catalog) SearchProducts(ctx context.Context, q ProductQuery) (ProductQuery, error) {
	return q, nil
}

// ToneFilter is a generic page request of tones.
type ToneFilter = PageArgs[Tone]

// FindByTone lists items of some tones.
//
//tool:export readonly
func (c *Catalog) FindByTone(ctx context.Context, in ToneFilter) (ToneFilter, error) {
	return in, nil
}

// Page is an alias of a struct of another package.
type Page = common.Pagination

// ListAll lists every product, a page at a time.
//
//tool:export readonly
func (c Catalog) ListAll(ctx context.Context, p *Page) (*Page, error) {
	return p, nil
}

// Window is a generic alias of a generic struct.
type Window[T comparable] = Pair[T, T]

// Between lists products whose price lies in a window.
//
//tool:export readonly
func (c Catalog) Between(ctx context.Context, w Window[float64]) (Window[float64], error) {
	return w, nil
}
