package toolimpl

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The Encoder writes what encoding/json writes (HTML escaping off).

func FuzzEncoderString(f *testing.F) {
	for _, s := range []string{"", "plain", "q\"b\\s", "\b\f\n\r\t\x00\x1f", "<>&", "é日😀", "\u2028\u2029", "bad\xffutf8", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(checkString)
}

// checkString fails t unless the Encoder writes s as encoding/json does.
func checkString(t *testing.T, s string) {
	var e Encoder
	e.String(s)
	want, err := marshalNoEscape(s)
	if err != nil {
		t.Fatal(err)
	}
	if string(e.buf) != string(want) {
		t.Fatalf("%q: got %s, want %s", s, e.buf, want)
	}
}

// Strings of text in several scripts, with escapes, invalid bytes, U+2028
// and U+2029 before and after the eighth multi-byte character (where
// escapedString decides how the rest is written, textAfter), each as
// encoding/json writes it.
func TestEncoderStringMixed(t *testing.T) {
	pieces := []string{"a", "plain words ", "é", "日本語", "😀", "\n", "\t\t", "\"", "\\", "\x00", "\x1f", "\u2028", "\u2029", "\xff", "\xe2\x80", "<&>", "\x7f", "0123456789abcdef"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 50000 {
		var b strings.Builder
		for range rng.IntN(24) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		checkString(t, b.String())
	}
}

func FuzzEncoderFloat(f *testing.F) {
	for _, x := range []float64{0, math.Copysign(0, -1), 1, -1.5, 1e-7, 1e-6, 123456789, 1e20, 1e21, 1.7976931348623157e308, 5e-324, 0.1, 100} {
		f.Add(x)
	}
	f.Fuzz(func(t *testing.T, x float64) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return
		}
		for _, bits := range []int{32, 64} {
			var e Encoder
			var want []byte
			var err error
			if bits == 32 {
				if f32 := float32(x); !math.IsInf(float64(f32), 0) {
					e.Float(float64(f32), 32)
					want, err = marshalNoEscape(f32)
				} else {
					continue
				}
			} else {
				e.Float(x, 64)
				want, err = marshalNoEscape(x)
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(e.buf) != string(want) {
				t.Fatalf("%v (%d bits): got %s, want %s", x, bits, e.buf, want)
			}
		}
	})
}

func TestEncoderNaN(t *testing.T) {
	var e Encoder
	e.Float(math.NaN(), 64)
	if _, err := e.Bytes(); err == nil {
		t.Error("NaN encoded without an error")
	}
}

// TestEncoderShortFloats checks the Encoder's shortcut for floats that are
// short binary fractions (n/2^k) against encoding/json, for both sizes.
func TestEncoderShortFloats(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		k := rng.IntN(12)
		n := rng.Int64N(1<<53) >> rng.IntN(53)
		if rng.IntN(2) == 0 {
			n = -n
		}
		x := float64(n) / float64(int64(1)<<k)
		for _, bits := range []int{32, 64} {
			v := x
			if bits == 32 {
				v = float64(float32(x))
			}
			var e Encoder
			e.Float(v, bits)
			var want []byte
			var err error
			if bits == 32 {
				want, err = marshalNoEscape(float32(v))
			} else {
				want, err = marshalNoEscape(v)
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(e.buf) != string(want) {
				t.Fatalf("%v (%d bits): got %s, want %s", v, bits, e.buf, want)
			}
		}
	}
}

// TestEncoderDecimals checks the Encoder's shortcut for floats nearest a
// short decimal (19.99, 0.05, 48.8566) against encoding/json: decimals of
// 1 to 17 digits with 0 to 12 after the point, and the floats next to
// them, which have no short form.
func TestEncoderDecimals(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300000 {
		digits := 1 + rng.IntN(17)
		r := rng.Int64N(int64(math.Pow10(digits)))
		x, err := strconv.ParseFloat(strconv.FormatInt(r, 10)+"e-"+strconv.Itoa(rng.IntN(13)), 64)
		if err != nil {
			t.Fatal(err)
		}
		if rng.IntN(2) == 0 {
			x = -x
		}
		for _, v := range []float64{x, math.Nextafter(x, math.Inf(1)), math.Nextafter(x, math.Inf(-1))} {
			var e Encoder
			e.Float(v, 64)
			want, err := marshalNoEscape(v)
			if err != nil {
				t.Fatal(err)
			}
			if string(e.buf) != string(want) {
				t.Fatalf("%v: got %s, want %s", v, e.buf, want)
			}
		}
	}
}

// The Encoder passes over plain ASCII eight bytes at a time: a character
// to escape at each position of the words around it is written as
// encoding/json writes it.
func TestEncoderStringPositions(t *testing.T) {
	for _, special := range []string{`"`, `\`, "\n", "\x01", "\x7f", "é", "日", "😀", "\u2028", "\xff", "<"} {
		for n := 0; n <= 20; n++ {
			for at := 0; at <= n; at++ {
				s := strings.Repeat("a", at) + special + strings.Repeat("b", n-at)
				checkString(t, s)
				checkString(t, s+special+s)
			}
		}
	}
}

// BenchmarkEncoderFloat writes the numbers of real results: measures and
// prices that are short binary fractions (the Encoder's shortcut), a whole
// number, and a decimal that only strconv can write.
func BenchmarkEncoderFloat(b *testing.B) {
	for _, c := range []struct {
		name string
		f    float64
	}{
		{"measure", 21.5},
		{"quarter", 12.25},
		{"whole", 1042},
		{"price", 19.99},
	} {
		b.Run(c.name, func(b *testing.B) {
			var e Encoder
			b.ReportAllocs()
			for b.Loop() {
				e.buf = e.buf[:0]
				e.Float(c.f, 64)
			}
		})
	}
}

func BenchmarkEncoderString(b *testing.B) {
	line := strings.Repeat("the quick brown fox jumps over the lazy dog ", 2) + "\n"
	for _, c := range []struct{ name, s string }{
		{"word", "sunny"},
		{"text-4KB", strings.Repeat(line, 4096/len(line))},
		{"cjk", strings.Repeat("日本語のテキスト", 32)},
		// Go source, as a read_file tool returns it: a tab or a newline
		// every few bytes, and quotes.
		{"source-4KB", strings.Repeat("func (e *Encoder) Byte(c byte) {\n\tif len(e.buf) > 0 {\n\t\te.buf = append(e.buf, c) // \"x\"\n\t}\n}\n", 4096/76)},
	} {
		b.Run(c.name, func(b *testing.B) {
			var e Encoder
			b.SetBytes(int64(len(c.s)))
			b.ReportAllocs()
			for b.Loop() {
				e.buf = e.buf[:0]
				e.String(c.s)
			}
		})
	}
}

// TestEncoderValueFastPaths checks the values Value writes itself (times,
// and what an any holds after decoding JSON) against encoding/json.
func TestEncoderValueFastPaths(t *testing.T) {
	paris := time.FixedZone("CEST", 2*60*60)
	far := time.FixedZone("far", 25*60*60)
	when := time.Date(2025, 6, 2, 14, 30, 5, 120000000, paris)
	values := []any{
		nil, "a \"quoted\" <b> & \u2028 \x01 line", true, false, 0.1, 48.8566, math.Copysign(0, -1), 1e21, 1e-7, 42, -7,
		when, when.UTC(), time.Time{}, &when, (*time.Time)(nil),
		time.Date(2025, 1, 1, 0, 0, 0, 1, time.UTC), when.In(time.Local),
		[]any{1.5, "x", nil, []any{}, map[string]any{}},
		map[string]any{"b": 1.0, "a": []any{true, "é"}, "": nil, "c": map[string]any{"z": "<>"}},
		[]any(nil), map[string]any(nil),
	}
	for _, v := range values {
		want, err := marshalNoEscape(v)
		if err != nil {
			t.Fatal(err)
		}
		var e Encoder
		e.Value(v)
		got, err := e.Bytes()
		if err != nil || string(got) != string(want) {
			t.Errorf("Value(%#v) = %s, %v; encoding/json writes %s", v, got, err, want)
		}
	}
	// Times time.Time's MarshalJSON refuses fail here too.
	for _, v := range []any{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC), when.In(far)} {
		var e Encoder
		e.Value(v)
		if _, err := e.Bytes(); err == nil {
			t.Errorf("Value(%v): no error", v)
		}
	}
}

// rawMessages are json.RawMessage values for TestEncoderJSON and
// FuzzEncoderJSON: white space in and out of strings, escapes, invalid JSON.
var rawMessages = []string{
	`{"a": [1, 2 ,3], "b" : {"c":"d e"}}`, " \t\n\r null \n", `"a \" b\\" `, `[ "\\", " ", "\u0022 x" ]`,
	`<b>&amp;</b>`, `"<b> & \u2028"`, "\"\xff\xfe\"", `{"a":1,}`, `{"a" 1}`, ``, ` `, `1e400`, `-0.0`, `[[[[]]]]`, `{"a":"\u00e9"}`, "\"\u2028\"",
}

// TestEncoderJSON checks JSON, which generated encoders call for a
// json.RawMessage, against encoding/json, and that it allocates nothing.
func TestEncoderJSON(t *testing.T) {
	cases := []json.RawMessage{nil}
	for _, m := range rawMessages {
		cases = append(cases, json.RawMessage(m))
	}
	for _, m := range cases {
		checkEncoderJSON(t, m)
	}
	m := json.RawMessage(`{"id": "A-1042", "items": [1, 2, 3]}`)
	e := Encoder{buf: make([]byte, 0, 64)}
	if n := testing.AllocsPerRun(100, func() { e.buf = e.buf[:0]; e.JSON(m) }); n != 0 {
		t.Errorf("JSON allocates %v times", n)
	}
}

func checkEncoderJSON(t *testing.T, m json.RawMessage) {
	t.Helper()
	want, wantErr := marshalNoEscape(m)
	var e Encoder
	e.JSON(m)
	got, err := e.Bytes()
	if (err != nil) != (wantErr != nil) || err == nil && string(got) != string(want) {
		t.Errorf("JSON(%q) = %q, %v; encoding/json writes %q, %v", m, got, err, want, wantErr)
	}
}

func FuzzEncoderJSON(f *testing.F) {
	for _, m := range rawMessages {
		f.Add([]byte(m))
	}
	f.Fuzz(func(t *testing.T, m []byte) { checkEncoderJSON(t, m) })
}

// textID writes itself as text from a buffer of its own, so that
// writing it allocates nothing.
type textID [4]byte

var errNoID = errors.New("no id")

func (id textID) MarshalText() ([]byte, error) {
	if id == (textID{}) {
		return nil, errNoID
	}
	return []byte{'i', 'd', '-', id[0], '"', id[1], id[2], id[3]}[:8:8], nil
}

// spanJSON writes itself as JSON with white space, or not JSON at all.
type spanJSON [2]int

func (s spanJSON) MarshalJSON() ([]byte, error) {
	if s[0] < 0 {
		return []byte(`{"from": `), nil
	}
	return fmt.Appendf(nil, "{ \"from\" : %d ,\n\"to\": %d }", s[0], s[1]), nil
}

// TestEncoderMarshalers checks Text and Marshaled, which generated encoders
// call for types with MarshalText or MarshalJSON, against encoding/json,
// errors included, and that neither boxes the value.
func TestEncoderMarshalers(t *testing.T) {
	check := func(write func(*Encoder), v any) {
		t.Helper()
		want, wantErr := marshalNoEscape(v)
		var e Encoder
		write(&e)
		got, err := e.Bytes()
		if (err != nil) != (wantErr != nil) || err == nil && string(got) != string(want) {
			t.Errorf("%v: got %s, %v; encoding/json writes %s, %v", v, got, err, want, wantErr)
		}
	}
	for _, id := range []textID{{'a', '<', '\xff', 'z'}, {}} {
		check(func(e *Encoder) { Text(e, id) }, id)
	}
	for _, s := range []spanJSON{{1, 2}, {-1, 0}} {
		check(func(e *Encoder) { Marshaled(e, s) }, s)
	}
	id := textID{'a', 'b', 'c', 'd'}
	e := Encoder{buf: make([]byte, 0, 64)}
	if n := testing.AllocsPerRun(100, func() { e.buf = e.buf[:0]; Text(&e, id) }); n != 1 {
		t.Errorf("Text allocates %v times; want 1, MarshalText's own", n)
	}
}

// TestEncoderTime checks Time, which generated encoders call for a
// time.Time, against encoding/json, and that it allocates nothing: a time
// boxed for Value cost an allocation each.
func TestEncoderTime(t *testing.T) {
	paris := time.FixedZone("CEST", 2*60*60)
	when := time.Date(2025, 6, 2, 14, 30, 5, 120000000, paris)
	for _, v := range []time.Time{when, when.UTC(), {}, time.Date(2025, 1, 1, 0, 0, 0, 1, time.UTC), when.In(time.Local), time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.FixedZone("", -(23*60*60+59*60)))} {
		want, err := marshalNoEscape(v)
		if err != nil {
			t.Fatal(err)
		}
		var e Encoder
		e.Time(v)
		if got, err := e.Bytes(); err != nil || string(got) != string(want) {
			t.Errorf("Time(%v) = %s, %v; encoding/json writes %s", v, got, err, want)
		}
	}
	for _, v := range []time.Time{time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC), when.In(time.FixedZone("far", 24*60*60))} {
		var e Encoder
		e.Time(v)
		if _, err := e.Bytes(); err == nil {
			t.Errorf("Time(%v): no error", v)
		}
	}
	e := Encoder{buf: make([]byte, 0, 64)}
	if n := testing.AllocsPerRun(100, func() { e.buf = e.buf[:0]; e.Time(when) }); n != 0 {
		t.Errorf("Time allocates %v times", n)
	}
}

// benchDay is a day of a forecast, as a tool's result holds it.
type benchDay struct {
	Date      string
	High, Low float64
	Summary   string
}

// encodeBenchDays writes days as a generated encoder writes a result
// struct holding a slice of structs.
func encodeBenchDays(e *Encoder, city string, days []benchDay) {
	e.Raw(`{"city":`)
	e.String(city)
	e.Raw(`,"days":`)
	e.Byte('[')
	for i := range days {
		if i > 0 {
			e.Byte(',')
		}
		d := &days[i]
		e.Raw(`{"date":`)
		e.String(d.Date)
		e.Raw(`,"high":`)
		e.Float(d.High, 64)
		e.Raw(`,"low":`)
		e.Float(d.Low, 64)
		e.Raw(`,"summary":`)
		e.String(d.Summary)
		e.Byte('}')
	}
	e.Byte(']')
	e.Byte('}')
}

// BenchmarkEncoderRecord writes a struct holding seven day structs (the
// result of bench/tools' week tool) through a pooled Encoder, as fill does.
func BenchmarkEncoderRecord(b *testing.B) {
	days := make([]benchDay, 7)
	for i := range days {
		days[i] = benchDay{Date: "2025-06-0" + strconv.Itoa(i+2), High: 21.5 + float64(i), Low: 12.25 + float64(i), Summary: "light rain"}
	}
	b.ReportAllocs()
	for b.Loop() {
		e := getEncoder()
		encodeBenchDays(e, "Paris", days)
		putEncoder(e)
	}
}

// sortKeys orders keys as slices.Sort does, on keys that share long
// prefixes, hold zero bytes or are short.
func TestSortKeys(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"", "\x00", "a", "b", "ab", "abcdefgh", "abcdefgh\x00", "abcdefghi", "\xff", "é"}
	for n := range 40 {
		for range 200 {
			keys := make([]string, n)
			for i := range keys {
				for range rnd.IntN(4) {
					keys[i] += alphabet[rnd.IntN(len(alphabet))]
				}
			}
			want := slices.Clone(keys)
			slices.Sort(want)
			sortKeys(keys)
			if !slices.Equal(keys, want) {
				t.Fatalf("sortKeys: %q, want %q", keys, want)
			}
		}
	}
}

func BenchmarkSortKeys(b *testing.B) {
	keys := []string{"team", "env", "cost-center", "owner", "app", "tier", "region", "backup", "compliance", "project", "version", "managed-by"}
	work := make([]string, len(keys))
	b.Run("sortKeys", func(b *testing.B) {
		for b.Loop() {
			copy(work, keys)
			sortKeys(work)
		}
	})
	b.Run("slices.Sort", func(b *testing.B) {
		for b.Loop() {
			copy(work, keys)
			slices.Sort(work)
		}
	})
}

// TestEncoderIntegers checks Int and Uint, which write their digits in
// place, against strconv: around every power of ten, the extremes and
// random values.
func TestEncoderIntegers(t *testing.T) {
	check := func(u uint64) {
		var e Encoder
		e.Uint(u)
		if want := strconv.FormatUint(u, 10); string(e.buf) != want {
			t.Fatalf("Uint(%d): got %s", u, e.buf)
		}
		if got := decimalDigits(u); got != len(strconv.FormatUint(u, 10)) {
			t.Fatalf("decimalDigits(%d) = %d", u, got)
		}
		for _, n := range []int64{int64(u), -int64(u)} {
			e := Encoder{buf: []byte("x")}
			e.Int(n)
			if want := "x" + strconv.FormatInt(n, 10); string(e.buf) != want {
				t.Fatalf("Int(%d): got %s", n, e.buf)
			}
		}
	}
	for _, u := range []uint64{0, 1, 9, math.MaxUint64, math.MaxInt64, 1 << 63, math.MaxUint64 - 1} {
		check(u)
	}
	for p := uint64(1); p <= 1e19; p *= 10 {
		check(p - 1)
		check(p)
		check(p + 1)
		if p == 1e19 {
			break
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100000 {
		check(rng.Uint64() >> rng.IntN(64))
	}
}
