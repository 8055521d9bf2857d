package gen

import (
	"fmt"
	"go/types"

	"github.com/dave/jennifer/jen"
)

// The fast path: for argument types of plain shapes, a second decoder per
// struct type that reads the common case (plain JSON, valid arguments) in
// one straight pass over the bytes, with the runtime's Fast scanners. At
// anything else it returns false and the tool decodes with the full
// decoder, which reports every problem; the fast path never rejects. The
// differential tests hold both to the same answers.

// fastable reports whether the fast path can decode t, and how deep t
// nests.
func fastable(t *Type, visiting map[*Type]bool) (depth int, ok bool) {
	if t.SelfDecode {
		return 0, false // its own UnmarshalJSON decodes it
	}
	switch t.Kind {
	case KindString, KindInt, KindUint, KindFloat, KindBool:
		return 0, true
	case KindPointer:
		return fastable(t.Elem, visiting)
	case KindSlice:
		d, ok := fastable(t.Elem, visiting)
		return d + 1, ok
	case KindStruct:
		if visiting[t] {
			return 0, false // recursive
		}
		visiting[t] = true
		defer delete(visiting, t)
		deepest := 0
		for _, f := range t.Fields {
			r := &f.Rules
			if f.Quoted || len(f.Path) > 0 || r.Nullable || len(r.OneOfGroup)+len(r.AnyOfGroup)+len(r.OneOfType)+len(r.AnyOfType) > 0 {
				return 0, false
			}
			d, ok := fastable(f.Type, visiting)
			if !ok {
				return 0, false
			}
			deepest = max(deepest, d)
		}
		return deepest + 1, true
	}
	return 0, false
}

// fastName returns the fast decoder of struct type t, queueing it.
func (e *emitter) fastName(t *Type) string {
	if name, ok := e.fastDecoders[t]; ok {
		return name
	}
	base := "Object"
	if n, ok := t.Go.(*types.Named); ok {
		base = upperFirst(n.Obj().Name())
	}
	name := e.names.name("fast" + base)
	e.fastDecoders[t] = name
	e.fastQueue = append(e.fastQueue, t)
	return name
}

// fastStruct writes the fast decoder of a struct type.
func (e *emitter) fastStruct(t *Type) jen.Code {
	name := e.fastDecoders[t]
	data, i, v, ok, key, strs := e.names.local("data"), e.names.local("i"), e.names.local("v"), e.names.local("ok"), e.names.local("key"), e.names.local("strs")
	e.fastStrs = strs
	bail := jen.Return(jen.Id(i), jen.False())
	has := make(map[*Field]string)
	var tracked []jen.Code
	for _, f := range t.Fields {
		if f.Required || f.Rules.Default != nil || f.Rules.DefaultList != nil {
			has[f] = e.names.local("has" + upperFirst(f.GoName))
			tracked = append(tracked, jen.Id(has[f]))
		}
	}
	empty, more := e.names.local("empty"), e.names.local("more")
	body := []jen.Code{
		jen.List(jen.Id(i), jen.Id(empty), jen.Id(ok)).Op(":=").Qual(ImplPath, "FastOpen").Call(jen.Id(data), jen.Id(i), jen.LitRune('{')),
		jen.If(jen.Op("!").Id(ok)).Block(bail),
	}
	if len(tracked) > 0 {
		body = append(body, jen.Var().List(tracked...).Bool())
	}
	var cases []jen.Code
	for _, f := range t.Fields {
		var stmts []jen.Code
		if h, ok := has[f]; ok {
			stmts = append(stmts, jen.Id(h).Op("=").True())
		}
		stmts = append(stmts, e.fastValue(data, i, ok, fieldPlace(v, f), f.Type, &f.Rules, &f.ItemRules, 0)...)
		cases = append(cases, jen.Case(jen.Lit(f.JSONName)).Block(stmts...))
	}
	cases = append(cases, jen.Default().Block(bail))
	body = append(body, jen.For(jen.Id(more).Op(":=").Op("!").Id(empty), jen.Id(more), jen.Empty()).Block(
		jen.Var().Id(key).Index().Byte(),
		jen.If(jen.List(jen.Id(key), jen.Id(i), jen.Id(ok)).Op("=").Qual(ImplPath, "FastKey").Call(jen.Id(data), jen.Id(i)), jen.Op("!").Id(ok)).Block(bail),
		jen.Switch(jen.String().Call(jen.Id(key))).Block(cases...),
		jen.If(jen.List(jen.Id(i), jen.Id(more), jen.Id(ok)).Op("=").Qual(ImplPath, "FastNext").Call(jen.Id(data), jen.Id(i), jen.LitRune('}')), jen.Op("!").Id(ok)).Block(bail),
	))
	for _, f := range t.Fields {
		h, ok := has[f]
		if !ok {
			continue
		}
		var then []jen.Code
		switch {
		case f.Rules.Default != nil:
			then = e.assignDefault(fieldPlace(v, f), f.Type, f.Rules.Default)
		case f.Rules.DefaultList != nil:
			then = e.assignDefaultList(fieldPlace(v, f), f.Type, f.Rules.DefaultList)
		default:
			then = []jen.Code{bail} // missing: the full decoder says so
		}
		body = append(body, jen.If(jen.Op("!").Id(h)).Block(then...))
	}
	body = append(body, jen.Return(jen.Id(i), jen.True()))
	return jen.Commentf("%s is the fast path of %s: it decodes valid, plain", name, e.decoderName(t)).Line().
		Commentf("JSON from data[%s:], or returns false.", i).Line().
		Func().Id(name).Params(jen.Id(data).Index().Byte(), jen.Id(i).Int(), jen.Id(v).Op("*").Add(e.typeCode(t.Go)), jen.Id(strs).Op("*").Qual(ImplPath, "Strings")).Params(jen.Int(), jen.Bool()).
		Block(body...)
}

// fastValue writes the statements that read the next value into p, or
// return false.
func (e *emitter) fastValue(data, i, ok string, p place, t *Type, r, items *Rules, depth int) []jen.Code {
	bail := jen.Return(jen.Id(i), jen.False())
	// read scans the value into local, and returns false if the scan fails
	// or any of conds (the rules it breaks) holds; then checks, then the
	// value is stored.
	read := func(local string, localType jen.Code, scan string, args []jen.Code, from types.Type, conds []jen.Code, checks []jen.Code) []jen.Code {
		callArgs := append([]jen.Code{jen.Id(data), jen.Id(i)}, args...)
		cond := jen.Op("!").Id(ok)
		for _, c := range conds {
			cond = cond.Op("||").Add(c)
		}
		stmts := []jen.Code{
			jen.Var().Id(local).Add(localType),
			jen.If(jen.List(jen.Id(local), jen.Id(i), jen.Id(ok)).Op("=").Qual(ImplPath, scan).Call(callArgs...), cond).Block(bail),
		}
		stmts = append(stmts, checks...)
		var val jen.Code = jen.Id(local)
		if t.Kind == KindString {
			val = jen.Id(e.fastStrs).Dot("Of").Call(jen.Id(data), jen.Id(i), jen.Id(local))
			if !types.Identical(t.Go, types.Typ[types.String]) {
				val = e.typeCode(t.Go).Call(val)
			}
		} else if !types.Identical(t.Go, from) {
			val = e.typeCode(t.Go).Call(jen.Id(local))
		}
		return append(stmts, p.val().Op("=").Add(val))
	}
	s, n, f, b := e.names.local("s"), e.names.local("n"), e.names.local("f"), e.names.local("b")
	switch t.Kind {
	case KindStruct:
		return []jen.Code{jen.If(jen.List(jen.Id(i), jen.Id(ok)).Op("=").Id(e.fastName(t)).Call(jen.Id(data), jen.Id(i), p.addr(), jen.Id(e.fastStrs)), jen.Op("!").Id(ok)).Block(bail)}
	case KindPointer:
		return append([]jen.Code{p.val().Op("=").New(e.typeCode(t.Elem.Go))}, e.fastValue(data, i, ok, derefPlace(p), t.Elem, r, items, depth)...)
	case KindBool:
		return read(b, jen.Bool(), "FastBool", nil, types.Typ[types.Bool], nil, fastEnum(t, r, jen.Id(b), bail))
	case KindString:
		if cases := e.enumCases(t, r); cases != nil && r.MinLength == nil && r.MaxLength == nil && r.Pattern == "" && r.Format == "" {
			var clauses []jen.Code
			for _, c := range cases {
				clauses = append(clauses, jen.Case(jen.Lit(c[0].(string))).Block(p.val().Op("=").Add(c[1].(*jen.Statement))))
			}
			clauses = append(clauses, jen.Default().Block(bail))
			match := jen.Switch(jen.String().Call(jen.Id(s))).Block(clauses...)
			if parse := e.enumParser(t, r); parse != "" {
				match = jen.If(jen.List(p.val(), jen.Id(ok)).Op("=").Id(parse).Call(jen.Id(s)), jen.Op("!").Id(ok)).Block(bail)
			}
			return []jen.Code{
				jen.Var().Id(s).Index().Byte(),
				jen.If(jen.List(jen.Id(s), jen.Id(i), jen.Id(ok)).Op("=").Qual(ImplPath, "FastString").Call(jen.Id(data), jen.Id(i)), jen.Op("!").Id(ok)).Block(bail),
				match,
			}
		}
		var conds []jen.Code
		if bounds := lengthArgs(r); bounds != nil {
			conds = append(conds, jen.Op("!").Qual(ImplPath, "FastLength").Call(append([]jen.Code{jen.Id(s)}, bounds...)...))
		}
		conds = append(conds, breaks(e.stringRules(r, s, true))...)
		return read(s, jen.Index().Byte(), "FastString", nil, types.NewSlice(types.Typ[types.Byte]), conds, fastEnum(t, r, jen.String().Call(jen.Id(s)), bail))
	case KindInt:
		return read(n, jen.Int64(), "FastInt", []jen.Code{intBits(t)}, types.Typ[types.Int64], breaks(numberRules(r, n, types.Typ[types.Int64])), fastEnum(t, r, jen.Id(n), bail))
	case KindUint:
		return read(n, jen.Uint64(), "FastUint", []jen.Code{intBits(t)}, types.Typ[types.Uint64], breaks(numberRules(r, n, types.Typ[types.Uint64])), fastEnum(t, r, jen.Id(n), bail))
	case KindFloat:
		return read(f, jen.Float64(), "FastFloat", []jen.Code{jen.Lit(t.Bits)}, types.Typ[types.Float64], breaks(numberRules(r, f, types.Typ[types.Float64])), fastEnum(t, r, jen.Id(f), bail))
	case KindSlice:
		elem, empty, more := e.names.local("elem"+suffix(depth)), e.names.local("empty"+suffix(depth+1)), e.names.local("more"+suffix(depth+1))
		loop := append([]jen.Code{jen.Var().Id(elem).Add(e.typeCode(t.Elem.Go))},
			e.fastValue(data, i, ok, localPlace(elem), t.Elem, items, &Rules{}, depth+1)...)
		loop = append(loop,
			p.val().Op("=").Append(p.val(), jen.Id(elem)),
			jen.If(jen.List(jen.Id(i), jen.Id(more), jen.Id(ok)).Op("=").Qual(ImplPath, "FastNext").Call(jen.Id(data), jen.Id(i), jen.LitRune(']')), jen.Op("!").Id(ok)).Block(bail))
		stmts := []jen.Code{
			jen.Var().Id(empty).Bool(),
			jen.If(jen.List(jen.Id(i), jen.Id(empty), jen.Id(ok)).Op("=").Qual(ImplPath, "FastOpen").Call(jen.Id(data), jen.Id(i), jen.LitRune('[')), jen.Op("!").Id(ok)).Block(bail),
			p.val().Op("=").Make(e.typeCode(t.Go), jen.Lit(0), jen.Qual(ImplPath, "FastCount").Call(jen.Id(data), jen.Id(i), jen.Id(empty))),
			jen.For(jen.Id(more).Op(":=").Op("!").Id(empty), jen.Id(more), jen.Empty()).Block(loop...),
		}
		if r.UniqueItems {
			stmts = append(stmts, uniqueCheck(p, false, bail))
		}
		return append(stmts, bailing(itemRules(func() *jen.Statement { return jen.Len(p.val()) }, r), bail)...)
	}
	e.errs = append(e.errs, fmt.Errorf("toolgen: no fast path for %s", t.Go))
	return nil
}

// fastEnum bails unless the value is one of the enum's.
func fastEnum(t *Type, r *Rules, value jen.Code, bail jen.Code) []jen.Code {
	vals := allowedValues(t, r)
	if len(vals) == 0 {
		return nil
	}
	cases := make([]jen.Code, len(vals))
	for i, c := range vals {
		cases[i] = literalCode(c)
	}
	return []jen.Code{jen.Switch(value).Block(jen.Case(cases...), jen.Default().Block(bail))}
}
