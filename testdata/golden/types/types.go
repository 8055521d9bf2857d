// Package types covers the type families: embedded structs, the json
// "string" option, types that decode themselves, string-keyed maps of
// named keys, generic instantiations, aliases and durations.
package types

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/netip"
	"strings"
	"time"
)

// Base is embedded by value.
type Base struct {
	ID   string `json:"id"`
	Note string `json:"note,omitempty"`
}

// Audit is embedded by pointer.
type Audit struct {
	By string `json:"by,omitempty"`
}

// Named is embedded with a json name, so it is not promoted.
type Named struct {
	X int `json:"x"`
}

// Rank is a place in a list.
type Rank int

// The ranks.
const (
	// First is the top.
	First Rank = 1
	// Second is next.
	Second Rank = 2
)

// Level decodes itself from text.
type Level int

// UnmarshalText reads "low" or "high".
func (l *Level) UnmarshalText(b []byte) error {
	switch string(b) {
	case "low":
		*l = 1
	case "high":
		*l = 2
	default:
		return fmt.Errorf("want low or high")
	}
	return nil
}

// Money decodes itself from JSON: a string like "12.50 EUR".
type Money struct {
	Amount   string
	Currency string
}

// UnmarshalJSON reads "AMOUNT CURRENCY".
func (m *Money) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	amount, currency, ok := strings.Cut(s, " ")
	if !ok {
		return fmt.Errorf("want \"AMOUNT CURRENCY\", got %s", b)
	}
	m.Amount, m.Currency = amount, currency
	return nil
}

// Key is a named string map key.
type Key string

// Pair is generic.
type Pair[T any] struct {
	First  T `json:"first"`
	Second T `json:"second"`
}

// Alias is a type alias.
type Alias = Base

// Order uses every family.
type Order struct {
	Base
	*Audit
	Named `json:"named"`
	Note  string            `json:"note,omitempty"` // hides Base.Note
	Count int               `json:"count,string"`
	Ratio float64           `json:"ratio,omitempty,string" jsonschema:"minimum=0"`
	On    bool              `json:"on,omitempty,string"`
	Rank  Rank              `json:"rank,omitempty,string"`
	Level Level             `json:"level"`
	Addr  netip.Addr        `json:"addr,omitempty"`
	Price Money             `json:"price" jsonschema:"type=string"`
	Stock map[Key]uint64    `json:"stock,omitempty"`
	Pair  Pair[int]         `json:"pair"`
	Other *Alias            `json:"other,omitempty"`
	Wait  time.Duration     `json:"wait,omitempty"`
	Names Pair[string]      `json:"names,omitempty"`
	Extra map[string][]Base `json:"extra,omitempty"`
	Dash  string            `json:"-,"` // named "-", as encoding/json reads "-,"
	Meta  *json.RawMessage  `json:"meta,omitempty"`
	Hint  *any              `json:"hint,omitempty"`
	Big   *big.Int          `json:"big,omitempty"`   // a JSON number of any size
	Scale []*big.Float      `json:"scale,omitempty"` // text: "1.5"
	Sizes []*big.Int        `json:"sizes,omitempty"`
	// Maps behind pointers: nil leaves them unchanged.
	Labels *map[string]string `json:"labels,omitempty"`
	Attrs  *Attrs             `json:"attrs,omitempty"`
}

// Attrs is a named map.
type Attrs map[string]int

// Place places an order.
//
//tool:export omit=openai
func Place(ctx context.Context, o Order) (Order, error) { return o, nil }

// Totals is a result whose values encoding/json writes through their
// pointers' MarshalJSON.
type Totals struct {
	Sum *big.Int `json:"sum"`
	Max *big.Int `json:"max,omitempty"`
}

// Total adds a pair as a big integer.
//
//tool:export readonly
func Total(ctx context.Context, p Pair[int]) (Totals, error) {
	return Totals{Sum: big.NewInt(int64(p.First + p.Second))}, nil
}
