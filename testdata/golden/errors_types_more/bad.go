package bad

import (
	"context"
	"unsafe"
)

// Point is a point on a map.
type Point struct{ X, Y int }

// In has map keys and machine types toolgen cannot read.
type In struct {
	Floats  map[float64]string `json:"floats"`
	Points  map[Point]string   `json:"points"`
	Address uintptr            `json:"address"`
	Raw     unsafe.Pointer     `json:"raw"`
}

// Use uses In.
//
//tool:export readonly
func Use(ctx context.Context, in In) error { return nil }

// Out has fields encoding/json cannot write.
type Out struct {
	Done    chan bool         `json:"done"`
	Next    func() Out        `json:"next"`
	ByPoint map[Point]int     `json:"by_point"`
	Flags   map[bool]string   `json:"flags"`
	Raw     unsafe.Pointer    `json:"raw"`
	Address uintptr           `json:"address"`
	ByCount map[int]string    `json:"by_count"`
	Deep    **int             `json:"deep"`
	Named   map[string]string `json:"named"`
}

// Get returns an Out.
//
//tool:export readonly
func Get(ctx context.Context) (Out, error) { return Out{}, nil }
