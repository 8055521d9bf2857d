package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"math"
	"strings"
	"testing"
	"time"

	. "github.com/toolgen-go/toolgen/runtime"
	. "github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// words yields each word of the text argument, failing at "!" and
// panicking at "boom".
func words(ctx context.Context, in echoIn) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		for w := range strings.FieldsSeq(in.Text) {
			switch w {
			case "!":
				yield("", Fail("cannot say !"))
				return
			case "boom":
				panic("boom")
			}
			if !yield(w+" ", nil) {
				return
			}
		}
	}
}

type count struct {
	N    int    `json:"n"`
	Word string `json:"word,omitempty"`
}

func counts(ctx context.Context, in echoIn) iter.Seq2[count, error] {
	return func(yield func(count, error) bool) {
		for i, w := range strings.Fields(in.Text) {
			if !yield(count{N: i + 1, Word: w}, nil) {
				return
			}
		}
	}
}

func TestStream(t *testing.T) {
	r := NewRegistry(nil)
	info := func(name string) *Info {
		return &Info{Name: name, Description: "The " + name + " tool.", Parameters: echoSchema}
	}
	if err := r.Register(
		NewStreamable(info("words"), decodeEcho, words),
		NewStreamable(info("counts"), decodeEcho, counts),
		NewStreamable(info("nans"), decodeEcho, func(ctx context.Context, in echoIn) iter.Seq2[float64, error] {
			return func(yield func(float64, error) bool) {
				_ = yield(1, nil) && yield(math.NaN(), nil)
			}
		}),
		tool("echo", 0, echo),
	); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		tool, text string
		chunks     []string
		want       string
		goErr      bool // Result.Err set
	}{
		{"words", "a b c", []string{"a ", "b ", "c "}, `{"success":true,"output":"a b c "}`, false},
		{"words", "", nil, `{"success":true}`, false},
		{"words", "a ! c", []string{"a "}, `{"success":false,"error":"cannot say !"}`, false},
		{"words", "a boom", []string{"a "}, `{"success":false,"error":"internal error: the tool failed unexpectedly"}`, true},
		{"counts", "x <y>", []string{`{"n":1,"word":"x"}`, `{"n":2,"word":"<y>"}`}, `{"success":true,"data":[{"n":1,"word":"x"},{"n":2,"word":"\u003cy\u003e"}]}`, false},
		{"counts", "", nil, `{"success":true,"data":[]}`, false},
		{"echo", "hi", []string{"hi"}, `{"success":true,"output":"hi"}`, false},
		{"nans", "a b", []string{"1"}, `{"success":false,"error":"internal error: the tool's result could not be encoded"}`, true},
	} {
		args, _ := json.Marshal(echoIn{Text: c.text})
		args = []byte(strings.Replace(string(args), `"Text"`, `"text"`, 1))
		var got []string
		res, err := r.ExecuteStream(ctx, c.tool, args, func(ch Chunk) { got = append(got, ch.Text) })
		if err != nil {
			t.Fatalf("%s %q: %v", c.tool, c.text, err)
		}
		if strings.Join(got, "|") != strings.Join(c.chunks, "|") {
			t.Errorf("%s %q: chunks %q, want %q", c.tool, c.text, got, c.chunks)
		}
		data, _ := json.Marshal(res)
		if string(data) != c.want {
			t.Errorf("%s %q:\ngot  %s\nwant %s", c.tool, c.text, data, c.want)
		}
		if (res.Err != nil) != c.goErr {
			t.Errorf("%s %q: Err = %v", c.tool, c.text, res.Err)
		}
		// Execute gathers the same Result without streaming.
		again, _ := r.Execute(ctx, c.tool, args)
		if data2, _ := json.Marshal(again); string(data2) != string(data) {
			t.Errorf("%s %q: Execute gave %s, ExecuteStream %s", c.tool, c.text, data2, data)
		}
	}
	res, _ := r.Execute(ctx, "counts", json.RawMessage(`{"text":"a b"}`))
	if cs, ok := res.Data.([]count); !ok || len(cs) != 2 || cs[1].Word != "b" {
		t.Errorf("Data = %#v", res.Data)
	}
	res, _ = r.ExecuteStream(ctx, "words", json.RawMessage(`{"text":3}`), func(Chunk) { t.Error("a chunk of a call with bad arguments") })
	if res.Success || len(res.Problems) != 1 {
		t.Errorf("bad arguments: %+v", res)
	}
}

// A stream stops when the caller's context ends, or at the tool's timeout.
func TestStreamEnds(t *testing.T) {
	endless := func(ctx context.Context, in echoIn) iter.Seq2[string, error] {
		return func(yield func(string, error) bool) {
			for {
				select {
				case <-ctx.Done():
					yield("", ctx.Err())
					return
				case <-time.After(time.Millisecond):
				}
				if !yield(".", nil) {
					return
				}
			}
		}
	}
	timed := NewStreamable(&Info{Name: "endless", Description: "Never ends.", Parameters: echoSchema, Timeout: 20 * time.Millisecond}, decodeEcho, endless)
	res, err := timed.Stream(context.Background(), nil, nil)
	var te *TimeoutError
	if err != nil || res.Success || !errors.As(res.Err, &te) {
		t.Errorf("timeout: got %+v, %v", res, err)
	}

	untimed := NewStreamable(&Info{Name: "endless", Description: "Never ends.", Parameters: echoSchema}, decodeEcho, endless)
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	res, err = untimed.Stream(ctx, nil, func(Chunk) {
		if n++; n == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || res.Success || n != 3 {
		t.Errorf("canceled after %d chunks: got %+v, %v", n, res, err)
	}
}

// A stream that returns quietly when its context ends has not finished:
// the call fails as canceled, not as a success with part of its result;
// and a chunk made after the context ended does not reach emit.
func TestStreamCanceledQuietly(t *testing.T) {
	// Each yields two chunks, then waits for the caller's context to end.
	quiet := func(ctx context.Context, in echoIn) iter.Seq2[string, error] {
		return func(yield func(string, error) bool) {
			for range 2 {
				if !yield(".", nil) {
					return
				}
			}
			<-ctx.Done()
		}
	}
	deaf := func(ctx context.Context, in echoIn) iter.Seq2[string, error] {
		return func(yield func(string, error) bool) {
			yield(".", nil)
			yield(".", nil)
			<-ctx.Done()
			for range 3 {
				yield(".", nil) // ignores both ctx and yield's answer
			}
		}
	}
	for name, fn := range map[string]func(context.Context, echoIn) iter.Seq2[string, error]{"quiet": quiet, "deaf": deaf} {
		tool := NewStreamable(&Info{Name: "s", Description: "Streams.", Parameters: echoSchema}, decodeEcho, fn)
		ctx, cancel := context.WithCancel(context.Background())
		n := 0
		res, err := tool.Stream(ctx, nil, func(Chunk) {
			if n++; n == 2 {
				time.AfterFunc(5*time.Millisecond, cancel)
			}
		})
		if !errors.Is(err, context.Canceled) || res.Success || n != 2 {
			t.Errorf("%s: canceled after %d chunks: got %+v, %v", name, n, res, err)
		}
		cancel()
	}
}

// A yield after the iterator returned, from a goroutine it started,
// returns false and reaches neither emit nor the result (run with -race).
func TestStreamLateYield(t *testing.T) {
	late := make(chan bool)
	fn := func(ctx context.Context, in echoIn) iter.Seq2[string, error] {
		return func(yield func(string, error) bool) {
			yield("first", nil)
			go func() {
				time.Sleep(10 * time.Millisecond)
				late <- yield("late", nil)
			}()
		}
	}
	tool := NewStreamable(&Info{Name: "s", Description: "Streams.", Parameters: echoSchema}, decodeEcho, fn)
	var got []string
	res, err := tool.Stream(context.Background(), nil, func(c Chunk) { got = append(got, c.Text) })
	if err != nil || !res.Success || res.Output != "first" {
		t.Fatalf("got %+v, %v", res, err)
	}
	if ok := <-late; ok {
		t.Error("a yield after the iterator returned returned true")
	}
	if len(got) != 1 {
		t.Errorf("emit got %q, want only the first chunk", got)
	}
}
