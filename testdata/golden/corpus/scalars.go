package corpus

import (
	"context"
	"time"
)

// This file: numbers of every size, times, arrays and generics.

// SensorReading is one measurement.
type SensorReading struct {
	Channel  int8    `json:"channel"`
	Port     uint16  `json:"port"`
	Sequence int64   `json:"sequence"`
	Value    float32 `json:"value"`
	Offset   int32   `json:"offset,omitempty"`
	Count    uint64  `json:"count,omitempty"`
	Scale    float64 `json:"scale,omitempty"`
	Raw      uint    `json:"raw,omitempty"`
}

// RecordReading stores a sensor reading.
//
//tool:export
func RecordReading(ctx context.Context, in SensorReading) (SensorReading, error) { return in, nil }

// TimerInput sets a ticker.
type TimerInput struct {
	// DelayMS to wait before each tick, in milliseconds
	DelayMS int `json:"delay_ms" jsonschema:"minimum=0,maximum=60000"`
	// Timeout stops the ticker after that long.
	Timeout time.Duration `json:"timeout,omitempty"`
	// Grace to wait after the last tick, at most an hour.
	Grace time.Duration `json:"grace,omitempty" jsonschema:"minimum=0,maximum=3600000000000"`
	// StartAt is when the first tick fires.
	StartAt time.Time `json:"start_at"`
	// EndAt is optional.
	EndAt *time.Time `json:"end_at,omitempty"`
}

// StartTimer starts a ticker.
//
//tool:export
func StartTimer(ctx context.Context, in TimerInput) (TimerInput, error) { return in, nil }

// BoxInput is a 3D box.
type BoxInput struct {
	Origin [3]float64 `json:"origin"`
	Size   [3]float64 `json:"size"`
	Colour [4]uint8   `json:"rgba,omitempty"`
	Labels [2]string  `json:"labels,omitempty"`
}

// DrawBox draws a box in the scene.
//
//tool:export
func DrawBox(ctx context.Context, in BoxInput) (BoxInput, error) { return in, nil }

// Page is a generic page of items.
type Page[T any] struct {
	Items []T    `json:"items"`
	Next  string `json:"next,omitempty"`
	Total int    `json:"total"`
}

// OrderLine is a line of an order.
type OrderLine struct {
	SKU      string `json:"sku"`
	Quantity uint16 `json:"qty"`
}

// Pair is a generic pair.
type Pair[K comparable, V any] struct {
	Key   K `json:"key"`
	Value V `json:"value"`
}

// ImportOrders imports a page of order lines.
//
//tool:export
func ImportOrders(ctx context.Context, in Page[OrderLine]) (Page[OrderLine], error) { return in, nil }

// TagInput labels items with pairs.
type TagInput struct {
	Lines  Page[OrderLine]       `json:"lines"`
	Pairs  []Pair[string, int64] `json:"pairs,omitempty"`
	Weight Pair[string, float32] `json:"weight"`
}

// TagItems attaches tags to the lines of an order.
//
//tool:export
func TagItems(ctx context.Context, in TagInput) (TagInput, error) { return in, nil }

// RateLimit configures a limiter.
type RateLimit struct {
	Burst     int16         `json:"burst" jsonschema:"minimum=1"`
	PerSecond float32       `json:"per_second" jsonschema:"exclusiveMinimum=0"`
	Fill      float32       `json:"fill,omitempty" jsonschema:"multipleOf=0.01,maximum=0.3"`
	Window    time.Duration `json:"window"`
	Bytes     []byte        `json:"bytes,omitempty"`
}

// SetRateLimit sets the request rate limit.
//
//tool:export
func SetRateLimit(ctx context.Context, in RateLimit) (RateLimit, error) { return in, nil }
