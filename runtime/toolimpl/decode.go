package toolimpl

import (
	"cmp"
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/toolgen-go/toolgen/internal/spell"
	"github.com/toolgen-go/toolgen/runtime"
)

// maxProblems is how many problems one ArgumentError lists in full.
const maxProblems = 20

// ArgumentError reports arguments that do not match a tool's schema: every
// problem found, sorted by path, or the one syntax error that stopped the
// decoding.
type ArgumentError struct {
	Problems []runtime.Problem
	// More is how many further problems were found but not listed.
	More int
}

func (e *ArgumentError) Error() string {
	var b strings.Builder
	b.WriteString("invalid arguments: ")
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(p.String())
	}
	if e.More > 0 {
		fmt.Fprintf(&b, "; and %d more", e.More)
	}
	return b.String()
}

// DecodeFunc decodes the arguments of a tool into v, reporting every
// problem to d. toolgen generates one for each argument type.
type DecodeFunc[In any] func(d *Decoder, v *In)

// Decode decodes the JSON arguments args with the generated function
// decode, with the limits and leniency of s (nil for the defaults). An
// empty args (or one of white space only), or null, means {}.
func Decode[T any](args []byte, s *runtime.Settings, decode DecodeFunc[T]) (T, error) {
	var v T
	var d Decoder
	d.BeginCall(s, nil, args)
	decode(&d, &v)
	if d.panicked != nil {
		return v, d.panicked
	}
	d.finish()
	return v, d.err()
}

var emptyObject = []byte("{}")

// noArguments reports whether args stand for {}: empty, white space, or
// null, which MCP clients send for a call without arguments.
func noArguments(args []byte) bool {
	if len(args) == 0 {
		return true
	}
	if c := args[0]; c != 'n' && !isSpace(c) {
		return false
	}
	t := trimSpace(args)
	return len(t) == 0 || string(t) == "null"
}

// A Decoder reads the JSON arguments of one call in a single pass. Generated
// decoders drive it: at each point they ask for the kind of value they
// expect, and the Decoder consumes the value and records any mismatch with
// its JSON Pointer path, so that one call reports every problem at once.
//
// After a syntax error the Decoder stops: every further read returns false
// and only the syntax error is reported.
type Decoder struct {
	data         []byte
	pos          int
	maxDepth     int
	nullOptional bool
	// optionalNull is set by OptionalNull, for the read that follows,
	// when an optional field holds a null the call does not take.
	optionalNull bool
	lenient      bool

	// The call's tool and settings, for the errors of the argument types'
	// own methods.
	info     *runtime.Info
	settings *runtime.Settings
	panicked *runtime.PanicError // a method of an argument type panicked

	syntax string // first syntax error, if any
	// syntaxPath is the JSON Pointer of the string that holds the first
	// syntax error, when it is one inside a string (invalid UTF-8, a
	// control character, a bad escape): the model is told which value to
	// mend, not only an offset it cannot count. inKey is set while a
	// member's key is read, whose pointer is its object's.
	syntaxPath string
	inKey      bool
	// within is the range IntIn reads an integer in, for the message of
	// one out of its type's range too (1e30 for a field of at most 14).
	within               bool
	withinMin, withinMax int64
	problems             []runtime.Problem
	more                 int
	listed               []string // the field lists Unknown has given
	counted              int      // the bytes Members has looked at
	// spent is what the large items decoded so far cost, of budget (see
	// KeepLarge); halted is set when they went over it, which stops the
	// decoding as a syntax error does.
	spent, budget int
	halted        bool
	// dry is set when the fast path went over the budget: no item is
	// kept (see Begin). afterFast is set when a fast path gave the
	// arguments up, as it does those the call refuses: CountLarge then
	// makes slices and maps for a few items only.
	dry, afterFast bool
	// countedLarge are the bytes CountLarge has looked at.
	countedLarge int

	arena   []byte           // the strings decoded so far (see intern)
	strings bool             // a string has been decoded
	curKey  []byte           // current object key, unescaped
	key     []byte           // an escaped current key, unescaped
	buf     []byte           // scratch for unescaped strings
	escaped bool             // the last string read had escapes
	ascii   bool             // the last string read is all ASCII (false if it had escapes)
	depth   int              // open objects and arrays
	stack   [stackSize]frame // the first stackSize of them
	deep    []frame          // the rest

	skip []byte // containers open while skipping a value

	// outer holds the arguments while d.data is the contents of a string
	// that a lenient call reads as the object or array it holds (see
	// unquote); outerPos is where they go on after the string, and
	// quotedDepth the depth outside that value: the frames below it are
	// the arguments'.
	outer       []byte
	outerPos    int
	quotedDepth int
}

// stackSize is how many levels of nesting a Decoder holds without
// allocating.
const stackSize = 8

// frame is an object or array being read.
type frame struct {
	array      bool
	single     bool // a lone value read as a one-element array
	keyEscaped bool
	n          int32 // members or elements started so far
	// the raw key of the current member of an object, as offsets in data
	keyStart, keyEnd int32
}

// top returns the innermost open object or array.
func (d *Decoder) top() *frame {
	if d.depth <= stackSize {
		return &d.stack[d.depth-1]
	}
	return &d.deep[d.depth-stackSize-1]
}

// frame returns the i-th open object or array, outermost first.
func (d *Decoder) frame(i int) *frame {
	if i < stackSize {
		return &d.stack[i]
	}
	return &d.deep[i-stackSize]
}

// finish checks that nothing but white space follows the arguments.
func (d *Decoder) finish() {
	if d.syntax != "" {
		return
	}
	d.ws()
	if d.pos < len(d.data) {
		d.syntaxError("unexpected %s after the arguments", d.describe())
	}
}

func (d *Decoder) err() error {
	if d.syntax != "" && !d.halted {
		return &ArgumentError{Problems: []runtime.Problem{{Path: d.syntaxPath, Message: d.syntax}}}
	}
	if len(d.problems) == 0 {
		return nil
	}
	ps := slices.Clone(d.problems)
	slices.SortStableFunc(ps, func(a, b runtime.Problem) int { return comparePaths(a.Path, b.Path) })
	return &ArgumentError{Problems: ps, More: d.more}
}

// Errorf records a problem with the value just read, at its path.
func (d *Decoder) Errorf(format string, args ...any) {
	if d.syntax != "" {
		return
	}
	if len(d.problems) == maxProblems {
		d.more++ // counted, not formatted
		return
	}
	for i, arg := range args {
		// A value the model wrote, which arguments as bytes are, is shown
		// in part: the model knows it. (A string argument may be the
		// program's own words, such as a method's error: it stays whole;
		// one the model wrote goes through echo.)
		if v, ok := arg.([]byte); ok && len(v) > maxEcho {
			args[i] = clip(string(v[:maxEcho+1]))
		}
	}
	d.problem(d.path(), fmt.Sprintf(format, args...))
}

// counting reports whether a problem recorded now would only be counted,
// past the ones a message lists (or after a syntax error), and counts it
// if so: the problems of the items of an array, which come by the
// thousand, check it first, so that Errorf's arguments are not even
// boxed for them (an allocation each).
func (d *Decoder) counting() bool {
	if d.syntax != "" {
		return true
	}
	if len(d.problems) == maxProblems {
		d.more++
		return true
	}
	return false
}

// NotOneOf reports that s, a string the model wrote, is none of values,
// the quoted strings of an enum written as a list ("a", "b"); it names the
// value s differs from only in case, if there is one, since that is how
// models most often miss an enum.
func (d *Decoder) NotOneOf(s []byte, values string) {
	hint := ""
	for rest := values; rest != ""; {
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			break
		}
		if v, err := strconv.Unquote(q); err == nil && hint == "" && strings.EqualFold(v, string(s)) {
			hint = "; did you mean " + q + "?"
		}
		rest = strings.TrimPrefix(rest[len(q):], ", ")
	}
	d.Errorf("must be one of %s; got %q%s", values, s, hint)
}

// maxEcho is how many bytes of a value the model wrote a problem shows.
const maxEcho = 64

// comparePaths orders JSON Pointers step by step, array indexes by their
// value (/list/2 before /list/10), other steps as text.
func comparePaths(a, b string) int {
	for a != "" && b != "" {
		var x, y string
		x, a = firstStep(a)
		y, b = firstStep(b)
		if c := compareSteps(x, y); c != 0 {
			return c
		}
	}
	return strings.Compare(a, b)
}

// firstStep splits a JSON Pointer into its first step and the rest, which
// starts with its slash ("" when there is no more).
func firstStep(p string) (step, rest string) {
	p = strings.TrimPrefix(p, "/")
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}

// compareSteps orders two steps of JSON Pointers: indexes (digits alone)
// by their value and before other steps, which are ordered as text, so
// that the order is one (9 < 10 < 1a, never 1a < 9).
func compareSteps(x, y string) int {
	switch xi, yi := isIndex(x), isIndex(y); {
	case xi && yi:
		return cmp.Or(cmp.Compare(len(x), len(y)), strings.Compare(x, y))
	case xi:
		return -1
	case yi:
		return 1
	}
	return strings.Compare(x, y)
}

// isIndex reports whether a step of a JSON Pointer is an array index.
func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// echo is s, a value the model wrote, as a problem shows it: cut after
// maxEcho bytes.
func echo(s string) string {
	if len(s) > maxEcho {
		return clip(s)
	}
	return s
}

// Echo is s, a string the model wrote, as a problem shows it: cut after
// 64 bytes, as Errorf cuts a value given as bytes.
func Echo(s string) string { return echo(s) }

// echoBytes is echo for a value held as bytes.
func echoBytes(b []byte) string {
	if len(b) > maxEcho {
		return clip(string(b[:maxEcho+1]))
	}
	return string(b)
}

// clip cuts s, longer than maxEcho bytes, after maxEcho of them, at the
// start of a character, and marks the cut with an ellipsis.
func clip(s string) string { return clipAt(s, maxEcho) }

// clipAt cuts s, longer than n bytes, after at most n bytes, at the start
// of a character, and marks the cut.
func clipAt(s string, n int) string {
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func (d *Decoder) problem(path, msg string) {
	if d.syntax != "" {
		return
	}
	if len(d.problems) == maxProblems {
		d.more++
		return
	}
	d.problems = append(d.problems, runtime.Problem{Path: path, Message: msg})
}

// Missing records that the current object lacks the required field name.
// Generated decoders call it after the object's last field.
func (d *Decoder) Missing(name string) {
	if d.syntax != "" {
		return
	}
	if len(d.problems) == maxProblems {
		d.more++ // counted, not formatted: no path built
		return
	}
	var b strings.Builder
	b.WriteString(d.path())
	b.WriteByte('/')
	writePointerToken(&b, []byte(name))
	d.problem(b.String(), "required field is missing")
}

// Unknown records that the current field is not one of the object's and
// skips its value; allowed lists the fields the object has.
func (d *Decoder) Unknown(allowed string) {
	switch {
	case d.syntax != "":
	case len(d.problems) == maxProblems:
		d.more++
	case allowed == "":
		d.problem(d.path(), "unknown field; this object takes no fields")
	default:
		msg := "unknown field"
		if near := nearest(d.curKey, allowed); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		// The fields of an object are listed once a call, not for each
		// of its unknown fields.
		if !slices.Contains(d.listed, allowed) {
			d.listed = append(d.listed, allowed)
			msg += "; the fields are: " + allowed
		}
		d.problem(d.path(), msg)
	}
	d.Skip()
}

// nearest returns the field of allowed (names separated by ", ") that
// key most likely meant: the same name in another case or with _ and -
// left out (userId for user_id), or one or two letters off (lmit for
// limit), or "" if none is that near. A long key is not looked at, so
// that the work stays small whatever the model sent.
func nearest(key []byte, allowed string) string {
	if len(key) > 64 {
		return ""
	}
	k := foldKey(string(key))
	best, bestDist := "", 3
	for name := range strings.SplitSeq(allowed, ", ") {
		f := foldKey(name)
		if f == k {
			return name
		}
		limit := 1
		if len(f) > 4 {
			limit = 2
		}
		if dist := spell.Distance(k, f, limit); dist <= limit && dist < bestDist {
			best, bestDist = name, dist
		}
	}
	return best
}

// foldKey returns s in lower case without _ and -, for nearest: userId,
// user_id and USER-ID fold alike.
func foldKey(s string) string {
	b := make([]byte, 0, len(s))
	for i := range len(s) {
		c := s[i]
		switch {
		case c == '_' || c == '-':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// tooDeep stops the decoding at nesting beyond the limit: valid JSON, but
// more than a call takes (Settings.MaxDepth).
func (d *Decoder) tooDeep() {
	if d.syntax == "" {
		d.syntax = fmt.Sprintf("the arguments nest too deeply: nesting deeper than %d levels is refused; send a flatter value", d.maxDepth)
	}
}

func (d *Decoder) syntaxError(format string, args ...any) {
	if d.syntax == "" {
		d.syntax = "the arguments are not valid JSON: " + fmt.Sprintf(format, args...)
	}
}

// stringError records a syntax error inside the string being read, at the
// string's JSON Pointer (its object's, for a key).
func (d *Decoder) stringError(format string, args ...any) {
	if d.syntax == "" {
		if d.inKey {
			d.syntaxPath = d.pathTo(d.depth - 1)
		} else {
			d.syntaxPath = d.path()
		}
	}
	d.syntaxError(format, args...)
}

// ws skips white space.
func (d *Decoder) ws() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

// peek returns the first byte of the next token, or 0 at the end of input
// or after a syntax error.
func (d *Decoder) peek() byte {
	if d.syntax != "" {
		return 0
	}
	d.ws()
	if d.pos >= len(d.data) {
		return 0
	}
	return d.data[d.pos]
}

func isNumberStart(c byte) bool { return c == '-' || '0' <= c && c <= '9' }

// kind names the JSON kind of a value starting with c.
func kind(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return "number"
	}
	return ""
}

// describe names what is at the current position, for a syntax error.
func (d *Decoder) describe() string {
	if d.pos >= len(d.data) {
		return "end of input (is it cut short?)"
	}
	c := d.data[d.pos]
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf("byte %#02x at offset %d", c, d.pos)
	}
	return fmt.Sprintf("character %q at offset %d", c, d.pos)
}

// mismatch records that the next value is not what the decoder expected
// (want, such as "a string") and skips it. It returns false.
func (d *Decoder) mismatch(want string) bool {
	c := d.peek()
	k := kind(c)
	if k == "" {
		d.syntaxError("expected a value, found %s", d.describe())
		return false
	}
	optional := d.optionalNull && k == "null"
	d.optionalNull = false
	switch {
	case len(d.problems) == maxProblems:
		d.more++ // counted without formatting, or boxing its arguments
	case optional:
		d.Errorf("must be %s, got null: the field is optional, so leave it out rather than send null", want)
	default:
		if text, ok := d.quotedScalar(want); ok {
			// The value in quotes, the commonest mistake: said plainly.
			d.Errorf("must be %s, got the string \"%s\": send %s, without quotes", want, text, text)
			break
		}
		if want == "an array" && d.quotedJSON('[') || want == "an object" && d.quotedJSON('{') {
			// An array or object encoded twice, as models send them.
			d.Errorf("must be %s, got a string that holds one: send the %s itself, not in quotes", want, want[strings.IndexByte(want, ' ')+1:])
			break
		}
		d.Errorf("must be %s, got %s", want, k)
	}
	d.Skip()
	return false
}

// quotedScalar returns the text of the string at the decoder's position
// when it holds, unescaped and short, what want asks for: an integer, a
// number, or true or false, sent in quotes.
func (d *Decoder) quotedScalar(want string) (string, bool) {
	if want != "an integer" && want != "a number" && want != "a boolean" {
		return "", false
	}
	rest := d.data[d.pos:]
	if len(rest) < 2 || rest[0] != '"' {
		return "", false
	}
	end := slices.Index(rest[1:min(len(rest), 34)], '"')
	if end < 1 {
		return "", false
	}
	text := rest[1 : 1+end]
	if want == "a boolean" {
		return string(text), string(text) == "true" || string(text) == "false"
	}
	if !isNumberStart(text[0]) {
		return "", false
	}
	inner := Decoder{data: text}
	num, integer := inner.readNumber()
	return string(text), num != nil && inner.pos == len(text) && (integer || want == "a number")
}

// Keep reports whether generated code should still keep the values it
// reads (the items of an array): until the arguments have as many problems
// as a message lists. Past that the call has failed and further problems
// are only counted, so rejecting any input costs memory in proportion to
// the problems reported, not to the input.
func (d *Decoder) Keep() bool { return d.syntax == "" && len(d.problems) < maxProblems }

// Skip consumes the next value, whatever it is.
func (d *Decoder) Skip() {
	open := d.skip[:0] // the containers entered, by opening bracket
	defer func() { d.skip = open[:0] }()
	for d.syntax == "" {
		switch c := d.peek(); c {
		case '{', '[':
			if d.depth+len(open) >= d.maxDepth {
				d.tooDeep()
				return
			}
			d.pos++
			if d.peek() == c+2 { // empty: '}' is '{'+2, ']' is '['+2
				d.pos++
				break
			}
			open = append(open, c)
			if c == '{' {
				d.objectKey()
			}
			continue
		case '"':
			d.readString()
		case 't':
			d.literal("true")
		case 'f':
			d.literal("false")
		case 'n':
			d.literal("null")
		default:
			if kind(c) != "number" {
				d.syntaxError("expected a value, found %s", d.describe())
				return
			}
			d.readNumber()
		}
		// After a value: close the containers it ends, then move on to the
		// next member or element.
	closing:
		for len(open) > 0 && d.syntax == "" {
			top := open[len(open)-1]
			switch d.peek() {
			case ',':
				d.pos++
				if top == '{' {
					d.objectKey()
				}
				break closing
			case top + 2:
				d.pos++
				open = open[:len(open)-1]
			default:
				d.syntaxError("expected ',' or %q, found %s", top+2, d.describe())
			}
		}
		if len(open) == 0 {
			return
		}
	}
}

// objectKey reads a member's key and its colon, for Skip.
func (d *Decoder) objectKey() {
	if d.peek() != '"' {
		d.syntaxError("expected a field name, found %s", d.describe())
		return
	}
	d.readString() // a key inside a skipped value: at the value's path
	if d.peek() != ':' {
		d.syntaxError("expected ':' after a field name, found %s", d.describe())
		return
	}
	d.pos++
}

func (d *Decoder) literal(lit string) bool {
	if len(d.data)-d.pos < len(lit) || string(d.data[d.pos:d.pos+len(lit)]) != lit {
		// The message points at the first byte that differs ("tru}":
		// the '}').
		for i := 0; i < len(lit) && d.pos < len(d.data) && d.data[d.pos] == lit[i]; i++ {
			d.pos++
		}
		d.syntaxError("expected %s, found %s", lit, d.describe())
		return false
	}
	d.pos += len(lit)
	return true
}

// readString reads the string at d.pos and returns its contents,
// unescaped. The result aliases d.data or d.buf: it is valid until the next
// read.
func (d *Decoder) readString() ([]byte, bool) {
	start := d.pos + 1
	data := d.data
	var high byte // the bytes passed over, or'd: >= 0x80 if any is not ASCII
	i := start
	for i < len(data) {
		c := data[i]
		if c == '"' || c == '\\' || c < 0x20 {
			break
		}
		high |= c
		i++
	}
	if i < len(data) && data[i] == '"' {
		d.pos = i + 1
		d.escaped = false
		d.ascii = high < utf8.RuneSelf
		s := data[start:i]
		if high >= utf8.RuneSelf && !utf8.Valid(s) {
			d.pos = start - 1
			d.stringError("invalid UTF-8 in the string at offset %d", start-1)
			return nil, false
		}
		return s, true
	}
	switch {
	case i >= len(data):
		d.pos = len(data)
		d.syntaxError("unterminated string starting at offset %d (is it cut short?)", start-1)
	case data[i] == '\\':
		return d.readEscaped(start, i)
	default:
		d.pos = i
		d.stringError("unescaped control character in a string: %s", d.describe())
	}
	return nil, false
}

// readEscaped finishes reading a string that has an escape at i.
func (d *Decoder) readEscaped(start, i int) ([]byte, bool) {
	// The unescaped string is no longer than the escaped one: d.buf is
	// made that long at once, not grown as the string is read. What is
	// before i was read already: it holds no quote.
	if n := i - start + rawLength(d.data, i); cap(d.buf) < n {
		d.buf = make([]byte, 0, n)
	}
	d.buf = append(d.buf[:0], d.data[start:i]...)
	for i < len(d.data) {
		c := d.data[i]
		switch {
		case c == '"':
			d.pos = i + 1
			d.escaped, d.ascii = true, false
			if !utf8.Valid(d.buf) {
				d.pos = start - 1
				d.stringError("invalid UTF-8 in the string at offset %d", start-1)
				return nil, false
			}
			return d.buf, true
		case c < 0x20:
			d.pos = i
			d.stringError("unescaped control character in a string: %s", d.describe())
			return nil, false
		case c != '\\':
			d.buf = append(d.buf, c)
			i++
			continue
		}
		if i+1 >= len(d.data) {
			break
		}
		switch e := d.data[i+1]; e {
		case '"', '\\', '/':
			d.buf = append(d.buf, e)
		case 'b':
			d.buf = append(d.buf, '\b')
		case 'f':
			d.buf = append(d.buf, '\f')
		case 'n':
			d.buf = append(d.buf, '\n')
		case 'r':
			d.buf = append(d.buf, '\r')
		case 't':
			d.buf = append(d.buf, '\t')
		case 'u':
			r, ok := hex4(d.data, i+2)
			if !ok {
				d.pos = i
				d.stringError("invalid \\u escape at offset %d", i)
				return nil, false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if r2, ok := hex4(d.data, i+2); ok && i+1 < len(d.data) && d.data[i] == '\\' && d.data[i+1] == 'u' {
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						i += 6
						r = dec
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			d.buf = utf8.AppendRune(d.buf, r)
			continue
		default:
			d.pos = i
			d.stringError("invalid escape %q in a string at offset %d", d.data[i:i+2], i)
			return nil, false
		}
		i += 2
	}
	d.pos = len(d.data)
	d.syntaxError("unterminated string starting at offset %d (is it cut short?)", start-1)
	return nil, false
}

func hex4(data []byte, i int) (rune, bool) {
	if i+4 > len(data) {
		return 0, false
	}
	var r rune
	for _, c := range data[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c = c - 'a' + 10
		case 'A' <= c && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// readNumber reads the number at d.pos and returns its text and whether it
// is written as an integer (no fraction, no exponent).
func (d *Decoder) readNumber() (text []byte, integer bool) {
	start, i := d.pos, d.pos
	n := len(d.data)
	digits := func() bool {
		j := i
		for i < n && '0' <= d.data[i] && d.data[i] <= '9' {
			i++
		}
		return i > j
	}
	if i < n && d.data[i] == '-' {
		i++
	}
	switch {
	case i < n && d.data[i] == '0':
		i++
	case !digits():
		return d.badNumber(start, i)
	}
	integer = true
	if i < n && d.data[i] == '.' {
		i++
		integer = false
		if !digits() {
			return d.badNumber(start, i)
		}
	}
	if i < n && (d.data[i] == 'e' || d.data[i] == 'E') {
		i++
		integer = false
		if i < n && (d.data[i] == '+' || d.data[i] == '-') {
			i++
		}
		if !digits() {
			return d.badNumber(start, i)
		}
	}
	d.pos = i
	return d.data[start:i], integer
}

func (d *Decoder) badNumber(start, i int) ([]byte, bool) {
	d.pos = i
	if i >= len(d.data) {
		d.syntaxError("number at offset %d is cut short", start)
	} else {
		d.syntaxError("invalid number at offset %d: unexpected %s", start, d.describe())
	}
	return nil, false
}

// push enters an object or array, checking that one more level of
// nesting is allowed.
func (d *Decoder) push(array bool) bool {
	if d.depth >= d.maxDepth {
		d.tooDeep()
		return false
	}
	if d.depth < stackSize {
		d.stack[d.depth] = frame{array: array}
	} else {
		d.deep = append(d.deep[:d.depth-stackSize], frame{array: array})
	}
	d.depth++
	d.pos++
	return true
}

func (d *Decoder) pop() {
	d.depth--
	d.pos++
	if d.depth == d.quotedDepth && d.outer != nil {
		// The end of a value read from a string: on with the arguments,
		// after the string.
		d.data, d.pos, d.outer = d.outer, d.outerPos, nil
	}
}

// unquote, in a lenient call, reads the string at the decoder's position
// as the object or array it holds, if it holds one (open is '{' or '['):
// models send `"[\"a\",\"b\"]"` for ["a","b"], a value encoded twice. The
// decoder then reads the string's contents up to the end of that value
// (see pop), its problems at the paths they would have outside a string.
// It reports whether it did so; a string that holds anything else is left
// for the caller to report. A string inside such a string is not read
// again, so that the work stays O(input): one more pass over the string
// to check it, and one copy if it had escapes.
func (d *Decoder) unquote(open byte) bool {
	if !d.lenient || d.outer != nil || d.peek() != '"' {
		return false
	}
	start := d.pos
	s, ok := d.readString()
	if !ok {
		return false // a syntax error, which stops the decoding
	}
	t := trimSpace(s)
	if len(t) == 0 || t[0] != open || !json.Valid(t) {
		d.pos = start
		return false
	}
	if d.escaped {
		t = slices.Clone(t) // d.buf, which the reads that follow reuse
	}
	d.outer, d.outerPos, d.quotedDepth = d.data, d.pos, d.depth
	d.data, d.pos = t, 0
	return true
}

// quotedJSON reports whether the value at the decoder's position is a
// string that holds a JSON object or array (open is '{' or '['), which it
// does not consume: for the message of a strict call that refuses one.
func (d *Decoder) quotedJSON(open byte) bool {
	if d.peek() != '"' {
		return false
	}
	start := d.pos
	defer func() { d.pos = start }()
	s, ok := d.readString()
	t := trimSpace(s)
	return ok && len(t) > 0 && t[0] == open && json.Valid(t)
}

// Object starts reading an object. It returns false, having recorded a
// problem and skipped the value, if the next value is not an object.
// Read its members with [Decoder.Field].
func (d *Decoder) Object() bool {
	if d.peek() != '{' && !d.unquote('{') {
		return d.mismatch("an object")
	}
	return d.push(false)
}

// Field moves to the next member of the object being read and returns
// true, with the member's key in [Decoder.Key]; the caller must then read
// or skip its value. At the end of the object it returns false.
func (d *Decoder) Field() bool {
	d.optionalNull = false // OptionalNull's, of the field before
	if d.syntax != "" {
		return false
	}
	f := d.top()
	c := d.peek()
	if f.n > 0 {
		switch c {
		case '}':
			d.pop()
			return false
		case ',':
			d.pos++
			c = d.peek()
		default:
			d.syntaxError("expected ',' or '}' after an object member, found %s", d.describe())
			return false
		}
	} else if c == '}' {
		d.pop()
		return false
	}
	if c != '"' {
		d.syntaxError("expected a field name, found %s", d.describe())
		return false
	}
	keyStart := d.pos + 1
	d.inKey = true
	key, ok := d.readString()
	d.inKey = false
	if !ok {
		return false
	}
	f.keyStart, f.keyEnd, f.keyEscaped = int32(keyStart), int32(d.pos-1), d.escaped
	if d.escaped {
		d.key = append(d.key[:0], key...) // d.buf is reused by the value
		key = d.key
	}
	d.curKey = key
	if d.pos < len(d.data) && d.data[d.pos] == ':' {
		d.pos++ // the usual case: no space before the colon
	} else if d.peek() == ':' {
		d.pos++
	} else {
		d.syntaxError("expected ':' after a field name, found %s", d.describe())
		return false
	}
	f.n++
	return true
}

// Key returns the key of the current object member. It is valid until the
// next call of Field.
func (d *Decoder) Key() []byte { return d.curKey }

// Members returns, for a map made right after [Decoder.Object] returned
// true, how many members the object seems to have: the size to make the
// map, so that it is not grown, rehashed and copied while it is filled.
// It counts the commas outside strings and nested values, over at most
// the next membersWindow bytes and at most maxMembersHint members (so
// that duplicate keys cannot make a large empty map); malformed input
// only makes the count wrong, which the decoding that follows reports.
// The bytes it looks at in one call add up to at most the arguments'
// length, however deeply maps nest, so that the guesses cost no more
// than one more reading of the arguments; past that, it guesses 0.
func (d *Decoder) Members() int {
	window := min(membersWindow, len(d.data)-d.counted, len(d.data)-d.pos)
	if window <= 0 {
		return 0
	}
	data := d.data[d.pos : d.pos+window]
	n, depth, inString := 0, 0, false
	i := 0
	defer func() { d.counted += i }()
	for ; i < len(data); i++ {
		c := data[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
			if n == 0 {
				n = 1
			}
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			if depth == 0 {
				return min(n, maxMembersHint)
			}
			depth--
		case c == ',' && depth == 0:
			n++
		}
	}
	return min(n, maxMembersHint)
}

// membersWindow and maxMembersHint bound the work and the size of the
// guess of [Decoder.Members].
const (
	membersWindow  = 2 << 10
	maxMembersHint = 128
)

// KeyString returns the key of the current object member as a string,
// kept with the call's other strings (see intern), for a map's keys: one
// allocation for them all, not one a key.
func (d *Decoder) KeyString() string { return d.intern(d.curKey) }

// Array starts reading an array. It returns false, having recorded a
// problem and skipped the value, if the next value is not an array. Read its
// elements with [Decoder.Elem].
func (d *Decoder) Array() bool {
	c := d.peek()
	if c != '[' && !d.unquote('[') {
		if d.lenient && c != 'n' && kind(c) != "" {
			// Lenient: a lone value stands for an array of one.
			if !d.push(true) {
				return false
			}
			d.pos--
			d.top().single = true
			return true
		}
		return d.mismatch("an array")
	}
	return d.push(true)
}

// Elem moves to the next element of the array being read and returns true;
// the caller must then read its value. At the end of the array it returns
// false.
func (d *Decoder) Elem() bool {
	if d.syntax != "" {
		return false
	}
	f := d.top()
	if f.single {
		if f.n == 0 {
			f.n++
			return true
		}
		d.depth-- // nothing to consume: there was no bracket
		return false
	}
	c := d.peek()
	if c == ']' {
		d.pop()
		return false
	}
	if f.n > 0 {
		if c != ',' {
			d.syntaxError("expected ',' or ']' after an array element, found %s", d.describe())
			return false
		}
		d.pos++
	}
	f.n++
	return true
}

// path returns the JSON Pointer of the value being read. It is built only
// when a problem is recorded: the happy path keeps just offsets.
//
// A path deeper than maxPointerDepth shows its first and last steps, with
// "/…" between: its cost, and the message's, stays bounded however deep
// the value.
func (d *Decoder) path() string { return d.pathTo(d.depth) }

// pathTo is path with only the outermost limit frames.
func (d *Decoder) pathTo(limit int) string {
	var b strings.Builder
	depth := 0
	for depth < limit && d.frame(depth).n > 0 {
		depth++ // the frames entered whose member or element is read
	}
	for i := range depth {
		if depth > maxPointerDepth && i == pointerHead {
			b.WriteString("/…")
		}
		if depth > maxPointerDepth && i >= pointerHead && i < depth-(maxPointerDepth-pointerHead) {
			continue
		}
		f := d.frame(i)
		if f.single {
			continue // a lone value read as an array: the model wrote no element
		}
		b.WriteByte('/')
		if f.array {
			b.WriteString(strconv.Itoa(int(f.n) - 1))
			continue
		}
		data := d.data
		if d.outer != nil && i < d.quotedDepth {
			data = d.outer // a frame outside a value read from a string
		}
		key := data[f.keyStart:f.keyEnd]
		if f.keyEscaped {
			tmp := Decoder{data: data, pos: int(f.keyStart) - 1}
			key, _ = tmp.readString()
		}
		writePointerToken(&b, key)
	}
	return b.String()
}

// maxPointerDepth is how many steps of a path a problem shows, the first
// pointerHead of them and the last ones.
const (
	maxPointerDepth = 8
	pointerHead     = 2
)

// maxPointerToken is how many bytes of a key a path shows: the model
// wrote the key, and reading it back in full only costs tokens.
const maxPointerToken = 64

// writePointerToken writes key escaped as JSON Pointer requires, with the
// control characters a model's key may hold written as JSON escapes (\n,
// \u001b), so that the message stays one line of text, and a key longer
// than maxPointerToken cut there with an ellipsis.
func writePointerToken(b *strings.Builder, key []byte) {
	const hex = "0123456789abcdef"
	for i := 0; i < len(key); {
		if i >= maxPointerToken {
			b.WriteString("…")
			return
		}
		c := key[i]
		switch {
		case c == '~':
			b.WriteString("~0")
		case c == '/':
			b.WriteString("~1")
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20 || c == 0x7f:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xf])
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(key[i:])
			b.WriteRune(r) // U+FFFD for a byte that is not UTF-8
			i += size
			continue
		default:
			b.WriteByte(c)
		}
		i++
	}
}

// Null consumes the next value and returns true if it is null; otherwise
// it consumes nothing and returns false.
func (d *Decoder) Null() bool {
	if d.peek() != 'n' {
		return false
	}
	return d.literal("null")
}

// OptionalNull reports whether the next value is a null that stands for an
// absent optional field, and if so consumes it. That is so only for a
// Registry in the OpenAI dialect, whose strict mode makes models send null
// for the optional fields they leave out; elsewhere null is checked against
// the field's type like any other value. Generated decoders call it first
// for each optional field.
func (d *Decoder) OptionalNull() bool {
	if d.nullOptional {
		return d.Null()
	}
	// A null the call does not take: the mismatch that follows says the
	// field is optional, so that the model leaves it out rather than
	// make a value up.
	d.optionalNull = d.peek() == 'n'
	return false
}

// OptionalBlank is [Decoder.OptionalNull] for an optional field whose
// value can be neither of the strings "" and "null" (a number, a boolean,
// an array or object, an enum without them): in a lenient call, either
// stands for the field's absence too, as models that fill in every
// optional field send them for those they mean to leave out.
func (d *Decoder) OptionalBlank() bool {
	if d.lenient && d.peek() == '"' {
		switch rest := d.data[d.pos:]; {
		case len(rest) >= 2 && rest[1] == '"':
			d.pos += 2
			return true
		case len(rest) >= 6 && string(rest[:6]) == `"null"`:
			d.pos += 6
			return true
		}
	}
	return d.OptionalNull()
}

// StringRef reads a string and returns its bytes, which are valid until
// the next read: for matching a value against constants without
// allocating.
func (d *Decoder) StringRef() ([]byte, bool) {
	if d.peek() != '"' {
		return nil, d.mismatch("a string")
	}
	return d.readString()
}

// Duration reads a time.Duration: an integer of nanoseconds, as
// encoding/json writes it. Models send a duration as Go writes it ("30s",
// "1m30s") as often as not: a lenient call takes that form, as
// time.ParseDuration reads it; a strict one refuses it, telling the model
// the number to send instead.
func (d *Decoder) Duration() (time.Duration, bool) {
	if d.peek() != '"' {
		n, ok := d.Int(64)
		return time.Duration(n), ok
	}
	start := d.pos
	text, ok := d.readString()
	if !ok {
		return 0, false
	}
	v, err := time.ParseDuration(unsafeString(text))
	raw := d.data[start:d.pos]
	switch {
	case err == nil && d.lenient:
		return v, true
	case err == nil:
		d.Errorf("must be an integer, a duration in nanoseconds: send %d for %s", int64(v), raw)
		return 0, false
	case d.lenient:
		// An integer in a string ("5", "1e9"), read as Int reads one in a
		// lenient call; its message, if it is none, says the unit.
		end, n := d.pos, len(d.problems)
		d.pos = start
		i, ok := d.Int(64)
		if !ok && len(d.problems) == n+1 && strings.HasPrefix(d.problems[n].Message, "must be an integer, got string") {
			d.problems = d.problems[:n]
			d.pos = end
			break
		}
		return time.Duration(i), ok
	}
	d.Errorf("must be an integer, a duration in nanoseconds (1s is 1000000000), got string %s", raw)
	return 0, false
}

// String reads a string.
func (d *Decoder) String() (string, bool) {
	if d.peek() != '"' {
		return "", d.mismatch("a string")
	}
	s, ok := d.readString()
	if !ok {
		return "", false
	}
	return d.intern(s), true
}

// intern returns s as a string. The first string of a call is allocated on
// its own; later ones are copied into the call's string arena (see
// arenaString), so a call with many strings (an array of ids) allocates
// once for them all.
func (d *Decoder) intern(s []byte) string {
	if len(s) == 0 {
		return ""
	}
	if d.arena == nil && !d.strings {
		d.strings = true
		return string(s)
	}
	return arenaString(&d.arena, s, len(d.data)-d.pos)
}

// arenaChunk is the most one string arena holds: a string a tool keeps
// (a map's key, a label) holds on to at most that much of the memory of
// its call's strings, not to all the arguments.
const arenaChunk = 16 << 10

// arenaString returns s, copied into *arena, as a string: a new arena is
// made when s does not fit in the old, sized to s and the rest of the
// arguments (rest bytes), which no later string can outgrow, up to
// arenaChunk; a string longer than that is allocated on its own. An
// arena's bytes are never written again.
func arenaString(arena *[]byte, s []byte, rest int) string {
	if len(s) > arenaChunk {
		return string(s)
	}
	if cap(*arena)-len(*arena) < len(s) {
		*arena = make([]byte, 0, min(len(s)+rest, arenaChunk))
	}
	start := len(*arena)
	*arena = append(*arena, s...)
	return unsafe.String(&(*arena)[start], len(s))
}

// Bool reads a boolean.
func (d *Decoder) Bool() (bool, bool) {
	switch d.peek() {
	case 't':
		if len(d.data)-d.pos >= 4 && d.data[d.pos+1] == 'r' && d.data[d.pos+2] == 'u' && d.data[d.pos+3] == 'e' {
			d.pos += 4
			return true, true
		}
		return true, d.literal("true")
	case 'f':
		return false, d.literal("false")
	case '"':
		if d.lenient {
			return lenientQuoted(d, "a boolean", d.QuotedBool)
		}
	}
	return false, d.mismatch("a boolean")
}

// Int reads an integer that fits in a signed integer of the given bits. A
// number with a zero fraction (3.0, 1e2) is an integer, as JSON Schema says;
// it is read exactly from its decimal text, never through float64.
func (d *Decoder) Int(bits int) (int64, bool) {
	if c := d.peek(); !isNumberStart(c) {
		if c == '"' && d.lenient {
			return lenientQuoted(d, "an integer", func() (int64, bool) { return d.lenientInt(bits) })
		}
		return 0, d.mismatch("an integer")
	}
	text, integer := d.readNumber()
	if text == nil {
		return 0, false
	}
	lo, hi := int64(math.MinInt64)>>(64-bits), int64(math.MaxInt64)>>(64-bits)
	if integer && len(text) <= 18 {
		// Fast path: at most 18 digits cannot overflow an int64.
		neg := text[0] == '-'
		var n int64
		for _, c := range text[b2i(neg):] {
			n = n*10 + int64(c-'0')
		}
		if neg {
			n = -n
		}
		if n >= lo && n <= hi {
			return n, true
		}
	} else if integer {
		if n, err := strconv.ParseInt(unsafeString(text), 10, bits); err == nil {
			return n, true
		}
	} else {
		// A fraction or an exponent: exactly, never through float64.
		switch n, st := exactInt(text, bits); st {
		case numInteger:
			return n, true
		case numNotInteger:
			d.Errorf("must be an integer, got %s", text)
			return 0, false
		}
	}
	if d.within {
		// Out of the field's own range too: say that range, within the
		// type's (a tag may allow more than the type holds).
		if text[0] == '-' {
			d.Errorf("must be at least %d, got %s", max(d.withinMin, lo), text)
		} else {
			d.Errorf("must be at most %d, got %s", min(d.withinMax, hi), text)
		}
		return 0, false
	}
	d.Errorf("must be an integer from %d to %d, got %s", lo, hi, text)
	return 0, false
}

// Uint reads a non-negative integer that fits in an unsigned integer of
// the given bits.
func (d *Decoder) Uint(bits int) (uint64, bool) {
	if c := d.peek(); !isNumberStart(c) {
		if c == '"' && d.lenient {
			return lenientQuoted(d, "an integer", func() (uint64, bool) { return d.lenientUint(bits) })
		}
		return 0, d.mismatch("an integer")
	}
	text, integer := d.readNumber()
	if text == nil {
		return 0, false
	}
	hi := uint64(math.MaxUint64) >> (64 - bits)
	if integer {
		if n, err := strconv.ParseUint(unsafeString(text), 10, bits); err == nil {
			return n, true
		}
		if text[0] == '-' && strings.Trim(unsafeString(text), "-0") == "" {
			return 0, true // -0
		}
	} else {
		// A fraction or an exponent: exactly, never through float64.
		switch n, st := exactUint(text, bits); st {
		case numInteger:
			return n, true
		case numNotInteger:
			d.Errorf("must be an integer, got %s", text)
			return 0, false
		}
	}
	d.Errorf("must be an integer from 0 to %d, got %s", hi, text)
	return 0, false
}

// Float reads a number that fits in a float of the given bits (32 or 64).
func (d *Decoder) Float(bits int) (float64, bool) {
	if c := d.peek(); !isNumberStart(c) {
		if c == '"' && d.lenient {
			return lenientQuoted(d, "a number", func() (float64, bool) { return d.QuotedFloat(bits) })
		}
		return 0, d.mismatch("a number")
	}
	text, _ := d.readNumber()
	if text == nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(unsafeString(text), bits)
	if err != nil {
		d.Errorf("must be a number that fits in %d-bit floating point, got %s", bits, text)
		return 0, false
	}
	return f, true
}

// Raw reads any value and returns a copy of its JSON text.
func (d *Decoder) Raw() (json.RawMessage, bool) {
	if d.peek() == 0 {
		return nil, d.mismatch("a value")
	}
	start := d.pos
	d.Skip()
	if d.syntax != "" {
		return nil, false
	}
	return slices.Clone(d.data[start:d.pos]), true
}

// Any reads any value as encoding/json would decode it into an any.
func (d *Decoder) Any() (any, bool) {
	raw, ok := d.Raw()
	if !ok || !d.spendAny(raw) {
		return nil, false
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		d.Errorf("%v", err)
		return nil, false
	}
	return v, true
}

// Time reads a date-time string in RFC 3339 format.
func (d *Decoder) Time() (time.Time, bool) {
	s, ok := d.String()
	if !ok {
		return time.Time{}, false
	}
	t, ok := parseDateTime(s)
	if !ok {
		if leap, valid := rfc3339(string(s), true); valid && leap {
			// RFC 3339 has them; Go's time.Time, which the tool gets, not.
			d.Errorf("a leap second (second 60) cannot be taken: send the time with second 59, got %q", echo(s))
			return time.Time{}, false
		}
		d.Errorf("must be a date-time in RFC 3339 format (2006-01-02T15:04:05Z), got %q", echo(s))
		return time.Time{}, false
	}
	return t, true
}

// JSONUnmarshaler reads a value of the JSON type jsonType ("string",
// "number", "integer", "boolean", "object", "array", or "" for any) and
// decodes it with v's own UnmarshalJSON: the fallback for types that decode
// themselves.
func (d *Decoder) JSONUnmarshaler(jsonType string, v json.Unmarshaler) bool {
	c := d.peek()
	got := kind(c)
	if jsonType != "" && got != "" && got != jsonType && !(jsonType == "integer" && got == "number") {
		if !d.lenient || got == "null" {
			// null is no loose form of a value, but its absence.
			return d.mismatch(article(jsonType))
		}
		// A lenient call hands the value to the method as it is ("5"
		// where the tag says integer): such types are often written to
		// take loose forms. If the method refuses it, the model learns
		// the type the schema says, and what to send for a number or
		// boolean in quotes, as a strict call says it.
		text, quoted := d.quotedScalar(article(jsonType))
		refused := func() bool {
			if quoted {
				d.Errorf("must be %s, got the string \"%s\": send %s, without quotes", article(jsonType), text, text)
			} else {
				d.Errorf("must be %s, got %s", article(jsonType), got)
			}
			return false
		}
		raw, ok := d.Raw()
		if ok && len(raw) > maxPlainDigits+2 {
			// As long as the plain digits the method gets otherwise.
			return refused()
		}
		if ok && d.method(func() error { return v.UnmarshalJSON(raw) }) != nil && d.panicked == nil {
			return refused()
		}
		return d.syntax == "" && d.panicked == nil
	}
	raw, ok := d.Raw()
	if !ok {
		return false
	}
	if jsonType == "integer" {
		if !isInteger(raw) {
			d.Errorf("must be an integer, got %s", raw)
			return false
		}
		// The method gets the integer in plain digits: 1e3 and 3.0 are
		// integers to JSON Schema, not to big.Int's UnmarshalJSON.
		if raw, ok = plainInteger(raw); !ok {
			d.Errorf("must be an integer of at most %d digits, got %s", maxPlainDigits, raw)
			return false
		}
	}
	if err := d.method(func() error { return v.UnmarshalJSON(raw) }); err != nil {
		d.methodError("", err)
		return false
	}
	return true
}

// TextUnmarshaler reads a string and decodes it with v's UnmarshalText.
func (d *Decoder) TextUnmarshaler(v encoding.TextUnmarshaler) bool {
	if d.peek() != '"' {
		return d.mismatch("a string")
	}
	s, ok := d.readString()
	if !ok {
		return false
	}
	if err := d.method(func() error { return v.UnmarshalText(s) }); err != nil {
		d.methodError(fmt.Sprintf("invalid value %q: ", echoBytes(s)), err)
		return false
	}
	return true
}

// errPanicked stands for a panic of an argument type's method, which
// d.panicked holds.
var errPanicked = errors.New("panicked")

// method calls f, an argument type's own UnmarshalJSON or UnmarshalText,
// containing a panic: the call then fails as a tool's panic fails it,
// whatever else the arguments hold.
func (d *Decoder) method(f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			if d.panicked == nil {
				name := ""
				if d.info != nil {
					name = d.info.Name
				}
				d.panicked = &runtime.PanicError{Tool: name, Value: v, Stack: debug.Stack()}
			}
			err = errPanicked
		}
	}()
	return f()
}

// methodError records the error of an argument type's own method, in the
// words the registry's Settings.ErrorText chooses.
func (d *Decoder) methodError(prefix string, err error) {
	if err == errPanicked {
		return
	}
	text := err.Error()
	if d.settings != nil && d.settings.ErrorText != nil {
		text = d.settings.ErrorText(d.info, err)
	}
	if len(text) > maxMethodError {
		// A method may put the model's bytes in its error
		// (encoding/json's own errors quote the value): a problem stays
		// short however long the value.
		text = clipAt(text, maxMethodError)
	}
	d.Errorf("%s%s", prefix, text)
}

// maxMethodError is how many bytes of an argument method's error a
// problem shows.
const maxMethodError = 256

func article(jsonType string) string {
	switch jsonType {
	case "integer", "object", "array":
		return "an " + jsonType
	}
	return "a " + jsonType
}

// lenientQuoted reads, in lenient mode, a value written as a string with
// read; a string that holds no such value is reported as the wrong type.
func lenientQuoted[T any](d *Decoder, want string, read func() (T, bool)) (T, bool) {
	n, start := len(d.problems), d.pos
	v, ok := read()
	if !ok && len(d.problems) == n+1 && d.pos > start && !strings.HasPrefix(d.problems[n].Message, outOfRange+"from") {
		raw := d.data[start:d.pos]
		if len(raw) > 40 {
			raw = append(raw[:37:37], "..."...)
		}
		d.problems[n].Message = fmt.Sprintf("must be %s, got string %s", want, raw)
	}
	return v, ok
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unsafeString returns b as a string without copying, for parsing calls
// that do not keep their argument.
func unsafeString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Bytes reads a base64 string, as encoding/json writes a []byte. Line
// breaks, which encoding/json skips, are refused, as the schema's pattern
// refuses them: the model is told the same as a validator would tell it.
func (d *Decoder) Bytes() ([]byte, bool) {
	s, ok := d.String()
	if !ok {
		return nil, false
	}
	if strings.ContainsAny(s, "\r\n") {
		d.Errorf("must be base64-encoded bytes on one line, without line breaks")
		return nil, false
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		d.Errorf("must be base64-encoded bytes: %v", err)
		return nil, false
	}
	return b, true
}

// NoInput is the argument type of a tool that takes no arguments.
type NoInput struct{}

// NoArguments checks the arguments of a tool that takes none, which must
// be an empty object (no text, or null, stands for one, as for any tool):
// it returns the failed Result that refuses them, and false, when they
// are not.
func NoArguments(s *runtime.Settings, info *runtime.Info, args json.RawMessage) (runtime.Result, bool) {
	var d Decoder
	d.BeginCall(s, info, args)
	DecodeNoInput(&d, nil)
	return d.EndCall()
}

// DecodeNoInput decodes the arguments of a tool that takes none: an empty
// object.
func DecodeNoInput(d *Decoder, _ *NoInput) {
	if !d.Object() {
		return
	}
	for d.Field() {
		d.Unknown("")
	}
}

// quoted reads a JSON string and sets inner to a decoder over its
// contents, for fields with the json tag option "string", which hold a
// number or a boolean inside a string, and for a lenient call's numbers
// and booleans in strings. inner is the caller's, on its stack: a lenient
// call of a million wrong elements ("" for an int) made one Decoder on
// the heap each, 119 MiB.
func (d *Decoder) quoted(want string, inner *Decoder) bool {
	if d.peek() != '"' {
		d.mismatch("a string holding " + want)
		return false
	}
	s, ok := d.readString()
	if !ok {
		return false
	}
	if !d.lenient && len(s) > 0 && (isSpace(s[0]) || isSpace(s[len(s)-1])) {
		// encoding/json takes the value alone, without white space
		// around it, and the schema's pattern says so; a lenient call
		// takes what models send.
		if !d.counting() {
			d.Errorf("must be a string holding %s, got %q", want, s)
		}
		return false
	}
	inner.data, inner.maxDepth = s, 1
	return true
}

// finishQuoted reports a quoted value that was not just one literal.
func (d *Decoder) finishQuoted(inner *Decoder, want string) bool {
	inner.ws()
	if inner.syntax != "" || len(inner.problems) > 0 || inner.pos != len(inner.data) || len(inner.data) == 0 {
		if !d.counting() {
			d.Errorf("must be a string holding %s, got %q", want, inner.data)
		}
		return false
	}
	return true
}

// quotedNumber reads a JSON string that must hold one JSON number and
// nothing else, and returns the number's text and whether it is written as
// an integer. want names the value for the message if it is not so.
func (d *Decoder) quotedNumber(want string, integer bool) ([]byte, []byte, bool) {
	var inner Decoder
	if !d.quoted(want, &inner) {
		return nil, nil, false
	}
	n := len(d.problems) + d.more
	var text []byte
	isInt := false
	if isNumberStart(inner.peek()) {
		text, isInt = inner.readNumber()
	}
	if text == nil || (integer && !isInt) || !d.finishQuoted(&inner, want) {
		if len(d.problems)+d.more == n { // finishQuoted did not say it
			if !d.counting() {
				d.Errorf("must be a string holding %s, got %q", want, inner.data)
			}
		}
		return nil, inner.data, false
	}
	return text, inner.data, true
}

// QuotedInt reads an integer written inside a JSON string ("42"), for a
// field with the json tag option "string"; in lenient mode, the integer
// itself too. QuotedUint, QuotedFloat and QuotedBool do the same.
func (d *Decoder) QuotedInt(bits int) (int64, bool) {
	if d.lenient {
		if d.peek() != '"' {
			return d.Int(bits) // the number itself
		}
		return d.lenientInt(bits) // "1e2", as the number would be read
	}
	text, raw, ok := d.quotedNumber("an integer", true)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(unsafeString(text), 10, bits)
	if err != nil {
		if !d.counting() {
			d.Errorf("must be a string holding an integer from %d to %d, got %q", int64(math.MinInt64)>>(64-bits), int64(math.MaxInt64)>>(64-bits), raw)
		}
		return 0, false
	}
	return n, true
}

// lenientInt reads, in lenient mode, an integer a model wrote as a
// string: one that holds a number whose value is an integer, as the number
// itself would be read ("10", "10.0", "1e2"). QuotedInt, for the json tag
// option string, takes digits alone, as encoding/json does.
func (d *Decoder) lenientInt(bits int) (int64, bool) {
	text, raw, ok := d.quotedNumber("an integer", false)
	if !ok {
		return 0, false
	}
	n, st := exactInt(text, bits)
	switch st {
	case numInteger:
		return n, true
	case numTooBig:
		if !d.counting() {
			d.Errorf(outOfRange+"from %d to %d, got string %q", int64(math.MinInt64)>>(64-bits), int64(math.MaxInt64)>>(64-bits), echoBytes(raw))
		}
	default:
		if !d.counting() {
			d.Errorf("must be an integer, got %q", raw)
		}
	}
	return 0, false
}

// outOfRange starts the problem of an integer out of its type's range,
// which lenientQuoted keeps as it is.
const outOfRange = "must be an integer "

// lenientUint is lenientInt for a non-negative integer.
func (d *Decoder) lenientUint(bits int) (uint64, bool) {
	text, raw, ok := d.quotedNumber("an integer", false)
	if !ok {
		return 0, false
	}
	n, st := exactUint(text, bits)
	switch st {
	case numInteger:
		return n, true
	case numTooBig:
		if !d.counting() {
			d.Errorf(outOfRange+"from 0 to %d, got string %q", uint64(math.MaxUint64)>>(64-bits), echoBytes(raw))
		}
	default:
		if !d.counting() {
			d.Errorf("must be an integer, got %q", raw)
		}
	}
	return 0, false
}

// QuotedUint reads a non-negative integer written inside a JSON string.
func (d *Decoder) QuotedUint(bits int) (uint64, bool) {
	if d.lenient {
		if d.peek() != '"' {
			return d.Uint(bits) // the number itself
		}
		return d.lenientUint(bits) // "1e2", as the number would be read
	}
	text, raw, ok := d.quotedNumber("an integer", true)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(unsafeString(text), 10, bits)
	if err != nil {
		if !d.counting() {
			d.Errorf("must be a string holding an integer from 0 to %d, got %q", uint64(math.MaxUint64)>>(64-bits), raw)
		}
		return 0, false
	}
	return n, true
}

// QuotedFloat reads a number written inside a JSON string ("1.5").
func (d *Decoder) QuotedFloat(bits int) (float64, bool) {
	if d.lenient && d.peek() != '"' {
		return d.Float(bits) // lenient: the number itself
	}
	text, raw, ok := d.quotedNumber("a number", false)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(unsafeString(text), bits)
	if err != nil {
		if !d.counting() {
			d.Errorf("must be a string holding a number that fits in %d-bit floating point, got %q", bits, raw)
		}
		return 0, false
	}
	return f, true
}

// QuotedBool reads a boolean written inside a JSON string ("true").
func (d *Decoder) QuotedBool() (bool, bool) {
	if d.lenient && d.peek() != '"' {
		return d.Bool() // lenient: the boolean itself
	}
	var inner Decoder
	if !d.quoted("true or false", &inner) {
		return false, false
	}
	var v bool
	switch inner.peek() {
	case 't':
		v = inner.literal("true")
	case 'f':
		inner.literal("false")
	default:
		return false, d.finishQuoted(&inner, "true or false") && false
	}
	return v, d.finishQuoted(&inner, "true or false")
}

// Next returns the JSON type of the next value ("object", "array",
// "string", "number", "boolean", "null"), or "" at the end of the input or
// before a byte that starts none, without reading it: generated code picks
// how to check a value whose type decodes itself from more than one JSON
// type.
func (d *Decoder) Next() string {
	d.ws()
	return kind(d.peek())
}

// OfTypes checks that the next value is of one of the JSON types, for
// oneof_type (exactlyOne) and anyof_type. If not, it records a problem,
// skips the value and returns false.
func (d *Decoder) OfTypes(exactlyOne bool, jsonTypes ...string) bool {
	c := d.peek()
	got := kind(c)
	if got == "" {
		return d.mismatch("a value")
	}
	matches := 0
	integral := false
	if got == "number" {
		start := d.pos
		text, integer := d.readNumber()
		d.pos = start
		if text == nil {
			return false
		}
		integral = integer || isInteger(text)
	}
	for _, t := range jsonTypes {
		if t == got || (t == "integer" && got == "number" && integral) {
			matches++
		}
	}
	switch {
	case matches == 0:
		d.Errorf("must be one of the types %s; got %s", strings.Join(jsonTypes, ", "), got)
	case exactlyOne && matches > 1:
		d.Errorf("must match exactly one of the types %s; it matches %d", strings.Join(jsonTypes, ", "), matches)
	default:
		return true
	}
	d.Skip()
	return false
}

// TextKey decodes the current object key into k with its UnmarshalText,
// for maps keyed by such a type. If the key is invalid it records a problem,
// skips the member's value and returns false.
func (d *Decoder) TextKey(k encoding.TextUnmarshaler) bool {
	if err := d.method(func() error { return k.UnmarshalText(slices.Clone(d.curKey)) }); err != nil {
		d.methodError(fmt.Sprintf("invalid key %q: ", echoBytes(d.curKey)), err)
		d.Skip()
		return false
	}
	return true
}

// Begin is BeginCall after a fast path, begun with st, gave the arguments
// up: if the fast path went over the call's memory budget (see
// budget.go), the full decoder only finds where, charging the items
// without keeping them, so that the call spends the budget once.
func (d *Decoder) Begin(st *Strings, s *runtime.Settings, info *runtime.Info, args json.RawMessage) {
	d.BeginCall(s, info, args)
	d.dry, d.afterFast = st.spent > st.budget, true
}

// BeginCall starts decoding the arguments of one call of a generated tool
// (info; nil for none) into d, usually a local variable of the generated
// Call, with the settings s of the Registry that runs it (nil for the
// defaults). The generated code decodes with d, then calls EndCall.
func (d *Decoder) BeginCall(s *runtime.Settings, info *runtime.Info, args json.RawMessage) {
	if s == nil {
		s = &defaults
	}
	if noArguments(args) {
		args = emptyObject
	}
	d.data, d.maxDepth, d.info, d.settings = args, maxDepth(s), info, s
	d.lenient = s.Lenient || (info != nil && info.Lenient)
	d.budget = maxMemory(s)
	d.nullOptional = s.NullOptional || d.lenient
	if max := maxBytes(s); len(args) > max {
		d.syntax = fmt.Sprintf("the arguments are %d bytes long; the limit is %d", len(args), max)
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// EndCall finishes decoding. It reports whether the arguments are valid;
// if they are not, res is the failed Result that tells the model every
// problem found.
func (d *Decoder) EndCall() (res runtime.Result, ok bool) {
	if d.panicked != nil {
		return runtime.Result{Error: "internal error: the arguments could not be decoded", Err: d.panicked}, false
	}
	d.finish()
	if err := d.err(); err != nil {
		return invalid(err.(*ArgumentError)), false
	}
	return runtime.Result{}, true
}

// invalid is the Result of a call whose arguments were rejected.
func invalid(err *ArgumentError) runtime.Result {
	return runtime.Result{Error: err.Error(), Problems: err.Problems}
}

// StringLength reads a string of min to max characters (runes; no maximum
// if max is negative), and records a problem if it is shorter or longer
// (see Length). It returns the string even then, and "" if it read none.
func (d *Decoder) StringLength(min, max int) string {
	if d.peek() != '"' {
		d.mismatch("a string")
		return ""
	}
	b, ok := d.readString()
	if !ok {
		return ""
	}
	s := d.intern(b)
	if n := len(s); !d.ascii || n < min || max >= 0 && n > max {
		d.Length(s, min, max) // counts the characters
	}
	return s
}

// Strings reads an array of strings, of min to max items (no maximum if
// max is negative), and records a problem if it has fewer or more (the
// messages of minItems and maxItems). It returns nil if the value is not
// an array.
func (d *Decoder) Strings(min, max int) []string {
	if !d.Array() {
		return nil
	}
	list, n := []string{}, 0
	for d.Elem() {
		s, _ := d.String()
		// Once the problems fill a message, items are dropped, so that
		// rejecting a huge array costs no memory per item.
		if d.Keep() {
			list = append(list, s)
		}
		n++
	}
	if n < min {
		d.Errorf("must have at least %s, got %d", plural(min, "item"), n)
	}
	if max >= 0 && n > max {
		d.Errorf("must have at most %s, got %d", plural(max, "item"), n)
	}
	return list
}

// IntIn reads an integer of type T, and records a problem if it is below
// min or above max (the messages of minimum and maximum). It returns 0 if
// it read none.
func IntIn[T ~int | ~int8 | ~int16 | ~int32 | ~int64](d *Decoder, min, max int64) T {
	var v T
	d.within, d.withinMin, d.withinMax = true, min, max
	n, ok := d.Int(8 * int(unsafe.Sizeof(v)))
	d.within = false
	if !ok {
		return 0
	}
	if n < min {
		d.Errorf("must be at least %d, got %d", min, n)
	}
	if n > max {
		d.Errorf("must be at most %d, got %d", max, n)
	}
	return T(n)
}

// StringMatching reads a string, and records a problem if pattern does not
// match it (the message of the JSON Schema keyword pattern, which pattern
// was compiled from). It returns the string even then, and "" if it read
// none.
func (d *Decoder) StringMatching(pattern *regexp.Regexp) string {
	s, ok := d.String()
	if ok && !pattern.MatchString(s) {
		d.PatternError(pattern, s)
	}
	return s
}

// PatternError records that s, a string the model wrote, does not match
// pattern; the problem shows s cut as echo cuts it.
func (d *Decoder) PatternError(pattern *regexp.Regexp, s string) {
	d.Errorf("must match the pattern %s; got %q", pattern, echo(s))
}
