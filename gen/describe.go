package gen

import (
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Descriptions: how doc comments become text a model reads. docText (in
// directive.go) takes a comment's text; the functions here drop what is
// code rather than prose, keep sentences whole when a leading Go name is
// taken off, and write an enum constant's JSON value where the comment
// names the constant.

// withoutCode drops the lines of text that are code or notes to the
// authors: a commented-out declaration or statement, a TODO. A note runs
// on over the lines of its paragraph ("TODO: remove once the" / "GraphQL
// endpoint lands."), its own list included, up to an item of a list after
// it, a sentence that starts after one of the note's ended ("TODO: check
// the plan." / "The city to look up."), or one that starts as Go doc
// comments do, with a name and a verb ("TODO(bob): validate" / "B is the
// name of the user."). A description that follows a note otherwise is
// dropped with it, and the field's "no description" note says so: better
// than the rest of a note reaching the model.
func withoutCode(text string) string {
	lines := strings.Split(text, "\n")
	kept := lines[:0]
	inNote, noteList, prev := false, false, ""
	for _, line := range lines {
		trimmed := strings.TrimSpace(line)
		if inNote && trimmed != "" && !endsNote(prev, line, noteList) {
			noteList = noteList || strings.HasSuffix(trimmed, ":")
			prev = trimmed
			continue
		}
		inNote, prev = noteRE.MatchString(trimmed), trimmed
		noteList = inNote && strings.HasSuffix(trimmed, ":")
		if !inNote && !isCodeLine(trimmed) {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, "\n")
}

// endsNote reports whether line, after the line prev of a note, starts
// something of its own: an item of a list (unless the note holds a list:
// inList), a sentence after one prev ended, or a doc comment's sentence,
// a name and a verb.
func endsNote(prev, line string, inList bool) bool {
	if listItemRE.MatchString(line) {
		return !inList
	}
	if docSentenceRE.MatchString(strings.TrimSpace(line)) {
		name, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
		verb, _, _ := strings.Cut(rest, " ")
		if unicode.IsUpper(rune(name[0])) && (looksLikeVerb(verb) || docVerbs[verb]) {
			return true
		}
	}
	if !strings.HasSuffix(prev, ".") && !strings.HasSuffix(prev, "!") && !strings.HasSuffix(prev, "?") {
		return false
	}
	r, _ := utf8.DecodeRuneInString(strings.TrimSpace(line))
	return unicode.IsUpper(r) || unicode.IsDigit(r)
}

// docVerbs are the verbs after a name that start a doc comment's sentence,
// beside the third-person ones looksLikeVerb knows ("Query is the ...").
var docVerbs = map[string]bool{"is": true, "are": true, "has": true, "was": true, "can": true, "must": true, "may": true, "should": true, "will": true}

var (
	noteRE = regexp.MustCompile(`^(TODO|FIXME|XXX|HACK|NOTE\(|BUG\()`)
	// markerRE is a line for a tool, not a reader: a code generator's
	// marker ("+optional", "+kubebuilder:validation:Minimum=1") or a
	// linter's "nolint" that go/ast keeps (it drops "nolint:lll").
	markerRE  = regexp.MustCompile(`^(\+[a-z][A-Za-z0-9_.-]*([:=]|$)|nolint\b)`)
	assignRE  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\s+[A-Za-z_*\[\]][A-Za-z0-9_.*\[\]]*)?\s*(=|:=)\s*\S`)
	keywordRE = regexp.MustCompile(`^(func|type|var|const|import|return|if|for|switch|defer|go)\s+\S`)
	// listItemRE matches the first line of an item of a list, as gofmt
	// writes doc comments, indented: "  - text", " * text", " 1. text",
	// "  2) text". A line of prose that starts with "- " or "10. " is
	// not indented. itemRE is the same line unindented, as comments that
	// gofmt does not reformat (those of fields and constants) hold lists:
	// an item only after a line that ends with a colon, or another item.
	listItemRE = regexp.MustCompile(`^\s+([-*+•]|[0-9]{1,3}[.)])\s+\S`)
	itemRE     = regexp.MustCompile(`^([-*+•]|[0-9]{1,3}[.)])\s+\S`)
	// docSentenceRE is a line that starts with a Go name and a word.
	docSentenceRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]* [a-z]+`)
)

// isCodeLine reports whether a line of a doc comment is Go code (it
// parses as a declaration or a statement), a note such as TODO, or a
// marker for a tool (+optional, nolint): text a model should not read.
func isCodeLine(line string) bool {
	switch {
	case line == "":
		return false
	case noteRE.MatchString(line), markerRE.MatchString(line):
		return true
	case line == "}" || line == ")" || line == "{":
		return true
	case assignRE.MatchString(line):
		// ActionSendKeys Action = "send_keys", x := 3
		if strings.Contains(line, ":=") {
			return parses("package p; func _() { " + line + " }")
		}
		return parses("package p; var "+line) || parses("package p; func _() { "+line+" }")
	case keywordRE.MatchString(line):
		// func F() error, type T struct{...}, return nil
		return parses("package p; "+line) || parses("package p; func _() { "+line+" }")
	}
	return false
}

func parses(src string) bool {
	_, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	return err == nil
}

// fieldDoc is the description a field's doc comment gives. A leading name
// used as a label is dropped ("MaxResults: the most ..." → "The most
// ..."). A definition keeps its noun phrase ("Address is a postal address
// ..." → "A postal address ..."), whatever the name. Otherwise a name that
// is a plain word stays, as a word of the sentence ("City to forecast",
// "Max results to return", where "results" is no verb); any other leading
// Go name followed by a verb is dropped ("IncludeWind adds ..." → "Adds
// ..."), and otherwise replaced by the JSON name the model writes, so the
// sentence keeps its subject ("DelayMS to wait ..." → "delay_ms to wait
// ..."), unless the two differ only in case ("SKUs to check"). A comment
// that starts with the JSON name instead, as Kubernetes types' do ("limit
// is the most ...", "includeHourly adds ..."), is read the same way, the
// JSON name staying where the Go name would be replaced.
func fieldDoc(text, goName, jsonName string) string {
	if rest, ok := cutLabel(text, goName); ok {
		return rest
	}
	if rest, ok := cutLabel(text, jsonName); ok {
		return rest
	}
	name := goName
	rest, ok := strings.CutPrefix(text, goName+" ")
	if !ok {
		name = jsonName
		rest, ok = strings.CutPrefix(text, jsonName+" ")
	}
	if !ok || rest == "" {
		return text
	}
	if phrase, ok := definition(rest); ok {
		return upperFirst(phrase)
	}
	if plainWord(name) {
		return text
	}
	if next, _, _ := strings.Cut(rest, " "); looksLikeVerb(strings.TrimRight(next, ".,;:")) {
		return upperFirst(rest)
	}
	if name == jsonName || strings.EqualFold(goName, jsonName) {
		// SKUs stays SKUs, where skus would only start the sentence in
		// lower case.
		return text
	}
	return jsonName + " " + rest
}

// cutLabel returns text without a leading name written as a label, with a
// colon or a dash after it ("GetWeather: returns ...", "IncludeWind - adds
// ..."), and capitalised.
func cutLabel(text, name string) (string, bool) {
	for _, sep := range []string{": ", " - ", " — ", " – "} {
		if rest, ok := strings.CutPrefix(text, name+sep); ok && strings.TrimSpace(rest) != "" {
			return upperFirst(rest), true
		}
	}
	return "", false
}

// constWords returns text, a doc comment of pkg, with each whole-word
// mention of a typed constant of pkg (an enum's value, a default)
// replaced by the JSON value the model writes ("Defaults to SortNewest."
// → `Defaults to "newest".`). Constants named
// by a plain word (Low, Active) are left alone: in prose they are more
// often the word.
func (a *analyzer) constWords(pkg *types.Package, text string) string {
	if text == "" || pkg == nil {
		return text
	}
	consts, ok := a.enumConsts[pkg]
	if !ok {
		consts = make(map[string]string)
		scope := pkg.Scope()
		for _, name := range scope.Names() {
			c, ok := scope.Lookup(name).(*types.Const)
			if !ok || plainWord(name) {
				continue
			}
			// Any typed constant of the package: the values of an enum,
			// and a default or a limit the model should read as a value
			// too ("DefaultRegion" → "us-east-1").
			n, ok := types.Unalias(c.Type()).(*types.Named)
			if !ok || n.Obj().Pkg() != pkg {
				continue
			}
			if k := c.Val().Kind(); k == constant.String || k == constant.Int {
				consts[name] = valueWord(c.Val())
			}
		}
		if a.enumConsts == nil {
			a.enumConsts = make(map[*types.Package]map[string]string)
		}
		a.enumConsts[pkg] = consts
	}
	return replaceWords(text, consts)
}

// replaceWords returns text with each whole word that is a key of words
// replaced by its value, except after a dot (pkg.Name) and in a URL: the
// JSON values of
// constants (constWords), and in a field's comment the JSON names of its
// struct's fields (see renamedWord).
func replaceWords(text string, words map[string]string) string {
	if len(words) == 0 {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		if i == 0 || isSpace(text[i-1]) {
			// A URL stays as it is, whatever words its path holds.
			end := len(text)
			if n := strings.IndexAny(text[i:], " \t\n"); n >= 0 {
				end = i + n
			}
			if strings.Contains(text[i:end], "://") {
				b.WriteString(text[i:end])
				i = end
				continue
			}
		}
		if !identStart(text[i]) || (i > 0 && identPart(text[i-1])) {
			b.WriteByte(text[i])
			i++
			continue
		}
		j := i
		for j < len(text) && identPart(text[j]) {
			j++
		}
		word := text[i:j]
		if v, ok := words[word]; ok && (i == 0 || text[i-1] != '.') {
			b.WriteString(v)
		} else {
			b.WriteString(word)
		}
		i = j
	}
	return b.String()
}

// renamedWord reports whether descriptions have goName, a field's or a
// tool's, replaced by name, its JSON or tool name ("Ignored unless
// IncludeWind is set" → "Ignored unless include_wind is set"): a model
// knows no Go names. A plain word (Labels) and a name that is its JSON
// name in other case (URL) stay, as words of the sentence.
func renamedWord(goName, jsonName string) bool {
	return !plainWord(goName) && !strings.EqualFold(goName, jsonName)
}

// fieldWords maps the Go names of fields to their JSON names where a
// comment should say the JSON name (renamedWord): for a tool's
// description, those of its arguments' struct.
func fieldWords(fields []*Field) map[string]string {
	words := make(map[string]string)
	for _, f := range fields {
		if renamedWord(f.GoName, f.JSONName) {
			words[f.GoName] = f.JSONName
		}
	}
	return words
}

func isSpace(c byte) bool    { return c == ' ' || c == '\t' || c == '\n' }
func identStart(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func identPart(c byte) bool  { return identStart(c) || '0' <= c && c <= '9' }
