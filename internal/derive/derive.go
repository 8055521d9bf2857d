// Package derive makes a tool's argument schema in a provider's dialect
// from its standard one (JSON Schema 2020-12), by the rules toolgen builds
// the dialects by: what a dialect cannot carry moves into the description,
// OpenAI's strict mode requires every property and makes the optional ones
// a union with null, Gemini takes no additionalProperties.
//
// It covers the common case only: an object of properties whose values
// are scalars, arrays and objects of the same kind. Whatever else it meets
// (a union, a reference, a map, an annotation it does not know) it refuses.
// toolgen builds every dialect itself and leaves a dialect to the runtime,
// which derives it here on first use, only where Schema gives the same
// bytes; so the two never disagree, whatever this package covers.
package derive

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The dialects, as runtime.Dialect and toolgen number them.
const (
	Standard = iota
	OpenAI
	Gemini
	Anthropic
)

// Formats are the string formats each dialect other than Standard accepts;
// toolgen moves another format into the description.
var Formats = [...]map[string]bool{
	OpenAI:    {"date-time": true, "time": true, "date": true, "duration": true, "email": true, "hostname": true, "ipv4": true, "ipv6": true, "uuid": true},
	Gemini:    {"date-time": true},
	Anthropic: {"date-time": true, "time": true, "date": true, "duration": true, "email": true, "hostname": true, "uri": true, "ipv4": true, "ipv6": true, "uuid": true},
}

// Sentence joins two pieces of description text.
func Sentence(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	if i := strings.LastIndexByte(a, '\n'); i > 0 && a[i-1] != '\n' {
		// A line break within a paragraph is a list's (unwrap): b goes
		// after the list, not inside its last item.
		return a + "\n" + b
	}
	if !strings.HasSuffix(a, ".") && !strings.HasSuffix(a, "!") && !strings.HasSuffix(a, "?") {
		a += "."
	}
	return a + " " + b
}

// Plural writes n nouns: "1 item", "3 items".
func Plural(n uint64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// maxDepth is how deep Schema goes into objects and arrays: toolgen's
// schemas nest far less (OpenAI's strict mode takes 10 levels), and a
// deeper hand-made one is refused rather than derived at a cost that
// grows with the square of its depth.
const maxDepth = 64

// errShape is the error of a schema this package does not cover.
var errShape = errors.New("derive: a schema of a shape it does not cover")

// Schema returns the schema of dialect d (OpenAI, Gemini or Anthropic)
// made from standard, compact JSON as toolgen writes it, or an error if
// standard holds what Schema does not cover.
func Schema(d int, standard []byte) ([]byte, error) {
	if d != OpenAI && d != Gemini && d != Anthropic {
		return nil, fmt.Errorf("derive: no dialect %d", d)
	}
	v, err := parse(standard)
	if err != nil {
		return nil, err
	}
	root, ok := v.(*object)
	if !ok {
		return nil, errShape
	}
	if err := (deriver{d}).object(root, 0); err != nil {
		return nil, err
	}
	if typeArrays[d] != nil {
		nullTypesIn(d, root, false) // the root is an object
	}
	var b bytes.Buffer
	b.Grow(len(standard) + len(standard)/4)
	write(&b, root)
	return b.Bytes(), nil
}

type deriver struct{ d int }

// object derives an object of properties in place.
func (dv deriver) object(o *object, depth int) error {
	for _, k := range o.keys {
		switch k {
		case "properties", "additionalProperties", "type", "required", "title", "description":
		default:
			return errShape // required groups (oneOf, anyOf), $defs
		}
	}
	if t, _ := o.get("type"); t != "object" {
		return errShape
	}
	if ap, ok := o.get("additionalProperties"); !ok || ap != false {
		return errShape
	}
	pv, _ := o.get("properties")
	props, ok := pv.(*object)
	if !ok {
		return errShape // a map
	}
	if len(props.keys) == 0 {
		// The arguments of a tool that takes none: closed, with nothing
		// to require. (An empty struct further in is left to toolgen.)
		if _, ok := o.get("required"); ok || depth > 0 {
			return errShape
		}
		if dv.d == Gemini {
			o.del("additionalProperties")
		}
		return nil
	}
	required := make(map[string]bool)
	if rv, ok := o.get("required"); ok {
		list, ok := rv.([]any)
		if !ok {
			return errShape
		}
		for _, r := range list {
			name, ok := r.(string)
			if !ok || required[name] {
				return errShape
			}
			required[name] = true
		}
	}
	if depth++; depth > maxDepth {
		return errShape
	}
	for i, k := range props.keys {
		p, ok := props.vals[i].(*object)
		if !ok {
			return errShape
		}
		v, err := dv.property(p, required[k], depth)
		if err != nil {
			return err
		}
		props.vals[i] = v
	}
	switch dv.d {
	case Gemini:
		o.del("additionalProperties")
	case OpenAI:
		all := make([]any, len(props.keys))
		for i, k := range props.keys {
			all[i] = k
		}
		if _, ok := o.get("required"); ok {
			o.put("required", all)
		} else {
			o.insertAfter("type", "required", all)
		}
	}
	return nil
}

// typeArrays are the types whose union with null each dialect writes as
// a type array, {"type":["string","null"]}, instead of anyOf with a null
// branch, which costs some 20 bytes more. OpenAI's strict mode takes
// [T, "null"] for optional fields (its documentation's examples are
// scalars: objects and arrays keep anyOf there); Gemini takes one type;
// Anthropic's strict grammar lists type arrays nowhere.
var typeArrays = [Anthropic + 1]map[string]bool{
	Standard: {"string": true, "integer": true, "number": true, "boolean": true, "array": true, "object": true},
	OpenAI:   {"string": true, "integer": true, "number": true, "boolean": true},
}

// nullFree are the keywords that leave null valid when the type array
// lets null through: each applies to one type of value only, or is an
// annotation. enum and const are not (null is in neither), nor $ref,
// nor a union.
var nullFree = map[string]bool{
	"type": true, "title": true, "description": true, "default": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true,
	"format": true, "contentEncoding": true, "contentMediaType": true,
	"minLength": true, "maxLength": true, "pattern": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"items": true, "prefixItems": true, "minItems": true, "maxItems": true, "uniqueItems": true,
	"properties": true, "patternProperties": true, "additionalProperties": true, "propertyNames": true,
	"required": true, "minProperties": true, "maxProperties": true, "dependentRequired": true,
}

// NullTypes returns schema, compact JSON as toolgen writes it, with each
// union {"anyOf":[S,{"type":"null"}]} that dialect d writes as a type
// array written so: S with its type T as [T, "null"] and the union's
// description, which validates the same values. Where S has another
// keyword that could reject null (enum, const, $ref, a union) or no type,
// the union stays. With defs, schema is a $defs object, a JSON object of
// schemas. It returns schema itself where nothing changes.
func NullTypes(d int, schema []byte, defs bool) ([]byte, error) {
	if d < 0 || d >= len(typeArrays) || typeArrays[d] == nil || !bytes.Contains(schema, []byte(`{"type":"null"}`)) {
		return schema, nil
	}
	v, err := parse(schema)
	if err != nil {
		return nil, err
	}
	changed := false
	if o, ok := v.(*object); ok && defs {
		for i := range o.vals {
			o.vals[i], changed = nullTypesIn(d, o.vals[i], changed)
		}
	} else {
		v, changed = nullTypesIn(d, v, false)
	}
	if !changed {
		return schema, nil
	}
	var b bytes.Buffer
	write(&b, v)
	return b.Bytes(), nil
}

// nullTypesIn converts the unions with null in the schema v, v too, and
// returns the schema and whether anything changed (or changed already).
func nullTypesIn(d int, v any, changed bool) (any, bool) {
	o, ok := v.(*object)
	if !ok {
		return v, changed
	}
	for i, k := range o.keys {
		switch k {
		case "properties", "$defs", "patternProperties", "dependentSchemas":
			if m, ok := o.vals[i].(*object); ok {
				for j := range m.vals {
					m.vals[j], changed = nullTypesIn(d, m.vals[j], changed)
				}
			}
		case "items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "contentSchema", "unevaluatedItems", "unevaluatedProperties":
			o.vals[i], changed = nullTypesIn(d, o.vals[i], changed)
		case "anyOf", "oneOf", "allOf", "prefixItems":
			if list, ok := o.vals[i].([]any); ok {
				for j := range list {
					list[j], changed = nullTypesIn(d, list[j], changed)
				}
			}
		}
	}
	if s := typeArray(d, o); s != nil {
		return s, true
	}
	return o, changed
}

// typeArray returns the union with null u as one schema with a type array,
// or nil where d keeps it a union.
func typeArray(d int, u *object) *object {
	av, _ := u.get("anyOf")
	list, _ := av.([]any)
	if len(list) != 2 {
		return nil
	}
	for _, k := range u.keys {
		if k != "anyOf" && k != "description" {
			return nil
		}
	}
	null, ok := list[1].(*object)
	if !ok || len(null.keys) != 1 || null.keys[0] != "type" || null.vals[0] != "null" {
		return nil
	}
	s, ok := list[0].(*object)
	if !ok {
		return nil
	}
	tv, _ := s.get("type")
	if t, _ := tv.(string); !typeArrays[d][t] {
		return nil
	}
	for _, k := range s.keys {
		if !nullFree[k] {
			return nil
		}
	}
	desc, hasDesc := u.get("description")
	text, isString := desc.(string)
	if _, ok := s.get("description"); ok && hasDesc || hasDesc && !isString {
		return nil
	}
	s.put("type", []any{tv, "null"})
	if hasDesc {
		s.setDescription(text)
	}
	return s
}

// propertyKeys are the keys a property's schema may hold, in the order
// invopop writes them; description goes after the keys before it.
var propertyKeys = []string{
	"items", "properties", "additionalProperties", "type", "enum", "multipleOf",
	"maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength",
	"minLength", "pattern", "maxItems", "minItems", "uniqueItems", "required",
	"format", "contentEncoding", "title",
	"description", // then
	"default", "examples",
}

// property derives the schema of one property, of an object's required
// or optional member.
func (dv deriver) property(p *object, required bool, depth int) (any, error) {
	if err := dv.value(p, depth); err != nil {
		return nil, err
	}
	notes, err := dv.takeNotes(p)
	if err != nil {
		return nil, err
	}
	desc, hasDesc := p.get("description")
	text, ok := desc.(string)
	if hasDesc && !ok {
		return nil, errShape
	}
	if len(notes) > 0 {
		text = Sentence(text, "Constraints: "+strings.Join(notes, "; ")+".")
		p.setDescription(text)
	}
	if dv.d == OpenAI && !required {
		// Strict mode requires every property: an optional one is a
		// union with null, and the model sends null for it.
		p.del("description")
		union := &object{keys: []string{"anyOf"}, vals: []any{[]any{p, &object{keys: []string{"type"}, vals: []any{"null"}}}}}
		if text != "" {
			union.put("description", text)
		}
		return union, nil
	}
	return p, nil
}

// value derives, in place, the objects a property's value holds: its own
// properties, or its items'.
func (dv deriver) value(p *object, depth int) error {
	for _, k := range p.keys {
		if !slices.Contains(propertyKeys, k) {
			return errShape // a union, a reference, an annotation of Standard's
		}
	}
	for _, k := range []string{"title", "description", "format", "contentEncoding"} {
		if v, ok := p.get(k); ok {
			if _, isString := v.(string); !isString {
				return errShape
			}
		}
	}
	if depth++; depth > maxDepth {
		return errShape
	}
	switch t, _ := p.get("type"); t {
	case "object":
		return dv.object(p, depth)
	case "array":
		iv, ok := p.get("items")
		items, isObject := iv.(*object)
		if !ok || !isObject {
			return errShape
		}
		return dv.value(items, depth)
	case "string", "integer", "number", "boolean":
		for _, k := range []string{"items", "properties", "additionalProperties", "required"} {
			if _, ok := p.get(k); ok {
				return errShape
			}
		}
		return nil
	}
	return errShape
}

// takeNotes removes from s, and from its items, the keywords the dialect
// does not accept, and returns them in words for the description.
func (dv deriver) takeNotes(s *object) ([]string, error) {
	var notes []string
	d := dv.d
	take := func(key string, keep bool, word func(v any) string) {
		if v, ok := s.get(key); ok && !keep {
			notes = append(notes, word(v))
			s.del(key)
		}
	}
	text := func(prefix string) func(any) string {
		return func(v any) string { return prefix + jsonText(v) }
	}
	for _, k := range []string{"minLength", "maxLength", "minItems", "maxItems"} {
		if v, ok := s.get(k); ok {
			n, _ := v.(json.Number)
			if _, err := strconv.ParseUint(string(n), 10, 64); err != nil {
				return nil, errShape // toolgen writes a count as digits
			}
		}
	}
	count := func(prefix, noun string) func(any) string {
		return func(v any) string {
			u, _ := strconv.ParseUint(string(v.(json.Number)), 10, 64)
			return prefix + Plural(u, noun)
		}
	}
	if _, ok := s.get("examples"); ok && d == Gemini {
		return nil, errShape // OpenAPI's example holds one value
	}
	take("default", d == Gemini, text("default "))
	take("examples", false, func(v any) string {
		list, _ := v.([]any)
		words := make([]string, len(list))
		for i, e := range list {
			words[i] = jsonText(e)
		}
		return "for example " + strings.Join(words, ", ")
	})
	take("minimum", d != Anthropic, text("minimum "))
	take("maximum", d != Anthropic, text("maximum "))
	take("exclusiveMinimum", d == OpenAI, text("greater than "))
	take("exclusiveMaximum", d == OpenAI, text("less than "))
	take("multipleOf", d == OpenAI, text("a multiple of "))
	take("minLength", d == Gemini, count("at least ", "character"))
	take("maxLength", d == Gemini, count("at most ", "character"))
	take("minItems", d != Anthropic, count("at least ", "item"))
	take("maxItems", d != Anthropic, count("at most ", "item"))
	if v, ok := s.get("uniqueItems"); ok {
		if v != true {
			return nil, errShape
		}
		take("uniqueItems", false, func(any) string { return "items unique" })
	}
	take("contentEncoding", false, func(v any) string { s, _ := v.(string); return s + "-encoded" })
	if f, ok := s.get("format"); ok {
		name, _ := f.(string)
		take("format", Formats[d][name], func(any) string { return "format " + name })
	}
	if e, ok := s.get("enum"); ok && d == Gemini {
		if t, _ := s.get("type"); t != "string" {
			list, _ := e.([]any)
			words := make([]string, len(list))
			for i, v := range list {
				words[i] = jsonText(v)
			}
			notes = append(notes, "one of "+strings.Join(words, ", "))
			s.del("enum")
		} else if list, _ := e.([]any); slices.Contains(list, any("")) {
			// Gemini refuses the whole request for an empty string among
			// an enum's values ("enum[0]: cannot be empty"): the others
			// stay, and the description says that "" is one too.
			rest := slices.DeleteFunc(slices.Clone(list), func(v any) bool { return v == "" })
			if len(rest) == 0 {
				s.del("enum")
			} else {
				s.put("enum", rest)
			}
			notes = append(notes, `also "" (empty)`)
		}
	}
	if iv, ok := s.get("items"); ok {
		items, _ := iv.(*object)
		inner, err := dv.takeNotes(items)
		if err != nil {
			return nil, err
		}
		if len(inner) > 0 {
			notes = append(notes, "each item: "+strings.Join(inner, ", "))
		}
	}
	return notes, nil
}

// object is a JSON object whose members keep their order.
type object struct {
	keys []string
	vals []any
}

func (o *object) get(key string) (any, bool) {
	if i := slices.Index(o.keys, key); i >= 0 {
		return o.vals[i], true
	}
	return nil, false
}

func (o *object) del(key string) {
	if i := slices.Index(o.keys, key); i >= 0 {
		o.keys = slices.Delete(o.keys, i, i+1)
		o.vals = slices.Delete(o.vals, i, i+1)
	}
}

// put sets key's value, adding it at the end if o has no such key.
func (o *object) put(key string, v any) {
	if i := slices.Index(o.keys, key); i >= 0 {
		o.vals[i] = v
		return
	}
	o.keys = append(o.keys, key)
	o.vals = append(o.vals, v)
}

// insertAfter adds key just after the member named after.
func (o *object) insertAfter(after, key string, v any) {
	i := slices.Index(o.keys, after) + 1
	o.keys = slices.Insert(o.keys, i, key)
	o.vals = slices.Insert(o.vals, i, v)
}

// setDescription sets the description where invopop writes it: after the
// keywords before it in propertyKeys.
func (o *object) setDescription(text string) {
	if _, ok := o.get("description"); ok {
		o.put("description", text)
		return
	}
	at := slices.Index(propertyKeys, "description")
	i := 0
	for i < len(o.keys) && slices.Index(propertyKeys, o.keys[i]) < at {
		i++
	}
	o.keys = slices.Insert(o.keys, i, "description")
	o.vals = slices.Insert(o.vals, i, any(text))
}

// parse reads JSON into objects, []any, strings, json.Numbers, bools and
// nil.
func parse(data []byte) (any, error) {
	if !json.Valid(data) {
		return nil, errors.New("derive: the schema is not JSON")
	}
	p := parser{data: data}
	v := p.value()
	if p.skip(); p.i < len(p.data) {
		return nil, errors.New("derive: text after the schema")
	}
	return v, p.err
}

// parser reads JSON that json.Valid accepted.
type parser struct {
	data []byte
	i    int
	err  error // errDuplicate, once seen
}

// errDuplicate is the error of an object that has a key twice, which
// JSON Schema leaves undefined.
var errDuplicate = errors.New("derive: an object has a key twice")

func (p *parser) skip() {
	for p.i < len(p.data) && (p.data[p.i] == ' ' || p.data[p.i] == '\t' || p.data[p.i] == '\n' || p.data[p.i] == '\r') {
		p.i++
	}
}

func (p *parser) value() any {
	p.skip()
	switch c := p.data[p.i]; c {
	case '{':
		o := &object{}
		var seen map[string]bool // past a few keys
		p.i++
		for p.skip(); p.data[p.i] != '}'; p.skip() {
			key := p.string()
			if seen == nil && len(o.keys) == 16 {
				seen = make(map[string]bool)
				for _, k := range o.keys {
					seen[k] = true
				}
			}
			if seen != nil && seen[key] || seen == nil && slices.Contains(o.keys, key) {
				p.err = errDuplicate
			}
			if seen != nil {
				seen[key] = true
			}
			p.skip()
			p.i++ // ':'
			o.keys = append(o.keys, key)
			o.vals = append(o.vals, p.value())
			if p.skip(); p.data[p.i] == ',' {
				p.i++
				p.skip()
			}
		}
		p.i++
		return o
	case '[':
		list := []any{}
		p.i++
		for p.skip(); p.data[p.i] != ']'; p.skip() {
			list = append(list, p.value())
			if p.skip(); p.data[p.i] == ',' {
				p.i++
			}
		}
		p.i++
		return list
	case '"':
		return p.string()
	case 't':
		p.i += len("true")
		return true
	case 'f':
		p.i += len("false")
		return false
	case 'n':
		p.i += len("null")
		return nil
	}
	start := p.i
	for p.i < len(p.data) && strings.IndexByte("+-.0123456789eE", p.data[p.i]) >= 0 {
		p.i++
	}
	return json.Number(p.data[start:p.i])
}

// string reads a string, at a quote.
func (p *parser) string() string {
	start, plain := p.i, true
	for p.i++; p.data[p.i] != '"'; p.i++ {
		if p.data[p.i] == '\\' {
			plain = false
			p.i++
		}
	}
	p.i++
	raw := p.data[start:p.i]
	if plain {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	json.Unmarshal(raw, &s) // valid JSON: no error
	return s
}

// write writes v as compact JSON, without HTML escapes, as toolgen writes
// schemas.
func write(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case *object:
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			write(b, k)
			b.WriteByte(':')
			write(b, v.vals[i])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, e := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			write(b, e)
		}
		b.WriteByte(']')
	case json.Number:
		b.WriteString(string(v))
	case string:
		if plainString(v) {
			b.WriteByte('"')
			b.WriteString(v)
			b.WriteByte('"')
			return
		}
		enc := json.NewEncoder(b)
		enc.SetEscapeHTML(false)
		enc.Encode(v)
		b.Truncate(b.Len() - 1) // Encode's newline
	case bool:
		b.WriteString(strconv.FormatBool(v))
	default: // nil
		b.WriteString("null")
	}
}

// plainString reports whether encoding/json writes s as it is, in quotes.
func plainString(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x80 {
			return false
		}
	}
	return true
}

// jsonText is v as compact JSON.
func jsonText(v any) string {
	var b bytes.Buffer
	write(&b, v)
	return b.String()
}
