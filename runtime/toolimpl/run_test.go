package toolimpl

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
)

// badError panics when asked for its text.
type badError struct{ msg *string }

func (e *badError) Error() string { return *e.msg }

// TestRunContainsErrorPanics checks that a panic in the methods of the
// error a tool returns fails the call, with a timeout and without.
func TestRunContainsErrorPanics(t *testing.T) {
	for _, timeout := range []time.Duration{0, time.Second} {
		info := &runtime.Info{Name: "bad", Timeout: timeout}
		res, err := Run(context.Background(), nil, info, struct{}{}, func(context.Context, struct{}) (string, error) {
			return "", &badError{}
		})
		var p *runtime.PanicError
		if err != nil || res.Success || !errors.As(res.Err, &p) {
			t.Errorf("timeout %s: got %+v, %v; want a failed Result with a PanicError", timeout, res, err)
		}
	}
}

// TestRunAnyString checks that a result declared any that holds a string
// is structured, its JSON, as when it holds a number: only a result
// declared string is text.
func TestRunAnyString(t *testing.T) {
	info := &runtime.Info{Name: "any"}
	for v, want := range map[any]string{"<s>": `"<s>"`, 1.5: `1.5`} {
		res, err := Run(context.Background(), nil, info, struct{}{}, func(context.Context, struct{}) (any, error) { return v, nil })
		if err != nil || !res.Success || !res.Structured || res.Output != want || res.Data != v {
			t.Errorf("%v: got %+v, %v; want structured, Output %s", v, res, err, want)
		}
	}
	res, err := Run(context.Background(), nil, info, struct{}{}, func(context.Context, struct{}) (string, error) { return "<s>", nil })
	if err != nil || res.Output != "<s>" || res.Structured {
		t.Errorf("string: got %+v, %v; want the text", res, err)
	}
}

// TestSelfDecodeStrict checks that a value whose type decodes itself is
// checked strictly in a lenient call: its bytes go to its own method.
func TestSelfDecodeStrict(t *testing.T) {
	_, err := Decode([]byte(`"5"`), &runtime.Settings{Lenient: true}, func(d *Decoder, v *json.Number) {
		m := d.Mark()
		if _, ok := d.Int(64); ok {
			d.Unmarshal(m, (*numberText)(v))
		}
	})
	if err == nil || err.Error() != `invalid arguments: must be an integer, got the string "5": send 5, without quotes` {
		t.Errorf("got %v", err)
	}
}

// numberText decodes a JSON number as its text.
type numberText json.Number

func (n *numberText) UnmarshalJSON(b []byte) error { *n = numberText(b); return nil }

// TestStreamMaxOutputExact checks that a stream whose result is exactly
// Settings.MaxOutput long passes, as any other result that long does, and
// one byte more fails.
func TestStreamMaxOutputExact(t *testing.T) {
	info := &runtime.Info{Name: "s"}
	seq := func(n int) func(context.Context) iter.Seq2[int, error] {
		return func(context.Context) iter.Seq2[int, error] {
			return func(yield func(int, error) bool) { yield(n, nil) }
		}
	}
	res, err := RunStream(context.Background(), &runtime.Settings{MaxOutput: 4}, info, seq(12), nil, nil)
	if err != nil || !res.Success || res.Output != "[12]" {
		t.Errorf("[12] under MaxOutput 4: %+v, %v", res, err)
	}
	res, _ = RunStream(context.Background(), &runtime.Settings{MaxOutput: 4}, info, seq(123), nil, nil)
	if res.Success {
		t.Errorf("[123] under MaxOutput 4: %+v", res)
	}
}
