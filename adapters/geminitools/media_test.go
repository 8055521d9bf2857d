package geminitools_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen-go/toolgen/adapters/geminitools"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
	"google.golang.org/genai"
)

// The function response of a tool whose result is multimodal content, as
// the genai client sends it to the Gemini API: the media of the types
// Gemini's guide lists for multimodal function responses (PNG, JPEG, WebP,
// PDF, plain text) go as parts, by their bytes or URI; every other part (a
// GIF, audio, video, a Word file, text in another charset, inline data
// over the 20 MB a request with inline data takes) only in the output's
// description, which describes every part.
func TestResponseMultimodalWire(t *testing.T) {
	pdf := []byte("%PDF-1.4")
	big := bytes.Repeat([]byte{1}, 15_000_001) // 20 MB and 4 bytes of base64
	content := runtime.Content{
		runtime.TextPart("Here:"),
		runtime.MediaPart(runtime.PartImage, "image/png", []byte("PNG")),
		runtime.MediaPart(runtime.PartImage, "IMAGE/WEBP", []byte("RIFF")),
		{Type: runtime.PartImage, MIMEType: "image/jpeg", URL: "https://example.com/a.jpg"},
		{Type: runtime.PartFile, Name: "report.pdf", MIMEType: "application/pdf", Data: pdf},
		{Type: runtime.PartFile, Name: "notes.txt", MIMEType: "text/plain; charset=utf-8", Data: []byte("meow")},
		// Not taken in a function response: the description only.
		runtime.MediaPart(runtime.PartImage, "image/gif", []byte("GIF89a")),
		runtime.MediaPart(runtime.PartAudio, "audio/wav", []byte("RIFF")),
		{Type: runtime.PartVideo, MIMEType: "video/mp4", URL: "https://example.com/c.mp4"},
		{Type: runtime.PartFile, Name: "a.docx", MIMEType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", Data: []byte("PK")},
		{Type: runtime.PartFile, Name: "latin1.txt", MIMEType: "text/plain; charset=iso-8859-1", Data: []byte("caf\xe9")},
		runtime.MediaPart(runtime.PartImage, "image/png", big),
	}
	show := toolimpl.NewInvokable(&runtime.Info{
		Name:        "show",
		Description: "Shows things.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
		Dialects:    runtime.DialectSchemas{Gemini: json.RawMessage(`{"type":"object","properties":{}}`)},
	}, toolimpl.DecodeNoInput, func(ctx context.Context, in toolimpl.NoInput) (runtime.Content, error) { return content, nil })
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Gemini})
	if err := reg.Register(show); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	parts, err := geminitools.Execute(ctx, reg, []*genai.FunctionCall{{ID: "1", Name: "show"}})
	if err != nil {
		t.Fatal(err)
	}

	var body []byte
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ = io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"candidates":[{"content":{"role":"model","parts":[{"text":"ok"}]}}]}`)
	}))
	defer api.Close()
	defer api.CloseClientConnections()
	client, err := genai.NewClient(ctx, &genai.ClientConfig{APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: api.URL}})
	if err != nil {
		t.Fatal(err)
	}
	contents := []*genai.Content{
		genai.NewContentFromText("Show me.", genai.RoleUser),
		{Role: genai.RoleModel, Parts: []*genai.Part{{FunctionCall: &genai.FunctionCall{ID: "1", Name: "show"}}}},
		genai.NewContentFromParts(parts, genai.RoleUser),
	}
	if _, err := client.Models.GenerateContent(ctx, "gemini-test", contents, nil); err != nil {
		t.Fatal(err)
	}
	var sent struct {
		Contents []struct {
			Parts []any `json:"parts"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(body, &sent); err != nil {
		t.Fatal(err)
	}
	b64 := base64.StdEncoding.EncodeToString
	wantJSON, _ := json.Marshal([]any{map[string]any{"functionResponse": map[string]any{
		"id": "1", "name": "show",
		"response": map[string]any{"output": content.String()},
		"parts": []any{
			map[string]any{"inlineData": map[string]any{"mimeType": "image/png", "data": b64([]byte("PNG"))}},
			map[string]any{"inlineData": map[string]any{"mimeType": "image/webp", "data": b64([]byte("RIFF"))}},
			map[string]any{"fileData": map[string]any{"mimeType": "image/jpeg", "fileUri": "https://example.com/a.jpg"}},
			map[string]any{"inlineData": map[string]any{"mimeType": "application/pdf", "data": b64(pdf), "displayName": "report.pdf"}},
			map[string]any{"inlineData": map[string]any{"mimeType": "text/plain", "data": b64([]byte("meow")), "displayName": "notes.txt"}},
		},
	}}})
	var want any
	json.Unmarshal(wantJSON, &want)
	if diff := cmp.Diff(want, any(sent.Contents[2].Parts)); diff != "" {
		t.Errorf("function response (-want +got):\n%s", diff)
	}
}

// Gemini takes a request with at most 20 MB of inline data: the limit is
// the request's, so the inline media of one Execute's responses share it.
// Two images of 12 MB of base64 each, in one result or in two calls' (and
// the turn's responses go back in one request), would make the request,
// and every later one of the conversation, fail: the second goes by its
// description.
func TestResponseInlineDataShared(t *testing.T) {
	img := bytes.Repeat([]byte{1}, 9_000_000) // 12 MB of base64
	two := runtime.Content{
		runtime.MediaPart(runtime.PartImage, "image/png", img),
		runtime.MediaPart(runtime.PartImage, "image/png", img),
	}
	tool := func(name string, content runtime.Content) runtime.Tool {
		return toolimpl.NewInvokable(&runtime.Info{
			Name:        name,
			Description: "Shows things.",
			Parameters:  json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
			Dialects:    runtime.DialectSchemas{Gemini: json.RawMessage(`{"type":"object","properties":{}}`)},
		}, toolimpl.DecodeNoInput, func(ctx context.Context, in toolimpl.NoInput) (runtime.Content, error) { return content, nil })
	}
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Gemini})
	if err := reg.Register(tool("two", two), tool("one", two[:1])); err != nil {
		t.Fatal(err)
	}
	for _, calls := range [][]*genai.FunctionCall{
		{{ID: "1", Name: "two"}},
		{{ID: "1", Name: "one"}, {ID: "2", Name: "one"}},
	} {
		parts, err := geminitools.Execute(context.Background(), reg, calls)
		if err != nil {
			t.Fatal(err)
		}
		inline := 0
		for _, p := range parts {
			for _, r := range p.FunctionResponse.Parts {
				if r.InlineData != nil {
					inline += base64.StdEncoding.EncodedLen(len(r.InlineData.Data))
				}
			}
		}
		if inline > 20_000_000 {
			t.Errorf("%d calls: %d bytes of inline data as base64 in one turn's responses, over the 20 MB a request takes", len(calls), inline)
		}
	}
}
