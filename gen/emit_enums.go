package gen

import (
	"go/constant"
	"go/types"

	"github.com/dave/jennifer/jen"
)

// What the generated file writes about enums: one parse function per
// string enum type, which the full decoder and the fast path of every
// field of that type share, and a guard that stops the build when a
// constant the file names has changed value since it was generated, as
// stringer's guard does, so that stale schemas and decoders never compile.

// enumCode is the emitter's state for enums.
type enumCode struct {
	parsers map[*types.TypeName]string // parse function of each string enum type
	queue   []*Type                    // enum types whose parse function is still to write
	guarded map[*types.Const]bool
	groups  map[types.Type]int // the index in guards of each enum type's constants
	guards  [][]jen.Code       // the constants named, as tests of their values, by type
}

// guard records that the generated code names constant c as holding
// value v.
func (e *emitter) guard(c *types.Const, v constant.Value) {
	if e.enums.guarded == nil {
		e.enums.guarded = make(map[*types.Const]bool)
		e.enums.groups = make(map[types.Type]int)
	}
	if e.enums.guarded[c] {
		return
	}
	e.enums.guarded[c] = true
	name := jen.Id(c.Name())
	if c.Pkg() != e.pkg.Types {
		name = jen.Qual(c.Pkg().Path(), c.Name())
	}
	i, ok := e.enums.groups[c.Type()]
	if !ok {
		i = len(e.enums.guards)
		e.enums.groups[c.Type()] = i
		e.enums.guards = append(e.enums.guards, nil)
	}
	e.enums.guards[i] = append(e.enums.guards[i], name.Op("==").Add(literalCode(v)))
}

// enumParser returns the parse function of string enum type t (a named
// type with a const group), queueing it, or "" if values of t are not
// matched against its constants.
func (e *emitter) enumParser(t *Type, r *Rules) string {
	n, ok := types.Unalias(t.Go).(*types.Named)
	if !ok || len(r.Enum) > 0 || len(t.Enum) == 0 || t.Kind != KindString {
		return ""
	}
	if e.enums.parsers == nil {
		e.enums.parsers = make(map[*types.TypeName]string)
	}
	if name, ok := e.enums.parsers[n.Obj()]; ok {
		return name
	}
	name := e.names.name("parse" + upperFirst(n.Obj().Name()))
	e.enums.parsers[n.Obj()] = name
	e.enums.queue = append(e.enums.queue, t)
	return name
}

// writeEnums writes the parse functions and the guard.
func (e *emitter) writeEnums() {
	for _, t := range e.enums.queue {
		obj := types.Unalias(t.Go).(*types.Named).Obj()
		s := e.names.local("s")
		var cases []jen.Code
		for _, c := range e.enumCases(t, &Rules{}) {
			cases = append(cases, jen.Case(jen.Lit(c[0].(string))).Block(jen.Return(c[1].(*jen.Statement), jen.True())))
		}
		e.f.Func().Id(e.enums.parsers[obj]).Params(jen.Id(s).Index().Byte()).Params(e.typeCode(t.Go), jen.Bool()).Block(
			jen.Switch(jen.String().Call(jen.Id(s))).Block(cases...),
			jen.Return(jen.Lit(""), jen.False()),
		)
		e.f.Line()
	}
	if len(e.enums.guards) > 0 {
		e.f.Comment("The constants this file names, with the values it was generated for. If the")
		e.f.Comment(`build fails here with "duplicate key false", a constant has changed since:`)
		e.f.Comment("run go generate again.")
		lines := make([]jen.Code, len(e.enums.guards))
		for i, tests := range e.enums.guards {
			all := jen.Add(tests[0])
			for _, t := range tests[1:] {
				all = all.Op("&&").Add(t)
			}
			// A map literal with two equal constant keys does not compile.
			lines[i] = jen.Id("_").Op("=").Map(jen.Bool()).Int().Values(jen.False().Op(":").Lit(0), all.Op(":").Lit(1))
		}
		e.f.Func().Id("_").Params().Block(lines...)
		e.f.Line()
	}
}
