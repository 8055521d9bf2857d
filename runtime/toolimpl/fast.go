package toolimpl

import (
	"cmp"
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/toolgen-go/toolgen/runtime"
)

// The fast path. Generated code first decodes arguments with these
// scanners, straight through, in the common case: plain JSON, valid
// arguments. Each reports ok false at anything out of the ordinary (an
// escape in a key or an enum's value, a null the call's settings do not
// take, a number in exponent form, a value that breaks a rule), and the
// generated code then decodes the arguments again with a Decoder,
// which reports every problem. So the fast path never decides that
// arguments are invalid; it only accepts, or passes.

// fastSpace skips white space.
func fastSpace(data []byte, i int) int {
	// A byte above the space, the common case, is never white space: one
	// test for it.
	for i < len(data) && data[i] <= ' ' && (data[i] == ' ' || data[i] == '\n' || data[i] == '\t' || data[i] == '\r') {
		i++
	}
	return i
}

// plainRun returns the offset of the first byte from i on that may need a
// closer look inside a string: a quote, a backslash, a control character
// or a byte of a multi-byte character. It tests eight bytes at a time;
// in the word that holds such a byte it finds the first one, and it stops
// before the last seven bytes or fewer, so the offset it returns can be
// before that byte, never after.
func plainRun(data []byte, i int) int {
	p := unsafe.Pointer(unsafe.SliceData(data))
	for ; i+8 <= len(data); i += 8 {
		// A borrow in plainMask sets bits only above a byte that matched,
		// so the lowest bit set is the first match.
		if m := plainMask(word(p, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	return i
}

// FastOpen reads the opening bracket c ('{' or '['), and reports whether
// the object or array is empty, its closing bracket read too.
func FastOpen(data []byte, i int, c byte) (next int, empty, ok bool) {
	i = fastSpace(data, i)
	if i >= len(data) || data[i] != c {
		return i, false, false
	}
	i = fastSpace(data, i+1)
	if i < len(data) && data[i] == c+2 { // '}' or ']'
		return i + 1, true, true
	}
	return i, false, true
}

// FastNext reads what follows a member or element: a comma (more follow)
// or the closing bracket c.
func FastNext(data []byte, i int, c byte) (next int, more, ok bool) {
	i = fastSpace(data, i)
	if i < len(data) {
		switch data[i] {
		case ',':
			return i + 1, true, true
		case c:
			return i + 1, false, true
		}
	}
	return i, false, false
}

// FastKey reads a member's key and its colon. It stops at the first
// quote, so a key with escapes comes back cut short, with its backslash:
// generated code only compares keys with the names of its fields, which
// never hold a backslash or a quote, so such a key matches none of them
// and the fast path passes to the Decoder.
func FastKey(data []byte, i int) (key []byte, next int, ok bool) {
	if i >= len(data) || data[i] != '"' {
		i = fastSpace(data, i)
		if i >= len(data) || data[i] != '"' {
			return nil, i, false
		}
	}
	start := i + 1
	i = quoteAt(data, start)
	if i >= len(data) {
		return nil, i, false
	}
	key = data[start:i]
	i++
	if i >= len(data) || data[i] != ':' {
		i = fastSpace(data, i)
		if i >= len(data) || data[i] != ':' {
			return nil, i, false
		}
	}
	return key, i + 1, true
}

// word returns the eight bytes at p+i as a little-endian word, as
// binary.LittleEndian.Uint64(data[i:]) would, without reslicing data (a
// bounds check and a pointer mask every word, a quarter of a scan's
// instructions): the caller keeps i+8 within the bytes at p.
func word(p unsafe.Pointer, i int) uint64 {
	return binary.LittleEndian.Uint64((*[8]byte)(unsafe.Add(p, i))[:])
}

// quoteAt returns the offset of the first quote in data from i on, or
// len(data) if there is none: eight bytes at a time while eight are left.
func quoteAt(data []byte, i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	p := unsafe.Pointer(unsafe.SliceData(data))
	for ; i+8 <= len(data); i += 8 {
		q := word(p, i) ^ (ones * '"')
		// The lowest high bit set marks the first byte of q that is zero
		// (a borrow sets bits only above one).
		if m := (q - ones) &^ q & highs; m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(data) && data[i] != '"' {
		i++
	}
	return i
}

// FastString reads a string without escapes.
func FastString(data []byte, i int) (s []byte, next int, ok bool) {
	if i >= len(data) || data[i] != '"' {
		i = fastSpace(data, i)
		if i >= len(data) || data[i] != '"' {
			return nil, i, false
		}
	}
	start := i + 1
	i = plainRun(data, start)
	ascii := true
	for i < len(data) {
		c := data[i]
		if c == '"' {
			s = data[start:i]
			if !ascii && !utf8.Valid(s) {
				return nil, i, false
			}
			return s, i + 1, true
		}
		if c-0x20 >= 0x60 { // a control character, or not ASCII
			if c < 0x20 {
				return nil, i, false
			}
			ascii = false
		} else if c == '\\' {
			return nil, i, false
		}
		i++
		if !ascii {
			// Text with multi-byte characters (checked as UTF-8 at its
			// end) is passed over a word at a time too.
			i = textRun(data, i)
		}
	}
	return nil, i, false
}

// FastInt reads an integer written plainly (no fraction, no exponent) that
// fits in the given bits.
func FastInt(data []byte, i int, bits int) (n int64, next int, ok bool) {
	return fastInt(data, i, bits, math.MinInt64, math.MaxInt64)
}

// fastInt is FastInt for an integer from min to max.
func fastInt(data []byte, i int, bits int, min, max int64) (n int64, next int, ok bool) {
	i = fastSpace(data, i)
	start := i
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	digits := i
	for i < len(data) && '0' <= data[i] && data[i] <= '9' {
		n = n*10 + int64(data[i]-'0')
		i++
	}
	count := i - digits
	if count == 0 || count > 18 || (count > 1 && data[digits] == '0') {
		return 0, start, false
	}
	if i < len(data) && (data[i] == '.' || data[i] == 'e' || data[i] == 'E') {
		return 0, start, false
	}
	if neg {
		n = -n
	}
	if bits < 64 && (n < -1<<(bits-1) || n >= 1<<(bits-1)) || n < min || n > max {
		return 0, start, false
	}
	return n, i, true
}

// FastUint reads a non-negative integer written plainly that fits in the
// given bits.
func FastUint(data []byte, i int, bits int) (n uint64, next int, ok bool) {
	v, next, ok := FastInt(data, i, 64)
	if !ok || v < 0 || (bits < 64 && uint64(v) >= 1<<bits) {
		return 0, i, false
	}
	if v == 0 && next > i && data[fastSpace(data, i)] == '-' {
		return 0, i, false // -0: the Decoder takes it
	}
	return uint64(v), next, true
}

// FastFloat reads a number that fits in a float of the given bits.
func FastFloat(data []byte, i int, bits int) (f float64, next int, ok bool) {
	i = fastSpace(data, i)
	d := Decoder{data: data, pos: i}
	text, _ := d.readNumber()
	if text == nil {
		return 0, i, false
	}
	f, err := strconv.ParseFloat(unsafeString(text), bits)
	if err != nil {
		return 0, i, false
	}
	return f, d.pos, true
}

// FastBool reads true or false.
func FastBool(data []byte, i int) (b bool, next int, ok bool) {
	i = fastSpace(data, i)
	switch {
	case len(data)-i >= 4 && string(data[i:i+4]) == "true":
		return true, i + 4, true
	case len(data)-i >= 5 && string(data[i:i+5]) == "false":
		return false, i + 5, true
	}
	return false, i, false
}

// FastEnd reports whether only white space follows i.
func FastEnd(data []byte, i int) bool {
	return fastSpace(data, i) == len(data)
}

// ValidFormat reports whether s is in the named string format, for fast
// paths; the full decoder's Decoder.FormatError says what is wrong.
func ValidFormat(format, s string) bool {
	check, ok := formats[format]
	return !ok || check(s)
}

// Begin readies st for the fast path of one call, with args and the
// call's settings s (nil for the defaults), and returns the offset the
// fast path starts at: 0, or len(args) when args are over the size limit,
// where the fast path passes at once, so that the size is checked before
// any decoding. Generated code runs a fast path as
//
//	var strs toolimpl.Strings
//	if end, ok := fastT(args, strs.Begin(s, args), &in, &strs); !ok || !toolimpl.FastDone(s, args, end, depth) {
//		// decode args again with a Decoder, which says what is wrong
//	}
func (st *Strings) Begin(s *runtime.Settings, args []byte) int {
	limit := defaultMaxBytes
	st.budget = defaultMaxMemory
	if s != nil {
		limit = cmp.Or(s.MaxBytes, limit)
		st.budget = maxMemory(s)
		st.null = s.NullOptional
	}
	if len(args) > limit {
		return len(args)
	}
	return 0
}

// FastDone reports whether a fast path begun by [Strings.Begin] (which
// checked the size of args) and ended at end decoded all of args within
// the nesting limit of the call (a type nests depth levels at most), so
// its result stands.
func FastDone(s *runtime.Settings, args []byte, end, depth int) bool {
	limit := defaultMaxDepth
	if s != nil && s.MaxDepth != 0 {
		limit = s.MaxDepth
	}
	return fastSpace(args, end) == len(args) && depth <= limit
}

// Strings makes the strings of one call's fast path: the first on its own,
// later ones in an arena sized to the rest of the arguments, up to 16 KB
// (see arenaString), so that many strings (an array of ids) cost one
// allocation, as with a Decoder.
//
// It also carries whether the call takes null for an absent optional field
// (see [Strings.Null]), which Begin sets from the call's settings.
type Strings struct {
	arena []byte
	made  bool
	null  bool
	// spent is what the large items decoded so far cost, of budget (see
	// FastKeep).
	spent, budget int
}

// Null reads, at i or after one space, a null that stands for an absent
// optional field, if the call takes one (Settings.NullOptional, which a
// Registry in the OpenAI dialect sets; see [Decoder.OptionalNull]), and
// reports whether it did. Otherwise it reads nothing, and a null after
// other white space is left to the full decoder. Generated fast paths call
// it first for each optional field, so that the calls of OpenAI's strict
// mode, whose models send null for every optional field they leave out,
// stay on the fast path.
func (st *Strings) Null(data []byte, i int) (next int, ok bool) {
	if !st.null {
		return i, false
	}
	return readNull(data, i)
}

// readNull reads a null at i or after one space, if there is one. It is
// kept out of line, so that each optional field of a fast path holds a
// test and a call, not the read: a tenth less machine code for the fast
// paths of the synthetic package than with the read inlined, which made
// arguments without nulls under NullOptional some 2 ns a field faster.
//
//go:noinline
func readNull(data []byte, i int) (int, bool) {
	j := i
	if j < len(data) && data[j] == ' ' {
		j++ // "key": null, as models often space it
	}
	if len(data)-j >= 4 && string(data[j:j+4]) == "null" {
		return j + 4, true
	}
	return i, false
}

// Of returns s, read from data at end (the offset just after it), as a
// string.
func (st *Strings) Of(data []byte, end int, s []byte) string {
	if len(s) == 0 {
		return ""
	}
	if !st.made && st.arena == nil {
		st.made = true
		return string(s)
	}
	return arenaString(&st.arena, s, len(data)-end)
}

// FastCount returns how many elements the array whose first element is at
// i holds (none if empty), by a quick scan to its closing bracket, so that
// a fast path can make its slice once; 0 if the array does not end. It
// says at most maxPresize: the elements are not checked yet, and a
// hostile array of a million empty elements would otherwise cost a
// million elements' memory before the first fails.
func FastCount(data []byte, i int, empty bool) int {
	return min(countElements(data, i, empty), maxPresize)
}

// maxPresize is the most elements FastCount says an array holds; a longer
// one grows by append.
const maxPresize = 256

func countElements(data []byte, i int, empty bool) int {
	if empty {
		return 0
	}
	n, _ := countLike(data, i, "")
	return n
}

// FastObject reads the opening brace of an object, and reports whether
// a member follows (false if the object is empty: its closing brace is
// read too). Generated code reads an object as:
//
//	i, more, ok := toolimpl.FastObject(data, i)
//	for ; more; i, more, ok = toolimpl.FastNext(data, i, '}') {
//		switch key, i, _ = toolimpl.FastKey(data, i); string(key) {
//		case "name":
//			v.Name, i, ok = strs.String(data, i)
//		...
//		default:
//			return i, false
//		}
//		if !ok {
//			return i, false
//		}
//	}
//
// where a key that FastKey cannot read is nil, which no field's name
// matches, so the default case passes.
func FastObject(data []byte, i int) (next int, more, ok bool) {
	i, empty, ok := FastOpen(data, i, '{')
	return i, ok && !empty, ok
}

// FastArray reads the opening bracket of an array, and reports whether an
// element follows (false if the array is empty: its closing bracket is
// read too).
func FastArray(data []byte, i int) (next int, more, ok bool) {
	i, empty, ok := FastOpen(data, i, '[')
	return i, ok && !empty, ok
}

// FastIntIn reads an integer of type T written plainly, from min to max.
func FastIntIn[T ~int | ~int8 | ~int16 | ~int32 | ~int64](data []byte, i int, min, max int64) (v T, next int, ok bool) {
	var n int64
	n, next, ok = fastInt(data, i, 8*int(unsafe.Sizeof(v)), min, max)
	return T(n), next, ok
}

// MapKey reads the key of a map's member, as String reads a string
// (escapes included), and the colon after it.
func (st *Strings) MapKey(data []byte, i int) (string, int, bool) {
	k, i, ok := st.String(data, i)
	if !ok {
		return "", i, false
	}
	if i >= len(data) || data[i] != ':' {
		i = fastSpace(data, i)
		if i >= len(data) || data[i] != ':' {
			return "", i, false
		}
	}
	return k, i + 1, true
}

// String reads a string (see StringLength).
func (st *Strings) String(data []byte, i int) (string, int, bool) {
	return st.StringLength(data, i, 0, -1)
}

// StringLength reads a string of min to max characters (no maximum if
// max < 0). It is FastString, FastLength and Of in one call (so that
// reading a string field costs one call, as FastString alone does), and
// unlike FastString it reads a string with escapes too.
func (st *Strings) StringLength(data []byte, i int, min, max int) (string, int, bool) {
	if i >= len(data) || data[i] != '"' {
		i = fastSpace(data, i)
		if i >= len(data) || data[i] != '"' {
			return "", i, false
		}
	}
	start := i + 1
	i = plainRun(data, start)
	ascii := true
	for ; i < len(data); i++ {
		c := data[i]
		if c == '"' {
			s := data[start:i]
			n := len(s) // characters, if all are ASCII
			if !ascii {
				if !utf8.Valid(s) {
					return "", i, false
				}
				n = utf8.RuneCount(s)
			}
			if n < min || max >= 0 && n > max {
				return "", i, false
			}
			return st.Of(data, i+1, s), i + 1, true
		}
		if c-0x20 >= 0x60 { // a control character, or not ASCII
			if c < 0x20 {
				return "", i, false
			}
			ascii = false
		} else if c == '\\' {
			return st.escaped(data, start, i, min, max)
		}
	}
	return "", i, false
}

// escaped reads, as StringLength, the string whose body starts at start
// and holds its first escape at i (a newline or a quote in a text, a
// file's contents), where StringLength has read up to: unescaped by the
// Decoder's own readEscaped, from i on, so that both paths read it the
// same.
//
// The string is unescaped into a buffer of its own, as long as the
// escaped string (which it cannot outgrow; see readEscaped), which becomes
// the string: one allocation, and no more bytes than the arguments hold.
func (st *Strings) escaped(data []byte, start, i, min, max int) (string, int, bool) {
	d := Decoder{data: data}
	s, ok := d.readEscaped(start, i)
	if !ok {
		return "", i, false
	}
	if n := utf8.RuneCount(s); n < min || max >= 0 && n > max {
		return "", i, false
	}
	if len(s) == 0 {
		return "", d.pos, true
	}
	return unsafe.String(&s[0], len(s)), d.pos, true // d.buf is never written again
}

// rawLength returns the length of the body, escapes as written, of the
// string that starts at i, up to its closing quote or the end of data.
func rawLength(data []byte, i int) int {
	start := i
	for i < len(data) {
		switch data[i] {
		case '"':
			return i - start
		case '\\':
			i++
		}
		i++
	}
	return len(data) - start
}

// Strings reads an array of strings.
func (st *Strings) Strings(data []byte, i int) ([]string, int, bool) {
	i, more, ok := FastArray(data, i)
	if !ok {
		return nil, i, false
	}
	n := countElements(data, i, !more)
	list := make([]string, 0, min(n, maxPresize))
	for ; more; i, more, ok = FastNext(data, i, ']') {
		var s string
		if s, i, ok = st.StringLength(data, i, 0, -1); !ok {
			return nil, i, false
		}
		if more := min(len(list), n-len(list)); len(list) == cap(list) && more > 0 {
			// Twice as many, up to the count: the elements read so far
			// are strings, and the memory stays within twice theirs.
			grown := make([]string, len(list), len(list)+more)
			copy(grown, list)
			list = grown
		}
		list = append(list, s)
	}
	return list, i, ok
}
