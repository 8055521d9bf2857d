// Package methods has method tools on two receivers, one by pointer and
// one by value.
package methods

import "context"

// Store holds orders.
type Store struct{ orders map[string]string }

// Clock tells the time.
type Clock struct{ Now string }

// Lookup is an order id.
type Lookup struct {
	ID string `json:"id"`
}

// Count counts the orders; its receiver is a Store, where the other
// methods' is a *Store: Tools takes one *Store for both.
//
//tool:export readonly
func (s Store) Count(ctx context.Context) (int, error) { return len(s.orders), nil }

// Order returns the status of an order.
//
//tool:export
func (s *Store) Order(ctx context.Context, in Lookup) (string, error) { return s.orders[in.ID], nil }

// Time returns the time.
//
//tool:export
func (c Clock) Time(ctx context.Context) (string, error) { return c.Now, nil }

// Cancel cancels an order.
//
//tool:export confirm
func (s *Store) Cancel(ctx context.Context, in Lookup) error { delete(s.orders, in.ID); return nil }
