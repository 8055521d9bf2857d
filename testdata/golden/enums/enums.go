// Package enums has enums from const groups, of strings and integers, and
// from tags.
package enums

import "context"

// Color is a color.
type Color string

// The colors.
const (
	Red   Color = "red"
	Green Color = "green"
	Blue  Color = "blue"
	// Crimson is another name for red.
	Crimson = Red
)

// Level is a numeric level.
type Level int

// The levels.
const (
	LevelOne Level = iota + 1
	LevelTwo
	LevelThree
)

// Brand is a paint brand; one constant is a default, not the brands there
// are.
type Brand string

// DefaultBrand is the brand used when none is asked for.
const DefaultBrand Brand = "acme"

// Coat is a set of coats, flags that combine: 3 is primer and base.
type Coat int

// The coats.
const (
	CoatPrimer Coat = 1 << iota
	CoatBase
	CoatTop
)

// Paint is a request.
type Paint struct {
	Color  Color  `json:"color"`
	Level  Level  `json:"level,omitempty" jsonschema:"default=2"`
	Finish string `json:"finish,omitempty" jsonschema:"enum=matte,enum=gloss"`
	Size   int    `json:"size,omitempty" jsonschema:"enum=1,enum=5,enum=10"`
	Accent *Color `json:"accent,omitempty" jsonschema:"default=blue"`
	// Brand of the paint; DefaultBrand when none is given.
	Brand Brand `json:"brand,omitempty"`
	Coats Coat  `json:"coats,omitempty"`
}

// PaintWall paints a wall.
//
//tool:export
func PaintWall(ctx context.Context, p Paint) (string, error) { return string(p.Color), nil }
