package anthropictools

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"image"
	"image/png"
	"strings"
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
	got := contentJSON(t, content)
	want := `[{"source":{"data":"AQ==","media_type":"image/png","type":"base64"},"type":"image"},` +
		`{"text":"[image, image/bmp, 1 bytes]","type":"text"},` +
		`{"text":"[image, 1 bytes]","type":"text"},` +
		`{"text":"[image empty.png, image/png]","type":"text"}]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestResultContentImageURL checks that an image at a URL goes as an
// image block only when the API can fetch it and would take it: an
// http(s) URL, of an image type Anthropic takes (or none said). An image
// at a file:, data: or relative URL, or an SVG or BMP at a web URL, would
// fail the next request with a 400, and every later one, as the
// tool_result stays in the conversation: it goes by its description.
func TestResultContentImageURL(t *testing.T) {
	content := runtime.Content{
		{Type: runtime.PartImage, URL: "https://example.com/a.png", MIMEType: "image/png"},
		{Type: runtime.PartImage, URL: "https://example.com/b"},
		{Type: runtime.PartImage, URL: "file:///tmp/c.png", MIMEType: "image/png"},
		{Type: runtime.PartImage, URL: "charts/d.png"},
		{Type: runtime.PartImage, URL: "https://example.com/e.svg", MIMEType: "image/svg+xml"},
	}
	got := contentJSON(t, content)
	want := `[{"source":{"url":"https://example.com/a.png","type":"url"},"type":"image"},` +
		`{"source":{"url":"https://example.com/b","type":"url"},"type":"image"},` +
		`{"text":"[image, image/png, at file:///tmp/c.png]","type":"text"},` +
		`{"text":"[image, at charts/d.png]","type":"text"},` +
		`{"text":"[image, image/svg+xml, at https://example.com/e.svg]","type":"text"}]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestResultContentImageSniffed checks that an image whose bytes are of
// another type Anthropic takes than its media type says (a JPEG labelled
// image/png) goes with the type of its bytes: the API refuses an image
// that does not match its media type, and the tool_result stays in the
// conversation.
func TestResultContentImageSniffed(t *testing.T) {
	jpeg := []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00")
	content := runtime.Content{runtime.MediaPart(runtime.PartImage, "image/png", jpeg)}
	got := contentJSON(t, content)
	want := `[{"source":{"data":"/9j/4AAQSkZJRgA=","media_type":"image/jpeg","type":"base64"},"type":"image"}]`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// TestResultContentImageTooLarge checks that an image wider or taller than
// the 8000 pixels Anthropic takes goes by its description: the API refuses
// it ("image dimensions exceed max allowed size"), and the tool_result
// stays in the conversation.
func TestResultContentImageTooLarge(t *testing.T) {
	encode := func(w, h int) []byte {
		var buf bytes.Buffer
		if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	content := runtime.Content{
		runtime.MediaPart(runtime.PartImage, "image/png", encode(8000, 1)),
		runtime.MediaPart(runtime.PartImage, "image/png", encode(8001, 1)),
		runtime.MediaPart(runtime.PartImage, "image/png", encode(1, 9000)),
		runtime.MediaPart(runtime.PartImage, "image/webp", webpExtended(8000, 8000)),
		runtime.MediaPart(runtime.PartImage, "image/webp", webpExtended(8001, 2)),
		runtime.MediaPart(runtime.PartImage, "image/webp", webpLossless(16, 8000)),
		runtime.MediaPart(runtime.PartImage, "image/webp", webpLossless(16, 9000)),
	}
	res := &runtime.Result{Success: true, Output: content.String(), Data: content}
	blocks, ok := resultContent(res, fullBudget())
	if !ok {
		t.Fatal("a successful result made a failed tool_result")
	}
	var kinds []string
	for _, b := range blocks {
		switch {
		case b.OfImage != nil:
			kinds = append(kinds, "image")
		case b.OfText != nil:
			kinds = append(kinds, "text")
		}
	}
	if got, want := strings.Join(kinds, " "), "image text text image text image text"; got != want {
		t.Errorf("blocks %s, want %s", got, want)
	}
}

// webpExtended returns the header of an extended WebP (a VP8X chunk) of
// w by h pixels: all that is read of its size.
func webpExtended(w, h int) []byte {
	chunk := []byte("VP8X\x0a\x00\x00\x00\x00\x00\x00\x00")
	chunk = append(chunk, byte(w-1), byte((w-1)>>8), byte((w-1)>>16), byte(h-1), byte((h-1)>>8), byte((h-1)>>16))
	return riffWebP(chunk)
}

// webpLossless returns the header of a lossless WebP (a VP8L chunk) of w
// by h pixels.
func webpLossless(w, h int) []byte {
	bits := uint32(w-1) | uint32(h-1)<<14
	chunk := []byte("VP8L\x05\x00\x00\x00\x2f")
	chunk = binary.LittleEndian.AppendUint32(chunk, bits)
	return riffWebP(append(chunk, 0)) // a chunk of odd length is padded
}

// riffWebP wraps chunk in a RIFF WEBP container.
func riffWebP(chunk []byte) []byte {
	data := binary.LittleEndian.AppendUint32([]byte("RIFF"), uint32(4+len(chunk)))
	return append(append(data, "WEBP"...), chunk...)
}

// contentJSON returns the JSON of the tool_result blocks that answer a
// successful call whose result is content, with the whole inline budget.
func contentJSON(t *testing.T, content runtime.Content) string {
	t.Helper()
	res := &runtime.Result{Success: true, Output: content.String(), Data: content}
	blocks, ok := resultContent(res, fullBudget())
	if !ok {
		t.Fatal("a successful result made a failed tool_result")
	}
	got, err := json.Marshal(blocks)
	if err != nil {
		t.Fatal(err)
	}
	return string(got)
}
