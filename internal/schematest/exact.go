package schematest

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// mutant is a document to check. If alt is set, doc repeats a member and
// alt is doc with the first occurrence's value in place of the last: the
// decoder checks each occurrence, so the reference must accept both.
type mutant struct {
	doc, alt any
}

// rawValue is JSON text written into a document as it is: numbers as
// written (1.0, 1e2, -0), strings with escapes, lone surrogates or bytes
// that are not UTF-8, or nothing at all (empty arguments).
type rawValue string

// dupObject is an object whose member key appears twice: first with
// first, then with the value of obj.
type dupObject struct {
	obj   map[string]any
	key   string
	first any
}

// numberReplacements are the numbers a mutation puts in place of a value,
// as written: integers in the forms JSON Schema calls integers and
// encoding/json refuses for Go integers, the bounds of Go's integer types
// and beyond them, and fractions that float64 rounds to integers.
var numberReplacements = []any{
	json.Number("1.0"), json.Number("1e2"), json.Number("1E+2"), json.Number("1e-400"),
	json.Number("-0"), json.Number("-0.0"),
	json.Number("127"), json.Number("128"), json.Number("-129"), json.Number("255"), json.Number("256"), json.Number("65536"),
	json.Number("2147483648"), json.Number("4294967296"),
	json.Number("9223372036854775807"), json.Number("9223372036854775808"), json.Number("-9223372036854775809"),
	json.Number("18446744073709551615"), json.Number("18446744073709551616"), json.Number("1e30"), json.Number("1e400"), json.Number("-1e400"),
	json.Number("9007199254740993"), json.Number("9007199254740993.5"), json.Number("12345678901234567.5"), json.Number("9007199254740993.0"),
	json.Number("0.1"), json.Number("3.4e39"),
}

// stringReplacements are strings a mutation puts in place of a value, as
// written: escapes, surrogate pairs and lone surrogates, bytes that are not
// UTF-8.
var stringReplacements = []any{
	rawValue(`"\u0041\u00e9\/\b\f\n\r\t\"\\"`), rawValue(`"\ud83d\ude00"`), rawValue(`"\ud800"`), rawValue(`"x\udc00y"`),
	rawValue(`"\u0000"`), rawValue("\"a\xffb\""), rawValue("\"\xc3\x28\""), rawValue("\"\xed\xa0\x80\""),
	rawValue(`"2026-11-29T10:00:00Z"`), rawValue(`"A"`),
}

func init() {
	replacements = append(replacements, numberReplacements...)
	replacements = append(replacements, stringReplacements...)
}

// textMutations returns the mutations of doc that need more than a value's
// replacement: each object member repeated (the same value twice, or a
// scalar first), and each member name with a changed case (City for city).
func textMutations(doc any) []mutant {
	var out []mutant
	var walk func(v any, set func(any) any)
	walk = func(v any, set func(any) any) {
		switch v := v.(type) {
		case map[string]any:
			for _, k := range sortedKeys(v) {
				for _, first := range []any{v[k], "zzz", 1, nil} {
					alt := clone(v).(map[string]any)
					alt[k] = first
					out = append(out, mutant{doc: set(dupObject{obj: v, key: k, first: first}), alt: set(alt)})
				}
				if other := otherCase(k); other != k {
					c := clone(v).(map[string]any)
					c[other] = c[k]
					delete(c, k)
					out = append(out, mutant{doc: set(c)})
				}
				walk(v[k], func(r any) any {
					c := clone(v).(map[string]any)
					c[k] = r
					return set(c)
				})
			}
		case []any:
			for i := range v {
				walk(v[i], func(r any) any {
					c := clone(v).([]any)
					c[i] = r
					return set(c)
				})
			}
		}
	}
	walk(doc, func(r any) any { return r })
	return out
}

// otherCase returns name with the case of its first letter changed, or
// all upper case if that changes nothing.
func otherCase(name string) string {
	r, size := utf8.DecodeRuneInString(name)
	switch {
	case unicode.IsLower(r):
		return string(unicode.ToUpper(r)) + name[size:]
	case unicode.IsUpper(r):
		return string(unicode.ToLower(r)) + name[size:]
	}
	return strings.ToUpper(name)
}

// encode writes doc as JSON text: members sorted by name, no HTML
// escaping, numbers and raw values as written.
func encode(doc any) []byte {
	var b bytes.Buffer
	writeValue(&b, doc)
	return b.Bytes()
}

func writeValue(b *bytes.Buffer, v any) {
	switch v := v.(type) {
	case rawValue:
		b.WriteString(string(v))
	case json.Number:
		b.WriteString(string(v))
	case string:
		writeString(b, v)
	case map[string]any:
		b.WriteByte('{')
		for i, k := range sortedKeys(v) {
			if i > 0 {
				b.WriteByte(',')
			}
			writeString(b, k)
			b.WriteByte(':')
			writeValue(b, v[k])
		}
		b.WriteByte('}')
	case dupObject:
		b.WriteByte('{')
		writeString(b, v.key)
		b.WriteByte(':')
		writeValue(b, v.first)
		for _, k := range sortedKeys(v.obj) {
			b.WriteByte(',')
			writeString(b, k)
			b.WriteByte(':')
			writeValue(b, v.obj[k])
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeValue(b, x)
		}
		b.WriteByte(']')
	default:
		data, err := json.Marshal(v)
		if err != nil {
			panic(err)
		}
		b.Write(data)
	}
}

func writeString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b.Truncate(b.Len() - 1) // the newline Encode adds
}

// exactDocument returns data with each number that the schema (root)
// wants an integer at and that is one written as an integer (1.0 as 1, 1e2
// as 100, -0 as 0), so that encoding/json reads the exact value JSON
// Schema means. ok is false if data is not JSON.
func exactDocument(data []byte, root map[string]any) (exact []byte, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	return encode(exactValue(v, root, root, 0)), true
}

func exactValue(v any, s, root map[string]any, depth int) any {
	if s == nil || depth > 100 {
		return v
	}
	if ref, ok := s["$ref"].(string); ok {
		defs, _ := root["$defs"].(map[string]any)
		def, _ := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		return exactValue(v, def, root, depth+1)
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		for _, branch := range asList(s[k]) {
			if bs, ok := branch.(map[string]any); ok && matchesType(v, bs) {
				return exactValue(v, bs, root, depth+1)
			}
		}
	}
	switch v := v.(type) {
	case json.Number:
		if hasType(s, "integer") {
			if r, ok := new(big.Rat).SetString(string(v)); ok && r.IsInt() {
				return json.Number(r.Num().String())
			}
		}
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		ap, _ := s["additionalProperties"].(map[string]any)
		out := make(map[string]any, len(v))
		for k, x := range v {
			if ps, ok := props[k].(map[string]any); ok {
				out[k] = exactValue(x, ps, root, depth+1)
			} else {
				out[k] = exactValue(x, ap, root, depth+1)
			}
		}
		return out
	case []any:
		items, _ := s["items"].(map[string]any)
		prefix := asList(s["prefixItems"])
		out := make([]any, len(v))
		for i, x := range v {
			is := items
			if i < len(prefix) {
				is, _ = prefix[i].(map[string]any)
			}
			out[i] = exactValue(x, is, root, depth+1)
		}
		return out
	}
	return v
}

func hasType(s map[string]any, name string) bool {
	switch t := s["type"].(type) {
	case string:
		return t == name
	case []any:
		for _, x := range t {
			if x == name {
				return true
			}
		}
	}
	return false
}

// matchesType reports whether branch s of an anyOf can hold v, judging by
// its type alone (or by having none).
func matchesType(v any, s map[string]any) bool {
	if _, ok := s["type"]; !ok {
		return true
	}
	switch v.(type) {
	case nil:
		return hasType(s, "null")
	case bool:
		return hasType(s, "boolean")
	case string:
		return hasType(s, "string")
	case json.Number:
		return hasType(s, "integer") || hasType(s, "number")
	case map[string]any:
		return hasType(s, "object")
	case []any:
		return hasType(s, "array")
	}
	return false
}

// whyRefused says why a document the reference accepts and the decoder
// refuses is not the decoder's fault, or "" if it is.
func whyRefused(data []byte, root map[string]any, newValue func() any, selfDecoding bool, decErr error) string {
	exact, ok := exactDocument(data, root)
	if !ok {
		return ""
	}
	var te *json.UnmarshalTypeError
	err := json.Unmarshal(exact, newValue())
	if errors.As(err, &te) && strings.HasPrefix(te.Value, "number") {
		return "out of range"
	}
	if floatInexact(data, root) {
		return "precision"
	}
	if err == nil && selfDecoding && json.Unmarshal(data, newValue()) != nil &&
		strings.Contains(decErr.Error(), "cannot unmarshal number") {
		return "self-decoding"
	}
	// A type's own UnmarshalText or UnmarshalJSON refuses a string its
	// schema ("type": "string") allows (netip.Prefix given "zzz"):
	// encoding/json refuses the document too, and the decoder reports the
	// method's error as an invalid value.
	if err != nil && !errors.As(err, &te) && strings.Contains(decErr.Error(), ": invalid value ") && hasTextDecoding(reflect.TypeOf(newValue())) {
		return "self-decoding"
	}
	return ""
}

// inexact reports whether data holds a number that float64 cannot hold
// exactly.
func inexact(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if n, ok := tok.(json.Number); ok {
			f, _, err := big.ParseFloat(string(n), 10, 1000, big.ToNearestEven)
			if err != nil {
				return true
			}
			if _, acc := f.Float64(); acc != big.Exact {
				return true
			}
			if _, err := strconv.ParseFloat(string(n), 64); err != nil {
				return true
			}
		}
	}
}

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	timeType            = reflect.TypeFor[time.Time]()
	rawType             = reflect.TypeFor[json.RawMessage]()
)

// hasSelfDecoding reports whether t holds a type with its own UnmarshalJSON
// (other than time.Time and json.RawMessage, which take exactly what their
// schema says).
func hasSelfDecoding(t reflect.Type) bool { return holdsMethod(t, unmarshalerType) }

// hasTextDecoding reports whether t holds a type, other than time.Time,
// that reads itself from a string with its own UnmarshalText or
// UnmarshalJSON: its schema says "string", and the method may refuse one.
func hasTextDecoding(t reflect.Type) bool {
	return holdsMethod(t, unmarshalerType) || holdsMethod(t, textUnmarshalerType)
}

// holdsMethod reports whether t holds a type (other than time.Time and
// json.RawMessage) whose pointer implements iface.
func holdsMethod(t reflect.Type, iface reflect.Type) bool {
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type) bool
	walk = func(t reflect.Type) bool {
		if seen[t] {
			return false
		}
		seen[t] = true
		if t != timeType && t != rawType && reflect.PointerTo(t).Implements(iface) {
			return true
		}
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
			return walk(t.Elem())
		case reflect.Struct:
			for i := range t.NumField() {
				if walk(t.Field(i).Type) {
					return true
				}
			}
		}
		return false
	}
	return walk(t)
}

// floatInexact reports whether data holds, where root's schema does not
// want an integer, a number that float64 cannot hold exactly (1e-400,
// which it reads as 0, or 9007199254740993, which it reads as
// 9007199254740992): a Go float is not the number the reference judged,
// and a multipleOf or a bound may hold for one and not the other. Where
// the schema wants an integer, the decoder must read it exactly.
func floatInexact(data []byte, root map[string]any) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return false
	}
	found := false
	walkNumbers(v, root, root, 0, func(n json.Number, s map[string]any) {
		if s != nil && hasType(s, "integer") {
			return
		}
		r, ok := new(big.Rat).SetString(string(n))
		if !ok {
			return
		}
		if _, exact := r.Float64(); !exact {
			found = true
		}
	})
	return found
}

// walkNumbers calls fn with each number of v and the schema at its place.
func walkNumbers(v any, s, root map[string]any, depth int, fn func(json.Number, map[string]any)) {
	if depth > 100 {
		return
	}
	if s != nil {
		if ref, ok := s["$ref"].(string); ok {
			defs, _ := root["$defs"].(map[string]any)
			def, _ := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
			walkNumbers(v, def, root, depth+1, fn)
			return
		}
		for _, k := range []string{"anyOf", "oneOf"} {
			for _, branch := range asList(s[k]) {
				if bs, ok := branch.(map[string]any); ok && matchesType(v, bs) {
					walkNumbers(v, bs, root, depth+1, fn)
					return
				}
			}
		}
	}
	switch v := v.(type) {
	case json.Number:
		fn(v, s)
	case map[string]any:
		var props, ap map[string]any
		if s != nil {
			props, _ = s["properties"].(map[string]any)
			ap, _ = s["additionalProperties"].(map[string]any)
		}
		for k, x := range v {
			if ps, ok := props[k].(map[string]any); ok {
				walkNumbers(x, ps, root, depth+1, fn)
			} else {
				walkNumbers(x, ap, root, depth+1, fn)
			}
		}
	case []any:
		var items map[string]any
		if s != nil {
			items, _ = s["items"].(map[string]any)
		}
		for _, x := range v {
			walkNumbers(x, items, root, depth+1, fn)
		}
	}
}
