package anthropictools

import (
	"bytes"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

// Anthropic refuses an image whose base64 data is over 5 MiB
// ("image exceeds 5 MB maximum: 6275800 bytes > 5242880 bytes"), and the
// tool_result stays in the conversation, so every later request fails
// too. Such an image must go by its description, as an image of a media
// type Anthropic does not take does.
func TestImageOverLimit(t *testing.T) {
	const max = 5 << 20
	fits := bytes.Repeat([]byte{1}, max/4*3) // base64 of exactly 5 MiB
	over := bytes.Repeat([]byte{1}, max/4*3+1)
	content := runtime.Content{
		runtime.MediaPart(runtime.PartImage, "image/png", fits),
		runtime.MediaPart(runtime.PartImage, "image/png", over),
	}
	blocks, ok := resultContent(&runtime.Result{Success: true, Output: content.String(), Data: content}, fullBudget())
	if !ok || len(blocks) != 2 {
		t.Fatalf("got %d blocks, ok %v", len(blocks), ok)
	}
	if blocks[0].OfImage == nil {
		t.Errorf("an image of 5 MiB of base64 went as %+v, not as an image", blocks[0])
	}
	if blocks[1].OfImage != nil {
		t.Errorf("an image of %d bytes of base64 went as an image block, which Anthropic refuses (over 5 MiB)", len(blocks[1].OfImage.Source.OfBase64.Data))
	}
}
