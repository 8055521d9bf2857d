// Package schematest generates JSON documents from a JSON Schema, valid
// ones and ones mutated a keyword at a time, and checks that a decoder
// accepts exactly the documents a reference validator accepts. toolgen's
// differential tests use it on the examples and golden cases.
package schematest

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// Target is what Check tests: a decoder of a tool's arguments, which
// returns a pointer to the decoded value, and a function that returns a
// pointer to a new zero value of the same type, for encoding/json.
type Target struct {
	Decode func(args []byte) (any, error)
	New    func() any
}

// For returns the Target of a generated decode function.
func For[T any](decode toolimpl.DecodeFunc[T]) Target {
	return Target{
		Decode: func(args []byte) (any, error) {
			v, err := toolimpl.Decode(args, nil, decode)
			return &v, err
		},
		New: func() any { return new(T) },
	}
}

// ForPaths returns the Target of a generated fast path and full decoder,
// used as a generated Invoke uses them: the fast path first, the full
// decoder when it passes. Where the fast path accepts, the full decoder
// must accept too and decode the same value, or the Target reports an
// error. That is checked with the default settings, which the Target
// decodes with, and again with those of the OpenAI dialect, which take
// null for an absent optional field.
func ForPaths[T any](fast func([]byte, int, *T, *toolimpl.Strings) (int, bool), full toolimpl.DecodeFunc[T]) Target {
	return Target{
		Decode: func(args []byte) (any, error) {
			v, err := decodePaths(args, nil, fast, full)
			if _, ok := err.(*PathMismatch); ok {
				return v, err
			}
			if _, nullErr := decodePaths(args, nullOptional, fast, full); nullErr != nil {
				if m, ok := nullErr.(*PathMismatch); ok {
					return v, &PathMismatch{"with NullOptional: " + m.msg}
				}
			}
			return v, err
		},
		New: func() any { return new(T) },
	}
}

// nullOptional are the settings of a Registry in the OpenAI dialect.
var nullOptional = &runtime.Settings{NullOptional: true}

// decodePaths decodes args with settings s as a generated Invoke does, and
// returns a *PathMismatch if the fast path accepts what the full decoder
// does not decode the same way.
func decodePaths[T any](args []byte, s *runtime.Settings, fast func([]byte, int, *T, *toolimpl.Strings) (int, bool), full toolimpl.DecodeFunc[T]) (*T, error) {
	slow, err := toolimpl.Decode(args, s, full)
	var v T
	var strs toolimpl.Strings
	if end, ok := fast(args, strs.Begin(s, args), &v, &strs); ok && toolimpl.FastEnd(args, end) {
		if err != nil {
			return &v, &PathMismatch{fmt.Sprintf("the fast path accepted what the full decoder rejects: %v", err)}
		}
		if !reflect.DeepEqual(v, slow) {
			return &v, &PathMismatch{fmt.Sprintf("the fast path decoded %+v, the full decoder %+v", v, slow)}
		}
		return &v, nil
	}
	return &slow, err
}

// PathMismatch is the error of a Target whose fast path and full decoder
// disagree: always a failure.
type PathMismatch struct{ msg string }

func (e *PathMismatch) Error() string { return e.msg }

// Check generates documents from schema, valid ones and every one-step
// mutation of each, until it has checked at least minDocs distinct ones.
// It fails t for each document that the reference validator
// (santhosh-tekuri/jsonschema, draft 2020-12, formats asserted) and decode
// judge differently, and for each accepted document that decode does not
// decode as encoding/json does into a value from newValue, once the
// schema's defaults are applied to the fields the document leaves out. It
// returns how many documents it checked and how many were valid.
//
// Documents that only a limit of Go's types makes differ (see Report) are
// not failures: Check logs how many there were, with examples.
func Check(t testing.TB, name string, schema []byte, minDocs int, target Target) (checked, valid int) {
	t.Helper()
	r := Run(t, name, schema, minDocs, target)
	r.Log(t)
	return r.Checked, r.Valid
}

// Report is what Run found besides failures.
type Report struct {
	Name           string
	Checked, Valid int
	// Apart counts, by kind, the disagreements and differences that come
	// from a limit of Go's types or of encoding/json, not from the decoder:
	//
	//   - "out of range": a number the schema allows but the Go type cannot
	//     hold (1e30 for an int with no maximum, 1e400 for a float64); the
	//     decoder refuses it.
	//   - "self-decoding": a type with its own UnmarshalJSON that uses
	//     encoding/json refuses what JSON Schema calls an integer (1.0, 1e2),
	//     so the decoder, which calls that method, refuses it too.
	//   - "exact integer": encoding/json refuses an integer written as 1.0 or
	//     1e2 that the decoder takes; the decoded value was compared with
	//     the exact one instead (not a disagreement, counted for the record).
	//   - "precision": a number that float64 cannot hold exactly, decoded
	//     differently than encoding/json rounds it.
	Apart    map[string]int
	Examples map[string][]string
	// Failures is the number of disagreements that failed t.
	Failures int
}

func (r *Report) apart(kind, doc string) {
	if r.Apart == nil {
		r.Apart, r.Examples = map[string]int{}, map[string][]string{}
	}
	r.Apart[kind]++
	if len(r.Examples[kind]) < 3 {
		if len(doc) > 160 {
			doc = doc[:160] + "..."
		}
		r.Examples[kind] = append(r.Examples[kind], doc)
	}
}

// Log writes the report's counted-apart cases to t.
func (r *Report) Log(t testing.TB) {
	t.Helper()
	for _, kind := range sortedKeys(anyMap(r.Apart)) {
		t.Logf("%s: %d %s cases, e.g. %s", r.Name, r.Apart[kind], kind, strings.Join(r.Examples[kind], " "))
	}
}

func anyMap(m map[string]int) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Run is Check, returning all it found.
func Run(t testing.TB, name string, schema []byte, minDocs int, target Target) Report {
	decode, newValue := target.Decode, target.New
	t.Helper()
	if decode == nil {
		t.Fatalf("%s: no decoder to check: the test's targets lack this tool", name)
	}
	rep := Report{Name: name}
	ref := compile(t, name, schema)
	var root any
	if err := json.Unmarshal(schema, &root); err != nil {
		t.Fatal(err)
	}
	g := &generator{root: root.(map[string]any), rnd: rand.New(rand.NewPCG(1, uint64(len(schema))))}
	selfDecoding := newValue != nil && hasSelfDecoding(reflect.TypeOf(newValue()))
	seen := make(map[string]bool)
	report := func(format string, args ...any) {
		rep.Failures++
		if rep.Failures <= 10 {
			t.Errorf(format, args...)
		}
	}
	refValid := func(data []byte) error {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %s: %v", name, data, err)
		}
		return ref.Validate(inst)
	}
	for round := 0; rep.Checked < minDocs && round < 50*minDocs; round++ {
		doc := g.value(root, 0)
		var docs []mutant
		docs = append(docs, mutant{doc: doc})
		for _, m := range mutations(doc) {
			docs = append(docs, mutant{doc: m})
		}
		if obj, ok := doc.(map[string]any); ok {
			// And a member with a random name, so that even a schema with
			// no properties yields many documents.
			extra := clone(obj).(map[string]any)
			extra[g.key()] = g.scalar()
			docs = append(docs, mutant{doc: extra})
		}
		if round == 0 {
			docs = append(docs, mutant{doc: rawValue("")}, mutant{doc: rawValue(" \n\t")})
		}
		docs = append(docs, textMutations(doc)...)
		for _, m := range docs {
			data := encode(m.doc)
			if seen[string(data)] {
				continue
			}
			seen[string(data)] = true
			rep.Checked++
			// What the reference judges: empty arguments, and null, are
			// {}; a text that is not UTF-8 is not JSON; a repeated member
			// is checked at each occurrence.
			refData := data
			if t := bytes.Trim(data, " \t\r\n"); len(t) == 0 || string(t) == "null" {
				refData = []byte("{}")
			}
			var refErr error
			if !utf8.Valid(data) {
				refErr = errors.New("not UTF-8")
			} else {
				refErr = refValid(refData)
				if refErr == nil && m.alt != nil {
					refErr = refValid(encode(m.alt))
				}
			}
			got, decErr := decode(data)
			var mismatch *PathMismatch
			var failure *ToolFailure
			if errors.As(decErr, &mismatch) || errors.As(decErr, &failure) {
				report("%s: %s: %v", name, data, decErr)
				continue
			}
			if refErr == nil {
				rep.Valid++
			}
			if (refErr == nil) != (decErr == nil) {
				if refErr == nil && newValue != nil {
					if kind := whyRefused(refData, root.(map[string]any), newValue, selfDecoding, decErr); kind != "" {
						rep.apart(kind, string(data))
						continue
					}
				}
				if refErr != nil && m.alt == nil && utf8.Valid(data) && floatInexact(refData, root.(map[string]any)) {
					rep.apart("precision", string(data))
					continue
				}
				report("%s: %s\n  reference: %v\n  decoder:   %v", name, data, short(refErr), decErr)
				continue
			}
			if decErr != nil || newValue == nil {
				continue
			}
			if _, ok := got.(Unchecked); ok {
				continue
			}
			want := newValue()
			if err := json.Unmarshal(refData, want); err != nil {
				var te *json.UnmarshalTypeError
				exact, ok := exactDocument(refData, root.(map[string]any))
				if !errors.As(err, &te) || !ok {
					report("%s: %s: accepted, but encoding/json says %v", name, data, err)
					continue
				}
				// 3.0 for an integer: JSON Schema's integer, not
				// encoding/json's; compare with the exact value.
				want = newValue()
				if err := json.Unmarshal(exact, want); err != nil {
					report("%s: %s: accepted, but encoding/json says %v, even of %s", name, data, err, exact)
					continue
				}
				rep.apart("exact integer", string(data))
			}
			var plain any
			dec := json.NewDecoder(bytes.NewReader(refData))
			dec.UseNumber()
			_ = dec.Decode(&plain)
			applyDefaults(root.(map[string]any), g.root, plain, reflect.ValueOf(want))
			if !reflect.DeepEqual(got, want) {
				if inexact(refData) {
					rep.apart("precision", string(data))
					continue
				}
				report("%s: %s\n  decoded:       %+v\n  encoding/json: %+v", name, data, got, want)
			}
		}
	}
	if rep.Failures > 10 {
		t.Errorf("%s: %d disagreements in all", name, rep.Failures)
	}
	if rep.Checked < minDocs {
		t.Errorf("%s: only %d distinct documents", name, rep.Checked)
	}
	return rep
}

// applyDefaults sets, in v (decoded by encoding/json from doc), the
// schema's default of each property that doc leaves out, recursively, as
// toolgen's decoders do.
func applyDefaults(s, root map[string]any, doc any, v reflect.Value) {
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return
		}
		v = v.Elem()
	}
	if ref, ok := s["$ref"].(string); ok {
		defs, _ := root["$defs"].(map[string]any)
		def, _ := defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		applyDefaults(def, root, doc, v)
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		obj, _ := doc.(map[string]any)
		props, _ := s["properties"].(map[string]any)
		for name, p := range props {
			ps, _ := p.(map[string]any)
			f, quoted := fieldByJSONName(v, name, false)
			if _, present := obj[name]; !f.IsValid() && !present && ps["default"] != nil {
				// A default of a field promoted through a nil embedded
				// pointer: the decoder allocates the struct to set it.
				f, quoted = fieldByJSONName(v, name, true)
			}
			if !f.IsValid() {
				continue
			}
			if sub, present := obj[name]; present {
				applyDefaults(ps, root, sub, f)
				continue
			}
			if def, ok := ps["default"]; ok {
				data, _ := json.Marshal(def)
				target := reflect.New(f.Type())
				if quoted {
					// A field with the string option, whose default
					// is the quoted text: read as encoding/json reads
					// the field, through a struct with its tag.
					st := reflect.New(reflect.StructOf([]reflect.StructField{{Name: "V", Type: f.Type(), Tag: `json:"v,string"`}}))
					if json.Unmarshal(append(append([]byte(`{"v":`), data...), '}'), st.Interface()) == nil {
						f.Set(st.Elem().Field(0))
					}
				} else if json.Unmarshal(data, target.Interface()) == nil {
					f.Set(target.Elem())
				}
			}
		}
	case reflect.Map:
		// An object of values of one schema (additionalProperties):
		// each value, copied out, given its defaults, put back.
		obj, _ := doc.(map[string]any)
		values, _ := s["additionalProperties"].(map[string]any)
		if values == nil || v.Type().Key().Kind() != reflect.String {
			return
		}
		for dk, sub := range obj {
			// The key as encoding/json reads it: with its type's
			// UnmarshalText, if it has one.
			k := reflect.New(v.Type().Key())
			if u, ok := k.Interface().(encoding.TextUnmarshaler); ok {
				if u.UnmarshalText([]byte(dk)) != nil {
					continue
				}
			} else {
				k.Elem().SetString(dk)
			}
			old := v.MapIndex(k.Elem())
			if !old.IsValid() {
				continue
			}
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(old)
			applyDefaults(values, root, sub, e)
			v.SetMapIndex(k.Elem(), e)
		}
	case reflect.Slice, reflect.Array:
		list, _ := doc.([]any)
		items, _ := s["items"].(map[string]any)
		for i := 0; i < v.Len() && i < len(list); i++ {
			applyDefaults(items, root, list[i], v.Index(i))
		}
	}
}

// fieldByJSONName finds the field of struct v that encoding/json fills
// from name, through embedded structs, and reports whether its tag has the
// string option. With alloc, it allocates a nil embedded pointer on the
// way to the field; without, it does not look behind one.
func fieldByJSONName(v reflect.Value, name string, alloc bool) (field reflect.Value, quoted bool) {
	t := v.Type()
	// A field of v's own hides one of an embedded struct's (the
	// shallower wins): look at them first.
	for i := range t.NumField() {
		f := t.Field(i)
		tag, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && tag == "" || !f.IsExported() && !f.Anonymous || tag == "-" && opts == "" {
			continue
		}
		if tag == name || (tag == "" && f.Name == name) {
			return v.Field(i), slices.Contains(strings.Split(opts, ","), "string")
		}
	}
	for i := range t.NumField() {
		f := t.Field(i)
		tag, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && tag == "" {
			inner := v.Field(i)
			if inner.Kind() == reflect.Pointer {
				if inner.IsNil() {
					if !alloc || !inner.CanSet() || inner.Type().Elem().Kind() != reflect.Struct {
						continue
					}
					p := reflect.New(inner.Type().Elem())
					if found, quoted := fieldByJSONName(p.Elem(), name, true); found.IsValid() {
						inner.Set(p)
						return found, quoted
					}
					continue
				}
				inner = inner.Elem()
			}
			if inner.Kind() == reflect.Struct {
				if found, quoted := fieldByJSONName(inner, name, alloc); found.IsValid() {
					return found, quoted
				}
			}
			continue
		}
		if tag == name || (tag == "" && f.Name == name) {
			return v.Field(i), slices.Contains(strings.Split(opts, ","), "string")
		}
	}
	return reflect.Value{}, false
}

func short(err error) string {
	if err == nil {
		return "accepted"
	}
	s := err.Error()
	return strings.ReplaceAll(s, "\n", " | ")
}

func compile(t testing.TB, name string, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	url := "mem://" + name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return s
}

// generator makes documents that mostly satisfy a schema.
type generator struct {
	root map[string]any
	rnd  *rand.Rand
}

var formatSamples = map[string][]string{
	"date-time": {"2026-11-29T10:00:00Z", "2026-02-30T10:00:00Z", "yesterday"},
	"date":      {"2026-11-29", "2026-13-01"},
	"time":      {"10:00:00Z", "25:00:00Z"},
	"email":     {"ann@example.com", "not-an-email"},
	"uri":       {"https://example.com/a", "relative/path"},
	"uuid":      {"123e4567-e89b-12d3-a456-426614174000", "123e4567"},
	"ipv4":      {"10.0.0.1", "10.0.0.256"},
	"ipv6":      {"::1", "::g"},
	"hostname":  {"example.com", "-bad-.com"},
}

// patternSamples are strings for the patterns toolgen writes itself: a
// number or boolean with the json option string, and []byte's base64.
// Random strings almost never match them, so that a tool with such a
// required field would get no valid document at all. Each list mixes
// matches (values in and beyond the Go types' ranges) with near misses.
var patternSamples = map[string][]string{
	`^-?(0|[1-9][0-9]*)$`: {"0", "42", "-7", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "4294967296", "007", "1.5", " 1"},
	`^(0|[1-9][0-9]*)$`:   {"0", "42", "255", "256", "4294967295", "4294967296", "18446744073709551615", "18446744073709551616", "-1", "+1"},
	`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`: {"0", "1.5", "-2", "1e3", "2.5E-3", "1e400", "1e-400", "0.1", ".5", "1."},
	`^(true|false)$`: {"true", "false", "True", "1"},
	`^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`: {"", "aGk=", "aGVsbG8=", "AAAA", "/+/+", "aGk", "a===", "aG\nk="},
}

func (g *generator) value(s any, depth int) any {
	m, ok := s.(map[string]any)
	if !ok || depth > 6 {
		return g.scalar()
	}
	if ref, ok := m["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, "#/$defs/")
		defs, _ := g.root["$defs"].(map[string]any)
		return g.value(defs[name], depth+1)
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if list, ok := m[k].([]any); ok && len(list) > 0 && m["type"] == nil {
			return g.value(list[g.rnd.IntN(len(list))], depth)
		}
	}
	if e, ok := m["enum"].([]any); ok && len(e) > 0 {
		return e[g.rnd.IntN(len(e))]
	}
	switch m["type"] {
	case "object":
		out := make(map[string]any)
		props, _ := m["properties"].(map[string]any)
		required := map[string]bool{}
		for _, r := range asList(m["required"]) {
			required[r.(string)] = true
		}
		for _, name := range sortedKeys(props) {
			if required[name] || g.rnd.IntN(2) == 0 {
				out[name] = g.value(props[name], depth+1)
			}
		}
		if ap, ok := m["additionalProperties"].(map[string]any); ok {
			for i := range g.rnd.IntN(3) {
				out[fmt.Sprintf("k%d", i)] = g.value(ap, depth+1)
			}
		}
		return out
	case "array":
		lo, hi := intKey(m, "minItems", 0), intKey(m, "maxItems", lo(m)+3)
		n := lo + g.rnd.IntN(min(hi, lo+4)-lo+1)
		out := make([]any, 0, n)
		for range n {
			out = append(out, g.value(m["items"], depth+1))
		}
		return out
	case "string":
		if samples, ok := patternSamples[fmt.Sprint(m["pattern"])]; ok && g.rnd.IntN(8) > 0 {
			return samples[g.rnd.IntN(len(samples))]
		}
		if f, ok := m["format"].(string); ok {
			samples := formatSamples[f]
			if g.rnd.IntN(4) > 0 {
				return samples[0]
			}
			return samples[g.rnd.IntN(len(samples))]
		}
		lo := intKey(m, "minLength", 0)
		hi := intKey(m, "maxLength", lo+8)
		n := lo + g.rnd.IntN(min(hi, lo+12)-lo+1)
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[g.rnd.IntN(len(alphabet))])
		}
		return b.String()
	case "integer":
		lo, hi := numKey(m, "minimum", -50), numKey(m, "maximum", 50)
		if hi-lo > 1000 {
			hi = lo + 1000
		}
		v := int(lo) + g.rnd.IntN(int(hi-lo)+1)
		if k := numKey(m, "multipleOf", 0); k >= 1 {
			v -= v % int(k)
		}
		return v
	case "number":
		lo, hi := numKey(m, "minimum", -50), numKey(m, "maximum", 50)
		return lo + float64(g.rnd.IntN(int((hi-lo)*4)+1))/4
	case "boolean":
		return g.rnd.IntN(2) == 0
	case "null":
		return nil
	}
	return g.scalar()
}

// alphabet are the characters of generated strings: plain, non-ASCII, and
// ones JSON escapes.
var alphabet = []string{"a", "b", "z", "Q", "0", "7", " ", "-", "é", "ß", "日", "😀", "\"", "\\", "\n", "\t", "/", "<", "~"}

func lo(m map[string]any) int { return intKey(m, "minItems", 0) }

// key returns a random member name.
func (g *generator) key() string {
	var b strings.Builder
	for range 1 + g.rnd.IntN(6) {
		b.WriteString(alphabet[g.rnd.IntN(len(alphabet))])
	}
	return b.String()
}

func (g *generator) scalar() any {
	return []any{"x", 1, 2.5, true, nil, map[string]any{"a": 1}, []any{1}}[g.rnd.IntN(7)]
}

func intKey(m map[string]any, key string, def int) int {
	if f, ok := m[key].(float64); ok {
		return int(f)
	}
	return def
}

func numKey(m map[string]any, key string, def float64) float64 {
	if f, ok := m[key].(float64); ok {
		return f
	}
	return def
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// replacements are the values a mutation puts in place of another.
var replacements = []any{"", "zzz", strings.Repeat("long ", 60), 0, -1, 1, 1.5, 3.0, 1e6, -1e6, 300, true, false, nil, map[string]any{}, []any{}, []any{"a", "a"}}

// mutations returns copies of doc, each changed in one place: a value
// replaced by one of each kind, a member removed or added, an element
// added or removed.
func mutations(doc any) []any {
	var out []any
	var walk func(v any, set func(any) any)
	walk = func(v any, set func(any) any) {
		for _, r := range replacements {
			out = append(out, set(r))
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range sortedKeys(v) {
				walk(v[k], func(r any) any {
					c := clone(v).(map[string]any)
					c[k] = r
					return set(c)
				})
				c := clone(v).(map[string]any)
				delete(c, k)
				out = append(out, set(c))
			}
			c := clone(v).(map[string]any)
			c["unknown_field"] = 1
			out = append(out, set(c))
		case []any:
			for i := range v {
				walk(v[i], func(r any) any {
					c := clone(v).([]any)
					c[i] = r
					return set(c)
				})
			}
			if len(v) > 0 {
				out = append(out, set(append(clone(v).([]any), v[0])), set(clone(v).([]any)[1:]))
			}
		}
	}
	walk(doc, func(r any) any { return r })
	return out
}

func clone(v any) any {
	switch v := v.(type) {
	case map[string]any:
		c := make(map[string]any, len(v))
		for k, x := range v {
			c[k] = clone(x)
		}
		return c
	case []any:
		c := make([]any, len(v))
		for i, x := range v {
			c[i] = clone(x)
		}
		return c
	}
	return v
}

// Fuzz runs a fuzz target for target's decoder: on any input, it must not
// panic, must reject what is not JSON, and must accept exactly what the
// reference validator accepts for schema.
func Fuzz(f *testing.F, name string, schema []byte, target Target) {
	ref := compile(f, name, schema)
	f.Fuzz(func(t *testing.T, data []byte) {
		got, decErr := target.Decode(data)
		var mismatch *PathMismatch
		if errors.As(decErr, &mismatch) {
			t.Fatalf("%q: %v", data, decErr)
		}
		if len(bytes.Trim(data, " \t\r\n")) == 0 {
			data = []byte("{}") // empty arguments mean {}
		}
		if !utf8.Valid(data) || !json.Valid(data) {
			if decErr == nil {
				t.Fatalf("%q is not valid JSON text, but the decoder accepted it as %+v", data, got)
			}
			return
		}
		if hasDuplicateKeys(data) {
			return // each occurrence is checked; the reference sees only the last
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		if refErr := ref.Validate(inst); (refErr == nil) != (decErr == nil) {
			t.Fatalf("%q:\n  reference: %v\n  decoder:   %v", data, short(refErr), decErr)
		}
	})
}

// hasDuplicateKeys reports whether a JSON text has an object with a
// repeated member name.
func hasDuplicateKeys(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	type object struct {
		keys    map[string]bool
		wantKey bool
	}
	var stack []*object
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		var top *object
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		switch tok := tok.(type) {
		case json.Delim:
			switch tok {
			case '{':
				if top != nil && !top.wantKey {
					top.wantKey = true
				}
				stack = append(stack, &object{keys: map[string]bool{}, wantKey: true})
				continue
			case '[':
				if top != nil {
					top.wantKey = true
				}
				stack = append(stack, &object{})
				continue
			default:
				stack = stack[:len(stack)-1]
				if len(stack) > 0 {
					stack[len(stack)-1].wantKey = stack[len(stack)-1].keys != nil
				}
				continue
			}
		case string:
			if top != nil && top.keys != nil && top.wantKey {
				if top.keys[tok] {
					return true
				}
				top.keys[tok] = true
				top.wantKey = false
				continue
			}
		}
		if top != nil && top.keys != nil {
			top.wantKey = true
		}
	}
}
