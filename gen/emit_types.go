package gen

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"github.com/dave/jennifer/jen"
)

// typeCode writes a Go type, importing the packages it names under their
// own names (so yaml.v3 or /v2 paths come out right).
func (e *emitter) typeCode(t types.Type) *jen.Statement {
	switch t := t.(type) {
	case *types.Alias:
		return e.objectCode(t.Obj(), t.TypeArgs())
	case *types.Named:
		return e.objectCode(t.Obj(), t.TypeArgs())
	case *types.Basic:
		return jen.Id(t.Name())
	case *types.Pointer:
		return jen.Op("*").Add(e.typeCode(t.Elem()))
	case *types.Slice:
		return jen.Index().Add(e.typeCode(t.Elem()))
	case *types.Array:
		return jen.Index(jen.Lit(int(t.Len()))).Add(e.typeCode(t.Elem()))
	case *types.Map:
		return jen.Map(e.typeCode(t.Key())).Add(e.typeCode(t.Elem()))
	case *types.Interface:
		if !t.IsMethodSet() {
			break // a constraint, which no value has
		}
		// Its whole method set, embedded interfaces' methods included:
		// the same set, so the same type.
		methods := make([]jen.Code, t.NumMethods())
		for i := range t.NumMethods() {
			m := t.Method(i)
			methods[i] = jen.Id(m.Name()).Add(e.signatureCode(m.Signature()))
		}
		return jen.Interface(methods...)
	case *types.Signature:
		return jen.Func().Add(e.signatureCode(t))
	case *types.Chan:
		switch t.Dir() {
		case types.SendOnly:
			return jen.Chan().Op("<-").Add(e.typeCode(t.Elem()))
		case types.RecvOnly:
			return jen.Op("<-").Chan().Add(e.typeCode(t.Elem()))
		}
		return jen.Chan().Add(e.typeCode(t.Elem()))
	case *types.Struct:
		fields := make([]jen.Code, t.NumFields())
		for i := range t.NumFields() {
			f := t.Field(i)
			var field *jen.Statement
			if f.Embedded() {
				field = e.typeCode(f.Type())
			} else {
				field = jen.Id(f.Name()).Add(e.typeCode(f.Type()))
			}
			if tag := t.Tag(i); tag != "" {
				field.Add(stringLit(tag)) // the same tag string, so the same type
			}
			fields[i] = field
		}
		return jen.Struct(fields...)
	}
	e.errs = append(e.errs, fmt.Errorf("toolgen: cannot write type %s", t))
	return jen.Id("_")
}

// signatureCode writes the parameters and results of a function type or
// a method.
func (e *emitter) signatureCode(sig *types.Signature) *jen.Statement {
	list := func(tuple *types.Tuple, variadic bool) []jen.Code {
		codes := make([]jen.Code, tuple.Len())
		for i := range tuple.Len() {
			pt := tuple.At(i).Type()
			if variadic && i == tuple.Len()-1 {
				codes[i] = jen.Op("...").Add(e.typeCode(pt.(*types.Slice).Elem()))
				continue
			}
			codes[i] = e.typeCode(pt)
		}
		return codes
	}
	return jen.Params(list(sig.Params(), sig.Variadic())...).Params(list(sig.Results(), false)...)
}

func (e *emitter) objectCode(obj *types.TypeName, args *types.TypeList) *jen.Statement {
	var s *jen.Statement
	if obj.Pkg() == nil || obj.Pkg() == e.pkg.Types {
		s = jen.Id(obj.Name())
	} else {
		e.importPkg(obj.Pkg().Path(), obj.Pkg().Name())
		s = jen.Qual(obj.Pkg().Path(), obj.Name())
	}
	if args.Len() > 0 {
		list := make([]jen.Code, args.Len())
		for i := range args.Len() {
			list[i] = e.typeCode(args.At(i))
		}
		s = s.Index(jen.List(list...))
	}
	return s
}

// constCode writes the constant c for a value of type t: the declared
// constant of t's enum that has the value, if the generated file can name
// it, else a literal.
func (e *emitter) constCode(t *Type, c constant.Value) *jen.Statement {
	for _, ev := range t.Enum {
		if ev.Const != nil && constant.Compare(ev.Value, token.EQL, c) &&
			(ev.Const.Exported() || ev.Const.Pkg() == e.pkg.Types) {
			e.guard(ev.Const, ev.Value)
			if ev.Const.Pkg() == e.pkg.Types {
				return jen.Id(ev.Const.Name())
			}
			e.importPkg(ev.Const.Pkg().Path(), ev.Const.Pkg().Name())
			return jen.Qual(ev.Const.Pkg().Path(), ev.Const.Name())
		}
	}
	if t.Kind == KindTime {
		return timeCode(constant.StringVal(c))
	}
	return literalCode(c)
}

// timeCode writes the time of the RFC 3339 text s, which literal checked,
// as a time.Date call: in UTC for Z, else in a zone of s's fixed offset,
// whatever the local zone of the machine that runs it (where the same text
// from the model may decode to the local zone: the same instant, written
// the same in JSON).
func timeCode(s string) *jen.Statement {
	tm, _ := time.Parse(time.RFC3339Nano, strings.ToUpper(s))
	loc := jen.Qual("time", "UTC")
	if _, offset := tm.Zone(); !strings.HasSuffix(s, "Z") && !strings.HasSuffix(s, "z") {
		loc = jen.Qual("time", "FixedZone").Call(jen.Lit(""), jen.Lit(offset))
	}
	return jen.Qual("time", "Date").Call(jen.Lit(tm.Year()), jen.Qual("time", tm.Month().String()), jen.Lit(tm.Day()),
		jen.Lit(tm.Hour()), jen.Lit(tm.Minute()), jen.Lit(tm.Second()), jen.Lit(tm.Nanosecond()), loc)
}

// literalCode writes an untyped literal.
func literalCode(c constant.Value) *jen.Statement {
	switch c.Kind() {
	case constant.String:
		return jen.Lit(constant.StringVal(c))
	case constant.Bool:
		return jen.Lit(constant.BoolVal(c))
	}
	return jen.Id(numberText(c))
}
