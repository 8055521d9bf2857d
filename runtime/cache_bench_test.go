package runtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	. "github.com/toolgen-go/toolgen/runtime"
)

// BenchmarkCacheHit is a call of a tool marked cache whose result is
// stored, in the registry's own cache (memory) and in a shared store in
// memory (shared, a Cache such as Redis without its round trip, so that
// what the registry does with a value it reads shows): text of 1 KiB, a
// structured result of 1 KiB, and Content of a text part and a 4 KiB
// image.
func BenchmarkCacheHit(b *testing.B) {
	text := strings.Repeat("sunny, 21°C. ", 80)
	temps := make([]int, 200)
	image := bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 1024)
	tools := []Tool{
		cachedTool("text", func(ctx context.Context, in anyIn) (string, error) { return text, nil }),
		cachedTool("json", func(ctx context.Context, in anyIn) (forecast, error) {
			return forecast{City: "Oslo", Temps: temps}, nil
		}),
		cachedTool("content", func(ctx context.Context, in anyIn) (Content, error) {
			return Content{TextPart("the chart"), MediaPart(PartImage, "image/png", image)}, nil
		}),
	}
	args := json.RawMessage(`{"city":"Oslo","days":3}`)
	for _, store := range []string{"memory", "shared"} {
		for _, name := range []string{"text", "json", "content"} {
			b.Run(store+"/"+name, func(b *testing.B) {
				var s Settings
				if store == "shared" {
					s.Cache = newMapCache()
				}
				r := NewRegistry(&s)
				if err := r.Register(tools...); err != nil {
					b.Fatal(err)
				}
				ctx := context.Background()
				if res, err := r.Execute(ctx, name, args); err != nil || !res.Success {
					b.Fatal(res, err)
				}
				b.ReportAllocs()
				for b.Loop() {
					if res, err := r.Execute(ctx, name, args); err != nil || !res.Success {
						b.Fatal(res, err)
					}
				}
			})
		}
	}
}
