package crosspkg

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/testdata/golden/crosspkg/geo/v2"
)

// TestVisits runs a tool whose result type, of another package, promotes
// fields from unexported embedded structs, and requires what
// encoding/json writes for it.
func TestVisits(t *testing.T) {
	want, _ := json.Marshal([]geo.Visit{geo.NewVisit("Lyon", 1), geo.NewVisit("Nice", 2)})
	for _, tool := range Tools() {
		if tool.Info().Name != "visits" {
			continue
		}
		res, err := tool.(interface {
			Invoke(context.Context, json.RawMessage) (runtime.Result, error)
		}).Invoke(context.Background(), nil)
		if err != nil || res.Output != string(want) {
			t.Errorf("visits: %s, %v\nwant %s", res.Output, err, want)
		}
		return
	}
	t.Error("no tool visits")
}
