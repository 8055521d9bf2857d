// Package tools holds the tools the call benchmarks run: the weather and
// search examples' argument types behind functions that do no work, so that
// the benchmarks measure what each library does with the arguments, and
// tools in the shapes real tools have (struct results, plain parameters, a
// timeout) whose functions build their results from their arguments.
package tools

//go:generate go tool toolgen

import (
	"context"

	"github.com/toolgen-go/toolgen/examples/search"
	"github.com/toolgen-go/toolgen/examples/weather"
)

// Forecast takes the weather example's arguments.
//
//tool:export readonly
func Forecast(ctx context.Context, in weather.ForecastRequest) (string, error) { return in.City, nil }

// Search takes the search example's arguments.
//
//tool:export readonly
func Search(ctx context.Context, in search.SearchRequest) (string, error) { return in.Query, nil }

// OrderQuery asks for an order, as a get_order tool's arguments do.
type OrderQuery struct {
	// ID of the order.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=64"`
	// Quantity of items ordered.
	Quantity int `json:"quantity" jsonschema:"minimum=1,maximum=1000"`
	// Paid asks for paid orders only.
	Paid bool `json:"paid"`
}

// Order is an order, the result of a get_order tool.
type Order struct {
	ID    string `json:"id"`
	Total int    `json:"total"`
	Paid  bool   `json:"paid"`
}

// orderFor builds the Order for q, and fails once ctx has ended, as a function
// passing ctx to a database would.
func orderFor(ctx context.Context, q OrderQuery) (Order, error) {
	if err := ctx.Err(); err != nil {
		return Order{}, err
	}
	return Order{ID: q.ID, Total: q.Quantity * 250, Paid: q.Paid}, nil
}

// Lookup returns an order by its id.
//
//tool:export readonly
func Lookup(ctx context.Context, in OrderQuery) (Order, error) { return orderFor(ctx, in) }

// LookupTimeout returns an order by its id, within five seconds.
//
//tool:export lookup_timeout timeout=5s readonly
func LookupTimeout(ctx context.Context, in OrderQuery) (Order, error) { return orderFor(ctx, in) }

// IgnoreCtx returns an order by its id, within five seconds; it never looks
// at its context, so the deadline is all overhead.
//
//tool:export ignore_ctx timeout=5s readonly
func IgnoreCtx(_ context.Context, in OrderQuery) (Order, error) {
	return Order{ID: in.ID, Total: in.Quantity * 250, Paid: in.Paid}, nil
}

// WeekQuery asks for a week's forecast.
type WeekQuery struct {
	// City to forecast.
	City string `json:"city" jsonschema:"minLength=1,maxLength=80"`
	// Start is the first day, as YYYY-MM-DD.
	Start string `json:"start" jsonschema:"minLength=10,maxLength=10"`
}

// WeekForecast is a city's weather for seven days.
type WeekForecast struct {
	City string `json:"city"`
	Days []Day  `json:"days"`
}

// Day is the weather of one day.
type Day struct {
	Date    string  `json:"date"`
	High    float64 `json:"high"`
	Low     float64 `json:"low"`
	Summary string  `json:"summary"`
}

var (
	weekDates     = [7]string{"2025-06-02", "2025-06-03", "2025-06-04", "2025-06-05", "2025-06-06", "2025-06-07", "2025-06-08"}
	weekSummaries = [7]string{"sunny", "cloudy", "light rain", "overcast", "sunny", "showers", "clear"}
)

// Week returns the weather of a city for the seven days from a date.
//
//tool:export readonly
func Week(ctx context.Context, in WeekQuery) (WeekForecast, error) {
	days := make([]Day, 7)
	for i := range days {
		days[i] = Day{Date: weekDates[i], High: 21.5 + float64(i), Low: 12.25 + float64(i), Summary: weekSummaries[i]}
	}
	days[0].Date = in.Start
	return WeekForecast{City: in.City, Days: days}, nil
}

// QuoteResult is the price of a quantity of a stock.
type QuoteResult struct {
	Symbol string  `json:"symbol"`
	Qty    int     `json:"qty"`
	Price  float64 `json:"price"`
}

// Quote returns the price of qty shares of a stock.
//
//tool:export readonly
//tool:param symbol The stock's ticker symbol.
//tool:param qty How many shares.
func Quote(ctx context.Context, symbol string, qty int) (QuoteResult, error) {
	return QuoteResult{Symbol: symbol, Qty: qty, Price: float64(qty) * 12.5}, nil
}
