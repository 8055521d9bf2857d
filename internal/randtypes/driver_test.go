package randtypes

// driver is the test written into each random package: %s is the package
// name, %d the documents per tool, %s the table of targets.
const driver = `package %s

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toolgen-go/toolgen/internal/schematest"
	"github.com/toolgen-go/toolgen/runtime"
)

const docsPerTool = %d

func compileSchema(t *testing.T, name string, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Errorf("%%s: not JSON: %%v\n%%s", name, err, schema)
		return nil
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	url := "mem://" + name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Errorf("%%s: %%v", name, err)
		return nil
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Errorf("%%s: does not compile: %%v\n%%s", name, err, schema)
		return nil
	}
	return s
}

// target calls the tool through a Registry, checks its result's encoding
// against encoding/json and the output schema, and returns the arguments
// the result holds.
// others are registries with other settings: what the default one
// accepts, each must accept and decode the same way.
var others = map[string]*runtime.Registry{}

func target[T, O any](t *testing.T, reg *runtime.Registry, info *runtime.Info, unwrap func(O) T, stream string) schematest.Target {
	out := compileSchema(t, info.Name+".output", info.Output)
	var wrapper *jsonschema.Schema
	if stream != "" {
		if tool, ok := reg.Lookup(stream); ok && tool.Info().OutputWrapper != nil {
			wrapper = compileSchema(t, stream+".wrapper", tool.Info().OutputWrapper)
		} else if !ok {
			t.Errorf("no tool %%s", stream)
		}
	}
	failures := 0
	fail := func(format string, args ...any) {
		failures++
		if failures <= 5 {
			t.Errorf(format, args...)
		}
	}
	return schematest.Target{
		Decode: func(args []byte) (any, error) {
			res, err := reg.Execute(context.Background(), info.Name, args)
			if err != nil {
				fail("%%s: %%s: Execute: %%v", info.Name, args, err)
				return nil, err
			}
			if !res.Success {
				if strings.HasPrefix(res.Error, "invalid arguments") {
					// Each problem is at a place of the document, or
					// of a member it lacks.
					if len(res.Problems) == 0 {
						fail("%%s: %%s: refused without a problem: %%s", info.Name, args, res.Error)
					}
					var doc any
					if json.Unmarshal(args, &doc) == nil {
						for _, p := range res.Problems {
							if !resolves(doc, p.Path) && !resolves(doc, p.Path[:max(0, strings.LastIndex(p.Path, "/"))]) {
								fail("%%s: %%s: the problem %%q is at no place of the document", info.Name, args, p)
							}
						}
					}
					return nil, errors.New(res.Error)
				}
				fail("%%s: %%s: the tool failed: %%s (%%v)", info.Name, args, res.Error, res.Err)
				return nil, errors.New(res.Error)
			}
			o, ok := res.Data.(O)
			if !ok {
				fail("%%s: Data is %%T", info.Name, res.Data)
				return nil, errors.New("bad data")
			}
			// encoding/json with HTML escaping off, as documented.
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			err = enc.Encode(o)
			want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
			if err != nil {
				fail("%%s: %%s: encoding/json cannot encode the result: %%v", info.Name, args, err)
			} else if string(want) != res.Output {
				fail("%%s: %%s: the result's encoding differs from encoding/json's:\n  got  %%s\n  want %%s", info.Name, args, res.Output, want)
			}
			if out != nil {
				inst, err := jsonschema.UnmarshalJSON(strings.NewReader(res.Output))
				if err != nil {
					fail("%%s: output %%s is not JSON: %%v", info.Name, res.Output, err)
				} else if err := out.Validate(inst); err != nil {
					fail("%%s: %%s: the result %%s does not match the output schema: %%v\n%%s", info.Name, args, res.Output, err, info.Output)
				}
			}
			for name, other := range others {
				if bytes.Contains(args, []byte("null")) {
					break // null is absent there, documented
				}
				res2, err := other.Execute(context.Background(), info.Name, args)
				if err != nil || !res2.Success {
					fail("%%s: %%s: the %%s registry refuses what the default one takes: %%v %%s", info.Name, args, name, err, res2.Error)
					continue
				}
				if res2.Output != res.Output || !reflect.DeepEqual(res2.Data, res.Data) {
					fail("%%s: %%s: the %%s registry decodes it otherwise:\n  %%s\n  %%s", info.Name, args, name, res2.Output, res.Output)
				}
			}
			v := unwrap(o)
			if stream != "" {
				// The chunks, as a JSON array.
				one, _ := noEscape(v)
				want := "[" + string(one) + "," + string(one) + "]"
				res2, err := reg.Execute(context.Background(), stream, args)
				if err != nil || !res2.Success || res2.Output != want {
					fail("%%s: %%s: got %%v %%s %%s, want %%s", stream, args, err, res2.Error, res2.Output, want)
				} else if wrapper != nil {
					inst, _ := jsonschema.UnmarshalJSON(strings.NewReader("{\"result\":" + res2.Output + "}"))
					if err := wrapper.Validate(inst); err != nil {
						fail("%%s: %%s does not match the output wrapper: %%v", stream, res2.Output, err)
					}
				}
			}
			return &v, nil
		},
		New: func() any { return new(T) },
	}
}

var targets = map[string]func(t *testing.T, reg *runtime.Registry, info *runtime.Info) schematest.Target{
%s}

var results = map[string]func(t *testing.T, reg *runtime.Registry, info *runtime.Info) int{
%s}

// noEscape is encoding/json's Marshal with HTML escaping off.
func noEscape(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// checkResult sets *dst to random values and calls the tool, which
// returns it: its result must be encoding/json's encoding, valid against
// the output schema. It returns how many values it checked.
func checkResult[O any](t *testing.T, reg *runtime.Registry, info *runtime.Info, dst *O) int {
	out := compileSchema(t, info.Name+".output", info.Output)
	rnd := rand.New(rand.NewPCG(uint64(len(info.Output)), 7))
	failures := 0
	n := 0
	for range docsPerTool {
		fill(reflect.ValueOf(dst).Elem(), rnd, 0)
		n++
		want, werr := noEscape(*dst)
		res, err := reg.Execute(context.Background(), info.Name, nil)
		switch {
		case err != nil:
			t.Errorf("%%s: Execute: %%v", info.Name, err)
		case werr != nil:
			if res.Success {
				t.Errorf("%%s: encoding/json fails (%%v), the tool wrote %%s", info.Name, werr, res.Output)
			}
		case !res.Success:
			t.Errorf("%%s: the tool failed: %%s (%%v); encoding/json writes %%s", info.Name, res.Error, res.Err, want)
		case string(want) != res.Output:
			failures++
			if failures <= 5 {
				t.Errorf("%%s: %%#v: the result's encoding differs from encoding/json's:\n  got  %%s\n  want %%s", info.Name, *dst, res.Output, want)
			}
		case out != nil:
			inst, err := jsonschema.UnmarshalJSON(strings.NewReader(res.Output))
			if err != nil {
				t.Errorf("%%s: output %%s is not JSON: %%v", info.Name, res.Output, err)
			} else if err := out.Validate(inst); err != nil {
				failures++
				if failures <= 5 {
					t.Errorf("%%s: the result %%s does not match the output schema: %%v\n%%s", info.Name, res.Output, err, info.Output)
				}
			}
		}
	}
	return n
}

var strs = []string{"", "a", "<&>", "\u2028", "\xff", "\x01", "é日😀", "\"\\", "long long long long long long long long long long"}

var raws = []string{"null", "1", " { \"a\" : [ 1 , 2 ] } ", "\"<x>\"", "[]", "true", "-0.5e3"}

var timeType = reflect.TypeOf(time.Time{})

// fill sets v to a random value.
func fill(v reflect.Value, rnd *rand.Rand, depth int) {
	if v.Type() == timeType {
		v.Set(reflect.ValueOf(time.Unix(rnd.Int64N(1e10), rnd.Int64N(1e9)).In(time.FixedZone("", 3600*(rnd.IntN(5)-2)))))
		return
	}
	if v.Type() == reflect.TypeOf(json.RawMessage{}) {
		v.SetBytes([]byte(raws[rnd.IntN(len(raws))]))
		return
	}
	if v.Type() == reflect.TypeOf(json.Number("")) {
		v.SetString([]string{"0", "-1.5", "1e3", "12345678901234567890"}[rnd.IntN(4)])
		return
	}
	switch v.Type().Name() {
	case "Color": // an enum: its values, or the zero value
		v.SetString([]string{"", "red", "green", "blue"}[rnd.IntN(4)])
		return
	case "Level":
		v.SetInt([]int64{0, 1, 2, 5}[rnd.IntN(4)])
		return
	}
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(rnd.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := v.Type().Bits()
		switch rnd.IntN(4) {
		case 0:
			v.SetInt(0)
		case 1:
			v.SetInt(-1 << (bits - 1))
		default:
			v.SetInt(rnd.Int64() >> (64 - bits))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if rnd.IntN(4) == 0 {
			v.SetUint(0)
		} else {
			v.SetUint(rnd.Uint64() >> (64 - v.Type().Bits()))
		}
	case reflect.Float32, reflect.Float64:
		f := []float64{0, math.Copysign(0, -1), 1e21, 1e20, 1e-7, 1e-6, 123.456, -2.5e-9, 3.4e38, math.MaxFloat64, rnd.NormFloat64() * 1e6}[rnd.IntN(11)]
		if v.Kind() == reflect.Float32 && math.Abs(f) > math.MaxFloat32 {
			f = 1
		}
		v.SetFloat(f)
	case reflect.String:
		v.SetString(strs[rnd.IntN(len(strs))])
	case reflect.Pointer:
		if depth > 3 || rnd.IntN(3) == 0 {
			v.SetZero()
			return
		}
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), rnd, depth+1)
		v.Set(p)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b := make([]byte, rnd.IntN(5))
			for i := range b {
				b[i] = byte(rnd.IntN(256))
			}
			v.SetBytes(b)
			if rnd.IntN(4) == 0 {
				v.SetZero()
			}
			return
		}
		if depth > 3 || rnd.IntN(4) == 0 {
			v.SetZero()
			return
		}
		n := rnd.IntN(3)
		s := reflect.MakeSlice(v.Type(), n, n)
		for i := range n {
			fill(s.Index(i), rnd, depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), rnd, depth+1)
		}
	case reflect.Map:
		if depth > 3 || rnd.IntN(4) == 0 {
			v.SetZero()
			return
		}
		m := reflect.MakeMap(v.Type())
		for range rnd.IntN(3) {
			k := reflect.New(v.Type().Key()).Elem()
			fill(k, rnd, depth+1)
			e := reflect.New(v.Type().Elem()).Elem()
			fill(e, rnd, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), rnd, depth+1)
			}
		}
	case reflect.Interface:
		vals := []any{nil, 1.5, "<s>", []any{true, nil}, map[string]any{"k": "v"}}
		if x := vals[rnd.IntN(len(vals))]; x != nil {
			v.Set(reflect.ValueOf(x))
		} else {
			v.SetZero()
		}
	}
}

// resolves reports whether the JSON Pointer ptr names a value of doc.
func resolves(doc any, ptr string) bool {
	if ptr == "" {
		return true
	}
	if !strings.HasPrefix(ptr, "/") {
		return false
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch v := doc.(type) {
		case map[string]any:
			e, ok := v[tok]
			if !ok {
				return false
			}
			doc = e
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v) {
				return false
			}
			doc = v[i]
		default:
			return false
		}
	}
	return true
}

// checkDialect checks what a strict dialect's schema must not hold.
func checkDialect(t *testing.T, name string, d runtime.Dialect, schema []byte) {
	var root any
	if err := json.Unmarshal(schema, &root); err != nil {
		t.Errorf("%%s.%%s: %%v", name, d, err)
		return
	}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case []any:
			for i, e := range v {
				walk(path+"/"+strconv.Itoa(i), e)
			}
		case map[string]any:
			props, isObject := v["properties"].(map[string]any)
			switch d {
			case runtime.OpenAI, runtime.Anthropic:
				for _, k := range []string{"default", "oneOf"} {
					if _, ok := v[k]; ok && d == runtime.OpenAI {
						t.Errorf("%%s.%%s: %%s has %%s", name, d, path, k)
					}
				}
				if isObject {
					if ap, ok := v["additionalProperties"]; !ok || ap != false {
						t.Errorf("%%s.%%s: %%s: an object without additionalProperties false", name, d, path)
					}
					if d == runtime.OpenAI {
						req, _ := v["required"].([]any)
						if len(req) != len(props) {
							t.Errorf("%%s.%%s: %%s: %%d properties, %%d required", name, d, path, len(props), len(req))
						}
					}
				}
			case runtime.Gemini:
				for _, k := range []string{"$ref", "$defs", "additionalProperties", "oneOf"} {
					if _, ok := v[k]; ok {
						t.Errorf("%%s.%%s: %%s has %%s", name, d, path, k)
					}
				}
				if _, ok := v["type"].([]any); ok {
					t.Errorf("%%s.%%s: %%s has a list of types", name, d, path)
				}
			}
			for k, e := range v {
				if k == "properties" || k == "$defs" {
					if m, ok := e.(map[string]any); ok {
						for pk, pe := range m {
							walk(path+"/"+k+"/"+pk, pe)
						}
					}
					continue
				}
				if k == "enum" || k == "default" || k == "examples" || k == "const" || k == "required" {
					continue
				}
				walk(path+"/"+k, e)
			}
		}
	}
	walk("", root)
}

func TestRandom(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	tools := Tools()
	if err := reg.Register(tools...); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*runtime.Settings{"lenient": {Lenient: true}, "openai": {Dialect: runtime.OpenAI}} {
		others[name] = runtime.NewRegistry(s)
		if err := others[name].Register(tools...); err != nil {
			t.Fatal(err)
		}
	}
	for _, tool := range tools {
		info := tool.Info()
		for _, d := range []runtime.Dialect{runtime.Standard, runtime.OpenAI, runtime.Gemini, runtime.Anthropic} {
			if s := info.ParametersFor(d); s != nil {
				compileSchema(t, info.Name+"."+d.String(), s)
				if info.Strict(d) {
					checkDialect(t, info.Name, d, s)
				}
			}
		}
		if info.OutputWrapper != nil {
			compileSchema(t, info.Name+".wrapper", info.OutputWrapper)
		}
		if strings.HasPrefix(info.Name, "stream") {
			continue // checked with its tool
		}
		if check := results[info.Name]; check != nil {
			n := check(t, reg, info)
			t.Logf("RANDTYPES %%s checked=%%d valid=%%d", info.Name, n, n)
			continue
		}
		mk := targets[info.Name]
		if mk == nil {
			t.Errorf("no target for %%s", info.Name)
			continue
		}
		r := schematest.Run(t, info.Name, info.Parameters, docsPerTool, mk(t, reg, info))
		r.Log(t)
		t.Logf("RANDTYPES %%s checked=%%d valid=%%d", info.Name, r.Checked, r.Valid)
	}
}
`
