package toolimpl

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"strings"
	"sync"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/internal/guard"
)

// RunStream is Run for a streamable tool: fn returns the tool's iterator,
// with its decoded arguments bound, and RunStream ranges over it under the
// tool's timeout, handing each chunk to emit (if not nil) and gathering
// them into the Result. encode writes a chunk as JSON; nil means string
// chunks, or encoding/json for others. A panic of the tool, an error it
// yields, or ctx ending stops the stream and fails the call.
func RunStream[C any](ctx context.Context, s *runtime.Settings, info *runtime.Info, fn func(context.Context) iter.Seq2[C, error], encode func(*Encoder, C), emit func(runtime.Chunk)) (runtime.Result, error) {
	if s == nil {
		s = &defaults
	}
	if emit != nil && cmp.Or(info.Timeout, s.Timeout) > 0 {
		// Under a deadline the tool runs on a goroutine of its own, which
		// may go on after the call returns: its chunks reach emit one at a
		// time, and none once the call has returned.
		g := guard.New(emit)
		emit = g.Send
		defer g.Close()
	}
	max := s.MaxOutput // stops a stream as soon as it is over, not once it ends
	// Under a deadline the tool's context learns that the caller's has
	// ended only once the caller's goroutine runs again: the stream
	// watches the caller's too, so that it stops at the chunk after which
	// the caller's context ended, as it does without a deadline.
	caller := ctx
	if _, text := any(*new(C)).(string); text {
		return runOnce(ctx, s, info, bind(struct{}{}, func(ctx context.Context, _ struct{}) (string, error) {
			var all strings.Builder
			err := gather(ctx, caller, fn, func(c C) error {
				s := any(c).(string)
				if max > 0 && all.Len()+len(s) > max {
					return &overError{max}
				}
				all.WriteString(s)
				if emit != nil {
					emit(runtime.Chunk{Text: s, Data: s})
				}
				return nil
			})
			return all.String(), err
		}, nil))
	}
	var array Encoder // the chunks as one JSON array, written as they come
	array.Byte('[')
	return runOnce(ctx, s, info, bind(struct{}{}, func(ctx context.Context, _ struct{}) ([]C, error) {
		var chunks []C
		err := gather(ctx, caller, fn, func(c C) error {
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
			if max > 0 && len(array.buf)+b2i(len(chunks) > 0)+len(data)+1 > max { // a comma, and the closing bracket
				return &overError{max}
			}
			if len(chunks) > 0 {
				array.Byte(',')
			}
			array.Raw(unsafeString(data)) // copied into array
			chunks = append(chunks, c)
			if emit != nil {
				emit(runtime.Chunk{Text: string(data), Data: c})
			}
			return nil
		})
		return chunks, err
	}, func(e *Encoder, _ []C) {
		array.Byte(']')
		*e = array
	}))
}

// gather ranges over the tool's chunks, passing each to add, until the
// tool is done, yields an error, or ctx (the tool's) or caller (the
// caller's, which ctx comes from) ends.
//
// It calls the iterator itself rather than with range over func: an
// iterator that goes on yielding after being told to stop (a common
// mistake) would make range panic, and the call would fail as a panic,
// losing the error or cancelation that stopped it. Here, what it yields
// after that is dropped.
func gather[C any](ctx, caller context.Context, fn func(context.Context) iter.Seq2[C, error], add func(C) error) error {
	// mu and done keep a yield made after the iterator returned (from a
	// goroutine it started) from reaching add, and so emit, once the call
	// has returned: it returns false, as ranging over a function panics.
	var mu sync.Mutex
	var stop error
	done := false
	// Deferred, so that a panic (of the iterator, a chunk's MarshalJSON,
	// emit) ends the stream too: the call returns as a failure, and a
	// goroutine of the tool that yields on must not reach emit.
	defer func() {
		if !done {
			mu.Lock()
			done = true
			mu.Unlock()
		}
	}()
	fn(ctx)(func(c C, err error) bool {
		mu.Lock()
		defer mu.Unlock()
		if done || stop != nil {
			return false
		}
		if err == nil {
			// A chunk made after the caller's context ended is not
			// handed on.
			err = ended(ctx, caller)
		}
		if err == nil {
			err = add(c)
		}
		if err == nil {
			// Nor does the tool make another once it has ended (emit
			// may end it).
			err = ended(ctx, caller)
		}
		stop = err
		return err == nil
	})
	mu.Lock()
	defer mu.Unlock()
	done = true
	if stop == nil {
		// A tool that stops quietly when its context ends has not
		// finished its result: the call fails as canceled, not as a
		// success with part of the result.
		stop = ctx.Err()
	}
	return stop
}

// ended returns the error of ctx or, if ctx is another context, of caller.
func ended(ctx, caller context.Context) error {
	if err := ctx.Err(); err != nil || caller == ctx {
		return err
	}
	return caller.Err()
}

// overError stops a stream whose result has grown over
// Settings.MaxOutput.
type overError struct{ max int }

func (e *overError) Error() string {
	return fmt.Sprintf("streamed result over Settings.MaxOutput %d", e.max)
}

// TextChunks is the iterator of the strings of seq, a stream of a string
// type of the tool's own (type Token string): its chunks are text, as a
// string's are.
func TextChunks[S ~string](seq iter.Seq2[S, error]) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		seq(func(c S, err error) bool { return yield(string(c), err) })
	}
}

// NewStreamable returns the [StreamableTool] that decodes its arguments
// with decode and ranges over the chunks fn yields for them. Generated
// code writes its own; programs may call it for a tool written by hand.
func NewStreamable[In, C any](info *runtime.Info, decode DecodeFunc[In], fn func(context.Context, In) iter.Seq2[C, error]) runtime.StreamableTool {
	return &streamable[In, C]{info: info, decode: decode, fn: fn}
}

type streamable[In, C any] struct {
	info   *runtime.Info
	decode DecodeFunc[In]
	fn     func(context.Context, In) iter.Seq2[C, error]
}

func (t *streamable[In, C]) Info() *runtime.Info { return t.info }

func (t *streamable[In, C]) Invoke(ctx context.Context, args json.RawMessage) (runtime.Result, error) {
	return t.Call(ctx, nil, args, nil)
}

func (t *streamable[In, C]) Stream(ctx context.Context, args json.RawMessage, emit func(runtime.Chunk)) (runtime.Result, error) {
	return t.Call(ctx, nil, args, emit)
}

// Call is Stream with the settings of the registry that runs it.
func (t *streamable[In, C]) Call(ctx context.Context, s *runtime.Settings, args json.RawMessage, emit func(runtime.Chunk)) (runtime.Result, error) {
	in, res, ok, err := begin(ctx, s, t.info, t.decode, args)
	if !ok {
		return res, err
	}
	return RunStream(ctx, s, t.info, func(ctx context.Context) iter.Seq2[C, error] { return t.fn(ctx, in) }, nil, emit)
}

// encodeError is a chunk that has no JSON encoding: a fault of the tool.
type encodeError struct{ err error }

func (e *encodeError) Error() string { return "encoding a chunk: " + e.err.Error() }

func (e *encodeError) Unwrap() error { return e.err }
