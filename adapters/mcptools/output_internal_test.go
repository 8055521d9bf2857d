package mcptools

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/runtime"
)

func TestFormsOf(t *testing.T) {
	cases := []struct {
		info           *runtime.Info
		streams        bool
		legacy, modern string
	}{
		{nil, false, ``, ``},
		{&runtime.Info{}, false, ``, ``},
		{&runtime.Info{Output: json.RawMessage(`{"type":"object"}`), OutputObject: true}, false, `{"type":"object"}`, `{"type":"object"}`},
		{&runtime.Info{Output: json.RawMessage(`{"type":"integer"}`), OutputWrapper: json.RawMessage(`{"w":1}`)}, false, `{"w":1}`, `{"type":"integer"}`},
		// Written by hand: no wrapper.
		{&runtime.Info{Output: json.RawMessage(`{"type":"array","items":{"type":"string"}}`)}, false,
			`{"type":"object","properties":{"result":{"type":"array","items":{"type":"string"}}},"required":["result"],"additionalProperties":false}`,
			`{"type":"array","items":{"type":"string"}}`},
		{&runtime.Info{Output: json.RawMessage(`{"$ref":"#/$defs/T","$defs":{"T":{"type":"object"}}}`)}, false,
			`{"type":"object","properties":{"result":{"$ref":"#/$defs/T"}},"required":["result"],"additionalProperties":false,"$defs":{"T":{"type":"object"}}}`,
			`{"$ref":"#/$defs/T","$defs":{"T":{"type":"object"}}}`},
		{&runtime.Info{Output: json.RawMessage(`true`)}, false, ``, ``},
		// A stream: the result is the array of the chunks.
		{&runtime.Info{Output: json.RawMessage(`{"$ref":"#/$defs/T","$defs":{"T":{"type":"object"}}}`), OutputWrapper: json.RawMessage(`{"w":1}`)}, true,
			`{"w":1}`, `{"type":"array","items":{"$ref":"#/$defs/T"},"$defs":{"T":{"type":"object"}}}`},
		{&runtime.Info{Output: json.RawMessage(`{"type":"object"}`)}, true,
			`{"type":"object","properties":{"result":{"type":"array","items":{"type":"object"}}},"required":["result"],"additionalProperties":false}`,
			`{"type":"array","items":{"type":"object"}}`},
	}
	for i, c := range cases {
		f := formsOf(c.info, c.streams)
		if string(f.legacy) != c.legacy || string(f.modern) != c.modern {
			t.Errorf("%d: legacy %s, modern %s; want %s, %s", i, f.legacy, f.modern, c.legacy, c.modern)
		}
	}
}

// Results made by hand: Data without Output is encoded; Structured without
// Output is no structured result.
func TestResultByHand(t *testing.T) {
	res := Result(nil, &runtime.Result{Success: true, Data: []int{1, 2}}, "2025-11-25")
	if got, _ := json.Marshal(res); string(got) != `{"content":[{"type":"text","text":"[1,2]"}],"structuredContent":{"result":[1,2]}}` {
		t.Errorf("Data only: %s", got)
	}
	res = Result(nil, &runtime.Result{Success: true, Structured: true}, "2025-11-25")
	if got, _ := json.Marshal(res); string(got) != `{"content":[{"type":"text","text":""}]}` {
		t.Errorf("Structured without Output: %s", got)
	}
	res = Result(nil, &runtime.Result{Success: true, Data: map[string]int{"a": 1}}, "2025-11-25")
	if got, _ := json.Marshal(res); string(got) != `{"content":[{"type":"text","text":"{\"a\":1}"}],"structuredContent":{"a":1}}` {
		t.Errorf("an object: %s", got)
	}
}

func TestAnnotations(t *testing.T) {
	no, yes := false, true
	cases := []struct {
		info runtime.Info
		want string
	}{
		{runtime.Info{}, `null`},
		{runtime.Info{ReadOnly: true}, `{"idempotentHint":false,"readOnlyHint":true}`},
		{runtime.Info{Destructive: &yes, Confirm: true}, `{"destructiveHint":true,"idempotentHint":false,"readOnlyHint":false}`},
		{runtime.Info{Destructive: &no, Idempotent: true, OpenWorld: &no}, `{"destructiveHint":false,"idempotentHint":true,"openWorldHint":false,"readOnlyHint":false}`},
		{runtime.Info{OpenWorld: &yes}, `{"idempotentHint":false,"openWorldHint":true,"readOnlyHint":false}`},
	}
	for _, c := range cases {
		got, err := json.Marshal(annotations(&c.info))
		if err != nil || string(got) != c.want {
			t.Errorf("%+v: %s, %v; want %s", c.info, got, err, c.want)
		}
	}
}

// TestBlocks checks the MCP content blocks of multimodal parts: a part with
// neither bytes nor a URL (a file given by name, a zero Part, empty data)
// goes as its description, since an embedded resource without text or
// blob is invalid (hosts on the TypeScript SDK reject the whole result), as
// does an image or audio without its media type.
func TestBlocks(t *testing.T) {
	content := runtime.Content{
		runtime.TextPart("see the report"),
		{Type: runtime.PartFile, Name: "report.pdf", MIMEType: "application/pdf"},
		{},
		runtime.MediaPart(runtime.PartFile, "text/csv", []byte("a,b")),
		{Type: runtime.PartVideo, URL: "https://example.com/v.mp4", MIMEType: "video/mp4"},
		runtime.MediaPart(runtime.PartImage, "", []byte{1, 2, 3}),
		runtime.MediaPart(runtime.PartAudio, "audio/wav", []byte{}),
		runtime.MediaPart(runtime.PartImage, "image/png", []byte{1}),
	}
	got, err := json.Marshal(blocks(content, AnyStructured))
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"type":"text","text":"see the report"},` +
		`{"type":"text","text":"[file report.pdf, application/pdf]"},` +
		`{"type":"text","text":"[part]"},` +
		`{"type":"resource","resource":{"uri":"file:///part-4","mimeType":"text/csv","text":"a,b"}},` +
		`{"type":"resource_link","mimeType":"video/mp4","uri":"https://example.com/v.mp4","name":"v.mp4"},` +
		`{"type":"text","text":"[image, 3 bytes]"},` +
		`{"type":"text","text":"[audio, audio/wav, 0 bytes]"},` +
		`{"type":"image","mimeType":"image/png","data":"AQ=="}]`
	if string(got) != want {
		t.Errorf("blocks:\ngot  %s\nwant %s", got, want)
	}
}

// TestCanceledText checks the words of a call that ended with a Go error:
// canceled when its context ended, failed when a middleware returned one
// of its own; the registry's own text when it has one.
func TestCanceledText(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		ctx  context.Context
		res  runtime.Result
		err  error
		want string
	}{
		{done, runtime.Result{}, context.Canceled, "the call was canceled: context canceled"},
		{context.Background(), runtime.Result{}, errors.New("quota exceeded"), "the call failed: quota exceeded"},
		{done, runtime.Result{Error: "the call was canceled: context canceled"}, context.Canceled, "the call was canceled: context canceled"},
	} {
		got := canceled(c.ctx, &c.res, c.err)
		if !got.IsError || got.Content[0].(*mcp.TextContent).Text != c.want {
			t.Errorf("%v: got %+v, want %q", c.err, got.Content[0], c.want)
		}
	}
}
