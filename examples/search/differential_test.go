package search

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/schematest"
	"github.com/toolgen-go/toolgen/runtime"
)

// TestDifferential checks that the generated decoders accept exactly the
// documents that a reference JSON Schema validator accepts for the tools'
// standard schemas, over generated and mutated documents.
func TestDifferential(t *testing.T) {
	cases := map[string]schematest.Decoder{
		"search_passages": func(args []byte) error {
			_, err := runtime.Decode(args, runtime.DefaultLimits, decodeSearchRequest)
			return err
		},
		"get_passage": func(args []byte) error {
			_, err := runtime.Decode(args, runtime.DefaultLimits, decodeGetPassageArgs)
			return err
		},
	}
	for _, tool := range Tools(NewSearcher(HelpCenter)) {
		info := tool.Info()
		checked, valid := schematest.Check(t, info.Name, info.Parameters, 300, cases[info.Name])
		t.Logf("%s: %d documents, %d valid", info.Name, checked, valid)
	}
}
