package anthropictools

import (
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

// TestResultContentMedia checks that only the image types Anthropic takes
// as base64 data go as image blocks; any other image (SVG, BMP, no media
// type, no bytes) goes by its description, as audio and video do, since
// it would fail the next request.
func TestResultContentMedia(t *testing.T) {
	content := runtime.Content{
		runtime.MediaPart(runtime.PartImage, "image/png", []byte{1}),
		runtime.MediaPart(runtime.PartImage, "image/bmp", []byte{1}),
		runtime.MediaPart(runtime.PartImage, "", []byte{1}),
		{Type: runtime.PartImage, MIMEType: "image/png", Name: "empty.png"},
	}
	res := &runtime.Result{Success: true, Output: content.String(), Data: content}
	blocks, ok := resultContent(res, fullBudget())
	if !ok {
		t.Fatal("a successful result made a failed tool_result")
	}
	got, err := json.Marshal(blocks)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"source":{"data":"AQ==","media_type":"image/png","type":"base64"},"type":"image"},` +
		`{"text":"[image, image/bmp, 1 bytes]","type":"text"},` +
		`{"text":"[image, 1 bytes]","type":"text"},` +
		`{"text":"[image empty.png, image/png]","type":"text"}]`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
