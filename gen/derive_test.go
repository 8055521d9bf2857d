package gen

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/toolgen-go/toolgen/internal/derive"
)

// TestDeriveAgrees checks internal/derive against the dialect schemas
// toolgen builds, on every tool of the golden packages, the parity types
// and the examples: where it derives a schema at all, it must be the bytes
// toolgen built (else the runtime would hand a model a schema the decoder
// does not agree with, had toolgen not checked), and it must derive most
// of them, or the generated code writes them out again.
func TestDeriveAgrees(t *testing.T) {
	ok, _ := goldenCases(t)
	patterns := []string{"../testdata/parity", "../examples/...", "../internal/shapes"}
	for _, c := range ok {
		patterns = append(patterns, "./"+filepath.ToSlash(filepath.Join(goldenRoot, c))+"/...")
	}
	files, err := Generate(context.Background(), Config{Patterns: patterns})
	if err != nil {
		t.Fatal(err)
	}
	var derived, built, refused int
	for _, f := range files {
		for _, tool := range f.tools {
			for _, d := range []Dialect{OpenAI, Gemini, Anthropic} {
				if tool.Schemas[d] == nil || tool.Degraded[d] {
					continue
				}
				built++
				s, err := derive.Schema(int(d), tool.Schemas[Standard])
				switch {
				case err != nil:
					refused++
				case !bytes.Equal(s, tool.Schemas[d]):
					t.Errorf("%s in %s: derived\n%s\nbuilt\n%s", tool.Name, d, s, tool.Schemas[d])
				default:
					derived++
				}
			}
		}
	}
	t.Logf("%d dialect schemas: %d derived, %d refused", built, derived, refused)
	if derived < built*3/4 {
		t.Errorf("derived %d of %d dialect schemas, want at least three quarters", derived, built)
	}
}
