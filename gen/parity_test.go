package gen

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	"github.com/toolgen-go/toolgen/testdata/parity"
)

// TestInvopopParity compares toolgen's schema of each type in
// testdata/parity with the one invopop/jsonschema's own Reflector makes of
// it at run time. Every difference must be one that the README's table
// lists, with the reason toolgen's choice is better; the test counts each.
func TestInvopopParity(t *testing.T) {
	files, err := Generate(context.Background(), Config{Patterns: []string{"../testdata/parity"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || len(files[0].tools) < 40 {
		t.Fatalf("want at least 40 parity cases, got %d files", len(files))
	}
	reflector := &jsonschema.Reflector{ExpandedStruct: true, DoNotReference: true}
	counts := make(map[string]int)
	for _, tool := range files[0].tools {
		v, ok := parity.Types[tool.Name]
		if !ok {
			t.Errorf("%s: no type in parity.Types", tool.Name)
			continue
		}
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			if tag := rt.Field(i).Tag.Get("jsonschema"); tag != "" && !invopopTag(tag) {
				tagDescriptions[tag] = true
			}
		}
		theirs, err := json.Marshal(reflector.Reflect(v))
		if err != nil {
			t.Fatal(err)
		}
		var ours, base any
		mustUnmarshal(t, tool.Schemas[Standard], &ours)
		mustUnmarshal(t, theirs, &base)
		delete(base.(map[string]any), "$schema")
		delete(base.(map[string]any), "$id")
		for _, d := range compareSchemas("", ours, base) {
			if rule := documented(d); rule != "" {
				counts[rule]++
				continue
			}
			t.Errorf("%s (%s): undocumented difference at %s: toolgen %s, invopop %s", tool.Name, reflect.TypeOf(v).Name(), d.path, d.ours, d.theirs)
		}
	}
	rules := make([]string, 0, len(counts))
	for r := range counts {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	for _, r := range rules {
		t.Logf("%-28s %d", r, counts[r])
	}
}

func mustUnmarshal(t *testing.T, data []byte, v any) {
	t.Helper()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}

// difference is one keyword where the two schemas differ. ours or theirs
// is "" where the keyword is absent.
type difference struct {
	path, key     string
	ours, theirs  string
	oursV, theirV any
	node          map[string]any // our schema node holding the keyword
}

// compareSchemas lists the differences of two schemas, keyword by keyword,
// recursing where both have a subschema.
func compareSchemas(path string, ours, theirs any) []difference {
	o, oOK := ours.(map[string]any)
	th, tOK := theirs.(map[string]any)
	if !oOK || !tOK {
		if !reflect.DeepEqual(ours, theirs) {
			return []difference{{path: path, ours: text(ours), theirs: text(theirs), oursV: ours, theirV: theirs}}
		}
		return nil
	}
	var diffs []difference
	keys := map[string]bool{}
	for k := range o {
		keys[k] = true
	}
	for k := range th {
		keys[k] = true
	}
	for _, k := range sortedKeys(toAny(keys)) {
		ov, oHas := o[k]
		tv, tHas := th[k]
		p := path + "/" + k
		switch {
		case oHas && tHas && (k == "properties" || k == "$defs"):
			om, tm := ov.(map[string]any), tv.(map[string]any)
			names := map[string]bool{}
			for n := range om {
				names[n] = true
			}
			for n := range tm {
				names[n] = true
			}
			for _, n := range sortedKeys(toAny(names)) {
				diffs = append(diffs, compareSchemas(p+"/"+n, om[n], tm[n])...)
			}
		case oHas && tHas && (k == "items" || k == "additionalProperties"):
			diffs = append(diffs, compareSchemas(p, ov, tv)...)
		case oHas && tHas && k == "required":
			if !reflect.DeepEqual(sortedStrings(ov), sortedStrings(tv)) {
				diffs = append(diffs, difference{path: p, key: k, ours: text(ov), theirs: text(tv), oursV: ov, theirV: tv, node: o})
			}
		case !reflect.DeepEqual(ov, tv):
			d := difference{path: p, key: k, oursV: ov, theirV: tv, node: o}
			if oHas {
				d.ours = text(ov)
			}
			if tHas {
				d.theirs = text(tv)
			}
			diffs = append(diffs, d)
		}
	}
	return diffs
}

// tagDescriptions are the parity types' jsonschema tags that are not in
// invopop's grammar: descriptions, as the go-sdk reads them.
var tagDescriptions = make(map[string]bool)

// documented returns the README row that explains a difference, or "".
func documented(d difference) string {
	switch {
	case d.key == "description" && d.theirs == "" && tagDescriptions[fmt.Sprint(d.oursV)]:
		return "whole-tag descriptions"
	case d.key == "description":
		return "doc comments as descriptions"
	case (d.key == "minimum" || d.key == "maximum") && d.theirs == "" && d.node["type"] == "integer" && isIntBound(d.ours):
		return "integer bounds"
	case d.key == "enum" && d.theirs == "":
		return "const-group enums"
	case d.key == "required" && onlyDefaulted(d):
		return "default makes optional"
	case d.key == "default" && typedEqual(d.oursV, d.theirV):
		return "typed defaults"
	case d.key == "pattern" && d.theirs == "" && slices.Contains(mapValues(quotedPatterns), d.oursV):
		return "string option patterns"
	case d.key == "type" && d.oursV == "string" && slices.Contains(mapValues(quotedPatterns), d.node["pattern"]):
		return "string option patterns"
	case d.key == "required" && onlyOmitzero(d):
		return "omitzero makes optional"
	case d.key == "pattern" && d.theirs == "" && d.oursV == base64Pattern:
		return "base64 pattern"
	case (d.key == "anyOf" || d.key == "oneOf") && nullableSwap(d):
		return "nullable as anyOf or type array"
	case d.key == "type" && d.theirs == "" && nullTypeArray(d.oursV):
		// invopop's oneOf with null is toolgen's ["string","null"].
		return "nullable as anyOf or type array"
	case (d.key == "anyOf" || d.key == "oneOf") && groupsDefineFields(d):
		return "required groups name their fields"
	case d.path != "" && d.ours == "true" && strings.Contains(d.theirs, `"contentEncoding":"base64"`):
		return "RawMessage is any JSON"
	case textType(d), d.key == "examples" && d.theirs == "" && d.node["type"] == "string" && d.node["format"] == nil && d.node["pattern"] == nil:
		// An UnmarshalText type's example, which invopop, describing
		// the type's struct, leaves out.
		return "UnmarshalText types are strings"
	case bigInt(d):
		return "*big.Int"
	case d.key == "required" && onlyRequiredTrue(d):
		return "a flag with a value"
	case flagValueFields[propertyName(d.path)] && (d.key == "type" || d.key == "uniqueItems"):
		// nullable=true, which invopop ignores, or uniqueItems=false,
		// which it reads as true.
		return "a flag with a value"
	case d.key == "uniqueItems" && d.oursV == true && d.theirs == "":
		return "a bare uniqueItems"
	case strings.HasSuffix(d.path, "/properties/-") && d.theirV == nil,
		d.key == "required" && onlyDash(d):
		return "a json tag -,"
	case d.key == "additionalProperties" && d.oursV == true && d.theirs == "":
		// Not a difference: true is what an absent additionalProperties
		// means.
		return "additionalProperties true"
	case d.key == "" && d.theirV == true && onlyDescribed(d.oursV):
		// {"description": ...} and true accept the same values: the
		// description is the difference.
		return "doc comments as descriptions"
	}
	return ""
}

// bigInt: invopop describes a *big.Int by its struct, which has no
// exported fields; toolgen says integer, of at most MaxDigits digits.
func bigInt(d difference) bool {
	desc, _ := d.node["description"].(string)
	if d.node["type"] != "integer" || !strings.HasSuffix(desc, " digits.") {
		return false
	}
	return d.key == "type" && d.theirs == `"object"` ||
		d.key == "properties" && d.theirs == "{}" ||
		d.key == "additionalProperties" && d.theirs == "false"
}

// requiredTrueFields are the JSON names of fields whose jsonschema tag
// says required=true, which invopop v0.13 ignores, reading only the bare
// flag.
var requiredTrueFields = map[string]bool{}

// flagValueFields are the JSON names of fields whose jsonschema tag gives
// nullable or uniqueItems a value.
var flagValueFields = map[string]bool{}

// propertyName returns the name of the top-level property a path is in:
// "coupon" for /properties/coupon/type.
func propertyName(path string) string {
	rest, ok := strings.CutPrefix(path, "/properties/")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, "/")
	return name
}

// onlyRequiredTrue: toolgen requires, beside invopop's, only fields whose
// tag says required=true.
func onlyRequiredTrue(d difference) bool {
	ours, theirs := sortedStrings(d.oursV), sortedStrings(d.theirV)
	for _, name := range theirs {
		if !slices.Contains(ours, name) {
			return false
		}
	}
	extra := false
	for _, name := range ours {
		if !slices.Contains(theirs, name) {
			if !requiredTrueFields[name] {
				return false
			}
			extra = true
		}
	}
	return extra
}

// onlyDash: toolgen requires the property "-" (json:"-,"), which invopop
// leaves out.
func onlyDash(d difference) bool {
	ours, theirs := sortedStrings(d.oursV), sortedStrings(d.theirV)
	return slices.Contains(ours, "-") && !slices.Contains(theirs, "-") &&
		slices.Equal(slices.DeleteFunc(ours, func(s string) bool { return s == "-" }), theirs)
}

// onlyDescribed reports whether v is a schema with nothing but
// annotations: it accepts every value, as true does.
func onlyDescribed(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for k := range m {
		if k != "description" && k != "title" {
			return false
		}
	}
	return true
}

// textType: invopop describes a type with UnmarshalText by its (hidden)
// struct fields; encoding/json reads it from a string, as toolgen says.
func textType(d difference) bool {
	if d.node["type"] != "string" {
		return false
	}
	switch d.key {
	case "type":
		return d.theirs == `"object"`
	case "properties":
		return d.ours == "" && d.theirs == "{}"
	case "additionalProperties":
		return d.ours == "" && d.theirs == "false"
	}
	return false
}

func isIntBound(s string) bool {
	switch s {
	case "0", "255", "-128", "127", "65535", "-32768", "32767", "4294967295", "-2147483648", "2147483647":
		return true
	}
	return false
}

// onlyOmitzero: invopop v0.13 (the version toolgen requires, so that
// genkit, which builds only with it, can share a module with toolgen) does
// not read omitzero and requires such a field; encoding/json leaves it out
// when zero, so it is optional, as toolgen says (invopop v0.14 agrees).
func onlyOmitzero(d difference) bool {
	ours, theirs := sortedStrings(d.oursV), sortedStrings(d.theirV)
	for _, name := range ours {
		if !slices.Contains(theirs, name) {
			return false
		}
	}
	for _, name := range theirs {
		if !slices.Contains(ours, name) && !omitzeroFields[name] {
			return false
		}
	}
	return true
}

// omitzeroFields are the JSON names of the parity types' omitzero fields.
var omitzeroFields = func() map[string]bool {
	m := map[string]bool{}
	for _, v := range parity.Types {
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			name, opts, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
			if slices.Contains(strings.Split(opts, ","), "omitzero") {
				m[name] = true
			}
		}
	}
	return m
}()

// onlyDefaulted: invopop requires fields that toolgen leaves optional
// because they have a default.
func onlyDefaulted(d difference) bool {
	ours, theirs := sortedStrings(d.oursV), sortedStrings(d.theirV)
	props, _ := d.node["properties"].(map[string]any)
	for _, name := range theirs {
		if slices.Contains(ours, name) {
			continue
		}
		p, _ := props[name].(map[string]any)
		if _, hasDefault := p["default"]; !hasDefault {
			return false
		}
	}
	for _, name := range ours {
		if !slices.Contains(theirs, name) {
			return false
		}
	}
	return true
}

// typedEqual: invopop writes array defaults as strings; toolgen types them.
func typedEqual(ours, theirs any) bool {
	return reflect.DeepEqual(stringify(ours), stringify(theirs))
}

func stringify(v any) any {
	switch v := v.(type) {
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = stringify(x)
		}
		return out
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case string:
		return v
	}
	return fmt.Sprint(v)
}

// nullableSwap: invopop writes nullable as oneOf with null; toolgen as
// anyOf, which OpenAI strict mode and Gemini accept.
// groupsDefineFields: toolgen's oneof_required and anyof_required
// branches are invopop's, each with its required fields also named in
// properties (schema true).
func groupsDefineFields(d difference) bool {
	ours, _ := d.oursV.([]any)
	theirs, _ := d.theirV.([]any)
	if len(ours) != len(theirs) {
		return false
	}
	for i := range ours {
		o, _ := ours[i].(map[string]any)
		if o == nil {
			return false
		}
		props, _ := o["properties"].(map[string]any)
		for _, name := range sortedStrings(o["required"]) {
			if props[name] != true {
				return false
			}
		}
		c := make(map[string]any, len(o))
		for k, v := range o {
			if k != "properties" {
				c[k] = v
			}
		}
		if !reflect.DeepEqual(c, theirs[i]) || len(props) != len(sortedStrings(o["required"])) {
			return false
		}
	}
	return true
}

// nullTypeArray reports whether v is a type array of a type and null.
func nullTypeArray(v any) bool {
	list, _ := v.([]any)
	return len(list) == 2 && list[1] == "null"
}

func nullableSwap(d difference) bool {
	list, _ := d.oursV.([]any)
	if d.key == "oneOf" {
		list, _ = d.theirV.([]any)
	}
	for _, x := range list {
		if m, ok := x.(map[string]any); ok && m["type"] == "null" {
			return true
		}
	}
	return d.key == "oneOf" && d.ours == "" || d.key == "anyOf" && d.theirs == ""
}

func sortedStrings(v any) []string {
	list, _ := v.([]any)
	out := make([]string, 0, len(list))
	for _, x := range list {
		out = append(out, fmt.Sprint(x))
	}
	sort.Strings(out)
	return out
}

func text(v any) string {
	data, _ := json.Marshal(v)
	return string(data)
}

func toAny(m map[string]bool) map[string]any {
	out := make(map[string]any, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

func mapValues(m map[Kind]string) []any {
	out := make([]any, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}
