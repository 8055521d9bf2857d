package geminitools

import (
	"encoding/json"
	"testing"

	"google.golang.org/genai"

	"github.com/toolgen-go/toolgen/runtime"
)

// TestResponseMedia checks that parts Gemini cannot take (no media type,
// neither bytes nor a URL, a video) are left to the output's description,
// not sent as empty inline data.
func TestResponseMedia(t *testing.T) {
	content := runtime.Content{
		runtime.MediaPart(runtime.PartImage, "image/png", []byte{1}),
		runtime.MediaPart(runtime.PartImage, "", []byte{1}),
		{},
		{Type: runtime.PartFile, MIMEType: "application/pdf", Name: "a.pdf"},
		{Type: runtime.PartVideo, MIMEType: "video/mp4", URL: "https://example.com/v.mp4"},
	}
	got := partsJSON(t, content)
	want := `[{"inlineData":{"mimeType":"image/png","data":"AQ=="}}]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestResponseMediaURL checks that media at a URL go as file data only at
// a URL Gemini can fetch (https, http, or gs: for Cloud Storage); media at
// a file:, data: or relative URL, which would fail the request with a
// 400, and every later one, as the response stays in the conversation,
// are left to the output's description.
func TestResponseMediaURL(t *testing.T) {
	content := runtime.Content{
		{Type: runtime.PartImage, MIMEType: "image/png", URL: "https://example.com/a.png"},
		{Type: runtime.PartFile, MIMEType: "application/pdf", URL: "gs://bucket/b.pdf"},
		{Type: runtime.PartImage, MIMEType: "image/png", URL: "file:///tmp/c.png"},
		{Type: runtime.PartImage, MIMEType: "image/png", URL: "charts/d.png"},
		{Type: runtime.PartFile, MIMEType: "application/pdf", URL: "gs:"},
	}
	got := partsJSON(t, content)
	want := `[{"fileData":{"fileUri":"https://example.com/a.png","mimeType":"image/png"}},` +
		`{"fileData":{"fileUri":"gs://bucket/b.pdf","mimeType":"application/pdf"}}]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// partsJSON returns the JSON of the parts of the function response that
// answers a successful call whose result is content, with the whole
// inline budget.
func partsJSON(t *testing.T, content runtime.Content) string {
	t.Helper()
	res := &runtime.Result{Success: true, Output: content.String(), Data: content}
	inline := maxInlineBase64
	out := response(&genai.FunctionCall{Name: "t"}, res, &inline)
	got, err := json.Marshal(out.Parts)
	if err != nil {
		t.Fatal(err)
	}
	return string(got)
}
