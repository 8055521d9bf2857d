// Package shapes has one tool of each allowed signature shape.
package shapes

import (
	"context"
	"errors"
)

// In is an argument struct.
type In struct {
	Text string `json:"text"`
}

// Out is a result.
type Out struct {
	Length int `json:"length"`
}

// Full takes a context and a struct and returns a result.
//
//tool:export
func Full(ctx context.Context, in In) (Out, error) { return Out{len(in.Text)}, nil }

// ErrorOnly returns only an error.
//
//tool:export
func ErrorOnly(ctx context.Context, in In) error {
	if in.Text == "fail" {
		return errors.New("failed")
	}
	return nil
}

// NoContext takes no context.
//
//tool:export
func NoContext(in In) (Out, error) { return Out{len(in.Text)}, nil }

// NoInput takes only a context.
//
//tool:export
func NoInput(ctx context.Context) (string, error) { return "pong", nil }

// Pointer takes a pointer to its struct.
//
//tool:export
func Pointer(ctx context.Context, in *In) (*Out, error) { return &Out{len(in.Text)}, nil }

// Plain takes plain parameters.
//
//tool:export
//tool:param city The city.
//tool:param days How many days.
func Plain(ctx context.Context, city string, days int, note *string) (string, error) {
	return city, nil
}

// Nothing takes nothing and returns only an error.
//
//tool:export
func Nothing() error { return nil }

// Empty is the argument of a tool that takes none, as some tools declare
// one for the SDK they were written for.
type Empty struct{}

// Ping takes an empty struct.
//
//tool:export
func Ping(in Empty) (string, error) { return "pong", nil }
