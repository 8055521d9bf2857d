package gen

import (
	"encoding/json"
	"fmt"
	"go/types"

	"github.com/dave/jennifer/jen"
)

// The result encoders: a tool's result written as JSON without reflection,
// byte for byte as encoding/json writes it (HTML escaping off), one
// function per named struct type and one per tool.

// resultEncoder returns the name of the function that writes the tool's
// result, or "" when the runtime's own path is as good (no result, a
// string) or encoding/json must write it all.
func (e *emitter) resultEncoder(t *Tool, typeName string) string {
	if t.Output == nil || t.Enhanced || types.Identical(t.Output, types.Typ[types.String]) {
		return "" // the runtime writes these itself
	}
	ot := e.outputs.of(t.Output)
	if ot.kind == outValue {
		return ""
	}
	if !t.Stream && ot.kind == outPointer && ot.elem.kind == outStruct && isNamedType(ot.elem.goType) {
		// A pointer to a named struct: the struct's encoder, which writes
		// null for nil.
		name := e.structEncoder(ot.elem)
		e.nilEncoders[ot.elem] = true
		return name
	}
	suffix := "Result"
	if t.Stream {
		suffix = "Chunk"
	}
	name := e.names.name("encode" + upperFirst(typeName) + suffix)
	ev, v := e.names.local("e"), e.names.local("v")
	e.encoders = append(e.encoders, jen.Func().Id(name).Params(jen.Id(ev).Op("*").Qual(ImplPath, "Encoder"), jen.Id(v).Add(e.typeCode(t.Output))).
		Block(e.encodeValue(ev, jen.Id(v), ot, 0)...))
	return name
}

// structEncoder returns the encode function of a named struct type,
// queueing it to be written on first use.
func (e *emitter) structEncoder(ot *outType) string {
	if name, ok := e.structEncoders[ot]; ok {
		return name
	}
	name := e.names.name("encode" + upperFirst(ot.goType.(*types.Named).Obj().Name()))
	e.structEncoders[ot] = name
	e.encodeQueue = append(e.encodeQueue, ot)
	return name
}

// encodeStruct writes the encode function of a named struct type.
func (e *emitter) encodeStruct(ot *outType) jen.Code {
	name := e.structEncoders[ot]
	ev, v := e.names.local("e"), e.names.local("v")
	body := e.structBody(ev, jen.Id(v), ot, 0)
	if cyclic(ot) {
		// A value of the type can hold itself: past a depth, the
		// Encoder looks for a cycle, as encoding/json does, and fails
		// the result where encoding/json would, rather than recurse
		// until the stack overflows, which no recover can catch.
		body = append([]jen.Code{
			jen.If(jen.Op("!").Id(ev).Dot("Enter").Call(jen.Id(v), jen.Lit("*"+types.TypeString(ot.goType, (*types.Package).Name)))).Block(jen.Return()),
			jen.Defer().Id(ev).Dot("Leave").Call(jen.Id(v)),
		}, body...)
	}
	if e.nilEncoders[ot] {
		// It encodes a tool's result too, which may be nil.
		body = append([]jen.Code{jen.If(jen.Id(v).Op("==").Nil()).Block(jen.Id(ev).Dot("Null").Call(), jen.Return())}, body...)
	}
	return jen.Func().Id(name).Params(jen.Id(ev).Op("*").Qual(ImplPath, "Encoder"), jen.Id(v).Op("*").Add(e.typeCode(ot.goType))).
		Block(body...)
}

// cyclic reports whether a value of the struct type ot can hold itself,
// through its fields' pointers, slices, arrays and maps.
func cyclic(ot *outType) bool {
	seen := make(map[*outType]bool)
	var reaches func(t *outType) bool
	reaches = func(t *outType) bool {
		if t == ot {
			return true
		}
		if t == nil || seen[t] {
			return false
		}
		seen[t] = true
		if reaches(t.elem) {
			return true
		}
		for _, f := range t.fields {
			if reaches(f.t) {
				return true
			}
		}
		return false
	}
	for _, f := range ot.fields {
		if reaches(f.t) {
			return true
		}
	}
	return false
}

// structBody writes the members of a struct value x.
func (e *emitter) structBody(ev string, x *jen.Statement, ot *outType, depth int) []jen.Code {
	if len(ot.fields) == 0 {
		return []jen.Code{jen.Id(ev).Dot("Raw").Call(jen.Lit("{}"))}
	}
	// Once a member that is always written has been written, every later
	// one starts with a comma; only members before it need the separator
	// decided at run time.
	sep := ""
	written := false // a member has certainly been written
	var stmts []jen.Code
	for i, f := range ot.fields {
		// The field, through the embedded fields it is promoted through;
		// one behind a nil embedded pointer is left out.
		// (Each expression is made anew: jen's Dot appends in place.)
		reach := func(n int) *jen.Statement {
			s := jen.Add(x)
			for _, step := range f.path[:n] {
				s = s.Dot(step.goName)
			}
			return s
		}
		var through *jen.Statement
		for n, step := range f.path {
			if step.pointer {
				notNil := reach(n + 1).Op("!=").Nil()
				if through == nil {
					through = notNil
				} else {
					through = jen.Add(through).Op("&&").Add(notNil)
				}
			}
		}
		fx := func() *jen.Statement { return reach(len(f.path)).Dot(f.goName) }
		nonEmpty := nonEmptyCheck(fx(), f.t)
		present := f.omitEmpty && nonEmpty != nil // the value is not nil when written
		if !present {
			nonEmpty = nil
		}
		if f.omitZero {
			nonZero, notNil := e.nonZeroCheck(fx(), f.t.goType)
			present = present || notNil
			if nonEmpty != nil && fmt.Sprintf("%#v", nonEmpty) == fmt.Sprintf("%#v", nonZero) {
				// omitempty and omitzero test a string or a number alike.
			} else if nonEmpty != nil {
				nonEmpty = jen.Add(nonEmpty).Op("&&").Add(nonZero)
			} else {
				nonEmpty = nonZero
			}
		}
		if through != nil {
			if nonEmpty != nil {
				nonEmpty = jen.Add(through).Op("&&").Add(nonEmpty)
			} else {
				nonEmpty = through
			}
		}
		optional := nonEmpty != nil
		var member []jen.Code
		switch {
		case written:
			member = append(member, jen.Id(ev).Dot("Raw").Call(stringLit(","+quoteName(f.jsonName)+":")))
		case i == 0 && !optional:
			member = append(member, jen.Id(ev).Dot("Raw").Call(stringLit("{"+quoteName(f.jsonName)+":")))
		default:
			if sep == "" {
				sep = e.names.local("sep" + suffix(depth))
				stmts = append(stmts, jen.Id(sep).Op(":=").Byte().Call(jen.LitRune('{')))
			}
			member = append(member,
				jen.Id(ev).Dot("Byte").Call(jen.Id(sep)),
				jen.Id(sep).Op("=").LitRune(','),
				jen.Id(ev).Dot("Raw").Call(stringLit(quoteName(f.jsonName)+":")))
		}
		if present {
			// Not empty, so not nil: no test for null.
			member = append(member, e.encodePresent(ev, fx(), f.t, depth+1)...)
		} else {
			member = append(member, e.encodeValue(ev, fx(), f.t, depth+1)...)
		}
		if optional {
			stmts = append(stmts, jen.If(nonEmpty).Block(member...))
			continue
		}
		stmts = append(stmts, member...)
		written = true
	}
	if !written {
		stmts = append(stmts, jen.If(jen.Id(sep).Op("==").LitRune('{')).Block(jen.Id(ev).Dot("Byte").Call(jen.LitRune('{'))))
	}
	return append(stmts, jen.Id(ev).Dot("Byte").Call(jen.LitRune('}')))
}

// nonEmptyCheck is the negation of encoding/json's omitempty test for x,
// or nil if a value of its type is never empty.
func nonEmptyCheck(x *jen.Statement, ot *outType) *jen.Statement {
	switch ot.kind {
	case outBool:
		return boolOf(x, ot)
	case outString:
		return jen.Len(x).Op("!=").Lit(0)
	case outInt, outUint, outFloat:
		return jen.Add(x).Op("!=").Lit(0)
	case outPointer:
		return jen.Add(x).Op("!=").Nil()
	case outSlice, outMap, outArray:
		return jen.Len(x).Op("!=").Lit(0)
	}
	// A type encoding/json writes (one with MarshalJSON or MarshalText,
	// say) is empty by its kind, whatever its method would write.
	switch u := ot.goType.Underlying().(type) {
	case *types.Interface, *types.Pointer:
		return jen.Add(x).Op("!=").Nil()
	case *types.Slice, *types.Map:
		return jen.Len(x).Op("!=").Lit(0)
	case *types.Array:
		if u.Len() == 0 {
			return jen.False() // always empty
		}
	case *types.Basic:
		switch info := u.Info(); {
		case info&types.IsBoolean != 0:
			return boolOf(x, ot)
		case info&types.IsString != 0:
			return jen.Len(x).Op("!=").Lit(0)
		case info&types.IsNumeric != 0:
			return jen.Add(x).Op("!=").Lit(0)
		}
	}
	return nil
}

// nonZeroCheck is the negation of encoding/json's omitzero test for x, of
// type t (one zeroable accepts); notNil reports whether x is not nil where
// it holds.
func (e *emitter) nonZeroCheck(x *jen.Statement, t types.Type) (check *jen.Statement, notNil bool) {
	t = types.Unalias(t)
	if _, ok := zeroMethod(t); ok {
		if _, isPointer := t.Underlying().(*types.Pointer); isPointer {
			return jen.Add(x).Op("!=").Nil().Op("&&").Op("!").Add(x).Dot("IsZero").Call(), true
		}
		return jen.Op("!").Add(x).Dot("IsZero").Call(), false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch info := u.Info(); {
		case info&types.IsBoolean != 0:
			if types.Identical(t, types.Typ[types.Bool]) {
				return x, false
			}
			return jen.Bool().Call(x), false
		case info&types.IsString != 0:
			return jen.Len(x).Op("!=").Lit(0), false
		case info&types.IsComplex != 0:
			return jen.Add(x).Op("!=").Lit(0), false // not reached: results hold no complex numbers
		default:
			return jen.Add(x).Op("!=").Lit(0), false
		}
	case *types.Struct, *types.Array:
		return jen.Add(x).Op("!=").Parens(e.typeCode(t).Values()), false
	}
	return jen.Add(x).Op("!=").Nil(), true // pointers, interfaces, slices, maps, channels, functions
}

func boolOf(x *jen.Statement, ot *outType) *jen.Statement {
	if types.Identical(ot.goType, types.Typ[types.Bool]) {
		return x
	}
	return jen.Bool().Call(x)
}

// quoteName writes a member name as encoding/json does.
func quoteName(name string) string {
	data, _ := json.Marshal(name)
	return string(unescapeHTML(data))
}

// encodeValue writes the statements that encode the value x: null if it
// is a nil pointer, slice or map.
func (e *emitter) encodeValue(ev string, x *jen.Statement, ot *outType, depth int) []jen.Code {
	switch ot.kind {
	case outPointer, outSlice, outMap:
		return []jen.Code{jen.If(jen.Add(x).Op("==").Nil()).Block(jen.Id(ev).Dot("Null").Call()).Else().Block(e.encodePresent(ev, x, ot, depth)...)}
	}
	return e.encodePresent(ev, x, ot, depth)
}

// encodePresent writes the statements that encode the value x, known not
// to be a nil pointer, slice or map.
func (e *emitter) encodePresent(ev string, x *jen.Statement, ot *outType, depth int) []jen.Code {
	conv := func(to jen.Code, basic types.BasicKind) *jen.Statement {
		if types.Identical(ot.goType, types.Typ[basic]) {
			return x
		}
		return jen.Add(to).Call(x)
	}
	switch ot.kind {
	case outBool:
		return []jen.Code{jen.Id(ev).Dot("Bool").Call(boolOf(x, ot))}
	case outString:
		return []jen.Code{jen.Id(ev).Dot("String").Call(conv(jen.String(), types.String))}
	case outInt:
		return []jen.Code{jen.Id(ev).Dot("Int").Call(conv(jen.Int64(), types.Int64))}
	case outUint:
		return []jen.Code{jen.Id(ev).Dot("Uint").Call(conv(jen.Uint64(), types.Uint64))}
	case outFloat:
		return []jen.Code{jen.Id(ev).Dot("Float").Call(conv(jen.Float64(), types.Float64), jen.Lit(ot.bits))}
	case outTime:
		return []jen.Code{jen.Id(ev).Dot("Time").Call(x)}
	case outJSON:
		return []jen.Code{jen.Id(ev).Dot("JSON").Call(x)}
	case outMarshalJSON:
		return []jen.Code{jen.Qual(ImplPath, "Marshaled").Call(jen.Id(ev), x)}
	case outMarshalText:
		return []jen.Code{jen.Qual(ImplPath, "Text").Call(jen.Id(ev), x)}
	case outPointer:
		var inner []jen.Code
		if ot.elem.kind == outValue {
			// encoding/json writes it: through the pointer, whose
			// MarshalJSON a value would not have (*big.Int's).
			return []jen.Code{jen.Id(ev).Dot("Value").Call(x)}
		}
		if ot.elem.kind == outStruct && isNamedType(ot.elem.goType) {
			inner = []jen.Code{jen.Id(e.structEncoder(ot.elem)).Call(jen.Id(ev), x)}
		} else {
			deref := jen.Op("*").Add(x)
			switch ot.elem.kind {
			case outStruct:
				deref = x // fields of a struct pointer are reached through it
			case outMap:
				deref = jen.Parens(deref) // indexed: *m[k] is *(m[k])
			case outSlice:
				// A slice of structs (or of values with pointer methods)
				// is indexed in place: *s[i] is *(s[i]).
				if el := ot.elem.elem; el.addressed || el.kind == outStruct && isNamedType(el.goType) {
					deref = jen.Parens(deref)
				}
			}
			inner = e.encodeValue(ev, deref, ot.elem, depth)
		}
		return inner
	case outSlice, outArray:
		if ot.kind == outSlice && ot.elem.addressed {
			// encoding/json writes an element of a slice from its
			// address, with the methods of its pointer.
			i := e.names.local("i" + suffix(depth))
			return []jen.Code{
				jen.Id(ev).Dot("Byte").Call(jen.LitRune('[')),
				jen.For(jen.Id(i).Op(":=").Range().Add(x)).Block(
					jen.If(jen.Id(i).Op(">").Lit(0)).Block(jen.Id(ev).Dot("Byte").Call(jen.LitRune(','))),
					jen.Id(ev).Dot("Value").Call(jen.Op("&").Add(x).Index(jen.Id(i))),
				),
				jen.Id(ev).Dot("Byte").Call(jen.LitRune(']')),
			}
		}
		if ot.kind == outSlice && ot.elem.kind == outStruct && isNamedType(ot.elem.goType) {
			i := e.names.local("i" + suffix(depth))
			// A struct is encoded in place, through its index: a range
			// variable would copy each element first.
			return []jen.Code{
				jen.Id(ev).Dot("Byte").Call(jen.LitRune('[')),
				jen.For(jen.Id(i).Op(":=").Range().Add(x)).Block(
					jen.If(jen.Id(i).Op(">").Lit(0)).Block(jen.Id(ev).Dot("Byte").Call(jen.LitRune(','))),
					jen.Id(e.structEncoder(ot.elem)).Call(jen.Id(ev), jen.Op("&").Add(x).Index(jen.Id(i))),
				),
				jen.Id(ev).Dot("Byte").Call(jen.LitRune(']')),
			}
		}
		i, el := e.names.local("i"+suffix(depth)), e.names.local("el"+suffix(depth))
		loop := []jen.Code{
			jen.Id(ev).Dot("Byte").Call(jen.LitRune('[')),
			jen.For(jen.List(jen.Id(i), jen.Id(el)).Op(":=").Range().Add(x)).Block(append(
				[]jen.Code{jen.If(jen.Id(i).Op(">").Lit(0)).Block(jen.Id(ev).Dot("Byte").Call(jen.LitRune(',')))},
				e.encodeElem(ev, el, ot.elem, depth+1)...)...),
			jen.Id(ev).Dot("Byte").Call(jen.LitRune(']')),
		}
		return loop
	case outMap:
		i, k, el := e.names.local("i"+suffix(depth)), e.names.local("k"+suffix(depth)), e.names.local("el"+suffix(depth))
		keys, mark := e.names.local("keys"+suffix(depth)), e.names.local("mark"+suffix(depth))
		key := jen.Id(k)
		if kt := ot.goType.Underlying().(*types.Map).Key(); !types.Identical(kt, types.Typ[types.String]) {
			key = e.typeCode(kt).Call(jen.Id(k))
		}
		body := []jen.Code{
			jen.If(jen.Id(i).Op(">").Lit(0)).Block(jen.Id(ev).Dot("Byte").Call(jen.LitRune(','))),
			jen.Id(ev).Dot("String").Call(jen.Id(k)),
			jen.Id(ev).Dot("Byte").Call(jen.LitRune(':')),
			jen.Id(el).Op(":=").Add(x).Index(key),
		}
		body = append(body, e.encodeElem(ev, el, ot.elem, depth+1)...)
		return []jen.Code{
			jen.Id(ev).Dot("Byte").Call(jen.LitRune('{')),
			jen.List(jen.Id(keys), jen.Id(mark)).Op(":=").Qual(ImplPath, "MapKeys").Call(jen.Id(ev), x),
			jen.For(jen.List(jen.Id(i), jen.Id(k)).Op(":=").Range().Id(keys)).Block(body...),
			jen.Id(ev).Dot("Release").Call(jen.Id(mark)),
			jen.Id(ev).Dot("Byte").Call(jen.LitRune('}')),
		}
	case outStruct:
		if isNamedType(ot.goType) {
			return []jen.Code{jen.Id(e.structEncoder(ot)).Call(jen.Id(ev), jen.Op("&").Add(x))}
		}
		return e.structBody(ev, x, ot, depth)
	}
	return []jen.Code{jen.Id(ev).Dot("Value").Call(x)}
}

// encodeElem encodes el, a range variable (not addressable for named
// structs through &, so it is taken as is).
func (e *emitter) encodeElem(ev, el string, ot *outType, depth int) []jen.Code {
	return e.encodeValue(ev, jen.Id(el), ot, depth)
}

func isNamedType(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Named)
	return ok
}
