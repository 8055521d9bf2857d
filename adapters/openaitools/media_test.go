package openaitools_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/gif"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolgen-go/toolgen/adapters/openaitools"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// gifOf encodes a GIF of frames images.
func gifOf(t *testing.T, frames int) []byte {
	t.Helper()
	var anim gif.GIF
	for range frames {
		anim.Image = append(anim.Image, image.NewPaletted(image.Rect(0, 0, 2, 2), color.Palette{color.Black, color.White}))
		anim.Delay = append(anim.Delay, 10)
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, &anim); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// contentTool is an enhanced tool named name whose result is content.
func contentTool(name string, content runtime.Content) runtime.InvokableTool {
	return toolimpl.NewInvokable(&runtime.Info{
		Name:        name,
		Description: "Shows things.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
		Dialects: runtime.DialectSchemas{
			OpenAI: json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false,"required":[]}`),
		},
	}, toolimpl.DecodeNoInput, func(ctx context.Context, in toolimpl.NoInput) (runtime.Content, error) { return content, nil })
}

// The function_call_output of a tool whose result is multimodal content
// holds its parts, as the wire JSON of the next request shows: text as
// input_text, the images the Responses API takes as input_image (bytes as
// a data URL, or a URL), the files input_file takes as input_file (bytes
// as a data URL with a file name, or a URL), and every part the API would
// refuse (SVG, an animated GIF, a ZIP, audio, video, a URL it cannot
// fetch) as input_text that describes it. Content without such media, and
// Chat Completions' tool messages, which hold only text, keep the Result's
// JSON.
func TestResponseMultimodalOutput(t *testing.T) {
	still, animated := gifOf(t, 1), gifOf(t, 2)
	pdf := []byte("%PDF-1.4")
	show := contentTool("show", runtime.Content{
		runtime.TextPart("Here:"),
		runtime.MediaPart(runtime.PartImage, "image/png", []byte("PNG")),
		{Type: runtime.PartImage, MIMEType: "image/jpeg", URL: "https://example.com/a.jpg"},
		runtime.MediaPart(runtime.PartImage, "image/gif", still),
		runtime.MediaPart(runtime.PartImage, "image/gif", animated),
		runtime.MediaPart(runtime.PartImage, "image/svg+xml", []byte("<svg/>")),
		{Type: runtime.PartImage, MIMEType: "image/png", URL: "ftp://example.com/a.png"},
		{Type: runtime.PartFile, Name: "report", MIMEType: "application/pdf", Data: pdf},
		{Type: runtime.PartFile, Name: "notes.txt", MIMEType: "text/plain; charset=utf-8", Data: []byte("meow")},
		{Type: runtime.PartFile, MIMEType: "application/pdf", URL: "https://example.com/b.pdf"},
		{Type: runtime.PartFile, Name: "a.zip", MIMEType: "application/zip", Data: []byte("PK")},
		runtime.MediaPart(runtime.PartAudio, "audio/wav", []byte("RIFF")),
		{Type: runtime.PartVideo, MIMEType: "video/mp4", URL: "https://example.com/c.mp4"},
	})
	hear := contentTool("hear", runtime.Content{
		runtime.TextPart("Listen:"),
		runtime.MediaPart(runtime.PartAudio, "audio/wav", []byte("RIFF")),
	})
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
	if err := reg.Register(show, hear); err != nil {
		t.Fatal(err)
	}
	first := `{"id":"resp_1","object":"response","created_at":1,"model":"gpt-test","status":"completed","output":[
{"type":"function_call","id":"fc_1","call_id":"call_1","name":"show","arguments":"{}","status":"completed"},
{"type":"function_call","id":"fc_2","call_id":"call_2","name":"hear","arguments":"{}","status":"completed"}
],"parallel_tool_calls":true,"tool_choice":"auto","tools":[],"temperature":1,"top_p":1}`
	api := &fakeAPI{answers: []string{first, done}}
	client := api.client(t)

	ctx := context.Background()
	params := responses.ResponseNewParams{
		Model: "gpt-test",
		Tools: openaitools.ResponseTools(reg),
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Show me.")},
	}
	resp, err := client.Responses.New(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	answers, err := openaitools.ExecuteResponse(ctx, reg, resp.Output)
	if err != nil {
		t.Fatal(err)
	}
	params.PreviousResponseID = openai.String(resp.ID)
	params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: answers}
	if _, err := client.Responses.New(ctx, params); err != nil {
		t.Fatal(err)
	}

	var second struct {
		Input []any `json:"input"`
	}
	if err := json.Unmarshal(api.bodies[1], &second); err != nil {
		t.Fatal(err)
	}
	b64 := base64.StdEncoding.EncodeToString
	wantJSON, _ := json.Marshal([]any{
		map[string]any{"type": "function_call_output", "call_id": "call_1", "output": []any{
			map[string]any{"type": "input_text", "text": "Here:"},
			map[string]any{"type": "input_image", "image_url": "data:image/png;base64," + b64([]byte("PNG"))},
			map[string]any{"type": "input_image", "image_url": "https://example.com/a.jpg"},
			map[string]any{"type": "input_image", "image_url": "data:image/gif;base64," + b64(still)},
			map[string]any{"type": "input_text", "text": "[image, image/gif, " + strconv.Itoa(len(animated)) + " bytes]"},
			map[string]any{"type": "input_text", "text": "[image, image/svg+xml, 6 bytes]"},
			map[string]any{"type": "input_text", "text": "[image, image/png, at ftp://example.com/a.png]"},
			map[string]any{"type": "input_file", "filename": "report.pdf", "file_data": "data:application/pdf;base64," + b64(pdf)},
			map[string]any{"type": "input_file", "filename": "notes.txt", "file_data": "data:text/plain;base64," + b64([]byte("meow"))},
			map[string]any{"type": "input_file", "file_url": "https://example.com/b.pdf"},
			map[string]any{"type": "input_text", "text": "[file a.zip, application/zip, 2 bytes]"},
			map[string]any{"type": "input_text", "text": "[audio, audio/wav, 4 bytes]"},
			map[string]any{"type": "input_text", "text": "[video, video/mp4, at https://example.com/c.mp4]"},
		}},
		// Nothing the API takes as media: the Result's JSON, as before.
		map[string]any{"type": "function_call_output", "call_id": "call_2", "output": `{"success":true,"output":"Listen:\n[audio, audio/wav, 4 bytes]"}`},
	})
	var want []any
	json.Unmarshal(wantJSON, &want)
	if diff := cmp.Diff(want, second.Input); diff != "" {
		t.Errorf("function_call_output items (-want +got):\n%s", diff)
	}

	// Chat Completions: a tool message holds text only, so the same result
	// goes as its JSON, the media by their descriptions.
	var call openai.ChatCompletionMessageToolCallUnion
	if err := json.Unmarshal([]byte(`{"id":"call_1","type":"function","function":{"name":"show","arguments":"{}"}}`), &call); err != nil {
		t.Fatal(err)
	}
	msgs, err := openaitools.Execute(ctx, reg, []openai.ChatCompletionMessageToolCallUnion{call})
	if err != nil {
		t.Fatal(err)
	}
	if got := sent(t, msgs)[0].Content; !bytes.HasPrefix([]byte(got), []byte(`{"success":true,"output":"Here:\n[image, image/png, 3 bytes]\n`)) {
		t.Errorf("Chat Completions tool message %s", got)
	}
}

// The images and files of one ExecuteResponse share the API's limits on a
// request: past 50 MB of image bytes, or 32 MB of files, the rest go by
// their descriptions, as does an image over 20 MB.
func TestResponseMediaLimits(t *testing.T) {
	big := bytes.Repeat([]byte{1}, 16_000_000)
	huge := bytes.Repeat([]byte{1}, 20_000_001)
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
	err := reg.Register(
		contentTool("images", runtime.Content{
			runtime.MediaPart(runtime.PartImage, "image/png", huge),
			runtime.MediaPart(runtime.PartImage, "image/png", big),
			runtime.MediaPart(runtime.PartImage, "image/png", big),
			runtime.MediaPart(runtime.PartImage, "image/png", big),
			runtime.MediaPart(runtime.PartImage, "image/png", big), // 64 MB: over
		}),
		contentTool("files", runtime.Content{
			runtime.MediaPart(runtime.PartFile, "application/pdf", big),
			runtime.MediaPart(runtime.PartFile, "application/pdf", big),
			runtime.MediaPart(runtime.PartFile, "application/pdf", []byte("x")), // 32 MB and a byte: over
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	var output []responses.ResponseOutputItemUnion
	if err := json.Unmarshal([]byte(`[
{"type":"function_call","id":"fc_1","call_id":"call_1","name":"images","arguments":"{}","status":"completed"},
{"type":"function_call","id":"fc_2","call_id":"call_2","name":"files","arguments":"{}","status":"completed"}]`), &output); err != nil {
		t.Fatal(err)
	}
	answers, err := openaitools.ExecuteResponse(context.Background(), reg, output)
	if err != nil {
		t.Fatal(err)
	}
	kinds := func(i int) []string {
		var out []string
		for _, item := range answers[i].OfFunctionCallOutput.Output.OfResponseFunctionCallOutputItemArray {
			switch {
			case item.OfInputImage != nil:
				out = append(out, "image")
			case item.OfInputFile != nil:
				out = append(out, "file")
			default:
				out = append(out, item.OfInputText.Text)
			}
		}
		return out
	}
	if diff := cmp.Diff([]string{"[image, image/png, 20000001 bytes]", "image", "image", "image", "[image, image/png, 16000000 bytes]"}, kinds(0)); diff != "" {
		t.Errorf("images (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"file", "file", "[file, application/pdf, 1 bytes]"}, kinds(1)); diff != "" {
		t.Errorf("files (-want +got):\n%s", diff)
	}
}
