// Package bad takes arguments of another package built on its unexported
// types, which the generated decoders cannot name.
package bad

import (
	"context"

	"github.com/toolgen-go/toolgen/testdata/golden/errors_foreign/lib"
)

// Hid takes a struct with a field of an unexported type.
//
//tool:export readonly
func Hid(ctx context.Context, h lib.Hid) (int, error) { return 0, nil }

// Tags takes a map with an unexported key type.
//
//tool:export readonly
func Tags(ctx context.Context, t lib.Tags) (int, error) { return 0, nil }

// Outer takes a struct embedding an unexported struct.
//
//tool:export readonly
func Outer(ctx context.Context, o lib.Outer) (int, error) { return 0, nil }
