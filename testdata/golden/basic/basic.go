// Package basic has one tool of the canonical shape, using each common
// jsonschema tag keyword.
package basic

import "context"

// BookingRequest asks for a table.
type BookingRequest struct {
	Name   string   `json:"name" jsonschema:"description=Name on the booking,minLength=2,maxLength=40"`
	Guests int      `json:"guests" jsonschema:"minimum=1,maximum=12"`
	Email  string   `json:"email,omitempty" jsonschema:"format=email"`
	Phone  string   `json:"phone,omitempty" jsonschema:"pattern=^\\+[0-9]{7\\,15}$"`
	Seat   string   `json:"seat,omitempty" jsonschema:"enum=inside,enum=terrace,default=inside"`
	Notes  []string `json:"notes,omitempty" jsonschema:"minItems=1,maxItems=3,maxLength=100"`
	Budget float64  `json:"budget,omitempty" jsonschema:"exclusiveMinimum=0,maximum=1000.5"`
	Force  bool     `json:"force,omitempty" jsonschema:"required"`
}

// Booking is a confirmed table.
type Booking struct {
	ID string `json:"id"`
}

// BookTable books a table at the restaurant.
//
//tool:export
func BookTable(ctx context.Context, in BookingRequest) (Booking, error) {
	return Booking{ID: in.Name}, nil
}

// Order has uniqueItems and multipleOf.
type Order struct {
	Items    []string  `json:"items" jsonschema:"uniqueItems"`
	Quantity int       `json:"quantity" jsonschema:"multipleOf=6"`
	Weight   float64   `json:"weight" jsonschema:"multipleOf=0.25"`
	Codes    []float64 `json:"codes,omitempty" jsonschema:"uniqueItems,multipleOf=0.5"`
}

// PlaceOrder places an order.
//
//tool:export
func PlaceOrder(ctx context.Context, o Order) (int, error) { return len(o.Items), nil }
