package toolimpl

import (
	"bytes"
	"math"
	"math/bits"
	"strconv"
)

// Integers are read exactly from their decimal text, never through
// float64: a number with a fraction or an exponent (3.0, 1e2, 4.2e1) is an
// integer if and only if no non-zero digit is left after the decimal point
// once the exponent has moved it, as JSON Schema says; 9007199254740993.0
// is 9007199254740993, and 1e-400 and 1.0000000000000000001 are not
// integers.

// numStatus says what the text of a number holds as an integer.
type numStatus uint8

const (
	numInteger    numStatus = iota // an integer, its magnitude in a uint64
	numNotInteger                  // not an integer (or not a number)
	numTooBig                      // an integer whose magnitude overflows a uint64
)

// maxExponent bounds the exponent as it is read: any larger one moves the
// decimal point beyond every digit of any text, so the value is zero, or
// not an integer, or far out of range, all the same.
const maxExponent = 1 << 27

// pow10 holds the powers of ten that fit in a uint64.
var pow10 = [20]uint64{
	1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
	1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// parseInteger reads JSON number text, -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
// as readNumber has checked it, and returns its sign and, if it is an
// integer whose magnitude fits in a uint64, the magnitude. Zero is zero
// whatever its sign and exponent (-0, 0.0e-5, 0e999999999). It takes time
// in proportion to the length of the text, however large the exponent,
// and allocates nothing. Text that is not a number is not an integer.
func parseInteger(text []byte) (neg bool, mag uint64, st numStatus) {
	i := 0
	if i < len(text) && text[i] == '-' {
		neg = true
		i++
	}
	intStart := i
	for i < len(text) && '0' <= text[i] && text[i] <= '9' {
		i++
	}
	nInt := i - intStart
	if nInt == 0 {
		return neg, 0, numNotInteger
	}
	nFrac := 0
	if i < len(text) && text[i] == '.' {
		i++
		fracStart := i
		for i < len(text) && '0' <= text[i] && text[i] <= '9' {
			i++
		}
		if nFrac = i - fracStart; nFrac == 0 {
			return neg, 0, numNotInteger
		}
	}
	exp := 0
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		i++
		expNeg := false
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			expNeg = text[i] == '-'
			i++
		}
		expStart := i
		for ; i < len(text) && '0' <= text[i] && text[i] <= '9'; i++ {
			if exp < maxExponent {
				exp = exp*10 + int(text[i]-'0')
			}
		}
		if i == expStart {
			return neg, 0, numNotInteger
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(text) {
		return neg, 0, numNotInteger
	}

	// The digits of the integer and the fraction are one string of
	// n digits, the decimal point after the first nInt of them; digit j is
	// at digitAt(j) in text, one further on past the point.
	n := nInt + nFrac
	digitAt := func(j int) int { return intStart + j + b2i(j >= nInt) }
	first := 0 // the first non-zero digit
	for first < n && text[digitAt(first)] == '0' {
		first++
	}
	if first == n {
		return neg, 0, numInteger // zero, for any exponent
	}
	last := n - 1 // the last non-zero digit
	for text[digitAt(last)] == '0' {
		last--
	}
	// The value is digits first..last followed by zeros zeros; it is an
	// integer if they reach the (moved) decimal point.
	zeros := nInt + exp - (last + 1)
	if zeros < 0 {
		return neg, 0, numNotInteger
	}
	if last-first+1+zeros > 20 { // 2^64 has 20 digits
		return neg, 0, numTooBig
	}
	for j := first; j <= last; j++ {
		mag = mag*10 + uint64(text[digitAt(j)]-'0')
		if j-first == 18 && j < last { // 20 digits: the last may overflow
			hi, lo := bits.Mul64(mag, 10)
			lo, carry := bits.Add64(lo, uint64(text[digitAt(last)]-'0'), 0)
			if hi|carry != 0 {
				return neg, 0, numTooBig
			}
			mag = lo
			break
		}
	}
	hi, lo := bits.Mul64(mag, pow10[zeros]) // zeros <= 19 here
	if hi != 0 {
		return neg, 0, numTooBig
	}
	return neg, lo, numInteger
}

// isInteger reports whether JSON number text is an integer, of any size.
func isInteger(text []byte) bool {
	_, _, st := parseInteger(text)
	return st != numNotInteger
}

// maxPlainDigits is the most digits plainInteger writes: an exponent
// must not make a few bytes of arguments into a great many.
const maxPlainDigits = 4096

// plainInteger returns text, a JSON number that is an integer (see
// isInteger), in plain digits: 1e3 as 1000, 3.0 as 3, -2.5e1 as -25. It
// returns text itself when it has no fraction or exponent, and ok false
// when the plain form would have more than maxPlainDigits digits.
func plainInteger(text []byte) (_ []byte, ok bool) {
	if !bytes.ContainsAny(text, ".eE") {
		// Plain already: its digits are bounded too, as a method such as
		// big.Int's reads decimal text in time quadratic in its length.
		return text, len(text)-b2i(len(text) > 0 && text[0] == '-') <= maxPlainDigits
	}
	neg := text[0] == '-'
	mant, exp := text[b2i(neg):], 0
	if i := bytes.IndexAny(mant, "eE"); i >= 0 && len(bytes.Trim(mant[:i], "0.")) == 0 {
		return []byte("0"), true // zero, whatever its exponent
	}
	if i := bytes.IndexAny(mant, "eE"); i >= 0 {
		e, err := strconv.Atoi(string(mant[i+1:]))
		if err != nil || e > maxPlainDigits || e < -maxPlainDigits-len(text) {
			return text, false
		}
		mant, exp = mant[:i], e
	}
	whole, frac := mant, []byte(nil)
	if i := bytes.IndexByte(mant, '.'); i >= 0 {
		whole, frac = mant[:i], mant[i+1:]
	}
	digits := append(append(make([]byte, 0, len(whole)+len(frac)), whole...), frac...)
	point := len(whole) + exp // the digits before the point; those after it are zeros
	if point > maxPlainDigits {
		return text, false
	}
	var out []byte
	switch {
	case point <= 0:
		out = []byte("0")
	case point <= len(digits):
		out = digits[:point]
	default:
		out = append(digits, bytes.Repeat([]byte("0"), point-len(digits))...)
	}
	for len(out) > 1 && out[0] == '0' {
		out = out[1:]
	}
	if neg && string(out) != "0" {
		out = append([]byte("-"), out...)
	}
	return out, true
}

// exactInt returns the value of JSON number text as a signed integer of
// the given bits (8 to 64): numNotInteger if it is not an integer, and
// numTooBig if it is out of the range of the bits.
func exactInt(text []byte, bitSize int) (int64, numStatus) {
	neg, mag, st := parseInteger(text)
	if st != numInteger {
		return 0, st
	}
	limit := uint64(1) << (bitSize - 1) // the magnitude of the lowest
	if neg {
		if mag > limit {
			return 0, numTooBig
		}
		return int64(-mag), numInteger
	}
	if mag >= limit {
		return 0, numTooBig
	}
	return int64(mag), numInteger
}

// exactUint returns the value of JSON number text as an unsigned integer
// of the given bits (8 to 64), like exactInt; a negative zero is zero, and
// any other negative integer out of range.
func exactUint(text []byte, bitSize int) (uint64, numStatus) {
	neg, mag, st := parseInteger(text)
	if st != numInteger {
		return 0, st
	}
	if (neg && mag != 0) || mag > math.MaxUint64>>(64-bitSize) {
		return 0, numTooBig
	}
	return mag, numInteger
}
