package toolimpl

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
	"unsafe"
)

// An Encoder writes a tool's result as JSON for generated result encoders,
// byte for byte as encoding/json writes it with HTML escaping off, without
// reflection. Values of types toolgen does not encode itself (any, types
// with their own MarshalJSON or MarshalText) go through [Encoder.Value].
type Encoder struct {
	buf []byte
	err error

	// The values of recursive types being written, for Enter and Leave:
	// how deep they nest, and past cycleDepth, which they are.
	depth int
	seen  map[any]struct{}

	// keys holds the sorted keys of the maps being written (MapKeys), an
	// outer map's before an inner one's.
	keys []string
}

// cycleDepth is how deeply values of recursive types nest before the
// Encoder looks for a cycle among them, as encoding/json does; maxNesting
// is how deeply they may nest at all. A cycle through a map's values, or
// an array's, goes through copies, whose addresses never repeat: only the
// depth ends it, well before the stack would overflow.
const (
	cycleDepth = 1000
	maxNesting = 10000
)

// Enter begins writing the value of a recursive type at p, whose type
// typ is written as Go writes it (*pkg.Node), and reports whether to
// write it: not after an error, nor when the value is already being
// written further out, which is a cycle, reported as encoding/json does.
// Each Enter that returns true is followed by Leave(p).
func (e *Encoder) Enter(p any, typ string) bool {
	if e.err != nil {
		return false
	}
	e.depth++
	if e.depth <= cycleDepth {
		return true
	}
	if e.depth > maxNesting {
		e.depth--
		e.err = &UnsupportedValueError{Value: fmt.Sprintf("encountered a cycle via %s (values nested more than %d deep)", typ, maxNesting)}
		return false
	}
	if _, ok := e.seen[p]; ok {
		e.depth--
		e.err = &UnsupportedValueError{Value: "encountered a cycle via " + typ}
		return false
	}
	if e.seen == nil {
		e.seen = make(map[any]struct{})
	}
	e.seen[p] = struct{}{}
	return true
}

// Leave ends writing the value at p that Enter began.
func (e *Encoder) Leave(p any) {
	if e.depth > cycleDepth {
		delete(e.seen, p)
	}
	e.depth--
}

// encoders are the Encoders of results being encoded, each with a buffer
// kept from earlier results.
var encoders = sync.Pool{New: func() any { return &Encoder{buf: make([]byte, 0, 512)} }}

// maxPooled is the largest buffer an Encoder keeps in the pool: a rare
// large result should not pin its memory.
const maxPooled = 64 << 10

func getEncoder() *Encoder { return encoders.Get().(*Encoder) }

func putEncoder(e *Encoder) {
	if cap(e.buf) > maxPooled {
		return
	}
	e.buf, e.err, e.depth = e.buf[:0], nil, 0
	if len(e.seen) > 0 { // as it mostly is not: clear calls the runtime even for an empty map
		clear(e.seen)
	}
	if cap(e.keys) > maxPooledKeys {
		e.keys = nil
	}
	encoders.Put(e)
}

// Bytes returns the JSON written, and the first error met (a NaN, a value
// encoding/json rejects).
func (e *Encoder) Bytes() ([]byte, error) { return e.buf, e.err }

// set makes b, which is e.buf with bytes appended, e's buffer. When
// appending left the buffer where it was, as it mostly does, only the
// length is stored: storing the pointer too costs a write barrier while
// the collector marks, which was a fifth of writing a result of many
// small values (a barrier in every Raw, String and Float).
func (e *Encoder) set(b []byte) {
	if cap(b) == cap(e.buf) {
		e.buf = e.buf[:len(b)]
	} else {
		e.buf = b
	}
}

// room makes room in e.buf for n more bytes.
//
//go:noinline
func (e *Encoder) room(n int) { e.buf = slices.Grow(e.buf, n) }

// Byte writes one byte of JSON syntax.
//
// Appending one byte to e.buf and storing it back in e.buf, the compiler
// stores only the length unless the buffer moves.
func (e *Encoder) Byte(c byte) { e.buf = append(e.buf, c) }

// Raw writes JSON text as it is, such as a quoted field name and colon.
func (e *Encoder) Raw(s string) {
	n := len(e.buf)
	if len(s) > cap(e.buf)-n {
		e.room(len(s))
	}
	e.buf = e.buf[:n+len(s)]
	copy(e.buf[n:], s)
}

// Null writes null.
func (e *Encoder) Null() { e.Raw("null") }

// Bool writes a boolean.
func (e *Encoder) Bool(b bool) { e.set(strconv.AppendBool(e.buf, b)) }

// Int writes an integer.
func (e *Encoder) Int(n int64) { e.set(appendInt(e.buf, n)) }

// Uint writes a non-negative integer.
func (e *Encoder) Uint(n uint64) { e.set(appendUint(e.buf, n)) }

// appendInt appends n in decimal, as strconv.AppendInt(b, n, 10) does.
func appendInt(b []byte, n int64) []byte {
	if n >= 0 {
		return appendUint(b, uint64(n))
	}
	b = append(b, '-')
	return appendUint(b, -uint64(n))
}

// appendUint appends u in decimal, as strconv.AppendUint(b, u, 10) does,
// its digits written in place, two at a time, with no copy.
func appendUint(b []byte, u uint64) []byte {
	if u < 10 {
		return append(b, byte('0'+u))
	}
	n := len(b)
	b = extend(b, decimalDigits(u))
	putDigits(b[n:], u)
	return b
}

// extend returns b lengthened by n bytes, which the caller writes.
func extend(b []byte, n int) []byte {
	if cap(b)-len(b) < n {
		b = slices.Grow(b, n)
	}
	return b[:len(b)+n]
}

// pow10u holds the powers of ten that fit in a uint64.
var pow10u = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// decimalDigits returns how many decimal digits u has (1 for 0).
func decimalDigits(u uint64) int {
	u |= 1                          // 0 has a digit; an even u as many as u+1
	t := bits.Len64(u) * 1233 >> 12 // log10(2) is about 1233/4096
	if u < pow10u[t] {
		return t
	}
	return t + 1
}

// digitPairs holds "00" to "99".
const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839" +
	"4041424344454647484950515253545556575859606162636465666768697071727374757677787980818283848586878889" +
	"90919293949596979899"

// putDigits writes the last len(b) decimal digits of u into b, with
// leading zeros if u has fewer.
func putDigits(b []byte, u uint64) {
	i := len(b)
	for i >= 2 {
		q := u / 100
		r := (u - q*100) * 2
		b[i-2], b[i-1] = digitPairs[r], digitPairs[r+1]
		u = q
		i -= 2
	}
	if i == 1 {
		b[0] = byte('0' + u%10)
	}
}

// Float writes a number of the given bits as encoding/json does: like %g,
// with exponents only below 1e-6 and from 1e21, written without padding.
func (e *Encoder) Float(f float64, bits int) {
	// appendShortFloat takes neither Inf nor NaN, so the common case
	// needs no test for them.
	if b, ok := appendShortFloat(e.buf, f, bits); ok {
		e.set(b)
		return
	}
	if math.IsInf(f, 0) || math.IsNaN(f) {
		if e.err == nil {
			e.err = &UnsupportedValueError{Value: strconv.FormatFloat(f, 'g', -1, bits)}
		}
		e.buf = append(e.buf, "null"...)
		return
	}
	if bits == 64 {
		if b, ok := appendDecimal(e.buf, f); ok {
			e.set(b)
			return
		}
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			format = 'e'
		}
	}
	e.buf = strconv.AppendFloat(e.buf, f, format, -1, bits)
	if format == 'e' {
		// e-09 becomes e-9
		if n := len(e.buf); n >= 4 && e.buf[n-4] == 'e' && e.buf[n-3] == '-' && e.buf[n-2] == '0' {
			e.buf[n-2] = e.buf[n-1]
			e.buf = e.buf[:n-1]
		}
	}
}

// pow5 holds the powers of five by which appendShortFloat scales.
var pow5 = [...]uint64{1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625}

// digitLimits holds, for a float64 and a float32, the least n for which
// n*5^k has more digits than appendShortFloat writes: 1e15/5^k and
// 1e7/5^k, divided here once rather than on every call.
var digitLimits = func() (l [2][len(pow5)]uint64) {
	for k, p := range pow5 {
		l[0][k], l[1][k] = 1e15/p, 1e7/p
	}
	return l
}()

// appendShortFloat appends f as strconv.AppendFloat(b, f, 'f', -1, bits)
// would, when f is n/2^k for an integer n and k <= 10 (21, 21.5, 12.25,
// 0.375: the common case of prices and measures), without strconv's
// search for the shortest digits; ok is false for any other f. Such an f
// is exactly the decimal m/10^k, m = n*5^k; when m has at most 15 digits
// (7 for a float32), every decimal with fewer digits is further from f
// than half its ulp, so that decimal is the shortest that reads back as f,
// the one strconv writes.
//
// n and k come from f's bits. The digits before the point are n>>k; those
// after it are the k digits of (n mod 2^k)*5^k, the last of them not 0 (n
// is odd), so no division by a power of ten is needed.
func appendShortFloat(b []byte, f float64, size int) (_ []byte, ok bool) {
	u := math.Float64bits(f)
	exp := int(u >> 52 & 0x7ff)
	if exp == 0 || exp == 0x7ff {
		return b, false // 0 and -0 ("-0"), subnormals, Inf and NaN
	}
	limit, limits := uint64(1e15), &digitLimits[0]
	if size == 32 {
		limit, limits = 1e7, &digitLimits[1]
	}
	mant := u&(1<<52-1) | 1<<52
	tz := bits.TrailingZeros64(mant)
	n := mant >> tz
	// |f| = n * 2^e2, n odd.
	e2 := exp - 1075 + tz
	var ip uint64 // the digits before the point
	k := 0        // how many digits after it
	switch {
	case e2 >= 0:
		if e2 >= 50 || n > limit>>e2 { // limit < 2^50
			return b, false
		}
		if ip = n << e2; ip >= limit {
			return b, false
		}
	case e2 >= -10:
		k = -e2
		if n >= limits[k] {
			return b, false
		}
		ip = n >> k
	default:
		return b, false
	}
	// Written in place, from the last digit, two at a time: k digits
	// after the point (frac has k at most, the last not 0), the point,
	// the digits of ip, the sign.
	sign := int(u >> 63)
	end := sign + decimalDigits(ip) // of ip's digits
	total := end
	if k > 0 {
		total += 1 + k
	}
	at := len(b)
	if cap(b)-at < total {
		b = grow(b, total)
	}
	b = b[:at+total]
	d := b[at:]
	if k > 0 {
		frac := (n & (1<<k - 1)) * pow5[k]
		j := total
		for ; k >= 2; k -= 2 {
			r := frac % 100 * 2
			frac /= 100
			j -= 2
			d[j], d[j+1] = digitPairs[r], digitPairs[r+1]
		}
		if k == 1 {
			j--
			d[j] = byte('0' + frac)
		}
		d[end] = '.'
	}
	d[0] = '-' // the first digit's place if f > 0
	for ip >= 100 {
		r := ip % 100 * 2
		ip /= 100
		end -= 2
		d[end], d[end+1] = digitPairs[r], digitPairs[r+1]
	}
	if ip >= 10 {
		d[end-2], d[end-1] = digitPairs[ip*2], digitPairs[ip*2+1]
	} else {
		d[end-1] = byte('0' + ip)
	}
	return b, true
}

// grow returns b with room for n more bytes.
//
//go:noinline
func grow(b []byte, n int) []byte { return slices.Grow(b, n) }

// pow10f holds the powers of ten by which appendDecimal scales; each is a
// float64 exactly.
var pow10f = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9}

// appendDecimal appends f as strconv.AppendFloat(b, f, 'f', -1, 64) would,
// when f is the float64 nearest a decimal of at most 9 digits after the
// point and 15 in all (19.99, 0.1, 48.8566: prices and coordinates), faster
// than strconv's search for the shortest digits; ok is false for any other
// f, at the cost of one division.
//
// It takes the largest k <= 9 for which x = |f|*10^k < 2^49, r the integer
// nearest x, and checks that r/10^k, which float64 division rounds as
// ParseFloat does, is f again. Below 2^49 the reals that round to f span
// less than an eighth of 10^-k, so at most one decimal with k digits after
// the point reads back as f, and x is within 0.1 of 10^k times it: r is
// that decimal if there is one. A shorter decimal that reads back is the
// same one with zeros after it, so r without its last zeros is the
// shortest form, the one strconv writes.
func appendDecimal(b []byte, f float64) (_ []byte, ok bool) {
	g := math.Abs(f)
	if !(g >= 1e-6) {
		return b, false // written with an exponent; or NaN
	}
	k := len(pow10f) - 1
	x := g * pow10f[k]
	for x >= 1<<49 {
		if k--; k == 0 {
			return b, false
		}
		x = g * pow10f[k]
	}
	r := uint64(x + 0.5)
	if float64(r)/pow10f[k] != g {
		return b, false
	}
	for r%10 == 0 && k > 0 {
		r /= 10
		k--
	}
	if f < 0 {
		b = append(b, '-')
	}
	start := len(b)
	b = appendUint(b, r)
	switch n := len(b) - start; {
	case k == 0:
	case n <= k:
		// 0.0…0 and the digits of r
		pad := k - n + 2
		b = append(b, "0.000000000"[:pad]...)
		copy(b[start+pad:], b[start:start+n])
		copy(b[start:], "0.000000000"[:pad])
	default:
		b = append(b, 0)
		copy(b[len(b)-k:], b[len(b)-k-1:])
		b[len(b)-k-1] = '.'
	}
	return b, true
}

// escapes maps an ASCII byte that a JSON string escapes to the letter
// after the backslash, 'u' for \u00XX; 0 for a byte written as it is.
var escapes = func() (t [utf8.RuneSelf]byte) {
	for c := range 0x20 {
		t[c] = 'u'
	}
	t['\n'], t['\t'], t['\r'], t['\b'], t['\f'], t['"'], t['\\'] = 'n', 't', 'r', 'b', 'f', '"', '\\'
	return t
}()

// String writes a quoted string, escaped as encoding/json escapes it
// without HTML escaping: quotes, backslashes, control characters, invalid
// UTF-8 (as U+FFFD), U+2028 and U+2029.
//
// Runs of plain ASCII are passed over eight bytes at a time (see
// plainRun), so a long text costs little more than its copy.
func (e *Encoder) String(s string) {
	if plainString(s) {
		// The common case, a string with nothing to escape: its bytes as
		// they are, found so by a few words, not byte by byte.
		b := append(e.buf, '"')
		b = append(b, s...)
		e.set(append(b, '"'))
		return
	}
	e.escapedString(s)
}

// plainMask has the high bit of each byte of x set where that byte may
// need escaping in a JSON string (a quote, a backslash, a control
// character, a byte of a multi-byte character), and possibly above such a
// byte (a borrow); it is 0 if no byte of x needs escaping.
func plainMask(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// An ASCII byte minus 0x20 has its high bit set only if it is below
	// 0x20, and one that is not a quote (a backslash), xored with it,
	// then minus 1, only if it was a quote (a backslash): for each, a
	// borrow sets bits above only. A non-ASCII byte has its own high bit.
	return ((x - ones*0x20) | (x ^ (ones * '"') - ones) | (x ^ (ones * '\\') - ones) | x) & highs
}

// plainString reports whether no byte of s needs escaping in a JSON
// string, reading it a word at a time: the last word of a string of 8
// bytes or more overlaps the one before, and a shorter string is read as
// two overlapping halves (or its first, middle and last bytes), padded
// with spaces.
func plainString(s string) bool {
	data := unsafe.Slice(unsafe.StringData(s), len(s)) // read only
	n := len(data)
	switch {
	case n >= 8:
		p := unsafe.Pointer(unsafe.StringData(s))
		i := 0
		for ; i+8 < n; i += 8 {
			if plainMask(word(p, i)) != 0 {
				return false
			}
		}
		return plainMask(word(p, n-8)) == 0
	case n >= 4:
		x := uint64(binary.LittleEndian.Uint32(data)) | uint64(binary.LittleEndian.Uint32(data[n-4:]))<<32
		return plainMask(x) == 0
	case n > 0:
		const spaces = 0x2020202020 // five bytes, above the three
		x := uint64(data[0]) | uint64(data[n>>1])<<8 | uint64(data[n-1])<<16 | spaces<<24
		return plainMask(x) == 0
	}
	return true
}

// escapedString is String for a string with a byte that may need
// escaping.
func (e *Encoder) escapedString(s string) {
	const hex = "0123456789abcdef"
	b := append(e.buf, '"')
	data := unsafe.Slice(unsafe.StringData(s), len(s)) // read only
	start := 0
	multi := 0 // the multi-byte characters met, up to the check for appendText
	for i := plainRun(data, 0); i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++ // in the last seven bytes
				continue
			}
			b, i = appendEscapes(append(b, s[start:i]...), s, i)
			start = i
			i = plainRun(data, i)
			continue
		}
		if multi++; multi == textAfter {
			// Checked once, after a few multi-byte characters (a text
			// in Latin script with a dash or two is not worth its
			// cost, O(len(s))).
			if rest := s[i:]; utf8.ValidString(rest) && !strings.Contains(rest, "\u2028") && !strings.Contains(rest, "\u2029") {
				e.set(appendText(b, s, start, i))
				return
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			start = i + size
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			start = i + size
		}
		// A run of ASCII may follow a character of several bytes.
		if i += size; i < len(s) && s[i] < utf8.RuneSelf {
			i = plainRun(data, i)
		}
	}
	b = append(b, s[start:]...)
	e.set(append(b, '"'))
}

// textAfter is how many multi-byte characters escapedString decodes one
// by one before it checks whether the rest can go to appendText.
const textAfter = 8

// appendText is escapedString from the byte i of s on, once s[i:] is
// known to be valid UTF-8 without U+2028 and U+2029, which encoding/json
// escapes: its multi-byte characters are then copied as they are, passed
// over a word at a time like plain ASCII (textRun), not decoded one by
// one. b holds the JSON written so far, up to s[start:].
func appendText(b []byte, s string, start, i int) []byte {
	data := unsafe.Slice(unsafe.StringData(s), len(s)) // read only
	for i = textRun(data, i); i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			i++ // in the last seven bytes
			continue
		}
		b, i = appendEscapes(append(b, s[start:i]...), s, i)
		start = i
		i = textRun(data, i)
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendEscapes appends the escapes of the ASCII bytes of s from i on
// that need one, up to the first that does not, and returns where it
// stopped. Escapes come in runs in code and tables ("\n\t\t"): the bytes
// after the first are escaped here while they need it.
func appendEscapes(b []byte, s string, i int) ([]byte, int) {
	const hex = "0123456789abcdef"
	for c := s[i]; ; {
		if x := escapes[c]; x != 'u' {
			b = append(b, '\\', x)
		} else {
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
		}
		if i++; i == len(s) {
			return b, i
		}
		if c = s[i]; c >= utf8.RuneSelf || escapes[c] == 0 {
			return b, i
		}
	}
}

// textMask is plainMask for text known to be valid UTF-8 without U+2028
// and U+2029, where the bytes of multi-byte characters need no escaping.
func textMask(x uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	// As plainMask, whose tests set the high bit of some non-ASCII bytes
	// too, which &^x clears: x's own high bit is no match here.
	return ((x - ones*0x20) | (x ^ (ones * '"') - ones) | (x ^ (ones * '\\') - ones)) &^ x & highs
}

// textRun is plainRun for such text (textMask).
func textRun(data []byte, i int) int {
	p := unsafe.Pointer(unsafe.SliceData(data))
	for ; i+8 <= len(data); i += 8 {
		if m := textMask(word(p, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	return i
}

// Value writes v with encoding/json (HTML escaping off): the fallback for
// values of types toolgen does not encode itself.
func (e *Encoder) Value(v any) {
	// The values results hold most often, written here as encoding/json
	// writes them, without its encoder's buffer and reflection: a time, and
	// what JSON decoded into an any holds.
	switch v := v.(type) {
	case nil:
		e.Null()
		return
	case string:
		e.String(v)
		return
	case bool:
		e.Bool(v)
		return
	case float64:
		e.Float(v, 64)
		return
	case int:
		e.Int(int64(v))
		return
	case time.Time:
		if e.time(v) {
			return
		}
	case *time.Time:
		if v == nil {
			e.Null()
			return
		}
		if e.time(*v) {
			return
		}
	case []any:
		if v != nil {
			e.Byte('[')
			for i, el := range v {
				if i > 0 {
					e.Byte(',')
				}
				e.Value(el)
			}
			e.Byte(']')
			return
		}
	case map[string]any:
		if v != nil {
			e.Byte('{')
			keys, mark := MapKeys(e, v)
			for i, k := range keys {
				if i > 0 {
					e.Byte(',')
				}
				e.String(k)
				e.Byte(':')
				e.Value(v[k])
			}
			e.Release(mark)
			e.Byte('}')
			return
		}
	}
	data, err := marshalNoEscape(v)
	if err != nil {
		if e.err == nil {
			e.err = err
		}
		e.buf = append(e.buf, "null"...)
		return
	}
	e.buf = append(e.buf, data...)
}

// Marshaled writes v, of a type with a MarshalJSON method, as encoding/json
// does: what the method writes, checked, without white space between its
// tokens. A type parameter, not an interface: a value boxed in one is an
// allocation.
func Marshaled[T json.Marshaler](e *Encoder, v T) {
	m, err := v.MarshalJSON()
	if err != nil {
		e.Value(v) // for encoding/json's error
		return
	}
	b, ok := appendCompact(e.buf, m)
	if !ok {
		e.Value(v) // not JSON: encoding/json's error
		return
	}
	e.set(b)
}

// Text writes v, of a type with a MarshalText method and no MarshalJSON,
// as encoding/json does: the text as a string.
func Text[T encoding.TextMarshaler](e *Encoder, v T) {
	b, err := v.MarshalText()
	if err != nil {
		e.Value(v) // for encoding/json's error
		return
	}
	e.String(unsafe.String(unsafe.SliceData(b), len(b))) // read, not kept
}

// JSON writes m, a json.RawMessage, as encoding/json does: null for nil,
// otherwise m without white space between its tokens, and an error if m
// is not JSON.
func (e *Encoder) JSON(m json.RawMessage) {
	if m == nil {
		e.Null()
		return
	}
	b, ok := appendCompact(e.buf, m)
	if !ok {
		e.Value(m) // for encoding/json's error
		return
	}
	e.set(b)
}

// appendCompact appends m, if it is one JSON value with white space around
// it at most, to dst without white space between its tokens, as
// encoding/json's Compact does, in one pass; ok is false if m is not JSON
// as encoding/json's Valid reads it (which leaves the bytes of strings
// unchecked for UTF-8). encoding/json's Valid, then a pass to compact,
// were the most of writing a result whose values have MarshalJSON.
func appendCompact(dst, m []byte) (_ []byte, ok bool) {
	var fixed [32]byte
	open := fixed[:0] // the containers entered, by opening bracket
	i := 0
	for {
		// A value.
		i = skipSpace(m, i)
		if i >= len(m) {
			return dst, false
		}
		switch c := m[i]; c {
		case '{', '[':
			if len(open) == maxNesting {
				return dst, false
			}
			dst = append(dst, c)
			i = skipSpace(m, i+1)
			if i < len(m) && m[i] == c+2 { // empty: '}' is '{'+2, ']' is '['+2
				dst = append(dst, c+2)
				i++
				break
			}
			open = append(open, c)
			if c == '{' {
				if dst, i, ok = appendKey(dst, m, i); !ok {
					return dst, false
				}
			}
			continue
		case '"':
			j, ok := stringEnd(m, i)
			if !ok {
				return dst, false
			}
			dst, i = append(dst, m[i:j]...), j
		case 't', 'f', 'n':
			lit := "null"
			if c == 't' {
				lit = "true"
			} else if c == 'f' {
				lit = "false"
			}
			if len(m)-i < len(lit) || string(m[i:i+len(lit)]) != lit {
				return dst, false
			}
			dst, i = append(dst, lit...), i+len(lit)
		default:
			j, ok := numberEnd(m, i)
			if !ok {
				return dst, false
			}
			dst, i = append(dst, m[i:j]...), j
		}
		// After a value: close the containers it ends, then move on to
		// the next member or element.
		for {
			i = skipSpace(m, i)
			if len(open) == 0 {
				return dst, i == len(m)
			}
			if i >= len(m) {
				return dst, false
			}
			top := open[len(open)-1]
			if m[i] == ',' {
				dst, i = append(dst, ','), i+1
				if top == '{' {
					if dst, i, ok = appendKey(dst, m, skipSpace(m, i)); !ok {
						return dst, false
					}
				}
				break
			}
			if m[i] != top+2 {
				return dst, false
			}
			dst, i = append(dst, top+2), i+1
			open = open[:len(open)-1]
		}
	}
}

// skipSpace returns the index of the first byte of m from i on that is
// not JSON white space.
func skipSpace(m []byte, i int) int {
	for i < len(m) && (m[i] == ' ' || m[i] == '\n' || m[i] == '\t' || m[i] == '\r') {
		i++
	}
	return i
}

// appendKey appends the member key at m[i] and its colon to dst.
func appendKey(dst, m []byte, i int) ([]byte, int, bool) {
	if i >= len(m) || m[i] != '"' {
		return dst, i, false
	}
	j, ok := stringEnd(m, i)
	if !ok {
		return dst, i, false
	}
	dst = append(dst, m[i:j]...)
	if j = skipSpace(m, j); j >= len(m) || m[j] != ':' {
		return dst, j, false
	}
	return append(dst, ':'), j + 1, true
}

// stringEnd returns the index after the JSON string that starts at m[i],
// a quote, and whether it is one: no control characters, and escapes JSON
// has.
func stringEnd(m []byte, i int) (int, bool) {
	for j := i + 1; j < len(m); j++ {
		switch c := m[j]; {
		case c == '"':
			return j + 1, true
		case c < 0x20:
			return j, false
		case c == '\\':
			if j+1 >= len(m) {
				return j, false
			}
			switch m[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				j++
			case 'u':
				if j+5 >= len(m) {
					return j, false
				}
				for _, h := range m[j+2 : j+6] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return j, false
					}
				}
				j += 5
			default:
				return j, false
			}
		}
	}
	return len(m), false
}

// numberEnd returns the index after the JSON number that starts at m[i],
// and whether it is one.
func numberEnd(m []byte, i int) (int, bool) {
	digits := func() bool {
		start := i
		for i < len(m) && '0' <= m[i] && m[i] <= '9' {
			i++
		}
		return i > start
	}
	if i < len(m) && m[i] == '-' {
		i++
	}
	switch {
	case i < len(m) && m[i] == '0':
		i++
	case !digits():
		return i, false
	}
	if i < len(m) && m[i] == '.' {
		i++
		if !digits() {
			return i, false
		}
	}
	if i < len(m) && (m[i] == 'e' || m[i] == 'E') {
		i++
		if i < len(m) && (m[i] == '+' || m[i] == '-') {
			i++
		}
		if !digits() {
			return i, false
		}
	}
	return i, true
}

// Time writes t as its MarshalJSON method does; a time that method
// refuses (a year outside 0 to 9999) is left to it, for its error.
func (e *Encoder) Time(t time.Time) {
	if !e.time(t) {
		e.Value(t)
	}
}

// time writes t as time.Time's MarshalJSON does, RFC 3339 with
// nanoseconds, and reports true; false, writing nothing, for a time that
// method refuses (a year outside 0 to 9999, an offset of a day or more),
// left to it for its error.
func (e *Encoder) time(t time.Time) bool {
	if y := t.Year(); y < 0 || y > 9999 {
		return false
	}
	if _, off := t.Zone(); off <= -24*60*60 || off >= 24*60*60 {
		return false
	}
	b := append(e.buf, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	e.set(append(b, '"'))
	return true
}

// maxPooledKeys is the most keys a pooled Encoder keeps room for.
const maxPooledKeys = 1024

// MapKeys returns the keys of m in the order encoding/json writes them, in
// room the Encoder keeps from call to call, with a mark to give Release
// once the map is written: writing a map allocates nothing of its own.
// The keys of a map inside it go after them, so they stay as they are.
func MapKeys[K ~string, V any](e *Encoder, m map[K]V) (keys []string, mark int) {
	mark = len(e.keys)
	for k := range m {
		e.keys = append(e.keys, string(k))
	}
	keys = e.keys[mark:]
	sortKeys(keys)
	return keys, mark
}

// sortKeys sorts keys as slices.Sort does. The few keys of most maps are
// sorted by insertion, each comparison made first on the keys' first eight
// bytes as one integer, and only on a tie on the whole strings, which a
// call of the runtime's string comparison would cost every time.
func sortKeys(keys []string) {
	const few = 32
	if len(keys) > few {
		slices.Sort(keys)
		return
	}
	var heads [few]uint64
	for i, k := range keys {
		heads[i] = head(k)
	}
	for i := 1; i < len(keys); i++ {
		k, h := keys[i], heads[i]
		j := i
		for ; j > 0 && (h < heads[j-1] || h == heads[j-1] && k < keys[j-1]); j-- {
			keys[j], heads[j] = keys[j-1], heads[j-1]
		}
		keys[j], heads[j] = k, h
	}
}

// head is the first eight bytes of s, zeros after a shorter s, as a
// number that orders as they do: where two heads differ, so do the
// strings, the same way (a zero after s is no greater than any byte after
// it in a longer string).
func head(s string) uint64 {
	if len(s) >= 8 {
		return binary.BigEndian.Uint64(unsafe.Slice(unsafe.StringData(s), 8))
	}
	var b [8]byte
	copy(b[:], s)
	return binary.BigEndian.Uint64(b[:])
}

// Release gives back the room of the keys that MapKeys returned with mark.
func (e *Encoder) Release(mark int) {
	clear(e.keys[mark:]) // the strings are the map's, not the Encoder's
	e.keys = e.keys[:mark]
}

// SortedKeys returns the keys of m in the order encoding/json writes them.
func SortedKeys[K ~string, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // by <: no comparison function to call
	return keys
}

// UnsupportedValueError reports a value that has no JSON form, such as a
// NaN.
type UnsupportedValueError struct {
	Value string
}

func (e *UnsupportedValueError) Error() string {
	return "json: unsupported value: " + e.Value
}

// marshalNoEscape is json.Marshal without HTML escaping.
func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
