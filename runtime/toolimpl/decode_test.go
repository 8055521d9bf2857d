package toolimpl

import (
	"cmp"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"reflect"
	goruntime "runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/runtime"
)

// sample is decoded by decodeSample, written as toolgen writes decoders.
type sample struct {
	Name  string            `json:"name"`
	Count int8              `json:"count"`
	Size  uint16            `json:"size"`
	Ratio float32           `json:"ratio"`
	On    bool              `json:"on"`
	Tags  []string          `json:"tags"`
	Inner *sample           `json:"inner"`
	Attrs map[string]string `json:"attrs"`
	Any   any               `json:"any"`
	Raw   json.RawMessage   `json:"raw"`
	Data  []byte            `json:"data"`
}

func decodeSample(d *Decoder, v *sample) {
	if !d.Object() {
		return
	}
	var hasName bool
	for d.Field() {
		switch string(d.Key()) {
		case "name":
			hasName = true
			if s, ok := d.String(); ok {
				v.Name = s
			}
		case "count":
			if n, ok := d.Int(8); ok {
				v.Count = int8(n)
			}
		case "size":
			if n, ok := d.Uint(16); ok {
				v.Size = uint16(n)
			}
		case "ratio":
			if f, ok := d.Float(32); ok {
				v.Ratio = float32(f)
			}
		case "on":
			if b, ok := d.Bool(); ok {
				v.On = b
			}
		case "tags":
			if d.Array() {
				v.Tags = []string{}
				for d.Elem() {
					var e string
					if s, ok := d.String(); ok {
						e = s
					}
					v.Tags = append(v.Tags, e)
				}
			}
		case "inner":
			v.Inner = new(sample)
			decodeSample(d, v.Inner)
		case "attrs":
			if d.Object() {
				v.Attrs = make(map[string]string, d.Members()) // as generated code
				for d.Field() {
					k := d.KeyString()
					var e string
					if s, ok := d.String(); ok {
						e = s
					}
					v.Attrs[k] = e
				}
			}
		case "any":
			if x, ok := d.Any(); ok {
				v.Any = x
			}
		case "raw":
			if r, ok := d.Raw(); ok {
				v.Raw = r
			}
		case "data":
			if b, ok := d.Bytes(); ok {
				v.Data = b
			}
		default:
			d.Unknown("name, count, size, ratio, on, tags, inner, attrs, any, raw, data")
		}
	}
	if !hasName {
		d.Missing("name")
	}
}

func decode(t testing.TB, args string) (sample, error) {
	t.Helper()
	return Decode([]byte(args), nil, decodeSample)
}

func TestDecodeValid(t *testing.T) {
	for _, args := range []string{
		`{"name":"a"}`,
		` { "name" : "a\u00e9\ud83d\ude00\n\"\\\/" , "count" : -128 , "size" : 65535 } `,
		`{"name":"","count":100,"size":3,"ratio":-1.5e-3,"on":true,"tags":["x","",  "y"]}`,
		`{"name":"n","inner":{"name":"m","inner":{"name":"o"}},"attrs":{"a/b~c":"d","":""}}`,
		`{"name":"n","any":{"x":[1,"2",null,true,{"y":[]}]},"raw":[1, {"a": null}],"data":"aGVsbG8="}`,
		`{"name":"n","count":-0,"tags":[]}`,
	} {
		got, err := decode(t, args)
		if err != nil {
			t.Errorf("%s: %v", args, err)
			continue
		}
		var want sample
		if err := json.Unmarshal([]byte(args), &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\ngot  %+v\nwant %+v", args, got, want)
		}
	}
}

// JSON Schema counts 1e2 and 3.0 as integers, and so does the decoder,
// though encoding/json does not.
func TestDecodeIntegralNumbers(t *testing.T) {
	got, err := decode(t, `{"name":"","count":1e2,"size":3.0}`)
	if err != nil || got.Count != 100 || got.Size != 3 {
		t.Errorf("got %+v, %v", got, err)
	}
}

func TestDecodeProblems(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{``, `invalid arguments: /name: required field is missing`},
		{`  `, `invalid arguments: /name: required field is missing`},
		{`[]`, `invalid arguments: must be an object, got array`},
		{`null`, `invalid arguments: /name: required field is missing`}, // null stands for {}, as MCP clients send it
		{` null `, `invalid arguments: /name: required field is missing`},
		{`nul`, `invalid arguments: the arguments are not valid JSON: expected null, found end of input (is it cut short?)`},
		{`{"name":null}`, `invalid arguments: /name: must be a string, got null`},
		{`{"name":1,"count":128,"size":-1,"ratio":1e39,"on":"true","tags":"x","zzz":{"a":[1,{"b":2}]}}`,
			`invalid arguments: /count: must be an integer from -128 to 127, got 128; /name: must be a string, got number; /on: must be a boolean, got the string "true": send true, without quotes; /ratio: must be a number that fits in 32-bit floating point, got 1e39; /size: must be an integer from 0 to 65535, got -1; /tags: must be an array, got string; /zzz: unknown field; the fields are: name, count, size, ratio, on, tags, inner, attrs, any, raw, data`},
		{`{"name":"a","count":1.5}`, `invalid arguments: /count: must be an integer, got 1.5`},
		{`{"name":"a","tags":["x",2,"y",null]}`, `invalid arguments: /tags/1: must be a string, got number; /tags/3: must be a string, got null`},
		{`{"name":"a","inner":{"attrs":{"k/~":1}}}`, `invalid arguments: /inner/attrs/k~1~0: must be a string, got number; /inner/name: required field is missing`},
		{`{"name":"a","data":"!!"}`, `invalid arguments: /data: must be base64-encoded bytes: illegal base64 data at input byte 0`},
		{`{"name":"a","data":"aGVs\r\nbG8="}`, `invalid arguments: /data: must be base64-encoded bytes on one line, without line breaks`},
		{`{"name":"a"`, `invalid arguments: the arguments are not valid JSON: expected ',' or '}' after an object member, found end of input (is it cut short?)`},
		{`{"name":"a`, `invalid arguments: the arguments are not valid JSON: unterminated string starting at offset 8 (is it cut short?)`},
		{`{"name":"a"}}`, `invalid arguments: the arguments are not valid JSON: unexpected character '}' at offset 12 after the arguments`},
		{`{"name":"a",}`, `invalid arguments: the arguments are not valid JSON: expected a field name, found character '}' at offset 12`},
		{`{"name":'a'}`, `invalid arguments: the arguments are not valid JSON: expected a value, found character '\'' at offset 8`},
		{`{"name":"a","count":01}`, `invalid arguments: the arguments are not valid JSON: expected ',' or '}' after an object member, found character '1' at offset 21`},
		{`{"name":"a","count":-}`, `invalid arguments: the arguments are not valid JSON: invalid number at offset 20: unexpected character '}' at offset 21`},
		{`{"name":"a","on":tru}`, `invalid arguments: the arguments are not valid JSON: expected true, found character '}' at offset 20`},
		{`{"name":"a","on":fals`, `invalid arguments: the arguments are not valid JSON: expected false, found end of input (is it cut short?)`},
		{`{"name":"a","on":nul1}`, `invalid arguments: the arguments are not valid JSON: expected null, found character '1' at offset 20`},
		{"{\"name\":\"a\",\"x\\n\\\"; /name: fake\\u001b\":1}", `invalid arguments: /x\n"; ~1name: fake\u001b: unknown field; the fields are: name, count, size, ratio, on, tags, inner, attrs, any, raw, data`},
		{`{"name":"a","` + strings.Repeat("k", 100) + `":1}`, `invalid arguments: /` + strings.Repeat("k", 64) + `…: unknown field; the fields are: name, count, size, ratio, on, tags, inner, attrs, any, raw, data`},
		{`{"name":"a` + "\x01" + `"}`, `invalid arguments: /name: the arguments are not valid JSON: unescaped control character in a string: byte 0x01 at offset 10`},
		{`{"name":"a` + "\xff" + `"}`, `invalid arguments: /name: the arguments are not valid JSON: invalid UTF-8 in the string at offset 8`},
		{`{"name":"\x"}`, `invalid arguments: /name: the arguments are not valid JSON: invalid escape "\\x" in a string at offset 9`},
		{`{"name":"\u12"}`, `invalid arguments: /name: the arguments are not valid JSON: invalid \u escape at offset 9`},
		// A bad string is named by its JSON Pointer, a key by its object's.
		{`{"name":"a","tags":["x","b` + "\xff" + `"]}`, `invalid arguments: /tags/1: the arguments are not valid JSON: invalid UTF-8 in the string at offset 24`},
		{`{"name":"a","inner":{"name":"b","tags":["` + "\xc3\x28" + `"]}}`, `invalid arguments: /inner/tags/0: the arguments are not valid JSON: invalid UTF-8 in the string at offset 40`},
		{`{"name":"a","attrs":{"k":"v","` + "\xff" + `":"w"}}`, `invalid arguments: /attrs: the arguments are not valid JSON: invalid UTF-8 in the string at offset 29`},
		{`{"` + "\xff" + `":1}`, `invalid arguments: the arguments are not valid JSON: invalid UTF-8 in the string at offset 1`},
		{`{"name":"a","zzz":{"k":1,"` + "\xff" + `":2}}`, `invalid arguments: /zzz: the arguments are not valid JSON: invalid UTF-8 in the string at offset 25`},
		{`{"name":"a","zzz":{"q":["` + "\xff" + `"]}}`, `invalid arguments: /zzz: the arguments are not valid JSON: invalid UTF-8 in the string at offset 24`},
		{`{"name":"a","any":{"q":"\ud800\x"}}`, `invalid arguments: /any: the arguments are not valid JSON: invalid escape "\\x" in a string at offset 30`},
		{`{"name":"a","zzz":[1,2,}`, `invalid arguments: the arguments are not valid JSON: expected a value, found character '}' at offset 23`},
		{`{"name":"a","zzz":{"a" 1}}`, `invalid arguments: the arguments are not valid JSON: expected ':' after a field name, found character '1' at offset 23`},
	} {
		_, err := decode(t, c.args)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\ngot  %v\nwant %s", c.args, err, c.want)
		}
		var ae *ArgumentError
		if err != nil && !errors.As(err, &ae) {
			t.Errorf("%q: error %T is not an *ArgumentError", c.args, err)
		}
	}
}

func TestDecodeLimits(t *testing.T) {
	deep := `{"name":"a","zzz":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}`
	// Valid JSON, deeper than a call takes: said so, not called invalid.
	const tooDeep = "invalid arguments: the arguments nest too deeply: nesting deeper than 64 levels is refused; send a flatter value"
	_, err := decode(t, deep)
	if err == nil || err.Error() != tooDeep {
		t.Errorf("deep: %v, want %s", err, tooDeep)
	}
	deepObj := `{"name":"a","inner":` + strings.Repeat(`{"name":"a","inner":`, 70) + `{"name":"a"}` + strings.Repeat("}", 71)
	_, err = decode(t, deepObj)
	if err == nil || err.Error() != tooDeep {
		t.Errorf("deep objects: %v, want %s", err, tooDeep)
	}
	_, err = Decode([]byte(`{"name":"abcdef"}`), &runtime.Settings{MaxBytes: 10}, decodeSample)
	if err == nil || err.Error() != "invalid arguments: the arguments are 17 bytes long; the limit is 10" {
		t.Errorf("size: %v", err)
	}
}

func TestDecodeProblemCap(t *testing.T) {
	args := `{"tags":[` + strings.Repeat(`1,`, 30) + `1]}`
	_, err := decode(t, args)
	var ae *ArgumentError
	if !errors.As(err, &ae) || len(ae.Problems) != maxProblems || ae.More != 12 {
		t.Fatalf("got %v", err)
	}
	if !strings.HasSuffix(err.Error(), "; and 12 more") {
		t.Errorf("message: %s", err)
	}
}

// Every prefix of a valid document is rejected without a panic, as a
// model's truncated output would be.
func TestDecodeTruncated(t *testing.T) {
	doc := `{"name":"a\u00e9","count":-12,"size":3,"ratio":1.5e2,"on":false,"tags":["x"],"inner":{"name":"b"},"attrs":{"k":"v"},"any":[null,{"q":true}],"raw":{"z":[1]}}`
	if _, err := decode(t, doc); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(doc); i++ {
		if _, err := decode(t, doc[:i]); err == nil {
			t.Errorf("prefix %q accepted", doc[:i])
		}
	}
}

func TestIntBounds(t *testing.T) {
	decodeInt := func(bits int) func(d *Decoder, v *int64) {
		return func(d *Decoder, v *int64) {
			if n, ok := d.Int(bits); ok {
				*v = n
			}
		}
	}
	for _, c := range []struct {
		bits int
		in   string
		want int64
		ok   bool
	}{
		{64, "9223372036854775807", math.MaxInt64, true},
		{64, "9223372036854775808", 0, false},
		{64, "-9223372036854775808", math.MinInt64, true},
		{64, "1e18", 1e18, true},
		{64, "1e19", 0, false},
		{32, "2147483647", math.MaxInt32, true},
		{32, "2147483648", 0, false},
		{8, "-128", -128, true},
		{8, "-129", 0, false},
		{8, "1.0e1", 10, true},
	} {
		got, err := Decode([]byte(c.in), nil, decodeInt(c.bits))
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("Int(%d) of %s = %d, %v", c.bits, c.in, got, err)
		}
	}
}

// FuzzSkip checks the lexer against encoding/json: a decoder that skips
// the whole value accepts exactly the valid JSON documents (with valid
// UTF-8), and nothing panics.
func FuzzSkip(f *testing.F) {
	for _, s := range []string{`{}`, `[1,2,{"a":"b"}]`, `"\ud800"`, `{"a":[1e5,-0.1,true,false,null]}`, `{"a"`, `[`, `1.`, `"\u00"`, "\"\xff\""} {
		f.Add([]byte(s))
	}
	skip := func(d *Decoder, v *json.RawMessage) {
		if r, ok := d.Raw(); ok {
			*v = r
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		limits := &runtime.Settings{MaxBytes: 1 << 20, MaxDepth: 100000}
		raw, err := Decode(data, limits, skip)
		want := json.Valid(data) && utf8.Valid(data)
		if len(trimSpace(data)) == 0 {
			want = true // empty arguments (JSON white space only) mean {}
		}
		if (err == nil) != want {
			t.Fatalf("%q: accepted=%v, encoding/json valid=%v (%v)", data, err == nil, want, err)
		}
		if err == nil && len(trimSpace(data)) > 0 && !json.Valid(raw) {
			t.Fatalf("%q: Raw returned invalid JSON %q", data, raw)
		}
	})
}

// FuzzDecode decodes arbitrary bytes into a struct: no panic, and what is
// accepted decodes as encoding/json decodes it.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"name":"a","count":1,"tags":["x"],"inner":{"name":"b"}}`))
	f.Add([]byte(`{"name":"a","attrs":{"k":"v"},"any":[1],"raw":{},"data":"aGk="}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Decode(data, nil, decodeSample)
		if err != nil || len(strings.TrimSpace(string(data))) == 0 {
			return
		}
		var want sample
		if err := json.Unmarshal(data, &want); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && strings.HasPrefix(te.Value, "number") {
				return // 3.0 or 1e2 for an integer: JSON Schema's integer, not encoding/json's
			}
			t.Fatalf("%q: accepted, but encoding/json says %v", data, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q:\ngot  %+v\nwant %+v", data, got, want)
		}
	})
}

// FuzzLenient decodes arbitrary bytes in a lenient call: no panic, and
// what a strict call accepts decodes the same way.
func FuzzLenient(f *testing.F) {
	f.Add([]byte(`{"name":"a","tags":"[\"x\"]","inner":"{\"name\":\"b\",\"attrs\":\"{}\"}"}`))
	f.Add([]byte(`"{\"name\":\"a\",\"tags\":[\"[1]\"]}"`))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Decode(data, &runtime.Settings{Lenient: true}, decodeSample)
		strict, serr := Decode(data, nil, decodeSample)
		if serr == nil && (err != nil || !reflect.DeepEqual(got, strict)) {
			t.Fatalf("%q: lenient %+v, %v; strict %+v", data, got, err, strict)
		}
	})
}

func TestLenient(t *testing.T) {
	lenient := func(args string) (sample, error) {
		return Decode([]byte(args), &runtime.Settings{Lenient: true}, decodeSample)
	}
	got, err := lenient(`{"name":"a","count":"-5","size":"7","ratio":"1.5","on":"true","tags":"solo"}`)
	if err != nil {
		t.Fatal(err)
	}
	want := sample{Name: "a", Count: -5, Size: 7, Ratio: 1.5, On: true, Tags: []string{"solo"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	_, err = lenient(`{"name":"a","count":"many","on":"yes","tags":[1]}`)
	if want := `invalid arguments: /count: must be an integer, got string "many"; /on: must be a boolean, got string "yes"; /tags/0: must be a string, got number`; err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	// A lone value read as an array of one is where the model wrote it:
	// /tags, not /tags/0.
	_, err = lenient(`{"name":"a","tags":1}`)
	if want := `invalid arguments: /tags: must be a string, got number`; err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	// White space around a number in a string, as models send it: taken
	// when lenient, though a strict ,string field refuses it.
	got, err = lenient(`{"name":"a","count":" 7","size":"7\n","on":" true"}`)
	if err != nil || got.Count != 7 || got.Size != 7 || !got.On {
		t.Errorf("white space, lenient: %+v, %v", got, err)
	}
	// An integer in a string is read as the number would be: 10.0 and 1e2
	// are integers, 10.5 is not, and one out of range says the range.
	got, err = lenient(`{"name":"a","count":"10.0","size":"1e2"}`)
	if err != nil || got.Count != 10 || got.Size != 100 {
		t.Errorf("10.0 and 1e2, lenient: %+v, %v", got, err)
	}
	_, err = lenient(`{"name":"a","count":"10.5","size":"-1"}`)
	if want := `invalid arguments: /count: must be an integer, got string "10.5"; /size: must be an integer from 0 to 65535, got string "-1"`; err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	// Strict by default.
	_, err = decode(t, `{"name":"a","count":"5"}`)
	if want := `invalid arguments: /count: must be an integer, got the string "5": send 5, without quotes`; err == nil || err.Error() != want {
		t.Errorf("strict: got %v", err)
	}
}

// TestLenientEncodedTwice: a lenient call takes an array or object sent
// inside a string, as models send them (`"tags":"[\"a\"]"`), and checks it
// as if it had come as it should: its problems at the paths they would
// have had. A strict call refuses it, saying what to send.
func TestLenientEncodedTwice(t *testing.T) {
	lenient := func(args string) (sample, error) {
		return Decode([]byte(args), &runtime.Settings{Lenient: true}, decodeSample)
	}
	for _, c := range []struct {
		args string
		want sample
	}{
		{`{"name":"a","tags":"[\"x\",\"y\"]"}`, sample{Name: "a", Tags: []string{"x", "y"}}},
		{`{"tags":"[\"x\"]","name":"a","count":3}`, sample{Name: "a", Tags: []string{"x"}, Count: 3}},
		{`{"name":"a","tags":"[]"}`, sample{Name: "a", Tags: []string{}}},
		{`{"name":"a","tags":" [ \"x\" ]\n"}`, sample{Name: "a", Tags: []string{"x"}}},
		{`{"name":"a","attrs":"{\"k\":\"v\",\"\\u006b2\":\"w\"}"}`, sample{Name: "a", Attrs: map[string]string{"k": "v", "k2": "w"}}},
		{`{"name":"a","inner":"{\"name\":\"b\",\"tags\":[\"z\"]}","on":true}`, sample{Name: "a", Inner: &sample{Name: "b", Tags: []string{"z"}}, On: true}},
		// The whole arguments in a string, as some servers pass them on.
		{`"{\"name\":\"a\",\"count\":2}"`, sample{Name: "a", Count: 2}},
		// Not read twice: a string in such a string is a lone value.
		{`{"name":"a","inner":"{\"name\":\"b\",\"tags\":\"[\\\"z\\\"]\"}"}`, sample{Name: "a", Inner: &sample{Name: "b", Tags: []string{`["z"]`}}}},
		// A string that holds no valid array is the lone value it was.
		{`{"name":"a","tags":"[draft"}`, sample{Name: "a", Tags: []string{"[draft"}}},
		{`{"name":"a","tags":"{\"k\":1}"}`, sample{Name: "a", Tags: []string{`{"k":1}`}}},
	} {
		got, err := lenient(c.args)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %+v, %v; want %+v", c.args, got, err, c.want)
		}
	}
	for _, c := range []struct{ args, err string }{
		// Problems inside the string at their paths, with the others.
		{`{"name":"a","inner":"{\"count\":\"x\",\"tags\":[[]],\"n\\u0061me\":1}","size":-1}`,
			`invalid arguments: /inner/count: must be an integer, got string "x"; /inner/name: must be a string, got number; /inner/tags/0: must be a string, got array; /size: must be an integer from 0 to 65535, got -1`},
		{`{"name":"a","inner":"{\"nope\":1}"}`, `invalid arguments: /inner/name: required field is missing; /inner/nope: unknown field; the fields are: name, count, size, ratio, on, tags, inner, attrs, any, raw, data`},
		{`"{\"tags\":[1,[2]]}"`, `invalid arguments: /name: required field is missing; /tags/0: must be a string, got number; /tags/1: must be a string, got array`},
		// The arguments go on after the string: a syntax error there is
		// at its offset in them.
		{`{"name":"a","tags":"[\"x\"]" "on":true}`, `invalid arguments: the arguments are not valid JSON: expected ',' or '}' after an object member, found character '"' at offset 29`},
	} {
		if _, err := lenient(c.args); err == nil || err.Error() != c.err {
			t.Errorf("%s:\ngot  %v\nwant %s", c.args, err, c.err)
		}
	}
	// Nesting inside the string counts against the limit.
	deep := &runtime.Settings{Lenient: true, MaxDepth: 2}
	if _, err := Decode([]byte(`{"name":"a","inner":"{\"name\":\"b\",\"tags\":[\"x\"]}"}`), deep, decodeSample); err == nil || !strings.Contains(err.Error(), "nest too deeply") {
		t.Errorf("depth: %v", err)
	}
	// Strict: refused, saying what to send.
	for _, c := range []struct{ args, err string }{
		{`{"name":"a","tags":"[\"x\"]"}`, `invalid arguments: /tags: must be an array, got a string that holds one: send the array itself, not in quotes`},
		{`{"name":"a","inner":" {\"name\":\"b\"}"}`, `invalid arguments: /inner: must be an object, got a string that holds one: send the object itself, not in quotes`},
		{`{"name":"a","tags":"[x"}`, `invalid arguments: /tags: must be an array, got string`},
	} {
		if _, err := decode(t, c.args); err == nil || err.Error() != c.err {
			t.Errorf("strict %s:\ngot  %v\nwant %s", c.args, err, c.err)
		}
	}
}

// TestLenientEncodedTwiceSame: any arguments, with each array or object
// in them sent inside a string instead, decode in a lenient call as the
// arguments themselves do, with the same problems.
func TestLenientEncodedTwiceSame(t *testing.T) {
	docs := []string{
		`{"name":"a","count":1,"tags":["x","y"],"inner":{"name":"b","attrs":{"k":"v"}},"attrs":{"a":"b"}}`,
		`{"name":"a","tags":[1,"x"],"inner":{"count":300,"tags":[[]]},"attrs":{"k":2}}`,
		`{"name":"é\u00e9\n","tags":[],"inner":{"name":"\"q\""},"attrs":{}}`,
	}
	for _, doc := range docs {
		want, wantErr := Decode([]byte(doc), &runtime.Settings{Lenient: true}, decodeSample)
		var top map[string]any
		if err := json.Unmarshal([]byte(doc), &top); err != nil {
			t.Fatal(err)
		}
		for k, v := range top {
			switch v.(type) {
			case []any, map[string]any:
			default:
				continue
			}
			inner, _ := json.Marshal(v)
			quoted, _ := json.Marshal(string(inner))
			raw := map[string]json.RawMessage{}
			json.Unmarshal([]byte(doc), &raw)
			raw[k] = quoted
			args, _ := json.Marshal(raw)
			got, err := Decode(args, &runtime.Settings{Lenient: true}, decodeSample)
			if !reflect.DeepEqual(got, want) || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Errorf("%s:\ngot  %+v, %v\nwant %+v, %v", args, got, err, want, wantErr)
			}
		}
	}
}

// TestOptionalBlank: a lenient call takes "" and "null" for an optional
// field that can be neither, as absent; a strict call checks them as
// values.
func TestOptionalBlank(t *testing.T) {
	type opt struct {
		N   int64
		Has bool
	}
	decodeOpt := func(d *Decoder, v *opt) {
		if !d.Object() {
			return
		}
		for d.Field() {
			if d.OptionalBlank() {
				continue
			}
			v.Has = true
			v.N, _ = d.Int(64)
		}
	}
	for _, c := range []struct {
		args    string
		lenient bool
		want    opt
		err     string
	}{
		{`{"n":""}`, true, opt{}, ""},
		{`{"n": "null" }`, true, opt{}, ""},
		{`{"n":null}`, true, opt{}, ""},
		{`{"n":"7"}`, true, opt{N: 7, Has: true}, ""},
		{`{"n":"nul"}`, true, opt{Has: true}, `invalid arguments: /n: must be an integer, got string "nul"`},
		{`{"n":" "}`, true, opt{Has: true}, `invalid arguments: /n: must be an integer, got string " "`},
		{`{"n":""}`, false, opt{Has: true}, `invalid arguments: /n: must be an integer, got string`},
		{`{"n":"null"}`, false, opt{Has: true}, `invalid arguments: /n: must be an integer, got string`},
	} {
		got, err := Decode([]byte(c.args), &runtime.Settings{Lenient: c.lenient}, decodeOpt)
		if got != c.want || fmt.Sprint(err) != cmp.Or(c.err, "<nil>") {
			t.Errorf("%s (lenient %v): %+v, %v; want %+v, %s", c.args, c.lenient, got, err, c.want, cmp.Or(c.err, "<nil>"))
		}
	}
}

// TestLenientQuoted: a field with the json tag option string takes, when
// lenient, the value itself (a model sends 1001 for an ID it sees written
// "1001"); strict, it takes only the string.
func TestLenientQuoted(t *testing.T) {
	type ids struct {
		ID int64
		N  uint8
		R  float64
		B  bool
	}
	decodeIDs := func(d *Decoder, v *ids) {
		if !d.Object() {
			return
		}
		for d.Field() {
			switch string(d.Key()) {
			case "id":
				v.ID, _ = d.QuotedInt(64)
			case "n":
				v.N = uint8(first(d.QuotedUint(8)))
			case "r":
				v.R, _ = d.QuotedFloat(64)
			case "b":
				v.B, _ = d.QuotedBool()
			default:
				d.Unknown("id, n, r, b")
			}
		}
	}
	args := []byte(`{"id":1001,"n":7,"r":1.5,"b":true}`)
	got, err := Decode(args, &runtime.Settings{Lenient: true}, decodeIDs)
	if want := (ids{ID: 1001, N: 7, R: 1.5, B: true}); err != nil || got != want {
		t.Errorf("lenient: %+v, %v; want %+v", got, err, want)
	}
	got, err = Decode([]byte(`{"id":"1001","n":300}`), &runtime.Settings{Lenient: true}, decodeIDs)
	if want := `invalid arguments: /n: must be an integer from 0 to 255, got 300`; err == nil || err.Error() != want || got.ID != 1001 {
		t.Errorf("lenient: %+v, %v; want %s", got, err, want)
	}
	// In a string, as the json option says, read as the number would be.
	got, err = Decode([]byte(`{"id":"1e3","n":"2.0"}`), &runtime.Settings{Lenient: true}, decodeIDs)
	if err != nil || got.ID != 1000 || got.N != 2 {
		t.Errorf("lenient strings: %+v, %v", got, err)
	}
	if _, err := Decode(args, nil, decodeIDs); err == nil || !strings.Contains(err.Error(), "/id: must be a string holding an integer") {
		t.Errorf("strict: %v", err)
	}
}

func first[T any](v T, _ bool) T { return v }

// A quoted number that is not one is always reported, never taken as zero.
func TestQuotedRejects(t *testing.T) {
	for _, in := range []string{`"-"`, `""`, `"1.5"`, `"1e2"`, `"12x"`, `" "`, `"0x10"`, `"--1"`, `" 7"`, `"7\n"`} {
		_, err := Decode([]byte(in), nil, func(d *Decoder, v *int64) {
			if n, ok := d.QuotedInt(64); ok {
				*v = n
			}
		})
		if err == nil {
			t.Errorf("QuotedInt accepted %s", in)
		}
	}
	_, err := Decode([]byte(`"yes"`), nil, func(d *Decoder, v *bool) {
		if b, ok := d.QuotedBool(); ok {
			*v = b
		}
	})
	if err == nil {
		t.Error(`QuotedBool accepted "yes"`)
	}
}

func TestFastCount(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int
	}{
		{`1]`, 1}, {`1, 2 ,3]`, 3}, {`"a,b","c]"]`, 2}, {`[1,2],{"a":[3,4]},5]`, 3}, {`"a\"b"]`, 1}, {`"a\"b","c\\",",\""]`, 3}, {`1,2`, 0},
	} {
		if got := FastCount([]byte(c.in), 0, false); got != c.want {
			t.Errorf("FastCount(%s) = %d, want %d", c.in, got, c.want)
		}
	}
}

func TestFastKey(t *testing.T) {
	for _, c := range []struct {
		in   string
		key  string
		next int
		ok   bool
	}{
		{`"city":1`, "city", 7, true},
		{` "city" : 1`, "city", 9, true},
		{`"città":1`, "città", 9, true},
		// A key with escapes is cut at its first quote or comes back
		// with its backslashes: either way it matches no field name
		// (toolgen refuses names with a backslash or quote), and the
		// Decoder reads it.
		{`"ci\"ty":1`, `ci\`, 0, false},
		{`"ci\u0074y":1`, `ci\u0074y`, 12, true},
		{`"city"1`, "", 0, false},
		{`"city`, "", 0, false},
		{`city:1`, "", 0, false},
		{``, "", 0, false},
	} {
		key, next, ok := FastKey([]byte(c.in), 0)
		if ok != c.ok || (ok && (string(key) != c.key || next != c.next)) {
			t.Errorf("FastKey(%s) = %q, %d, %v; want %q, %d, %v", c.in, key, next, ok, c.key, c.next, c.ok)
		}
		if ok && strings.ContainsAny(string(key), `"`) {
			t.Errorf("FastKey(%s) returned a key with a quote", c.in)
		}
	}
}

// quoteAt finds the first quote at every position of the words it reads,
// with quotes after it and bytes next to a quote's in value ('!' and '#'),
// and len(data) with none.
func TestQuoteAt(t *testing.T) {
	for n := 0; n <= 20; n++ {
		for from := 0; from <= n; from++ {
			plain := []byte(strings.Repeat("!#", n)[:n])
			if got := quoteAt(plain, from); got != n {
				t.Errorf("quoteAt(%q, %d) = %d, want %d", plain, from, got, n)
			}
			for at := from; at < n; at++ {
				data := slices.Clone(plain)
				data[at] = '"'
				for j := at + 1; j < n; j += 3 {
					data[j] = '"'
				}
				if got := quoteAt(data, from); got != at {
					t.Errorf("quoteAt(%q, %d) = %d, want %d", data, from, got, at)
				}
			}
		}
	}
}

// plainRun never skips a byte that needs a closer look, finds the first
// one in a whole word, and stops short of it only in the last seven bytes.
func TestPlainRun(t *testing.T) {
	special := func(c byte) bool { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80 }
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("abcXYZ019 -_~\x7f\"\\\x00\x1f\x20\xc3\xa9\xff")
	for range 20000 {
		data := make([]byte, rng.IntN(40))
		for i := range data {
			if rng.IntN(6) == 0 {
				data[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				data[i] = byte('a' + rng.IntN(26))
			}
		}
		from := rng.IntN(len(data) + 1)
		got := plainRun(data, from)
		first := from
		for first < len(data) && !special(data[first]) {
			first++
		}
		// Words are tested from "from" on: a special byte in a whole word
		// is found exactly; otherwise plainRun stops where fewer than
		// eight bytes are left.
		want := first
		if (first-from)/8*8+from+8 > len(data) {
			want = from + (len(data)-from)/8*8
		}
		if got != want {
			t.Fatalf("plainRun(%q, %d) = %d; the first special byte is at %d", data, from, got, first)
		}
	}
}

// plainMask and textMask find each byte that needs a closer look, at each
// place of a word, after any bytes: the lowest bit they set is the first
// such byte's, whatever borrows set above it.
func TestPlainMasks(t *testing.T) {
	plain := func(c byte) bool { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80 }
	text := func(c byte) bool { return c == '"' || c == '\\' || c < 0x20 }
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		name    string
		mask    func(uint64) uint64
		special func(byte) bool
	}{{"plainMask", plainMask, plain}, {"textMask", textMask, text}} {
		for range 200000 {
			var w [8]byte
			for i := range w {
				w[i] = byte(rng.IntN(256))
			}
			first := 8
			for i, b := range w {
				if c.special(b) {
					first = i
					break
				}
			}
			m := c.mask(binary.LittleEndian.Uint64(w[:]))
			got := 8
			if m != 0 {
				got = bits.TrailingZeros64(m) >> 3
			}
			if got != first || m&^0x8080808080808080 != 0 {
				t.Fatalf("%s(% x) = %#x: first byte at %d, want %d", c.name, w, m, got, first)
			}
		}
	}
}

// textRun is plainRun for valid UTF-8: it passes over multi-byte
// characters.
func TestTextRun(t *testing.T) {
	data := []byte("héllo wörld, 日本語 \"quoted\" and more text here\n")
	for from := range data {
		got := textRun(data, from)
		first := from
		for first < len(data) && data[first] != '"' && data[first] != '\\' && data[first] >= 0x20 {
			first++
		}
		want := first
		if (first-from)/8*8+from+8 > len(data) {
			want = from + (len(data)-from)/8*8
		}
		if got != want {
			t.Fatalf("textRun(%q, %d) = %d; the first special byte is at %d", data, from, got, first)
		}
	}
}

// Rejecting arguments costs time and memory linear in their size, however
// many problems they hold and however deep: past the reported problems
// none is formatted, and a path shows at most maxPointerDepth steps, each
// key cut at maxPointerToken bytes. Here every one of 3,000 nested objects
// lacks its required name, under a key of 1,000 bytes.
func TestDecodeProblemsLinear(t *testing.T) {
	key := strings.Repeat("k", 1000)
	const depth = 3000
	args := []byte(strings.Repeat(`{"attrs":{"`+key+`":1},"inner":`, depth) + `{}` + strings.Repeat(`}`, depth))
	s := &runtime.Settings{MaxDepth: 3 * depth, MaxBytes: 1 << 30}
	var err error
	bytes := allocated(func() { _, err = Decode(args, s, decodeSample) })
	if err == nil {
		t.Fatal("accepted")
	}
	if perByte := float64(bytes) / float64(len(args)); perByte > 4 {
		t.Errorf("rejecting %d bytes allocated %d bytes, %.1f a byte", len(args), bytes, perByte)
	}
	msg := err.Error()
	if len(msg) > 4096 {
		t.Errorf("the message is %d bytes: %.300s", len(msg), msg)
	}
	for _, want := range []string{
		"/attrs/" + strings.Repeat("k", maxPointerToken) + "…: must be a string, got number",
		"; /inner/inner/…/inner/inner/inner/inner/attrs/" + strings.Repeat("k", maxPointerToken) + "…: must be a string, got number; ",
		"; and 5981 more",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("the message lacks %q: ...%s", want, msg[max(0, len(msg)-200):])
		}
	}
}

// A problem echoes at most maxEcho bytes of a value the model wrote, even
// one held in a buffer with no room past it, and keeps the program's own
// words (a method's error) whole, up to maxMethodError bytes.
func TestDecodeEchoes(t *testing.T) {
	for _, n := range []int{64, 65, 66, 67, 68, 200} {
		args := []byte(`{"name":"a","count":` + strings.Repeat("1", n) + `}`)
		args = args[:len(args):len(args)]
		_, err := Decode(args, nil, decodeSample)
		want := strings.Repeat("1", min(n, maxEcho))
		if n > maxEcho {
			want += "…"
		}
		if err == nil || !strings.HasSuffix(err.Error(), "got "+want) {
			t.Errorf("%d digits: %v", n, err)
		}
	}
	long := strings.Repeat("the program's own words ", 10)
	_, err := Decode([]byte(`{"name":"a"}`), nil, func(d *Decoder, v *sample) {
		decodeSample(d, v)
		d.methodError("", errors.New(long))
	})
	if err == nil || !strings.Contains(err.Error(), long) {
		t.Errorf("the method's error was cut: %v", err)
	}
	// An error that quotes a long value the model wrote is cut.
	huge := "bad value " + strings.Repeat("é", 5000)
	_, err = Decode([]byte(`{"name":"a"}`), nil, func(d *Decoder, v *sample) {
		decodeSample(d, v)
		d.methodError("", errors.New(huge))
	})
	if err == nil || len(err.Error()) > 400 || !strings.HasSuffix(err.Error(), "é…") {
		t.Errorf("a long method error: %d bytes, %.80q…", len(err.Error()), err)
	}
	// A tag may allow more than the type holds: the message says the
	// tighter bound.
	_, err = Decode([]byte(`150`), nil, func(d *Decoder, v *int8) { *v = IntIn[int8](d, -200, 200) })
	if err == nil || !strings.Contains(err.Error(), "must be at most 127, got 150") {
		t.Errorf("int8 in -200..200 given 150: %v", err)
	}
}

// TestKeyStringShares checks that a map's keys, read with KeyString, are
// kept with the call's other strings: decoding twelve tags allocates the
// map, the first string and one arena for the rest, not a string a key.
func TestKeyStringShares(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{`)
	for i := range 12 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"key-%02d":"value-%02d"`, i, i)
	}
	b.WriteString(`}`)
	args := []byte(b.String())
	decodeTags := func(d *Decoder, v *map[string]string) {
		if d.Object() {
			*v = make(map[string]string, 16)
			for d.Field() {
				key := d.KeyString()
				(*v)[key], _ = d.String()
			}
		}
	}
	got, err := Decode(args, nil, decodeTags)
	if err != nil || len(got) != 12 || got["key-07"] != "value-07" || got["key-00"] != "value-00" {
		t.Fatalf("got %v, %v", got, err)
	}
	// The same with keys that cost nothing: the keys read with KeyString
	// must add no allocation to those of the map and the values.
	keys := make([]string, 12)
	for i := range keys {
		keys[i] = fmt.Sprintf("key-%02d", i)
	}
	valuesOnly := func(d *Decoder, v *map[string]string) {
		if d.Object() {
			*v = make(map[string]string, 16)
			for i := 0; d.Field(); i++ {
				(*v)[keys[i]], _ = d.String()
			}
		}
	}
	want := testing.AllocsPerRun(50, func() { _, _ = Decode(args, nil, valuesOnly) })
	if allocs := testing.AllocsPerRun(50, func() { _, _ = Decode(args, nil, decodeTags) }); allocs != want {
		t.Errorf("decoding 12 keys and values: %.0f allocations, want %.0f, as many as for the values alone", allocs, want)
	}
}

// TestMembers checks the size Members guesses for a map: the members of
// the object, whatever their values hold; a bounded guess for input that
// is hostile, cut short or too long to look through.
func TestMembers(t *testing.T) {
	many := `{` + strings.Repeat(`"a":1,`, 1000) + `"a":1}`
	long := `{"a":"` + strings.Repeat("x", 4<<10) + `","b":1,"c":2}`
	for _, c := range []struct {
		in   string
		want int
	}{
		{`{}`, 0},
		{`{"a":1}`, 1},
		{`{"a":1,"b":"x,y","c":[1,2,3],"d":{"e":1,"f":2}}`, 4},
		{`{"a\",b":"\\",  "c" : "\"}" , "d":null}`, 3},
		{`{"a":1,"b":2`, 2},      // cut short
		{`{"a":[1,2,{"b":3}`, 1}, // cut short inside
		{many, maxMembersHint},   // duplicate keys cannot make a large map
		{long, 1},                // the end is past the window: a guess
		{`{"a":1,,,,}`, 5},       // malformed: a wrong guess, reported by the decoding
	} {
		d := Decoder{data: []byte(c.in), pos: 1}
		if got := d.Members(); got != c.want {
			t.Errorf("Members of %.40q = %d, want %d", c.in, got, c.want)
		}
	}
}

// TestUnknownNearest checks the message of an unknown field: the field the
// model most likely meant, when one is near (another case, _ or - left
// out, a letter or two off), and the object's fields, listed once a call.
func TestUnknownNearest(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"name":"a","Count":1}`, `invalid arguments: /Count: unknown field; did you mean "count"?; the fields are: name, count, size, ratio, on, tags, inner, attrs, any, raw, data`},
		{`{"name":"a","nmae":"b"}`, `invalid arguments: /nmae: unknown field; did you mean "name"?; the fields are: name, count, size, ratio, on, tags, inner, attrs, any, raw, data`},
		{`{"name":"a","ATT_RS":{}}`, `invalid arguments: /ATT_RS: unknown field; did you mean "attrs"?; the fields are: name, count, size, ratio, on, tags, inner, attrs, any, raw, data`},
		{`{"name":"a","zzz":1}`, `invalid arguments: /zzz: unknown field; the fields are: name, count, size, ratio, on, tags, inner, attrs, any, raw, data`},
		{`{"name":"a","o":1}`, `invalid arguments: /o: unknown field; did you mean "on"?; the fields are: name, count, size, ratio, on, tags, inner, attrs, any, raw, data`},
		// The fields are listed once, for the object and its nested one
		// of the same type alike.
		{`{"name":"a","x":1,"y":2,"inner":{"name":"b","sise":3}}`, `invalid arguments: /inner/sise: unknown field; did you mean "size"?; /x: unknown field; the fields are: name, count, size, ratio, on, tags, inner, attrs, any, raw, data; /y: unknown field`},
	} {
		_, err := Decode([]byte(c.in), nil, decodeSample)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\ngot  %v\nwant %s", c.in, err, c.want)
		}
	}
	// Naming the field meant costs little: 20 unknown keys, each
	// compared with 11 fields, take some kilobytes, not a table built
	// for each (81 KB a key, as strings.NewReplacer did).
	var many strings.Builder
	many.WriteString(`{"name":"a"`)
	for i := range 20 {
		fmt.Fprintf(&many, `,"Nam_%d":1`, i)
	}
	many.WriteString(`}`)
	var before, after goruntime.MemStats
	goruntime.ReadMemStats(&before)
	for range 10 {
		_, _ = Decode([]byte(many.String()), nil, decodeSample)
	}
	goruntime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / 10; per > 32<<10 {
		t.Errorf("rejecting 20 unknown fields allocated %d KB a call", per>>10)
	}

	// A long key is not compared, and many unknown fields cost no more
	// than their count: the message stays short.
	long := `{"name":"a","` + strings.Repeat("n", 1<<20) + `":1` + strings.Repeat(`,"name2":1`, 5000) + `}`
	_, err := Decode([]byte(long), &runtime.Settings{MaxBytes: 2 << 20}, decodeSample)
	if err == nil || len(err.Error()) > 4096 || strings.Contains(err.Error(), strings.Repeat("n", 64)+"…: unknown field; did you mean") {
		t.Errorf("hostile keys: %d bytes of message: %.300v", len(err.Error()), err)
	}
}

// TestProblemOrder checks that problems are sorted by their JSON Pointers
// step by step, array indexes by value: /tags/2 before /tags/10.
func TestProblemOrder(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"name":"a","tags":[`)
	for i := range 12 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("1")
	}
	b.WriteString(`],"count":"x"}`)
	_, err := Decode([]byte(b.String()), nil, decodeSample)
	if err == nil {
		t.Fatal("accepted")
	}
	var paths []string
	for p := range strings.SplitSeq(strings.TrimPrefix(err.Error(), "invalid arguments: "), "; ") {
		path, _, _ := strings.Cut(p, ":")
		paths = append(paths, path)
	}
	want := []string{"/count", "/tags/0", "/tags/1", "/tags/2", "/tags/3", "/tags/4", "/tags/5", "/tags/6", "/tags/7", "/tags/8", "/tags/9", "/tags/10", "/tags/11"}
	if !slices.Equal(paths, want) {
		t.Errorf("order %q\nwant  %q", paths, want)
	}
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "/a", -1}, {"/a", "/a/b", -1}, {"/a/10", "/a/9", 1}, {"/a/10/x", "/a/10/y", -1}, {"/b", "/a/1", 1}, {"/1", "/a", -1},
		// One order, whatever the steps: 9 < 10 < 1a.
		{"/m/9", "/m/10", -1}, {"/m/10", "/m/1a", -1}, {"/m/9", "/m/1a", -1}, {"/m/1a", "/m/9", 1},
	} {
		if got := comparePaths(c.a, c.b); got != c.want {
			t.Errorf("comparePaths(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestMembersBudget checks that the guesses of Members over maps nested
// in each other look at no more bytes in all than the arguments hold:
// each level's window covers the levels inside it, which would otherwise
// be read again for each of them.
func TestMembersBudget(t *testing.T) {
	var b strings.Builder
	for range 30 {
		b.WriteString(`{"k":`)
	}
	b.WriteString(`"` + strings.Repeat("v", 2000) + `"`)
	for range 30 {
		b.WriteString(`}`)
	}
	data := []byte(b.String())
	d := Decoder{data: data}
	guesses := 0
	for i, c := range data {
		if c == '{' {
			d.pos = i + 1
			if d.Members() == 1 {
				guesses++
			}
		}
	}
	if d.counted > len(data) {
		t.Errorf("Members looked at %d bytes of %d", d.counted, len(data))
	}
	if guesses == 0 {
		t.Error("no map got a guess")
	}
}

// TestArenaRetention checks that a short string a tool keeps (a map's
// key, here) holds on to little of its call's memory, however long the
// arguments' other strings: the arena it sits in is at most arenaChunk.
func TestArenaRetention(t *testing.T) {
	args := []byte(`{"name":"a","attrs":{"x":"1","y":"2"},"tags":["` + strings.Repeat("v", 512<<10) + `"]}`)
	const calls = 20
	kept := make([]map[string]string, 0, calls)
	var before, after goruntime.MemStats
	goruntime.GC()
	goruntime.ReadMemStats(&before)
	for range calls {
		got, err := Decode(args, &runtime.Settings{MaxBytes: 1 << 20}, decodeSample)
		if err != nil {
			t.Fatal(err)
		}
		kept = append(kept, got.Attrs)
	}
	goruntime.GC()
	goruntime.ReadMemStats(&after)
	if held := int64(after.HeapAlloc) - int64(before.HeapAlloc); held > calls*64<<10 {
		t.Errorf("%d kept maps of 2 keys hold %d KB", calls, held>>10)
	}
	goruntime.KeepAlive(kept)
}

// loose decodes itself from 5 or "5", and from null to zero, as many
// hand-written types do.
type loose struct{ n int }

func (l *loose) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	return json.Unmarshal([]byte(strings.Trim(string(data), `"`)), &l.n)
}

// In a lenient call, a type that states only its JSON type (type=integer)
// gets a loose form of it ("5"), handed to its method as it is; but not
// null, which is no form of a value but its absence.
func TestJSONUnmarshalerLenient(t *testing.T) {
	decode := func(d *Decoder, v *loose) {
		if d.Object() {
			for d.Field() {
				d.JSONUnmarshaler("integer", v)
			}
		}
	}
	lenient := &runtime.Settings{Lenient: true}
	if got, err := Decode([]byte(`{"n":"5"}`), lenient, decode); err != nil || got.n != 5 {
		t.Errorf(`lenient "5": %+v, %v`, got, err)
	}
	if _, err := Decode([]byte(`{"n":"5"}`), nil, decode); err == nil || err.Error() != `invalid arguments: /n: must be an integer, got the string "5": send 5, without quotes` {
		t.Errorf(`strict "5": %v`, err)
	}
	if _, err := Decode([]byte(`{"n":null}`), lenient, decode); err == nil || err.Error() != `invalid arguments: /n: must be an integer, got null` {
		t.Errorf(`lenient null: %v`, err)
	}
	if _, err := Decode([]byte(`{"n":"x"}`), lenient, decode); err == nil || err.Error() != `invalid arguments: /n: must be an integer, got string` {
		t.Errorf(`lenient "x": %v`, err)
	}
	// A number in quotes that the method refuses (big.Int's takes none):
	// what to send, as a strict call says it.
	bigInt := func(d *Decoder, v *big.Int) {
		if d.Object() {
			for d.Field() {
				d.JSONUnmarshaler("integer", v)
			}
		}
	}
	if _, err := Decode([]byte(`{"n":"12345678901234567890"}`), lenient, bigInt); err == nil || err.Error() != `invalid arguments: /n: must be an integer, got the string "12345678901234567890": send 12345678901234567890, without quotes` {
		t.Errorf(`lenient big.Int in quotes: %v`, err)
	}
}

// TestNotOneOf checks the enum message: the value that differs only in
// case is named, among values holding commas and quotes.
func TestNotOneOf(t *testing.T) {
	for s, want := range map[string]string{
		"NORTH, EAST": `invalid arguments: /d: must be one of "north, east", "say \"hi\"", "x"; got "NORTH, EAST"; did you mean "north, east"?`,
		`SAY "HI"`:    `invalid arguments: /d: must be one of "north, east", "say \"hi\"", "x"; got "SAY \"HI\""; did you mean "say \"hi\""?`,
		"y":           `invalid arguments: /d: must be one of "north, east", "say \"hi\"", "x"; got "y"`,
	} {
		decode := func(d *Decoder, v *struct{}) {
			if d.Object() {
				for d.Field() {
					if s, ok := d.StringRef(); ok {
						d.NotOneOf(s, `"north, east", "say \"hi\"", "x"`)
					}
				}
			}
		}
		args, _ := json.Marshal(map[string]string{"d": s})
		if _, err := Decode(args, nil, decode); err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", s, err, want)
		}
	}
}

// TestDuration: a time.Duration is an integer of nanoseconds; a model's
// "30s" is taken in a lenient call and otherwise refused with the number
// to send instead.
func TestDuration(t *testing.T) {
	type wait struct{ D time.Duration }
	decodeWait := func(d *Decoder, v *wait) {
		if !d.Object() {
			return
		}
		for d.Field() {
			v.D, _ = d.Duration()
		}
	}
	for _, c := range []struct {
		args    string
		lenient bool
		want    time.Duration
		err     string
	}{
		{`{"d":1500000000}`, false, 1500 * time.Millisecond, ""},
		{`{"d":"30s"}`, false, 0, `invalid arguments: /d: must be an integer, a duration in nanoseconds: send 30000000000 for "30s"`},
		{`{"d":"soon"}`, false, 0, `invalid arguments: /d: must be an integer, a duration in nanoseconds (1s is 1000000000), got string "soon"`},
		{`{"d":true}`, false, 0, `invalid arguments: /d: must be an integer, got boolean`},
		{`{"d":"1m30s"}`, true, 90 * time.Second, ""},
		{`{"d":"\u0035s"}`, true, 5 * time.Second, ""},
		{`{"d":"5"}`, true, 5, ""},
		{`{"d":"99999999999h"}`, true, 0, `invalid arguments: /d: must be an integer, a duration in nanoseconds (1s is 1000000000), got string "99999999999h"`},
	} {
		got, err := Decode([]byte(c.args), &runtime.Settings{Lenient: c.lenient}, decodeWait)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s (lenient %v): %v, want %s", c.args, c.lenient, err, c.err)
			}
			continue
		}
		if err != nil || got.D != c.want {
			t.Errorf("%s (lenient %v): %v, %v; want %v", c.args, c.lenient, got.D, err, c.want)
		}
	}
}

// A lenient call takes an integer written as a string ("5",
// "1e9", "1.0": the contract's integers are exact, 1.0 and 1e2 are
// integers), as Decoder.Int does; Decoder.Duration, which generated code
// calls for a time.Duration instead of Int, takes what Int takes (found by
// a review).
func TestDurationLenientIntegers(t *testing.T) {
	type wait struct {
		I int64
		D time.Duration
	}
	for _, s := range []string{`"5"`, `"1e9"`, `"1.0"`, `"2E3"`, `"-0"`} {
		args := `{"i":` + s + `,"d":` + s + `}`
		var gotI int64
		var gotD time.Duration
		_, errI := Decode([]byte(args), &runtime.Settings{Lenient: true}, func(d *Decoder, v *wait) {
			if !d.Object() {
				return
			}
			for d.Field() {
				if string(d.Key()) == "i" {
					gotI, _ = d.Int(64)
				} else {
					gotD, _ = d.Duration()
				}
			}
		})
		if errI != nil {
			t.Errorf("%s: %v (Int gave %d)", args, errI, gotI)
			continue
		}
		if int64(gotD) != gotI {
			t.Errorf("%s: Duration %d, Int %d", args, gotD, gotI)
		}
	}
}

// FastString takes a string literal with no escape, control character or
// invalid UTF-8, in any script, and passes on every other: checked against
// a byte-by-byte reading of random literals.
func TestFastStringScripts(t *testing.T) {
	pieces := []string{"a", "query words ", "é", "日本語", "😀", `\"`, `\n`, "\x01", "\xff", "\xe6\x97", "\x7f", "0123456789"}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 50000 {
		var b strings.Builder
		for range rng.IntN(16) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		body := b.String()
		closed := rng.IntN(8) != 0
		lit := `"` + body
		if closed {
			lit += `",`
		}
		want := closed && !strings.ContainsAny(body, "\\\x00\x01\x1f") && utf8.ValidString(body)
		for _, c := range []byte(body) {
			if c < 0x20 {
				want = false
			}
		}
		got, next, ok := FastString([]byte(lit), 0)
		if ok != want || ok && (string(got) != body || next != len(body)+2) {
			t.Fatalf("FastString(%q) = %q, %d, %v; want ok %v", lit, got, next, ok, want)
		}
	}
}

// TestAnyBudget: the objects and arrays that encoding/json makes for a
// value of any type are charged to the call's memory budget before they
// are made, and the brackets in strings, escaped quotes among them, are
// not counted.
func TestAnyBudget(t *testing.T) {
	const value = `[ "[{\"]}", {"a" : "}{", "b":[]}, {} ]`
	// The array and its three items, the object with two members, the
	// array inside it and the empty object.
	const cost = anyArray + 3*anyItem + anyObject + anyFirstMember + anyMember + anyArray + anyObject
	decode := func(d *Decoder, v *any) { *v, _ = d.Any() }
	v, err := Decode([]byte(value), &runtime.Settings{MaxMemory: cost}, decode)
	if err != nil {
		t.Fatalf("within a budget of %d bytes: %v", cost, err)
	}
	if want := []any{`[{"]}`, map[string]any{"a": "}{", "b": []any{}}, map[string]any{}}; !reflect.DeepEqual(v, want) {
		t.Errorf("got %#v", v)
	}
	if _, err := Decode([]byte(value), &runtime.Settings{MaxMemory: cost - 1}, decode); err == nil || !strings.Contains(err.Error(), "too many items") {
		t.Errorf("over a budget of %d bytes: %v", cost-1, err)
	}
}
