package crosspkg

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/schematest"
)

// TestDifferential checks the generated decoders against a reference JSON
// Schema validator and against encoding/json, over at least 10,000 generated
// and mutated documents per tool: they must accept exactly the documents the
// schema accepts, and decode them as encoding/json does (defaults applied).
func TestDifferential(t *testing.T) {
	targets := map[string]schematest.Target{
		"distance": schematest.ForPaths(fastTrip, decodeTrip),
		"nearest":  schematest.ForPaths(fastPlace, decodePlace),
		"locate":   schematest.ForPaths(fastQuery, decodeQuery),
	}
	for _, tool := range Tools() {
		info := tool.Info()
		if info.Name == "visits" || info.Name == "logs" || info.Name == "last_entry" {
			continue // no parameters
		}
		checked, valid := schematest.Check(t, info.Name, info.Parameters, 10000, targets[info.Name])
		t.Logf("%s: %d documents, %d valid", info.Name, checked, valid)
	}
}
