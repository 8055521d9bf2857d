package gen

import (
	"cmp"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"unicode"
)

// typeOf maps a Go type to the model, reporting at pos a type that cannot be
// decoded from JSON or described by a schema. It returns nil after an error.
func (a *analyzer) typeOf(t types.Type, pos token.Pos) *Type {
	for alias, ok := t.(*types.Alias); ok; alias, ok = types.Unalias(alias.Rhs()).(*types.Alias) {
		a.checkPlatform(alias.Obj(), pos)
		t = alias.Rhs()
	}
	t = types.Unalias(t)
	switch {
	case isNamed(t, "time", "Time"):
		return &Type{Kind: KindTime, Go: t}
	case isNamed(t, "encoding/json", "RawMessage"):
		return &Type{Kind: KindRaw, Go: t}
	case isNamed(t, "encoding/json", "Number") && a.output:
		// A number as its text, which encoding/json writes as it is: a
		// database's exact NUMERIC, say.
		return &Type{Kind: KindFloat, Go: t, Bits: 64}
	case isNamed(t, "encoding/json", "Number"):
		a.errorf(pos, "json.Number is not supported in arguments: toolgen reads numbers into typed fields; use float64 or int64 (exact from their decimal text), math/big.Int for integers of any size, or json.RawMessage for any JSON value")
		return nil
	}
	if a.output && isError(t) {
		a.toolNoteAt(pos, "a value of type error in a result is written as encoding/json writes it, {} for most errors (their fields are unexported), so the model reads nothing of it: return the error as the tool's error, or put err.Error() in a string field")
	}
	if named, ok := t.(*types.Named); ok {
		if obj := named.Obj(); !a.output && !obj.Exported() && obj.Pkg() != nil && obj.Pkg() != a.pkg.Types {
			a.errorf(pos, "type %s is unexported in package %s, so the code generated for the tool cannot name it to read an argument into it: export it, or use a type of your own", obj.Name(), obj.Pkg().Path())
			return nil
		}
		return a.namedType(named, pos)
	}
	if a.output {
		if ot, handled := a.outputOnly(t, pos); handled {
			return ot
		}
	}
	switch u := t.(type) {
	case *types.Basic:
		return a.basicType(u, u, pos)
	case *types.Pointer:
		elem := a.typeOf(u.Elem(), pos)
		if elem == nil {
			return nil
		}
		if elem.Kind == KindPointer {
			a.errorf(pos, "pointers to pointers (%s) are not supported as a tool argument: use one pointer", a.typeString(t))
			return nil
		}
		return &Type{Kind: KindPointer, Go: t, Elem: elem}
	case *types.Slice:
		if b, ok := types.Unalias(u.Elem()).(*types.Basic); ok && b.Kind() == types.Byte {
			return &Type{Kind: KindBytes, Go: t}
		}
		if n, ok := types.Unalias(u.Elem()).(*types.Named); ok && isByteKind(n) && !hasMethod(n, "MarshalJSON") && !hasMethod(n, "MarshalText") {
			a.errorf(pos, "%s is a slice of a byte type, which encoding/json reads and writes as base64 text; use []byte", types.TypeString(t, types.RelativeTo(a.pkg.Types)))
			return nil
		}
		elem := a.typeOf(u.Elem(), pos)
		if elem == nil {
			return nil
		}
		return &Type{Kind: KindSlice, Go: t, Elem: elem}
	case *types.Array:
		elem := a.typeOf(u.Elem(), pos)
		if elem == nil {
			return nil
		}
		return &Type{Kind: KindArray, Go: t, Elem: elem, Len: u.Len()}
	case *types.Map:
		if kn, ok := types.Unalias(u.Key()).(*types.Named); ok && hasMethod(kn, "UnmarshalText") {
			elem := a.typeOf(u.Elem(), pos)
			if elem == nil {
				return nil
			}
			return &Type{Kind: KindMap, Go: t, Elem: elem, TextKey: true}
		}
		if kn, ok := types.Unalias(u.Key()).(*types.Named); ok && !a.output && !kn.Obj().Exported() && kn.Obj().Pkg() != a.pkg.Types {
			a.errorf(pos, "map key type %s is unexported in package %s, so the code generated for the tool cannot name it to read an argument into it: export it, or use map[string]T", kn.Obj().Name(), kn.Obj().Pkg().Path())
			return nil
		}
		if k, ok := u.Key().Underlying().(*types.Basic); !ok || k.Info()&(types.IsString|types.IsInteger) == 0 {
			a.errorf(pos, "map key type %s cannot be read from JSON: object keys are strings, and encoding/json reads them into string, integer and encoding.TextUnmarshaler keys only; use map[string]T", a.typeString(u.Key()))
			return nil
		} else if k.Info()&types.IsString == 0 {
			a.errorf(pos, "map key type %s is not supported in a tool's arguments: toolgen reads object keys as strings (encoding/json would read these keys from strings of digits, which the schema cannot tell the model); use map[string]T and convert the keys with strconv, or a key type with UnmarshalText", a.typeString(u.Key()))
			return nil
		}
		elem := a.typeOf(u.Elem(), pos)
		if elem == nil {
			return nil
		}
		return &Type{Kind: KindMap, Go: t, Elem: elem}
	case *types.Struct:
		st := &Type{Kind: KindStruct, Go: t}
		a.structFields(st, u)
		return st
	case *types.Interface:
		if u.Empty() {
			return &Type{Kind: KindAny, Go: t}
		}
		if pos == a.site.pos && !a.site.field {
			// A parameter or result of an interface type: what the
			// handler of a web request takes, say.
			a.errorf(pos, "%s: an interface cannot be decoded from JSON: take a concrete type the model can write; pass a dependency (a writer, a client, a database) through a method's receiver", a.site.name)
			return nil
		}
		a.errorf(pos, "interface type %s cannot be decoded from JSON: use a concrete type, or any", a.typeString(t))
		return nil
	case *types.Chan, *types.Signature:
		a.errorf(pos, "%s cannot be a tool argument: channels and functions have no JSON form", a.typeString(t))
		return nil
	case *types.TypeParam:
		a.errorf(pos, "type parameter %s cannot be a tool argument: its type must be known when code is generated", a.typeString(t))
		return nil
	}
	a.errorf(pos, "type %s is not supported as a tool argument: use a string, number, bool, struct, slice or map type", a.typeString(t))
	return nil
}

// basicType maps a basic type; goType is t or the named type over it.
func (a *analyzer) basicType(b *types.Basic, goType types.Type, pos token.Pos) *Type {
	switch b.Kind() {
	case types.Bool:
		return &Type{Kind: KindBool, Go: goType}
	case types.String:
		return &Type{Kind: KindString, Go: goType}
	case types.Int, types.Int64:
		return &Type{Kind: KindInt, Go: goType, Bits: 64}
	case types.Int8:
		return &Type{Kind: KindInt, Go: goType, Bits: 8}
	case types.Int16:
		return &Type{Kind: KindInt, Go: goType, Bits: 16}
	case types.Int32:
		return &Type{Kind: KindInt, Go: goType, Bits: 32}
	case types.Uint, types.Uint64:
		return &Type{Kind: KindUint, Go: goType, Bits: 64}
	case types.Uint8:
		return &Type{Kind: KindUint, Go: goType, Bits: 8}
	case types.Uint16:
		return &Type{Kind: KindUint, Go: goType, Bits: 16}
	case types.Uint32:
		return &Type{Kind: KindUint, Go: goType, Bits: 32}
	case types.Float32:
		return &Type{Kind: KindFloat, Go: goType, Bits: 32}
	case types.Float64:
		return &Type{Kind: KindFloat, Go: goType, Bits: 64}
	case types.Complex64, types.Complex128:
		a.errorf(pos, "complex numbers (%s) have no JSON form", a.typeString(goType))
		return nil
	}
	if a.output {
		if b.Kind() == types.Uintptr {
			return &Type{Kind: KindUint, Go: goType, Bits: 64} // a number, to encoding/json
		}
		a.errorf(pos, "type %s cannot be part of a tool's result: encoding/json cannot write it; leave the field out with json:\"-\"", a.typeString(goType))
		return nil
	}
	if b.Kind() == types.UnsafePointer {
		a.errorf(pos, "type %s cannot be a tool argument: it has no JSON form", a.typeString(goType))
		return nil
	}
	a.errorf(pos, "type %s is not supported as a tool argument: use int64 or uint64", a.typeString(goType))
	return nil
}

// typeString writes t for a message, with the names of the package's own
// types unqualified.
func (a *analyzer) typeString(t types.Type) string {
	return types.TypeString(t, types.RelativeTo(a.pkg.Types))
}

// namedType maps a named type once, so recursive types end in a cycle.
func (a *analyzer) namedType(n *types.Named, pos token.Pos) *Type {
	key := types.TypeString(n, nil)
	if t, ok := a.types[key]; ok {
		if msg, broken := a.foreignBroken[a.modeKey(key)]; broken && a.site.pos.IsValid() {
			a.siteError(msg) // each site that brings it in is a mistake
		}
		return t
	}
	if _, ok := n.Underlying().(*types.Struct); ok && a.mapping != nil {
		// A cycle through a struct is one toolgen writes (type Nodes
		// []Node, with Node holding Nodes): the named types being mapped
		// outside it are not what its fields refer back to.
		outer := a.mapping
		a.mapping = nil
		defer func() { a.mapping = outer }()
	}
	a.checkPlatform(n.Obj(), pos)
	if a.output && (isNamed(n, RuntimePath, "Content") || isNamed(n, RuntimePath, "Part")) {
		// Only a result that is Content goes to adapters as media.
		a.toolNoteAt(pos, "runtime.%s inside a result is written as JSON like any value, so its media reach the model as base64 text, never as images or files: return runtime.Content itself for a multimodal result, with the rest as text parts", n.Obj().Name())
	}
	if isNamed(n, "net/url", "URL") && !a.output {
		// encoding/json reads a url.URL as an object of its parts, not
		// as the string a model writes for a URL.
		a.toolNoteAt(pos, "url.URL is an object of its parts to encoding/json (scheme, host, path, …), so the model must send one; to take a URL as the model writes it, use a string and parse it with url.Parse")
	}
	doc := a.constWords(n.Obj().Pkg(), trimGoName(a.typeDoc(n.Obj()), n.Obj().Name()))
	if a.output {
		if t := a.marshaler(n, doc); t != nil {
			a.notePromotedOut(n, pos)
			a.types[key] = t
			return t
		}
	} else if hasMethod(n, "UnmarshalJSON") {
		return a.selfDecoding(n, key, doc, pos)
	}
	if !a.output && hasMethod(n, "UnmarshalText") {
		a.checkPromoted(n, "UnmarshalText", pos)
		t := &Type{Kind: KindText, Go: n, Doc: doc}
		a.types[key] = t
		return t
	}
	if st, ok := n.Underlying().(*types.Struct); ok {
		t := &Type{Kind: KindStruct, Go: n, Doc: doc}
		a.types[key] = t
		mark := len(a.foreignMistakes)
		a.structFields(t, st)
		if len(a.foreignMistakes) > mark {
			a.foreignBroken[a.modeKey(key)] = a.foreignMistakes[mark]
		}
		return t
	}
	if a.mapping[n] {
		a.errorf(pos, "type %s refers to itself through a %s: toolgen writes recursive types through structs only; make it a struct with a field of its type (type Tree struct { Children map[string]Tree `json:\"children\"` })",
			types.TypeString(n, types.RelativeTo(a.pkg.Types)), kindOfUnderlying(n))
		return nil
	}
	if a.mapping == nil {
		a.mapping = make(map[*types.Named]bool)
	}
	a.mapping[n] = true
	t := a.underlying(n, doc, pos)
	delete(a.mapping, n)
	if t != nil {
		a.types[key] = t
	}
	return t
}

// modeKey is key, a named type's, for the mode types are mapped in: a
// type that cannot be an argument may be a result.
func (a *analyzer) modeKey(key string) string {
	if a.output {
		return "result " + key
	}
	return key
}

// kindOfUnderlying names what a named type that is not a struct is made
// of, for a message.
func kindOfUnderlying(n *types.Named) string {
	switch n.Underlying().(type) {
	case *types.Map:
		return "map"
	case *types.Slice:
		return "slice"
	case *types.Array:
		return "array"
	case *types.Pointer:
		return "pointer"
	}
	return "type"
}

// durationDoc is what a time.Duration's schema says: the unit a model
// must count in, which a field's own description keeps (see fieldSchema).
const durationDoc = "A duration in nanoseconds (1s is 1000000000)."

// underlying maps a named type that is not a struct by its underlying
// type, with the enum of its const group.
func (a *analyzer) underlying(n *types.Named, doc string, pos token.Pos) *Type {
	var t *Type
	if b, ok := n.Underlying().(*types.Basic); ok {
		t = a.basicType(b, n, pos)
	} else {
		u := a.typeOf(n.Underlying(), pos)
		if u != nil {
			c := *u
			c.Go = n
			t = &c
		}
	}
	if t == nil {
		return nil
	}
	t.Doc = doc
	switch {
	case isNamed(n, "time", "Duration"):
		// encoding/json writes a Duration as its nanoseconds; its
		// constants are units, not a set of values.
		t.Doc = durationDoc
	case t.Kind == KindString:
		t.Enum = a.enumOf(n)
	case (t.Kind == KindInt || t.Kind == KindUint) && n.Obj().Pkg() == a.pkg.Types:
		// Integer constants of a type from elsewhere are too often units or
		// flags to be taken as its only values.
		t.Enum = a.enumOf(n)
		if first, ok := a.flagTypes[n.Obj()]; ok && first != nil {
			a.flagTypes[n.Obj()] = nil // said once
			a.noteAt(a.fset.Position(first.Pos()), "the constants of %s are powers of two, flags a value may combine, so toolgen makes no enum of them: say in the description of the fields of %s which values combine and how, or list the values with enum= if it is an enum", n.Obj().Name(), n.Obj().Name())
		}
	}
	return t
}

// selfDecoding maps a named type with its own UnmarshalJSON. Its schema is
// the one its fields, its text form (with UnmarshalText) or its underlying
// type imply, as reflecting libraries give it; the generated decoder
// checks that shape and then calls the method. Where that shape is unknown
// (a struct without exported fields, an underlying type with no JSON form)
// it is KindCustom, and the field needs a type= tag.
func (a *analyzer) selfDecoding(n *types.Named, key, doc string, pos token.Pos) *Type {
	if knownJSONType(n) != "" {
		// Its UnmarshalJSON takes numbers, not its text form.
		t := &Type{Kind: KindCustom, Go: n, Doc: doc}
		a.types[key] = t
		return t
	}
	if hasMethod(n, "UnmarshalText") && (promotedFrom(n, "UnmarshalText") == nil || promotedFrom(n, "UnmarshalJSON") != nil) {
		// Its text form, unless that is an embedded field's while its
		// UnmarshalJSON is its own (a struct that embeds time.Time and
		// reads an object).
		a.checkPromoted(n, "UnmarshalJSON", pos)
		t := &Type{Kind: KindText, Go: n, Doc: doc, SelfDecode: true}
		a.types[key] = t
		return t
	}
	if wrapped := wrapperOf(n); wrapped != nil {
		// struct{ time.Duration } with a method that reads a string: its
		// field would say {"Duration": an integer}, which the method
		// need not read. Its JSON type comes from a tag.
		t := &Type{Kind: KindCustom, Go: n, Doc: doc}
		a.types[key] = t
		return t
	}
	a.checkPromoted(n, "UnmarshalJSON", pos)
	t := &Type{Kind: KindStruct, Go: n, Doc: doc, SelfDecode: true}
	a.types[key] = t // for recursive types
	// Mistakes in a shape toolgen only infers are not the author's: the
	// type falls back to needing a type= tag.
	diags, cached := len(a.diags), maps.Clone(a.types)
	var shape *Type
	if st, ok := n.Underlying().(*types.Struct); ok {
		shape = &Type{Kind: KindStruct, Go: n, Doc: doc}
		a.structFields(shape, st)
	} else {
		shape = a.underlying(n, doc, pos)
	}
	if len(a.diags) > diags || shape == nil || (shape.Kind == KindStruct && len(shape.Fields) == 0) {
		a.diags = a.diags[:diags]
		a.types = cached
		*t = Type{Kind: KindCustom, Go: n, Doc: doc}
		a.types[key] = t
		return t
	}
	*t = *shape
	t.SelfDecode = true
	t.Shape = shape
	return t
}

// isByteKind reports whether n's underlying type is byte.
func isByteKind(n *types.Named) bool {
	b, ok := n.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Byte
}

// knownJSONType returns the JSON type of a standard library type whose
// UnmarshalJSON reads something other than its text form: math/big.Int
// takes JSON integers of any size (big.Float and big.Rat have only their
// text form, a string). "" for any other type.
func knownJSONType(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "math/big" && n.Obj().Name() == "Int" {
		return "integer"
	}
	return ""
}

// promotedFrom returns the embedded field of the struct n through which
// n has the method name, or nil where n declares it itself or has none.
func promotedFrom(n *types.Named, name string) *types.Var {
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	ms := types.NewMethodSet(types.NewPointer(n))
	for i := range ms.Len() {
		if sel := ms.At(i); sel.Obj().Name() == name && len(sel.Index()) > 1 {
			return st.Field(sel.Index()[0])
		}
	}
	return nil
}

// checkPromoted reports a struct that decodes itself with a method name
// of one of its embedded fields, and has other fields: encoding/json calls
// that method for the whole struct, so the others, which the schema would
// ask the model for, are never set.
func (a *analyzer) checkPromoted(n *types.Named, name string, pos token.Pos) {
	from, others := promotedOver(n, name)
	if from == nil {
		return
	}
	a.errorf(pos, "%s has the %s method of its embedded field %s, so encoding/json decodes the whole %s with that method and never sets %s, which the model would be asked for: declare %s on %s, or give the embedded field a name",
		a.typeString(n), name, a.typeString(from.Type()), n.Obj().Name(), strings.Join(others, ", "), name, n.Obj().Name())
}

// notePromotedOut notes a result struct that encoding/json writes with a
// method of one of its embedded fields, and has other fields, which are
// then never written.
func (a *analyzer) notePromotedOut(n *types.Named, pos token.Pos) {
	for _, name := range []string{"MarshalJSON", "MarshalText"} {
		if !hasMethod(n, name) {
			continue
		}
		from, others := promotedOver(n, name)
		if from == nil {
			return
		}
		a.toolNoteAt(pos, "%s has the %s method of its embedded field %s, so encoding/json writes the whole %s with that method and never writes %s: declare %s on %s, or give the embedded field a name",
			a.typeString(n), name, a.typeString(from.Type()), n.Obj().Name(), strings.Join(others, ", "), name, n.Obj().Name())
		return
	}
}

// promotedOver returns the embedded field of the struct n through which
// it has the method name, and n's other fields that encoding/json would
// read or write; a nil field where there is no such field or no other.
func promotedOver(n *types.Named, name string) (*types.Var, []string) {
	from := promotedFrom(n, name)
	if from == nil {
		return nil, nil
	}
	st := n.Underlying().(*types.Struct)
	var others []string
	for i := range st.NumFields() {
		if f := st.Field(i); f != from && f.Exported() && reflect.StructTag(st.Tag(i)).Get("json") != "-" {
			others = append(others, f.Name())
		}
	}
	if len(others) == 0 {
		return nil, nil
	}
	return from, others
}

// wrapperOf returns T for a struct that decodes itself and whose only
// fields embed a type T that is not a struct, as struct{ time.Duration }
// does with an UnmarshalJSON that reads "30m"; nil for any other type.
func wrapperOf(n *types.Named) types.Type {
	st, ok := n.Underlying().(*types.Struct)
	if !ok || st.NumFields() != 1 {
		return nil
	}
	f := st.Field(0)
	if !f.Embedded() || reflect.StructTag(st.Tag(0)).Get("json") != "" {
		return nil
	}
	if _, isStruct := f.Type().Underlying().(*types.Struct); isStruct {
		return nil
	}
	if _, isPtr := f.Type().Underlying().(*types.Pointer); isPtr {
		return nil
	}
	return f.Type()
}

// decodedBy says, for a message, which method decodes a value of type t:
// its own UnmarshalJSON or UnmarshalText, or one of an embedded field.
func (a *analyzer) decodedBy(t types.Type) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return "its method"
	}
	for _, m := range []string{"UnmarshalJSON", "UnmarshalText"} {
		if !hasMethod(n, m) {
			continue
		}
		if from := promotedFrom(n, m); from != nil {
			return fmt.Sprintf("with the %s method of its embedded field %s", m, types.TypeString(from.Type(), types.RelativeTo(a.pkg.Types)))
		}
		return "with its " + m + " method"
	}
	return "by its underlying type"
}

// unknownShape says, for a message, why toolgen cannot know the JSON type
// of custom, a KindCustom type.
func (a *analyzer) unknownShape(custom *Type) string {
	name := types.TypeString(custom.Go, types.RelativeTo(a.pkg.Types))
	if n, ok := custom.Go.(*types.Named); ok {
		w := wrapperOf(n)
		if st, ok := n.Underlying().(*types.Struct); ok && st.NumFields() == 1 && st.Field(0).Embedded() {
			w = st.Field(0).Type() // struct{ time.Time }: said the same way
		}
		if w != nil {
			return fmt.Sprintf("%s decodes itself with UnmarshalJSON and only embeds %s, whose own JSON form its method need not read, so toolgen cannot know its JSON type", name, types.TypeString(w, types.RelativeTo(a.pkg.Types)))
		}
	}
	return name + " decodes itself with UnmarshalJSON and has no exported fields or JSON form of its own, so toolgen cannot know its JSON type"
}

func hasMethod(n *types.Named, name string) bool {
	ms := types.NewMethodSet(types.NewPointer(n))
	for i := range ms.Len() {
		if ms.At(i).Obj().Name() == name {
			return true
		}
	}
	return false
}

// enumOf returns the constants of type n declared in n's package, in
// declaration order, without repeated values: the values of an enum. One
// constant is not a set of values but a default or a sentinel (const
// DefaultRegion Region = "us-east-1"); integer constants that are powers
// of two are flags, which a value combines (1, 2 and 4 make 3): neither
// makes an enum.
func (a *analyzer) enumOf(n *types.Named) []EnumValue {
	pkg := n.Obj().Pkg()
	if pkg == nil {
		return nil
	}
	if values, ok := a.enums[n.Obj()]; ok {
		return values
	}
	var consts []*types.Const
	for _, c := range a.constsOf(pkg)[n.Obj()] {
		if types.Identical(c.Type(), n) && (c.Exported() || pkg == a.pkg.Types) {
			consts = append(consts, c)
		}
	}
	slices.SortFunc(consts, func(x, y *types.Const) int {
		px, py := a.fset.Position(x.Pos()), a.fset.Position(y.Pos())
		return cmp.Or(cmp.Compare(px.Filename, py.Filename), cmp.Compare(px.Offset, py.Offset), strings.Compare(x.Name(), y.Name()))
	})
	var out []EnumValue
	for _, c := range consts {
		a.checkPlatform(c, n.Obj().Pos())
		if slices.ContainsFunc(out, func(e EnumValue) bool { return constant.Compare(e.Value, token.EQL, c.Val()) }) {
			continue
		}
		out = append(out, EnumValue{Const: c, Value: c.Val(), Doc: a.constDoc(c)})
	}
	switch {
	case len(out) < 2:
		out = nil
	case flags(out):
		a.flagTypes[n.Obj()] = out[0].Const
		out = nil
	}
	a.enums[n.Obj()] = out
	return out
}

// flags reports whether the values of an integer enum are flags: at least
// three powers of two, and otherwise only zero (none of them) and a few
// of their combinations, one for three flags at most (AccessAll =
// AccessRead | AccessWrite | AccessExec). The days 0 to 6 are no flags:
// 3, 5 and 6 are as many combinations as there are powers; nor are values
// with no gap, as the priorities 1 to 4.
func flags(values []EnumValue) bool {
	var powers, union uint64
	var others []uint64
	combos := 0
	for _, v := range values {
		if v.Value.Kind() != constant.Int {
			return false
		}
		u, exact := constant.Uint64Val(v.Value)
		switch {
		case !exact:
			return false
		case u != 0 && u&(u-1) == 0:
			powers++
			union |= u
		default:
			others = append(others, u)
		}
	}
	for _, u := range others {
		if u&^union != 0 {
			return false
		}
		if u != 0 {
			combos++
		}
	}
	if powers >= 3 && contiguous(values) {
		return false // 1, 2, 3, 4: priorities, not Read, Write, ReadWrite, Exec
	}
	return powers >= 3 && uint64(combos)*3 <= powers
}

// contiguous reports whether the integer values, distinct, are a run with
// no gap.
func contiguous(values []EnumValue) bool {
	lo, hi := ^uint64(0), uint64(0)
	for _, v := range values {
		u, _ := constant.Uint64Val(v.Value)
		lo, hi = min(lo, u), max(hi, u)
	}
	return hi-lo+1 == uint64(len(values))
}

// constsOf returns the constants of pkg's scope by their named type, read
// once per package, so that finding the enums of a package of n types
// costs O(n), not O(n) each.
func (a *analyzer) constsOf(pkg *types.Package) map[*types.TypeName][]*types.Const {
	if byType, ok := a.consts[pkg]; ok {
		return byType
	}
	if a.consts == nil {
		a.consts = make(map[*types.Package]map[*types.TypeName][]*types.Const)
	}
	byType := make(map[*types.TypeName][]*types.Const)
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok {
			if n, ok := types.Unalias(c.Type()).(*types.Named); ok {
				byType[n.Obj()] = append(byType[n.Obj()], c)
			}
		}
	}
	a.consts[pkg] = byType
	return byType
}

// candidate is a field found while flattening embedded structs.
type candidate struct {
	v      *types.Var
	tag    reflect.StructTag
	name   string // JSON name
	tagged bool   // the name comes from a json tag
	opts   string
	path   []Step
	index  []int
}

// structFields fills t with the fields of st as encoding/json sees them:
// the fields of embedded structs are promoted, a shallower field hides a
// deeper one of the same name, and at the same depth a tagged field wins.
// Two fields at the same depth that neither rule separates are an error,
// where encoding/json would silently drop both.
func (a *analyzer) structFields(t *Type, st *types.Struct) {
	// Whether the code that names this struct is the user's (their
	// module's, or a parameter or result) or another module's.
	inForeign := a.inForeign
	a.inForeign = st.NumFields() > 0 && a.notEditable(a.fset.Position(st.Field(0).Pos()).Filename)
	defer func() { a.inForeign = inForeign }()
	type level struct {
		st    *types.Struct
		path  []Step
		index []int
	}
	var found []candidate
	visited := map[*types.Struct]bool{st: true}
	current := []level{{st: st}}
	for len(current) > 0 {
		var next []level
		for _, lv := range current {
			for i := range lv.st.NumFields() {
				v := lv.st.Field(i)
				tag := reflect.StructTag(lv.st.Tag(i))
				jsonTag, hasJSON := tag.Lookup("json")
				name, opts, _ := strings.Cut(jsonTag, ",")
				if (hasJSON && jsonTag == "-") || tag.Get("jsonschema") == "-" {
					continue
				}
				if name != "" && !validJSONName(name) && a.output {
					name = "" // encoding/json writes it under its Go name
				} else if name != "" && !validJSONName(name) {
					a.errorf(v.Pos(), "field %s: json tag name %q is not one encoding/json takes (it would use %q): use letters, digits and punctuation other than quotes, backslash and comma", v.Name(), name, v.Name())
					continue
				}
				index := append(slices.Clone(lv.index), i)
				ft := v.Type()
				ptr := false
				if p, ok := types.Unalias(ft).(*types.Pointer); ok {
					ft, ptr = p.Elem(), true
				}
				if v.Embedded() {
					if n, ok := types.Unalias(ft).(*types.Named); ok {
						a.checkPlatform(n.Obj(), v.Pos())
					}
					inner, isStruct := ft.Underlying().(*types.Struct)
					if !v.Exported() && !isStruct {
						continue // encoding/json ignores it
					}
					if !v.Exported() && !a.output && v.Pkg() != a.pkg.Types {
						a.errorAt(a.embeddedPosition(v), "embedded field %s is unexported in package %s, so the code generated for the tool cannot reach it to read an argument into it: export it, or use a type of your own", v.Name(), v.Pkg().Path())
						continue
					}
					if name == "" && isStruct {
						if ptr && !v.Exported() {
							a.errorAt(a.embeddedPosition(v), "embedded field %s is a pointer to an unexported struct type, which encoding/json cannot set: embed the struct itself", v.Name())
							continue
						}
						if visited[inner] {
							continue
						}
						visited[inner] = true
						step := Step{Name: v.Name(), Pointer: ptr, Go: ft}
						next = append(next, level{st: inner, path: append(slices.Clone(lv.path), step), index: index})
						continue
					}
				} else if !v.Exported() {
					if v.Pkg() == a.pkg.Types && (tag.Get("json") != "" || tag.Get("jsonschema") != "") {
						a.errorf(v.Pos(), "field %s is unexported, so encoding/json ignores it and its tags: export it (%s) or remove its tags", v.Name(), upperFirst(v.Name()))
					}
					continue
				}
				c := candidate{v: v, tag: tag, name: name, tagged: name != "", opts: opts, path: lv.path, index: index}
				if c.name == "" {
					c.name = v.Name()
				}
				found = append(found, c)
			}
		}
		current = next
	}
	dominant := a.dominantFields(found)
	names := make(map[string]string)
	for _, c := range dominant {
		if renamedWord(c.v.Name(), c.name) {
			names[c.v.Name()] = c.name
		}
	}
	fieldNames := a.fieldNames
	a.fieldNames = names
	defer func() { a.fieldNames = fieldNames }()
	for _, c := range dominant {
		if f := a.field(c); f != nil {
			t.Fields = append(t.Fields, f)
		}
	}
	if len(found) == 0 && st.NumFields() > 0 && (!a.inForeign || !inForeign) && !allSkipped(st) {
		// A struct whose fields are all unexported: an empty object to
		// encoding/json, and to the model, never what its author meant;
		// the user's own, or another module's that the user's code names
		// (*time.Location), not one inside another module's type
		// (url.URL's *Userinfo, which the url.URL note covers).
		msg := structName(t.Go, a.pkg.Types) + " has no exported fields, so encoding/json reads and writes none of them: "
		decl := a.fset.Position(st.Field(0).Pos())
		switch {
		case a.inForeign && a.site.pos.IsValid():
			// Where in the other module's type is no help: the type is
			// the mistake.
			a.foreignError(msg + "use a type the model can write instead (for a *time.Location, its name as a string), or leave the field out with json:\"-\"")
		case a.inForeign:
			a.errorAt(decl, "%suse a type the model can write instead (for a *time.Location, its name as a string), or leave the field out with json:\"-\"", msg)
		case a.site.field:
			// The user's own type, through a field: said at the field,
			// with where the type is.
			if n, ok := t.Go.(*types.Named); ok {
				decl = a.typePos(n.Obj())
			}
			a.reporter.errorAt(a.site.at, "%s: %sexport the fields the model should see (%s), or leave the field out with json:\"-\"", a.site.name, msg, posRef(decl))
		default:
			a.errorAt(decl, "%sexport the fields the model should see", msg)
		}
	}
}

// allSkipped reports whether every field of st is left out on purpose,
// with json:"-".
func allSkipped(st *types.Struct) bool {
	for i := range st.NumFields() {
		if reflect.StructTag(st.Tag(i)).Get("json") != "-" {
			return false
		}
	}
	return true
}

// structName names a struct type in a message, relative to pkg.
func structName(t types.Type, pkg *types.Package) string {
	if _, ok := t.(*types.Struct); ok {
		return "the struct"
	}
	return types.TypeString(t, types.RelativeTo(pkg))
}

// dominantFields keeps, for each JSON name, the field encoding/json uses,
// in the order encoding/json encodes them.
func (a *analyzer) dominantFields(found []candidate) []candidate {
	byName := make(map[string][]candidate)
	var order []string
	for _, c := range found {
		if _, seen := byName[c.name]; !seen {
			order = append(order, c.name)
		}
		byName[c.name] = append(byName[c.name], c)
	}
	var out []candidate
	for _, name := range order {
		cs := byName[name]
		depth := len(cs[0].index)
		for _, c := range cs {
			depth = min(depth, len(c.index))
		}
		var top, tagged []candidate
		for _, c := range cs {
			if len(c.index) == depth {
				top = append(top, c)
				if c.tagged {
					tagged = append(tagged, c)
				}
			}
		}
		switch {
		case len(top) == 1:
			out = append(out, top[0])
		case len(tagged) == 1:
			out = append(out, tagged[0])
		case a.output || a.notEditable(a.fset.Position(top[1].v.Pos()).Filename):
			// A result, or a type of another module: written (or read)
			// as encoding/json does, without both.
			a.noteAt(a.fieldDecl(top[1].v).pos, "%sfield %s has the JSON name %q, as does the field at %s, at the same depth: encoding/json drops both, and so does toolgen; give one of them another name with a json tag if the model should see it", a.toolPrefix(), top[1].v.Name(), name, posRef(a.fieldDecl(top[0].v).pos))
		default:
			a.errorAt(a.fieldDecl(top[1].v).pos, "field %s has the JSON name %q, as does the field at %s, at the same depth: encoding/json would drop both; give one of them another name with a json tag", top[1].v.Name(), name, posRef(a.fieldDecl(top[0].v).pos))
		}
	}
	slices.SortFunc(out, func(x, y candidate) int { return slices.Compare(x.index, y.index) })
	return out
}

// field builds the model of one field that encoding/json decodes.
func (a *analyzer) field(c candidate) *Field {
	v := c.v
	a.fieldPath = append(a.fieldPath, c.name)
	defer func() { a.fieldPath = a.fieldPath[:len(a.fieldPath)-1] }()
	// Tag mistakes in the user's own code; another module's tags are
	// read as encoding/json reads them.
	if !a.notEditable(a.fset.Position(v.Pos()).Filename) && !a.checkTag(v, string(c.tag)) {
		return nil
	}
	optional := false
	quoted := false
	for _, o := range strings.Split(c.opts, ",") {
		switch o {
		case "omitempty", "omitzero":
			optional = true
		case "string":
			quoted = true
		}
	}
	typ := a.fieldSite(v, func() *Type { return a.typeOf(v.Type(), v.Pos()) })
	if typ == nil {
		return nil
	}
	f := &Field{
		Pos:      a.fieldDecl(v).pos,
		GoName:   v.Name(),
		JSONName: c.name,
		Required: !optional,
		Type:     typ,
		Path:     c.path,
	}
	if quoted {
		switch typ.Deref().Kind {
		case KindInt, KindUint, KindFloat, KindBool:
			f.Quoted = true
		case KindString:
			if !a.output {
				// encoding/json reads JSON text inside the string
				// ("\"bob\""), which no model writes on purpose.
				a.errorAt(f.Pos, "field %s: the string option on a string field makes encoding/json read the value as JSON text inside a string (\"\\\"bob\\\"\"): remove it", v.Name())
				return nil
			}
			// A result's is written so: an enum's values are the JSON
			// text of its constants.
			f.Quoted = true
		default:
			// encoding/json ignores the option on other types.
		}
	}
	required := a.fieldTags(f, c.tag)
	if a.output {
		f.Omit = optional
		f.Required = written(c, typ)
	} else if required && (f.Rules.Default != nil || f.Rules.DefaultList != nil) {
		a.errorAt(f.Pos, "field %s: required and default= together: a default applies only to an absent field, which a required one cannot be; drop one", v.Name())
	} else if required {
		f.Required = true
	} else if f.Rules.Default != nil || f.Rules.DefaultList != nil {
		f.Required = false // a default is for when the field is absent
	} else if f.Required && typ.Kind == KindPointer && !f.Rules.Nullable && !a.notEditable(a.fset.Position(v.Pos()).Filename) {
		// Reflecting peers (the go-sdk's) take a pointer for optional;
		// invopop's rule, which toolgen follows, does not.
		if d := c.tag.Get("jsonschema"); d != "" && d == f.Rules.Description {
			// A go-sdk tag, all description: a keyword written into it
			// would be read as more description.
			a.noteAt(f.Pos, "%sfield %s is a pointer without omitempty, so the model must send it and may not send null: add omitempty to its json tag if it is optional; if null means something, move the description to a jsonschema_description tag and write jsonschema:\"nullable\" (or jsonschema:\"required\" to keep it required without this note)", a.toolPrefix(), a.fieldPathName())
		} else {
			a.noteAt(f.Pos, "%sfield %s is a pointer without omitempty, so the model must send it and may not send null: add omitempty to its json tag if it is optional, nullable to its jsonschema tag if null means something, or jsonschema:\"required\" to keep it required without this note", a.toolPrefix(), a.fieldPathName())
		}
	}
	if f.Rules.Description == "" {
		f.Rules.Description = replaceWords(a.constWords(v.Pkg(), fieldDoc(a.fieldDecl(v).doc, v.Name(), c.name)), a.fieldNames)
	}
	return f
}

// validJSONName reports whether encoding/json takes name from a json tag
// (its isValidTag); for any other name it uses the field's Go name.
func validJSONName(name string) bool {
	for _, c := range name {
		if !strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) && !unicode.IsLetter(c) && !unicode.IsDigit(c) {
			return false
		}
	}
	return true
}

// checkPlatform reports obj, a type, alias or enum constant that a tool
// reads, if a file with a build constraint that the package as a whole
// does not have declares it: another file may declare it otherwise for
// other builds (type Mode uint32 for Linux, string for Windows; the
// constants of an enum for Linux only), and the generated code, written
// for this build's declaration, would be wrong there or not build. A
// declaration of the package is reported where it is; one of another
// package at pos, where the tool reads it.
func (a *analyzer) checkPlatform(obj types.Object, pos token.Pos) {
	if obj.Pkg() == nil || a.platformChecked[obj] {
		return
	}
	if a.platformChecked == nil {
		a.platformChecked = make(map[types.Object]bool)
	}
	a.platformChecked[obj] = true
	decl := a.fset.Position(obj.Pos())
	if decl.Filename == "" {
		return
	}
	c, ok := a.fileConstraints[decl.Filename]
	if !ok {
		c = fileConstraint(decl.Filename)
		a.fileConstraints[decl.Filename] = c
	}
	if c == "" || c == a.out.Constraint {
		return
	}
	what := "type"
	if _, isConst := obj.(*types.Const); isConst {
		what = "constant"
	}
	msg := fmt.Sprintf("%s %s is declared in %s, a file with a build constraint (%s), so the generated code, written for this build's declaration, could be wrong for another build's, or not build: declare it in a file without one", what, obj.Name(), filepath.Base(decl.Filename), c)
	if obj.Pkg() == a.pkg.Types {
		a.errorAt(decl, "%s", msg)
		return
	}
	a.errorf(pos, "%s (%s, package %s)", msg, posRef(decl), obj.Pkg().Path())
}
