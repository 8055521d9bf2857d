package toolimpl

import (
	"context"
	"encoding/json"
	"errors"
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

// TestSelfDecodeStrict checks that a value whose type decodes itself is
// checked strictly in a lenient call: its bytes go to its own method.
func TestSelfDecodeStrict(t *testing.T) {
	_, err := Decode([]byte(`"5"`), &runtime.Settings{Lenient: true}, func(d *Decoder, v *json.Number) {
		m := d.Mark()
		if _, ok := d.Int(64); ok {
			d.Unmarshal(m, (*numberText)(v))
		}
	})
	if err == nil || err.Error() != "invalid arguments: must be an integer, got string" {
		t.Errorf("got %v", err)
	}
}

// numberText decodes a JSON number as its text.
type numberText json.Number

func (n *numberText) UnmarshalJSON(b []byte) error { *n = numberText(b); return nil }
