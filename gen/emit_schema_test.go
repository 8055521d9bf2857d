package gen

import (
	"go/types"
	"slices"
	"strings"
	"testing"
)

// TestSchemaPieces checks that schemaPieces cuts where splitSchema cuts,
// that the pieces join to the schema, and the names it gives them.
func TestSchemaPieces(t *testing.T) {
	cases := []struct {
		schema string
		names  []string
	}{
		{`{"type":"object"}`, []string{"Start"}},
		{`{"properties":{"a":{"type":"string","description":"x \"properties\":{ y"},"b_c":{"type":"integer"}},"additionalProperties":false,"type":"object"}`,
			[]string{"Start", "A", "BC", "End"}},
		{`{"properties":{"place":{"properties":{"city":{"type":"string"},"zip":{"type":"string"}},"type":"object"},"tags":{"items":{"properties":{"k":{"type":"string"}},"type":"object"},"type":"array"}},"type":"object","required":["place"]}`,
			[]string{"Start", "Place", "PlaceCity", "PlaceZip", "PlaceEnd", "Tags", "TagsK", "TagsEnd", "End"}},
		{`{"$defs":{"Node":{"properties":{"name":{"type":"string"},"next":{"$ref":"#/$defs/Node"}},"type":"object"}},"properties":{"tree":{"$ref":"#/$defs/Node"}},"type":"object"}`,
			[]string{"Start", "NodeName", "NodeNext", "NodeEnd", "Tree", "End"}},
		{`{"properties":{"opt":{"anyOf":[{"properties":{"x":{"type":"number"}},"type":"object"},{"type":"null"}]}},"type":"object"}`,
			[]string{"Start", "Opt", "OptX", "OptEnd", "End"}},
	}
	for _, c := range cases {
		pieces := schemaPieces([]byte(c.schema))
		var texts, names []string
		for _, p := range pieces {
			texts = append(texts, p.text)
			names = append(names, pieceName(p))
		}
		if got := strings.Join(texts, ""); got != c.schema {
			t.Errorf("%s: pieces join to %s", c.schema, got)
		}
		if want := splitSchema([]byte(c.schema)); !slices.Equal(texts, want) {
			t.Errorf("%s:\npieces %q\nsplitSchema %q", c.schema, texts, want)
		}
		if !slices.Equal(names, c.names) {
			t.Errorf("%s: names %q, want %q", c.schema, names, c.names)
		}
	}
}

// TestDefNames checks the $defs names of recursive types that share a
// name: the bare name where it is alone, the package's name where that
// tells them apart, and otherwise as few elements of the path as do.
func TestDefNames(t *testing.T) {
	named := func(path, name string) *Type {
		base := strings.TrimSuffix(path, "/v2")
		pkg := types.NewPackage(path, base[strings.LastIndex(base, "/")+1:])
		return &Type{Kind: KindStruct, Go: types.NewNamed(types.NewTypeName(0, pkg, name, nil), types.NewStruct(nil, nil), nil)}
	}
	ts := []*Type{
		named("example.com/shop/a/api", "Node"),
		named("example.com/shop/b/api", "Node"),
		named("example.com/shop/geo", "Item"),
		named("example.com/shop/store", "Item"),
		named("example.com/shop/tree", "Leaf"),
		named("example.com/lib", "Tree"),
		named("example.com/lib/v2", "Tree"),
	}
	got := defNames(ts)
	want := []string{"a.api.Node", "b.api.Node", "geo.Item", "store.Item", "Leaf", "lib.Tree", "lib.v2.Tree"}
	for i, tt := range ts {
		if got[tt] != want[i] {
			t.Errorf("name of %s = %q, want %q", tt.Go, got[tt], want[i])
		}
	}
}
