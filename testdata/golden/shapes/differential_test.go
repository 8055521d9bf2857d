package shapes

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/schematest"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// TestDifferential checks the generated decoders against a reference JSON
// Schema validator and against encoding/json, over at least 10,000 generated
// and mutated documents per tool: they must accept exactly the documents the
// schema accepts, and decode them as encoding/json does (defaults applied).
func TestDifferential(t *testing.T) {
	targets := map[string]schematest.Target{
		"full":       schematest.ForPaths(fastIn, decodeIn),
		"error_only": schematest.ForPaths(fastIn, decodeIn),
		"no_context": schematest.ForPaths(fastIn, decodeIn),
		"no_input":   schematest.For(toolimpl.DecodeNoInput),
		"pointer":    schematest.ForPaths(fastIn, decodeIn),
		"plain":      schematest.ForPaths(fastPlainArgs, decodePlainArgs),
		"nothing":    schematest.For(toolimpl.DecodeNoInput),
		"ping":       schematest.ForPaths(fastEmpty, decodeEmpty),
	}
	for _, tool := range Tools() {
		info := tool.Info()
		checked, valid := schematest.Check(t, info.Name, info.Parameters, 10000, targets[info.Name])
		t.Logf("%s: %d documents, %d valid", info.Name, checked, valid)
	}
}
