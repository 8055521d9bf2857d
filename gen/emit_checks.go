package gen

import (
	"fmt"
	"go/constant"
	"go/types"

	"github.com/dave/jennifer/jen"
)

// The rules of a value, written once: each is a condition that the value
// breaks it, and the message the full decoder gives the model. The full
// decoder reports each condition that holds; the fast path passes at the
// first. So "where is minimum checked?" has one answer: numberRules. The
// length of a string is checked by the runtime (Decoder.Length,
// FastLength), with its bounds as arguments.

// violation is one way a value can break a rule.
type violation struct {
	cond   *jen.Statement
	format string     // the message, with verbs for args
	args   []jen.Code // the message's arguments
	// report, if set, records the problem instead of Errorf(format, args).
	report func(d string) jen.Code
}

// reported writes the full decoder's checks: each violation recorded.
func reported(d string, vs []violation) []jen.Code {
	out := make([]jen.Code, len(vs))
	for i, v := range vs {
		var record jen.Code
		if v.report != nil {
			record = v.report(d)
		} else {
			record = jen.Id(d).Dot("Errorf").Call(append([]jen.Code{stringLit(v.format)}, v.args...)...)
		}
		out[i] = jen.If(v.cond).Block(record)
	}
	return out
}

// breaks returns the conditions of vs, for the fast path to pass at any
// of them, in the condition of the read.
func breaks(vs []violation) []jen.Code {
	out := make([]jen.Code, len(vs))
	for i, v := range vs {
		out[i] = v.cond
	}
	return out
}

// numberRules are the bounds and multipleOf of the number x, of type
// localType (int64, uint64 or float64). A float32 is read as a float64
// that holds its value: localType float32 checks that value as a float32,
// the value the tool receives, so that 19.99 is a multiple of 0.01 and
// 0.1 at most 0.1, as the model wrote them.
func numberRules(r *Rules, x jen.Code, localType types.Type) []violation {
	var vs []violation
	shown := x // the value in messages
	if localType == types.Typ[types.Float32] {
		shown = jen.Float32().Call(x)
	}
	if k := r.MultipleOf; k != nil {
		var cond *jen.Statement
		switch {
		case localType == types.Typ[types.Float32]:
			cond = jen.Op("!").Qual(ImplPath, "MultipleOf32").Call(shown, jen.Lit(numberText(k)))
		case k.Kind() == constant.Int && localType != types.Typ[types.Float64] && representable(k, localType):
			cond = jen.Add(x).Op("%").Add(literalCode(k)).Op("!=").Lit(0)
		case localType == types.Typ[types.Float64]:
			cond = jen.Op("!").Qual(ImplPath, "MultipleOf").Call(x, jen.Lit(numberText(k)))
		default:
			cond = jen.Op("!").Qual(ImplPath, "MultipleOf").Call(jen.Float64().Call(x), jen.Lit(numberText(k)))
		}
		vs = append(vs, violation{cond: cond, format: fmt.Sprintf("must be a multiple of %s, got %%v", numberText(k)), args: []jen.Code{shown}})
	}
	bound := func(c constant.Value, op, word string) {
		if c == nil {
			return
		}
		lhs := jen.Add(x)
		switch {
		case !representable(c, localType):
			lhs = jen.Float64().Call(x)
		case localType == types.Typ[types.Float32]:
			lhs = jen.Float32().Call(x)
		}
		vs = append(vs, violation{cond: lhs.Op(op).Add(literalCode(c)), format: fmt.Sprintf("must be %s %s, got %%v", word, numberText(c)), args: []jen.Code{shown}})
	}
	bound(r.Minimum, "<", "at least")
	bound(r.Maximum, ">", "at most")
	bound(r.ExclMinimum, "<=", "greater than")
	bound(r.ExclMaximum, ">=", "less than")
	return vs
}

// stringRules are the pattern and format of a string held in s, a string
// or (on the fast path) a []byte. Its length is checked by the runtime:
// Decoder.Length, FastLength (see lengthArgs).
func (e *emitter) stringRules(r *Rules, s jen.Code, isBytes bool) (vs []violation) {
	str := s
	if isBytes {
		str = jen.String().Call(s)
	}
	if r.Pattern != "" {
		match := "MatchString"
		if isBytes {
			match = "Match"
		}
		v := violation{cond: jen.Op("!").Id(e.pattern(r.Pattern)).Dot(match).Call(s),
			format: "must match the pattern " + escapePercent(r.Pattern) + "; got %q", args: []jen.Code{s}}
		if !isBytes {
			// Errorf cuts a value held as bytes; a string goes whole.
			re := e.pattern(r.Pattern)
			v.report = func(d string) jen.Code { return jen.Id(d).Dot("PatternError").Call(jen.Id(re), s) }
		}
		vs = append(vs, v)
	}
	if f := r.Format; f != "" {
		vs = append(vs, violation{cond: jen.Op("!").Qual(ImplPath, "ValidFormat").Call(jen.Lit(f), str),
			report: func(d string) jen.Code { return jen.Id(d).Dot("FormatError").Call(jen.Lit(f), s) }})
	}
	return vs
}

// lengthArgs are the bounds of minLength and maxLength, as Decoder.Length
// and FastLength take them (no minimum is 0, no maximum -1), or nil if the
// string has neither.
func lengthArgs(r *Rules) []jen.Code {
	if r.MinLength == nil && r.MaxLength == nil {
		return nil
	}
	lo, hi := jen.Lit(0), jen.Lit(-1)
	if r.MinLength != nil {
		lo = jen.Lit(int(*r.MinLength))
	}
	if r.MaxLength != nil {
		hi = jen.Lit(int(*r.MaxLength))
	}
	return []jen.Code{lo, hi}
}

// itemRules are minItems and maxItems of a slice of count() items.
func itemRules(count func() *jen.Statement, r *Rules) []violation {
	var vs []violation
	if r.MinItems != nil {
		vs = append(vs, violation{cond: count().Op("<").Lit(int(*r.MinItems)),
			format: fmt.Sprintf("must have at least %s, got %%d", plural(*r.MinItems, "item")), args: []jen.Code{count()}})
	}
	if r.MaxItems != nil {
		vs = append(vs, violation{cond: count().Op(">").Lit(int(*r.MaxItems)),
			format: fmt.Sprintf("must have at most %s, got %%d", plural(*r.MaxItems, "item")), args: []jen.Code{count()}})
	}
	return vs
}

// uniqueCheck checks uniqueItems of the slice at p: onDup runs with the
// positions of the first two equal items named i and j, if named.
func uniqueCheck(p place, named bool, onDup jen.Code) jen.Code {
	i, j := jen.Id("_"), jen.Id("_")
	if named {
		i, j = jen.Id("i"), jen.Id("j")
	}
	return jen.If(jen.List(i, j, jen.Id("dup")).Op(":=").Qual(ImplPath, "Duplicate").Call(p.val()), jen.Id("dup")).Block(onDup)
}

// allowedValues are the allowed values of an enum: the field's tag, or else
// its type's const group.
func allowedValues(t *Type, r *Rules) []constant.Value {
	if len(r.Enum) > 0 {
		return r.Enum
	}
	vals := make([]constant.Value, len(t.Enum))
	for i, ev := range t.Enum {
		vals[i] = ev.Value
	}
	return vals
}
