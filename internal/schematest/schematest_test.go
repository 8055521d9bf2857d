package schematest

import (
	"reflect"
	"strings"
	"testing"
)

func TestHasDuplicateKeys(t *testing.T) {
	for in, want := range map[string]bool{
		`{"a":1,"b":2}`:                     false,
		`{"a":1,"a":2}`:                     true,
		`{"a":{"a":1},"b":[{"a":1,"b":1}]}`: false,
		`{"a":[1,{"x":1,"x":2}]}`:           true,
		`[{"k":"k"},{"k":1}]`:               false,
		`{"a":"b","b":{"c":"a"},"c":1}`:     false,
	} {
		if got := hasDuplicateKeys([]byte(in)); got != want {
			t.Errorf("hasDuplicateKeys(%s) = %v", in, got)
		}
	}
}

// A default of a field with the json option string is the quoted text,
// which encoding/json reads only through the field's tag.
func TestApplyDefaultsString(t *testing.T) {
	type in struct {
		N *int64 `json:"n,omitempty,string"`
		M int    `json:"m,omitempty"`
	}
	schema := map[string]any{"properties": map[string]any{
		"n": map[string]any{"type": "string", "default": "-7"},
		"m": map[string]any{"type": "integer", "default": 3.0},
	}}
	var v in
	applyDefaults(schema, schema, map[string]any{}, reflect.ValueOf(&v))
	if v.N == nil || *v.N != -7 || v.M != 3 {
		t.Errorf("got N=%v M=%d, want -7 and 3", v.N, v.M)
	}
}

// An integer that float64 cannot hold, in a number, is not the number a
// Go float holds.
func TestFloatInexact(t *testing.T) {
	schema := map[string]any{"properties": map[string]any{
		"f": map[string]any{"type": "number"},
		"i": map[string]any{"type": "integer"},
	}}
	for doc, want := range map[string]bool{
		`{"f":9007199254740993}`: true,
		`{"f":9007199254740992}`: false,
		`{"f":1e-400}`:           true,
		`{"f":0.5}`:              false,
		`{"i":9007199254740993}`: false,
	} {
		if got := floatInexact([]byte(doc), schema); got != want {
			t.Errorf("floatInexact(%s) = %v, want %v", doc, got, want)
		}
	}
}

// Defaults apply in the values of a map, as in the fields of a struct.
func TestApplyDefaultsMap(t *testing.T) {
	type item struct {
		N int `json:"n,omitempty"`
	}
	schema := map[string]any{"additionalProperties": map[string]any{"properties": map[string]any{
		"n": map[string]any{"type": "integer", "default": 4.0},
	}}}
	v := map[string]item{"a": {}, "b": {N: 1}}
	applyDefaults(schema, schema, map[string]any{"a": map[string]any{}, "b": map[string]any{"n": 1.0}}, reflect.ValueOf(&v))
	if v["a"].N != 4 || v["b"].N != 1 {
		t.Errorf("got %v, want a:4 b:1", v)
	}
}

// A field of the struct's own hides an embedded struct's of the same JSON
// name, as in encoding/json.
func TestApplyDefaultsShallower(t *testing.T) {
	type base struct {
		ID int `json:"id"`
	}
	type in struct {
		base
		Own int `json:"id,omitempty"`
	}
	schema := map[string]any{"properties": map[string]any{
		"id": map[string]any{"type": "integer", "default": 5.0},
	}}
	var v in
	applyDefaults(schema, schema, map[string]any{}, reflect.ValueOf(&v))
	if v.Own != 5 || v.ID != 0 {
		t.Errorf("got Own=%d ID=%d, want 5 and 0", v.Own, v.ID)
	}
}

// A default of a field promoted through a nil embedded pointer is applied,
// as the decoders apply it: the embedded struct is allocated for it, and
// only for it.
func TestApplyDefaultsEmbeddedPointer(t *testing.T) {
	type Inner struct {
		N int `json:"n,omitempty"`
	}
	type Other struct {
		M int `json:"m,omitempty"`
	}
	type in struct {
		*Inner
		*Other
	}
	schema := map[string]any{"properties": map[string]any{
		"n": map[string]any{"type": "integer", "default": 2.0},
		"m": map[string]any{"type": "integer"},
	}}
	var v in
	applyDefaults(schema, schema, map[string]any{}, reflect.ValueOf(&v))
	if v.Inner == nil || v.N != 2 || v.Other != nil {
		t.Errorf("got inner %v, other %v; want n 2 and other nil", v.Inner, v.Other)
	}
}

// upperKey is a map key read in upper case.
type upperKey string

func (k *upperKey) UnmarshalText(b []byte) error {
	*k = upperKey(strings.ToUpper(string(b)))
	return nil
}

// The defaults of a map's values go by the key encoding/json makes of the
// document's, through UnmarshalText.
func TestApplyDefaultsTextKey(t *testing.T) {
	type item struct {
		N int `json:"n,omitempty"`
	}
	schema := map[string]any{"additionalProperties": map[string]any{"properties": map[string]any{
		"n": map[string]any{"type": "integer", "default": 4.0},
	}}}
	v := map[upperKey]item{"A": {}, "B": {N: 1}}
	applyDefaults(schema, schema, map[string]any{"a": map[string]any{}, "b": map[string]any{"n": 1.0}}, reflect.ValueOf(&v))
	if v["A"].N != 4 || v["B"].N != 1 {
		t.Errorf("got %v, want A:4 B:1", v)
	}
}
