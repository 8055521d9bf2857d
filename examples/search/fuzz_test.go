package search

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/schematest"
)

// The fuzz targets feed arbitrary bytes to the generated decoders: nothing
// may panic, and what they accept must be what the schema accepts. The
// seed corpus is in testdata/fuzz.

func FuzzSearchPassages(f *testing.F) {
	schematest.Fuzz(f, "search_passages", searchPassagesInfo.Parameters, schematest.ForPaths(fastSearchRequest, decodeSearchRequest))
}

func FuzzGetPassage(f *testing.F) {
	schematest.Fuzz(f, "get_passage", getPassageInfo.Parameters, schematest.ForPaths(fastGetPassageArgs, decodeGetPassageArgs))
}
