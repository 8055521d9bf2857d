// Package multimodal has a tool whose result is multimodal content.
package multimodal

import (
	"context"

	"github.com/toolgen-go/toolgen/runtime"
)

// Chart draws a bar chart of the values, as a PNG image with a caption.
//
//tool:export
//tool:param title The chart's title.
//tool:param values The bars, from left to right.
func Chart(ctx context.Context, title string, values []float64) (runtime.Content, error) {
	if len(values) == 0 {
		return nil, runtime.Fail("a chart needs at least one value")
	}
	png := []byte("\x89PNG\r\n\x1a\n") // a real tool would draw here
	return runtime.Content{
		runtime.TextPart(title),
		runtime.MediaPart(runtime.PartImage, "image/png", png),
	}, nil
}
