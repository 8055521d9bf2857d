package samename

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestPost(t *testing.T) {
	tool := Tools()[0].(runtime.InvokableTool)
	res, _ := tool.Invoke(context.Background(), json.RawMessage(`{"task":{"title":"a","sub":[{"title":"b","sub":[{"title":"c"}]}]},"comment":{"text":"x","replies":[{"text":"y"}]},"labels":{"en":"hi"}}`))
	if !res.Success || res.Output != "2" {
		t.Fatalf("%+v", res)
	}
	res, _ = tool.Invoke(context.Background(), json.RawMessage(`{"task":{"sub":[{"title":1}]},"comment":{"text":"x","replies":[{}]},"labels":{"eng":"hi"}}`))
	want := `invalid arguments: /comment/replies/0/text: required field is missing; /labels/eng: invalid key "eng": want a two-letter code; /task/sub/0/title: must be a string, got number; /task/title: required field is missing`
	if res.Error != want {
		t.Errorf("got  %s\nwant %s", res.Error, want)
	}
}
