package toolimpl

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// decodeNumber reads text, a JSON number, with read and returns the value
// and the message of the problem read records ("" if none).
func decodeNumber[T any](text string, read func(d *Decoder) (T, bool)) (T, string) {
	v, err := Decode([]byte(text), nil, func(d *Decoder, v *T) {
		if x, ok := read(d); ok {
			*v = x
		}
	})
	if err != nil {
		var ae *ArgumentError
		if !errors.As(err, &ae) || len(ae.Problems) != 1 {
			return v, "unexpected error: " + err.Error()
		}
		return v, ae.Problems[0].Message
	}
	return v, ""
}

func readInt(text string, bits int) (int64, string) {
	return decodeNumber(text, func(d *Decoder) (int64, bool) { return d.Int(bits) })
}

func readUint(text string, bits int) (uint64, string) {
	return decodeNumber(text, func(d *Decoder) (uint64, bool) { return d.Uint(bits) })
}

func notIntegerMsg(text string) string { return "must be an integer, got " + echo(text) }

func rangeMsg(signed bool, bits int, text string) string {
	if signed {
		return fmt.Sprintf("must be an integer from %d to %d, got %s", int64(math.MinInt64)>>(64-bits), int64(math.MaxInt64)>>(64-bits), echo(text))
	}
	return fmt.Sprintf("must be an integer from 0 to %d, got %s", uint64(math.MaxUint64)>>(64-bits), echo(text))
}

// reference says what text is, by math/big: an integer if the rational
// number it denotes is one, in range if that fits in the type.
func reference(text string, signed bool, bits int) (val *big.Int, isInt, inRange bool) {
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		panic("big.Rat cannot read " + text)
	}
	if !r.IsInt() {
		return nil, false, false
	}
	n := r.Num()
	var lo, hi big.Int
	if signed {
		lo.Lsh(big.NewInt(-1), uint(bits-1))
		hi.Lsh(big.NewInt(1), uint(bits-1))
	} else {
		hi.Lsh(big.NewInt(1), uint(bits))
	}
	return n, true, n.Cmp(&lo) >= 0 && n.Cmp(&hi) < 0
}

// checkAgainst checks Int and Uint of every size on text against the
// expectation: the value if it is an integer in range, else the problem.
func checkAgainst(t *testing.T, text string, val *big.Int, isInt bool, fits func(signed bool, bits int) bool) {
	t.Helper()
	for _, bits := range []int{8, 16, 32, 64} {
		for _, signed := range []bool{true, false} {
			var got big.Int
			var msg string
			if signed {
				n, m := readInt(text, bits)
				got.SetInt64(n)
				msg = m
			} else {
				n, m := readUint(text, bits)
				got.SetUint64(n)
				msg = m
			}
			name := fmt.Sprintf("Int(%d)", bits)
			if !signed {
				name = fmt.Sprintf("Uint(%d)", bits)
			}
			switch {
			case !isInt:
				if want := notIntegerMsg(text); msg != want {
					t.Errorf("%s %s: got %s (%q), want %q", name, text, got.String(), msg, want)
				}
			case !fits(signed, bits):
				if want := rangeMsg(signed, bits, text); msg != want {
					t.Errorf("%s %s: got %s (%q), want %q", name, text, got.String(), msg, want)
				}
			default:
				if msg != "" || got.Cmp(val) != 0 {
					t.Errorf("%s %s: got %s (%q), want %s", name, text, got.String(), msg, val)
				}
			}
		}
	}
}

// checkText checks text against the math/big reference.
func checkText(t *testing.T, text string) {
	t.Helper()
	val, isInt, _ := reference(text, true, 64)
	checkAgainst(t, text, val, isInt, func(signed bool, bits int) bool {
		_, _, in := reference(text, signed, bits)
		return in
	})
}

func TestExactIntTable(t *testing.T) {
	// Each text is an integer with the value v (a decimal string), or not
	// an integer ("frac"), or a huge integer in no range ("huge").
	for _, c := range []struct{ text, v string }{
		// the measured cases
		{"9007199254740993.0", "9007199254740993"},
		{"9223372036854775807.0", "9223372036854775807"},
		{"1e-400", "frac"},
		{"12345678901234567.5", "frac"},
		{"1.0000000000000000001", "frac"},
		// plain
		{"0", "0"}, {"-0", "0"}, {"7", "7"}, {"-7", "-7"}, {"42", "42"},
		{"127", "127"}, {"128", "128"}, {"-128", "-128"}, {"-129", "-129"}, {"255", "255"}, {"256", "256"},
		{"32767", "32767"}, {"-32768", "-32768"}, {"65535", "65535"}, {"65536", "65536"},
		{"2147483647", "2147483647"}, {"-2147483648", "-2147483648"}, {"4294967295", "4294967295"}, {"4294967296", "4294967296"},
		{"9223372036854775807", "9223372036854775807"},
		{"-9223372036854775808", "-9223372036854775808"},
		{"9223372036854775808", "9223372036854775808"},
		{"-9223372036854775809", "-9223372036854775809"},
		{"18446744073709551615", "18446744073709551615"},
		{"18446744073709551616", "18446744073709551616"},
		{"-18446744073709551615", "-18446744073709551615"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		// zero fractions and exponents
		{"3.0", "3"}, {"-3.0", "-3"}, {"1e2", "100"}, {"1E2", "100"}, {"1E+2", "100"}, {"1e+0", "1"}, {"1e-0", "1"}, {"1e0", "1"},
		{"4.2e1", "42"}, {"100e-2", "1"}, {"1000e-3", "1"}, {"120e-1", "12"}, {"0.5e1", "5"}, {"0.05e2", "5"}, {"0.000e+10", "0"},
		{"-0.0", "0"}, {"-0e5", "0"}, {"-0.000e-7", "0"}, {"0.0e-5", "0"}, {"0e999999999", "0"}, {"-0e999999999999999999999999", "0"},
		{"1.5", "frac"}, {"-1.5", "frac"}, {"0.1", "frac"}, {"-0.1", "frac"}, {"1e-1", "frac"}, {"15e-1", "frac"}, {"101e-2", "frac"},
		{"0.00000000000000000000000000001", "frac"}, {"1e-20", "frac"}, {"-1e-400", "frac"},
		{"12345678901234567.5", "frac"}, {"1234567890123456789012345.5", "frac"}, {"9223372036854775807.5", "frac"},
		{"1.8446744073709551615e19", "18446744073709551615"},
		{"1.8446744073709551616e19", "18446744073709551616"},
		{"1.84467440737095516150e19", "18446744073709551615"},
		{"1.84467440737095516151e19", "frac"},
		{"18446744073709551615.0e0", "18446744073709551615"},
		{"18446744073709551615.000", "18446744073709551615"},
		{"-9223372036854775808.000", "-9223372036854775808"},
		{"-92233720368547758.08e2", "-9223372036854775808"},
		{"-92233720368547758.09e2", "-9223372036854775809"},
		{"9.223372036854775807e18", "9223372036854775807"},
		{"9.223372036854775808e18", "9223372036854775808"},
		{"92233720368547758070e-1", "9223372036854775807"},
		{"922337203685477580700000000000000000000e-20", "9223372036854775807"},
		{"0.0000000000000000000009223372036854775807e40", "9223372036854775807"},
		{"1e18", "1000000000000000000"}, {"1e19", "10000000000000000000"}, {"1e20", "100000000000000000000"},
		{"1e100", "huge"}, {"-1e100", "huge"}, {"1e400", "huge"}, {"1e999999999999", "huge"}, {"-1e999999999999", "huge"},
		{"1.5e999999999999", "huge"},
		{"1e-999999999999", "frac"}, {"1.5e-999999999999", "frac"},
		// exponents with many digits
		{"1e" + strings.Repeat("0", 5000) + "2", "100"},
		{"1e+" + strings.Repeat("0", 5000), "1"},
		{"1e-" + strings.Repeat("0", 5000) + "1", "frac"},
		{"1e" + strings.Repeat("9", 5000), "huge"},
		{"-1e-" + strings.Repeat("9", 5000), "frac"},
		{"0e" + strings.Repeat("9", 5000), "0"},
		{"0.0e-" + strings.Repeat("9", 5000), "0"},
		{"1" + strings.Repeat("0", 3000) + "e-3000", "1"},
		{"0." + strings.Repeat("0", 3000) + "1e3001", "1"},
		{"0." + strings.Repeat("0", 3000) + "1e3000", "frac"},
	} {
		switch c.v {
		case "huge":
			checkAgainst(t, c.text, nil, true, func(bool, int) bool { return false })
		case "frac":
			checkAgainst(t, c.text, nil, false, nil)
		default:
			v, ok := new(big.Int).SetString(c.v, 10)
			if !ok {
				t.Fatalf("bad case %q", c.v)
			}
			checkAgainst(t, c.text, v, true, func(signed bool, bits int) bool {
				if signed {
					return v.Cmp(new(big.Int).Lsh(big.NewInt(-1), uint(bits-1))) >= 0 && v.Cmp(new(big.Int).Lsh(big.NewInt(1), uint(bits-1))) < 0
				}
				return v.Sign() >= 0 && v.Cmp(new(big.Int).Lsh(big.NewInt(1), uint(bits))) < 0
			})
			if m := jsonNumber.FindStringSubmatch(c.text); len(c.text) < 200 && len(m[3]) < 6 {
				checkText(t, c.text) // and the reference agrees with the table
			}
		}
	}
}

// spellings returns equivalent JSON spellings of the integer v.
func spellings(r *rand.Rand, v *big.Int) []string {
	s := v.String()
	sign, d := "", s
	if v.Sign() < 0 {
		sign, d = "-", s[1:]
	}
	zeros := strings.Repeat("0", 1+r.IntN(5))
	out := []string{s, s + "." + zeros}
	if len(d) > 1 {
		// d.ddd e+k, the point anywhere
		k := 1 + r.IntN(len(d)-1)
		out = append(out, sign+d[:len(d)-k]+"."+d[len(d)-k:]+"e+"+strconv.Itoa(k))
		out = append(out, sign+d[:1]+"."+d[1:]+"E"+strconv.Itoa(len(d)-1))
	}
	// trailing zeros moved into the exponent
	if t := strings.TrimRight(d, "0"); t != d && t != "" {
		m := 1 + r.IntN(len(d)-len(t))
		out = append(out, sign+d[:len(d)-m]+"e"+strconv.Itoa(m))
		out = append(out, sign+d[:len(d)-m]+"."+zeros+"e"+strconv.Itoa(m))
	}
	if v.Sign() != 0 {
		// 0.000ddd e+k, and ddd000 e-k
		z := r.IntN(4)
		out = append(out, sign+"0."+strings.Repeat("0", z)+d+"e"+strconv.Itoa(z+len(d)))
		out = append(out, sign+d+zeros+"e-"+strconv.Itoa(len(zeros)))
	}
	return out
}

// randomInteger returns an integer of a random size, often near a bound.
func randomInteger(r *rand.Rand) *big.Int {
	v := new(big.Int)
	switch r.IntN(4) {
	case 0: // near a power of two that bounds a type
		b := []uint{7, 8, 15, 16, 31, 32, 53, 63, 64}[r.IntN(9)]
		v.Lsh(big.NewInt(1), b)
		v.Add(v, big.NewInt(int64(r.IntN(5)-2)))
	case 1: // any size up to 70 bits
		v.SetUint64(r.Uint64() >> r.IntN(64))
		if r.IntN(8) == 0 {
			v.Lsh(v, uint(r.IntN(7)))
		}
	case 2: // a power of ten times a small number
		v.Exp(big.NewInt(10), big.NewInt(int64(r.IntN(22))), nil)
		v.Mul(v, big.NewInt(int64(1+r.IntN(20))))
	default: // a few digits
		v.SetInt64(int64(r.IntN(1000)))
	}
	if r.IntN(2) == 0 {
		v.Neg(v)
	}
	return v
}

// randomNonInteger returns the spelling of a number with a non-zero digit
// after the point, at any magnitude.
func randomNonInteger(r *rand.Rand) string {
	n := 1 + r.IntN(30)
	digits := make([]byte, n)
	for i := range digits {
		digits[i] = byte('0' + r.IntN(10))
	}
	digits[0] = byte('1' + r.IntN(9))
	digits[n-1] = byte('1' + r.IntN(9))
	p := 1 + r.IntN(n) // digits before the point
	// The exponent leaves the last digit after the point: p+e < n.
	e := n - p - 1 - r.IntN(40)
	s := string(digits[:p])
	if p < n {
		s += "." + string(digits[p:]) + strings.Repeat("0", r.IntN(3))
	}
	if e != 0 || r.IntN(2) == 0 {
		s += "e" + strconv.Itoa(e)
	}
	if r.IntN(2) == 0 {
		s = "-" + s
	}
	return s
}

func TestExactIntProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		v := randomInteger(r)
		for _, s := range spellings(r, v) {
			val, isInt, _ := reference(s, true, 64)
			if !isInt || val.Cmp(v) != 0 {
				t.Fatalf("bad spelling %s of %s", s, v)
			}
			checkText(t, s)
			// and exactly v, when it fits
			if v.IsInt64() {
				if got, msg := readInt(s, 64); msg != "" || got != v.Int64() {
					t.Fatalf("Int(64) %s: got %d (%q), want %s", s, got, msg, v)
				}
			}
			if v.IsUint64() {
				if got, msg := readUint(s, 64); msg != "" || got != v.Uint64() {
					t.Fatalf("Uint(64) %s: got %d (%q), want %s", s, got, msg, v)
				}
			}
		}
		s := randomNonInteger(r)
		if _, isInt, _ := reference(s, true, 64); isInt {
			t.Fatalf("bad non-integer %s", s)
		}
		checkText(t, s)
	}
}

var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?(?:[eE]([+-]?[0-9]+))?$`)

func FuzzExactInt(f *testing.F) {
	for _, s := range []string{
		"0", "-0", "3.0", "1e2", "1E+2", "1e+0", "-0.0", "0.000e+10", "100e-2", "1e-400", "1e400",
		"9007199254740993.0", "9223372036854775807.0", "-9223372036854775808.000", "-92233720368547758.08e2",
		"12345678901234567.5", "1.0000000000000000001", "18446744073709551615.0e0", "1.8446744073709551615e19",
		"1e999999999999", "0e999999999", "-1e-99999", "123456789012345678901234567890e-10",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m := jsonNumber.FindStringSubmatch(text)
		if m == nil {
			return
		}
		// The exponent, saturated.
		exp, expDigits := 0, strings.TrimLeft(strings.TrimLeft(m[3], "+-"), "0")
		if len(expDigits) > 9 {
			exp = math.MaxInt32
		} else if expDigits != "" {
			exp, _ = strconv.Atoi(expDigits)
		}
		neg := strings.HasPrefix(m[3], "-")
		var val *big.Int
		var isInt bool
		var fits func(signed bool, bits int) bool
		if exp < 10000 {
			val, isInt, _ = reference(text, true, 64)
			fits = func(signed bool, bits int) bool {
				_, _, in := reference(text, signed, bits)
				return in
			}
		} else if exp > len(text)+20 {
			// The point moves past every digit: zero if they all are,
			// otherwise far out of range or not an integer.
			mantissa := strings.Trim(strings.SplitN(strings.ToLower(text), "e", 2)[0], "-.0")
			switch {
			case mantissa == "":
				val, isInt = new(big.Int), true
				fits = func(bool, int) bool { return true }
			case neg:
				isInt = false
			default:
				isInt = true
				fits = func(bool, int) bool { return false }
			}
		} else {
			return // too long for either
		}
		checkAgainst(t, text, val, isInt, fits)
		// The helper says the same as the decoder.
		if got := isInteger([]byte(text)); got != isInt {
			t.Errorf("isInteger(%s) = %v, want %v", text, got, isInt)
		}
	})
}

func TestExactIntAllocs(t *testing.T) {
	for _, text := range []string{"3.0", "1e2", "9007199254740993.0", "-92233720368547758.08e2", "42", "-0.0e-7"} {
		data := []byte(text)
		var d Decoder
		allocs := testing.AllocsPerRun(100, func() {
			d.data, d.pos = data, 0
			if _, ok := d.Int(64); !ok {
				t.Fatalf("Int(64) %s refused", text)
			}
		})
		if allocs != 0 {
			t.Errorf("Int(64) %s: %v allocations", text, allocs)
		}
	}
	// Refused numbers allocate only for their message.
	for _, text := range []string{"1e999999999", "1e-400", "0.5", "1e20"} {
		data := []byte(text)
		if allocs := testing.AllocsPerRun(100, func() { parseInteger(data) }); allocs != 0 {
			t.Errorf("parseInteger %s: %v allocations", text, allocs)
		}
	}
}

// Text with a huge exponent or many digits takes time in proportion to
// its length: an exponent of a million digits is read at once.
func TestExactIntHuge(t *testing.T) {
	for _, text := range []string{
		"1e" + strings.Repeat("9", 1<<20),
		"1e-" + strings.Repeat("9", 1<<20),
		"0e" + strings.Repeat("9", 1<<20),
		"1" + strings.Repeat("0", 1<<20) + "e-" + strconv.Itoa(1<<20),
		"1." + strings.Repeat("0", 1<<20) + "e" + strconv.Itoa(1<<20),
	} {
		if allocs := testing.AllocsPerRun(2, func() { parseInteger([]byte(text)) }); allocs != 0 {
			t.Errorf("%.20s...: %v allocations", text, allocs)
		}
	}
	if _, _, st := parseInteger([]byte("1e" + strings.Repeat("9", 1<<20))); st != numTooBig {
		t.Errorf("1e999...: %v", st)
	}
	if _, _, st := parseInteger([]byte("1e-" + strings.Repeat("9", 1<<20))); st != numNotInteger {
		t.Errorf("1e-999...: %v", st)
	}
	if _, n, st := parseInteger([]byte("1" + strings.Repeat("0", 1<<20) + "e-" + strconv.Itoa(1<<20))); st != numInteger || n != 1 {
		t.Errorf("1000...e-%d: %d, %v", 1<<20, n, st)
	}
	if _, n, st := parseInteger([]byte("1." + strings.Repeat("0", 1<<20) + "e" + strconv.Itoa(1<<20))); st != numTooBig {
		t.Errorf("1.000...e%d: %d, %v", 1<<20, n, st)
	}
}

// A number with a fraction or an exponent is checked as exactly for
// JSONUnmarshaler's and OfTypes' "integer" as by Int.
func TestExactIntTypes(t *testing.T) {
	for _, c := range []struct {
		text    string
		integer bool
	}{
		{"3", true}, {"3.0", true}, {"1e2", true}, {"9007199254740993.0", true}, {"1e400", true}, {"-0.0", true},
		{"1e-400", false}, {"12345678901234567.5", false}, {"1.0000000000000000001", false}, {"0.5", false},
	} {
		_, err := Decode([]byte(c.text), nil, func(d *Decoder, v *json.RawMessage) {
			d.JSONUnmarshaler("integer", v)
		})
		if (err == nil) != c.integer {
			t.Errorf("JSONUnmarshaler integer %s: %v", c.text, err)
		}
		_, err = Decode([]byte(c.text), nil, func(d *Decoder, v *json.RawMessage) {
			if d.OfTypes(true, "integer", "string") {
				d.Skip()
			}
		})
		if (err == nil) != c.integer {
			t.Errorf("OfTypes integer %s: %v", c.text, err)
		}
	}
}

// Float reads numbers exactly as encoding/json does: rounded to the
// nearest float of the bits, an underflow to zero taken, an overflow
// refused.
func TestFloatLikeEncodingJSON(t *testing.T) {
	for _, text := range []string{
		"0", "-0", "-0.0", "1", "-1", "1.5", "0.1", "3.0", "1e2", "4.2e1", "1E+2", "1e-400", "-1e-400", "1e400", "-1e400",
		"1e308", "1e309", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308",
		"4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "5e-325",
		"3.4028234663852886e38", "3.4028235677973366e38", "3.5e38", "1e39", "1.4e-45", "7e-46", "1e-50",
		"9007199254740993", "9007199254740993.0", "12345678901234567.5", "9223372036854775807", "18446744073709551615",
		"123456789012345678901234567890", "0.1e" + strings.Repeat("0", 400) + "1", "1e" + strings.Repeat("9", 100),
		"1e-" + strings.Repeat("9", 100), "0e" + strings.Repeat("9", 100), "16777217", "1.00000005960464477539062500001",
	} {
		for _, bits := range []int{32, 64} {
			got, msg := decodeNumber(text, func(d *Decoder) (float64, bool) { return d.Float(bits) })
			var want float64
			var err error
			if bits == 32 {
				var f float32
				err = json.Unmarshal([]byte(text), &f)
				want = float64(f)
			} else {
				err = json.Unmarshal([]byte(text), &want)
			}
			if (msg == "") != (err == nil) {
				t.Errorf("Float(%d) %.40s: got %v (%q), encoding/json says %v", bits, text, got, msg, err)
				continue
			}
			if err != nil {
				if wantMsg := fmt.Sprintf("must be a number that fits in %d-bit floating point, got %s", bits, echo(text)); msg != wantMsg {
					t.Errorf("Float(%d) %.40s: %q", bits, text, msg)
				}
				continue
			}
			if math.Float64bits(got) != math.Float64bits(want) {
				t.Errorf("Float(%d) %.40s: got %v, encoding/json %v", bits, text, got, want)
			}
		}
	}
}

// BenchmarkIntExact reads one integer with Int(64), written plainly and
// with a zero fraction or an exponent.
func BenchmarkIntExact(b *testing.B) {
	for _, text := range []string{"42", "42.0", "4.2e1"} {
		b.Run(text, func(b *testing.B) {
			data := []byte(text)
			var d Decoder
			b.ReportAllocs()
			for b.Loop() {
				d.data, d.pos = data, 0
				if n, ok := d.Int(64); !ok || n != 42 {
					b.Fatalf("%s: got %d, %v", text, n, ok)
				}
			}
		})
	}
}

func TestPlainInteger(t *testing.T) {
	for in, want := range map[string]string{
		"7": "7", "-12": "-12", "1e3": "1000", "1E+3": "1000", "3.0": "3", "-2.5e1": "-25",
		"0.5e1": "5", "1000e-3": "1", "0.0": "0", "-0.0e5": "0", "0e0": "0", "12.50e1": "125", "0.00e-99999999999": "0",
		"123456789012345678901234567890.0": "123456789012345678901234567890",
	} {
		got, ok := plainInteger([]byte(in))
		if !ok || string(got) != want {
			t.Errorf("plainInteger(%s) = %s, %v; want %s", in, got, ok, want)
		}
	}
	// A plain integer of more digits than the plain form may have is
	// refused as well: a method such as big.Int's reads it in time
	// quadratic in its length (1 MiB of digits took 2 s).
	if got, ok := plainInteger([]byte("-" + strings.Repeat("9", maxPlainDigits))); !ok || len(got) != maxPlainDigits+1 {
		t.Errorf("plainInteger of %d digits refused", maxPlainDigits)
	}
	for _, in := range []string{"1e4097", "1e99999999999999999999", "1e" + strconv.Itoa(maxPlainDigits+1), strings.Repeat("9", maxPlainDigits+1), "-" + strings.Repeat("1", 1<<20)} {
		if got, ok := plainInteger([]byte(in)); ok {
			t.Errorf("plainInteger(%s) = %.20s..., want refused", in, got)
		}
	}
}
