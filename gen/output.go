package gen

import (
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
)

// The model of a result type, for the generated encoders: how toolgen
// writes a tool's result as JSON without reflection. What toolgen does not
// write itself (any, types with their own MarshalJSON or MarshalText,
// structs with embedded fields or the "string" option, types of another
// package it cannot name) is written by encoding/json, for that value
// only.

type outKind int

const (
	outValue outKind = iota // written by encoding/json
	outBool
	outString
	outInt
	outUint
	outFloat
	outTime // a time.Time
	outJSON // a json.RawMessage
	// A type with MarshalJSON (or MarshalText and no MarshalJSON) on its
	// value.
	outMarshalJSON
	outMarshalText
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
	// addressed marks a type that encoding/json writes one way where it
	// is addressable (an element of a slice, a value behind a pointer) and
	// another where it is not (a value result, a map's value): one with
	// MarshalJSON or MarshalText on its pointer alone, or an array or
	// struct holding one by value. It is written by encoding/json, given
	// a pointer where encoding/json would have one.
	addressed bool
}

// outField is one field that encoding/json writes.
type outField struct {
	goName, jsonName string
	omitEmpty        bool
	omitZero         bool      // omitzero: left out when zeroable(t) says it is zero
	path             []outStep // the embedded fields it is promoted through
	t                *outType
	typ              types.Type
}

// outStep is an embedded field a field is promoted through.
type outStep struct {
	goName  string
	pointer bool // a nil one leaves the fields promoted through it out
}

// outputs maps result types to their model, once each, so recursive types
// end in a cycle.
type outputs struct {
	types map[string]*outType
	pkg   *types.Package // the package the code is generated for
}

func (o *outputs) of(t types.Type) *outType {
	t = types.Unalias(t)
	key := types.TypeString(t, nil)
	if ot, ok := o.types[key]; ok {
		return ot
	}
	ot := &outType{kind: outValue, goType: t}
	o.types[key] = ot
	if isNamed(t, "encoding/json", "Number") {
		return ot // encoding/json writes it: the number as its text, checked
	}
	if isNamed(t, "encoding/json", "RawMessage") {
		ot.kind = outJSON // written as is, less white space, not boxed
		return ot
	}
	if isNamed(t, "time", "Time") {
		ot.kind = outTime // written as its MarshalJSON does, not boxed
		return ot
	}
	if n, ok := t.(*types.Named); ok && (hasMethod(n, "MarshalJSON") || hasMethod(n, "MarshalText")) {
		// Where the value is addressable, encoding/json calls a MarshalJSON
		// of the pointer before anything of the value (a MarshalText); a
		// MarshalText of the pointer before the value's own fields.
		ot.addressed = hasMethod(n, "MarshalJSON") && !hasValueMethod(n, "MarshalJSON") ||
			!hasMethod(n, "MarshalJSON") && !hasValueMethod(n, "MarshalText")
		// A method of the value is called wherever the value is, as
		// encoding/json calls it; one of the pointer only where the value
		// is addressable, which encoding/json is left to decide.
		switch {
		case hasValueMethod(n, "MarshalJSON"):
			ot.kind = outMarshalJSON
		case !hasMethod(n, "MarshalJSON") && hasValueMethod(n, "MarshalText"):
			ot.kind = outMarshalText
		}
		return ot
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Kind() == types.Bool:
			ot.kind = outBool
		case u.Kind() == types.String:
			ot.kind = outString
		case u.Info()&types.IsUnsigned != 0:
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
		if ot.elem.addressed {
			ot.kind, ot.elem, ot.addressed = outValue, nil, true
		}
	case *types.Map:
		k, ok := u.Key().Underlying().(*types.Basic)
		if kn, named := types.Unalias(u.Key()).(*types.Named); named && (hasMethod(kn, "MarshalText") || hasMethod(kn, "MarshalJSON")) {
			return ot
		}
		if ok && k.Kind() == types.String {
			ot.kind, ot.elem = outMap, o.of(u.Elem())
		}
	case *types.Struct:
		if o.addressedFields(u) {
			ot.addressed = true // encoding/json writes it, from a pointer where it has one
		} else if fields, ok := o.fields(u); ok {
			ot.kind, ot.fields = outStruct, fields
		}
	}
	// A struct's encoder names its type, and a map's its key's type: one
	// the generated code cannot name (unexported, of another package) is
	// written by encoding/json.
	switch {
	case ot.kind == outStruct && isNamedType(t) && !o.nameable(t),
		ot.kind == outMap && !o.nameable(t.Underlying().(*types.Map).Key()):
		ot.kind, ot.elem, ot.fields = outValue, nil, nil
	}
	return ot
}

// addressedFields reports whether a field of st that encoding/json
// writes holds, by value, a type it writes differently where addressable.
func (o *outputs) addressedFields(st *types.Struct) bool {
	for i := range st.NumFields() {
		v := st.Field(i)
		if !v.Exported() && !v.Embedded() || reflect.StructTag(st.Tag(i)).Get("json") == "-" {
			continue
		}
		if o.of(v.Type()).addressed {
			return true
		}
	}
	return false
}

// fields returns the fields encoding/json writes for st, or false if
// toolgen leaves the struct to encoding/json. The fields of embedded
// structs are promoted as encoding/json promotes them: a shallower field
// hides a deeper one of the same name, at one depth a tagged field wins,
// and two that neither rule separates are both dropped; the fields are in
// the order of their indexes, and those behind a nil embedded pointer are
// left out.
func (o *outputs) fields(st *types.Struct) ([]*outField, bool) {
	type level struct {
		st    *types.Struct
		path  []outStep
		index []int
	}
	type found struct {
		f      *outField
		tagged bool
		index  []int
	}
	var all []found
	visited := map[*types.Struct]bool{st: true}
	current := []level{{st: st}}
	for depth := 0; len(current) > 0; depth++ {
		var next []level
		embeds := map[*types.Struct]int{}
		for _, lv := range current {
			for i := range lv.st.NumFields() {
				v := lv.st.Field(i)
				tag := reflect.StructTag(lv.st.Tag(i)).Get("json")
				if tag == "-" {
					continue // but "-," names the field "-", as encoding/json reads it
				}
				name, opts, _ := strings.Cut(tag, ",")
				if name != "" && (strings.ContainsAny(name, "\"\\\x00") || !validJSONName(name)) {
					name = ""
				}
				index := append(slices.Clone(lv.index), i)
				if v.Embedded() {
					ft, ptr := types.Unalias(v.Type()), false
					if p, ok := ft.(*types.Pointer); ok {
						ft, ptr = types.Unalias(p.Elem()), true
					}
					inner, isStruct := ft.Underlying().(*types.Struct)
					if !v.Exported() && !isStruct {
						continue // encoding/json ignores it
					}
					if !v.Exported() && v.Pkg() != o.pkg {
						return nil, false // code of another package cannot name it
					}
					if name == "" && isStruct {
						if ptr && !v.Exported() {
							return nil, false // encoding/json's rules for it are its own
						}
						if embeds[inner]++; embeds[inner] > 1 {
							return nil, false // twice at one depth: encoding/json drops both
						}
						if visited[inner] {
							continue
						}
						visited[inner] = true
						step := outStep{goName: v.Name(), pointer: ptr}
						next = append(next, level{st: inner, path: append(slices.Clone(lv.path), step), index: index})
						continue
					}
				} else if !v.Exported() {
					continue
				}
				f := &outField{goName: v.Name(), jsonName: name, path: lv.path, typ: v.Type()}
				if f.jsonName == "" {
					f.jsonName = v.Name()
				}
				for _, opt := range strings.Split(opts, ",") {
					switch opt {
					case "omitempty":
						f.omitEmpty = true
					case "omitzero":
						if !zeroable(v.Type()) || !o.comparedNameable(v.Type()) {
							return nil, false
						}
						f.omitZero = true
					case "string":
						return nil, false
					}
				}
				all = append(all, found{f, name != "", index})
			}
		}
		current = next
	}
	// For each name, the shallowest field, or the tagged one of the
	// shallowest; none if that leaves two.
	byName := map[string][]found{}
	for _, c := range all {
		byName[c.f.jsonName] = append(byName[c.f.jsonName], c)
	}
	var kept []found
	for _, c := range all {
		cs := byName[c.f.jsonName]
		depth := len(cs[0].index)
		for _, d := range cs {
			depth = min(depth, len(d.index))
		}
		var top []found
		for _, d := range cs {
			if len(d.index) == depth {
				top = append(top, d)
			}
		}
		if len(top) > 1 {
			var tagged []found
			for _, d := range top {
				if d.tagged {
					tagged = append(tagged, d)
				}
			}
			top = tagged
		}
		if len(top) == 1 && top[0].f == c.f {
			kept = append(kept, c)
		}
	}
	slices.SortFunc(kept, func(a, b found) int { return slices.Compare(a.index, b.index) })
	out := make([]*outField, len(kept))
	for i, c := range kept {
		c.f.t = o.of(c.f.typ)
		if c.f.t.addressed && slices.ContainsFunc(c.f.path, func(s outStep) bool { return s.pointer }) {
			// Behind an embedded pointer, encoding/json finds it
			// addressable wherever the struct is, and writes it with the
			// methods of its pointer.
			return nil, false
		}
		out[i] = c.f
	}
	return out, true
}

// The model of a result type, for its output schema: the analyzer's Type,
// built in output mode (analyzer.output), where a type is what
// encoding/json writes rather than what it reads. A type with its own
// MarshalJSON writes JSON toolgen cannot know (KindCustom, any JSON value,
// unless a type= tag states it); one with MarshalText writes a string; an
// interface writes whatever its dynamic value does; a map's keys may be
// integers; a field is required when encoding/json always writes it.

// resultType returns the model of a result type for its output schema, or
// nil after an error, which is reported at pos.
func (a *analyzer) resultType(t types.Type, pos token.Pos) *Type {
	if a.outTypes == nil {
		a.outTypes = make(map[string]*Type)
	}
	saved := a.types
	a.types, a.output = a.outTypes, true
	defer func() { a.types, a.output = saved, false }()
	return a.typeOf(t, pos)
}

// marshaler returns the model of a named type that encoding/json writes
// with its own method, or nil if it has none. A method on the pointer
// alone is called only where the value is addressable, so what is
// written depends on where the value is: any JSON value.
func (a *analyzer) marshaler(n *types.Named, doc string) *Type {
	switch {
	case hasMethod(n, "MarshalJSON"):
		return &Type{Kind: KindCustom, Go: n, Doc: doc}
	case hasValueMethod(n, "MarshalText"):
		return &Type{Kind: KindText, Go: n, Doc: doc}
	case hasMethod(n, "MarshalText"):
		return &Type{Kind: KindCustom, Go: n, Doc: doc}
	}
	return nil
}

// hasValueMethod reports whether the value (not only the pointer) of n has
// the method.
func hasValueMethod(n *types.Named, name string) bool {
	ms := types.NewMethodSet(n)
	for i := range ms.Len() {
		if ms.At(i).Obj().Name() == name {
			return true
		}
	}
	return false
}

// outputOnly maps the unnamed types a result may have and an argument may
// not: interfaces (written as their dynamic value), maps with integer or
// text-marshaling keys, pointers to pointers; and reports those a result
// cannot have (channels, functions). handled is false for the others,
// which typeOf maps as for arguments; the type is nil after an error.
func (a *analyzer) outputOnly(t types.Type, pos token.Pos) (_ *Type, handled bool) {
	switch u := t.(type) {
	case *types.Interface:
		return &Type{Kind: KindAny, Go: t}, true
	case *types.Pointer:
		elem := a.typeOf(u.Elem(), pos)
		if elem == nil {
			return nil, true
		}
		return &Type{Kind: KindPointer, Go: t, Elem: elem}, true
	case *types.Map:
		key := types.Unalias(u.Key())
		k, basic := key.Underlying().(*types.Basic)
		kn, named := key.(*types.Named)
		switch {
		case basic && k.Info()&types.IsString != 0:
			return nil, false
		case named && hasValueMethod(kn, "MarshalText"), basic && k.Info()&types.IsInteger != 0:
			elem := a.typeOf(u.Elem(), pos)
			if elem == nil {
				return nil, true
			}
			return &Type{Kind: KindMap, Go: t, Elem: elem, TextKey: true}, true
		}
		a.errorf(pos, "map key type %s cannot be written as JSON: encoding/json takes string, integer and encoding.TextMarshaler keys", a.typeString(u.Key()))
		return nil, true
	case *types.Chan, *types.Signature:
		a.errorf(pos, "%s cannot be part of a tool's result: channels and functions have no JSON form; leave the field out with json:\"-\"", a.typeString(t))
		return nil, true
	}
	return nil, false
}

// written reports whether encoding/json writes the field c of type typ in
// every value of its struct: it is not left out when empty or zero, and
// not promoted through an embedded pointer, which may be nil.
func written(c candidate, typ *Type) bool {
	for _, s := range c.path {
		if s.Pointer {
			return false
		}
	}
	for _, o := range strings.Split(c.opts, ",") {
		switch o {
		case "omitzero":
			return false
		case "omitempty":
			if emptiable(typ.Go) {
				return false
			}
		}
	}
	return true
}

// emptiable reports whether omitempty can leave out a value of type t: a
// struct, or an array of non-zero length, is never empty.
func emptiable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		return false
	case *types.Array:
		return u.Len() == 0
	}
	return true
}

// nilable reports whether encoding/json writes a value of type t as null
// when it is nil.
func nilable(t *Type) bool {
	switch t.Kind {
	case KindPointer, KindSlice, KindMap, KindBytes, KindAny, KindRaw:
		return true
	}
	return false
}

// comparedNameable reports whether generated code can write the zero
// value of t, which it compares a value of t with for omitzero unless t
// has IsZero.
func (o *outputs) comparedNameable(t types.Type) bool {
	if _, ok := zeroMethod(types.Unalias(t)); ok {
		return true
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return o.nameable(t)
	}
	return true
}

// nameable reports whether the generated code, of package o.pkg, can
// write the type t: it names no unexported type, alias, field or method of
// another package.
func (o *outputs) nameable(t types.Type) bool {
	visible := func(obj types.Object) bool {
		return obj.Exported() || obj.Pkg() == nil || obj.Pkg() == o.pkg
	}
	switch t := t.(type) {
	case *types.Alias, *types.Named:
		// Written by its name and type arguments, not by what it stands
		// for.
		named := t.(interface {
			Obj() *types.TypeName
			TypeArgs() *types.TypeList
		})
		if !visible(named.Obj()) {
			return false
		}
		for a := range named.TypeArgs().Types() {
			if !o.nameable(a) {
				return false
			}
		}
		return true
	case *types.Basic:
		return true
	case *types.Pointer:
		return o.nameable(t.Elem())
	case *types.Slice:
		return o.nameable(t.Elem())
	case *types.Array:
		return o.nameable(t.Elem())
	case *types.Map:
		return o.nameable(t.Key()) && o.nameable(t.Elem())
	case *types.Chan:
		return o.nameable(t.Elem())
	case *types.Signature:
		for _, tuple := range []*types.Tuple{t.Params(), t.Results()} {
			for v := range tuple.Variables() {
				if !o.nameable(v.Type()) {
					return false
				}
			}
		}
		return true
	case *types.Interface:
		if !t.IsMethodSet() {
			return false
		}
		for m := range t.Methods() {
			if !visible(m) || !o.nameable(m.Type()) {
				return false
			}
		}
		return true
	case *types.Struct:
		for i := range t.NumFields() {
			if f := t.Field(i); !visible(f) || !o.nameable(f.Type()) {
				return false
			}
		}
		return true
	}
	return false
}

// zeroable reports whether generated code can tell, as encoding/json does
// for omitzero, whether a value of type t is zero: by its IsZero method,
// or by comparing it with the zero value (reflect.Value.IsZero takes -0.0
// for zero, as == does, since Go 1.22). A struct or an array that cannot
// be compared, and an interface with IsZero, whose nil values
// encoding/json treats apart, are left to encoding/json.
func zeroable(t types.Type) bool {
	t = types.Unalias(t)
	if _, ok := zeroMethod(t); ok {
		_, isInterface := t.Underlying().(*types.Interface)
		return !isInterface
	}
	switch t.Underlying().(type) {
	case *types.Basic, *types.Pointer, *types.Interface, *types.Slice, *types.Map, *types.Chan, *types.Signature:
		return true
	case *types.Struct, *types.Array:
		return types.Comparable(t)
	}
	return false
}

// zeroMethod returns the type whose method set has IsZero() bool for t: t
// itself (its value's or, addressable, its pointer's method; for a pointer
// *T, T's); ok is false if there is none. A named pointer type, and a
// pointer to a pointer, have none, as for encoding/json, which tells
// whether they are nil.
func zeroMethod(t types.Type) (types.Type, bool) {
	has := func(t types.Type) bool {
		obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "IsZero")
		fn, ok := obj.(*types.Func)
		if !ok {
			return false
		}
		sig := fn.Signature()
		return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool])
	}
	if has(t) {
		return t, true
	}
	return nil, false
}
