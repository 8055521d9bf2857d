// Package benchtool holds the tools that einotools' benchmarks call: a
// get_order tool with a struct result, and two streamed tools yielding n
// chunks, small structs or short strings. Their functions do no work
// beyond building what they return, so the benchmarks measure the
// libraries around them.
package benchtool

//go:generate go tool toolgen

import (
	"context"
	"iter"
)

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

// Lookup returns an order by its id.
//
//tool:export readonly
func Lookup(ctx context.Context, in OrderQuery) (Order, error) {
	if err := ctx.Err(); err != nil {
		return Order{}, err
	}
	return Order{ID: in.ID, Total: in.Quantity * 250, Paid: in.Paid}, nil
}

// Count asks for a number of chunks.
type Count struct {
	// N is how many chunks to yield.
	N int `json:"n" jsonschema:"minimum=0,maximum=100000"`
}

// Item is a small struct, one chunk of Items.
type Item struct {
	Seq  int    `json:"seq"`
	Name string `json:"name"`
	Done bool   `json:"done"`
}

// names are the names of the items and the words of Words, made once.
var names = []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"}

// Items yields n small structs, one a chunk.
//
//tool:export readonly
func Items(ctx context.Context, in Count) iter.Seq2[Item, error] {
	return func(yield func(Item, error) bool) {
		for i := range in.N {
			if !yield(Item{Seq: i, Name: names[i%len(names)], Done: i%2 == 0}, nil) {
				return
			}
		}
	}
}

// Words yields n short words, one a chunk.
//
//tool:export readonly
func Words(ctx context.Context, in Count) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		for i := range in.N {
			if !yield(names[i%len(names)], nil) {
				return
			}
		}
	}
}
