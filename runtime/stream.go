package runtime

import (
	"context"
	"encoding/json"
)

// Chunk is one part of the result of a streamable tool, as the tool
// yields it.
type Chunk struct {
	// Text is the chunk for the model: a string chunk as it is, any other
	// as JSON.
	Text string
	// Data is the chunk's value, for programs.
	Data any
}

// StreamableTool is a tool whose result comes in chunks while it works (a
// long job's progress, a summary as a model writes it). It is invokable
// too: Invoke gathers the chunks into one Result.
type StreamableTool interface {
	InvokableTool
	// Stream is Invoke handing each chunk to emit as soon as the tool
	// yields it, one at a time and never after Stream returns (on the
	// caller's goroutine, or for a tool with a timeout on the tool's own);
	// emit may be nil. The
	// Result holds all the chunks, as Invoke's would: string chunks joined
	// into one text, other chunks as a JSON array (Data is their slice). If
	// the tool fails part way, the Result is that failure and the chunks
	// already emitted stand.
	Stream(ctx context.Context, args json.RawMessage, emit func(Chunk)) (Result, error)
}
