// Package nested uses nested structs, pointers, slices, arrays, maps and
// the special types.
package nested

import (
	"context"
	"encoding/json"
	"time"
)

// Point is a location.
type Point struct {
	Lat float64 `json:"lat" jsonschema:"minimum=-90,maximum=90"`
	Lon float64 `json:"lon" jsonschema:"minimum=-180,maximum=180"`
}

// Route is a trip.
type Route struct {
	From    Point             `json:"from"`
	To      *Point            `json:"to,omitempty"`
	Stops   []Point           `json:"stops,omitempty" jsonschema:"maxItems=5"`
	Box     [2]Point          `json:"box,omitempty"`
	Corners *[2]Point         `json:"corners,omitempty"`
	Rows    []*[2]int         `json:"rows,omitempty"`
	Matrix  [][]int8          `json:"matrix,omitempty"`
	Labels  map[string]string `json:"labels,omitempty"`
	Depart  time.Time         `json:"depart"`
	Since   time.Time         `json:"since,omitempty" jsonschema:"default=2024-01-01T09:30:00+02:00"`
	Payload []byte            `json:"payload,omitempty"`
	Extra   any               `json:"extra,omitempty"`
	Raw     json.RawMessage   `json:"raw,omitempty"`
	Limit   *uint16           `json:"limit,omitempty" jsonschema:"default=10"`
	Inline  struct {
		Mode string `json:"mode"`
	} `json:"inline"`
	skipped string
	Ignored string `json:"-"`
}

// Plan plans a route.
//
//tool:export omit=openai
func Plan(ctx context.Context, r Route) (Route, error) { return r, nil }
