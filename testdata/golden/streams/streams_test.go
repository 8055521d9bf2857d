package streams

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestStreams(t *testing.T) {
	approve := func(ctx context.Context, call runtime.Call) (bool, error) { return true, nil }
	reg := runtime.NewRegistry(&runtime.Settings{Approver: approve})
	if err := reg.Register(Tools(&Runner{Prefix: "."})...); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		tool, args string
		chunks     []string
		want       string
	}{
		{"spell", `{"word":"abc"}`, []string{"a", "b", "c"}, `{"success":true,"output":"abc"}`},
		{"spell", `{"word":"a!"}`, []string{"a"}, `{"success":false,"error":"cannot spell !"}`},
		{"spell", `{}`, nil, `{"success":false,"error":"invalid arguments: /word: required field is missing"}`},
		{"run_job", `{"steps":2}`, []string{`{"step":1}`, `{"step":2,"note":"."}`}, `{"success":true,"data":[{"step":1},{"step":2,"note":"."}]}`},
		{"run_job", `{"steps":11}`, nil, `{"success":false,"error":"invalid arguments: /steps: must be at most 10, got 11"}`},
		// Chunks of a string type of the tool's own are text, as a
		// string's are.
		{"words", `{"text":"a b"}`, []string{"a ", "b "}, `{"success":true,"output":"a b "}`},
		// An iterator that goes on yielding after its failure: the
		// failure stands, and what follows is dropped.
		{"words", `{"text":"a ! b"}`, []string{"a "}, `{"success":false,"error":"cannot say !"}`},
	} {
		var chunks []string
		res, err := reg.ExecuteStream(ctx, c.tool, json.RawMessage(c.args), func(ch runtime.Chunk) { chunks = append(chunks, ch.Text) })
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(chunks, "|") != strings.Join(c.chunks, "|") {
			t.Errorf("%s %s: chunks %q, want %q", c.tool, c.args, chunks, c.chunks)
		}
		data, _ := json.Marshal(res)
		if string(data) != c.want {
			t.Errorf("%s %s:\ngot  %s\nwant %s", c.tool, c.args, data, c.want)
		}
	}
	// run_job is marked confirm: without an approver it does not run.
	bare := runtime.NewRegistry(nil)
	if err := bare.Register(Tools(&Runner{})...); err != nil {
		t.Fatal(err)
	}
	res, _ := bare.Execute(ctx, "run_job", json.RawMessage(`{"steps":1}`))
	if res.Success || res.Err != runtime.ErrNoApprover {
		t.Errorf("unapproved: %+v", res)
	}
	for _, tool := range Tools(&Runner{}) {
		if _, ok := tool.(runtime.StreamableTool); !ok {
			t.Errorf("%s is not streamable", tool.Info().Name)
		}
	}
}

// TestStreamOverMaxOutput checks that a stream stops as soon as its result
// is over Settings.MaxOutput, not once the tool ends: a model can ask a
// streaming tool for an endless result.
func TestStreamOverMaxOutput(t *testing.T) {
	reg := runtime.NewRegistry(&runtime.Settings{MaxOutput: 10})
	if err := reg.Register(Tools(&Runner{})...); err != nil {
		t.Fatal(err)
	}
	var chunks []string
	long := strings.Repeat("w ", 1000)
	res, err := reg.ExecuteStream(context.Background(), "words", json.RawMessage(`{"text":"`+long+`"}`), func(ch runtime.Chunk) { chunks = append(chunks, ch.Text) })
	if err != nil {
		t.Fatal(err)
	}
	if res.Success || res.Error != "the tool's result is over the limit of 10 bytes: ask for less" || res.Err == nil {
		t.Errorf("over the limit: %+v", res)
	}
	if len(chunks) != 5 {
		t.Errorf("%d chunks went out, want the 5 within the limit", len(chunks))
	}
}
