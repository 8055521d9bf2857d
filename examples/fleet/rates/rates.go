// Package rates is the tool of the fleet demo: an exchange rate looked up
// from a slow upstream service, which each replica of the fleet calls
// through its own Upstream, and whose results are worth keeping.
package rates

//go:generate go tool toolgen

import (
	"context"
	"errors"
	"hash/fnv"
	"math"
	"sync/atomic"
	"time"
)

// Upstream stands for the service that knows the rates: each lookup takes
// Delay, and Lookups counts them.
type Upstream struct {
	Delay   time.Duration
	lookups atomic.Int64
}

// Lookups returns how many lookups u has made.
func (u *Upstream) Lookups() int64 { return u.lookups.Load() }

// RateRequest names a currency pair and a day.
type RateRequest struct {
	From string `json:"from" jsonschema:"pattern=^[A-Z]{3}$"` // ISO 4217 code of the currency to convert from, e.g. EUR.
	To   string `json:"to" jsonschema:"pattern=^[A-Z]{3}$"`   // ISO 4217 code of the currency to convert to, e.g. USD.
	Day  string `json:"day" jsonschema:"format=date"`         // The day of the rate, as 2026-11-27.
}

// Rate is the price of one unit of From in To on Day.
type Rate struct {
	From string  `json:"from"`
	To   string  `json:"to"`
	Day  string  `json:"day"`
	Rate float64 `json:"rate"`
}

// ExchangeRate returns the reference exchange rate of a currency pair on
// a day. Rates of past days do not change.
//
//tool:export exchange_rate timeout=5s cache=10m readonly openworld
func (u *Upstream) ExchangeRate(ctx context.Context, in RateRequest) (*Rate, error) {
	if in.From == in.To {
		return nil, errors.New("from and to are the same currency")
	}
	u.lookups.Add(1)
	t := time.NewTimer(u.Delay)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	// A made-up rate, the same for the same request on every replica.
	h := fnv.New64a()
	h.Write([]byte(in.From + in.To + in.Day))
	rate := 0.5 + float64(h.Sum64()%15000)/10000
	return &Rate{From: in.From, To: in.To, Day: in.Day, Rate: math.Round(rate*10000) / 10000}, nil
}
