package methods

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

// TestValueAndPointerReceivers checks that a method on Store and methods
// on *Store share Tools' one *Store, and see its changes.
func TestValueAndPointerReceivers(t *testing.T) {
	store := &Store{orders: map[string]string{"a": "x", "b": "y"}}
	reg := runtime.NewRegistry(&runtime.Settings{Approver: func(context.Context, runtime.Call) (bool, error) { return true, nil }})
	if err := reg.Register(Tools(store, Clock{})...); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if res, _ := reg.Execute(ctx, "cancel", json.RawMessage(`{"id":"a"}`)); !res.Success {
		t.Fatalf("cancel: %+v", res)
	}
	if res, _ := reg.Execute(ctx, "count", nil); res.Output != "1" {
		t.Errorf("count after a cancel: %+v, want 1", res)
	}
}
