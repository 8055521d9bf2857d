package gen

import (
	"fmt"
	"go/constant"
	"go/types"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/toolgen-go/toolgen/internal/derive"
)

// The decoders: one function per struct type, reading the arguments in one
// pass over a toolimpl.Decoder and checking each constraint of the schema as
// the value is read. A constraint is checked in exactly one place per kind
// below, so "where is minimum checked?" has one answer: numberChecks.

// decoderName returns the decode function of struct type t, queueing it
// to be written on first use.
func (e *emitter) decoderName(t *Type) string {
	if name, ok := e.decoders[t]; ok {
		return name
	}
	base := "Object"
	if n, ok := t.Go.(*types.Named); ok {
		base = upperFirst(n.Obj().Name())
	}
	name := e.names.name("decode" + base)
	e.decoders[t] = name
	e.queue = append(e.queue, t)
	return name
}

// selfDecodeStruct writes the decode function of a struct type with its
// own UnmarshalJSON: its fields are checked on a scratch value by the
// shape's decoder, then the method decodes the same bytes.
func (e *emitter) selfDecodeStruct(t *Type) jen.Code {
	name := e.decoders[t]
	check, ok := e.decoders[t.Shape]
	if !ok {
		check = e.names.name("check" + upperFirst(t.Go.(*types.Named).Obj().Name()))
		e.decoders[t.Shape] = check
		e.queue = append(e.queue, t.Shape)
	}
	d, v, m, shape := e.names.local("d"), e.names.local("v"), e.names.local("mark"), e.names.local("shape")
	typeName := t.Go.(*types.Named).Obj().Name()
	return jen.Commentf("%s checks %s %s against the schema its fields imply, then decodes it with its own UnmarshalJSON.", name, article(typeName), typeName).Line().
		Func().Id(name).Params(
		jen.Id(d).Op("*").Qual(ImplPath, "Decoder"),
		jen.Id(v).Op("*").Add(e.typeCode(t.Go)),
	).Block(
		jen.Id(m).Op(":=").Id(d).Dot("Mark").Call(),
		jen.Var().Id(shape).Add(e.typeCode(t.Go)),
		jen.Id(check).Call(jen.Id(d), jen.Op("&").Id(shape)),
		jen.Id(d).Dot("Unmarshal").Call(jen.Id(m), jen.Id(v)),
	)
}

// selfDecodeValue writes the statements that check a value of a
// non-struct type with its own UnmarshalJSON against the schema its
// underlying type (or text form) implies, then decode it with the method.
func (e *emitter) selfDecodeValue(d string, p place, t *Type, r, items *Rules, depth int) []jen.Code {
	m := e.names.local("mark")
	stmts := []jen.Code{jen.Id(m).Op(":=").Id(d).Dot("Mark").Call()}
	unmarshal := jen.Id(d).Dot("Unmarshal").Call(jen.Id(m), p.addr())
	if t.Kind == KindText {
		// Its text form: a string. Unmarshal follows whatever it is, to
		// end what Mark began.
		return append(stmts, jen.Id(d).Dot("StringRef").Call(), unmarshal)
	}
	stmts = append(stmts, e.decodeValue(d, p, t.Shape, r, items, depth)...)
	return append(stmts, unmarshal)
}

// place is where a decoded value goes: an assignable expression and its
// address.
type place struct {
	val  func() *jen.Statement
	addr func() *jen.Statement
	// deref, for the place *p, is p: what indexes it.
	deref func() *jen.Statement
}

// hasNames names the variables that say whether each of fields was
// read: hasCity for City. Two fields of one name, promoted from embedded
// structs under different JSON names, get hasName and hasName2.
func (e *emitter) hasNames(fields []*Field) map[*Field]string {
	has := make(map[*Field]string, len(fields))
	seen := make(map[string]bool, len(fields))
	for _, f := range fields {
		base := e.names.local("has" + upperFirst(f.GoName))
		name := base
		for i := 2; seen[name]; i++ {
			name = e.names.local(base + strconv.Itoa(i))
		}
		seen[name] = true
		has[f] = name
	}
	return has
}

// keyed is what indexes the map at p: (*m) for the place *m, which *m[k]
// would read as *(m[k]).
func (p place) keyed() *jen.Statement {
	if p.deref != nil {
		return jen.Parens(p.val())
	}
	return p.val()
}

// fieldPlace is field f of the struct *v, through the embedded fields it
// is promoted from.
func fieldPlace(v string, f *Field) place {
	val := func() *jen.Statement {
		s := jen.Id(v)
		for _, step := range f.Path {
			s = s.Dot(step.Name)
		}
		return s.Dot(f.GoName)
	}
	return place{val: val, addr: func() *jen.Statement { return jen.Op("&").Add(val()) }}
}

// ensurePath allocates the embedded pointers a promoted field is reached
// through, as encoding/json does when it sets the field.
func (e *emitter) ensurePath(v string, f *Field) []jen.Code {
	var stmts []jen.Code
	s := func(n int) *jen.Statement {
		st := jen.Id(v)
		for _, step := range f.Path[:n+1] {
			st = st.Dot(step.Name)
		}
		return st
	}
	for i, step := range f.Path {
		if step.Pointer {
			stmts = append(stmts, jen.If(s(i).Op("==").Nil()).Block(s(i).Op("=").New(e.typeCode(step.Go))))
		}
	}
	return stmts
}

func localPlace(name string) place {
	return place{
		val:  func() *jen.Statement { return jen.Id(name) },
		addr: func() *jen.Statement { return jen.Op("&").Id(name) },
	}
}

func derefPlace(p place) place {
	return place{
		val:   func() *jen.Statement { return jen.Op("*").Add(p.val()) },
		addr:  p.val,
		deref: p.val,
	}
}

// indexPlace is element i of the array or slice at p. An array behind a
// pointer is indexed through the pointer, which Go allows: *v.A[i] would
// read as *(v.A[i]).
func indexPlace(p place, i string) place {
	base := p.val
	if p.deref != nil {
		base = p.deref
	}
	return place{
		val:  func() *jen.Statement { return base().Index(jen.Id(i)) },
		addr: func() *jen.Statement { return jen.Op("&").Add(base()).Index(jen.Id(i)) },
	}
}

// decodeStruct writes the decode function of a struct type.
func (e *emitter) decodeStruct(t *Type) jen.Code {
	if t.SelfDecode {
		return e.selfDecodeStruct(t)
	}
	name := e.decoders[t]
	d, v := e.names.local("d"), e.names.local("v")
	var tracked []*Field // fields whose absence matters
	for _, f := range t.Fields {
		if f.Required || f.Rules.Default != nil || f.Rules.DefaultList != nil ||
			len(f.Rules.OneOfGroup) > 0 || len(f.Rules.AnyOfGroup) > 0 {
			tracked = append(tracked, f)
		}
	}
	has := e.hasNames(tracked)

	body := []jen.Code{
		jen.If(jen.Op("!").Id(d).Dot("Object").Call()).Block(jen.Return()),
	}
	if len(tracked) > 0 {
		vars := make([]jen.Code, len(tracked))
		for i, f := range tracked {
			vars[i] = jen.Id(has[f])
		}
		body = append(body, jen.Var().List(vars...).Bool())
	}
	var cases []jen.Code
	allowed := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		allowed[i] = f.JSONName
		var stmts []jen.Code
		if !f.Required && !f.Rules.Nullable {
			// In OpenAI strict mode the model sends null for an optional
			// field it leaves out.
			optional := "OptionalNull"
			if blankAbsent(f) {
				optional = "OptionalBlank"
			}
			stmts = append(stmts, jen.If(jen.Id(d).Dot(optional).Call()).Block(append(nullReset(v, f), jen.Break())...))
		}
		if h, ok := has[f]; ok {
			stmts = append(stmts, jen.Id(h).Op("=").True())
		}
		if f.Rules.Nullable {
			stmts = append(stmts, jen.If(jen.Id(d).Dot("Null").Call()).Block(append(nullReset(v, f), jen.Break())...))
		}
		if types := append(f.Rules.OneOfType, f.Rules.AnyOfType...); len(types) > 0 {
			args := []jen.Code{jen.Lit(len(f.Rules.OneOfType) > 0)}
			for _, typ := range types {
				args = append(args, jen.Lit(typ))
			}
			stmts = append(stmts, jen.If(jen.Op("!").Id(d).Dot("OfTypes").Call(args...)).Block(jen.Break()))
		}
		stmts = append(stmts, e.ensurePath(v, f)...)
		e.quoted = f.Quoted
		stmts = append(stmts, e.decodeValue(d, fieldPlace(v, f), f.Type, &f.Rules, &f.ItemRules, 0)...)
		e.quoted = false
		cases = append(cases, jen.Case(jen.Lit(f.JSONName)).Block(stmts...))
	}
	unknown := jen.Id(d).Dot("Unknown").Call(jen.Lit(strings.Join(allowed, ", ")))
	if len(cases) == 0 {
		body = append(body, jen.For(jen.Id(d).Dot("Field").Call()).Block(unknown))
	} else {
		cases = append(cases, jen.Default().Block(unknown))
		body = append(body, jen.For(jen.Id(d).Dot("Field").Call()).Block(
			jen.Switch(jen.String().Call(jen.Id(d).Dot("Key").Call())).Block(cases...),
		))
	}
	for _, f := range tracked {
		var then []jen.Code
		switch {
		case f.Rules.Default != nil:
			then = append(e.ensurePath(v, f), e.assignDefault(fieldPlace(v, f), f.Type, f.Rules.Default)...)
		case f.Rules.DefaultList != nil:
			then = append(e.ensurePath(v, f), e.assignDefaultList(fieldPlace(v, f), f.Type, f.Rules.DefaultList)...)
		case f.Required:
			then = []jen.Code{jen.Id(d).Dot("Missing").Call(jen.Lit(f.JSONName))}
		default:
			continue // tracked only for its group
		}
		body = append(body, jen.If(jen.Op("!").Id(has[f])).Block(then...))
	}

	oneOf, anyOf := requiredGroups(t)
	if len(oneOf)+len(anyOf) > 0 {
		body = append(body, e.groupChecks(d, has, oneOf, anyOf)...)
	}

	return jen.Func().Id(name).Params(
		jen.Id(d).Op("*").Qual(ImplPath, "Decoder"),
		jen.Id(v).Op("*").Add(e.typeCode(t.Go)),
	).Block(body...)
}

// firstBytes returns the bytes that can start the JSON of a value of t,
// "" for any: CountLarge counts the items of an array or object that
// start so, to make a slice or map for them, so that items of a wrong
// kind, which the call refuses, do not make it large.
func firstBytes(t *Type) string {
	null := ""
	for t.Kind == KindPointer {
		t, null = t.Elem, "n"
	}
	if t.SelfDecode {
		return ""
	}
	switch t.Kind {
	case KindStruct, KindMap:
		return "{" + null
	case KindSlice, KindArray:
		return "[" + null
	case KindString, KindBytes, KindTime, KindText:
		return `"` + null
	case KindInt, KindUint, KindFloat:
		return "-0123456789" + null
	case KindBool:
		return "tf" + null
	}
	return ""
}

// blankAbsent reports whether the value of the optional field f can be
// neither of the strings "" and "null", which a lenient call then takes
// for the field's absence (Decoder.OptionalBlank): f is a number, a
// boolean, an array or an object, or an enum of strings without them.
func blankAbsent(f *Field) bool {
	if f.Quoted || f.Rules.Type != "" || len(f.Rules.OneOfType) > 0 || len(f.Rules.AnyOfType) > 0 {
		return false
	}
	t := f.Type.Deref()
	if t.SelfDecode {
		return false
	}
	switch t.Kind {
	case KindBool, KindInt, KindUint, KindFloat, KindStruct, KindSlice, KindArray, KindMap:
		return true
	case KindString:
		values := f.Rules.Enum
		if len(values) == 0 {
			for _, e := range t.Enum {
				values = append(values, e.Value)
			}
		}
		for _, v := range values {
			if v.Kind() != constant.String || constant.StringVal(v) == "" || constant.StringVal(v) == "null" {
				return false
			}
		}
		return len(values) > 0
	}
	return false
}

// nullReset sets a field that null stands for to nil, as encoding/json
// does for pointers, slices, maps and interfaces, so that when a key comes
// twice and null comes last, the field is nil. Other kinds keep their
// value, as encoding/json keeps it. A field promoted through an embedded
// pointer is left alone: the pointer may be nil.
func nullReset(v string, f *Field) []jen.Code {
	switch f.Type.Kind {
	case KindPointer, KindSlice, KindMap, KindAny:
	default:
		return nil
	}
	if f.Type.SelfDecode {
		return nil // encoding/json hands null to the type's method
	}
	for _, step := range f.Path {
		if step.Pointer {
			return nil
		}
	}
	return []jen.Code{fieldPlace(v, f).val().Op("=").Nil()}
}

// groupChecks checks oneof_required and anyof_required: how many of the
// groups of fields are all present.
func (e *emitter) groupChecks(d string, has map[*Field]string, oneOf, anyOf []group) []jen.Code {
	var stmts []jen.Code
	check := func(name string, groups []group, cond jen.Code, msg string) {
		n := e.names.local(name)
		stmts = append(stmts, jen.Id(n).Op(":=").Lit(0))
		for _, g := range groups {
			var all *jen.Statement
			for i, f := range g.goVars {
				if i == 0 {
					all = jen.Id(has[f])
				} else {
					all = all.Op("&&").Id(has[f])
				}
			}
			stmts = append(stmts, jen.If(all).Block(jen.Id(n).Op("++")))
		}
		stmts = append(stmts, jen.If(jen.Id(n).Add(cond)).Block(
			jen.Id(d).Dot("Errorf").Call(formatLit(msg+groupWords(groups), "; got %d"), jen.Id(n))))
	}
	if len(oneOf) > 0 {
		check("oneOfGroups", oneOf, jen.Op("!=").Lit(1), "must have exactly one of these sets of fields: ")
	}
	if len(anyOf) > 0 {
		check("anyOfGroups", anyOf, jen.Op("==").Lit(0), "must have at least one of these sets of fields: ")
	}
	return stmts
}

// decodeValue writes the statements that decode the next value into p,
// with the rules of its field (r) and, for arrays, of its items.
func (e *emitter) decodeValue(d string, p place, t *Type, r, items *Rules, depth int) []jen.Code {
	conv := func(local string, from types.Type) jen.Code {
		if types.Identical(t.Go, from) {
			return jen.Id(local)
		}
		return e.typeCode(t.Go).Call(jen.Id(local))
	}
	ok := e.names.local("ok")
	read := func(local, method string, from types.Type, args []jen.Code, checks []jen.Code) []jen.Code {
		if len(checks) == 0 && types.Identical(t.Go, from) {
			// What a failed read leaves does not matter: it is a problem.
			return []jen.Code{jen.List(p.val(), jen.Id("_")).Op("=").Id(d).Dot(method).Call(args...)}
		}
		stmts := append([]jen.Code{p.val().Op("=").Add(conv(local, from))}, checks...)
		return []jen.Code{jen.If(
			jen.List(jen.Id(local), jen.Id(ok)).Op(":=").Id(d).Dot(method).Call(args...),
			jen.Id(ok),
		).Block(stmts...)}
	}
	if t.SelfDecode && t.Kind != KindStruct {
		return e.selfDecodeValue(d, p, t, r, items, depth)
	}
	s, n, f, b := e.names.local("s"), e.names.local("n"), e.names.local("f"), e.names.local("b")
	switch t.Kind {
	case KindStruct:
		return []jen.Code{jen.Id(e.decoderName(t)).Call(jen.Id(d), p.addr())}
	case KindPointer:
		stmts := []jen.Code{p.val().Op("=").New(e.typeCode(t.Elem.Go))}
		stmts = append(stmts, e.decodeValue(d, derefPlace(p), t.Elem, r, items, depth)...)
		if k := t.Elem.Kind; k == KindRaw || k == KindAny {
			// null is one of the values of any JSON; encoding/json makes
			// it a nil pointer.
			return []jen.Code{jen.If(jen.Id(d).Dot("Null").Call()).Block(p.val().Op("=").Nil()).Else().Block(stmts...)}
		}
		return stmts
	case KindBool:
		return read(b, e.quotedMethod("Bool"), types.Typ[types.Bool], nil, e.enumCheck(d, p, t, r, b))
	case KindString:
		if cases := e.enumCases(t, r); cases != nil && r.MinLength == nil && r.MaxLength == nil && r.Pattern == "" && r.Format == "" {
			return e.stringEnum(d, p, t, r, s, cases)
		}
		if plain := types.Identical(t.Go, types.Typ[types.String]) && r.Format == "" && len(r.Enum) == 0; plain && r.Pattern == "" {
			if bounds := lengthArgs(r); bounds != nil {
				return []jen.Code{p.val().Op("=").Id(d).Dot("StringLength").Call(bounds...)}
			}
		} else if plain && lengthArgs(r) == nil {
			return []jen.Code{p.val().Op("=").Id(d).Dot("StringMatching").Call(jen.Id(e.pattern(r.Pattern)))}
		}
		return read(s, "String", types.Typ[types.String], nil, e.stringChecks(d, p, t, r, s))
	case KindInt:
		lo, hi, bounded := fastIntBounds(t, r)
		if isNamed(t.Go, "time", "Duration") && !e.quoted {
			// Decoder.Duration tells a model that sends "30s" what to send.
			return read(n, "Duration", t.Go, nil, e.numberChecks(d, p, t, r, n, t.Go))
		}
		if bounded && !e.quoted {
			return []jen.Code{p.val().Op("=").Qual(ImplPath, "IntIn").Types(e.typeCode(t.Go)).Call(jen.Id(d), lo, hi)}
		}
		return read(n, e.quotedMethod("Int"), types.Typ[types.Int64], []jen.Code{intBits(t)}, e.numberChecks(d, p, t, r, n, types.Typ[types.Int64]))
	case KindUint:
		return read(n, e.quotedMethod("Uint"), types.Typ[types.Uint64], []jen.Code{intBits(t)}, e.numberChecks(d, p, t, r, n, types.Typ[types.Uint64]))
	case KindFloat:
		return read(f, e.quotedMethod("Float"), types.Typ[types.Float64], []jen.Code{jen.Lit(t.Bits)}, e.numberChecks(d, p, t, r, f, floatType(t)))
	case KindTime:
		return read(e.names.local("t"), "Time", t.Go, nil, nil)
	case KindBytes:
		return read(b, "Bytes", types.NewSlice(types.Typ[types.Byte]), nil, nil)
	case KindText:
		return []jen.Code{jen.Id(d).Dot("TextUnmarshaler").Call(p.addr())}
	case KindCustom:
		if r.Type == "string" && (r.Format != "" || r.Pattern != "" || lengthArgs(r) != nil) {
			// type=string with rules for the string: checked before the
			// method reads the value, which Unmarshal hands it only if
			// they hold (and which gives back the call's leniency).
			m := e.names.local("mark")
			return []jen.Code{
				jen.Id(m).Op(":=").Id(d).Dot("Mark").Call(),
				jen.If(jen.List(jen.Id(s), jen.Id(ok)).Op(":=").Id(d).Dot("String").Call(), jen.Id(ok)).Block(e.stringChecks(d, p, t, r, s)...),
				jen.Id(d).Dot("Unmarshal").Call(jen.Id(m), p.addr()),
			}
		}
		if shape := t.Shape; shape != nil && (shape.Kind == KindSlice || shape.Kind == KindArray) &&
			slices.Contains(append(r.OneOfType, r.AnyOfType...), "array") {
			// An array, of the alternatives its tag states: its items are
			// checked as the schema's items say, from the type's Go form,
			// before the method reads it.
			m := e.names.local("mark")
			return []jen.Code{jen.If(jen.Id(d).Dot("Next").Call().Op("==").Lit("array")).Block(
				append(append([]jen.Code{jen.Id(m).Op(":=").Id(d).Dot("Mark").Call()},
					e.decodeValue(d, p, shape, &Rules{}, items, depth)...),
					jen.Id(d).Dot("Unmarshal").Call(jen.Id(m), p.addr()))...,
			).Else().Block(jen.Id(d).Dot("JSONUnmarshaler").Call(jen.Lit(r.Type), p.addr()))}
		}
		return []jen.Code{jen.Id(d).Dot("JSONUnmarshaler").Call(jen.Lit(r.Type), p.addr())}
	case KindAny:
		return read(e.names.local("x"), "Any", t.Go, nil, nil)
	case KindRaw:
		return read(e.names.local("raw"), "Raw", t.Go, nil, nil)
	case KindSlice:
		if types.Identical(t.Elem.Go, types.Typ[types.String]) && !hasRules(items) && !items.Nullable && !r.UniqueItems && t.Elem.Kind == KindString {
			lo, hi := jen.Lit(0), jen.Lit(-1)
			if r.MinItems != nil {
				lo = jen.Lit(int(*r.MinItems))
			}
			if r.MaxItems != nil {
				hi = jen.Lit(int(*r.MaxItems))
			}
			return []jen.Code{p.val().Op("=").Id(d).Dot("Strings").Call(lo, hi)}
		}
		elem := e.names.local("elem" + suffix(depth))
		body := append(
			[]jen.Code{jen.Var().Id(elem).Add(e.typeCode(t.Elem.Go))},
			e.decodeValue(d, localPlace(elem), t.Elem, items, &Rules{}, depth+1)...)
		// Once the problems fill a message, items are dropped, so that
		// rejecting a huge array costs no memory per item.
		body = append(body, jen.If(e.keep(d, t.Elem)).Block(p.val().Op("=").Append(p.val(), jen.Id(elem))))
		count := func() *jen.Statement { return jen.Len(p.val()) }
		stmts := []jen.Code{p.val().Op("=").Add(e.typeCode(t.Go)).Values()}
		if cost, ok := largeItem(t.Elem); ok {
			stmts = []jen.Code{p.val().Op("=").Make(e.typeCode(t.Go), jen.Lit(0), jen.Qual(ImplPath, "CountLarge").Call(jen.Id(d), jen.Lit(cost), jen.Lit(firstBytes(t.Elem))))}
		}
		if r.MinItems != nil || r.MaxItems != nil {
			n := e.names.local("n" + suffix(depth))
			count = func() *jen.Statement { return jen.Id(n) }
			stmts = append(stmts, jen.Id(n).Op(":=").Lit(0))
			body = append(body, jen.Id(n).Op("++"))
		}
		stmts = append(stmts, jen.For(jen.Id(d).Dot("Elem").Call()).Block(body...))
		stmts = append(stmts, itemCountChecks(d, p, count, r)...)
		return []jen.Code{jen.If(jen.Id(d).Dot("Array").Call()).Block(stmts...)}
	case KindArray:
		i := e.names.local("i" + suffix(depth))
		return []jen.Code{jen.If(jen.Id(d).Dot("Array").Call()).Block(
			jen.Id(i).Op(":=").Lit(0),
			jen.For(jen.Id(d).Dot("Elem").Call()).Block(
				jen.If(jen.Id(i).Op("<").Lit(int(t.Len))).Block(
					e.decodeValue(d, indexPlace(p, i), t.Elem, items, &Rules{}, depth+1)...,
				).Else().Block(jen.Id(d).Dot("Skip").Call()),
				jen.Id(i).Op("++"),
			),
			jen.If(jen.Id(i).Op("!=").Lit(int(t.Len))).Block(
				jen.Id(d).Dot("Errorf").Call(jen.Lit(fmt.Sprintf("must have exactly %s, got %%d", plural(uint64(t.Len), "item"))), jen.Id(i)),
			),
		)}
	case KindMap:
		key, elem := e.names.local("key"+suffix(depth)), e.names.local("elem"+suffix(depth))
		keyType := e.typeCode(t.Go.Underlying().(*types.Map).Key())
		readKey := []jen.Code{jen.Id(key).Op(":=").Id(d).Dot("KeyString").Call()}
		if kt := t.Go.Underlying().(*types.Map).Key(); !types.Identical(kt, types.Typ[types.String]) {
			readKey = []jen.Code{jen.Id(key).Op(":=").Add(keyType).Call(jen.Id(d).Dot("KeyString").Call())}
		}
		if t.TextKey {
			readKey = []jen.Code{
				jen.Var().Id(key).Add(e.typeCode(t.Go.Underlying().(*types.Map).Key())),
				jen.If(jen.Op("!").Id(d).Dot("TextKey").Call(jen.Op("&").Id(key))).Block(jen.Continue()),
			}
		}
		// A map of large values is made for as many as the budget has
		// room for, and each is charged as it is read.
		var size []jen.Code
		var set jen.Code = p.keyed().Index(jen.Id(key)).Op("=").Id(elem)
		if cost, ok := largeItem(t.Elem); ok {
			set = jen.If(e.keep(d, t.Elem)).Block(set)
			size = []jen.Code{jen.Qual(ImplPath, "CountLarge").Call(jen.Id(d), jen.Lit(cost), jen.Lit(firstBytes(t.Elem)))}
		} else {
			size = []jen.Code{jen.Id(d).Dot("Members").Call()}
		}
		return []jen.Code{jen.If(jen.Id(d).Dot("Object").Call()).Block(
			p.val().Op("=").Make(append([]jen.Code{e.typeCode(t.Go)}, size...)...),
			jen.For(jen.Id(d).Dot("Field").Call()).Block(append(append(
				append(readKey, jen.Var().Id(elem).Add(e.typeCode(t.Elem.Go))),
				e.decodeValue(d, localPlace(elem), t.Elem, &Rules{}, &Rules{}, depth+1)...),
				set,
			)...),
		)}
	}
	e.errs = append(e.errs, fmt.Errorf("toolgen: cannot decode %s", t.Go))
	return nil
}

// quotedMethod is the Decoder method that reads a value of the kind
// method names: the plain one, or for a field with the json option
// "string", the one that reads the value from inside a JSON string.
func (e *emitter) quotedMethod(method string) string {
	if e.quoted {
		return "Quoted" + method
	}
	return method
}

func suffix(depth int) string {
	if depth == 0 {
		return ""
	}
	return strconv.Itoa(depth + 1)
}

// intBits is the size argument of Decoder.Int and Decoder.Uint: int and
// uint are as wide as the platform's.
func intBits(t *Type) jen.Code {
	if b, ok := t.Go.Underlying().(*types.Basic); ok && (b.Kind() == types.Int || b.Kind() == types.Uint) {
		return jen.Qual("strconv", "IntSize")
	}
	return jen.Lit(t.Bits)
}

// enumCheck checks p against the field's enum tag, or else its type's
// const group.
func (e *emitter) enumCheck(d string, p place, t *Type, r *Rules, local string) []jen.Code {
	vals := allowedValues(t, r)
	if len(vals) == 0 {
		return nil
	}
	cases := make([]jen.Code, len(vals))
	words := make([]string, len(vals))
	for i, c := range vals {
		cases[i] = e.constCode(t, c)
		words[i] = valueWord(c)
	}
	verb, got := "%v", jen.Id(local)
	if t.Kind == KindString {
		// Errorf cuts a value held as bytes; a string goes whole.
		verb, got = "%q", jen.Qual(ImplPath, "Echo").Call(jen.Id(local))
	}
	return []jen.Code{jen.Switch(p.val()).Block(
		jen.Case(cases...),
		jen.Default().Block(jen.Id(d).Dot("Errorf").Call(
			formatLit("must be one of "+strings.Join(words, ", "), "; got "+verb), got)),
	)}
}

// enumCases returns the values of a string enum (of the field's tag, or
// else of its type's const group) with the code of each, or nil.
func (e *emitter) enumCases(t *Type, r *Rules) [][2]any {
	var out [][2]any
	if len(r.Enum) > 0 {
		for _, c := range r.Enum {
			out = append(out, [2]any{constant.StringVal(c), e.constCode(t, c)})
		}
		return out
	}
	for _, ev := range t.Enum {
		out = append(out, [2]any{constant.StringVal(ev.Value), e.constCode(t, ev.Value)})
	}
	return out
}

// stringEnum reads a string enum by matching its bytes against each value,
// so that no string is allocated.
// A type's const group is matched by its parse function, which every field
// of the type shares with the fast path.
func (e *emitter) stringEnum(d string, p place, t *Type, r *Rules, s string, cases [][2]any) []jen.Code {
	var clauses []jen.Code
	words := make([]string, len(cases))
	for i, c := range cases {
		words[i] = strconv.Quote(c[0].(string))
		clauses = append(clauses, jen.Case(jen.Lit(c[0].(string))).Block(p.val().Op("=").Add(c[1].(*jen.Statement))))
	}
	report := jen.Id(d).Dot("NotOneOf").Call(jen.Id(s), stringLit(strings.Join(words, ", ")))
	ok := e.names.local("ok")
	match := jen.Switch(jen.String().Call(jen.Id(s))).Block(append(clauses, jen.Default().Block(report))...)
	if parse := e.enumParser(t, r); parse != "" {
		match = jen.If(jen.List(p.val(), jen.Id(ok)).Op("=").Id(parse).Call(jen.Id(s)), jen.Op("!").Id(ok)).Block(report)
	}
	return []jen.Code{jen.If(
		jen.List(jen.Id(s), jen.Id(ok)).Op(":=").Id(d).Dot("StringRef").Call(), jen.Id(ok),
	).Block(match)}
}

// stringChecks checks enum, length, pattern and format of a string.
func (e *emitter) stringChecks(d string, p place, t *Type, r *Rules, s string) []jen.Code {
	checks := e.enumCheck(d, p, t, r, s)
	if bounds := lengthArgs(r); bounds != nil {
		checks = append(checks, jen.Id(d).Dot("Length").Call(append([]jen.Code{jen.Id(s)}, bounds...)...))
	}
	return append(checks, reported(d, e.stringRules(r, jen.Id(s), false))...)
}

// pattern returns the package variable holding the compiled pattern.
func (e *emitter) pattern(source string) string {
	for _, p := range e.patterns {
		if p.source == source {
			return p.name
		}
	}
	name := e.names.name("pattern" + strconv.Itoa(len(e.patterns)+1))
	e.patterns = append(e.patterns, patternVar{name: name, source: source})
	return name
}

// numberChecks checks enum, bounds and multipleOf of a number held in
// local, of type localType (int64, uint64 or float64).
func (e *emitter) numberChecks(d string, p place, t *Type, r *Rules, local string, localType types.Type) []jen.Code {
	return append(e.enumCheck(d, p, t, r, local), reported(d, numberRules(r, jen.Id(local), localType))...)
}

// floatType is the type a float's rules are checked in: float32 for a
// float32, whose value the decoder holds in a float64.
func floatType(t *Type) types.Type {
	if t.Bits == 32 {
		return types.Typ[types.Float32]
	}
	return types.Typ[types.Float64]
}

func representable(c constant.Value, t types.Type) bool {
	b := t.Underlying().(*types.Basic)
	switch {
	case b.Info()&types.IsUnsigned != 0:
		if c.Kind() != constant.Int {
			return false
		}
		_, exact := constant.Uint64Val(c)
		return exact
	case b.Info()&types.IsInteger != 0:
		if c.Kind() != constant.Int {
			return false
		}
		_, exact := constant.Int64Val(c)
		return exact
	case b.Kind() == types.Float32:
		f, _ := constant.Float64Val(c)
		return math.Abs(f) <= math.MaxFloat32
	}
	return true
}

// itemCountChecks checks uniqueItems, minItems and maxItems of a slice of
// count items. Items are checked for uniqueness while the slice holds them
// all (see Decoder.Keep).
func itemCountChecks(d string, p place, count func() *jen.Statement, r *Rules) []jen.Code {
	var checks []jen.Code
	if r.UniqueItems {
		checks = append(checks, jen.If(jen.Id(d).Dot("Keep").Call()).Block(uniqueCheck(p, true,
			jen.Id(d).Dot("Errorf").Call(jen.Lit("must have unique items; items %d and %d are equal"), jen.Id("i"), jen.Id("j")))))
	}
	return append(checks, reported(d, itemRules(count, r))...)
}

// assignDefault sets an absent field to its default.
func (e *emitter) assignDefault(p place, t *Type, c constant.Value) []jen.Code {
	if t.Kind == KindPointer {
		return append([]jen.Code{p.val().Op("=").New(e.typeCode(t.Elem.Go))},
			e.assignDefault(derefPlace(p), t.Elem, c)...)
	}
	return []jen.Code{p.val().Op("=").Add(e.constCode(t, c))}
}

// assignDefaultList sets an absent slice field to its default items.
func (e *emitter) assignDefaultList(p place, t *Type, list []constant.Value) []jen.Code {
	slice := t.Deref()
	items := make([]jen.Code, len(list))
	for i, c := range list {
		items[i] = e.constCode(slice.Elem.Deref(), c)
	}
	value := e.typeCode(slice.Go).Values(items...)
	if t.Kind == KindPointer {
		return []jen.Code{p.val().Op("=").New(e.typeCode(slice.Go)), jen.Op("*").Add(p.val()).Op("=").Add(value)}
	}
	return []jen.Code{p.val().Op("=").Add(value)}
}

// valueWord writes a value as the model would write it in JSON.
func valueWord(c constant.Value) string {
	if c.Kind() == constant.String {
		return strconv.Quote(constant.StringVal(c))
	}
	return c.ExactString()
}

// formatLit writes a format string whose first part is literal text (with
// any % escaped) and whose rest holds the verbs, as a raw string where it
// can be one, so the message reads in the generated code as the model will
// read it.
func formatLit(text, verbs string) jen.Code {
	return stringLit(escapePercent(text) + verbs)
}

// escapePercent escapes % for a format string.
func escapePercent(text string) string { return strings.ReplaceAll(text, "%", "%%") }

// article returns "an" before a vowel, else "a".
func article(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// plural writes n nouns: "1 item", "3 items".
func plural(n uint64, noun string) string { return derive.Plural(n, noun) }

// sizes64 are the type sizes of a 64-bit platform, by which toolgen
// reckons what an item of a slice or map costs a call's memory budget (see
// runtime/toolimpl/budget.go): the same on every platform, so that the
// generated code is.
var sizes64 = types.SizesFor("gc", "amd64")

// largeItemCost is the cost from which an item is charged.
const largeItemCost = 24

// largeItem returns what an item of type t costs the memory budget of a
// call, if it is charged: its size, and what its pointers, maps and
// interfaces hold at the least once a value is decoded into them.
func largeItem(t *Type) (int, bool) {
	cost := sizes64.Sizeof(t.Go) + heldCost(t.Go, map[types.Type]bool{})
	return int(cost), cost >= largeItemCost
}

// heldCost is what the values a value of type t points to take at the
// least: what a pointer points to, a map's header, an object in an any;
// a slice's items are charged on their own. seen are the types being
// reckoned, whose recursion costs nothing more.
func heldCost(t types.Type, seen map[types.Type]bool) int64 {
	if seen[t] {
		return 0
	}
	seen[t] = true
	defer delete(seen, t)
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return sizes64.Sizeof(u.Elem()) + heldCost(u.Elem(), seen)
	case *types.Map:
		return mapHeader
	case *types.Interface:
		return anyValue
	case *types.Array:
		return u.Len() * heldCost(u.Elem(), seen)
	case *types.Struct:
		var n int64
		for f := range u.Fields() {
			if f.Exported() || f.Embedded() {
				n += heldCost(f.Type(), seen)
			}
		}
		return n
	}
	return 0
}

// mapHeader is what a map takes made empty, as `{}` makes one; anyValue is
// what reading a value of any type takes at the least (encoding/json's
// decoder, and the map of a `{}`).
const (
	mapHeader = 48
	anyValue  = 192
)

// keep is the condition under which the full decoder keeps the item of type
// t it has read: d.Keep(), and for a large item the charge of its cost.
func (e *emitter) keep(d string, t *Type) *jen.Statement {
	if cost, ok := largeItem(t); ok {
		return jen.Qual(ImplPath, "KeepLarge").Call(jen.Id(d), jen.Lit(cost))
	}
	return jen.Id(d).Dot("Keep").Call()
}
