package bad

import (
	"context"
	"iter"

	"github.com/toolgen-go/toolgen/runtime"
)

// Frames streams frames as multimodal content.
//
//tool:export readonly
//tool:param n How many frames.
func Frames(ctx context.Context, n int) iter.Seq2[runtime.Content, error] { return nil }

// Parts streams parts of multimodal content.
//
//tool:export readonly
//tool:param n How many parts.
func Parts(ctx context.Context, n int) iter.Seq2[runtime.Part, error] { return nil }

// Snapshot returns a pointer to multimodal content.
//
//tool:export readonly
//tool:param n Which one.
func Snapshot(ctx context.Context, n int) (*runtime.Content, error) { return nil, nil }

// Picture returns one part of multimodal content.
//
//tool:export readonly
//tool:param n Which one.
func Picture(ctx context.Context, n int) (runtime.Part, error) { return runtime.Part{}, nil }
