package scratch

import (
	"context"
	"time"
)

// In has format corners.
type In struct {
	// A is a.
	A string `json:"a,omitempty" jsonschema:"format=uri-reference"`
	// B is b.
	B string `json:"b,omitempty" jsonschema:"format=duration"`
	// C is c.
	C string `json:"c,omitempty" jsonschema:"format=regex"`
	// D is d.
	D time.Time `json:"d,omitempty" jsonschema:"format=date"`
	// E is e.
	E string `json:"e,omitempty" jsonschema:"format=idn-email"`
	// F is f.
	F string `json:"f,omitempty" jsonschema:"format=byte"`
}

// Run runs.
//
//tool:export readonly
func Run(ctx context.Context, in In) (In, error) { return in, nil }
