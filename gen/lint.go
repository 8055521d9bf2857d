package gen

import (
	"encoding/json"
	"fmt"
	"go/build"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/mod/semver"
)

// Lint checks a tool's argument schema against the rules of a provider's
// dialect, in its strict form (OpenAI strict mode, Gemini's parameters,
// Anthropic strict tool use), as the providers' documentation states them
// (the README's "Provider dialects" section sums them up), and
// returns each violation with its JSON Pointer. toolgen's tests run it over
// every schema it emits, and LintNonStrict over those of degraded tools,
// so a schema a provider would reject cannot land.
func Lint(d Dialect, schema []byte) []string {
	return lint(d, schema)
}

// LintNonStrict checks a schema as the provider of dialect d takes it from
// a tool sent in its non-strict form, as a tool that degraded in d is sent
// (Tool.Degraded): OpenAI without strict mode and Gemini's
// parametersJsonSchema take standard JSON Schema, its root an object with
// type object; so does Anthropic without strict. It returns each violation
// with its JSON Pointer. The three providers take the same there, so d
// changes nothing today.
func LintNonStrict(d Dialect, schema []byte) []string {
	return lint(Standard, schema)
}

// lint checks schema against the rules of dialect rules: a dialect's own
// for its strict form, Standard's for any non-strict form.
func lint(rules Dialect, schema []byte) []string {
	var root any
	if err := json.Unmarshal(schema, &root); err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	l := &linter{dialect: rules}
	obj, ok := root.(map[string]any)
	if !ok || obj["type"] != "object" {
		l.errorf("", "the root must be an object schema with type object")
	}
	for _, k := range []string{"$schema", "$id"} {
		if _, ok := obj[k]; ok {
			l.errorf("", "%s costs tokens and says nothing to the model", k)
		}
	}
	l.walk("", root, 0)
	if rules == OpenAI && l.properties > 5000 {
		l.limitf("", "%d properties; OpenAI allows 5000", l.properties)
	}
	if rules == OpenAI && l.enums > 1000 {
		l.limitf("", "%d enum values in all; OpenAI allows 1000", l.enums)
	}
	sort.Strings(l.problems)
	return l.problems
}

// openAILimits returns what of a schema in the OpenAI dialect goes past
// the sizes strict mode takes (nesting, properties, enum values), each
// with its JSON Pointer; nil if nothing does.
func openAILimits(schema []byte) []string {
	var root any
	if err := json.Unmarshal(schema, &root); err != nil {
		return nil
	}
	l := &linter{dialect: OpenAI}
	l.walk("", root, 0)
	if l.properties > 5000 {
		l.limitf("", "%d properties; OpenAI allows 5000", l.properties)
	}
	if l.enums > 1000 {
		l.limitf("", "%d enum values in all; OpenAI allows 1000", l.enums)
	}
	return l.limits
}

type linter struct {
	dialect    Dialect
	problems   []string
	limits     []string // the problems that are sizes past a provider's limits
	properties int
	enums      int // enum values, in all
}

// limitf records a size past a provider's limit.
func (l *linter) limitf(path, format string, args ...any) {
	l.errorf(path, format, args...)
	l.limits = append(l.limits, l.problems[len(l.problems)-1])
}

func (l *linter) errorf(path, format string, args ...any) {
	l.problems = append(l.problems, fmt.Sprintf("%s: %s", "#"+path, fmt.Sprintf(format, args...)))
}

// allowedKeys are the keywords each dialect accepts.
var allowedKeys = [numDialects]map[string]bool{
	OpenAI: setOf("type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf",
		"$defs", "$ref", "description", "title", "pattern", "format", "minimum", "maximum", "exclusiveMinimum",
		"exclusiveMaximum", "multipleOf", "minItems", "maxItems"),
	Gemini: setOf("anyOf", "default", "description", "enum", "example", "format", "items", "minItems", "maxItems",
		"minLength", "maxLength", "minProperties", "maxProperties", "minimum", "maximum", "nullable", "pattern",
		"properties", "propertyOrdering", "required", "title", "type"),
	Anthropic: setOf("$ref", "$defs", "type", "anyOf", "allOf", "description", "title", "enum", "const",
		"properties", "additionalProperties", "required", "items", "pattern", "format"),
}

func setOf(keys ...string) map[string]bool {
	m := make(map[string]bool, len(keys))
	for _, k := range keys {
		m[k] = true
	}
	return m
}

// walk checks the schema s at path.
func (l *linter) walk(path string, s any, depth int) {
	obj, ok := s.(map[string]any)
	if !ok {
		if _, isBool := s.(bool); isBool && l.dialect != Standard {
			l.errorf(path, "a boolean schema; %s needs an object schema", l.dialect)
		}
		return
	}
	if l.dialect == OpenAI && depth > 10 {
		l.limitf(path, "nested deeper than 10 levels; OpenAI allows 10")
	}
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if allowed := allowedKeys[l.dialect]; allowed != nil {
		for _, k := range keys {
			if !allowed[k] {
				l.errorf(path, "keyword %q is not accepted by %s", k, dialectTitles[l.dialect])
			}
		}
	}
	typ, hasType := obj["type"]
	if list, isList := typ.([]any); isList {
		if l.dialect == Gemini {
			l.errorf(path, "type must be a single type in Gemini")
		}
		if len(list) == 2 && list[1] == "null" {
			typ = list[0] // a type or null: that type's checks
		}
	}
	props, _ := obj["properties"].(map[string]any)
	if typ == "object" {
		l.checkObject(path, obj, props)
	}
	if _, hasItems := obj["items"]; typ == "array" && !hasItems && (l.dialect == OpenAI || l.dialect == Gemini) {
		l.errorf(path, "an array without items; %s needs the type of its items", dialectTitles[l.dialect])
	}
	switch l.dialect {
	case OpenAI:
		_, hasRef := obj["$ref"]
		_, hasAnyOf := obj["anyOf"]
		if !hasType && !hasRef && !hasAnyOf && path != "" {
			l.errorf(path, "no type; OpenAI strict mode needs one")
		}
		if e, ok := obj["enum"].([]any); ok {
			l.enums += len(e)
		}
	case Gemini:
		if _, hasAnyOf := obj["anyOf"]; !hasType && !hasAnyOf {
			// A protocol buffer's TYPE_UNSPECIFIED, which Gemini 3 refuses.
			l.errorf(path, "no type; Gemini needs one for every value")
		}
		if e, ok := obj["enum"].([]any); ok {
			for _, v := range e {
				if _, isString := v.(string); !isString || typ != "string" {
					l.errorf(path, "enum values must be strings of a string schema in Gemini")
					break
				}
				if v == "" {
					l.errorf(path, "an empty string among the enum values is rejected by Gemini")
					break
				}
			}
		}
		if _, ok := obj["anyOf"]; ok {
			for _, k := range keys {
				if k != "anyOf" {
					l.errorf(path, "anyOf must be alone on its node in Gemini, but %q is beside it", k)
				}
			}
		}
	case Anthropic:
		if ap, ok := obj["additionalProperties"]; ok && ap != false {
			l.errorf(path, "additionalProperties must be false in Anthropic strict mode")
		}
		_, hasRef := obj["$ref"]
		_, hasAnyOf := obj["anyOf"]
		_, hasEnum := obj["enum"]
		_, hasConst := obj["const"]
		if !hasType && !hasRef && !hasAnyOf && !hasEnum && !hasConst && path != "" {
			l.errorf(path, "no type; Anthropic strict mode needs one")
		}
	}
	for _, name := range sortedKeys(props) {
		l.properties++
		l.walk(path+"/properties/"+escapePointer(name), props[name], depth+1)
	}
	if items, ok := obj["items"]; ok {
		l.walk(path+"/items", items, depth+1)
	}
	if ap, ok := obj["additionalProperties"].(map[string]any); ok {
		l.walk(path+"/additionalProperties", ap, depth+1)
	}
	if list, ok := obj["anyOf"].([]any); ok {
		for i, sub := range list {
			l.walk(fmt.Sprintf("%s/anyOf/%d", path, i), sub, depth)
		}
	}
	defs, _ := obj["$defs"].(map[string]any)
	for _, name := range sortedKeys(defs) {
		l.walk(path+"/$defs/"+escapePointer(name), defs[name], 1)
	}
	if ref, ok := obj["$ref"].(string); ok {
		if l.dialect == Gemini {
			l.errorf(path, "Gemini does not accept $ref")
		} else if name, found := strings.CutPrefix(ref, "#/$defs/"); !found || name == "" {
			l.errorf(path, "$ref %q does not point into $defs", ref)
		}
	}
}

// checkObject checks an object schema's required list and
// additionalProperties.
func (l *linter) checkObject(path string, obj, props map[string]any) {
	required := map[string]bool{}
	if list, ok := obj["required"].([]any); ok {
		for _, r := range list {
			name, _ := r.(string)
			if _, ok := props[name]; !ok {
				l.errorf(path, "required names %q, which is not a property", name)
			}
			required[name] = true
		}
	}
	_, hasProps := obj["properties"]
	switch l.dialect {
	case OpenAI:
		if obj["additionalProperties"] != false {
			l.errorf(path, "every object needs additionalProperties: false in OpenAI strict mode")
		}
		if !hasProps {
			l.errorf(path, "an object without properties is rejected by OpenAI strict mode")
		}
		for name := range props {
			if !required[name] {
				l.errorf(path, "property %q is not required; OpenAI strict mode needs every property required", name)
			}
		}
	case Gemini:
		if _, ok := obj["additionalProperties"]; ok {
			l.errorf(path, "Gemini does not accept additionalProperties")
		}
		if len(props) == 0 && path != "" {
			// The root of a tool without arguments is left out of the
			// declaration (geminitools).
			l.errorf(path, "an object without properties is rejected by Gemini")
		}
	case Anthropic:
		// Its grammar gives every object additionalProperties false: an
		// object without it, a map, could hold no key.
		if obj["additionalProperties"] != false {
			l.errorf(path, "every object needs additionalProperties: false in Anthropic strict mode")
		}
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// qualityNotes notes what makes a tool harder for a model to use well,
// without failing the run: a field without a description, a description
// that only repeats the name, an enum whose values are not described.
// A struct's fields are noted once, for the first tool that uses them.
func qualityNotes(r *reporter, pkg *Package) {
	seen := map[*Type]bool{}
	for _, t := range pkg.Tools {
		if repeatsName(t.Description, t.Name) {
			r.noteAt(t.Pos, "tool %s: its description only repeats its name; say what it does, what it returns and when to use it", t.Name)
		}
		if t.Input.Type != nil {
			qualityFields(r, t, t.Input.Type, "", seen)
		}
	}
}

func qualityFields(r *reporter, t *Tool, typ *Type, path string, seen map[*Type]bool) {
	typ = typ.Deref()
	for typ.Kind == KindSlice || typ.Kind == KindArray || typ.Kind == KindMap {
		typ = typ.Elem.Deref()
	}
	if typ.Kind != KindStruct || seen[typ] {
		return
	}
	seen[typ] = true
	what := "field"
	if typ.Params {
		what = "parameter"
	}
	for _, f := range typ.Fields {
		p := joinPath(path, f.JSONName)
		if readOnlyFile(f.Pos.Filename) {
			// A field of the standard library's or a dependency's type
			// (sql.NullString's String): its comment is not the user's
			// to write, and a note there is one they cannot act on.
			qualityFields(r, t, f.Type, p, seen)
			continue
		}
		desc := f.Rules.Description
		typeDoc := false
		if e := f.Type.Deref(); strings.TrimSpace(desc) == "" && strings.TrimSpace(e.Doc) != "" && e.Doc != durationDoc {
			// The schema carries the type's doc then, which the model
			// reads as the field's: an object's (// Address is a postal
			// address to ship to) or an enum's, with its values, says
			// what the field takes; another type's may not say what this
			// field is for (type ID string // ID is an identifier), and a
			// time.Duration's says only its unit.
			desc, typeDoc = e.Doc, e.Kind != KindStruct && len(e.Enum) == 0
		}
		switch {
		case typeDoc:
			fix := "a doc comment"
			if typ.Params {
				fix = "a //tool:param " + f.JSONName + " line"
			}
			r.noteAt(f.Pos, "tool %s: %s %s is described only by the doc comment of its type %s, which need not say what this %s is for: add %s saying what it is, with an example", t.Name, what, p, typeName(f.Type.Deref()), what, fix)
		case strings.TrimSpace(desc) == "" && typ.Params:
			r.noteAt(f.Pos, "tool %s: %s %s has no description: add a //tool:param %s line saying what it is, with an example", t.Name, what, p, f.JSONName)
		case strings.TrimSpace(desc) == "":
			r.noteAt(f.Pos, "tool %s: %s %s has no description: add a doc comment saying what it is, with an example", t.Name, what, p)
		case desc == f.Rules.Description && (repeatsName(desc, f.JSONName) || repeatsName(desc, f.GoName)):
			r.noteAt(f.Pos, "tool %s: the description of %s %s only repeats its name; say what it is, its unit or an example", t.Name, what, p)
		}
		if word := requirednessWord(f.Rules.Description); word != "" {
			requirednessNote(r, t, f, what, p, word)
		}
		if e := f.Type.Deref(); len(e.Enum) > 0 && !slices.ContainsFunc(e.Enum, func(v EnumValue) bool { return v.Doc != "" }) {
			r.noteAt(f.Pos, "tool %s: the values of %s %s have no descriptions: give each constant of %s a doc comment, which the schema carries to the model", t.Name, what, p, typeName(e))
		}
		qualityFields(r, t, f.Type, p, seen)
	}
}

// requirednessWord returns "required" or "optional" where a description
// starts by saying which the field is, as descriptions written for the MCP
// go-sdk often do, the whole jsonschema tag being the description there
// (jsonschema:"required,The zone's ID", "(optional) the namespace",
// "Optional. Most users to return", "optional: web or image"): the word
// alone, in parentheses or brackets, or followed by a punctuation mark.
// "Required if ..." or "Optional fields ..." are sentences, not markers.
func requirednessWord(desc string) string {
	s := strings.ToLower(strings.TrimSpace(desc))
	for _, w := range []string{"required", "optional"} {
		if strings.HasPrefix(s, "("+w+")") || strings.HasPrefix(s, "["+w+"]") {
			return w
		}
		rest, ok := strings.CutPrefix(s, w)
		if !ok {
			continue
		}
		if rest = strings.TrimLeft(rest, " "); rest == "" || strings.ContainsAny(rest[:1], ",:.;-") || strings.HasPrefix(rest, "—") {
			return w
		}
	}
	return ""
}

// requirednessNote notes a field whose description says it is required or
// optional (word) when its tags make it the other: the model reads the
// description, and a call that follows it is refused (a field it leaves
// out as optional) or is not told what it must send.
func requirednessNote(r *reporter, t *Tool, f *Field, what, path, word string) {
	switch {
	case word == "optional" && f.Required && what == "parameter":
		r.noteAt(f.Pos, "tool %s: the description of parameter %s says it is optional, but the model must send it, as the parameter is not a pointer: make it a pointer to make it optional, or reword its description", t.Name, path)
	case word == "optional" && f.Required:
		r.noteAt(f.Pos, "tool %s: the description of field %s says it is optional, but the model must send it, as its json tag has no omitempty: add omitempty to make it optional, or reword its description", t.Name, path)
	case word == "required" && !f.Required && what == "parameter":
		r.noteAt(f.Pos, "tool %s: the description of parameter %s says it is required, but the model may leave it out, as the parameter is a pointer: make it a value to make it required, or reword its description", t.Name, path)
	case word == "required" && !f.Required && (f.Rules.Default != nil || len(f.Rules.DefaultList) > 0):
		r.noteAt(f.Pos, "tool %s: the description of field %s says it is required, but the model may leave it out, as it has a default: drop the default to make it required, or reword its description", t.Name, path)
	case word == "required" && !f.Required:
		r.noteAt(f.Pos, "tool %s: the description of field %s says it is required, but the model may leave it out, as its json tag has omitempty or omitzero: add required to its jsonschema tag to make it required (a tag that is all description, as the go-sdk reads it, \"required,\" included, becomes jsonschema:\"required,description=...\"), or reword its description", t.Name, path)
	}
}

// readOnlyFile reports whether file is one of GOROOT, the module cache or
// a module's vendor directory, as export data names them ($GOROOT/src/...,
// module@version/... under -trimpath) or as files: code the user cannot
// edit. A module of the user's workspace is editable.
func readOnlyFile(file string) bool {
	if strings.HasPrefix(file, "$GOROOT") {
		return true
	}
	if !filepath.IsAbs(file) {
		first, _, _ := strings.Cut(filepath.ToSlash(file), "/")
		return strings.Contains(first, "@")
	}
	sep := string(filepath.Separator)
	for rest, at := file, 0; ; {
		i := strings.Index(rest, sep+"vendor"+sep)
		if i < 0 {
			break
		}
		// A module's vendor directory, which go mod vendor writes with
		// its modules.txt; a package of the user's that is named vendor
		// (a shop's vendors) is theirs to edit.
		dir := file[:at+i+len(sep+"vendor")]
		if vendorDir(dir) {
			return true
		}
		at += i + len(sep+"vendor")
		rest = file[at:]
	}
	for _, dir := range readOnlyDirs() {
		if dir != "" && strings.HasPrefix(file, dir+sep) {
			return true
		}
	}
	// The module cache may be where toolgen's environment does not say
	// (go env -w GOPATH or GOMODCACHE, Config.Env): its modules'
	// directories are named module@version wherever it is.
	for _, part := range strings.Split(filepath.ToSlash(file), "/") {
		if i := strings.LastIndexByte(part, '@'); i > 0 && semver.IsValid(part[i+1:]) {
			return true
		}
	}
	return false
}

// vendorDirs caches vendorDir's answers, by directory.
var vendorDirs sync.Map

// vendorDir reports whether dir, a directory named vendor, is a module's
// vendor directory: go mod vendor writes modules.txt in it.
func vendorDir(dir string) bool {
	if v, ok := vendorDirs.Load(dir); ok {
		return v.(bool)
	}
	_, err := os.Stat(filepath.Join(dir, "modules.txt"))
	vendorDirs.Store(dir, err == nil)
	return err == nil
}

// readOnlyDirs are GOROOT and the module cache.
var readOnlyDirs = sync.OnceValue(func() []string {
	cache := os.Getenv("GOMODCACHE")
	if cache == "" {
		if gopath := filepath.SplitList(build.Default.GOPATH); len(gopath) > 0 {
			cache = filepath.Join(gopath[0], "pkg", "mod")
		}
	}
	return []string{filepath.Clean(build.Default.GOROOT), filepath.Clean(cache)}
})

func typeName(t *Type) string {
	if t.Go == nil {
		return "the enum"
	}
	if n, ok := t.Go.(interface{ Obj() *types.TypeName }); ok {
		return n.Obj().Name()
	}
	return t.Go.String()
}

// repeatsName reports a description whose words are only the words of
// name (get_weather, GetWeather): "Get weather." says nothing more.
func repeatsName(desc, name string) bool {
	dw := nameWords(desc)
	nw := nameWords(name)
	return len(dw) > 0 && slices.Equal(dw, nw)
}

// nameWords splits text into lower-case words at non-letters and at
// lower-to-upper case changes.
func nameWords(s string) []string {
	var words []string
	var cur []rune
	prevLower := false
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && prevLower {
				flush()
			}
			cur = append(cur, r)
			prevLower = unicode.IsLower(r)
		default:
			flush()
			prevLower = false
		}
	}
	flush()
	return words
}
