package runtime_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	. "github.com/toolgen-go/toolgen/runtime"
)

// H84: ExecuteStream of an invokable tool whose result is over
// Settings.MaxOutput must not emit that result as a chunk: the call
// fails, and the caller would have forwarded the over-long text already.
func TestH84StreamInvokableOverMaxOutput(t *testing.T) {
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
