package recursive

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// TestEncodeCycle checks that the generated encoder of a recursive type
// fails on a value that holds itself, with encoding/json's error, rather
// than recursing until the stack overflows (a fatal error, which kills the
// program); and that a deep value without a cycle, past the depth where
// the encoder starts to look for one, is written as encoding/json writes
// it.
func TestEncodeCycle(t *testing.T) {
	root := &Node{Name: "root"}
	child := &Node{Name: "child", Parent: root}
	root.Children = []*Node{child}
	if _, err := json.Marshal(root); err == nil || !strings.HasPrefix(err.Error(), "json: unsupported value: encountered a cycle via ") {
		t.Fatalf("encoding/json: %v", err) // it names the slice it met the cycle through
	}
	var e toolimpl.Encoder
	encodeNode(&e, root)
	if _, err := e.Bytes(); err == nil || err.Error() != "json: unsupported value: encountered a cycle via *recursive.Node" {
		t.Errorf("a cycle: got error %v", err)
	}

	deep := &Node{Name: "0"}
	for n, i := deep, 1; i < 3000; i++ {
		n.Children = []*Node{{Name: "n"}}
		n = n.Children[0]
	}
	wantJSON, err := json.Marshal(deep)
	if err != nil {
		t.Fatal(err)
	}
	var d toolimpl.Encoder
	encodeNode(&d, deep)
	if got, err := d.Bytes(); err != nil || string(got) != string(wantJSON) {
		t.Errorf("3,000 levels: error %v, %d bytes; want %d bytes", err, len(got), len(wantJSON))
	}
}

// TestEncodeMapCycle checks a value that holds itself through a map's
// values, which are copies whose addresses never repeat: encoding/json
// sees the map again; the generated encoder stops at its depth limit, with
// an error, where it recursed until the stack overflowed (helper 52).
func TestEncodeMapCycle(t *testing.T) {
	g := Grove{Name: "root", Kids: map[string]Grove{}}
	g.Kids["self"] = g // the map holds a copy of g, whose Kids is the same map
	if _, err := json.Marshal(g); err == nil {
		t.Fatal("encoding/json wrote a cycle")
	}
	var e toolimpl.Encoder
	encodeGrove(&e, &g)
	if _, err := e.Bytes(); err == nil || !strings.HasPrefix(err.Error(), "json: unsupported value: encountered a cycle via *recursive.Grove") {
		t.Errorf("a cycle through a map: got error %v", err)
	}
}
