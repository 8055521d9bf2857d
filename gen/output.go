package gen

import (
	"go/types"
	"reflect"
	"strings"
)

// The model of a result type, for the generated encoders: how toolgen
// writes a tool's result as JSON without reflection. What toolgen does not
// write itself (any, types with their own MarshalJSON or MarshalText,
// structs with embedded fields or the "string" option) is written by
// encoding/json, for that value only.

type outKind int

const (
	outValue outKind = iota // written by encoding/json
	outBool
	outString
	outInt
	outUint
	outFloat
	outPointer
	outSlice
	outArray
	outMap
	outStruct
)

// outType is a result type as toolgen writes it.
type outType struct {
	kind   outKind
	goType types.Type
	bits   int
	elem   *outType
	fields []*outField // a struct's, in order
}

// outField is one field that encoding/json writes.
type outField struct {
	goName, jsonName string
	omitEmpty        bool
	t                *outType
}

// outputs maps result types to their model, once each, so recursive types
// end in a cycle.
type outputs struct {
	types map[string]*outType
}

func (o *outputs) of(t types.Type) *outType {
	t = types.Unalias(t)
	key := types.TypeString(t, nil)
	if ot, ok := o.types[key]; ok {
		return ot
	}
	ot := &outType{kind: outValue, goType: t}
	o.types[key] = ot
	if n, ok := t.(*types.Named); ok && (hasMethod(n, "MarshalJSON") || hasMethod(n, "MarshalText")) {
		return ot
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Kind() == types.Bool:
			ot.kind = outBool
		case u.Kind() == types.String:
			ot.kind = outString
		case u.Info()&types.IsUnsigned != 0 && u.Kind() != types.Uintptr:
			ot.kind, ot.bits = outUint, 64
		case u.Info()&types.IsInteger != 0:
			ot.kind, ot.bits = outInt, 64
		case u.Kind() == types.Float32:
			ot.kind, ot.bits = outFloat, 32
		case u.Kind() == types.Float64:
			ot.kind, ot.bits = outFloat, 64
		}
	case *types.Pointer:
		ot.kind, ot.elem = outPointer, o.of(u.Elem())
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return ot // base64
		}
		ot.kind, ot.elem = outSlice, o.of(u.Elem())
	case *types.Array:
		ot.kind, ot.elem = outArray, o.of(u.Elem())
	case *types.Map:
		k, ok := u.Key().Underlying().(*types.Basic)
		if kn, named := types.Unalias(u.Key()).(*types.Named); named && (hasMethod(kn, "MarshalText") || hasMethod(kn, "MarshalJSON")) {
			return ot
		}
		if ok && k.Kind() == types.String {
			ot.kind, ot.elem = outMap, o.of(u.Elem())
		}
	case *types.Struct:
		if fields, ok := o.fields(u); ok {
			ot.kind, ot.fields = outStruct, fields
		}
	}
	return ot
}

// fields returns the fields encoding/json writes for st, or false if
// toolgen leaves the struct to encoding/json.
func (o *outputs) fields(st *types.Struct) ([]*outField, bool) {
	var out []*outField
	names := map[string]bool{}
	for i := range st.NumFields() {
		v := st.Field(i)
		if v.Embedded() {
			return nil, false // promotion rules: encoding/json's business
		}
		if !v.Exported() {
			continue
		}
		tag := reflect.StructTag(st.Tag(i)).Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" {
			continue
		}
		if name == "" || strings.ContainsAny(name, "\"\\\x00") || !validTagName(name) {
			name = v.Name()
		}
		f := &outField{goName: v.Name(), jsonName: name}
		for _, opt := range strings.Split(opts, ",") {
			switch opt {
			case "omitempty":
				f.omitEmpty = true
			case "string", "omitzero":
				return nil, false
			}
		}
		if names[name] {
			return nil, false
		}
		names[name] = true
		f.t = o.of(v.Type())
		out = append(out, f)
	}
	return out, true
}

// validTagName reports whether encoding/json takes name from a json tag
// (its isValidTag).
func validTagName(name string) bool {
	for _, c := range name {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c > 0x7f):
			return false
		}
	}
	return true
}
