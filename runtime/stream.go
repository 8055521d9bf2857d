package runtime

import (
	"context"
	"encoding/json"
	"iter"
	"strings"
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
	// Stream is Invoke handing each chunk to emit, on the caller's
	// goroutine, as soon as the tool yields it; emit may be nil. The
	// Result holds all the chunks, as Invoke's would: string chunks joined
	// into one text, other chunks as a JSON array (Data is their slice). If
	// the tool fails part way, the Result is that failure and the chunks
	// already emitted stand.
	Stream(ctx context.Context, args json.RawMessage, emit func(Chunk)) (Result, error)
}

// RunStream is Run for a streamable tool: fn returns the tool's iterator,
// with its decoded arguments bound, and RunStream ranges over it under the
// tool's timeout, handing each chunk to emit (if not nil) and gathering
// them into the Result. encode writes a chunk as JSON; nil means string
// chunks, or encoding/json for others. A panic of the tool, an error it
// yields, or ctx ending stops the stream and fails the call.
func RunStream[C any](ctx context.Context, info *Info, fn func(context.Context) iter.Seq2[C, error], encode func(*Encoder, C), emit func(Chunk)) (Result, error) {
	if _, text := any(*new(C)).(string); text {
		return runTool(ctx, info, func(ctx context.Context) (string, error) {
			var all strings.Builder
			err := gather(ctx, fn, func(c C) error {
				s := any(c).(string)
				all.WriteString(s)
				if emit != nil {
					emit(Chunk{Text: s, Data: s})
				}
				return nil
			})
			return all.String(), err
		}, nil)
	}
	var array Encoder // the chunks as one JSON array, written as they come
	array.Byte('[')
	return runTool(ctx, info, func(ctx context.Context) ([]C, error) {
		var chunks []C
		err := gather(ctx, fn, func(c C) error {
			var e Encoder
			if encode != nil {
				encode(&e, c)
			} else {
				e.Value(c)
			}
			data, err := e.Bytes()
			if err != nil {
				return &encodeError{err}
			}
			if len(chunks) > 0 {
				array.Byte(',')
			}
			array.Raw(unsafeString(data)) // copied into array
			chunks = append(chunks, c)
			if emit != nil {
				emit(Chunk{Text: string(data), Data: c})
			}
			return nil
		})
		return chunks, err
	}, func(e *Encoder, _ []C) {
		array.Byte(']')
		*e = array
	})
}

// gather ranges over the tool's chunks, passing each to add, until the
// tool is done, yields an error, or ctx ends.
func gather[C any](ctx context.Context, fn func(context.Context) iter.Seq2[C, error], add func(C) error) error {
	for c, err := range fn(ctx) {
		if err == nil {
			err = add(c)
		}
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// NewStreamable returns the [StreamableTool] that decodes its arguments
// with decode and ranges over the chunks fn yields for them. Generated
// code writes its own; programs may call it for a tool written by hand.
func NewStreamable[In, C any](info *Info, decode DecodeFunc[In], fn func(context.Context, In) iter.Seq2[C, error]) StreamableTool {
	return &streamable[In, C]{info: info, decode: decode, fn: fn}
}

type streamable[In, C any] struct {
	info   *Info
	decode DecodeFunc[In]
	fn     func(context.Context, In) iter.Seq2[C, error]
}

func (t *streamable[In, C]) Info() *Info { return t.info }

func (t *streamable[In, C]) Invoke(ctx context.Context, args json.RawMessage) (Result, error) {
	return t.Stream(ctx, args, nil)
}

func (t *streamable[In, C]) Stream(ctx context.Context, args json.RawMessage, emit func(Chunk)) (Result, error) {
	in, res, ok, err := begin(ctx, t.info, t.decode, args)
	if !ok {
		return res, err
	}
	return RunStream(ctx, t.info, func(ctx context.Context) iter.Seq2[C, error] { return t.fn(ctx, in) }, nil, emit)
}

// encodeError is a chunk that has no JSON encoding: a fault of the tool.
type encodeError struct{ err error }

func (e *encodeError) Error() string { return "encoding a chunk: " + e.err.Error() }

func (e *encodeError) Unwrap() error { return e.err }
