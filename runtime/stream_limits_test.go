package runtime_test

import (
	"context"
	"encoding/json"
	"iter"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	. "github.com/toolgen-go/toolgen/runtime"
	. "github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// ExecuteStream of an invokable tool whose result is over
// Settings.MaxOutput must not emit that result as a chunk: the call
// fails, and the caller would have forwarded the over-long text already.
func TestStreamInvokableOverMaxOutput(t *testing.T) {
	r := NewRegistry(&Settings{MaxOutput: 10})
	if err := r.Register(tool("echo", 0, echo)); err != nil {
		t.Fatal(err)
	}
	var got []string
	res, err := r.ExecuteStream(context.Background(), "echo", json.RawMessage(`{"text":"`+strings.Repeat("x", 100)+`"}`), func(c Chunk) { got = append(got, c.Text) })
	if err != nil || res.Success {
		t.Fatalf("got %+v, %v; want a failure over MaxOutput", res, err)
	}
	if len(got) != 0 {
		t.Errorf("emit got %d chunk(s) (%d bytes) of a result the call refused as over MaxOutput", len(got), len(got[0]))
	}
}

// byHandStream is a StreamableTool written by hand: it yields n chunks of
// 10 bytes.
type byHandStream struct{ n int }

func (byHandStream) Info() *Info {
	return &Info{Name: "hand", Description: "Streams by hand.", Parameters: echoSchema}
}
func (h byHandStream) Invoke(ctx context.Context, args json.RawMessage) (Result, error) {
	return h.Stream(ctx, args, nil)
}
func (h byHandStream) Stream(ctx context.Context, args json.RawMessage, emit func(Chunk)) (Result, error) {
	var b strings.Builder
	for range h.n {
		c := strings.Repeat("y", 10)
		b.WriteString(c)
		if emit != nil {
			emit(Chunk{Text: c, Data: c})
		}
	}
	return Result{Success: true, Output: b.String()}, nil
}

// Settings.MaxOutput says a streamable tool is stopped at the chunk
// that would take its result over the limit, which does not reach emit;
// a hand-written StreamableTool's chunks all reach emit.
func TestHandStreamOverMaxOutput(t *testing.T) {
	r := NewRegistry(&Settings{MaxOutput: 25})
	if err := r.Register(byHandStream{n: 100}); err != nil {
		t.Fatal(err)
	}
	n := 0
	res, err := r.ExecuteStream(context.Background(), "hand", nil, func(c Chunk) { n += len(c.Text) })
	if err != nil || res.Success {
		t.Fatalf("got %+v, %v; want a failure over MaxOutput", res, err)
	}
	if n > 25 {
		t.Errorf("emit got %d bytes of chunks, over MaxOutput 25", n)
	}
}

// a streamable tool that panics (or whose chunk's MarshalJSON, or the
// caller's emit, panics) while a goroutine it started goes on yielding:
// no chunk may reach emit once the call has returned, as StreamableTool
// promises ("never after Stream returns").
func TestStreamNoEmitAfterPanic(t *testing.T) {
	for _, how := range []string{"iterator", "emit"} {
		stopped := make(chan struct{})
		finished := make(chan struct{})
		fn := func(ctx context.Context, in echoIn) iter.Seq2[string, error] {
			return func(yield func(string, error) bool) {
				go func() {
					defer close(finished)
					for {
						select {
						case <-stopped:
							return
						case <-time.After(time.Millisecond):
						}
						yield("late", nil)
					}
				}()
				yield("first", nil)
				if how == "iterator" {
					panic("the iterator panicked")
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
		r := NewRegistry(nil)
		if err := r.Register(NewStreamable(&Info{Name: "s", Description: "Streams.", Parameters: echoSchema}, decodeEcho, fn)); err != nil {
			t.Fatal(err)
		}
		var returned, late atomic.Bool
		res, err := r.ExecuteStream(context.Background(), "s", nil, func(c Chunk) {
			if returned.Load() {
				late.Store(true)
			}
			if how == "emit" && c.Text == "first" {
				panic("emit panicked")
			}
		})
		returned.Store(true)
		time.Sleep(30 * time.Millisecond)
		close(stopped)
		<-finished
		if err != nil || res.Success {
			t.Errorf("%s: got %+v, %v; want a failure", how, res, err)
		}
		if late.Load() {
			t.Errorf("%s panicked: a chunk reached emit after ExecuteStream returned", how)
		}
	}
}

// a streamed call under a timeout stops at the chunk after which its
// caller's context ended, as one without a timeout does: no later chunk
// reaches emit, and the call fails as canceled rather than succeeding
// with every chunk.
func TestStreamTimeoutCanceledMidStream(t *testing.T) {
	hundred := func(ctx context.Context, in echoIn) iter.Seq2[string, error] {
		return func(yield func(string, error) bool) {
			for range 100 {
				if !yield("w ", nil) {
					return
				}
			}
		}
	}
	for _, timeout := range []time.Duration{0, time.Minute} {
		r := NewRegistry(nil)
		if err := r.Register(NewStreamable(&Info{Name: "s", Description: "Streams.", Parameters: echoSchema, Timeout: timeout}, decodeEcho, hundred)); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		n := 0
		res, err := r.ExecuteStream(ctx, "s", nil, func(Chunk) {
			if n++; n == 5 {
				cancel()
			}
		})
		cancel()
		if n != 5 || err == nil || res.Success {
			t.Errorf("timeout %v: canceled at the 5th chunk, emit got %d, Result success %v, error %v", timeout, n, res.Success, err)
		}
	}
}

// byHandJSON is a StreamableTool written by hand whose chunks are
// structured: its Result is their JSON array, as StreamableTool says.
type byHandJSON struct{ n int }

type hit struct {
	V string `json:"v"`
}

func (byHandJSON) Info() *Info {
	return &Info{Name: "handjson", Description: "Streams hits by hand.", Parameters: echoSchema}
}
func (h byHandJSON) Invoke(ctx context.Context, args json.RawMessage) (Result, error) {
	return h.Stream(ctx, args, nil)
}
func (h byHandJSON) Stream(ctx context.Context, args json.RawMessage, emit func(Chunk)) (Result, error) {
	var hits []hit
	for range h.n {
		c := hit{V: "1234"} // {"v":"1234"}: 12 bytes
		hits = append(hits, c)
		if emit != nil {
			emit(Chunk{Data: c})
		}
	}
	return Result{Success: true, Data: hits}, nil
}

// A hand-written tool's structured chunks are measured as the JSON array
// its Result is, as a generated tool's are: two chunks of 12 bytes fit 25
// bytes of text, but their array ([a,b], 27 bytes) does not. The second
// must not reach emit, as with the generated tool below, and not be sent
// before the call fails.
func TestHandStreamStructuredOverMaxOutput(t *testing.T) {
	gen := func(ctx context.Context, in echoIn) iter.Seq2[hit, error] {
		return func(yield func(hit, error) bool) {
			for range 2 {
				if !yield(hit{V: "1234"}, nil) {
					return
				}
			}
		}
	}
	for _, tl := range []Tool{byHandJSON{n: 2}, NewStreamable(&Info{Name: "handjson", Description: "Streams hits.", Parameters: echoSchema}, decodeEcho, gen)} {
		r := NewRegistry(&Settings{MaxOutput: 25})
		if err := r.Register(tl); err != nil {
			t.Fatal(err)
		}
		var got []string
		res, err := r.ExecuteStream(context.Background(), "handjson", nil, func(c Chunk) { got = append(got, c.Text) })
		if err != nil || res.Success {
			t.Fatalf("%T: got %+v, %v; want a failure over MaxOutput", tl, res, err)
		}
		if len(got) != 1 {
			t.Errorf("%T: emit got %d chunks %q of a call that failed over MaxOutput 25; want the first alone", tl, len(got), got)
		}
	}
}
