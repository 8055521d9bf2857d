package unions

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/schematest"
	"github.com/toolgen-go/toolgen/runtime"
)

// TestDifferential checks the generated decoders against a reference
// JSON Schema validator over generated and mutated documents.
func TestDifferential(t *testing.T) {
	cases := map[string]schematest.Decoder{
		"reach": func(args []byte) error {
			_, err := runtime.Decode(args, runtime.DefaultLimits, decodeContact)
			return err
		},
	}
	for _, tool := range Tools() {
		info := tool.Info()
		checked, valid := schematest.Check(t, info.Name, info.Parameters, 200, cases[info.Name])
		t.Logf("%s: %d documents, %d valid", info.Name, checked, valid)
	}
}
