package docstyles

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/schematest"
)

// TestDifferential checks the generated decoders against a reference JSON
// Schema validator and against encoding/json, over at least 10,000 generated
// and mutated documents per tool.
func TestDifferential(t *testing.T) {
	targets := map[string]schematest.Target{
		"list_issues":      schematest.ForPaths(fastListIssuesOptions, decodeListIssuesOptions),
		"list_pods":        schematest.ForPaths(fastListPodsRequest, decodeListPodsRequest),
		"search_documents": schematest.ForPaths(fastSearchDocumentsRequest, decodeSearchDocumentsRequest),
		"forecast":         schematest.ForPaths(fastForecastInput, decodeForecastInput),
		"geocode":          schematest.ForPaths(fastGeocodeInput, decodeGeocodeInput),
	}
	for _, tool := range Tools() {
		info := tool.Info()
		checked, valid := schematest.Check(t, info.Name, info.Parameters, 10000, targets[info.Name])
		t.Logf("%s: %d documents, %d valid", info.Name, checked, valid)
	}
}
