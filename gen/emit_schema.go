package gen

import (
	"strings"

	"github.com/dave/jennifer/jen"
)

// A tool's argument schema is written once for each dialect, and the
// dialects agree on most properties: a property without constraints that
// a dialect moves into its description is the same bytes in all four. So
// each line of a schema literal (a property, as schemaLiteral splits it)
// that two or more of the tool's schemas hold is written once, as a
// constant named after the property, and the schemas concatenate it. The
// constants are Go constants: the schemas are the same bytes as before,
// joined at compile time.

// schemaPiece is one line of a schema literal.
type schemaPiece struct {
	text string
	// path names the property the piece starts, from the root: the keys of
	// the "properties" (and "$defs") objects it is in. For the rest of an
	// object after its properties (end), the path of that object.
	path []string
	end  bool
}

// schemaPieces cuts compact schema JSON where splitSchema does (before each
// member of a "properties" object, and after such an object), and names
// each piece by the property it starts or ends.
func schemaPieces(data []byte) []schemaPiece {
	type level struct {
		props   bool // a "properties" object
		defs    bool // a "$defs" object
		members int
		path    []string // the property (or definition) this object or array is in
	}
	var (
		pieces    []schemaPiece
		stack     []level
		cur       = schemaPiece{}
		start     = 0
		inString  bool
		escaped   bool
		keyStart  = -1
		lastKey   string
		propKey   string // the key of the member of a "properties" object whose value comes next
		pendingAt = -1   // where the piece starting at a member's key began
	)
	cut := func(at int, next schemaPiece) {
		cur.text = string(data[start:at])
		pieces = append(pieces, cur)
		cur, start = next, at
	}
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
				if keyStart >= 0 {
					lastKey = string(data[keyStart+1 : i])
					if pendingAt >= 0 {
						top := stack[len(stack)-1]
						cur.path = append(append([]string(nil), top.path...), lastKey)
						pendingAt = -1
					}
				}
			}
			continue
		}
		switch c {
		case '"':
			inString = true
			keyStart = -1
			if i > 0 && (data[i-1] == '{' || data[i-1] == ',') && len(stack) > 0 {
				keyStart = i
				top := &stack[len(stack)-1]
				if top.props && i > start {
					cut(i, schemaPiece{})
					pendingAt = i // named once its key is read
				}
				top.members++
			}
		case ':':
			propKey = ""
			if top := len(stack) - 1; top >= 0 && (stack[top].props || stack[top].defs) {
				propKey = lastKey
			}
		case '{', '[':
			var l level
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				l.path = parent.path
				if (parent.props || parent.defs) && propKey != "" && data[i-1] == ':' {
					l.path = append(append([]string(nil), parent.path...), propKey)
				}
			}
			l.props = c == '{' && lastKey == "properties" && i > 0 && data[i-1] == ':'
			l.defs = c == '{' && lastKey == "$defs" && i > 0 && data[i-1] == ':'
			stack = append(stack, l)
		case '}', ']':
			if len(stack) > 0 {
				closed := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if closed.props && closed.members > 0 {
					end := i + 1
					if end < len(data) && data[end] == ',' {
						end++
					}
					cut(end, schemaPiece{path: closed.path, end: true})
					i = end - 1
				}
			}
		}
	}
	if start < len(data) || len(pieces) == 0 {
		cur.text = string(data[start:])
		pieces = append(pieces, cur)
	}
	return pieces
}

// sharedSchemas writes, before the tool's Info, the constants holding the
// lines that more than one of the tool's schemas hold, where that saves
// bytes, and returns the function that writes a schema of the tool as a
// Go string expression (what schemaLiteral writes, with those lines
// replaced by their constants). Schemas that are the standard one, for a
// dialect that cannot express the arguments, are left out: the tool
// shares them through a variable; so are those the runtime derives.
func (e *emitter) sharedSchemas(t *Tool, derived [numDialects]bool, base string) func(schema []byte) jen.Code {
	type shared struct {
		name  string
		count int
		first Dialect // the first schema holding it
		piece schemaPiece
	}
	byText := make(map[string]*shared)
	var order []*shared
	for _, d := range []Dialect{Standard, OpenAI, Gemini, Anthropic} {
		if t.Schemas[d] == nil || (d != Standard && t.Degraded[d]) || derived[d] {
			continue
		}
		for _, p := range schemaPieces(t.Schemas[d]) {
			s, ok := byText[p.text]
			if !ok {
				s = &shared{first: d, piece: p}
				byText[p.text] = s
				order = append(order, s)
			}
			s.count++
		}
	}
	var consts []jen.Code
	for _, s := range order {
		if s.count < 2 {
			continue
		}
		name := base + pieceName(s.piece)
		if s.first != Standard {
			name += dialectFields[s.first]
		}
		// Written once as a constant, and referred to count times, instead
		// of written count times: only where that saves bytes, and not for
		// short lines, which read better in place.
		if cost := len(name) + 4 + s.count*(len(name)+6); len(s.piece.text) < minShared || (s.count-1)*len(s.piece.text) <= cost {
			continue
		}
		s.name = e.names.name(name)
		consts = append(consts, jen.Id(s.name).Op("=").Add(stringLit(s.piece.text)))
	}
	if len(consts) == 0 {
		return schemaLiteral
	}
	e.f.Const().Defs(consts...)
	e.f.Line()
	return func(schema []byte) jen.Code {
		var code *jen.Statement
		for _, p := range schemaPieces(schema) {
			var c jen.Code = stringLit(p.text)
			if s := byText[p.text]; s != nil && s.name != "" {
				c = jen.Id(s.name)
			}
			if code == nil {
				code = jen.Add(c)
			} else {
				code = code.Op("+").Line().Add(c)
			}
		}
		return code
	}
}

// minShared is the length of the shortest line written as a constant.
const minShared = 40

// pieceName names a schema piece by its property path: place.city is
// PlaceCity, the rest of the object place after its properties is
// PlaceEnd, and the schema's first line is Start.
func pieceName(p schemaPiece) string {
	if len(p.path) == 0 && !p.end {
		return "Start"
	}
	var b strings.Builder
	for _, key := range p.path {
		b.WriteString(upperFirst(identWords(key)))
	}
	if p.end {
		b.WriteString("End")
	}
	return b.String()
}

// identWords turns a JSON key into the letters and digits of an
// identifier, in camel case: wind_kph is windKph.
func identWords(key string) string {
	var b strings.Builder
	upper := false
	for _, r := range key {
		switch {
		case r < 0x80 && (r == '_' || r == '-' || r == ' ' || r == '.'):
			upper = b.Len() > 0
		case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' && b.Len() > 0:
			if upper {
				b.WriteString(strings.ToUpper(string(r)))
			} else {
				b.WriteRune(r)
			}
			upper = false
		}
	}
	return b.String()
}
