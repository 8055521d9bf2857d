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
	case KindMap:
		if t.TextKey {
			return 0, false // its keys decode themselves
		}
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

// fastStruct writes the fast decoder of a struct type. Each member's
// value is read by the statements of fastValue, which set ok; the loop
// passes at the first that fails.
func (e *emitter) fastStruct(t *Type) jen.Code {
	name := e.fastDecoders[t]
	data, i, v, ok, key, strs := e.names.local("data"), e.names.local("i"), e.names.local("v"), e.names.local("ok"), e.names.local("key"), e.names.local("strs")
	e.fastStrs = strs
	params := func(v, strs string) jen.Code {
		return jen.Params(jen.Id(data).Index().Byte(), jen.Id(i).Int(), jen.Id(v).Op("*").Add(e.typeCode(t.Go)), jen.Id(strs).Op("*").Qual(ImplPath, "Strings"))
	}
	if len(t.Fields) == 0 {
		// {} and nothing else: any member is unknown.
		more := e.names.local("more")
		return jen.Func().Id(name).Add(params("_", "_")).Params(jen.Int(), jen.Bool()).Block(
			jen.List(jen.Id(i), jen.Id(more), jen.Id(ok)).Op(":=").Qual(ImplPath, "FastObject").Call(jen.Id(data), jen.Id(i)),
			jen.Return(jen.Id(i), jen.Id(ok).Op("&&").Op("!").Id(more)),
		)
	}
	bail := jen.Return(jen.Id(i), jen.False())
	var fields []*Field // whose absence matters
	for _, f := range t.Fields {
		if f.Required || f.Rules.Default != nil || f.Rules.DefaultList != nil {
			fields = append(fields, f)
		}
	}
	has := e.hasNames(fields)
	tracked := make([]jen.Code, len(fields))
	for i, f := range fields {
		tracked[i] = jen.Id(has[f])
	}
	body := []jen.Code{jen.Var().Id(key).Index().Byte()}
	if len(tracked) > 0 {
		body = append(body, jen.Var().List(tracked...).Bool())
	}
	more := e.names.local("more")
	body = append(body, jen.List(jen.Id(i), jen.Id(more), jen.Id(ok)).Op(":=").Qual(ImplPath, "FastObject").Call(jen.Id(data), jen.Id(i)))
	var cases []jen.Code
	for _, f := range t.Fields {
		var stmts []jen.Code
		if !f.Required {
			// A null for an optional field, which OpenAI's strict mode
			// sends for each one the model leaves out, where the call
			// takes it, as the full decoder's OptionalNull.
			stmts = append(stmts, jen.If(
				jen.List(jen.Id(i), jen.Id(ok)).Op("=").Id(strs).Dot("Null").Call(jen.Id(data), jen.Id(i)),
				jen.Id(ok),
			).Block(append(nullReset(v, f), jen.Break())...))
		}
		if h, ok := has[f]; ok {
			stmts = append(stmts, jen.Id(h).Op("=").True())
		}
		stmts = append(stmts, e.fastValue(data, i, ok, fieldPlace(v, f), f.Type, &f.Rules, &f.ItemRules, 0)...)
		cases = append(cases, jen.Case(jen.Lit(f.JSONName)).Block(stmts...))
	}
	cases = append(cases, jen.Default().Block(bail))
	// A key FastKey cannot read is nil, which matches no field's name.
	body = append(body, jen.For(
		jen.Empty(),
		jen.Id(more),
		jen.List(jen.Id(i), jen.Id(more), jen.Id(ok)).Op("=").Qual(ImplPath, "FastNext").Call(jen.Id(data), jen.Id(i), jen.LitRune('}')),
	).Block(
		jen.Switch(jen.List(jen.Id(key), jen.Id(i), jen.Id("_")).Op("=").Qual(ImplPath, "FastKey").Call(jen.Id(data), jen.Id(i)).Op(";").String().Call(jen.Id(key))).Block(cases...),
		jen.If(jen.Op("!").Id(ok)).Block(bail),
	))
	// Missing: the full decoder says so.
	fail := jen.Op("!").Id(ok)
	for _, f := range t.Fields {
		if h, ok := has[f]; ok && f.Rules.Default == nil && f.Rules.DefaultList == nil {
			fail = fail.Op("||").Op("!").Id(h)
		}
	}
	body = append(body, jen.If(fail).Block(bail))
	for _, f := range t.Fields {
		var then []jen.Code
		switch {
		case f.Rules.Default != nil:
			then = e.assignDefault(fieldPlace(v, f), f.Type, f.Rules.Default)
		case f.Rules.DefaultList != nil:
			then = e.assignDefaultList(fieldPlace(v, f), f.Type, f.Rules.DefaultList)
		default:
			continue
		}
		body = append(body, jen.If(jen.Op("!").Id(has[f])).Block(then...))
	}
	body = append(body, jen.Return(jen.Id(i), jen.True()))
	return jen.Func().Id(name).Add(params(v, strs)).Params(jen.Int(), jen.Bool()).Block(body...)
}

// fastValue writes the statements that read the next value into p and set
// ok to whether it was read and keeps its rules; the caller passes if not.
func (e *emitter) fastValue(data, i, ok string, p place, t *Type, r, items *Rules, depth int) []jen.Code {
	bail := jen.Return(jen.Id(i), jen.False())
	// check passes unless the read succeeded and the value keeps its rules.
	check := func(conds []jen.Code) []jen.Code {
		if len(conds) == 0 {
			return nil
		}
		cond := jen.Op("!").Id(ok)
		for _, c := range conds {
			cond = cond.Op("||").Add(c)
		}
		return []jen.Code{jen.If(cond).Block(bail)}
	}
	// read scans the value with scan(data, i, args...) into local (if the
	// value's type is not the scanner's, from) or else straight into p,
	// then checks the value's rules, conds(x) for the value read x.
	read := func(local string, localType jen.Code, scan jen.Code, from types.Type, conds func(x jen.Code) []jen.Code) []jen.Code {
		if types.Identical(t.Go, from) {
			return append([]jen.Code{jen.List(p.val(), jen.Id(i), jen.Id(ok)).Op("=").Add(scan)}, check(conds(p.val()))...)
		}
		return append([]jen.Code{
			jen.Var().Id(local).Add(localType),
			jen.List(jen.Id(local), jen.Id(i), jen.Id(ok)).Op("=").Add(scan),
			p.val().Op("=").Add(e.typeCode(t.Go)).Call(jen.Id(local)),
		}, check(conds(jen.Id(local)))...)
	}
	scan := func(name string, args ...jen.Code) jen.Code {
		return jen.Qual(ImplPath, name).Call(append([]jen.Code{jen.Id(data), jen.Id(i)}, args...)...)
	}
	s, n, f, b := e.names.local("s"), e.names.local("n"), e.names.local("f"), e.names.local("b")
	switch t.Kind {
	case KindStruct:
		return []jen.Code{jen.List(jen.Id(i), jen.Id(ok)).Op("=").Id(e.fastName(t)).Call(jen.Id(data), jen.Id(i), p.addr(), jen.Id(e.fastStrs))}
	case KindPointer:
		return append([]jen.Code{p.val().Op("=").New(e.typeCode(t.Elem.Go))}, e.fastValue(data, i, ok, derefPlace(p), t.Elem, r, items, depth)...)
	case KindBool:
		return read(b, jen.Bool(), scan("FastBool"), types.Typ[types.Bool], func(x jen.Code) []jen.Code { return fastEnum(t, r, x) })
	case KindString:
		if cases := e.enumCases(t, r); cases != nil && r.MinLength == nil && r.MaxLength == nil && r.Pattern == "" && r.Format == "" {
			var match jen.Code
			if parse := e.enumParser(t, r); parse != "" {
				match = jen.List(p.val(), jen.Id(ok)).Op("=").Id(parse).Call(jen.Id(s))
			} else {
				var clauses []jen.Code
				for _, c := range cases {
					clauses = append(clauses, jen.Case(jen.Lit(c[0].(string))).Block(p.val().Op("=").Add(c[1].(*jen.Statement))))
				}
				clauses = append(clauses, jen.Default().Block(jen.Id(ok).Op("=").False()))
				match = jen.Switch(jen.String().Call(jen.Id(s))).Block(clauses...)
			}
			return []jen.Code{
				jen.Var().Id(s).Index().Byte(),
				jen.If(jen.List(jen.Id(s), jen.Id(i), jen.Id(ok)).Op("=").Qual(ImplPath, "FastString").Call(jen.Id(data), jen.Id(i)), jen.Id(ok)).Block(match),
			}
		}
		method, args := "String", []jen.Code{jen.Id(data), jen.Id(i)}
		if bounds := lengthArgs(r); bounds != nil {
			method, args = "StringLength", append(args, bounds...)
		}
		return read(s, jen.String(), jen.Id(e.fastStrs).Dot(method).Call(args...), types.Typ[types.String], func(x jen.Code) []jen.Code {
			return append(breaks(e.stringRules(r, x, false)), fastEnum(t, r, x)...)
		})
	case KindInt:
		if lo, hi, bounded := fastIntBounds(t, r); bounded {
			return []jen.Code{jen.List(p.val(), jen.Id(i), jen.Id(ok)).Op("=").Qual(ImplPath, "FastIntIn").Types(e.typeCode(t.Go)).Call(jen.Id(data), jen.Id(i), lo, hi)}
		}
		return read(n, jen.Int64(), scan("FastInt", intBits(t)), types.Typ[types.Int64], func(x jen.Code) []jen.Code {
			return append(breaks(numberRules(r, x, types.Typ[types.Int64])), fastEnum(t, r, x)...)
		})
	case KindUint:
		return read(n, jen.Uint64(), scan("FastUint", intBits(t)), types.Typ[types.Uint64], func(x jen.Code) []jen.Code {
			return append(breaks(numberRules(r, x, types.Typ[types.Uint64])), fastEnum(t, r, x)...)
		})
	case KindFloat:
		return read(f, jen.Float64(), scan("FastFloat", jen.Lit(t.Bits)), types.Typ[types.Float64], func(x jen.Code) []jen.Code {
			return append(breaks(numberRules(r, x, floatType(t))), fastEnum(t, r, x)...)
		})
	case KindSlice:
		count := func() *jen.Statement { return jen.Len(p.val()) }
		var stmts []jen.Code
		if types.Identical(t.Elem.Go, types.Typ[types.String]) && !hasRules(items) {
			stmts = []jen.Code{jen.List(p.val(), jen.Id(i), jen.Id(ok)).Op("=").Id(e.fastStrs).Dot("Strings").Call(jen.Id(data), jen.Id(i))}
		} else {
			elem, more := e.names.local("elem"+suffix(depth)), e.names.local("more"+suffix(depth+1))
			loop := append([]jen.Code{jen.Var().Id(elem).Add(e.typeCode(t.Elem.Go))},
				e.fastValue(data, i, ok, localPlace(elem), t.Elem, items, &Rules{}, depth+1)...)
			// A slice of large items is made for as many as the budget
			// has room for, and each is charged as it is read.
			made := p.val().Op("=").Make(e.typeCode(t.Go), jen.Lit(0), jen.Qual(ImplPath, "FastCount").Call(jen.Id(data), jen.Id(i), jen.Op("!").Id(more)))
			failed := jen.Op("!").Id(ok)
			if cost, isLarge := largeItem(t.Elem); isLarge {
				made = p.val().Op("=").Make(e.typeCode(t.Go), jen.Lit(0), jen.Qual(ImplPath, "FastCountLarge").Call(jen.Id(e.fastStrs), jen.Id(data), jen.Id(i), jen.Op("!").Id(more), jen.Lit(cost), jen.Lit(firstBytes(t.Elem))))
				failed = failed.Op("||").Op("!").Qual(ImplPath, "FastKeep").Call(jen.Id(e.fastStrs), jen.Lit(cost))
			}
			loop = append(loop,
				jen.If(failed).Block(bail),
				p.val().Op("=").Append(p.val(), jen.Id(elem)))
			stmts = []jen.Code{
				jen.Var().Id(more).Bool(),
				jen.List(jen.Id(i), jen.Id(more), jen.Id(ok)).Op("=").Qual(ImplPath, "FastArray").Call(jen.Id(data), jen.Id(i)),
				made,
				jen.For(jen.Empty(), jen.Id(more), jen.List(jen.Id(i), jen.Id(more), jen.Id(ok)).Op("=").Qual(ImplPath, "FastNext").Call(jen.Id(data), jen.Id(i), jen.LitRune(']'))).Block(loop...),
			}
		}
		if r.UniqueItems {
			stmts = append(stmts, jen.If(jen.Op("!").Id(ok)).Block(bail), uniqueCheck(p, false, bail))
		}
		return append(stmts, check(breaks(itemRules(count, r)))...)
	case KindMap:
		key, elem, more := e.names.local("mapKey"+suffix(depth)), e.names.local("elem"+suffix(depth)), e.names.local("more"+suffix(depth+1))
		var k jen.Code = jen.Id(key)
		if kt := t.Go.Underlying().(*types.Map).Key(); !types.Identical(kt, types.Typ[types.String]) {
			k = e.typeCode(kt).Call(jen.Id(key))
		}
		loop := []jen.Code{
			jen.Var().Id(key).String(),
			jen.If(jen.List(jen.Id(key), jen.Id(i), jen.Id(ok)).Op("=").Id(e.fastStrs).Dot("MapKey").Call(jen.Id(data), jen.Id(i)), jen.Op("!").Id(ok)).Block(bail),
			jen.Var().Id(elem).Add(e.typeCode(t.Elem.Go)),
		}
		loop = append(loop, e.fastValue(data, i, ok, localPlace(elem), t.Elem, &Rules{}, &Rules{}, depth+1)...)
		size := []jen.Code{e.typeCode(t.Go), jen.Qual(ImplPath, "FastCount").Call(jen.Id(data), jen.Id(i), jen.Op("!").Id(more))}
		failed := jen.Op("!").Id(ok)
		if cost, isLarge := largeItem(t.Elem); isLarge {
			size[1] = jen.Qual(ImplPath, "FastCountLarge").Call(jen.Id(e.fastStrs), jen.Id(data), jen.Id(i), jen.Op("!").Id(more), jen.Lit(cost), jen.Lit(firstBytes(t.Elem)))
			failed = failed.Op("||").Op("!").Qual(ImplPath, "FastKeep").Call(jen.Id(e.fastStrs), jen.Lit(cost))
		}
		loop = append(loop,
			jen.If(failed).Block(bail),
			p.keyed().Index(k).Op("=").Id(elem))
		return []jen.Code{
			jen.Var().Id(more).Bool(),
			jen.List(jen.Id(i), jen.Id(more), jen.Id(ok)).Op("=").Qual(ImplPath, "FastObject").Call(jen.Id(data), jen.Id(i)),
			p.val().Op("=").Make(size...),
			jen.For(jen.Empty(), jen.Id(more), jen.List(jen.Id(i), jen.Id(more), jen.Id(ok)).Op("=").Qual(ImplPath, "FastNext").Call(jen.Id(data), jen.Id(i), jen.LitRune('}'))).Block(loop...),
		}
	}
	e.errs = append(e.errs, fmt.Errorf("toolgen: no fast path for %s", t.Go))
	return nil
}

// fastIntBounds returns the bounds of an integer with inclusive minimum and
// maximum and no other rule, as FastIntIn takes them, if it has such.
func fastIntBounds(t *Type, r *Rules) (lo, hi jen.Code, ok bool) {
	if r.Minimum == nil || r.Maximum == nil || r.ExclMinimum != nil || r.ExclMaximum != nil || r.MultipleOf != nil || len(allowedValues(t, r)) > 0 {
		return nil, nil, false
	}
	if !representable(r.Minimum, types.Typ[types.Int64]) || !representable(r.Maximum, types.Typ[types.Int64]) {
		return nil, nil, false
	}
	return literalCode(r.Minimum), literalCode(r.Maximum), true
}

// fastEnum returns the condition that the value x is none of the enum's,
// if it has one.
func fastEnum(t *Type, r *Rules, x jen.Code) []jen.Code {
	vals := allowedValues(t, r)
	if len(vals) == 0 {
		return nil
	}
	var cond *jen.Statement
	for _, c := range vals {
		if cond == nil {
			cond = jen.Add(x).Op("!=").Add(literalCode(c))
		} else {
			cond = cond.Op("&&").Add(x).Op("!=").Add(literalCode(c))
		}
	}
	return []jen.Code{jen.Parens(cond)}
}

// hasRules reports whether r holds any rule the fast path checks.
func hasRules(r *Rules) bool {
	return r.MinLength != nil || r.MaxLength != nil || r.Pattern != "" || r.Format != "" || len(r.Enum) > 0
}
