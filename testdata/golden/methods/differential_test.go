package methods

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
		"order":  schematest.ForPaths(fastLookup, decodeLookup),
		"time":   schematest.For(toolimpl.DecodeNoInput),
		"count":  schematest.For(toolimpl.DecodeNoInput),
		"cancel": schematest.ForPaths(fastLookup, decodeLookup),
	}
	for _, tool := range Tools(&Store{}, Clock{}) {
		info := tool.Info()
		checked, valid := schematest.Check(t, info.Name, info.Parameters, 10000, targets[info.Name])
		t.Logf("%s: %d documents, %d valid", info.Name, checked, valid)
	}
}
