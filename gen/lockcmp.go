package gen

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The rules of the lock. A model calls a tool with arguments shaped by the
// schema it was shown, perhaps long ago (a replayed conversation, a cached
// plan, a fine-tuned model), and a caller reads its result as it was
// shaped. So, for the arguments, every call the locked schema accepted must
// still be accepted: a removed field (its old calls are now rejected as
// unknown), a new required field, a field made required, a narrowed type,
// a removed enum value, a tightened bound, a pattern or format added or
// changed are breaking. For the result, everything a caller read must
// still be there and keep its type: a removed field, a field made
// optional, a changed type or a new enum value are breaking. A removed or
// renamed tool is breaking. Anything else (a new tool, a new optional
// field, a widened type or enum, a loosened bound, a description) is a
// note.

// change is one difference between the locked and the current schema of a
// tool.
type change struct {
	breaking bool
	path     string // field path, "" for the whole object
	what     string // what changed, for the message
	advice   string // what to do instead, for a breaking change
	// removed marks a change placed at the struct holding the field,
	// which is gone from the source.
	removed bool
}

// schemaSide says which schema of a tool is compared.
type schemaSide int

const (
	sideInput schemaSide = iota
	sideOutput
)

// compareLock compares the locked tools of lf with the current ones of st
// and returns the breaking changes as errors and the others as notes, at
// their positions. data is the lock file's bytes, for the positions of
// removed tools.
func compareLock(st *lockState, lf *lockFile, data []byte) (errs, notes Diagnostics) {
	return compareLockMoved(st, lf, data, nil)
}

// movedTool is a tool that another package of the run holds now: where to
// compare a locked tool that its package no longer has.
type movedTool struct {
	pkg  string
	st   *lockState
	tool *lockTool
}

// compareLockMoved is compareLock, with the tools of the run's packages by
// name (moved; those of the lock's own package are not taken): a locked tool moved to one of them, same name,
// is compared there (the new package has no lock of it yet), not reported
// removed.
func compareLockMoved(st *lockState, lf *lockFile, data []byte, moved map[string]movedTool) (errs, notes Diagnostics) {
	lockName := shortName(st.path)
	report := func(pos token.Position, breaking bool, format string, args ...any) {
		d := Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)}
		if breaking {
			errs = append(errs, d)
		} else {
			d.Severity = SeverityNote
			notes = append(notes, d)
		}
	}
	current := make(map[string]*lockTool, len(st.tools))
	byFunc := make(map[string]*lockTool)
	for i := range st.tools {
		current[st.tools[i].Name] = &st.tools[i]
		if st.tools[i].Func != "" {
			byFunc[st.tools[i].Func] = &st.tools[i]
		}
	}
	switch {
	case len(st.tools) == 0:
	case lf.Version == 1:
		report(fileStart(st.path), false, "%s is a version 1 lock, which does not record the options of the tools' directives (lenient, confirm, omit): run toolgen -lock to write version %d, and -check guards them too", lockName, LockVersion)
	case lf.Version < LockVersion:
		report(fileStart(st.path), false, "%s is a version %d lock, whose result schemas hold the bounds of the results' tags, which output schemas no longer state: run toolgen -lock to write version %d", lockName, lf.Version, LockVersion)
	}
	locked := make(map[string]bool, len(lf.Tools))
	for _, old := range lf.Tools {
		locked[old.Name] = true
		now, ok := current[old.Name]
		tp := st.pos[old.Name]
		label := lockName // the lock the messages name
		if m, elsewhere := moved[old.Name]; !ok && elsewhere && m.pkg != lf.Package {
			now, tp, ok = m.tool, m.st.pos[old.Name], true
			label = "the " + lockName + " of package " + lf.Package
			report(tp.tool, false, "tool %s moved here from package %s, whose %s locks it: it is compared with that; run toolgen -lock in both packages to record the move", now.Name, lf.Package, lockName)
		}
		if !ok {
			if renamed := byFunc[old.Func]; old.Func != "" && renamed != nil && !lockHas(lf, renamed.Name) {
				report(st.pos[renamed.Name].tool, true,
					"breaking change: tool %s was renamed to %s (%s locks %s): models call it by its old name; keep the name %s in the //tool:export directive, or run toolgen -lock to accept the break",
					old.Name, renamed.Name, lockName, old.Name, old.Name)
				continue
			}
			report(lockLine(st.path, data, old.Name), true,
				"breaking change: tool %s was removed (%s locks it): models and saved conversations still call it; keep it until no caller needs it, or run toolgen -lock to accept the break",
				old.Name, lockName)
			continue
		}
		if old.Func != "" && now.Func != "" && old.Func != now.Func {
			// The lock tells a renamed tool by its function: a stale
			// one would miss the next rename.
			report(tp.tool, false, "tool %s: its Go function is %s now, %s in %s; run toolgen -lock to record it", now.Name, now.Func, old.Func, label)
		}
		if old.Description != now.Description {
			report(tp.tool, false, "tool %s: its description changed since %s; run toolgen -lock to record it", now.Name, label)
		}
		if lf.Version >= 2 {
			compareCalls(cmp.Or(old.Calls, &lockCalls{}), cmp.Or(now.Calls, &lockCalls{}), func(breaking bool, what, advice string) {
				if breaking {
					report(tp.tool, true, "breaking change to tool %s: %s (%s locks the old directive); %s; to accept the break, run toolgen -lock", now.Name, what, label, advice)
				} else {
					report(tp.tool, false, "tool %s: %s since %s; run toolgen -lock to record it", now.Name, what, label)
				}
			})
		}
		for _, side := range []schemaSide{sideInput, sideOutput} {
			o, n := old.Input, now.Input
			noun := "argument"
			fields, structs := tp.input, tp.structs
			if side == sideOutput {
				o, n = old.Output, now.Output
				if lf.Version < 3 && now.outputV2 != nil {
					// Compared in the form the lock holds.
					n = now.outputV2()
				}
				noun = "result"
				fields, structs = tp.output, tp.outRoot
			}
			switch {
			case len(o) == 0 && len(n) == 0:
				continue
			case len(o) == 0 && side == sideOutput && old.Text && lf.Version >= 2:
				report(tp.tool, true, "breaking change to tool %s: its result was text and is structured now: a program that read the Result's Output as text (output in its JSON) reads JSON there, and the JSON has data instead (%s locks the old result); keep the text result, or make a new tool %s for the new shape; to accept the break, run toolgen -lock",
					now.Name, label, nextVersion(now.Name, current, lf))
				continue
			case len(o) == 0:
				report(tp.tool, false, "tool %s: its %s schema is new since %s; run toolgen -lock to record it", now.Name, noun, label)
				continue
			case len(n) == 0:
				report(tp.tool, true, "breaking change to tool %s: it no longer has the %s schema %s locks; keep returning the result, or make a new tool %s; to accept the break, run toolgen -lock",
					now.Name, noun, label, nextVersion(now.Name, current, lf))
				continue
			}
			changes, err := compareSchemaJSON(o, n, side)
			if err != nil {
				report(lockLine(st.path, data, old.Name), true, "the locked %s schema of tool %s cannot be read (%v): run toolgen -lock to write the lock again", noun, old.Name, err)
				continue
			}
			for _, c := range changes {
				pos := placeChange(tp, fields, structs, c)
				subject := "the " + noun + "s"
				if c.path != "" {
					subject = noun + " field " + c.path
				}
				if c.breaking {
					report(pos, true, "breaking change to tool %s: %s: %s (%s locks the old schema); %s, or make a new tool %s for the new shape; to accept the break, run toolgen -lock",
						now.Name, subject, c.what, label, c.advice, nextVersion(now.Name, current, lf))
				} else {
					report(pos, false, "tool %s: %s: %s since %s; run toolgen -lock to record it", now.Name, subject, c.what, label)
				}
			}
		}
	}
	for _, now := range st.tools {
		if !locked[now.Name] {
			if old := lockFuncTool(lf, now.Func); old != "" && current[old] == nil {
				continue // reported as a rename
			}
			report(st.pos[now.Name].tool, false, "new tool %s, not in %s; run toolgen -lock to record it", now.Name, lockName)
		}
	}
	return errs.sorted(), notes.sorted()
}

// compareCalls compares the directive options that decide which calls of
// a tool succeed.
func compareCalls(o, n *lockCalls, report func(breaking bool, what, advice string)) {
	switch {
	case o.Lenient && !n.Lenient:
		report(true, "it is no longer lenient: calls with numbers or booleans as strings, one value for a list, or a list or object inside a string, now fail", "keep the option lenient")
	case !o.Lenient && n.Lenient:
		report(false, "it is lenient now", "")
	}
	switch {
	case !o.Confirm && n.Confirm:
		report(true, "it now waits for approval (confirm): a registry without an Approver refuses every call", "make sure every program that runs it has an Approver first")
	case o.Confirm && !n.Confirm:
		report(false, "it no longer waits for approval", "")
	}
	for _, p := range n.Omit {
		if !slices.Contains(o.Omit, p) {
			report(true, "it is left out of the "+p+" dialect now (omit="+p+"): models of that provider no longer get it, and their calls of it fail", "keep offering it there")
		}
	}
	for _, p := range o.Omit {
		if !slices.Contains(n.Omit, p) {
			report(false, "it is offered in the "+p+" dialect now", "")
		}
	}
}

// nextVersion names the new tool to make for a breaking change to name:
// name_v2, or name_v3 after get_forecast_v2, or the first such name that
// no tool of the package or the lock has.
func nextVersion(name string, current map[string]*lockTool, lf *lockFile) string {
	base, n := name, 2
	if i := strings.LastIndex(name, "_v"); i > 0 {
		if v, err := strconv.Atoi(name[i+2:]); err == nil && v >= 2 {
			base, n = name[:i], v+1
		}
	}
	for ; ; n++ {
		if cand := fmt.Sprintf("%s_v%d", base, n); current[cand] == nil && !lockHas(lf, cand) {
			return cand
		}
	}
}

func lockHas(lf *lockFile, name string) bool {
	return slices.ContainsFunc(lf.Tools, func(t lockTool) bool { return t.Name == name })
}

func lockFuncTool(lf *lockFile, fn string) string {
	if fn == "" {
		return ""
	}
	for _, t := range lf.Tools {
		if t.Func == fn {
			return t.Name
		}
	}
	return ""
}

func shortName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// placeChange returns where a change is in the source: the field at its
// path, or for a removed field the struct that held it, or the nearest
// field or struct above it, or the tool.
func placeChange(tp *toolPositions, fields, structs map[string]token.Position, c change) token.Position {
	path := c.path
	if c.removed {
		path = parentPath(path)
		if p, ok := structs[path]; ok {
			return p
		}
	}
	for {
		if p, ok := fields[path]; ok && path != "" {
			return p
		}
		if p, ok := structs[path]; ok {
			return p
		}
		if path == "" {
			return tp.tool
		}
		path = parentPath(path)
	}
}

// parentPath drops the last step of a field path: a.b → a, a[] → a.
func parentPath(path string) string {
	if strings.HasSuffix(path, "[]") || strings.HasSuffix(path, "{}") {
		return path[:len(path)-2]
	}
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return ""
}

// compareSchemaJSON compares two standard schemas.
func compareSchemaJSON(old, new []byte, side schemaSide) ([]change, error) {
	o, err := decodeSchema(old)
	if err != nil {
		return nil, err
	}
	n, err := decodeSchema(new)
	if err != nil {
		return nil, err
	}
	c := &schemaComparer{side: side, oldRoot: o, newRoot: n, seen: map[[2]string]bool{}}
	c.compare("", o, n)
	return c.changes, nil
}

func decodeSchema(data []byte) (map[string]any, error) {
	if len(data) == 0 {
		return map[string]any{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the schema is not an object")
	}
	return m, nil
}

type schemaComparer struct {
	side             schemaSide
	oldRoot, newRoot map[string]any
	seen             map[[2]string]bool // $ref pairs compared, for recursive types
	changes          []change
}

func (c *schemaComparer) add(ch change) { c.changes = append(c.changes, ch) }

// tighter records a change that accepts less than before: breaking for
// arguments, a note for a result.
func (c *schemaComparer) tighter(path, what, advice string) {
	c.add(change{breaking: c.side == sideInput, path: path, what: what, advice: advice})
}

// looser records a change that accepts more than before: a note for
// arguments, breaking for a result.
func (c *schemaComparer) looser(path, what, advice string) {
	if advice == "" && c.side == sideOutput {
		// A program reading results counted on the old rule.
		advice = "keep the results within what the old schema promised"
	}
	c.add(change{breaking: c.side == sideOutput, path: path, what: what, advice: advice})
}

// resolve follows a $ref into root's $defs; ok is false for a ref already
// being compared (a recursive type).
func resolve(root, n map[string]any) (map[string]any, string) {
	ref, _ := n["$ref"].(string)
	if ref == "" {
		return n, ""
	}
	name, _ := strings.CutPrefix(ref, "#/$defs/")
	defs, _ := root["$defs"].(map[string]any)
	if d, ok := defs[name].(map[string]any); ok {
		merged := make(map[string]any, len(d)+len(n))
		for k, v := range d {
			merged[k] = v
		}
		for k, v := range n {
			if k != "$ref" {
				merged[k] = v
			}
		}
		return merged, ref
	}
	return n, ref
}

// unwrapNull turns {"anyOf":[S,{"type":"null"}]} into S with null among
// its types, S resolved in root if it is a $ref (a recursive type behind
// a nullable pointer), whose ref it returns.
func unwrapNull(root, n map[string]any) (map[string]any, string) {
	list, ok := n["anyOf"].([]any)
	if !ok || len(list) != 2 {
		return n, ""
	}
	var other map[string]any
	null := false
	for _, b := range list {
		m, _ := b.(map[string]any)
		if m == nil {
			return n, ""
		}
		if t, _ := m["type"].(string); t == "null" && len(m) == 1 {
			null = true
		} else {
			other = m
		}
	}
	if !null || other == nil {
		return n, ""
	}
	other, ref := resolve(root, other)
	out := make(map[string]any, len(other)+len(n))
	for k, v := range other {
		out[k] = v
	}
	for k, v := range n {
		if k != "anyOf" {
			out[k] = v
		}
	}
	ts := typeSet(other)
	ts["null"] = true
	list2 := make([]any, 0, len(ts))
	for _, t := range sortedSet(ts) {
		list2 = append(list2, t)
	}
	out["type"] = list2
	return out, ref
}

var allTypes = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

// typeSet returns the JSON types a schema node allows ("integer" is
// implied by "number").
func typeSet(n map[string]any) map[string]bool {
	set := map[string]bool{}
	switch t := n["type"].(type) {
	case string:
		set[t] = true
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				set[s] = true
			}
		}
	default:
		list, ok := n["anyOf"].([]any)
		if !ok || lockGroups(list) != "" {
			// oneof_type's alternatives; not oneof_required's groups
			list, ok = n["oneOf"].([]any)
			ok = ok && lockGroups(list) == ""
		}
		if ok {
			for _, b := range list {
				if m, ok := b.(map[string]any); ok {
					for k := range typeSet(m) {
						set[k] = true
					}
				}
			}
		} else if _, ok := n["properties"]; ok {
			set["object"] = true
		} else {
			for _, k := range allTypes {
				set[k] = true
			}
		}
	}
	if set["number"] {
		set["integer"] = true
	}
	return set
}

func sortedSet(s map[string]bool) []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func lockTypeWords(s map[string]bool) string {
	list := sortedSet(s)
	if s["number"] {
		list = slices.DeleteFunc(list, func(x string) bool { return x == "integer" })
	}
	if len(list) == len(allTypes)-1 && !s["integer"] || len(list) >= len(allTypes)-1 {
		return "any type"
	}
	return strings.Join(list, " or ")
}

func subset(a, b map[string]bool) bool {
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func (c *schemaComparer) compare(path string, o, n map[string]any) {
	o, oref := resolve(c.oldRoot, o)
	n, nref := resolve(c.newRoot, n)
	o, oinner := unwrapNull(c.oldRoot, o)
	n, ninner := unwrapNull(c.newRoot, n)
	oref, nref = cmp.Or(oref, oinner), cmp.Or(nref, ninner)

	ot, nt := typeSet(o), typeSet(n)
	switch {
	case c.side == sideOutput && !(subset(ot, nt) && subset(nt, ot)):
		c.add(change{breaking: true, path: path, what: fmt.Sprintf("its type changed from %s to %s", lockTypeWords(ot), lockTypeWords(nt)),
			advice: "keep the old type and add a field of the new one"})
	case !subset(ot, nt):
		c.tighter(path, fmt.Sprintf("its type narrowed from %s to %s", lockTypeWords(ot), lockTypeWords(nt)),
			"keep accepting the old type")
	case !subset(nt, ot):
		c.looser(path, fmt.Sprintf("its type widened from %s to %s", lockTypeWords(ot), lockTypeWords(nt)), "")
	}

	if oref != "" || nref != "" {
		// A type met again (a recursive one) is compared inside once;
		// its nullability, above, at every place it is met.
		key := [2]string{oref, nref}
		if c.seen[key] {
			return
		}
		c.seen[key] = true
	}
	c.compareEnum(path, o, n)
	c.compareBounds(path, o, n)
	if path != "" {
		for _, k := range []string{"description", "title", "default"} {
			if !jsonEqual(o[k], n[k]) {
				c.add(change{path: path, what: "its " + k + " changed"})
			}
		}
	}
	c.compareProperties(path, o, n)

	if oi, ok := o["items"].(map[string]any); ok {
		if ni, ok := n["items"].(map[string]any); ok {
			c.compare(path+"[]", oi, ni)
		}
	}
	if na, ok := n["additionalProperties"].(map[string]any); ok {
		switch oa := o["additionalProperties"].(type) {
		case map[string]any:
			c.compare(path+"{}", oa, na)
		case nil, bool:
			// Any value was taken before (a map of any, or an object
			// of any fields): the new values' schema must take them.
			if oa != false && o["properties"] == nil && typeSet(o)["object"] {
				c.compare(path+"{}", map[string]any{}, na)
			}
		}
	}
	c.compareGroups(path, o, n)
	for _, k := range []string{"anyOf", "oneOf"} {
		// The alternatives of a union (anyof_type, oneof_type) in the
		// same order: each against its old self, for its items, bounds
		// and enum.
		ol, ok := o[k].([]any)
		if !ok || lockGroups(ol) != "" {
			continue
		}
		if nl, ok := n[k].([]any); ok && len(ol) == len(nl) && lockGroups(nl) == "" {
			for i := range ol {
				om, _ := ol[i].(map[string]any)
				nm, _ := nl[i].(map[string]any)
				if om != nil && nm != nil {
					c.compare(path, om, nm)
				}
			}
		}
	}
}

// compareGroups compares the rules on which fields go together (oneOf or
// anyOf alternatives that only require fields: oneof_required and
// anyof_required): a rule that is new or other than before may refuse
// calls the old one took; one dropped takes more.
func (c *schemaComparer) compareGroups(path string, o, n map[string]any) {
	for _, k := range []string{"oneOf", "anyOf"} {
		og, ng := lockGroups(o[k]), lockGroups(n[k])
		switch {
		case og == ng:
		case ng == "":
			c.looser(path, "its rule that "+lockGroupWords(k)+" of the field sets "+og+" be sent was dropped", "")
		case k == "anyOf" && og != "" && subset(groupSet(og), groupSet(ng)):
			c.looser(path, "its rule on which fields go together now takes "+ng+", not only "+og, "")
		default:
			what := "a new rule that " + lockGroupWords(k) + " of the field sets " + ng + " be sent"
			if og != "" {
				what = "its rule on which fields go together changed from " + og + " to " + ng
			}
			c.tighter(path, what, "keep the old rule, and check the new one in the tool")
		}
	}
}

// lockGroups returns the field sets of a oneOf or anyOf list whose
// alternatives only require fields, as text ((a, b) | (c)), or "".
func lockGroups(v any) string {
	list, _ := v.([]any)
	var sets []string
	for _, alt := range list {
		// {"properties":{"a":true},"required":["a"],"title":"link"}, as
		// toolgen writes a group: only its required fields say anything.
		m, _ := alt.(map[string]any)
		if m["required"] == nil {
			return ""
		}
		for k, v := range m {
			switch k {
			case "required", "title":
			case "properties":
				props, _ := v.(map[string]any)
				for _, pv := range props {
					if pv != true {
						return ""
					}
				}
			default:
				return ""
			}
		}
		req := sortedSet(stringSet(m["required"]))
		if len(req) == 0 {
			return ""
		}
		sets = append(sets, "("+strings.Join(req, ", ")+")")
	}
	slices.Sort(sets) // the order of the fields in the struct says nothing
	return strings.Join(sets, " | ")
}

// groupSet is the field sets of lockGroups' text, as a set.
func groupSet(text string) map[string]bool {
	set := map[string]bool{}
	for _, g := range strings.Split(text, " | ") {
		set[g] = true
	}
	return set
}

func lockGroupWords(k string) string {
	if k == "oneOf" {
		return "exactly one"
	}
	return "at least one"
}

// compareProperties compares the fields of two object schemas.
func (c *schemaComparer) compareProperties(path string, o, n map[string]any) {
	op, _ := o["properties"].(map[string]any)
	np, _ := n["properties"].(map[string]any)
	if op == nil && np == nil {
		return
	}
	oreq, nreq := stringSet(o["required"]), stringSet(n["required"])
	for _, name := range sortedKeys(op) {
		p := joinPath(path, name)
		nv, ok := np[name]
		if !ok {
			if na, isMap := n["additionalProperties"].(map[string]any); isMap && c.side == sideInput {
				// A struct become a map: the field's values are the
				// map's now, and must be what its values may be.
				if om, _ := op[name].(map[string]any); om != nil {
					c.compare(p, om, na)
				}
				continue
			}
			if c.side == sideInput && n["additionalProperties"] != false {
				c.add(change{path: p, what: "removed; calls that send it are still accepted", removed: true})
				continue
			}
			advice := "keep the field and ignore it (say it is deprecated in its doc comment)"
			if c.side == sideOutput {
				advice = "keep the field in the result"
			}
			c.add(change{breaking: true, path: p, what: "removed", advice: advice, removed: true})
			continue
		}
		switch {
		case !oreq[name] && nreq[name] && c.side == sideInput:
			c.add(change{breaking: true, path: p, what: "now required", advice: "keep it optional, with a default"})
		case oreq[name] && !nreq[name] && c.side == sideOutput:
			c.add(change{breaking: true, path: p, what: "no longer always present", advice: "keep it in every result"})
		case oreq[name] != nreq[name]:
			c.add(change{path: p, what: map[bool]string{true: "now required", false: "now optional"}[nreq[name]]})
		}
		om, _ := op[name].(map[string]any)
		nm, _ := nv.(map[string]any)
		if om != nil && nm != nil {
			c.compare(p, om, nm)
		}
	}
	for _, name := range sortedKeys(np) {
		if _, ok := op[name]; ok {
			continue
		}
		p := joinPath(path, name)
		if nreq[name] && c.side == sideInput {
			c.add(change{breaking: true, path: p, what: "new and required: calls without it now fail", advice: "make it optional (a pointer, or omitempty) with a default"})
		} else {
			c.add(change{path: p, what: "new"})
		}
	}
}

func stringSet(v any) map[string]bool {
	set := map[string]bool{}
	list, _ := v.([]any)
	for _, x := range list {
		if s, ok := x.(string); ok {
			set[s] = true
		}
	}
	return set
}

// compareEnum compares the allowed values of two schemas (enum or const).
func (c *schemaComparer) compareEnum(path string, o, n map[string]any) {
	ov, oHas := lockEnum(o)
	nv, nHas := lockEnum(n)
	switch {
	case !oHas && !nHas:
		return
	case !oHas:
		c.tighter(path, "now limited to the values "+strings.Join(nv, ", "), "keep accepting any value")
		return
	case !nHas:
		c.looser(path, "no longer limited to a list of values", "keep the list of values")
		return
	}
	var removed, added []string
	for _, v := range ov {
		if !slices.Contains(nv, v) {
			removed = append(removed, v)
		}
	}
	for _, v := range nv {
		if !slices.Contains(ov, v) {
			added = append(added, v)
		}
	}
	if len(removed) > 0 {
		if c.side == sideInput {
			c.tighter(path, "enum value "+strings.Join(removed, ", ")+" removed", "keep accepting the value (map it to its replacement)")
		} else {
			c.add(change{path: path, what: "enum value " + strings.Join(removed, ", ") + " no longer returned"})
		}
	}
	if len(added) > 0 {
		zero := len(added) == 1 && (added[0] == `""` || added[0] == "0" || added[0] == `"0"`) // "0" for ,string
		switch {
		case c.side == sideInput:
			c.add(change{path: path, what: "enum value " + strings.Join(added, ", ") + " added"})
		case zero:
			// The type's zero value, which a result's enum lists since
			// toolgen writes what an unset field is: results were
			// always so, the lock did not say it.
			c.add(change{path: path, what: "enum value " + added[0] + ", the zero value of its type, now listed"})
		default:
			c.add(change{breaking: true, path: path, what: "new enum value " + strings.Join(added, ", ") + ", which callers do not know",
				advice: "return only the locked values"})
		}
	}
}

// lockEnum returns the allowed values of a node as JSON text.
func lockEnum(n map[string]any) ([]string, bool) {
	if list, ok := n["enum"].([]any); ok {
		out := make([]string, len(list))
		for i, v := range list {
			out[i] = lockJSON(v)
		}
		return out, true
	}
	if v, ok := n["const"]; ok {
		return []string{lockJSON(v)}, true
	}
	return nil, false
}

func lockJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func jsonEqual(a, b any) bool { return lockJSON(a) == lockJSON(b) }

// bound is a keyword that limits values from below or above.
type bound struct {
	key   string
	lower bool // a lower bound: a greater value is tighter
	words string
}

var bounds = []bound{
	{"minimum", true, "minimum"}, {"exclusiveMinimum", true, "exclusive minimum"},
	{"maximum", false, "maximum"}, {"exclusiveMaximum", false, "exclusive maximum"},
	{"minLength", true, "minimum length"}, {"maxLength", false, "maximum length"},
	{"minItems", true, "minimum number of items"}, {"maxItems", false, "maximum number of items"},
	{"minProperties", true, "minimum number of properties"}, {"maxProperties", false, "maximum number of properties"},
}

func (c *schemaComparer) compareBounds(path string, o, n map[string]any) {
	for _, b := range bounds {
		ov, oHas := number(o[b.key])
		nv, nHas := number(n[b.key])
		switch {
		case !oHas && !nHas, oHas && nHas && ov == nv:
		case !oHas:
			c.tighter(path, fmt.Sprintf("new %s %s", b.words, lockJSON(n[b.key])), "keep the values the old bounds allowed")
		case !nHas:
			c.looser(path, fmt.Sprintf("%s %s removed", b.words, lockJSON(o[b.key])), "")
		case (nv > ov) == b.lower:
			c.tighter(path, fmt.Sprintf("%s tightened from %s to %s", b.words, lockJSON(o[b.key]), lockJSON(n[b.key])), "keep the old bound")
		default:
			c.looser(path, fmt.Sprintf("%s loosened from %s to %s", b.words, lockJSON(o[b.key]), lockJSON(n[b.key])), "")
		}
	}
	ov, oHas := number(o["multipleOf"])
	nv, nHas := number(n["multipleOf"])
	switch {
	case !oHas && !nHas, oHas && nHas && ov == nv:
	case !nHas:
		c.looser(path, "multipleOf "+lockJSON(o["multipleOf"])+" removed", "")
	case oHas && isMultiple(ov, nv):
		c.looser(path, "multipleOf loosened", "")
	default:
		c.tighter(path, fmt.Sprintf("now a multiple of %s", lockJSON(n["multipleOf"])), "keep the old multipleOf")
	}
	for _, k := range []string{"pattern", "format"} {
		os, oHas := o[k].(string)
		ns, nHas := n[k].(string)
		switch {
		case os == ns:
		case !nHas:
			c.looser(path, k+" "+lockJSON(os)+" removed", "")
		case !oHas:
			c.tighter(path, "new "+k+" "+lockJSON(ns), "check the value in the tool instead, or keep it unconstrained")
		default:
			c.tighter(path, k+" changed from "+lockJSON(os)+" to "+lockJSON(ns), "keep the old "+k)
		}
	}
	if o["uniqueItems"] != true && n["uniqueItems"] == true {
		c.tighter(path, "items must now be unique", "drop duplicates in the tool instead")
	}
	if o["additionalProperties"] != false && n["additionalProperties"] == false && o["properties"] != nil {
		c.tighter(path, "unknown fields are now rejected", "keep accepting them")
	}
}

// isMultiple reports whether every multiple of a is one of b.
func isMultiple(a, b float64) bool {
	if b == 0 {
		return false
	}
	q := a / b
	return math.Abs(q-math.Round(q)) < 1e-9
}

func number(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}
