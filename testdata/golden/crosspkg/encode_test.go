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
	checkTool(t, "visits", string(want))
}

// TestLogs runs a tool whose result type, of another package, has fields
// of types the generated code cannot name, and requires what
// encoding/json writes for it.
func TestLogs(t *testing.T) {
	want, _ := json.Marshal([]geo.Log{geo.NewLog("a", 0), geo.NewLog("b", 2)})
	checkTool(t, "logs", string(want))
}

// TestLastEntry runs a tool whose result is an unexported type of another
// package, named by an exported alias, and requires what encoding/json
// writes for it.
func TestLastEntry(t *testing.T) {
	want, _ := json.Marshal(&geo.Entry{Msg: "c"})
	checkTool(t, "last_entry", string(want))
}

func checkTool(t *testing.T, name, want string) {
	t.Helper()
	for _, tool := range Tools() {
		if tool.Info().Name != name {
			continue
		}
		res, err := tool.(interface {
			Invoke(context.Context, json.RawMessage) (runtime.Result, error)
		}).Invoke(context.Background(), nil)
		if err != nil || res.Output != want {
			t.Errorf("%s: %s, %v\nwant %s", name, res.Output, err, want)
		}
		return
	}
	t.Error("no tool " + name)
}
