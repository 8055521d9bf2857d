package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/invopop/jsonschema"
	"github.com/toolgen-go/toolgen/internal/derive"
)

// The schema stage: model → *jsonschema.Schema (invopop's schema model) →
// compact JSON. The same model drives the generated validator, so the two
// agree by construction.

// Dialect is a provider's flavour of JSON Schema. toolgen computes one
// schema per dialect for each tool, at generate time.
type Dialect int

const (
	Standard  Dialect = iota // JSON Schema 2020-12, as MCP takes it
	OpenAI                   // OpenAI strict function calling
	Gemini                   // Gemini's OpenAPI 3.0 subset
	Anthropic                // Anthropic's strict tool-use subset
	numDialects
)

var dialectNames = [numDialects]string{"standard", "openai", "gemini", "anthropic"}

func (d Dialect) String() string { return dialectNames[d] }

func dialectByName(name string) (Dialect, bool) {
	for d, n := range dialectNames {
		if n == name {
			return Dialect(d), true
		}
	}
	return 0, false
}

// buildSchemas is the schema stage: it fills each tool's Schemas. A
// dialect that cannot express a tool's arguments at all does not refuse
// the tool: the tool degrades there to its standard schema, sent in the
// provider's non-strict form, and a note says so: one per tool for the
// dialects whose first inexpressible place is the same (noteDegraded).
func buildSchemas(r *reporter, pkg *Package) {
	for _, t := range pkg.Tools {
		if f := anthropicRefusedKey(t); f != nil && !t.Options.Omit[Anthropic] {
			// Anthropic checks the names of a tool's arguments against a
			// pattern, and refuses the whole request over one tool whose
			// names do not match it: no schema can carry the tool there.
			t.Options.Omit[Anthropic], t.Refused[Anthropic] = true, true
			rename := "rename the argument in its json tag"
			if t.Input.Kind == InputParams {
				rename = "rename the parameter"
			}
			omit := omitAdvice(t, Anthropic)
			r.noteAt(f.Pos, "tool %s: argument %q has a name Anthropic refuses (argument names must match ^[a-zA-Z0-9_.-]{1,64}$), and one such tool fails every request it is sent in: the tool is left out of Anthropic; %s, or %s to leave it out without this note (Claude's MCP clients send MCP tools on to Anthropic, so they refuse it too)", t.Name, f.JSONName, rename, omit)
		}
		if c := t.Name[0]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_') && !t.Options.Omit[Gemini] {
			// Gemini refuses a request with a function whose name does
			// not begin with a letter or an underscore.
			t.Options.Omit[Gemini], t.Refused[Gemini] = true, true
			r.noteAt(t.Pos, "tool %s: Gemini refuses a function whose name does not begin with a letter or an underscore, and with it the whole request: the tool is left out of Gemini; give it a name that begins with a letter, or %s to leave it out without this note", t.Name, omitAdvice(t, Gemini))
		}
		var degraded []degradation
		for d := range numDialects {
			if t.Options.Omit[d] {
				continue
			}
			if t.Options.NonStrict[d] {
				// As asked: sent non-strict, as a tool the dialect cannot
				// express is, without a note.
				t.Schemas[d], t.Degraded[d] = t.Schemas[Standard], true
				continue
			}
			s, problems := argumentSchema(t, d)
			if len(problems) > 0 && d != Standard {
				degrade(t, d)
				degraded = append(degraded, degradation{d, problems})
				continue
			}
			// The standard schema of the arguments keeps its unions with
			// null as anyOf: a tool that Gemini's or Anthropic's dialect
			// cannot express goes to them with it, and neither documents
			// type arrays (output schemas, which go to MCP clients, take
			// them).
			as := d
			if d == Standard {
				as = noTypeArrays
			}
			data, err := marshalSchema(s, as)
			if err != nil {
				r.errorAt(t.Pos, "encoding the %s schema of %s: %v", d, t.Name, err)
				continue
			}
			if d == OpenAI {
				// Strict mode refuses a schema past its sizes, and with it
				// the whole request.
				if over := openAILimits(data); len(over) > 0 {
					degrade(t, d)
					degraded = append(degraded, degradation{d, []inexpressible{{pos: t.Pos, what: "the arguments", reason: "they go past strict mode's sizes (" + over[0] + ")"}}})
					continue
				}
			}
			t.Schemas[d] = data
		}
		noteDegraded(r, t, degraded)
		if t.Result != nil {
			if err := buildOutputSchema(t); err != nil {
				r.errorAt(t.Pos, "encoding the output schema of %s: %v", t.Name, err)
			}
		}
	}
}

// buildOutputSchema fills the tool's output schemas: that of its result
// (a streamable tool's chunk) as encoding/json writes it, in the standard
// dialect, with the descriptions and keywords its fields' doc comments and
// tags give, as for arguments; and, for a result that is not always a JSON
// object, that of the wrapper {"result": value} that carries it where only
// an object will do, with the chunks of a stream gathered in an array, as
// a call's Result holds them. The two share the value's schema and its
// $defs, which the wrapper keeps at its root.
func buildOutputSchema(t *Tool) error {
	value, defs, err := outputSchema(t, false)
	if err != nil {
		return err
	}
	t.OutputValue, t.OutputDefs = value, defs
	t.OutputObject = !t.Stream && t.Result.Kind == KindStruct
	t.OutputSchema = []byte(strings.Join(outputPieces(value, defs), ""))
	if !t.OutputObject {
		t.OutputWrapper = []byte(strings.Join(wrapperPieces(value, defs, t.Stream), ""))
	}
	return nil
}

// outputSchema returns the schema of the tool's result value, without its
// $defs, and the $defs (nil if none). tagBounds keeps the bounds, lengths,
// patterns and formats of the result's tags, as output schemas held them
// before lock version 3, to compare a tool with such a lock.
func outputSchema(t *Tool, tagBounds bool) (value, defs []byte, err error) {
	b := &schemaBuilder{dialect: Standard, output: true, tagBounds: tagBounds, tool: t, recursive: defNames(recursiveTypes(t.Result))}
	root := b.elem(t.Result)
	if !t.Stream && t.Result.Kind == KindStruct && root.Ref != "" && root.Type == "" {
		// A recursive struct is a $ref to its definition: MCP hosts want
		// the object's type at the root of an outputSchema too.
		root.Type = "object"
	}
	if value, err = marshalSchema(root, Standard); err != nil {
		return nil, nil, err
	}
	if len(b.defs) > 0 {
		if defs, err = json.Marshal(b.defs); err != nil {
			return nil, nil, err
		}
		if defs, err = derive.NullTypes(derive.Standard, unescapeHTML(defs), true); err != nil {
			return nil, nil, err
		}
	}
	return value, defs, nil
}

// outputPieces are the pieces of a tool's output schema, from the schema
// of its value without $defs and its $defs (nil if none): the value, with
// the $defs as its first member. The emitter writes the same pieces as a
// constant expression, where the value's schema after its opening brace
// (rest) is a constant shared with the wrapper's.
func outputPieces(value, defs []byte) []string {
	if defs == nil {
		return []string{string(value)}
	}
	return []string{`{"$defs":`, string(defs), ",", string(value[1:])}
}

// wrapperPieces are the pieces of the schema of {"result": value}: for a
// stream, value is the array of chunks.
func wrapperPieces(value, defs []byte, stream bool) []string {
	open, end := `{"properties":{"result":`, `},"additionalProperties":false,"type":"object","required":["result"]}`
	if defs != nil {
		open = `{"$defs":` + string(defs) + `,"properties":{"result":`
	}
	if stream {
		return []string{open, `{"items":`, string(value), `,"type":"array"}`, end}
	}
	return []string{open, string(value), end}
}

// dialectTitles name the dialects in messages.
var dialectTitles = [numDialects]string{"JSON Schema 2020-12", "OpenAI strict mode", "Gemini", "Anthropic strict mode"}

// providerNames name the providers of the dialects in messages.
var providerNames = [numDialects]string{"MCP", "OpenAI", "Gemini", "Anthropic"}

// degradedForms say, in a note, how a degraded tool goes to the provider.
var degradedForms = [numDialects]string{
	OpenAI:    "the tool is sent to OpenAI non-strict (strict: false), with its standard JSON Schema",
	Gemini:    "the tool is declared to Gemini with its standard JSON Schema, as parametersJsonSchema instead of parameters",
	Anthropic: "the tool is sent to Anthropic non-strict, with its standard JSON Schema",
}

// degrade makes the tool's schema in dialect d its standard one, the same
// bytes.
func degrade(t *Tool, d Dialect) {
	t.Schemas[d] = t.Schemas[Standard]
	t.Degraded[d] = true
}

// A degradation is a dialect a tool was degraded in, and the places in its
// arguments the dialect cannot express, the first first.
type degradation struct {
	d        Dialect
	problems []inexpressible
}

// degradedWays say, in a note about several dialects, how the tool goes
// to each.
var degradedWays = [numDialects]string{
	OpenAI:    "to OpenAI non-strict (strict: false)",
	Gemini:    "to Gemini as parametersJsonSchema instead of parameters",
	Anthropic: "to Anthropic non-strict",
}

// noteDegraded notes why the tool was degraded in each dialect of list, at
// the first place a dialect cannot express: one note for the dialects
// whose first place is the same (a map, which none of the strict dialects
// can express, is one note, not three).
func noteDegraded(r *reporter, t *Tool, list []degradation) {
	for len(list) > 0 {
		first := list[0].problems[0]
		var group, rest []degradation
		for _, g := range list {
			if p := g.problems[0]; p.pos == first.pos && p.what == first.what {
				group = append(group, g)
			} else {
				rest = append(rest, g)
			}
		}
		list = rest
		if len(group) == 1 {
			noteDegradedOne(r, t, group[0])
			continue
		}
		// The reasons, each with the providers it is theirs for; the
		// other places, each once.
		var reasons, names, ways, options []string
		byReason := map[string][]string{}
		type place struct {
			pos  token.Position
			what string
		}
		// The other places, in order, each with the providers that
		// cannot express it: a place not every dialect of the note has
		// is named with its own.
		var others []place
		otherProviders := map[place][]string{{first.pos, first.what}: nil}
		for _, g := range group {
			reason := g.problems[0].reason
			if byReason[reason] == nil {
				reasons = append(reasons, reason)
			}
			byReason[reason] = append(byReason[reason], providerNames[g.d])
			names = append(names, dialectTitles[g.d])
			ways = append(ways, degradedWays[g.d])
			options = append(options, g.d.String())
			for _, p := range g.problems[1:] {
				at := place{p.pos, p.what}
				names, seen := otherProviders[at]
				if !seen {
					others = append(others, at)
				}
				if at != (place{first.pos, first.what}) && !slices.Contains(names, providerNames[g.d]) {
					otherProviders[at] = append(names, providerNames[g.d])
				}
			}
		}
		var b strings.Builder
		fmt.Fprintf(&b, "tool %s: %s cannot be expressed in %s", t.Name, first.what, orList(names))
		if len(reasons) == 1 {
			fmt.Fprintf(&b, ": %s", reasons[0])
		} else {
			for i, reason := range reasons {
				sep := "; "
				if i == 0 {
					sep = " ("
				}
				fmt.Fprintf(&b, "%s%s: %s", sep, strings.Join(byReason[reason], ", "), reason)
			}
			b.WriteString(")")
		}
		for i, at := range others {
			sep := ", "
			if i == 0 {
				sep = "; nor can "
			}
			fmt.Fprintf(&b, "%s%s at %s", sep, at.what, posRef(at.pos))
			if names := otherProviders[at]; len(names) < len(group) {
				fmt.Fprintf(&b, " (%s)", strings.Join(names, ", "))
			}
		}
		r.noteAt(first.pos, "%s; the tool goes to each with its standard JSON Schema: %s; %s to send it so without this note, or %s to leave it out of them instead",
			b.String(), strings.Join(ways, ", "), optionAdvice(t, "nonstrict", options), optionAdvice(t, "omit", options))
	}
}

// orList joins words as a sentence offers them: "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// noteDegradedOne notes why the tool was degraded in one dialect.
func noteDegradedOne(r *reporter, t *Tool, g degradation) {
	d, first := g.d, g.problems[0]
	var b strings.Builder
	fmt.Fprintf(&b, "tool %s: %s cannot be expressed in %s: %s", t.Name, first.what, dialectTitles[d], first.reason)
	seen := map[inexpressible]bool{first: true}
	for _, p := range g.problems[1:] {
		if !seen[p] {
			seen[p] = true
			fmt.Fprintf(&b, "; nor can %s at %s", p.what, posRef(p.pos))
		}
	}
	r.noteAt(first.pos, "%s; %s; %s to send it so without this note, or %s to leave it out of %s instead",
		b.String(), degradedForms[d], optionAdvice(t, "nonstrict", []string{d.String()}), optionAdvice(t, "omit", []string{d.String()}), providerNames[d])
}

// omitAdvice says how to leave a tool out of dialect d in its directive,
// whatever nonstrict= and omit= it has already (a second of either is a
// duplicate option): "add omit=anthropic", "change omit=gemini to
// omit=gemini,anthropic", with nonstrict= rid of d first where it names
// it.
func omitAdvice(t *Tool, d Dialect) string {
	var steps []string
	if t.Options.NonStrict[d] {
		var all, rest []string
		for other := range numDialects {
			if t.Options.NonStrict[other] {
				all = append(all, other.String())
				if other != d {
					rest = append(rest, other.String())
				}
			}
		}
		if len(rest) == 0 {
			steps = append(steps, "remove nonstrict="+d.String())
		} else {
			steps = append(steps, fmt.Sprintf("change nonstrict=%s to nonstrict=%s", strings.Join(all, ","), strings.Join(rest, ",")))
		}
	}
	const in = " in its //tool:export directive"
	if advice := optionAdvice(t, "omit", []string{d.String()}); strings.HasSuffix(advice, in) {
		steps = append(steps, strings.TrimSuffix(advice, in))
	} else {
		steps = append(steps, "add "+advice)
	}
	if len(steps) == 1 && strings.HasPrefix(steps[0], "add ") {
		return steps[0] + " to its //tool:export directive"
	}
	return strings.Join(steps, " and ") + in
}

// optionAdvice says how to add the dialects named to the tool's option
// key (nonstrict or omit): "add nonstrict=gemini to its //tool:export
// directive" ("omit=gemini" for omit), or, where the directive has the
// option already (a second one is a duplicate option), "change
// omit=openai to omit=openai,gemini in its //tool:export directive".
func optionAdvice(t *Tool, key string, names []string) string {
	var had []string
	for d := range numDialects {
		if key == "nonstrict" && t.Options.NonStrict[d] || key == "omit" && t.Options.Omit[d] && !t.Refused[d] {
			had = append(had, d.String())
		}
	}
	value := strings.Join(names, ",")
	switch {
	case len(had) > 0:
		all := slices.Clone(had)
		for d := range numDialects {
			if slices.Contains(names, d.String()) && !slices.Contains(had, d.String()) {
				all = append(all, d.String())
			}
		}
		slices.SortFunc(all, func(a, b string) int {
			da, _ := dialectByName(a)
			db, _ := dialectByName(b)
			return int(da) - int(db)
		})
		return fmt.Sprintf("change %s=%s to %s=%s in its //tool:export directive", key, strings.Join(had, ","), key, strings.Join(all, ","))
	case key == "nonstrict":
		return "add nonstrict=" + value + " to its //tool:export directive"
	}
	return key + "=" + value
}

// inexpressible is a place in a tool's arguments that a dialect cannot
// express.
type inexpressible struct {
	pos    token.Position
	what   string // field labels (map[string]int)
	reason string
}

// schemaBuilder builds the schema of one tool's arguments in one dialect.
// Struct types that are part of a cycle go to $defs, named so that two
// packages' types of the same name never collide; everything else is
// inline. What a dialect cannot carry is said in the description (the
// generated validator still enforces it); what it cannot express at all is
// reported, and the tool degrades in that dialect.
type schemaBuilder struct {
	dialect Dialect
	// output marks the schema of a result, as encoding/json writes it:
	// nil pointers, slices and maps are null, a field is required when it
	// is always written, and no field is required by a group.
	output    bool
	tagBounds bool             // an output schema keeps its tags' bounds (see outputSchema)
	recursive map[*Type]string // def name of each recursive type
	defs      jsonschema.Definitions
	tool      *Tool
	field     *Field   // the field being built, for positions
	path      []string // its JSON path, for messages
	problems  []inexpressible
}

// argumentSchema returns the schema of a tool's arguments in dialect d,
// with the places it cannot be expressed there, if any.
func argumentSchema(t *Tool, d Dialect) (*jsonschema.Schema, []inexpressible) {
	in := t.Input
	if in.Kind == InputNone {
		s := &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties()}
		if d != Gemini {
			s.AdditionalProperties = jsonschema.FalseSchema
		}
		return s, nil
	}
	b := &schemaBuilder{dialect: d, tool: t, recursive: defNames(recursiveTypes(in.Type))}
	root := b.object(in.Type)
	if len(b.defs) > 0 {
		root.Definitions = b.defs
	}
	return root, b.problems
}

// cannot records that the current field cannot be expressed in the
// dialect, and why.
func (b *schemaBuilder) cannot(reason string) {
	p := inexpressible{pos: b.tool.Pos, what: "the arguments", reason: reason}
	if f := b.field; f != nil {
		p.pos, p.what = f.Pos, "field "+strings.Join(b.path, ".")
		if b.tool.Input.Kind == InputParams && slices.Contains(b.tool.Input.Type.Fields, f) {
			p.what = "parameter " + f.JSONName
		}
		if f.Type != nil && f.Type.Go != nil {
			var qual types.Qualifier
			if b.tool.Func != nil {
				qual = types.RelativeTo(b.tool.Func.Pkg())
			}
			p.what += " (" + types.TypeString(f.Type.Go, qual) + ")"
		}
	}
	if !slices.ContainsFunc(b.problems, func(q inexpressible) bool { return q.pos == p.pos && q.what == p.what }) {
		b.problems = append(b.problems, p) // one field, said once
	}
}

// recursiveTypes returns the struct types reachable from root that are part
// of a cycle, in the order they are first met.
func recursiveTypes(root *Type) []*Type {
	var found []*Type
	onStack := make(map[*Type]bool)
	done := make(map[*Type]bool)
	var walk func(t *Type)
	walk = func(t *Type) {
		if t == nil {
			return
		}
		if onStack[t] {
			if !containsType(found, t) {
				found = append(found, t)
			}
			return
		}
		if done[t] {
			return
		}
		onStack[t] = true
		walk(t.Elem)
		for _, f := range t.Fields {
			walk(f.Type)
		}
		onStack[t] = false
		done[t] = true
	}
	walk(root)
	return found
}

func containsType(ts []*Type, t *Type) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// defNames names each type by its bare name, qualified by its package
// where two types would share a name.
func defNames(ts []*Type) map[*Type]string {
	names := make(map[*Type]string, len(ts))
	count := make(map[string]int)
	for _, t := range ts {
		count[bareName(t)]++
	}
	// qualified is the name qualified by the last k elements of its
	// package's path (k 0: by the package's name).
	qualified := func(t *Type, k int) string {
		n, ok := t.Go.(*types.Named)
		if !ok || n.Obj().Pkg() == nil {
			return bareName(t)
		}
		if k == 0 {
			return n.Obj().Pkg().Name() + "." + bareName(t)
		}
		elems := strings.Split(n.Obj().Pkg().Path(), "/")
		from := max(len(elems)-k, 0)
		if from > 0 && majorVersion(elems[from]) {
			from-- // lib.v2, not v2 alone
		}
		return strings.Join(elems[from:], ".") + "." + bareName(t)
	}
	// unique qualifies the name of t, one of the types that share its
	// bare name, by as little of its package's path as tells it from
	// theirs: geo.Item, or a.api.Node beside b.api.Node, not the whole
	// module path, which the model reads for nothing.
	unique := func(t *Type) string {
		for k := 0; ; k++ {
			name, clash, whole := qualified(t, k), false, true
			for _, u := range ts {
				if u != t && bareName(u) == bareName(t) && qualified(u, k) == name {
					clash = true
				}
				if n, ok := u.Go.(*types.Named); ok && n.Obj().Pkg() != nil && k < len(strings.Split(n.Obj().Pkg().Path(), "/")) {
					whole = false
				}
			}
			if !clash || whole {
				return name
			}
		}
	}
	taken := make(map[string]bool, len(ts))
	for _, t := range ts {
		name := bareName(t)
		if count[name] > 1 {
			name = unique(t)
		}
		// Names made of type arguments can still meet (Node[a.b] and
		// Node[a_b]): the later one gets a number, in the types' order.
		for n, base := 2, name; taken[name]; n++ {
			name = fmt.Sprintf("%s_%d", base, n)
		}
		taken[name] = true
		names[t] = name
	}
	return names
}

// bareName is a named type's name, with its type arguments for an
// instance of a generic type (Node_int, Page_geo.Item): the instances of
// one generic type are types of their own, each with a schema of its own.
func bareName(t *Type) string {
	n, ok := t.Go.(*types.Named)
	if !ok {
		return "Object"
	}
	args := n.TypeArgs()
	if args.Len() == 0 {
		return n.Obj().Name()
	}
	var b strings.Builder
	b.WriteString(n.Obj().Name())
	for arg := range args.Types() {
		b.WriteByte('_')
		name := types.TypeString(arg, func(p *types.Package) string { return p.Name() })
		for _, r := range name {
			if r == '.' || r == '_' || r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
				b.WriteRune(r)
			} else {
				b.WriteByte('_')
			}
		}
	}
	return b.String()
}

// object returns the schema of a struct type, inline.
func (b *schemaBuilder) object(t *Type) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties()}
	if b.dialect != Gemini {
		s.AdditionalProperties = jsonschema.FalseSchema
	}
	if b.dialect == Gemini && len(t.Fields) == 0 && b.field != nil && !b.output {
		// The arguments' own empty object goes without parameters.
		b.cannot("its type has no properties, and Gemini refuses an object without properties")
	}
	outer := b.field
	for _, f := range t.Fields {
		b.field = f
		b.path = append(b.path, f.JSONName)
		s.Properties.Set(f.JSONName, b.property(f))
		b.path = b.path[:len(b.path)-1]
		if f.Required || b.dialect == OpenAI {
			s.Required = append(s.Required, f.JSONName)
		}
	}
	b.field = outer
	if b.dialect == OpenAI && len(t.Fields) == 0 {
		s.Required = []string{}
	}
	if b.output {
		return s // the groups say what the model must send
	}
	oneOf, anyOf := requiredGroups(t)
	if b.dialect == Standard {
		for _, g := range oneOf {
			s.OneOf = append(s.OneOf, groupSchema(g))
		}
		for _, g := range anyOf {
			s.AnyOf = append(s.AnyOf, groupSchema(g))
		}
	} else {
		var notes []string
		if len(oneOf) > 0 {
			notes = append(notes, "Give exactly one of these sets of fields: "+groupWords(oneOf)+".")
		}
		if len(anyOf) > 0 {
			notes = append(notes, "Give at least one of these sets of fields: "+groupWords(anyOf)+".")
		}
		s.Description = strings.Join(notes, " ")
	}
	return s
}

// group is a set of fields required together, by oneof_required or
// anyof_required.
type group struct {
	name   string
	fields []string // JSON names
	goVars []*Field
}

// requiredGroups returns a struct's oneof_required and anyof_required
// groups, in order of first appearance.
func requiredGroups(t *Type) (oneOf, anyOf []group) {
	add := func(groups []group, name string, f *Field) []group {
		for i := range groups {
			if groups[i].name == name {
				groups[i].fields = append(groups[i].fields, f.JSONName)
				groups[i].goVars = append(groups[i].goVars, f)
				return groups
			}
		}
		return append(groups, group{name: name, fields: []string{f.JSONName}, goVars: []*Field{f}})
	}
	for _, f := range t.Fields {
		for _, g := range f.Rules.OneOfGroup {
			oneOf = add(oneOf, g, f)
		}
		for _, g := range f.Rules.AnyOfGroup {
			anyOf = add(anyOf, g, f)
		}
	}
	return oneOf, anyOf
}

// groupSchema is the branch of a oneOf or anyOf that requires the fields
// of g. It names them in properties too, with the schema true, which
// changes nothing but lets validators in strict mode (ajv's strictRequired)
// see that the required properties are defined.
func groupSchema(g group) *jsonschema.Schema {
	props := jsonschema.NewProperties()
	for _, name := range g.fields {
		props.Set(name, &jsonschema.Schema{})
	}
	return &jsonschema.Schema{Title: g.name, Properties: props, Required: g.fields}
}

// groupWords writes groups as "(a and b) or (c)".
func groupWords(groups []group) string {
	parts := make([]string, len(groups))
	for i, g := range groups {
		parts[i] = "(" + strings.Join(g.fields, " and ") + ")"
	}
	return strings.Join(parts, " or ")
}

// scalarTypes reports whether types, the JSON types a oneof_type or
// anyof_type tag lists, are some and each one a strict dialect can state
// alone: not an object or an array, which would need their members.
func scalarTypes(types []string) bool {
	for _, t := range types {
		if t == "object" || t == "array" {
			return false
		}
	}
	return len(types) > 0
}

// altItems is the items of the array alternative of a oneof_type or
// anyof_type tag on a field of type t: those of t's Go form, a slice or an
// array (LabelOptions []string, which also decodes "a,b" itself), or of
// any JSON value if t has no such form, which the strict dialects cannot
// state.
func (b *schemaBuilder) altItems(t *Type) *jsonschema.Schema {
	v := t.Deref()
	if v.Shape != nil {
		v = v.Shape.Deref()
	}
	if (v.Kind == KindSlice || v.Kind == KindArray) && v.Elem != nil {
		return b.elem(v.Elem)
	}
	if b.dialect == OpenAI || b.dialect == Gemini {
		b.cannot("an array alternative of oneof_type or anyof_type needs the type of its items, which the field's Go type does not give")
	}
	return nil
}

// maxIntegerDigits is the most digits of an integer that the runtime hands
// a type's UnmarshalJSON under type=integer (toolimpl's maxPlainDigits).
const maxIntegerDigits = 4096

// property returns the schema of one field: its type's, with the field's
// rules applied.
func (b *schemaBuilder) property(f *Field) *jsonschema.Schema {
	var s *jsonschema.Schema
	if k := f.Type.Deref().Kind; (k == KindAny || k == KindRaw) && scalarTypes(append(f.Rules.OneOfType, f.Rules.AnyOfType...)) {
		s = &jsonschema.Schema{} // its types come from its rules, below
	} else {
		s = b.value(f.Type)
	}
	objectNote := s.Description // what object() says of required groups
	s.Description = ""
	var notes []string
	if v := f.Type.Deref(); v.Kind == KindCustom && f.Rules.Type == "integer" && !b.output {
		// The decoder hands the method an integer of plain digits, which
		// it writes out from 1e3 or 3.0 up to a length.
		notes = append(notes, fmt.Sprintf("at most %d digits", maxIntegerDigits))
	}
	notes = b.applyRules(s, &f.Rules, notes)
	if v := f.Type.Deref(); (v.Kind == KindSlice || v.Kind == KindArray) && s.Items != nil {
		notes = b.applyRules(notNull(s.Items), &f.ItemRules, notes)
		if e := v.Elem.Deref(); e.Kind == KindCustom && notNull(s.Items).Type == "object" {
			b.opaqueObject()
		}
	}
	if v := f.Type.Deref(); v.Kind == KindCustom && s.Type == "object" {
		b.opaqueObject()
	}
	if s.Description == "" && s.Ref == "" {
		s.Description = f.Type.Deref().Doc
	} else if isDuration(f.Type) && !strings.Contains(strings.ToLower(s.Description), "nanosecond") {
		// The field's description says what the duration is for; the
		// unit is what a model gets wrong ("30s", or 30 for 30 seconds).
		if v := f.Type.Deref(); v.Kind == KindSlice || v.Kind == KindArray {
			s.Description = sentence(s.Description, "Each "+strings.ToLower(durationDoc[:1])+durationDoc[1:])
		} else {
			s.Description = sentence(s.Description, durationDoc)
		}
	}
	enumType, enumTag := f.Type.Deref(), f.Rules.Enum
	if (enumType.Kind == KindSlice || enumType.Kind == KindArray) && enumType.Elem != nil {
		// A list of an enum's values: the field says what each means.
		enumType, enumTag = enumType.Elem.Deref(), f.ItemRules.Enum
	}
	if doc := enumDocs(enumType, f.Quoted); doc != "" && len(enumTag) == 0 {
		s.Description = sentence(s.Description, doc)
	}
	s.Description = sentence(s.Description, objectNote)
	var geminiAlts []*jsonschema.Schema
	if types := append(f.Rules.OneOfType, f.Rules.AnyOfType...); len(types) > 0 {
		alts := make([]*jsonschema.Schema, len(types))
		for i, typ := range types {
			alts[i] = &jsonschema.Schema{Type: typ}
			switch {
			case typ == "array":
				alts[i].Items = b.altItems(f.Type)
				if shape := f.Type.Deref().Shape; shape != nil && shape.Kind == KindArray {
					n := uint64(shape.Len) // a Go array: exactly its length
					alts[i].MinItems, alts[i].MaxItems = &n, &n
				}
			case typ == "object" && b.dialect != Standard:
				// OpenAI's and Anthropic's strict grammars give every
				// object additionalProperties false; Gemini refuses an
				// object without properties.
				b.cannot("an object alternative of oneof_type or anyof_type has no properties, which the strict dialects cannot take")
			}
		}
		switch {
		case b.dialect == Standard && len(f.Rules.OneOfType) > 0:
			s.OneOf = alts
		case b.dialect == Gemini:
			geminiAlts = alts // anyOf must be alone on its node: below
		default:
			s.AnyOf = alts
		}
	}
	if f.Quoted {
		s, notes = quotedSchema(s, f.Type.Deref().Kind, notes)
	}
	notes = append(notes, b.takeNotes(s)...)
	if len(notes) > 0 {
		s.Description = sentence(s.Description, "Constraints: "+strings.Join(notes, "; ")+".")
	}
	if geminiAlts != nil {
		// Gemini takes nothing beside anyOf: each alternative carries the
		// description.
		for _, alt := range geminiAlts {
			alt.Description = s.Description
		}
		return &jsonschema.Schema{AnyOf: geminiAlts}
	}
	// A result's nil pointer, slice or map is written as null, unless
	// omitempty or omitzero leaves it out: they leave out a nil pointer,
	// not one to a nil slice or map, which is written as null too.
	nullable := f.Rules.Nullable || b.output && nilable(f.Type) &&
		(!f.Omit || f.Type.Kind == KindPointer && nilable(f.Type.Elem))
	switch {
	case b.dialect == OpenAI && (!f.Required || f.Rules.Nullable):
		// Strict mode requires every property: an optional one is
		// written as a union with null, and the model sends null for it.
		return nullUnion(s)
	case f.Rules.Nullable && b.dialect == Gemini:
		if s.Extras == nil {
			s.Extras = make(map[string]any)
		}
		s.Extras["nullable"] = true
	case nullable && anything(s):
	case nullable && s.AnyOf == nil && s.OneOf == nil:
		return nullUnion(s)
	case nullable && s.OneOf != nil:
		// A second union beside oneOf would have to hold too: null joins
		// the one there is.
		s.OneOf = append(s.OneOf, &jsonschema.Schema{Type: "null"})
	case nullable:
		s.AnyOf = append(s.AnyOf, &jsonschema.Schema{Type: "null"})
	}
	return s
}

// opaqueObject notes that a type that decodes itself is an object to the
// schema (its tag says type=object), whose properties it cannot list: the
// strict dialects need them, or additionalProperties false.
func (b *schemaBuilder) opaqueObject() {
	switch b.dialect {
	case Gemini:
		b.cannot("a type that decodes itself as an object has no properties a schema can list, and Gemini refuses an object without properties")
	case OpenAI, Anthropic:
		b.cannot("a type that decodes itself as an object has no properties a schema can list, and strict mode allows no other keys")
	}
}

// elem returns the schema of an element of a result (or of the whole
// result): null too where encoding/json writes a nil one as null. In an
// argument schema it is value's.
func (b *schemaBuilder) elem(t *Type) *jsonschema.Schema {
	s := b.value(t)
	if b.output && nilable(t) && !anything(s) {
		return nullUnion(s)
	}
	return s
}

// anything reports whether s allows any JSON value, null included.
func anything(s *jsonschema.Schema) bool {
	c := *s
	c.Description, c.Title = "", ""
	return reflect.DeepEqual(c, jsonschema.Schema{})
}

// notNull returns the schema of the values of s other than null: s, or
// the first branch of the union nullUnion made.
func notNull(s *jsonschema.Schema) *jsonschema.Schema {
	if s.Type == "" && len(s.AnyOf) == 2 && s.AnyOf[1].Type == "null" {
		return s.AnyOf[0]
	}
	return s
}

// nullUnion returns {"anyOf":[s,{"type":"null"}]}, with s's description
// outside. invopop writes oneOf, which OpenAI strict mode and Gemini reject.
func nullUnion(s *jsonschema.Schema) *jsonschema.Schema {
	if s.AnyOf != nil && s.Type == "" {
		s.AnyOf = append(s.AnyOf, &jsonschema.Schema{Type: "null"})
		return s
	}
	return &jsonschema.Schema{
		AnyOf:       []*jsonschema.Schema{withoutDescription(s), {Type: "null"}},
		Description: s.Description,
	}
}

// quotedPatterns match the strings that hold a value of each kind, for
// fields with the json option "string".
var quotedPatterns = map[Kind]string{
	KindInt:   `^-?(0|[1-9][0-9]*)$`,
	KindUint:  `^(0|[1-9][0-9]*)$`,
	KindFloat: `^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`,
	KindBool:  `^(true|false)$`,
}

// quotedSchema turns the schema of a number or boolean into that of the
// string holding it, keeping its bounds and enum as words.
func quotedSchema(s *jsonschema.Schema, k Kind, notes []string) (*jsonschema.Schema, []string) {
	add := func(word string, n json.Number) {
		if n != "" {
			notes = append(notes, word+" "+string(n))
		}
	}
	add("minimum", s.Minimum)
	add("maximum", s.Maximum)
	add("greater than", s.ExclusiveMinimum)
	add("less than", s.ExclusiveMaximum)
	q := &jsonschema.Schema{Type: "string", Pattern: quotedPatterns[k], Title: s.Title, Description: s.Description}
	if len(s.Enum) > 0 {
		// The values as the strings that hold them: a schema can say
		// that much exactly, where bounds it can only say in words.
		q.Pattern = ""
		for _, v := range s.Enum {
			q.Enum = append(q.Enum, jsonText(v))
		}
	}
	if s.Default != nil {
		q.Default = jsonText(s.Default)
	}
	return q, notes
}

func withoutDescription(s *jsonschema.Schema) *jsonschema.Schema {
	c := *s
	c.Description = ""
	return &c
}

// sentence joins two pieces of description text.
func sentence(a, b string) string { return derive.Sentence(a, b) }

// enumDocs describes the values of an enum whose constants have doc
// comments: "celsius: degrees Celsius; fahrenheit: degrees Fahrenheit".
// quoted says the values are written inside strings (the json option
// string), as the schema's enum lists them: "1" rather than 1.
func enumDocs(t *Type, quoted bool) string {
	var parts []string
	for _, e := range t.Enum {
		word := valueWord(e.Value)
		if quoted {
			word = strconv.Quote(word)
		}
		if e.Value.Kind() != constant.String {
			// 1 says nothing of itself: its name says what it is.
			word += " (" + constWord(e.Const.Name(), t.Go) + ")"
		} else if e.Doc == "" {
			continue
		}
		if e.Doc == "" {
			parts = append(parts, word)
			continue
		}
		// One line for each value, whatever lists its doc holds.
		doc := strings.Join(strings.Fields(e.Doc), " ")
		if rest, ok := strings.CutPrefix(doc, e.Const.Name()+" is "); ok {
			doc = rest // "Celsius is degrees Celsius." → "degrees Celsius"
		} else if rest, ok := strings.CutPrefix(doc, e.Const.Name()+": "); ok {
			doc = rest
		} else if t := trimGoName(doc, e.Const.Name()); t != doc {
			// "Pink marks urgent notes." → "marks urgent notes", lower
			// case after the colon, as "yellow": the default color.
			doc = lowerFirst(t)
		} else if strings.HasPrefix(doc, e.Const.Name()+" ") && !plainWord(e.Const.Name()) {
			// "PriorityLow can wait": the value it describes is its
			// subject ("low": can wait), not a Go name the model never
			// sees; a plain word such as Low stays, a word of the
			// sentence.
			doc = doc[len(e.Const.Name())+1:]
		}
		parts = append(parts, word+": "+strings.TrimSuffix(doc, "."))
	}
	if len(parts) == 0 {
		return ""
	}
	return "Values: " + strings.Join(parts, "; ") + "."
}

// constWord is the name of a constant of the enum type typ as a word:
// without the type's name before it (RoleEditor of Role is editor).
func constWord(name string, typ types.Type) string {
	if n, ok := types.Unalias(typ).(*types.Named); ok {
		if rest, ok := strings.CutPrefix(name, n.Obj().Name()); ok && rest != "" {
			name = rest
		}
	}
	if len(name) > 1 && unicode.IsUpper(rune(name[0])) && !unicode.IsUpper(rune(name[1])) {
		name = strings.ToLower(name[:1]) + name[1:] // Editor, not OK
	}
	return name
}

// value returns the schema of a value of type t.
func (b *schemaBuilder) value(t *Type) *jsonschema.Schema {
	switch t.Kind {
	case KindBool:
		return &jsonschema.Schema{Type: "boolean"}
	case KindString:
		return &jsonschema.Schema{Type: "string", Enum: b.enumValues(t)}
	case KindInt, KindUint:
		s := &jsonschema.Schema{Type: "integer", Enum: b.enumValues(t)}
		if len(s.Enum) == 0 {
			s.Minimum, s.Maximum = intBounds(t)
		}
		return s
	case KindFloat:
		return &jsonschema.Schema{Type: "number"}
	case KindPointer:
		return b.value(t.Elem)
	case KindSlice:
		return &jsonschema.Schema{Type: "array", Items: b.elem(t.Elem)}
	case KindArray:
		n := uint64(t.Len)
		return &jsonschema.Schema{Type: "array", Items: b.elem(t.Elem), MinItems: &n, MaxItems: &n}
	case KindMap:
		if b.dialect == OpenAI || b.dialect == Anthropic {
			// Both decode under a grammar in which every object has
			// additionalProperties false: a map could hold no key.
			b.cannot("a map needs additionalProperties with a schema, and strict mode allows only false")
			return &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties(), AdditionalProperties: jsonschema.FalseSchema}
		}
		if b.dialect == Gemini {
			// The tool goes to Gemini with its standard schema.
			b.cannot("a map is an object of keys not known in advance, and Gemini refuses an object without properties")
			return &jsonschema.Schema{Type: "object"}
		}
		return &jsonschema.Schema{Type: "object", AdditionalProperties: b.elem(t.Elem)}
	case KindBytes:
		// contentEncoding alone is an annotation; the pattern makes the
		// schema reject what is not base64, as the decoder does.
		return &jsonschema.Schema{Type: "string", ContentEncoding: "base64", Pattern: base64Pattern}
	case KindTime:
		return &jsonschema.Schema{Type: "string", Format: "date-time"}
	case KindText:
		return &jsonschema.Schema{Type: "string"}
	case KindCustom:
		return &jsonschema.Schema{} // its type comes from the field's type= tag
	case KindStruct:
		name, recursive := b.recursive[t]
		if !recursive {
			return b.object(t)
		}
		if b.dialect == Gemini {
			b.cannot("its type " + name + " is recursive, and Gemini has no $ref")
			return &jsonschema.Schema{Type: "object"}
		}
		if _, defined := b.defs[name]; !defined {
			if b.defs == nil {
				b.defs = make(jsonschema.Definitions)
			}
			b.defs[name] = nil // reserve before recursing
			def := b.object(t)
			def.Description = t.Doc
			b.defs[name] = def
		}
		return &jsonschema.Schema{Ref: "#/$defs/" + escapePointer(name)}
	}
	// any, json.RawMessage
	if b.dialect == OpenAI || b.dialect == Anthropic {
		b.cannot("any JSON value has no type, and strict mode needs one")
		return &jsonschema.Schema{Type: "string"}
	}
	if b.dialect == Gemini {
		// Its parameters are protocol buffers: a property without a
		// type is TYPE_UNSPECIFIED, which Gemini 3 refuses.
		b.cannot("any JSON value has no type, and Gemini needs one for every value")
		return &jsonschema.Schema{Type: "string"}
	}
	return &jsonschema.Schema{} // marshals as true
}

const base64Pattern = `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$`

// intBounds are the bounds a sized integer type adds to its schema, so the
// schema rejects what the Go type cannot hold.
func intBounds(t *Type) (lo, hi json.Number) {
	if t.Kind == KindUint {
		lo = "0"
		if t.Bits < 64 {
			hi = json.Number(strconv.FormatUint(1<<t.Bits-1, 10))
		}
		return lo, hi
	}
	if t.Bits < 64 {
		lo = json.Number(strconv.FormatInt(-1<<(t.Bits-1), 10))
		hi = json.Number(strconv.FormatInt(1<<(t.Bits-1)-1, 10))
	}
	return lo, hi
}

func enumValues(t *Type) []any {
	if len(t.Enum) == 0 {
		return nil
	}
	out := make([]any, len(t.Enum))
	for i, e := range t.Enum {
		out[i] = jsonValue(e.Value)
	}
	return out
}

// enumValues is the enum of t's schema. A result's holds the zero value of
// the type too, where no constant is it: a result field the function left
// unset is written as "" or 0, and a result that breaks its own output
// schema fails a client that checks it.
func (b *schemaBuilder) enumValues(t *Type) []any {
	values := enumValues(t)
	if !b.output || len(values) == 0 {
		return values
	}
	consts := make([]constant.Value, len(t.Enum))
	for i, e := range t.Enum {
		consts[i] = e.Value
	}
	return withZero(values, consts)
}

// withZero returns values, the JSON of consts, with the zero value of
// their kind ("" or 0) added if none of them is it.
func withZero(values []any, consts []constant.Value) []any {
	if len(consts) == 0 {
		return values
	}
	zero := constant.MakeString("")
	if consts[0].Kind() != constant.String {
		zero = constant.MakeInt64(0)
	}
	for _, c := range consts {
		if (c.Kind() == constant.String) == (zero.Kind() == constant.String) && constant.Compare(c, token.EQL, zero) {
			return values
		}
	}
	return append(values, jsonValue(zero))
}

// applyRules sets the keywords of r on s, and returns notes with those the
// dialect cannot carry.
func (b *schemaBuilder) applyRules(s *jsonschema.Schema, r *Rules, notes []string) []string {
	if r.Type != "" {
		s.Type = r.Type
	}
	if r.Title != "" {
		s.Title = r.Title
	}
	if r.Description != "" {
		s.Description = r.Description
	}
	if len(r.Enum) > 0 {
		s.Enum = make([]any, len(r.Enum))
		for i, c := range r.Enum {
			s.Enum[i] = jsonValue(c)
		}
		if b.output {
			s.Enum = withZero(s.Enum, r.Enum)
		}
	}
	if r.Default != nil {
		s.Default = jsonValue(r.Default)
	}
	if r.DefaultList != nil {
		list := make([]any, len(r.DefaultList))
		for i, c := range r.DefaultList {
			list[i] = jsonValue(c)
		}
		s.Default = list
	}
	for _, c := range r.Examples {
		s.Examples = append(s.Examples, jsonValue(c))
	}
	if b.output && !b.tagBounds {
		// A result is not checked against its tags' bounds, lengths,
		// patterns and formats, and a field the tool leaves unset holds
		// its zero value ("", 0, an empty list), which they may refuse:
		// an output schema that said them would make clients that check
		// structured results (the MCP TypeScript SDK does) refuse such a
		// result. Types, required fields and enums (with their zero
		// value) are what encoding/json's output keeps.
		return notes
	}
	setNumber(&s.Minimum, r.Minimum)
	setNumber(&s.Maximum, r.Maximum)
	setNumber(&s.ExclusiveMinimum, r.ExclMinimum)
	setNumber(&s.ExclusiveMaximum, r.ExclMaximum)
	setNumber(&s.MultipleOf, r.MultipleOf)
	if r.MinLength != nil {
		s.MinLength = r.MinLength
	}
	if r.MaxLength != nil {
		s.MaxLength = r.MaxLength
	}
	if r.Pattern != "" {
		s.Pattern = r.Pattern
	}
	if r.Format != "" {
		s.Format = r.Format
	}
	if r.MinItems != nil {
		s.MinItems = r.MinItems
	}
	if r.MaxItems != nil {
		s.MaxItems = r.MaxItems
	}
	s.UniqueItems = s.UniqueItems || r.UniqueItems
	if b.dialect == Standard {
		s.ReadOnly = s.ReadOnly || r.ReadOnly
		s.WriteOnly = s.WriteOnly || r.WriteOnly
		for _, e := range r.Extras {
			if s.Extras == nil {
				s.Extras = make(map[string]any)
			}
			s.Extras[e.Key] = e.Value
		}
	}
	return notes
}

// joinJSON writes values as JSON text, separated by commas.
func joinJSON(values []any) string {
	words := make([]string, len(values))
	for i, v := range values {
		words[i] = jsonText(v)
	}
	return strings.Join(words, ", ")
}

// takeNotes removes from s, recursively through items, the keywords the
// dialect does not accept, and returns them in words for the description.
func (b *schemaBuilder) takeNotes(s *jsonschema.Schema) []string {
	if b.dialect == Standard {
		return nil
	}
	var notes []string
	take := func(keep bool, present bool, note func() string, clear func()) {
		if present && !keep {
			notes = append(notes, note())
			clear()
		}
	}
	d := b.dialect
	num := func(n json.Number) bool { return n != "" }
	take(d == Gemini, s.Default != nil, func() string { return "default " + jsonText(s.Default) }, func() { s.Default = nil })
	if d == Gemini && len(s.Examples) > 0 {
		// OpenAPI's example holds one value; the others go in words.
		if s.Extras == nil {
			s.Extras = make(map[string]any)
		}
		s.Extras["example"] = s.Examples[0]
		s.Examples = s.Examples[1:]
	}
	take(false, len(s.Examples) > 0, func() string { return "for example " + joinJSON(s.Examples) }, func() { s.Examples = nil })
	take(d != Anthropic, num(s.Minimum), func() string { return "minimum " + string(s.Minimum) }, func() { s.Minimum = "" })
	take(d != Anthropic, num(s.Maximum), func() string { return "maximum " + string(s.Maximum) }, func() { s.Maximum = "" })
	take(d == OpenAI, num(s.ExclusiveMinimum), func() string { return "greater than " + string(s.ExclusiveMinimum) }, func() { s.ExclusiveMinimum = "" })
	take(d == OpenAI, num(s.ExclusiveMaximum), func() string { return "less than " + string(s.ExclusiveMaximum) }, func() { s.ExclusiveMaximum = "" })
	take(d == OpenAI, num(s.MultipleOf), func() string { return "a multiple of " + string(s.MultipleOf) }, func() { s.MultipleOf = "" })
	take(d == Gemini, s.MinLength != nil, func() string { return fmt.Sprintf("at least %s", plural(*s.MinLength, "character")) }, func() { s.MinLength = nil })
	take(d == Gemini, s.MaxLength != nil, func() string { return fmt.Sprintf("at most %s", plural(*s.MaxLength, "character")) }, func() { s.MaxLength = nil })
	take(d != Anthropic, s.MinItems != nil, func() string { return fmt.Sprintf("at least %s", plural(*s.MinItems, "item")) }, func() { s.MinItems = nil })
	take(d != Anthropic, s.MaxItems != nil, func() string { return fmt.Sprintf("at most %s", plural(*s.MaxItems, "item")) }, func() { s.MaxItems = nil })
	take(false, s.UniqueItems, func() string { return "items unique" }, func() { s.UniqueItems = false })
	take(false, s.ContentEncoding != "", func() string { return s.ContentEncoding + "-encoded" }, func() { s.ContentEncoding = "" })
	take(dialectFormats[d][s.Format], s.Format != "", func() string { return "format " + s.Format }, func() { s.Format = "" })
	if d == Gemini && len(s.Enum) > 0 && s.Type != "string" {
		words := make([]string, len(s.Enum))
		for i, v := range s.Enum {
			words[i] = jsonText(v)
		}
		notes = append(notes, "one of "+strings.Join(words, ", "))
		s.Enum = nil
	}
	if d == Gemini && slices.Contains(s.Enum, any("")) {
		// Gemini refuses the whole request for an empty string among an
		// enum's values ("enum[0]: cannot be empty"): the others stay,
		// and the description says that "" is one too.
		s.Enum = slices.DeleteFunc(slices.Clone(s.Enum), func(v any) bool { return v == "" })
		if len(s.Enum) == 0 {
			s.Enum = nil
		}
		notes = append(notes, `also "" (empty)`)
	}
	if s.Items != nil {
		if inner := b.takeNotes(s.Items); len(inner) > 0 {
			notes = append(notes, "each item: "+strings.Join(inner, ", "))
		}
	}
	return notes
}

// dialectFormats are the string formats each dialect accepts.
var dialectFormats = [numDialects]map[string]bool{
	Standard:  knownFormats,
	OpenAI:    derive.Formats[derive.OpenAI],
	Gemini:    derive.Formats[derive.Gemini],
	Anthropic: derive.Formats[derive.Anthropic],
}

// jsonText writes a value as JSON, for a description.
func jsonText(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(unescapeHTML(data))
}

func setNumber(dst *json.Number, c constant.Value) {
	if c != nil {
		*dst = json.Number(numberText(c))
	}
}

// numberText writes a numeric constant as a JSON number.
func numberText(c constant.Value) string {
	if c.Kind() == constant.Int {
		return c.ExactString()
	}
	f, _ := constant.Float64Val(c)
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// jsonValue converts a constant to the value it marshals as.
func jsonValue(c constant.Value) any {
	switch c.Kind() {
	case constant.String:
		return constant.StringVal(c)
	case constant.Bool:
		return constant.BoolVal(c)
	case constant.Int, constant.Float:
		return json.Number(numberText(c))
	}
	return nil
}

// noTypeArrays is the dialect marshalSchema takes for a schema whose
// unions with null stay anyOf.
const noTypeArrays Dialect = -1

// marshalSchema encodes s compactly, without the HTML escapes
// encoding/json adds (\u003c for <), which cost tokens and read badly,
// and with each union of a type and null that dialect d takes as a type
// array written as one ({"type":["string","null"]} for
// {"anyOf":[{"type":"string"},{"type":"null"}]}, where that validates
// the same values: derive.NullTypes), as the runtime derives it.
func marshalSchema(s *jsonschema.Schema, d Dialect) ([]byte, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	return derive.NullTypes(int(d), unescapeHTML(data), false)
}

// unescapeHTML turns \u003c, \u003e and \u0026 back into <, > and &, and
// \u2028, \u2029 into their characters, in JSON text.
func unescapeHTML(data []byte) []byte {
	if !bytes.Contains(data, []byte(`\u`)) {
		return data
	}
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		if data[i] == '\\' && i+1 < len(data) {
			if data[i+1] == 'u' && i+6 <= len(data) {
				switch string(data[i+2 : i+6]) {
				case "003c":
					out = append(out, '<')
					i += 5
					continue
				case "003e":
					out = append(out, '>')
					i += 5
					continue
				case "0026":
					out = append(out, '&')
					i += 5
					continue
				}
			}
			out = append(out, data[i], data[i+1]) // an escape: copy both bytes
			i++
			continue
		}
		out = append(out, data[i])
	}
	return out
}

// majorVersion reports whether a path element is a module's major version
// suffix (v2, v3, ...).
func majorVersion(elem string) bool {
	if len(elem) < 2 || elem[0] != 'v' {
		return false
	}
	for _, c := range elem[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// isDuration reports whether t is a time.Duration, or a pointer to one, or
// a slice or array of them.
func isDuration(t *Type) bool {
	t = t.Deref()
	if (t.Kind == KindSlice || t.Kind == KindArray) && t.Elem != nil {
		t = t.Elem.Deref()
	}
	return t.Go != nil && isNamed(t.Go, "time", "Duration")
}

// anthropicRefusedKey returns the first argument of t whose name Anthropic
// refuses, or nil: Anthropic takes the names of a tool's arguments (the
// properties at the top of its schema, not those nested) only if they
// match ^[a-zA-Z0-9_.-]{1,64}$.
func anthropicRefusedKey(t *Tool) *Field {
	if t.Input.Type == nil {
		return nil
	}
	for _, f := range t.Input.Type.Fields {
		if len(f.JSONName) == 0 || len(f.JSONName) > 64 {
			return f
		}
		for _, c := range []byte(f.JSONName) {
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-') {
				return f
			}
		}
	}
	return nil
}
