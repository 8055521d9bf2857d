package mcptools_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/runtime"
)

// content block types a protocol version does not have (audio, added
// in 2025-03-26; resource_link, added in 2025-06-18) must not reach a
// client that negotiated an older version: its result schema has no such
// type, and a client that validates (the TypeScript SDK's zod union, the
// Python SDK's pydantic one) rejects the whole result.
func TestBlocksByProtocolVersion(t *testing.T) {
	content := runtime.Content{
		runtime.TextPart("A cat:"),
		runtime.MediaPart(runtime.PartImage, "image/png", []byte("PNG")),
		runtime.MediaPart(runtime.PartAudio, "audio/wav", []byte("RIFF")),
		{Type: runtime.PartVideo, MIMEType: "video/mp4", URL: "https://example.com/cat.mp4"},
		{Type: runtime.PartImage, MIMEType: "image/png", URL: "https://example.com/cat.png"},
		{Type: runtime.PartFile, Name: "cat.txt", MIMEType: "text/plain", Data: []byte("meow")},
	}
	known := map[string][]string{
		"2024-11-05": {"text", "image", "resource"},
		"2025-03-26": {"text", "image", "audio", "resource"},
		"2025-06-18": {"text", "image", "audio", "resource", "resource_link"},
		"2025-11-25": {"text", "image", "audio", "resource", "resource_link"},
	}
	for version, types := range known {
		res := mcptools.Result(nil, &runtime.Result{Success: true, Output: content.String(), Data: content}, version)
		data, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		var wire struct {
			Content []struct {
				Type string `json:"type"`
			} `json:"content"`
		}
		if err := json.Unmarshal(data, &wire); err != nil {
			t.Fatal(err)
		}
		if len(wire.Content) != len(content) {
			t.Errorf("%s: %d blocks, want %d", version, len(wire.Content), len(content))
		}
		for i, b := range wire.Content {
			ok := false
			for _, k := range types {
				ok = ok || b.Type == k
			}
			if !ok {
				t.Errorf("%s: block %d has type %q, which protocol %s does not know (it has %s)", version, i, b.Type, version, strings.Join(types, ", "))
			}
		}
	}
}
