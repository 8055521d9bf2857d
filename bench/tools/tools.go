// Package tools holds the tools the call benchmarks run: the weather and
// search examples' argument types behind functions that do no work, so that
// the benchmarks measure what each library does with the arguments.
package tools

//go:generate go tool toolgen

import (
	"context"

	"github.com/toolgen-go/toolgen/examples/search"
	"github.com/toolgen-go/toolgen/examples/weather"
)

// Forecast takes the weather example's arguments.
//
//tool:export
func Forecast(ctx context.Context, in weather.ForecastRequest) (string, error) { return in.City, nil }

// Search takes the search example's arguments.
//
//tool:export
func Search(ctx context.Context, in search.SearchRequest) (string, error) { return in.Query, nil }
