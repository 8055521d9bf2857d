package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEstimateTokens checks the estimate on pieces whose o200k_base
// token count is known (counted with js-tiktoken).
func TestEstimateTokens(t *testing.T) {
	for text, want := range map[string]int{
		"":                     0,
		"weather":              1,
		" weather":             1,
		"the weather in Paris": 4,
		"internationalization": 2,
		"12345":                2,
		`{"type":"string"}`:    5,
		"température à Zürich": 4,
		"additionalProperties": 2,
		`":{"`:                 1,
		"a\n\nb":               3,
	} {
		if got := EstimateTokens(text); got != want {
			t.Errorf("EstimateTokens(%q) = %d, want %d", text, got, want)
		}
	}
}

// TestDumpDefinitions writes every tool definition of the examples and
// goldens, in every dialect, to $TOOLGEN_TOKEN_DUMP, with toolgen's
// estimate of each in estimates.tsv, for comparing the estimate with a
// real tokenizer (see the README's -stats section). It runs only when
// asked.
func TestDumpDefinitions(t *testing.T) {
	dir := os.Getenv("TOOLGEN_TOKEN_DUMP")
	if dir == "" {
		t.Skip("set TOOLGEN_TOKEN_DUMP to a directory to dump the definitions")
	}
	files := generateCorpus(t)
	var tsv strings.Builder
	n := 0
	for _, f := range files {
		for i := range f.defs {
			for d := range numDialects {
				def := f.defs[i].definition(d)
				if def == nil {
					continue
				}
				n++
				name := fmt.Sprintf("%04d.json", n)
				if err := os.WriteFile(filepath.Join(dir, name), def, 0o644); err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&tsv, "%s\t%s\t%s\t%d\t%d\n", name, f.defs[i].Name, d, len(def), EstimateTokens(string(def)))
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "estimates.tsv"), []byte(tsv.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d definitions", n)
}
