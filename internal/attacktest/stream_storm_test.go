package attacktest

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolgen-go/toolgen/runtime"
)

// 32 goroutines on one streamable tool, through ExecuteStream, with
// and without a deadline and middleware, each stopping in its own way
// (the caller's context canceled mid-stream, emit panicking, the tool
// finishing): every Result matches the chunks emitted before it, no chunk
// comes after ExecuteStream returns or two at once, and no goroutine is
// left.
func TestStreamStorm(t *testing.T) {
	defer goleak.VerifyNone(t)
	mw := func(next runtime.Handler) runtime.Handler {
		return func(ctx context.Context, c runtime.Call) (runtime.Result, error) { return next(ctx, c) }
	}
	for _, s := range []*runtime.Settings{nil, {Timeout: time.Second}, {Middleware: []runtime.Middleware{mw}}, {Timeout: time.Second, MaxOutput: 200}} {
		reg := newRegistry(t, nil, s)
		var wg sync.WaitGroup
		for g := range 32 {
			wg.Go(func() {
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				var returned, busy atomic.Bool
				var got strings.Builder
				n := 0
				res, err := reg.ExecuteStream(ctx, "stream_words", json.RawMessage(`{"n":100}`), func(c runtime.Chunk) {
					if returned.Load() {
						t.Error("a chunk after ExecuteStream returned")
					}
					if !busy.CompareAndSwap(false, true) {
						t.Error("two chunks at once")
					}
					defer busy.Store(false)
					got.WriteString(c.Text)
					n++
					switch {
					case g%3 == 0 && n == 5:
						cancel()
					case g%3 == 1 && n == 7:
						panic("emit")
					}
				})
				returned.Store(true)
				switch {
				case g%3 == 0:
					if err == nil || res.Success {
						t.Errorf("settings %+v: canceled: success %v, %d chunks, %v", s, res.Success, n, err)
					}
				case g%3 == 1:
					if res.Success {
						t.Errorf("emit panicked: %+v, %v", res, err)
					}
				case s != nil && s.MaxOutput > 0:
					if res.Success || len(got.String()) > s.MaxOutput {
						t.Errorf("over MaxOutput: %+v, %d bytes emitted", res, len(got.String()))
					}
				default:
					if !res.Success || res.Output != got.String() || n != 100 {
						t.Errorf("done: Output %d bytes, chunks %d bytes (%d)", len(res.Output), len(got.String()), n)
					}
				}
			})
		}
		wg.Wait()
	}
}
