package openaitools

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"testing"
)

// gifFrames counts the images of GIFs as image/gif writes them, and
// answers 0 for data that is not a whole GIF, which then goes by its
// description: the API takes non-animated GIFs only.
func TestGIFFrames(t *testing.T) {
	encode := func(frames int, palette color.Palette) []byte {
		var anim gif.GIF
		for range frames {
			anim.Image = append(anim.Image, image.NewPaletted(image.Rect(0, 0, 3, 2), palette))
			anim.Delay = append(anim.Delay, 5)
		}
		var buf bytes.Buffer
		if err := gif.EncodeAll(&buf, &anim); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	bw := color.Palette{color.Black, color.White}
	for frames := 1; frames <= 3; frames++ {
		if got := gifFrames(encode(frames, bw)); got != frames {
			t.Errorf("a GIF of %d frames: counted %d", frames, got)
		}
	}
	// Each frame with its own color table (image/gif writes a local table
	// when a frame's palette differs from the first's).
	var anim gif.GIF
	anim.Image = []*image.Paletted{
		image.NewPaletted(image.Rect(0, 0, 2, 2), bw),
		image.NewPaletted(image.Rect(0, 0, 2, 2), color.Palette{color.White, color.Black, color.Gray{128}}),
	}
	anim.Delay = []int{1, 1}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, &anim); err != nil {
		t.Fatal(err)
	}
	if got := gifFrames(buf.Bytes()); got != 2 {
		t.Errorf("a GIF of 2 frames with local color tables: counted %d", got)
	}
	still := encode(1, bw)
	for _, bad := range [][]byte{nil, []byte("GIF89a"), still[:len(still)-1], still[:20], []byte("PNG.............")} {
		if got := gifFrames(bad); got != 0 {
			t.Errorf("%q: counted %d frames, want 0", bad, got)
		}
	}
}
