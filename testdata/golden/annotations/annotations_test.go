package annotations

import (
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestHints(t *testing.T) {
	yes, no := true, false
	for _, c := range []struct {
		info                   *runtime.Info
		title                  string
		readOnly, idempotent   bool
		destructive, openWorld *bool
	}{
		{&lookupInfo, `Look up a "record"`, true, true, nil, &no},
		{&deleteInfo, "Delete", false, true, &yes, nil},
		{&appendInfo, "", false, false, &no, &yes},
		{&overwriteInfo, "", false, false, &yes, nil},
		{&unsaidInfo, "", false, false, nil, nil},
	} {
		i := c.info
		if i.Title != c.title || i.ReadOnly != c.readOnly || i.Idempotent != c.idempotent ||
			!samePtr(i.Destructive, c.destructive) || !samePtr(i.OpenWorld, c.openWorld) {
			t.Errorf("%s: got title %q readOnly %v idempotent %v destructive %v openWorld %v", i.Name, i.Title, i.ReadOnly, i.Idempotent, show(i.Destructive), show(i.OpenWorld))
		}
	}
	for _, tool := range Tools() {
		if info := tool.Info(); info.Confirm != (info.Name == "delete" || info.Name == "append") {
			t.Errorf("%s: Confirm %v", info.Name, info.Confirm)
		}
	}
}

func samePtr(a, b *bool) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func show(p *bool) any {
	if p == nil {
		return "nil"
	}
	return *p
}
