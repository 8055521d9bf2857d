package einotools_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/toolgen-go/toolgen/adapters/einotools"
	tgruntime "github.com/toolgen-go/toolgen/runtime"
	"go.uber.org/goleak"
)

// tail is a streamed tool written by hand that yields n chunks, "0 ",
// "1 ", ..., closes sent, and then waits for its context to end (as a
// tool that follows a log waits for its next line), or, with fail, fails.
type tail struct {
	handTool
	n        int
	fail     bool
	sent     chan struct{}
	returned chan struct{}
}

func (c tail) Stream(ctx context.Context, _ json.RawMessage, emit func(tgruntime.Chunk)) (tgruntime.Result, error) {
	defer close(c.returned)
	for i := range c.n {
		text := strconv.Itoa(i) + " "
		emit(tgruntime.Chunk{Text: text, Data: text})
	}
	close(c.sent)
	if c.fail {
		return tgruntime.Result{Error: "it broke"}, nil
	}
	<-ctx.Done()
	return tgruntime.Result{}, ctx.Err()
}

// tailTool returns c, named tail, as an Eino StreamableTool, the channel
// closed once its chunks are sent, and the one closed when it returns.
func tailTool(t *testing.T, c tail) (tool.StreamableTool, <-chan struct{}, <-chan struct{}) {
	t.Helper()
	c.Name = "tail"
	c.sent = make(chan struct{})
	c.returned = make(chan struct{})
	reg := tgruntime.NewRegistry(nil)
	if err := reg.Register(c); err != nil {
		t.Fatal(err)
	}
	tools, err := einotools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	return tools[0].(tool.StreamableTool), c.sent, c.returned
}

// waitFor waits for ch to be closed, for up to 10 s.
func waitFor(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("10 s on, %s has not happened", what)
	}
}

// chunks reads sr to its end, and returns the chunks and the error that
// ended it; it fails the test if the stream goes on past most chunks.
func chunks(t *testing.T, sr *schema.StreamReader[string], most int, gc bool) ([]string, error) {
	t.Helper()
	var got []string
	for {
		if gc {
			runtime.GC()
		}
		chunk, err := sr.Recv()
		if err != nil {
			return got, err
		}
		got = append(got, chunk)
		if len(got) > most {
			t.Fatalf("the stream goes on past %d chunks", most)
		}
	}
}

// counting reports whether got is "0 ", "1 ", ... with no gap.
func counting(got []string) bool {
	for i, c := range got {
		if c != strconv.Itoa(i)+" " {
			return false
		}
	}
	return true
}

// A reader dropped unclosed while the tool sends nothing, waiting for its
// context (as one that follows a log does between lines), ends the call
// once it is collected, with ctx never canceled: its pipe's finalizer
// closes a pipe no Send finds closed.
func TestStreamDroppedIdle(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	st, sent, returned := tailTool(t, tail{n: 1})
	startAndDrop(t, context.Background(), st)
	waitFor(t, sent, "the tool's chunk")
	returns(t, returned, true)
}

// A reader closed early, while the tool sends nothing, and then dropped,
// ends the call once it is collected, with ctx never canceled.
func TestStreamClosedIdle(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	st, sent, returned := tailTool(t, tail{n: 1})
	func() {
		sr := startRead(t, context.Background(), st)
		sr.Close()
	}()
	waitFor(t, sent, "the tool's chunk")
	returns(t, returned, true)
}

// A reader read whole, with the garbage collector run before each read
// and ctx never canceled, holds every chunk and the failed Result at the
// end: nothing closes the pipe under a reader that is still read.
func TestStreamWholeUnderGC(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const n = 100
	st, _, returned := tailTool(t, tail{n: n, fail: true})
	sr, err := st.StreamableRun(context.Background(), `{}`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := chunks(t, sr, n+1, true)
	sr.Close()
	if err != io.EOF {
		t.Fatalf("the stream ended with %v, not io.EOF", err)
	}
	if len(got) != n+1 || !counting(got[:n]) || got[n] != "\n"+`{"success":false,"error":"it broke"}` {
		t.Fatalf("%d chunks, the last %q", len(got), got[len(got)-1])
	}
	returns(t, returned, false)
}

// A reader only the last use of which is a Recv that waits, on a pipe the
// tool fills slowly, is not collected under that Recv: its chunks all
// arrive though the garbage collector runs meanwhile.
func TestStreamRecvKeepsPipe(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	st, sent, returned := tailTool(t, tail{n: 3, fail: true})
	sr, err := st.StreamableRun(context.Background(), `{}`)
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
				runtime.GC()
			}
		}
	})
	got, err := chunks(t, sr, 4, false)
	close(stop)
	wg.Wait()
	sr.Close()
	waitFor(t, sent, "the tool's chunks")
	if err != io.EOF || len(got) != 4 || !counting(got[:3]) {
		t.Fatalf("%q, %v", got, err)
	}
	returns(t, returned, false)
}

// Once ctx ends, a reader that had let fewer chunks wait than the pipe
// holds reads them all and then ctx's error, not io.EOF.
func TestStreamFewWaitingThenCancel(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	for n := range 16 {
		st, sent, returned := tailTool(t, tail{n: n})
		ctx, cancel := context.WithCancel(context.Background())
		sr, err := st.StreamableRun(ctx, `{}`)
		if err != nil {
			t.Fatal(err)
		}
		waitFor(t, sent, "the tool's chunks")
		cancel()
		returns(t, returned, false)
		got, err := chunks(t, sr, n, false)
		sr.Close()
		if !errors.Is(err, context.Canceled) || len(got) != n || !counting(got) {
			t.Fatalf("%d chunks waiting: read %q, then %v; want them and context.Canceled", n, got, err)
		}
	}
}

// A reader read on while ctx is canceled at any moment reads chunks in
// order with none missing, then ctx's error or io.EOF, never a panic;
// and the tool stops.
func TestStreamCancelWhileRead(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	for i := range 200 {
		st, returned := counterTool(t, counter{})
		ctx, cancel := context.WithCancel(context.Background())
		sr, err := st.StreamableRun(ctx, `{}`)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for range i % 40 {
			chunk, err := sr.Recv()
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, chunk)
		}
		go cancel()
		rest, err := chunks(t, sr, 1<<20, false)
		sr.Close()
		got = append(got, rest...)
		if !counting(got) {
			t.Fatalf("run %d: the chunks are not in order, or one is missing: %q", i, got)
		}
		if err != io.EOF && !errors.Is(err, context.Canceled) {
			t.Fatalf("run %d: the stream ended with %v", i, err)
		}
		returns(t, returned, false)
	}
}

// A reader closed from another goroutine while Recv reads it ends that
// Recv and the tool, with ctx never canceled.
func TestStreamCloseWhileRecv(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	for range 50 {
		st, returned := counterTool(t, counter{})
		sr, err := st.StreamableRun(context.Background(), `{}`)
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			for {
				if _, err := sr.Recv(); err != nil {
					done <- err
					return
				}
			}
		}()
		sr.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Recv still reads 10 s after the reader was closed")
		}
		returns(t, returned, false)
	}
}

// Copies of the reader (Reader.Copy, as Eino's callbacks make) each read
// every chunk; closed after part, both, they stop the tool.
func TestStreamCopies(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const n = 60
	st, returned := counterTool(t, counter{n: n})
	sr, err := st.StreamableRun(context.Background(), `{}`)
	if err != nil {
		t.Fatal(err)
	}
	copies := sr.Copy(2)
	var wg sync.WaitGroup
	for i, c := range copies {
		wg.Go(func() {
			got, err := chunks(t, c, n+1, true)
			c.Close()
			if err != io.EOF || len(got) != n || !counting(got) {
				t.Errorf("copy %d: %d chunks, then %v", i, len(got), err)
			}
		})
	}
	wg.Wait()
	returns(t, returned, false)

	st, returned = counterTool(t, counter{})
	sr, err = st.StreamableRun(context.Background(), `{}`)
	if err != nil {
		t.Fatal(err)
	}
	copies = sr.Copy(2)
	for _, c := range copies {
		if chunk, err := c.Recv(); chunk != "0 " || err != nil {
			t.Fatalf("the first chunk: %q, %v", chunk, err)
		}
		c.Close()
	}
	returns(t, returned, false)
}

// A copy closed and the other dropped unclosed stop the tool once the
// dropped one is collected.
func TestStreamCopyDropped(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	st, returned := counterTool(t, counter{})
	func() {
		sr, err := st.StreamableRun(context.Background(), `{}`)
		if err != nil {
			t.Fatal(err)
		}
		copies := sr.Copy(2)
		if chunk, err := copies[1].Recv(); chunk != "0 " || err != nil {
			t.Fatalf("the first chunk: %q, %v", chunk, err)
		}
		copies[0].Close()
	}()
	returns(t, returned, true)
}

// A reader converted by schema.StreamReaderWithConvert, as Eino's
// ToolsNode converts it, holds every chunk though the garbage collector
// runs while it is read, and dropped unclosed stops the tool.
func TestStreamConverted(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const n = 50
	st, returned := counterTool(t, counter{n: n})
	conv := func() *schema.StreamReader[string] {
		sr, err := st.StreamableRun(context.Background(), `{}`)
		if err != nil {
			t.Fatal(err)
		}
		return schema.StreamReaderWithConvert(sr, func(s string) (string, error) { return s, nil })
	}()
	got, err := chunks(t, conv, n, true)
	conv.Close()
	if err != io.EOF || len(got) != n || !counting(got) {
		t.Fatalf("%d chunks, then %v", len(got), err)
	}
	returns(t, returned, false)

	st, returned = counterTool(t, counter{})
	func() {
		sr, err := st.StreamableRun(context.Background(), `{}`)
		if err != nil {
			t.Fatal(err)
		}
		conv := schema.StreamReaderWithConvert(sr, func(s string) (string, error) { return s, nil })
		if chunk, err := conv.Recv(); chunk != "0 " || err != nil {
			t.Fatalf("the first chunk: %q, %v", chunk, err)
		}
	}()
	returns(t, returned, true)
}

// A merged stream read in part and closed stops every tool merged.
func TestStreamMergedClosed(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	st1, returned1 := counterTool(t, counter{})
	st2, returned2 := counterTool(t, counter{})
	var srs []*schema.StreamReader[string]
	for _, st := range []tool.StreamableTool{st1, st2} {
		sr, err := st.StreamableRun(context.Background(), `{}`)
		if err != nil {
			t.Fatal(err)
		}
		srs = append(srs, sr)
	}
	merged := schema.MergeStreamReaders(srs)
	for range 5 {
		if _, err := merged.Recv(); err != nil {
			t.Fatal(err)
		}
	}
	merged.Close()
	returns(t, returned1, false)
	returns(t, returned2, false)
}

// A ToolsNode in stream mode with several streamed calls, the garbage
// collector run as it is read, gives each call every chunk.
func TestStreamToolsNodeSeveral(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const n = 40
	reg := tgruntime.NewRegistry(nil)
	for i := range 3 {
		if err := reg.Register(counter{handTool: handTool{Name: fmt.Sprintf("count%d", i)}, n: n, returned: make(chan struct{})}); err != nil {
			t.Fatal(err)
		}
	}
	node := toolsNode(t, reg)
	sr, err := node.Stream(context.Background(), assistant(call{"a", "count0", `{}`}, call{"b", "count1", `{}`}, call{"c", "count2", `{}`}))
	if err != nil {
		t.Fatal(err)
	}
	defer sr.Close()
	text := make([]strings.Builder, 3)
	for {
		runtime.GC()
		msgs, err := sr.Recv()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range msgs {
			if m != nil {
				text[i].WriteString(m.Content)
			}
		}
	}
	var want strings.Builder
	for i := range n {
		want.WriteString(strconv.Itoa(i) + " ")
	}
	for i := range text {
		if text[i].String() != want.String() {
			t.Errorf("call %d: %q", i, text[i].String())
		}
	}
}

// A ToolsNode in stream mode whose ctx is canceled while its reader is
// read ends, with every tool.
func TestStreamToolsNodeCanceled(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	reg := tgruntime.NewRegistry(nil)
	var returned []chan struct{}
	for i := range 3 {
		ch := make(chan struct{})
		returned = append(returned, ch)
		if err := reg.Register(counter{handTool: handTool{Name: fmt.Sprintf("count%d", i)}, returned: ch}); err != nil {
			t.Fatal(err)
		}
	}
	node, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{Tools: mustTools(t, reg)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	sr, err := node.Stream(ctx, assistant(call{"a", "count0", `{}`}, call{"b", "count1", `{}`}, call{"c", "count2", `{}`}))
	if err != nil {
		t.Fatal(err)
	}
	for range 10 {
		if _, err := sr.Recv(); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	for {
		if _, err := sr.Recv(); err != nil {
			break
		}
	}
	sr.Close()
	for _, ch := range returned {
		returns(t, ch, false)
	}
}

func mustTools(t *testing.T, reg *tgruntime.Registry) []tool.BaseTool {
	t.Helper()
	tools, err := einotools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

// gate is a streamed tool written by hand that yields "0 ", waits for
// open (or its context), yields "1 " and succeeds.
type gate struct {
	handTool
	open     chan struct{}
	returned chan struct{}
}

func (g gate) Stream(ctx context.Context, _ json.RawMessage, emit func(tgruntime.Chunk)) (tgruntime.Result, error) {
	defer close(g.returned)
	emit(tgruntime.Chunk{Text: "0 ", Data: "0 "})
	select {
	case <-g.open:
	case <-ctx.Done():
		return tgruntime.Result{}, ctx.Err()
	}
	emit(tgruntime.Chunk{Text: "1 ", Data: "1 "})
	return tgruntime.Result{Success: true}, nil
}

// A reader whose only user is a Recv that waits for the tool's next chunk
// is not collected under it, however often the garbage collector runs:
// the chunk reaches that Recv. (A pipe's own reader handed out would be:
// its Recv no longer needs it once it waits on the channel.)
func TestStreamWaitingRecvNotCollected(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	for range 5 {
		g := gate{handTool: handTool{Name: "gate"}, open: make(chan struct{}), returned: make(chan struct{})}
		reg := tgruntime.NewRegistry(nil)
		if err := reg.Register(g); err != nil {
			t.Fatal(err)
		}
		st := mustTools(t, reg)[0].(tool.StreamableTool)
		got := make(chan string, 2)
		func() {
			sr := startRead(t, context.Background(), st)
			go func(r *schema.StreamReader[string]) {
				chunk, err := r.Recv() // r's last use: what keeps the pipe?
				got <- fmt.Sprintf("%q, %v", chunk, err)
			}(sr)
		}()
		for range 20 {
			runtime.GC()
			time.Sleep(time.Millisecond) // for the finalizer goroutine, if any, to run
		}
		close(g.open)
		for _, want := range []string{`"1 ", <nil>`} {
			select {
			case s := <-got:
				if s != want {
					t.Fatalf("the waiting Recv got %s, want %s", s, want)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the waiting Recv has not returned 10 s on")
			}
		}
		returns(t, g.returned, false)
	}
}

// A call made with ctx already canceled ends its stream with ctx's error,
// and its goroutine ends.
func TestStreamCanceledBefore(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	st, returned := counterTool(t, counter{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	sr, err := st.StreamableRun(ctx, `{}`)
	if err != nil {
		t.Fatal(err)
	}
	defer sr.Close()
	if _, err := chunks(t, sr, 100, false); !errors.Is(err, context.Canceled) {
		t.Fatalf("the stream ended with %v, want context.Canceled", err)
	}
	returns(t, returned, false)
}
