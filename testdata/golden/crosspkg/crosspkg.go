// Package crosspkg uses types from another package whose name differs from
// its path.
package crosspkg

import (
	"context"

	"github.com/toolgen-go/toolgen/testdata/golden/crosspkg/geo/v2"
)

// Trip is a pair of places.
type Trip struct {
	From geo.Place   `json:"from"`
	To   []geo.Place `json:"to"`
}

// Distance measures a trip.
//
//tool:export
func Distance(ctx context.Context, t Trip) (float64, error) { return 1, nil }

// Nearest finds the nearest place.
//
//tool:export
func Nearest(ctx context.Context, p *geo.Place) (geo.Place, error) { return *p, nil }

// Locate lists the places around a point.
//
//tool:export
func Locate(ctx context.Context, q geo.Query) ([]geo.Place, error) { return nil, nil }

// Visits lists the visits of a trip.
//
//tool:export
func Visits(ctx context.Context) ([]geo.Visit, error) {
	return []geo.Visit{geo.NewVisit("Lyon", 1), geo.NewVisit("Nice", 2)}, nil
}

// Logs lists logs.
//
//tool:export
func Logs(ctx context.Context) ([]geo.Log, error) {
	return []geo.Log{geo.NewLog("a", 0), geo.NewLog("b", 2)}, nil
}

// LastEntry returns the last entry, of a type unexported but for an alias.
//
//tool:export
func LastEntry(ctx context.Context) (*geo.Entry, error) { return &geo.Entry{Msg: "c"}, nil }
