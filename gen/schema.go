package gen

import (
	"bytes"
	"encoding/json"
	"go/constant"
	"go/types"
	"strconv"

	"github.com/invopop/jsonschema"
	orderedmap "github.com/pb33f/ordered-map/v2"
)

// The schema stage: model → *jsonschema.Schema (invopop's schema model) →
// compact JSON. The same model drives the generated validator, so the two
// agree by construction.

// schemaBuilder builds the schema of one tool's arguments. Struct types
// that are part of a cycle go to $defs, named so that two packages' types of
// the same name never collide; everything else is inline.
type schemaBuilder struct {
	recursive map[*Type]string // def name of each recursive type
	defs      jsonschema.Definitions
}

// argumentSchema returns the schema of a tool's arguments.
func argumentSchema(in Input) *jsonschema.Schema {
	if in.Kind == InputNone {
		return &jsonschema.Schema{
			Type:                 "object",
			Properties:           orderedmap.New[string, *jsonschema.Schema](),
			AdditionalProperties: jsonschema.FalseSchema,
		}
	}
	b := &schemaBuilder{recursive: defNames(recursiveTypes(in.Type))}
	root := b.object(in.Type)
	if len(b.defs) > 0 {
		root.Definitions = b.defs
	}
	return root
}

// recursiveTypes returns the struct types reachable from root that are part
// of a cycle, in the order they are first met.
func recursiveTypes(root *Type) []*Type {
	var found []*Type
	onStack := make(map[*Type]bool)
	done := make(map[*Type]bool)
	var walk func(t *Type)
	walk = func(t *Type) {
		if t == nil {
			return
		}
		if onStack[t] {
			if !containsType(found, t) {
				found = append(found, t)
			}
			return
		}
		if done[t] {
			return
		}
		onStack[t] = true
		walk(t.Elem)
		for _, f := range t.Fields {
			walk(f.Type)
		}
		onStack[t] = false
		done[t] = true
	}
	walk(root)
	return found
}

func containsType(ts []*Type, t *Type) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// defNames names each type by its bare name, qualified by its package
// where two types would share a name.
func defNames(ts []*Type) map[*Type]string {
	names := make(map[*Type]string, len(ts))
	count := make(map[string]int)
	for _, t := range ts {
		count[bareName(t)]++
	}
	for _, t := range ts {
		name := bareName(t)
		if count[name] > 1 {
			if n, ok := t.Go.(*types.Named); ok && n.Obj().Pkg() != nil {
				name = n.Obj().Pkg().Path() + "." + name
			}
		}
		names[t] = name
	}
	return names
}

func bareName(t *Type) string {
	if n, ok := t.Go.(*types.Named); ok {
		return n.Obj().Name()
	}
	return "Object"
}

// object returns the schema of a struct type, inline.
func (b *schemaBuilder) object(t *Type) *jsonschema.Schema {
	s := &jsonschema.Schema{
		Type:                 "object",
		Properties:           orderedmap.New[string, *jsonschema.Schema](),
		AdditionalProperties: jsonschema.FalseSchema,
	}
	for _, f := range t.Fields {
		s.Properties.Set(f.JSONName, b.field(f))
		if f.Required {
			s.Required = append(s.Required, f.JSONName)
		}
	}
	return s
}

// field returns the schema of one property: its type's, with the field's
// rules applied.
func (b *schemaBuilder) field(f *Field) *jsonschema.Schema {
	s := b.value(f.Type)
	applyRules(s, &f.Rules)
	if v := f.Type.Deref(); (v.Kind == KindSlice || v.Kind == KindArray) && s.Items != nil {
		applyRules(s.Items, &f.ItemRules)
	}
	if s.Description == "" && s.Ref == "" {
		s.Description = f.Type.Deref().Doc
	}
	return s
}

// value returns the schema of a value of type t.
func (b *schemaBuilder) value(t *Type) *jsonschema.Schema {
	switch t.Kind {
	case KindBool:
		return &jsonschema.Schema{Type: "boolean"}
	case KindString:
		return &jsonschema.Schema{Type: "string", Enum: enumValues(t)}
	case KindInt, KindUint:
		s := &jsonschema.Schema{Type: "integer", Enum: enumValues(t)}
		if len(s.Enum) == 0 {
			s.Minimum, s.Maximum = intBounds(t)
		}
		return s
	case KindFloat:
		return &jsonschema.Schema{Type: "number"}
	case KindPointer:
		return b.value(t.Elem)
	case KindSlice:
		return &jsonschema.Schema{Type: "array", Items: b.value(t.Elem)}
	case KindArray:
		n := uint64(t.Len)
		return &jsonschema.Schema{Type: "array", Items: b.value(t.Elem), MinItems: &n, MaxItems: &n}
	case KindMap:
		return &jsonschema.Schema{Type: "object", AdditionalProperties: b.value(t.Elem)}
	case KindBytes:
		return &jsonschema.Schema{Type: "string", ContentEncoding: "base64"}
	case KindTime:
		return &jsonschema.Schema{Type: "string", Format: "date-time"}
	case KindStruct:
		if name, ok := b.recursive[t]; ok {
			if _, defined := b.defs[name]; !defined {
				if b.defs == nil {
					b.defs = make(jsonschema.Definitions)
				}
				b.defs[name] = nil // reserve before recursing
				def := b.object(t)
				def.Description = t.Doc
				b.defs[name] = def
			}
			return &jsonschema.Schema{Ref: "#/$defs/" + name}
		}
		return b.object(t)
	}
	return &jsonschema.Schema{} // any: marshals as true
}

// intBounds are the bounds a sized integer type adds to its schema, so the
// schema rejects what the Go type cannot hold.
func intBounds(t *Type) (lo, hi json.Number) {
	if t.Kind == KindUint {
		lo = "0"
		if t.Bits < 64 {
			hi = json.Number(strconv.FormatUint(1<<t.Bits-1, 10))
		}
		return lo, hi
	}
	if t.Bits < 64 {
		lo = json.Number(strconv.FormatInt(-1<<(t.Bits-1), 10))
		hi = json.Number(strconv.FormatInt(1<<(t.Bits-1)-1, 10))
	}
	return lo, hi
}

func enumValues(t *Type) []any {
	if len(t.Enum) == 0 {
		return nil
	}
	out := make([]any, len(t.Enum))
	for i, e := range t.Enum {
		out[i] = jsonValue(e.Value)
	}
	return out
}

// applyRules sets the keywords of r on s.
func applyRules(s *jsonschema.Schema, r *Rules) {
	if r.Title != "" {
		s.Title = r.Title
	}
	if r.Description != "" {
		s.Description = r.Description
	}
	if len(r.Enum) > 0 {
		s.Enum = make([]any, len(r.Enum))
		for i, c := range r.Enum {
			s.Enum[i] = jsonValue(c)
		}
	}
	if r.Default != nil {
		s.Default = jsonValue(r.Default)
	}
	if r.DefaultList != nil {
		list := make([]any, len(r.DefaultList))
		for i, c := range r.DefaultList {
			list[i] = jsonValue(c)
		}
		s.Default = list
	}
	for _, c := range r.Examples {
		s.Examples = append(s.Examples, jsonValue(c))
	}
	setNumber(&s.Minimum, r.Minimum)
	setNumber(&s.Maximum, r.Maximum)
	setNumber(&s.ExclusiveMinimum, r.ExclMinimum)
	setNumber(&s.ExclusiveMaximum, r.ExclMaximum)
	setNumber(&s.MultipleOf, r.MultipleOf)
	if r.MinLength != nil {
		s.MinLength = r.MinLength
	}
	if r.MaxLength != nil {
		s.MaxLength = r.MaxLength
	}
	if r.Pattern != "" {
		s.Pattern = r.Pattern
	}
	if r.Format != "" {
		s.Format = r.Format
	}
	if r.MinItems != nil {
		s.MinItems = r.MinItems
	}
	if r.MaxItems != nil {
		s.MaxItems = r.MaxItems
	}
	s.UniqueItems = s.UniqueItems || r.UniqueItems
	s.ReadOnly = s.ReadOnly || r.ReadOnly
	s.WriteOnly = s.WriteOnly || r.WriteOnly
	for _, e := range r.Extras {
		if s.Extras == nil {
			s.Extras = make(map[string]any)
		}
		s.Extras[e.Key] = e.Value
	}
}

func setNumber(dst *json.Number, c constant.Value) {
	if c != nil {
		*dst = json.Number(numberText(c))
	}
}

// numberText writes a numeric constant as a JSON number.
func numberText(c constant.Value) string {
	if c.Kind() == constant.Int {
		return c.ExactString()
	}
	f, _ := constant.Float64Val(c)
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// jsonValue converts a constant to the value it marshals as.
func jsonValue(c constant.Value) any {
	switch c.Kind() {
	case constant.String:
		return constant.StringVal(c)
	case constant.Bool:
		return constant.BoolVal(c)
	case constant.Int, constant.Float:
		return json.Number(numberText(c))
	}
	return nil
}

// marshalSchema encodes s compactly, without the HTML escapes
// encoding/json adds (\u003c for <), which cost tokens and read badly.
func marshalSchema(s *jsonschema.Schema) ([]byte, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	return unescapeHTML(data), nil
}

// unescapeHTML turns \u003c, \u003e and \u0026 back into <, > and &, and
// \u2028, \u2029 into their characters, in JSON text.
func unescapeHTML(data []byte) []byte {
	if !bytes.Contains(data, []byte(`\u`)) {
		return data
	}
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		if data[i] == '\\' && i+1 < len(data) {
			if data[i+1] == 'u' && i+6 <= len(data) {
				switch string(data[i+2 : i+6]) {
				case "003c":
					out = append(out, '<')
					i += 5
					continue
				case "003e":
					out = append(out, '>')
					i += 5
					continue
				case "0026":
					out = append(out, '&')
					i += 5
					continue
				}
			}
			out = append(out, data[i], data[i+1]) // an escape: copy both bytes
			i++
			continue
		}
		out = append(out, data[i])
	}
	return out
}
