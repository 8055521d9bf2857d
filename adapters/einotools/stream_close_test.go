package einotools_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/schema"
	"github.com/toolgen-go/toolgen/adapters/einotools"
	tgruntime "github.com/toolgen-go/toolgen/runtime"
	"go.uber.org/goleak"
)

// counter is a streamed tool written by hand: it yields the chunks "0 ",
// "1 ", ..., n of them, or with n 0 until its context ends; with wait, it
// then waits for its context to end. returned is closed when its Stream
// returns.
type counter struct {
	handTool
	n        int
	wait     bool
	returned chan struct{}
	emitted  *atomic.Int64 // if set, counts the chunks emit has taken
}

func (c counter) Stream(ctx context.Context, _ json.RawMessage, emit func(tgruntime.Chunk)) (tgruntime.Result, error) {
	defer close(c.returned)
	var all strings.Builder
	for i := 0; c.n == 0 || i < c.n; i++ {
		if err := ctx.Err(); err != nil {
			return tgruntime.Result{}, err
		}
		text := strconv.Itoa(i) + " "
		all.WriteString(text)
		if emit != nil {
			emit(tgruntime.Chunk{Text: text, Data: text})
			if c.emitted != nil {
				c.emitted.Add(1)
			}
		}
	}
	if c.wait {
		<-ctx.Done()
		return tgruntime.Result{}, ctx.Err()
	}
	return tgruntime.Result{Success: true, Output: all.String()}, nil
}

// counterTool returns c, named count, as an Eino StreamableTool, and the
// channel closed when a call of it returns.
func counterTool(t *testing.T, c counter) (tool.StreamableTool, <-chan struct{}) {
	t.Helper()
	c.Name = "count"
	c.returned = make(chan struct{})
	reg := tgruntime.NewRegistry(nil)
	if err := reg.Register(c); err != nil {
		t.Fatal(err)
	}
	tools, err := einotools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := tools[0].(tool.StreamableTool)
	if !ok {
		t.Fatalf("count is a %T, not an Eino StreamableTool", tools[0])
	}
	return st, c.returned
}

// returns waits for the call's tool to return, for up to 10 s, running the
// garbage collector meanwhile if gc is set.
func returns(t *testing.T, returned <-chan struct{}, gc bool) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		if gc {
			runtime.GC()
		}
		select {
		case <-returned:
			return
		case <-deadline:
			t.Fatal("the tool still runs 10 s on: its call's goroutine leaks, with the tool")
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// startAndDrop starts a call of st and reads its first chunk, and drops
// the reader unclosed.
func startAndDrop(t *testing.T, ctx context.Context, st tool.StreamableTool) {
	t.Helper()
	startRead(t, ctx, st)
}

// startRead starts a call of st and returns its reader once the first
// chunk, "0 ", has been read from it.
func startRead(t *testing.T, ctx context.Context, st tool.StreamableTool) *schema.StreamReader[string] {
	t.Helper()
	sr, err := st.StreamableRun(ctx, `{}`)
	if err != nil {
		t.Fatal(err)
	}
	if chunk, err := sr.Recv(); chunk != "0 " || err != nil {
		t.Fatalf("the first chunk: %q, %v", chunk, err)
	}
	return sr
}

// A consumer that cancels ctx and drops the reader unclosed, as an agent
// that gives up on a call may, stops the tool and its call's goroutine,
// though more chunks than the pipe holds wait: no garbage collection is
// needed.
func TestStreamCanceledDropped(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	st, returned := counterTool(t, counter{})
	ctx, cancel := context.WithCancel(context.Background())
	startAndDrop(t, ctx, st)
	time.Sleep(10 * time.Millisecond) // the tool fills the pipe and waits
	cancel()
	returns(t, returned, false)
}

// A reader dropped unread, with ctx never canceled, is closed once it is
// collected, which stops the tool and its call's goroutine.
func TestStreamDroppedCollected(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	st, returned := counterTool(t, counter{})
	startAndDrop(t, context.Background(), st)
	returns(t, returned, true)
}

// Closing the reader twice does not panic, and stops the tool.
func TestStreamCloseTwice(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	st, returned := counterTool(t, counter{})
	sr := startRead(t, context.Background(), st)
	for i := range 2 {
		func() {
			defer func() {
				if v := recover(); v != nil {
					t.Errorf("Close %d panicked: %v", i+1, v)
				}
			}()
			sr.Close()
		}()
	}
	returns(t, returned, false)
}

// Once ctx is canceled and the tool has stopped, the chunks that waited in
// the pipe can still be read, in order, and then the stream ends.
func TestStreamBufferedAfterCancel(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var emitted atomic.Int64
	st, returned := counterTool(t, counter{emitted: &emitted})
	ctx, cancel := context.WithCancel(context.Background())
	sr, err := st.StreamableRun(ctx, `{}`)
	if err != nil {
		t.Fatal(err)
	}
	defer sr.Close()
	// The tool fills the pipe, 16 chunks, and waits to send another.
	for deadline := time.Now().Add(10 * time.Second); emitted.Load() < 16; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the tool emitted %d chunks in 10 s, not 16", emitted.Load())
		}
	}
	cancel()
	returns(t, returned, false)
	for i := 0; ; i++ {
		chunk, err := sr.Recv()
		if err == io.EOF || errors.Is(err, context.Canceled) {
			if i == 0 {
				t.Error("no chunk was read")
			}
			return
		}
		if err != nil || chunk != strconv.Itoa(i)+" " {
			t.Fatalf("chunk %d: %q, %v", i, chunk, err)
		}
		if i > 100 {
			t.Fatal("the stream goes on after the tool returned")
		}
	}
}

// A consumer that goes on reading once ctx ends, with room in the pipe,
// reads ctx's error at the end, not an end that looks like the tool's.
func TestStreamReadAfterCancel(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	for range 20 { // a close from ctx's side would race the tool's error
		st, returned := counterTool(t, counter{n: 1, wait: true})
		ctx, cancel := context.WithCancel(context.Background())
		sr := startRead(t, ctx, st)
		cancel()
		if chunk, err := sr.Recv(); !errors.Is(err, context.Canceled) {
			t.Fatalf("after ctx was canceled: %q, %v; want context.Canceled", chunk, err)
		}
		sr.Close()
		returns(t, returned, false)
	}
}

// A reader merged with another by schema.MergeStreamReaders, which keeps
// only its pipe and drops the reader itself, is not closed when that
// reader is collected: the merged stream holds all of the tool's chunks.
func TestStreamMerged(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const n = 100
	st, returned := counterTool(t, counter{n: n})
	merged := func() *schema.StreamReader[string] {
		sr, err := st.StreamableRun(context.Background(), `{}`)
		if err != nil {
			t.Fatal(err)
		}
		return schema.MergeStreamReaders([]*schema.StreamReader[string]{sr, schema.StreamReaderFromArray([]string{"other"})})
	}()
	defer merged.Close()
	var got []string
	for {
		runtime.GC()
		chunk, err := merged.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if chunk != "other" {
			got = append(got, chunk)
		}
	}
	var want []string
	for i := range n {
		want = append(want, fmt.Sprintf("%d ", i))
	}
	if !slices.Equal(got, want) {
		t.Errorf("the merged stream holds %d of the %d chunks: %q", len(got), n, got)
	}
	returns(t, returned, false)
}
