package randtypes

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// pkgGen writes one random package: a file of shared types (enums, types
// with their own JSON or text form, embeddable structs) and one file per
// tool, so that a tool toolgen refuses can be dropped by its file.
type pkgGen struct {
	rnd    *rand.Rand
	tool   int
	decls  []string // the current tool's type declarations
	ntype  int
	output bool // the types of a result only
	// noKeywords leaves out the jsonschema keywords.
	noKeywords bool
}

// common is the file of types every tool's fields may use.
const common = `// Package %s is random types for toolgen (internal/randtypes).
package %s

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Color is an enum of strings.
type Color string

const (
	Red   Color = "red"
	Green Color = "green"
	Blue  Color = "blue"
)

// Level is an enum of integers.
type Level int

const (
	Low  Level = 1
	Mid  Level = 2
	High Level = 5
)

// Upper is a string with a text form: upper case.
type Upper string

// MarshalText writes u in upper case.
func (u Upper) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(u))), nil }

// UnmarshalText reads u in upper case.
func (u *Upper) UnmarshalText(b []byte) error {
	if len(b) > 1000 {
		return errors.New("too long")
	}
	*u = Upper(strings.ToUpper(string(b)))
	return nil
}

// Point has its own JSON form, its fields'.
type Point struct {
	X int ` + "`json:\"x\"`" + `
	Y int ` + "`json:\"y,omitempty\"`" + `
}

type pointJSON Point

// MarshalJSON writes p as its fields.
func (p Point) MarshalJSON() ([]byte, error) { return json.Marshal(pointJSON(p)) }

// UnmarshalJSON reads p from its fields.
func (p *Point) UnmarshalJSON(b []byte) error {
	var v pointJSON
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*p = Point(v)
	return nil
}

// Name is a string with its own JSON methods.
type Name string

// MarshalJSON writes n as a JSON string.
func (n Name) MarshalJSON() ([]byte, error) { return json.Marshal(string(n)) }

// UnmarshalJSON reads n from a JSON string.
func (n *Name) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*n = Name(s)
	return nil
}

// Base is embedded by value.
type Base struct {
	// ID identifies.
	ID    string ` + "`json:\"id\"`" + `
	Note  string ` + "`json:\"note,omitempty\"`" + `
	Count int    ` + "`json:\",omitempty\"`" + `
}

// Extra is embedded through a pointer.
type Extra struct {
	Tag   string  ` + "`json:\"tag,omitempty\"`" + `
	Score float64 ` + "`json:\"score,omitempty\"`" + `
}

// Meta is embedded with a name of its own.
type Meta struct {
	Key string ` + "`json:\"key\"`" + `
}

// Money is written by its MarshalJSON alone, with spaces encoding/json
// takes out.
type Money struct{ Cents int }

// MarshalJSON writes m as an object.
func (m Money) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf("{ \"eur\" : %%d.%%02d }", m.Cents/100, abs(m.Cents%%100))), nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Gauge has MarshalText on its pointer only: encoding/json writes it with
// the method where it is addressable, by its fields elsewhere.
type Gauge struct{ V int }

// MarshalText writes g with its unit.
func (g *Gauge) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "%%d bar", g.V), nil }

// Temp is a number written as text.
type Temp float64

// MarshalText writes t with its unit.
func (t Temp) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "%%gC", float64(t)), nil }

// MyKey is a map key with a text form that differs from its value.
type MyKey string

// MarshalText writes k with a prefix.
func (k MyKey) MarshalText() ([]byte, error) { return []byte("k-" + string(k)), nil }

// UnmarshalText reads k without its prefix.
func (k *MyKey) UnmarshalText(b []byte) error {
	*k = MyKey(strings.TrimPrefix(string(b), "k-"))
	return nil
}

// Span has its own IsZero, which omitzero follows: a negative N is zero.
type Span struct {
	N int ` + "`json:\"n\"`" + `
}

// IsZero reports whether s is empty.
func (s Span) IsZero() bool { return s.N <= 0 }

// Window has IsZero on its pointer.
type Window struct {
	From int ` + "`json:\"from\"`" + `
}

// IsZero reports whether w is empty.
func (w *Window) IsZero() bool { return w == nil || w.From%%2 == 0 }

// Void is an array of no elements written by its MarshalJSON: always
// empty to omitempty, whatever the method writes.
type Void [0]int

// MarshalJSON writes a string.
func (Void) MarshalJSON() ([]byte, error) { return []byte(` + "`\"void\"`" + `), nil }

// Pair is an array written as text.
type Pair [2]int8

// MarshalText writes p as two numbers.
func (p Pair) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "%%d,%%d", p[0], p[1]), nil }

// MyInt is a named integer.
type MyInt int16

// MyStrings is a named slice.
type MyStrings []string

// Bag is a named map.
type Bag map[string]int
`

// kinds a field may take, weighted by repetition.
var scalarKinds = []string{
	"string", "string", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
	"float32", "float64", "float64", "bool", "bool", "Color", "Level", "Upper", "MyInt",
	"time.Time", "time.Duration", "json.RawMessage", "[]byte", "Point", "any", "Name", "Span", "Window",
}

// outputKinds are the kinds of results only: types that write themselves
// and do not read themselves.
var outputKinds = []string{"Money", "Gauge", "*Gauge", "Temp", "Upper", "Point", "Name", "json.Number", "uintptr", "Span", "Window", "*Window", "Span", "time.Time", "Void", "Pair"}

// typ returns a random Go type expression of at most depth levels.
func (g *pkgGen) typ(depth int) string {
	r := g.rnd
	if depth <= 0 || r.IntN(10) < 5 {
		if g.output && r.IntN(3) == 0 {
			return outputKinds[r.IntN(len(outputKinds))]
		}
		return scalarKinds[r.IntN(len(scalarKinds))]
	}
	switch r.IntN(9) {
	case 0, 1:
		if t := g.typ(depth - 1); !strings.HasPrefix(t, "*") {
			return "*" + t
		}
		return "[]" + g.typ(depth-1)
	case 2, 3:
		return "[]" + g.typ(depth-1)
	case 4:
		return "[" + strconv.Itoa(r.IntN(4)) + "]" + g.typ(depth-1)
	case 5:
		// Keys of string kind, one with a text form, one with JSON
		// methods (which map keys do not use); an integer now and then,
		// which toolgen refuses.
		keys := []string{"string", "string", "string", "Color", "Upper", "Name", "MyKey"}
		if r.IntN(30) == 0 {
			keys = []string{"int"}
		}
		return "map[" + keys[r.IntN(len(keys))] + "]" + g.typ(depth-1)
	case 6:
		return []string{"MyStrings", "Bag"}[r.IntN(2)]
	default:
		return g.structType(depth - 1)
	}
}

// structType declares a new named struct type and returns its name.
func (g *pkgGen) structType(depth int) string {
	g.ntype++
	name := fmt.Sprintf("S%d_%d", g.tool, g.ntype)
	g.decls = append(g.decls, g.structDecl(name, depth, 1+g.rnd.IntN(4)))
	return name
}

// structDecl returns the declaration of a struct type with n fields.
func (g *pkgGen) structDecl(name string, depth, n int) string {
	r := g.rnd
	var b strings.Builder
	fmt.Fprintf(&b, "// %s is a random struct.\ntype %s struct {\n", name, name)
	used := map[string]bool{}
	if r.IntN(6) == 0 {
		b.WriteString("\tBase\n")
	}
	if r.IntN(6) == 0 {
		b.WriteString("\t*Extra\n")
	}
	if r.IntN(10) == 0 {
		b.WriteString("\tMeta `json:\"meta\"`\n")
	}
	if depth > 0 && r.IntN(8) == 0 {
		// An embedded struct of its own, by value or through a pointer.
		fmt.Fprintf(&b, "\t%s%s\n", []string{"", "*"}[r.IntN(2)], g.structType(depth-1))
	}
	if r.IntN(10) == 0 {
		// A recursive type.
		fmt.Fprintf(&b, "\tNext *%s `json:\"next,omitempty\"`\n", name)
	}
	if r.IntN(14) == 0 {
		fmt.Fprintf(&b, "\tKids []%s `json:\"kids,omitempty\" jsonschema:\"maxItems=2\"`\n", name)
	}
	for i := range n {
		fname := fmt.Sprintf("F%d", i)
		if r.IntN(12) == 0 {
			fname = fmt.Sprintf("f%d", i) // unexported: not a property
		}
		t := g.typ(depth)
		if r.IntN(6) == 0 {
			fmt.Fprintf(&b, "\t// %s is field %d, described by its comment.\n", fname, i)
		}
		tag := g.tag(t, used)
		if fname[0] == 'f' {
			tag = ""
		}
		fmt.Fprintf(&b, "\t%s %s %s\n", fname, t, tag)
	}
	b.WriteString("}\n")
	return b.String()
}

// jsonNames is a small pool, so that renamed fields sometimes collide
// with the promoted fields of embedded structs.
var jsonNames = []string{"a", "b", "id", "note", "tag", "key", "Count", "x_y", "n-1", "ü",
	"a/b", "m~n", "$ref", "<x>", "a b", "%", "properties", "required", "#", "1", "$defs", "a.b"}

// tag returns a random struct tag, backquoted, for a field of type t.
func (g *pkgGen) tag(t string, used map[string]bool) string {
	r := g.rnd
	var parts []string
	name := ""
	switch r.IntN(5) {
	case 0: // the Go name
	case 1:
		name = jsonNames[r.IntN(len(jsonNames))]
	default:
		name = fmt.Sprintf("p%d", g.rnd.IntN(1000))
	}
	if used[name] && name != "" {
		name = ""
	}
	used[name] = true
	var opts []string
	optional := false
	switch r.IntN(6) {
	case 0, 1:
		opts = append(opts, "omitempty")
		optional = true
	case 2:
		opts = append(opts, "omitzero")
		optional = true
	}
	if stringable(t) && r.IntN(5) == 0 {
		opts = append(opts, "string")
	}
	if r.IntN(25) == 0 {
		parts = append(parts, `json:"-"`)
	} else if name != "" || len(opts) > 0 || r.IntN(2) == 0 {
		parts = append(parts, `json:"`+strings.Join(append([]string{name}, opts...), ",")+`"`)
	}
	quoted := slices.Contains(opts, "string")
	// Bounds of a number written in a string (the string option) are
	// enforced by the decoder and stated in words, which the reference
	// validator cannot read: none here.
	if kw := g.keywords(t, optional); len(kw) > 0 && !g.output && !quoted && !g.noKeywords {
		parts = append(parts, `jsonschema:"`+strings.Join(kw, ",")+`"`)
	} else if r.IntN(8) == 0 {
		parts = append(parts, `jsonschema:"the value, e.g. 3 (or more)"`)
	}
	if r.IntN(8) == 0 {
		parts = append(parts, `jsonschema_description:"described by jsonschema_description"`)
	}
	if len(parts) == 0 {
		return ""
	}
	return "`" + strings.Join(parts, " ") + "`"
}

// stringable reports whether ,string applies to t.
func stringable(t string) bool {
	t = strings.TrimPrefix(t, "*")
	switch t {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64",
		"float32", "float64", "bool", "MyInt", "Level", "Color":
		return true
	}
	return false
}

// intRange is the range of an integer type.
func intRange(t string) (lo, hi int64) {
	switch t {
	case "int8":
		return -128, 127
	case "uint8":
		return 0, 255
	case "int16", "MyInt":
		return -32768, 32767
	case "uint", "uint16", "uint32", "uint64":
		return 0, 1 << 20
	}
	return -1 << 20, 1 << 20
}

// keywords returns random invopop keywords that fit a field of type t.
func (g *pkgGen) keywords(t string, optional bool) []string {
	r := g.rnd
	if r.IntN(3) == 0 {
		return nil
	}
	var kw []string
	if r.IntN(4) == 0 {
		kw = append(kw, "description=a field")
	}
	if !optional && r.IntN(10) == 0 {
		kw = append(kw, "title=T")
	}
	if optional && r.IntN(8) == 0 {
		kw = append(kw, "required")
		optional = false // no default
	}
	base := strings.TrimPrefix(t, "*")
	switch {
	case base == "string" || base == "Name":
		if base == "Name" {
			kw = append(kw, "type=string")
		}
		lo := r.IntN(3)
		if r.IntN(2) == 0 {
			kw = append(kw, "minLength="+strconv.Itoa(lo))
		}
		hi := lo + r.IntN(6)
		if r.IntN(2) == 0 {
			kw = append(kw, "maxLength="+strconv.Itoa(hi))
		}
		switch r.IntN(6) {
		case 0:
			kw = append(kw, "pattern=^[a-z]*$")
		case 1:
			kw = append(kw, "format="+[]string{"date-time", "date", "time", "email", "uri", "uuid", "ipv4", "ipv6", "hostname"}[r.IntN(9)])
		case 2:
			kw = append(kw, "enum=ab", "enum=abc", "enum=")
		}
		if optional && r.IntN(3) == 0 && len(kw) == 0 {
			kw = append(kw, "default=xy")
		}
	case base == "float32" || base == "float64" || base == "int" || strings.HasPrefix(base, "int") || strings.HasPrefix(base, "uint") || base == "MyInt":
		lo, hi := intRange(base)
		min := int64(r.IntN(11)) - 5
		if strings.HasPrefix(base, "uint") {
			min = int64(r.IntN(5))
		}
		max := min + int64(r.IntN(30))
		if r.IntN(4) == 0 {
			// The type's bounds, or beyond a float's exact integers.
			min, max = lo, hi
		}
		hasMin, hasMax := false, false
		if r.IntN(2) == 0 {
			if r.IntN(3) == 0 {
				kw = append(kw, fmt.Sprintf("exclusiveMinimum=%d", min-1))
			} else {
				kw = append(kw, fmt.Sprintf("minimum=%d", min))
			}
			hasMin = true
		}
		if r.IntN(2) == 0 {
			if r.IntN(3) == 0 {
				kw = append(kw, fmt.Sprintf("exclusiveMaximum=%d", max+1))
			} else {
				kw = append(kw, fmt.Sprintf("maximum=%d", max))
			}
			hasMax = true
		}
		if r.IntN(5) == 0 {
			if strings.HasPrefix(base, "float") && r.IntN(2) == 0 {
				kw = append(kw, "multipleOf=0.5")
			} else {
				kw = append(kw, "multipleOf=3")
			}
		} else if r.IntN(6) == 0 && !hasMin && !hasMax {
			kw = append(kw, "enum=1", "enum=2", "enum=7")
			if strings.HasPrefix(base, "float") {
				kw = append(kw, "enum=2.5")
			}
		}
		if optional && r.IntN(3) == 0 {
			d := min
			if !hasMin && !hasMax && len(kw) == 0 {
				d = 3
			}
			if !slices.Contains(kw, "multipleOf=3") && !strings.Contains(strings.Join(kw, ","), "enum") {
				kw = append(kw, fmt.Sprintf("default=%d", d))
			}
		}
	case base == "bool":
		if optional && r.IntN(3) == 0 {
			kw = append(kw, "default=true")
		}
	case base == "Color" && optional && r.IntN(2) == 0:
		kw = append(kw, "default=green")
	case base == "Level" && optional && r.IntN(2) == 0:
		kw = append(kw, "default=2")
	case base == "time.Time" && optional && r.IntN(2) == 0:
		kw = append(kw, "default=2024-02-29T12:00:00+01:00")
	case base == "time.Duration" && optional && r.IntN(2) == 0:
		kw = append(kw, "default=1500000000")
	case (base == "[]string" || base == "MyStrings") && optional && r.IntN(2) == 0:
		kw = append(kw, "default=a;b", "default=c") // one default= an item, as invopop reads them
	case (base == "[]int" || base == "[]float64") && optional && r.IntN(2) == 0:
		kw = append(kw, "default=1", "default=2")
	case strings.HasPrefix(base, "[]") && base != "[]byte" || base == "MyStrings":
		if r.IntN(2) == 0 {
			kw = append(kw, "minItems="+strconv.Itoa(r.IntN(2)))
		}
		if r.IntN(2) == 0 {
			kw = append(kw, "maxItems="+strconv.Itoa(2+r.IntN(3)))
		}
		elem := strings.TrimPrefix(base, "[]")
		if base == "MyStrings" {
			elem = "string"
		}
		if r.IntN(4) == 0 && (elem == "string" || elem == "bool" || elem == "float64" || strings.HasPrefix(elem, "int") || strings.HasPrefix(elem, "uint")) {
			kw = append(kw, "uniqueItems")
		}
		if elem == "string" && r.IntN(3) == 0 {
			kw = append(kw, "maxLength=4")
		}
		if (elem == "int" || elem == "int64") && r.IntN(3) == 0 {
			kw = append(kw, "minimum=0")
		}
	}
	return kw
}

// toolFile returns the file of tool i: its types and its function, and
// the Go type expressions of its arguments and result and how the result
// holds the arguments (for the test to take them back out).
func (g *pkgGen) toolFile(pkg string, i int) (src, in, out, unwrap string, result, stream bool) {
	g.tool, g.decls, g.ntype = i, nil, 0
	r := g.rnd
	in = fmt.Sprintf("In%d", i)
	switch r.IntN(12) {
	case 0:
		// Wide: more fields than a word has bits, without keywords,
		// so that some documents are valid.
		g.noKeywords = true
		g.decls = append(g.decls, g.structDecl(in, 0, 60+r.IntN(80)))
		g.noKeywords = false
	case 1:
		// Deep.
		g.decls = append(g.decls, g.structDecl(in, 5, 1+r.IntN(4)))
	default:
		g.decls = append(g.decls, g.structDecl(in, 2, 1+r.IntN(6)))
	}
	out, wrap := in, "in"
	unwrap = "return o"
	switch r.IntN(6) {
	case 0:
		out, wrap, unwrap = "*"+in, "&in", "return *o"
	case 1:
		out, wrap, unwrap = "[]"+in, "[]"+in+"{in}", "return o[0]"
	case 2:
		out, wrap, unwrap = "map[string]"+in, "map[string]"+in+"{\"k\": in}", "return o[\"k\"]"
	case 3:
		out, wrap, unwrap = "[1]"+in, "[1]"+in+"{in}", "return o[0]"
	}
	var params string
	if r.IntN(5) == 0 {
		// Plain parameters: the arguments are a struct of the same
		// fields, required but pointers, which the result holds.
		in = fmt.Sprintf("Plain%d", i)
		var fields, names, args []string
		// Two at least: a lone struct parameter is the whole object.
		for k := range 2 + r.IntN(2) {
			pt := g.typ(1)
			pname := fmt.Sprintf("arg%d", k)
			opt := ""
			if strings.HasPrefix(pt, "*") {
				opt = ",omitempty"
			}
			fields = append(fields, fmt.Sprintf("\tArg%d %s `json:\"%s%s\"`\n", k, pt, pname, opt))
			names = append(names, pname)
			args = append(args, pname+" "+pt)
		}
		g.decls = append(g.decls, fmt.Sprintf("// %s holds the parameters of Tool%d.\ntype %s struct {\n%s}\n", in, i, in, strings.Join(fields, "")))
		var lits []string
		for k, n := range names {
			lits = append(lits, fmt.Sprintf("Arg%d: %s", k, n))
		}
		params = strings.Join(args, ", ")
		out, wrap, unwrap = in, in+"{"+strings.Join(lits, ", ")+"}", "return o"
	}
	body := "return " + wrap + ", nil"
	if params == "" && r.IntN(6) == 0 {
		// The arguments through a pointer.
		params = "pin *" + in
		body = "in := *pin\n\treturn " + wrap + ", nil"
	}
	var opts []string
	if r.IntN(4) == 0 {
		opts = append(opts, "group=g")
	}
	if r.IntN(8) == 0 {
		opts = append(opts, "omit=gemini")
	}
	if r.IntN(3) == 0 {
		// A tool whose result is of its own random type, which the test
		// sets before each call.
		g.output = true
		o := fmt.Sprintf("Out%d", i)
		g.decls = append(g.decls, g.structDecl(o, 2, 1+r.IntN(6)))
		g.output = false
		res := o
		switch r.IntN(6) {
		case 0:
			res = "*" + o
		case 1, 2:
			// Not a struct: what encoding/json writes as it is (a
			// string result is text, not JSON: none).
			g.output = true
			for res = "string"; res == "string" || isStringKind(res); {
				res = g.typ(2)
			}
			g.output = false
		}
		result = true
		g.decls = append(g.decls, fmt.Sprintf("// Result%d is what Result%dTool returns.\nvar Result%d %s\n\n// ResultTool%d returns Result%d.\n//\n//tool:export result%d\nfunc ResultTool%d(ctx context.Context) (%s, error) { return Result%d, nil }\n",
			i, i, i, res, i, i, i, i, res, i))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport (\n\t\"context\"\n\t\"encoding/json\"\n\t\"iter\"\n\t\"time\"\n)\n\nvar (\n\t_ json.RawMessage\n\t_ time.Time\n\t_ iter.Seq[int]\n)\n\n", pkg)
	for _, d := range g.decls {
		b.WriteString(d)
		b.WriteString("\n")
	}
	if params == "" {
		params = "in " + in
	}
	fmt.Fprintf(&b, "// Tool%d returns its arguments.\n//\n//tool:export tool%d %s\nfunc Tool%d(ctx context.Context, %s) (%s, error) {\n\t%s\n}\n",
		i, i, strings.Join(opts, " "), i, params, out, body)
	if strings.HasPrefix(params, "in ") && r.IntN(5) == 0 {
		// A streamable tool of the same arguments, which sends them
		// twice.
		stream = true
		fmt.Fprintf(&b, "\n// Stream%d sends its arguments twice.\n//\n//tool:export stream%d\nfunc Stream%d(ctx context.Context, in %s) iter.Seq2[%s, error] {\n\treturn func(yield func(%s, error) bool) {\n\t\t_ = yield(in, nil) && yield(in, nil)\n\t}\n}\n",
			i, i, i, in, in, in)
	}
	return b.String(), in, out, unwrap, result, stream
}

// isStringKind reports whether a result of type t is text: a string kind.
func isStringKind(t string) bool {
	switch t {
	case "Color", "Upper", "Name", "MyKey":
		return true
	}
	return false
}
