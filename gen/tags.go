package gen

import (
	"encoding/base64"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/toolgen-go/toolgen/internal/spell"
)

// fieldTags reads a field's jsonschema, jsonschema_description and
// jsonschema_extras tags into f.Rules and f.ItemRules, and reports whether
// the tag says required. A jsonschema tag is read in invopop/jsonschema's
// grammar when it is made only of its keywords (see invopopTag); any other
// tag is a description, kept exactly, as google/jsonschema-go and the MCP
// go-sdk read it. Values invopop would drop silently are errors here.
func (a *analyzer) fieldTags(f *Field, tag reflect.StructTag) (required bool) {
	errorf := func(format string, args ...any) {
		a.errorAt(f.Pos, "field %s: "+format, append([]any{f.GoName}, args...)...)
	}
	value := f.Type.Deref()
	rules := &f.Rules
	target := value // the type whose keywords apply
	isArray := value.Kind == KindSlice || value.Kind == KindArray
	schemaTag := tag.Get("jsonschema")
	keywords, isInvopop := invopopParts(schemaTag, errorf)
	if !isInvopop {
		rules.Description = schemaTag
	}
	checkKeywords(keywords, isArray, errorf)
	for _, kv := range keywords {
		key, val, hasVal := strings.Cut(kv, "=")
		switch key {
		case "":
			continue
		case "required":
			// A bare flag in invopop's grammar, written with a value too:
			// required=true as the flag, and required=false (genkit's Go docs
			// write it beside omitempty) for an optional field, which
			// invopop, reading only the bare flag, leaves to the json tag
			// as well.
			switch {
			case !hasVal || val == "true":
				required = true
			case val == "false":
				if _, opts, _ := strings.Cut(tag.Get("json"), ","); !slices.Contains(strings.Split(opts, ","), "omitempty") && !slices.Contains(strings.Split(opts, ","), "omitzero") {
					errorf("required=false does not make a field optional: add omitempty to its json tag")
				}
			default:
				flagOn(key, val, hasVal, errorf)
			}
			continue
		case "title":
			rules.Title = val
			continue
		case "description":
			rules.Description = val
			continue
		case "type":
			if !jsonTypes[val] {
				errorf("type=%s is not a JSON type; the types are string, number, integer, boolean, object, array, null", val)
			} else if t := value; t.Kind == KindCustom || t.SelfDecode {
				rules.Type = val
				f.Type = opaque(f.Type)
				value, target = f.Type.Deref(), f.Type.Deref()
			} else if elem := value.Elem; isArray && (elem.Deref().Kind == KindCustom || elem.Deref().SelfDecode) {
				f.ItemRules.Type = val
				f.Type = opaque(f.Type)
				value, target = f.Type.Deref(), f.Type.Deref()
			} else if !a.output && val != derivedJSONType(value, tag) { // a result writes what toolgen knows; the tag is for reading
				errorf("type= states the JSON type of a type with its own UnmarshalJSON; toolgen knows the type of %s", kindNames[value.Kind])
			}
			// A type= that states the JSON type toolgen derives changes
			// nothing: jsonschema:"type=string" beside json:",string",
			// written where invopop v0.13 said "integer".
			continue
		case "nullable":
			rules.Nullable = flagOn(key, val, hasVal, errorf)
			continue
		case "oneof_required", "anyof_required":
			if val == "" {
				errorf("%s needs a group name, as in %s=byEmail", key, key)
			} else if key == "oneof_required" {
				rules.OneOfGroup = append(rules.OneOfGroup, val)
			} else {
				rules.AnyOfGroup = append(rules.AnyOfGroup, val)
			}
			continue
		case "oneof_type", "anyof_type":
			list := strings.Split(val, ";")
			k := value.Kind
			if own := kindJSONTypes[k]; k != KindAny && k != KindRaw && len(list) == 2 && slices.Contains(list, "null") && slices.Contains(list, own) {
				// string;null on a *string is the field's own type or
				// null: what nullable says.
				rules.Nullable = true
				continue
			}
			if (value.Kind == KindCustom || value.SelfDecode) && len(slices.DeleteFunc(slices.Clone(list), func(t string) bool { return t == "null" })) > 1 {
				// A type whose UnmarshalJSON takes more than one JSON
				// type ("a" or ["a"]): the tag states which, as type=
				// states one, and the method alone reads the value.
				f.Type = opaqueWhole(f.Type)
				value, target = f.Type.Deref(), f.Type.Deref()
				isArray = false
			} else if k != KindAny && k != KindRaw {
				errorf("%s needs a field of type any or json.RawMessage, which can hold each of the types; this one is %s (for %s or null, write nullable)", key, kindNames[k], kindNames[k])
				continue
			}
			for _, typ := range list {
				if !jsonTypes[typ] {
					errorf("%s: %q is not a JSON type; the types are string, number, integer, boolean, object, array, null", key, typ)
				}
			}
			if key == "oneof_type" {
				rules.OneOfType = list
			} else {
				rules.AnyOfType = list
			}
			continue
		case "anchor", "oneof_ref", "anyof_ref":
			errorf("the jsonschema keyword %q is not supported: toolgen names no schemas a tag could refer to", key)
			continue
		}
		if !hasVal && key != "uniqueItems" {
			errorf("jsonschema keyword %q needs a value, as in %s=...", key, key)
			continue
		}
		r, t := rules, target
		if isArray {
			switch key {
			case "minItems", "maxItems", "uniqueItems", "default":
			case "format", "pattern":
				r, t = &f.ItemRules, value.Elem.Deref()
			default:
				r, t = &f.ItemRules, value.Elem.Deref()
			}
		}
		a.keyword(r, t, key, val, isArray, errorf)
	}
	if custom := value.Deref(); custom.Kind == KindCustom && rules.Type == "" {
		rules.Type = knownJSONType(custom.Go)
	} else if isArray && value.Elem != nil && value.Elem.Deref().Kind == KindCustom && f.ItemRules.Type == "" {
		f.ItemRules.Type = knownJSONType(value.Elem.Deref().Go)
	}
	if custom := value.Deref(); custom.Kind == KindCustom && rules.Type == "" && len(rules.OneOfType)+len(rules.AnyOfType) == 0 && !a.output {
		errorf("%s: state it with a tag, as in jsonschema:\"type=string\"", a.unknownShape(custom))
	} else if elem := innermost(value); isArray && elem != nil && elem.Deref().Kind == KindCustom && f.ItemRules.Type == "" && len(rules.OneOfType)+len(rules.AnyOfType) == 0 && !a.output {
		if elem != value.Elem {
			// A tag states the type of a list's items, not of theirs.
			errorf("%s, and in a list of lists a tag cannot state it: hold it in a struct field whose tag does (jsonschema:\"type=string\")", a.unknownShape(elem.Deref()))
		} else {
			// The items' type, which the tag states for them.
			errorf("%s: state the items' type with a tag, as in jsonschema:\"type=string\"", a.unknownShape(elem.Deref()))
		}
	} else {
		a.stringRulesFit(rules, value.Deref(), errorf)
	}
	if isArray && value.Elem != nil {
		a.stringRulesFit(&f.ItemRules, value.Elem.Deref(), errorf)
	}
	if custom := value.Deref(); custom.Kind == KindCustom && len(rules.OneOfType)+len(rules.AnyOfType) > 0 &&
		(rules.MinItems != nil || rules.MaxItems != nil || rules.UniqueItems || hasRules(&f.ItemRules)) {
		// Written before the types, the rules of an array were read for
		// the field's Go type; one of several JSON types has none.
		errorf("a field of several JSON types (oneof_type, anyof_type) takes no rules of an array or of its items: check them in the type's UnmarshalJSON")
		rules.MinItems, rules.MaxItems, rules.UniqueItems, f.ItemRules = nil, nil, false, Rules{}
	}
	if d, ok := tag.Lookup("jsonschema_description"); ok {
		rules.Description = d
	} else if d, ok := tag.Lookup("description"); ok && rules.Description == "" {
		rules.Description = d
	}
	for _, kv := range splitTag(tag.Get("jsonschema_extras")) {
		key, val, ok := strings.Cut(kv, "=")
		if !ok || key == "" {
			if kv != "" {
				errorf("jsonschema_extras entry %q is not key=value", kv)
			}
			continue
		}
		if key == "required" {
			// Written by go-sdk users, whose tag is all description, to
			// say the field is required: read as jsonschema:"required"
			// (invopop would write "required":"true" into the property,
			// which no validator reads).
			switch val {
			case "true":
				required = true
			case "false":
				if _, opts, _ := strings.Cut(tag.Get("json"), ","); !slices.Contains(strings.Split(opts, ","), "omitempty") && !slices.Contains(strings.Split(opts, ","), "omitzero") {
					errorf("jsonschema_extras required=false does not make a field optional: add omitempty to its json tag")
				}
			default:
				errorf("jsonschema_extras required=%s: write required=true, or leave it out", val)
			}
			continue
		}
		if validationKeywords[key] {
			errorf("jsonschema_extras cannot set %q, which must be validated: use the jsonschema tag", key)
			continue
		}
		var v any = val
		switch val {
		case "true":
			v = true
		case "false":
			v = false
		}
		rules.Extras = append(rules.Extras, Extra{Key: key, Value: v})
	}
	a.checkRules(f, errorf)
	for _, pattern := range []string{rules.Pattern, f.ItemRules.Pattern} {
		if found, instead := goOnlyRegexp(pattern); found != "" && !a.notEditable(f.Pos.Filename) {
			a.noteAt(f.Pos, "%sfield %s: pattern %q has %s, which Go's regexp reads and JSON Schema's (ECMA 262) does not, or reads otherwise: the generated decoder checks it, but a provider or client that compiles the schema's pattern (OpenAI's strict mode does) may refuse the schema or match other text; write %s", a.toolPrefix(), a.fieldPathName(), pattern, found, instead)
		}
	}
	return required
}

// innermost returns the items of the list t, through lists of lists
// ([][]T: T); nil for a t that is no list.
func innermost(t *Type) *Type {
	var elem *Type
	for t = t.Deref(); (t.Kind == KindSlice || t.Kind == KindArray) && t.Elem != nil; t = t.Elem.Deref() {
		elem = t.Elem
	}
	return elem
}

// goOnlyRegexp returns the first construct of pattern, a Go regexp, that
// JSON Schema's patterns, ECMA 262 regular expressions with the u flag,
// refuse or read otherwise, and what to write instead; "" if none.
func goOnlyRegexp(pattern string) (found, instead string) {
	inClass := false
	for i := 0; i < len(pattern); i++ {
		rest := pattern[i:]
		switch {
		case rest[0] == '\\' && len(rest) > 1:
			switch c := rest[1]; {
			case c == 'A' && !inClass:
				return `\A`, `^ for the start`
			case c == 'z' && !inClass:
				return `\z`, `$ for the end`
			case c == 'Q' || c == 'E':
				return `\Q…\E`, `each special character escaped with a backslash`
			case (c == 'p' || c == 'P') && (len(rest) < 3 || rest[2] != '{'):
				return rest[:min(3, len(rest))], `the class in braces, as \p{L}`
			}
			i++ // the escaped character
		case inClass:
			if strings.HasPrefix(rest, "[:") && strings.Contains(rest[2:], ":]") {
				return `a POSIX class ([[:alpha:]])`, `the characters it stands for, as [a-zA-Z]`
			}
			inClass = rest[0] != ']'
		case rest[0] == '[':
			inClass = true
			// A ] first in the class, after a ^ or not, is one of its
			// characters.
			if strings.HasPrefix(rest, "[^]") {
				i += 2
			} else if strings.HasPrefix(rest, "[]") {
				i++
			} else if strings.HasPrefix(rest, "[^") {
				i++
			}
		case strings.HasPrefix(rest, "(?P<"):
			return `(?P<name>`, `(?<name>`
		case strings.HasPrefix(rest, "(?") && len(rest) > 2 && strings.ContainsRune("imsU-", rune(rest[2])):
			end := len(rest)
			if j := strings.IndexAny(rest[2:], ":)"); j >= 0 {
				end = j + 3
			}
			return `the inline flag ` + rest[:end], `without it (for (?i), [Aa] for a letter of either case)`
		}
	}
	return "", ""
}

// ecmaOnlyRegexp names what pattern, which Go's regexp refuses, has of
// ECMA 262 that Go's RE2 has not: a lookahead, a lookbehind or a
// backreference; "" if none.
func ecmaOnlyRegexp(pattern string) string {
	for i := 0; i < len(pattern); i++ {
		rest := pattern[i:]
		switch {
		case rest[0] == '\\' && len(rest) > 1:
			if rest[1] >= '1' && rest[1] <= '9' {
				return "a backreference"
			}
			i++
		case strings.HasPrefix(rest, "(?=") || strings.HasPrefix(rest, "(?!"):
			return "a lookahead"
		case strings.HasPrefix(rest, "(?<=") || strings.HasPrefix(rest, "(?<!"):
			return "a lookbehind"
		}
	}
	return ""
}

// invopopTag reports whether a jsonschema tag is in invopop/jsonschema's
// grammar (see invopopParts).
func invopopTag(tag string) bool {
	_, ok := invopopParts(tag, func(string, ...any) {})
	return ok
}

// invopopParts returns the keywords of a jsonschema tag in
// invopop/jsonschema's grammar, each without the spaces around it, and ok
// false for a description in google/jsonschema-go's grammar ("the city,
// e.g. Paris (or nyc)"), which the tag is unless
//
//   - it starts with WORD=, which google/jsonschema-go refuses, so that it
//     can only be invopop's (bare flags such as required may come first:
//     "required,description=..." is invopop's too). A part after
//     description= or title= that is no keyword is the rest of that
//     value, as its author meant
//     ("description=Filter by status (open, closed)", where invopop would
//     keep only "Filter by status (open"); any other part that is no
//     keyword is an error;
//   - or each of its parts is a bare flag: a description that is itself a
//     bare flag, such as "required", is read as the flag.
func invopopParts(tag string, errorf func(string, ...any)) (keywords []string, ok bool) {
	if tag == "" {
		return nil, false
	}
	parts := splitTag(tag)
	// A trailing comma ("description=A thing,", "required,") ends the
	// list: no part, and nothing of a description= before it.
	for len(parts) > 1 && strings.TrimSpace(parts[len(parts)-1]) == "" {
		parts = parts[:len(parts)-1]
	}
	isKeyword := func(part string) bool {
		key, _, hasVal := strings.Cut(part, "=")
		return hasVal && isWord(key) || !hasVal && bareFlags[part]
	}
	// The first part that is no bare flag decides: WORD= makes the tag
	// invopop's, as does a tag of bare flags alone.
	first := 0
	for first < len(parts) && (bareFlags[strings.TrimSpace(parts[first])] || strings.TrimSpace(parts[first]) == "") {
		first++
	}
	key := "required"
	if first < len(parts) {
		var hasVal bool
		key, _, hasVal = strings.Cut(strings.TrimSpace(parts[first]), "=")
		if !hasVal || !isWord(key) {
			return nil, false
		}
	}
	for _, part := range parts {
		trimmed := strings.TrimSpace(part)
		switch {
		case isKeyword(trimmed):
			keywords = append(keywords, trimmed)
		case len(keywords) > 0 && (strings.HasPrefix(keywords[len(keywords)-1], "description=") || strings.HasPrefix(keywords[len(keywords)-1], "title=")):
			keywords[len(keywords)-1] += "," + strings.TrimRightFunc(part, unicode.IsSpace)
		case trimmed == "":
		case len(keywords) > 0 && strings.HasPrefix(keywords[len(keywords)-1], "enum="):
			errorf("jsonschema tag: %q is no keyword of invopop's grammar, which the tag is in as it starts with %s=: an enum takes one enum= for each value (enum=a,enum=b); a comma inside a value is written \\,", trimmed, key)
		case strings.Contains(trimmed, " "):
			// minimum=1,the smallest page: text after the keywords.
			errorf("jsonschema tag: %q is no keyword of invopop's grammar, which the tag is in as it starts with %s=: a description goes last, as description=%s (a comma after description= needs no backslash), or in the field's doc comment", trimmed, key, trimmed)
		default:
			errorf("jsonschema tag: %q is no keyword of invopop's grammar, which the tag is in as it starts with %s=: a comma inside a value is written \\,", trimmed, key)
		}
	}
	return keywords, true
}

// checkKeywords reports two mistakes in an invopop tag's keywords that
// would lose a keyword silently: one given twice (but enum=, example=,
// oneof_required= and anyof_required=, one for each value or group, and
// default=, which keyword checks with the field's type), and a space for
// the comma before a keyword, which the value before it swallows.
func checkKeywords(keywords []string, isArray bool, errorf func(string, ...any)) {
	given := make(map[string]string)
	for _, kw := range keywords {
		k, v, hasVal := strings.Cut(kw, "=")
		if !hasVal {
			continue
		}
		if k != "description" && k != "title" {
			// enum=gcp description=The provider: a space for a comma.
			words := strings.Fields(v)
			for _, word := range words[min(1, len(words)):] {
				if next, _, ok := strings.Cut(word, "="); ok && slices.Contains(jsonschemaKeywords, next) {
					errorf("jsonschema tag: the value of %s is %q, which holds %s=: separate keywords with commas (%s=%s,%s=...)", k, v, next, k, words[0], next)
					break
				}
			}
		}
		switch k {
		case "enum", "example", "oneof_required", "anyof_required":
			continue // one for each value, or group
		case "default":
			continue // reported with the field's type: an array's has several
		}
		if prev, dup := given[k]; dup {
			errorf("jsonschema tag: %s= is given twice (%s, then %s), and only one can hold: keep one", k, prev, v)
		}
		given[k] = v
	}
}

// jsonKinds are the kinds of the JSON types a type= tag states, as an
// example's value is read.
var jsonKinds = map[string]Kind{"string": KindString, "integer": KindInt, "number": KindFloat, "boolean": KindBool}

// kindJSONTypes are the JSON types of the kinds whose type toolgen knows.
var kindJSONTypes = map[Kind]string{
	KindBool: "boolean", KindString: "string", KindBytes: "string", KindTime: "string", KindText: "string",
	KindInt: "integer", KindUint: "integer", KindFloat: "number",
	KindStruct: "object", KindMap: "object", KindSlice: "array", KindArray: "array",
}

// bareFlags are invopop's keywords that take no value.
var bareFlags = map[string]bool{"required": true, "nullable": true, "uniqueItems": true}

// isWord reports whether s is an identifier of ASCII letters, digits and
// underscores, as invopop's keys are.
func isWord(s string) bool {
	if s == "" || '0' <= s[0] && s[0] <= '9' {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// opaque returns t with the type that decodes itself, under pointers,
// slices and arrays, as KindCustom: a type= tag states its JSON type, and
// its own UnmarshalJSON alone decodes it.
func opaque(t *Type) *Type {
	switch {
	case t.Kind == KindPointer || t.Kind == KindSlice || t.Kind == KindArray:
		c := *t
		c.Elem = opaque(t.Elem)
		return &c
	case t.SelfDecode:
		// Its shape stays, for the items of an array alternative.
		return &Type{Kind: KindCustom, Go: t.Go, Doc: t.Doc, Shape: t.Shape}
	}
	return t
}

// stringRulesFit reports string rules (format, pattern, minLength,
// maxLength) that keyword let through for a type that decodes itself, in
// case the tag stated type=string, and that the tag did not: the decoder
// checks them on the string before the type's UnmarshalJSON reads it, so
// the value must be one.
func (a *analyzer) stringRulesFit(r *Rules, t *Type, errorf func(string, ...any)) {
	if !(t.Kind == KindCustom || t.SelfDecode) || r.Type == "string" || a.output {
		return
	}
	for _, c := range []struct {
		key string
		set bool
	}{{"format", r.Format != ""}, {"pattern", r.Pattern != ""}, {"minLength", r.MinLength != nil}, {"maxLength", r.MaxLength != nil}} {
		if key := c.key; c.set {
			name := types.TypeString(t.Go, types.RelativeTo(a.pkg.Types))
			errorf("%s applies to string values, and %s decodes itself with UnmarshalJSON: if it reads a string, say so with type=string and toolgen checks the string before the method reads it", key, name)
			r.Format, r.Pattern, r.MinLength, r.MaxLength = "", "", nil, nil
			return
		}
	}
}

// opaqueWhole returns t, under pointers, as KindCustom where it decodes
// itself: a named slice type too, whose method reads the whole value, as
// for oneof_type=string;array.
func opaqueWhole(t *Type) *Type {
	switch {
	case t.Kind == KindPointer:
		c := *t
		c.Elem = opaqueWhole(t.Elem)
		return &c
	case t.SelfDecode:
		// Its shape stays, for the items of an array alternative.
		return &Type{Kind: KindCustom, Go: t.Go, Doc: t.Doc, Shape: t.Shape}
	}
	return t
}

// validationKeywords may not be set through jsonschema_extras: the
// generated validator would not enforce them.
var validationKeywords = map[string]bool{
	"type": true, "enum": true, "const": true, "minimum": true, "maximum": true,
	"exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "pattern": true, "format": true,
	"minItems": true, "maxItems": true, "uniqueItems": true, "required": true,
	"properties": true, "additionalProperties": true, "items": true,
	"$ref": true, "$defs": true, "allOf": true, "anyOf": true, "oneOf": true, "not": true,
	"minProperties": true, "maxProperties": true,
}

// keyword applies one key=val to r, for a value of type t.
func (a *analyzer) keyword(r *Rules, t *Type, key, val string, isArray bool, errorf func(string, ...any)) {
	kindName := kindNames[t.Kind]
	onlyFor := func(kinds ...Kind) bool {
		for _, k := range kinds {
			if t.Kind == k {
				return true
			}
		}
		errorf("%s applies to %s values; this one is %s", key, kindList(kinds), kindName)
		return false
	}
	length := func(dst **uint64) {
		n, err := strconv.ParseUint(val, 10, 63)
		if err != nil {
			errorf("%s needs a whole number, got %q", key, val)
			return
		}
		*dst = &n
	}
	// A type that decodes itself may take the string rules if the tag
	// states type=string, before or after them: stringRulesFit checks
	// that once the tag is read.
	ownString := func() bool {
		if t.Kind == KindText {
			// Its text form is a string, but the decoder hands it to
			// UnmarshalText as it reads it, with no check before.
			name := types.TypeString(t.Go, types.RelativeTo(a.pkg.Types))
			errorf("%s applies to string values, and %s reads its text form with its own UnmarshalText, which toolgen does not check the string before: check it in UnmarshalText, or make the field a string", key, name)
			return false
		}
		return t.Kind == KindCustom || t.SelfDecode || onlyFor(KindString)
	}
	number := func(dst *constant.Value) {
		if !onlyFor(KindInt, KindUint, KindFloat) {
			return
		}
		c, ok := parseNumber(val)
		if !ok {
			errorf("%s needs a number, got %q", key, val)
			return
		}
		*dst = c
	}
	switch key {
	case "minLength", "maxLength":
		if ownString() {
			length(map[string]**uint64{"minLength": &r.MinLength, "maxLength": &r.MaxLength}[key])
		}
	case "pattern":
		if ownString() {
			if _, err := regexp.Compile(val); err != nil {
				if what := ecmaOnlyRegexp(val); what != "" {
					// Valid in JSON Schema's ECMA dialect, but the
					// generated validator is Go's.
					errorf("pattern %q does not compile in Go's regexp syntax: %v; it has %s, which Go's regexp (RE2) has not: write the pattern without it, or check that part in the tool", val, err, what)
					return
				}
				errorf("pattern %q does not compile in Go's regexp syntax: %v", val, err)
				return
			}
			r.Pattern = val
		}
	case "format":
		if t.Kind == KindTime {
			// A time is already an RFC 3339 date-time string, as invopop
			// and the go-sdk describe it: saying so again is no mistake.
			if val != "date-time" {
				errorf("format %q cannot apply to a time, which encoding/json reads as an RFC 3339 date-time (format date-time): drop the format, or make the field a string", val)
			}
			return
		}
		if ownString() {
			if !knownFormats[val] {
				if val == "duration" {
					// Written on strings that time.ParseDuration reads
					// ("30s"), where JSON Schema's duration is ISO 8601
					// (PT30S), which no such string is.
					errorf("format %q cannot be checked: JSON Schema's duration is ISO 8601 (PT30S, P1D), which toolgen does not check, and a Go duration such as \"30s\" or \"1h30m\" is not one; for the text time.ParseDuration reads, write pattern=%s instead, or make the field a time.Duration (nanoseconds)", val, goDurationPattern)
					return
				}
				if near := nearest(val, formatNames); near != "" && len(val) > 3 && spell.Distance(strings.ToLower(val), near, 1) <= 1 {
					errorf("format %q cannot be checked; did you mean %s?", val, near)
				} else {
					errorf("format %q cannot be checked; the formats are %s", val, strings.Join(formatNames, ", "))
				}
				return
			}
			r.Format = val
		}
	case "readOnly", "writeOnly":
		b, err := strconv.ParseBool(val)
		if err != nil {
			errorf("%s needs true or false, got %q", key, val)
			return
		}
		if key == "readOnly" {
			r.ReadOnly = b
		} else {
			r.WriteOnly = b
		}
	case "minimum":
		number(&r.Minimum)
	case "maximum":
		number(&r.Maximum)
	case "exclusiveMinimum":
		number(&r.ExclMinimum)
	case "exclusiveMaximum":
		number(&r.ExclMaximum)
	case "multipleOf":
		number(&r.MultipleOf)
		if r.MultipleOf != nil && constant.Sign(r.MultipleOf) <= 0 {
			errorf("multipleOf must be greater than 0, got %s", val)
			r.MultipleOf = nil
		}
	case "minItems", "maxItems":
		if !isArray {
			errorf("%s applies to slices and arrays; this field is %s", key, kindName)
			return
		}
		length(map[string]**uint64{"minItems": &r.MinItems, "maxItems": &r.MaxItems}[key])
	case "uniqueItems":
		if !isArray {
			errorf("uniqueItems applies to slices and arrays; this field is %s", kindName)
			return
		}
		switch elem := t.Elem.Deref(); {
		case t.Kind != KindSlice:
			errorf("uniqueItems is supported on slices, not arrays")
		case t.Elem.Kind == KindPointer || (elem.Kind != KindString && elem.Kind != KindInt && elem.Kind != KindUint && elem.Kind != KindFloat && elem.Kind != KindBool):
			errorf("uniqueItems is supported on slices of strings, numbers and booleans")
		default:
			r.UniqueItems = flagOn(key, val, val != "", errorf)
		}
	case "enum", "default", "example":
		if key == "enum" && isAlternatives(val) {
			errorf("enum=%s is one value, %q; an enum takes one enum= for each value: enum=%s", val, val, strings.ReplaceAll(val, "|", ",enum="))
			return
		}
		target := t
		if isArray && key == "default" {
			target = t.Elem.Deref()
		}
		if target.Kind == KindCustom {
			name := types.TypeString(target.Go, types.RelativeTo(a.pkg.Types))
			switch {
			case key != "example":
				errorf("%s= is not supported on %s, which decodes itself with UnmarshalJSON: toolgen cannot make its values when it generates the code; check the value in the tool (for a default, when the field is its zero value)", key, name)
			default:
				// An example is only shown to the model: the JSON types the
				// tag states are enough.
				stated := append([]string{r.Type}, append(r.OneOfType, r.AnyOfType...)...)
				if len(stated) == 1 && stated[0] == "" {
					errorf("example= on %s, which decodes itself with UnmarshalJSON, needs its JSON type first: write type= before it", name)
					return
				}
				for _, typ := range stated {
					if kind, ok := jsonKinds[typ]; ok {
						if c, ok := a.literal(&Type{Kind: kind, Bits: 64}, val); ok {
							r.Examples = append(r.Examples, c)
							return
						}
					}
				}
				errorf("example value %q is not a JSON value of the type the tag states (%s), or not one an example= can write (a string, a number or a boolean)", val, strings.Join(slices.DeleteFunc(stated, func(s string) bool { return s == "" }), ", "))
			}
			return
		}
		if target.Kind == KindTime && key == "enum" {
			errorf("enum= is not supported on a time: bound it in the tool, or make the field a string enum")
			return
		}
		if target.Kind == KindText || target.Kind == KindBytes {
			// A string to the model, but no Go string toolgen could make
			// a default or an enum of; an example is only shown.
			what := "base64 bytes, which encoding/json reads into a []byte"
			if target.Kind == KindText {
				what = types.TypeString(target.Go, func(p *types.Package) string {
					if p == a.pkg.Types {
						return ""
					}
					return p.Name()
				}) + ", which reads itself from text with UnmarshalText,"
			}
			switch {
			case key != "example":
				errorf("%s= on %s is not supported: toolgen cannot make its values when it generates the code; %s", key, what, map[string]string{
					"default": "apply the default in the tool, when the field is its zero value",
					"enum":    "check the values in the tool",
				}[key])
			case target.Kind == KindBytes && (strings.ContainsAny(val, "\r\n") || !validBase64(val)):
				errorf("example value %q is not base64 (the standard alphabet, padded), which encoding/json reads into a []byte", val)
			default:
				r.Examples = append(r.Examples, constant.MakeString(val))
			}
			return
		}
		if what, ok := objectKinds[target.Kind]; ok {
			// example={"Authorization":"Bearer token"} on a map: invopop
			// leaves such values out of the schema; toolgen's tags write
			// strings, numbers and booleans only.
			fix := map[string]string{
				"example": "put the example in the description (description=... e.g. " + val + ")",
				"default": "apply the default in the tool, when the field is empty",
				"enum":    "list the values the tool takes in the description, and check them in the tool",
			}[key]
			errorf("%s= on %s is not supported: a tag's %s= gives values to string, number and boolean fields only (invopop leaves it out of the schema); %s", key, what, key, fix)
			return
		}
		c, ok := a.literal(target, val)
		if !ok {
			if target.Kind == KindTime {
				errorf("%s value %q is not an RFC 3339 date-time, as in 2024-01-01T00:00:00Z", key, val)
				return
			}
			errorf("%s value %q is not %s that fits the field", key, val, kindNames[target.Kind])
			return
		}
		switch {
		case key == "enum":
			if slices.ContainsFunc(r.Enum, func(e constant.Value) bool { return constant.Compare(e, token.EQL, c) }) {
				errorf("enum value %s is given twice", val)
				return
			}
			r.Enum = append(r.Enum, c)
		case key == "example":
			r.Examples = append(r.Examples, c)
		case isArray:
			r.DefaultList = append(r.DefaultList, c)
		default:
			if r.Default != nil {
				errorf("more than one default")
			}
			r.Default = c
		}
	default:
		if near := nearest(key, jsonschemaKeywords); near != "" {
			errorf("unknown jsonschema keyword %q; did you mean %s?", key, near)
		} else {
			errorf("unknown jsonschema keyword %q; the keywords are %s", key, strings.Join(jsonschemaKeywords, ", "))
		}
	}
}

// isAlternatives reports whether an enum value is values joined by |, as
// in enum=a|b|c, which people write for an enum's values.
func isAlternatives(val string) bool {
	parts := strings.Split(val, "|")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.TrimSpace(p) != p {
			return false
		}
	}
	return true
}

// jsonschemaKeywords are the keywords of invopop's grammar that toolgen
// reads, for messages.
var jsonschemaKeywords = []string{
	"required", "title", "description", "type", "nullable", "enum", "default", "example",
	"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
	"minLength", "maxLength", "pattern", "format", "minItems", "maxItems", "uniqueItems",
	"readOnly", "writeOnly", "oneof_required", "anyof_required", "oneof_type", "anyof_type",
}

// nearest returns the word of words within two edits of s (ignoring
// case), the first of the closest, or "".
func nearest(s string, words []string) string {
	best, bestDist := "", 3
	for _, w := range words {
		if d := spell.Distance(strings.ToLower(s), strings.ToLower(w), 2); d < bestDist {
			best, bestDist = w, d
		}
	}
	return best
}

// literal parses a tag value as a constant of type t's kind.
func (a *analyzer) literal(t *Type, val string) (constant.Value, bool) {
	switch t.Kind {
	case KindString:
		return constant.MakeString(val), true
	case KindBool:
		b, err := strconv.ParseBool(val)
		if err != nil || (val != "true" && val != "false") {
			return nil, false
		}
		return constant.MakeBool(b), true
	case KindInt, KindUint:
		c, ok := parseNumber(val)
		if !ok || c.Kind() != constant.Int {
			if ok {
				if i := constant.ToInt(c); i.Kind() == constant.Int {
					c = i
				} else {
					return nil, false
				}
			} else {
				return nil, false
			}
		}
		return c, fitsInt(t, c)
	case KindFloat:
		return parseNumber(val)
	case KindTime:
		// RFC 3339, as the model writes it and the decoder reads it,
		// with t and z in either case, as RFC 3339 allows: its digits
		// as rfc3339RE says (time.Parse also takes one-digit hours, a
		// comma before the fraction and offsets past 23 hours), its values
		// as time.Parse checks them.
		m := rfc3339RE.FindStringSubmatch(val)
		if m == nil || m[1] > "23" {
			return nil, false
		}
		if _, err := time.Parse(time.RFC3339Nano, strings.ToUpper(val)); err != nil {
			return nil, false
		}
		return constant.MakeString(val), true
	}
	return nil, false
}

// fitsInt reports whether the integer c fits in t.
func fitsInt(t *Type, c constant.Value) bool {
	if t.Kind == KindUint {
		v, exact := constant.Uint64Val(c)
		return exact && (t.Bits == 64 || v < 1<<t.Bits)
	}
	v, exact := constant.Int64Val(c)
	return exact && (t.Bits == 64 || (v >= -(1<<(t.Bits-1)) && v < 1<<(t.Bits-1)))
}

// rfc3339RE is RFC 3339's date-time, its offset's hour submatch 1.
var rfc3339RE = regexp.MustCompile(`^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]+)?(?:[Zz]|[+-]([0-9]{2}):[0-5][0-9])$`)

var jsonNumberRE = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// parseNumber parses a JSON number exactly.
func parseNumber(s string) (constant.Value, bool) {
	if !jsonNumberRE.MatchString(s) {
		return nil, false
	}
	tok := token.INT
	if strings.ContainsAny(s, ".eE") {
		tok = token.FLOAT
	}
	c := constant.MakeFromLiteral(strings.TrimPrefix(s, "-"), tok, 0)
	if c.Kind() == constant.Unknown {
		return nil, false
	}
	if strings.HasPrefix(s, "-") {
		c = constant.UnaryOp(token.SUB, c, 0)
	}
	if tok == token.FLOAT {
		if i := constant.ToInt(c); i.Kind() == constant.Int {
			c = i
		}
	}
	return c, true
}

// checkRules reports rules that contradict each other or the type.
func (a *analyzer) checkRules(f *Field, errorf func(string, ...any)) {
	for _, r := range []*Rules{&f.Rules, &f.ItemRules} {
		if r.MinLength != nil && r.MaxLength != nil && *r.MinLength > *r.MaxLength {
			errorf("minLength %d is greater than maxLength %d", *r.MinLength, *r.MaxLength)
		}
		if r.MinItems != nil && r.MaxItems != nil && *r.MinItems > *r.MaxItems {
			errorf("minItems %d is greater than maxItems %d", *r.MinItems, *r.MaxItems)
		}
		if r.Minimum != nil && r.Maximum != nil && constant.Compare(r.Minimum, token.GTR, r.Maximum) {
			errorf("minimum %s is greater than maximum %s", r.Minimum, r.Maximum)
		}
	}
	if f.Type.Deref().Kind == KindInt || f.Type.Deref().Kind == KindUint {
		for _, c := range f.Rules.Enum {
			if c.Kind() != constant.Int {
				errorf("enum value %s is not an integer", c)
			}
		}
	}
	if d := f.Rules.Default; d != nil {
		if why := disallowed(&f.Rules, f.Type.Deref(), d); why != "" {
			errorf("default %s does not satisfy the field's own constraints: %s; change the default or the constraint", constText(d), why)
		}
	}
	if list := f.Rules.DefaultList; list != nil {
		checkDefaultList(f, list, errorf)
	}
}

// checkDefaultList reports a default of a slice or array field that the
// field's rules refuse: an item its items' rules refuse, too few or too
// many items, or an item twice where they must be unique. The decoder
// would set the field to it when the model leaves the field out, and
// refuse it when the model sends it.
func checkDefaultList(f *Field, list []constant.Value, errorf func(string, ...any)) {
	if elem := f.Type.Deref().Elem; elem != nil {
		for _, c := range list {
			if why := disallowed(&f.ItemRules, elem.Deref(), c); why != "" {
				errorf("default item %s does not satisfy the items' constraints: %s; change the default or the constraint", constText(c), why)
			}
		}
	}
	n, r := uint64(len(list)), &f.Rules
	switch {
	case r.MinItems != nil && n < *r.MinItems:
		errorf("the default has %s, fewer than minItems %d; change the default or the constraint", plural(n, "item"), *r.MinItems)
	case r.MaxItems != nil && n > *r.MaxItems:
		errorf("the default has %s, more than maxItems %d; change the default or the constraint", plural(n, "item"), *r.MaxItems)
	}
	if r.UniqueItems {
		for i, c := range list {
			if slices.ContainsFunc(list[:i], func(e constant.Value) bool { return constant.Compare(e, token.EQL, c) }) {
				errorf("the default has the item %s twice, and uniqueItems is set; change the default or the constraint", constText(c))
				break
			}
		}
	}
}

// constText writes a value of a tag as its author would: a decimal as
// 0.1, not the fraction 1/10 that go/constant holds.
func constText(c constant.Value) string {
	if c.Kind() == constant.Float {
		if f, _ := constant.Float64Val(c); !math.IsInf(f, 0) {
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
	}
	return c.ExactString()
}

// disallowed returns how the scalar v breaks r's enum, bounds, lengths or
// pattern (or t's const-group enum), or "" if it satisfies them all, so
// that a default is checked when code is generated.
func disallowed(r *Rules, t *Type, v constant.Value) string {
	in := func(list []constant.Value) string {
		for _, e := range list {
			if constant.Compare(e, token.EQL, v) {
				return ""
			}
		}
		vals := make([]string, len(list))
		for i, e := range list {
			vals[i] = constText(e)
		}
		return "it is not one of the values " + strings.Join(vals, ", ")
	}
	if len(r.Enum) > 0 {
		if why := in(r.Enum); why != "" {
			return why
		}
	}
	if len(r.Enum) == 0 && len(t.Enum) > 0 {
		vals := make([]constant.Value, len(t.Enum))
		for i, e := range t.Enum {
			vals[i] = e.Value
		}
		if why := in(vals); why != "" {
			return why
		}
	}
	if v.Kind() == constant.Int || v.Kind() == constant.Float {
		for _, b := range []struct {
			bound constant.Value
			op    token.Token
			name  string
		}{
			{r.Minimum, token.GEQ, "below the minimum"},
			{r.Maximum, token.LEQ, "above the maximum"},
			{r.ExclMinimum, token.GTR, "not above the exclusiveMinimum"},
			{r.ExclMaximum, token.LSS, "not below the exclusiveMaximum"},
		} {
			if b.bound != nil && !constant.Compare(v, b.op, b.bound) {
				return fmt.Sprintf("it is %s %s", b.name, constText(b.bound))
			}
		}
	}
	if v.Kind() == constant.String {
		s := constant.StringVal(v)
		n := uint64(len([]rune(s)))
		switch {
		case r.MinLength != nil && n < *r.MinLength:
			return fmt.Sprintf("it has %d characters, fewer than minLength %d", n, *r.MinLength)
		case r.MaxLength != nil && n > *r.MaxLength:
			return fmt.Sprintf("it has %d characters, more than maxLength %d", n, *r.MaxLength)
		case r.Pattern != "" && !regexp.MustCompile(r.Pattern).MatchString(s):
			return fmt.Sprintf("it does not match the pattern %s", r.Pattern)
		}
	}
	return ""
}

// splitTag splits a jsonschema tag at commas not escaped with a backslash,
// as invopop does; "\," stands for a comma inside a value.
func splitTag(s string) []string {
	if s == "" {
		return nil
	}
	var out []string
	var cur strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == ',':
			cur.WriteByte(',')
			i++
		case s[i] == ',':
			out = append(out, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(s[i])
		}
	}
	return append(out, cur.String())
}

var jsonTypes = map[string]bool{"string": true, "number": true, "integer": true, "boolean": true, "object": true, "array": true, "null": true}

var kindNames = map[Kind]string{
	KindBool: "a boolean", KindString: "a string", KindInt: "an integer", KindUint: "an integer",
	KindFloat: "a number", KindStruct: "an object", KindPointer: "a pointer", KindSlice: "an array",
	KindArray: "an array", KindMap: "an object", KindBytes: "base64 bytes", KindTime: "a date-time",
	KindAny: "any value", KindRaw: "any value", KindText: "a string", KindCustom: "a value of its own encoding",
}

func kindList(kinds []Kind) string {
	seen := map[string]bool{}
	var names []string
	for _, k := range kinds {
		if n := kindNames[k]; !seen[n] {
			seen[n] = true
			names = append(names, strings.TrimPrefix(strings.TrimPrefix(n, "a "), "an ")+"")
		}
	}
	return strings.Join(names, " and ")
}

// goDurationPattern matches the texts time.ParseDuration reads ("30s",
// "1h30m", "1.5h", "-2m", "0"), written without backslashes or commas so
// that it goes into a jsonschema tag as it is.
const goDurationPattern = `^[-+]?(0|(([0-9]+([.][0-9]*)?|[.][0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$`

// derivedJSONType is the JSON type toolgen gives a field of type t with
// struct tag tag: a string for a number or boolean with the json option
// string.
func derivedJSONType(t *Type, tag reflect.StructTag) string {
	_, opts, _ := strings.Cut(tag.Get("json"), ",")
	switch t.Kind {
	case KindInt, KindUint, KindFloat, KindBool:
		if slices.Contains(strings.Split(opts, ","), "string") {
			return "string"
		}
	}
	return kindJSONTypes[t.Kind]
}

// validBase64 reports whether s is base64 as encoding/json reads a
// []byte: the standard alphabet, padded.
func validBase64(s string) bool {
	_, err := base64.StdEncoding.DecodeString(s)
	return err == nil
}

// objectKinds are the kinds whose values a tag's enum=, default= or
// example= cannot write, with how a message names them.
var objectKinds = map[Kind]string{
	KindMap: "a map", KindStruct: "a struct", KindAny: "any value", KindRaw: "a json.RawMessage",
	KindSlice: "a list of lists", KindArray: "a list of lists",
}

// flagOn reports whether a bare flag of invopop's grammar (required,
// nullable, uniqueItems), which tags also write with a value, is on:
// bare or =true, not =false; another value is an error.
func flagOn(key, val string, hasVal bool, errorf func(string, ...any)) bool {
	switch {
	case !hasVal || val == "true":
		return true
	case val == "false":
		return false
	}
	errorf("%s=%s: write %s (or %s=true), or leave it out", key, val, key, key)
	return false
}

// knownFormats are the string formats the runtime checks.
var knownFormats = map[string]bool{
	"date-time": true, "date": true, "time": true, "email": true, "uri": true,
	"uuid": true, "ipv4": true, "ipv6": true, "hostname": true,
}

var formatNames = []string{"date", "date-time", "email", "hostname", "ipv4", "ipv6", "time", "uri", "uuid"}

// jsonOptions are the options of a json tag that encoding/json reads.
var jsonOptions = []string{"omitempty", "omitzero", "string"}

// tagKeys are the struct tag keys toolgen reads.
var tagKeys = []string{"json", "jsonschema", "jsonschema_description", "jsonschema_extras"}

// checkTag reports the mistakes in a field's struct tag that would
// otherwise lose what it says silently: a tag go vet calls malformed, a
// key or json option one typo away from one toolgen reads, and a
// jsonschema tag of the form keyword:value (the grammar is keyword=value).
// It reports whether the tag can be read.
func (a *analyzer) checkTag(v *types.Var, raw string) bool {
	pos := a.fieldDecl(v).pos
	keys, ok := structTagKeys(raw)
	if !ok {
		a.errorAt(pos, "field %s: the struct tag `%s` is malformed: write key:\"value\" pairs separated by spaces, such as `json:\"name,omitempty\" jsonschema:\"minimum=1\"`", v.Name(), raw)
		return false
	}
	for i, key := range keys {
		if slices.Contains(tagKeys, key) {
			if slices.Contains(keys[:i], key) && !slices.Contains(keys[i+1:], key) {
				// Once for a key given twice or more.
				a.errorAt(pos, "field %s: the struct tag has %s more than once; encoding/json and toolgen read only the first: keep one", v.Name(), key)
			}
			continue
		}
		if near := tagKeyTypo(key); near != "" {
			a.errorAt(pos, "field %s: unknown struct tag key %q; did you mean %s?", v.Name(), key, near)
		}
	}
	tag := reflect.StructTag(raw)
	if j, ok := tag.Lookup("json"); ok {
		_, opts, _ := strings.Cut(j, ",")
		for o := range strings.SplitSeq(opts, ",") {
			if o == "" || slices.Contains(jsonOptions, o) {
				continue
			}
			if near := nearest(o, jsonOptions); near != "" {
				a.errorAt(pos, "field %s: unknown json tag option %q, which encoding/json ignores; did you mean %s?", v.Name(), o, near)
			}
		}
	}
	if s := tag.Get("jsonschema"); s != "" && !invopopTag(s) {
		if key, val, ok := colonKeyword(s); ok {
			a.errorAt(pos, "field %s: jsonschema tag %q is read as a description; for the keyword, write %s=%s", v.Name(), s, key, val)
		} else if opt := jsonOptionIn(s); opt != "" {
			fix := fmt.Sprintf("write it there (json:\"name,%s\")", opt)
			if _, opts, _ := strings.Cut(tag.Get("json"), ","); slices.Contains(strings.Split(opts, ","), opt) {
				fix = "the json tag has it: remove it here"
			}
			a.errorAt(pos, "field %s: jsonschema tag %q is read as a description: %s is an option of the json tag, not of jsonschema; %s", v.Name(), s, opt, fix)
		}
	}
	return true
}

// colonKeyword reports a tag that, after any bare flags, is a keyword
// written key:value for key=value ("minimum:1", "required,description:the
// namespace"), which reads as a description.
func colonKeyword(tag string) (key, val string, ok bool) {
	parts := splitTag(tag)
	flags := 0
	for flags < len(parts) && bareFlags[strings.TrimSpace(parts[flags])] {
		flags++
	}
	if flags == len(parts) {
		return "", "", false
	}
	rest := strings.TrimSpace(strings.Join(parts[flags:], ","))
	key, val, ok = strings.Cut(rest, ":")
	if !ok || !slices.Contains(jsonschemaKeywords, key) {
		return "", "", false
	}
	spaced := strings.HasPrefix(val, " ")
	if val = strings.TrimSpace(val); val == "" {
		return "", "", false
	}
	switch {
	case key == "description":
		// No description starts with "description:".
		return key, val, true
	case key == "title" && flags > 0:
		return key, val, true
	case strings.ContainsAny(val, "=, "):
		// A text with spaces or commas is a description: "title: the
		// page's title", "format: see RFC 3339".
		return "", "", false
	case spaced && !numberKeywords[key]:
		// "example: Paris", "title: Overview": text a description may
		// well be. "maxLength: 5" is not.
		return "", "", false
	}
	return key, val, true
}

// numberKeywords are the keywords whose value is a number.
var numberKeywords = map[string]bool{
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true,
	"minLength": true, "maxLength": true, "minItems": true, "maxItems": true, "minProperties": true, "maxProperties": true,
}

// jsonOptionIn returns the json tag option in a jsonschema tag made only
// of bare flags and omitempty or omitzero ("required,omitempty"), or "".
func jsonOptionIn(tag string) string {
	opt := ""
	for _, part := range splitTag(tag) {
		switch part = strings.TrimSpace(part); {
		case part == "omitempty" || part == "omitzero":
			opt = part
		case !bareFlags[part]:
			return ""
		}
	}
	return opt
}

// tagKeyTypo returns the key toolgen reads that key is a typo of, or "".
// Short keys are too close to other libraries' (bson, ion and yson are
// one edit from json): json only in another case (JSON), the jsonschema
// keys within two edits (jsonschem).
func tagKeyTypo(key string) string {
	if strings.EqualFold(key, "json") {
		return "json"
	}
	if len(key) < len("jsonschema")-2 {
		return ""
	}
	return nearest(key, tagKeys[1:])
}

// structTagKeys returns the keys of a struct tag in the conventional
// format, and false if the tag is not in it (what go vet's structtag check
// reports).
func structTagKeys(tag string) ([]string, bool) {
	var keys []string
	for tag != "" {
		tag = strings.TrimLeft(tag, " ")
		if tag == "" {
			break
		}
		i := 0
		for i < len(tag) && tag[i] > ' ' && tag[i] != ':' && tag[i] != '"' && tag[i] != 0x7f {
			i++
		}
		if i == 0 || i+1 >= len(tag) || tag[i] != ':' || tag[i+1] != '"' {
			return keys, false
		}
		keys = append(keys, tag[:i])
		tag = tag[i+1:]
		i = 1
		for i < len(tag) && tag[i] != '"' {
			if tag[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(tag) {
			return keys, false
		}
		if _, err := strconv.Unquote(tag[:i+1]); err != nil {
			return keys, false
		}
		tag = tag[i+1:]
		if tag != "" && tag[0] != ' ' {
			return keys, false
		}
	}
	return keys, true
}
