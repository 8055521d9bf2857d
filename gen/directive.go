package gen

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/toolgen-go/toolgen/internal/spell"
)

// The //tool: directive grammar (the README's "The directive" section):
//
//	//tool:export [NAME] [OPTION ...]
//	//tool:param NAME DESCRIPTION

const directivePrefix = "//tool:"

// exportDirective is a parsed //tool:export line.
type exportDirective struct {
	pos        token.Pos
	name       string // "" for the default
	options    Options
	sessionPos token.Pos // of the session option, for errors
}

// paramDirective is a parsed //tool:param line.
type paramDirective struct {
	pos         token.Pos
	name        string
	description string
}

// funcDirectives are the directives in one function's doc comment.
type funcDirectives struct {
	export *exportDirective
	params []paramDirective
}

var (
	toolNameRE  = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	groupNameRE = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)
	// lookalikeRE matches line comments that look meant as directives but
	// are not written as one: "// tool:export". blockDirective finds them
	// in /* */ comments.
	lookalikeRE = regexp.MustCompile(`^//\s+tool:`)
	// blockLineRE matches a line of a /* */ comment, its leading white
	// space trimmed, that is a directive: "//tool:export", "tool:export".
	// Other words after tool: are prose (an OAuth scope, tool:read).
	blockLineRE = regexp.MustCompile(`^(//)?\s*tool:(export|param)(\s|$)`)
)

// readDirectives finds every //tool: directive of a file. Those in the doc
// comment of a function declaration are returned by declaration; any other
// (on a type, a variable, inside a body, misspelled) is reported.
func readDirectives(r *reporter, file *ast.File) map[*ast.FuncDecl]*funcDirectives {
	owned := make(map[*ast.Comment]*ast.FuncDecl)
	for _, decl := range file.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Doc != nil {
			for _, c := range fn.Doc.List {
				owned[c] = fn
			}
		}
	}
	result := make(map[*ast.FuncDecl]*funcDirectives)
	for _, group := range file.Comments {
		for _, c := range group.List {
			// Only a function's doc comment holds directives: one in a
			// /* */ comment there is a mistake; elsewhere it is prose (a
			// package or constant doc showing a directive, say).
			if line, col, directive, ok := blockDirective(c.Text); ok && owned[c] != nil {
				// Counted in lines, not bytes from c.Slash: the text of a
				// comment of a CRLF file has no \r.
				pos := r.fset.Position(c.Slash)
				if line > 0 {
					pos.Column = 1
				}
				pos.Line += line
				pos.Column += col
				r.errorAt(pos, "a directive inside a /* */ comment is not read: directives are line comments; write %s as a line of its own in the function's doc comment", directive)
				continue
			}
			if lookalikeRE.MatchString(c.Text) {
				r.errorf(c.Slash, "malformed directive %q: write it as //tool:... with no space after //", firstLine(c.Text))
				continue
			}
			if !strings.HasPrefix(c.Text, directivePrefix) {
				continue
			}
			fn := owned[c]
			if fn == nil {
				r.errorf(c.Slash, "%s must be in the doc comment of a function or method", firstWord(c.Text))
				continue
			}
			fd := result[fn]
			if fd == nil {
				fd = &funcDirectives{}
				result[fn] = fd
			}
			parseDirective(r, c, fd)
		}
	}
	for fn, fd := range result {
		if fd.export == nil {
			for _, p := range fd.params {
				r.errorf(p.pos, "//tool:param without //tool:export in the doc comment of %s", fn.Name.Name)
			}
			delete(result, fn)
		}
	}
	return result
}

// blockDirective finds a directive in text, a /* */ comment, which
// toolgen does not read (nor does the go command read //go: directives
// there): the first line that is one ("//tool:export readonly" or
// "tool:export readonly", leading white space aside), as line (0 for the
// comment's first) and byte column (from the comment's start on its first
// line), both from 0, and the directive as it should be written. A
// comment that also holds a func line is code commented out, a tool left
// out on purpose: it is not reported.
func blockDirective(text string) (line, col int, directive string, ok bool) {
	body, isBlock := strings.CutPrefix(text, "/*")
	if !isBlock {
		return 0, 0, "", false
	}
	body = strings.TrimSuffix(body, "*/")
	start := len("/*")
	n := 0
	for l := range strings.Lines(body) {
		trimmed := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(trimmed, "func ") {
			return 0, 0, "", false
		}
		if !ok && blockLineRE.MatchString(trimmed) {
			line, col, ok = n, start+len(l)-len(trimmed), true
			directive = "//" + strings.TrimLeft(strings.TrimPrefix(strings.TrimSpace(trimmed), "//"), " \t")
		}
		n++
		start = 0
	}
	return line, col, directive, ok
}

// parseDirective parses one directive comment into fd. White space of any
// kind separates the directive from its arguments, as after //go:build
// and //go:generate.
func parseDirective(r *reporter, c *ast.Comment, fd *funcDirectives) {
	verb, rest := c.Text[len(directivePrefix):], ""
	if i := strings.IndexAny(verb, " \t"); i >= 0 {
		verb, rest = verb[:i], verb[i+1:]
	}
	argOffset := len(directivePrefix) + len(verb) + 1
	switch verb {
	case "export":
		if fd.export != nil {
			r.errorf(c.Slash, "duplicate //tool:export directive")
			return
		}
		fd.export = parseExport(r, c.Slash, rest, argOffset)
	case "param":
		name, desc := strings.TrimSpace(rest), ""
		if i := strings.IndexAny(name, " \t"); i >= 0 {
			name, desc = name[:i], name[i+1:]
		}
		if name == "" || strings.TrimSpace(desc) == "" {
			r.errorf(c.Slash, "//tool:param needs a parameter name and a description: //tool:param NAME DESCRIPTION")
			return
		}
		fd.params = append(fd.params, paramDirective{pos: c.Slash, name: name, description: strings.TrimSpace(desc)})
	default:
		r.errorf(c.Slash, "unknown directive //tool:%s; the directives are //tool:export and //tool:param", verb)
	}
}

// parseExport parses the arguments of //tool:export. offset is where args
// start in the comment, for positions of bad options.
func parseExport(r *reporter, slash token.Pos, args string, offset int) *exportDirective {
	d := &exportDirective{pos: slash}
	seen := make(map[string]token.Pos)
	words, bad := wordsWithOffsets(args)
	if bad != nil {
		r.errorf(slash+token.Pos(offset+bad.offset), "%s", bad.text)
	}
	for i, word := range words {
		pos := slash + token.Pos(offset+word.offset)
		key, value, hasValue := strings.Cut(word.text, "=")
		if i == 0 && !hasValue && !flagOptions[key] {
			if option := misspeltFlag(key); option != "" && !slices.Contains(wordTexts(words[1:]), option) {
				// A misspelt flag taken as the name would drop the flag
				// without a word: confirm, and the tool runs unapproved.
				r.errorf(pos, "%q reads as the option %s misspelt, not as the tool's name: write %s; for a tool of that name, write name=%s", key, option, option, key)
				continue
			}
			if !toolNameRE.MatchString(key) {
				r.errorf(pos, "invalid tool name %q: want ^[a-zA-Z0-9_-]{1,64}$", key)
			}
			d.name = key
			continue
		}
		if _, dup := seen[key]; dup {
			r.errorf(pos, "duplicate option %s", key)
			continue
		}
		seen[key] = pos
		if quoted := strings.HasPrefix(value, `"`); quoted {
			value, _ = strconv.Unquote(value) // wordsWithOffsets checked it
		}
		switch key {
		case "timeout", "cache":
			dur, err := time.ParseDuration(value)
			if !hasValue || err != nil || dur <= 0 {
				r.errorf(pos, "%s needs a positive Go duration, as in %s=30s; got %q", key, key, word.text)
				continue
			}
			if key == "timeout" {
				d.options.Timeout = dur
			} else {
				d.options.Cache = dur
			}
		case "retries":
			n, err := strconv.Atoi(value)
			if !hasValue || err != nil || n < 0 || n > 100 {
				r.errorf(pos, "retries needs a whole number from 0 to 100, as in retries=2; got %q", word.text)
				continue
			}
			d.options.Retries = n
		case "lenient":
			if hasValue {
				r.errorf(pos, "lenient is a flag and takes no value; write lenient")
				continue
			}
			d.options.Lenient = true
		case "confirm":
			if hasValue {
				r.errorf(pos, "confirm is a flag and takes no value; write confirm")
				continue
			}
			d.options.Confirm = true
		case "name":
			if !hasValue || !toolNameRE.MatchString(value) {
				r.errorf(pos, "name needs a tool name matching ^[a-zA-Z0-9_-]{1,64}$, as in name=get_order; got %q", word.text)
				continue
			}
			if d.name != "" {
				r.errorf(pos, "the tool's name is given twice: %q first, then name=%s; keep one", d.name, value)
				continue
			}
			d.name = value
		case "omit", "nonstrict":
			if !hasValue || value == "" {
				r.errorf(pos, "%s needs dialects, as in %s=gemini or %s=openai,gemini", key, key, key)
				continue
			}
			for _, name := range strings.Split(value, ",") {
				dialect, ok := dialectByName(name)
				if !ok || dialect == Standard {
					r.errorf(pos, "%s: unknown dialect %q; the dialects are openai, gemini, anthropic", key, name)
					continue
				}
				if key == "omit" {
					d.options.Omit[dialect] = true
				} else {
					d.options.NonStrict[dialect] = true
				}
			}
		case "group":
			if !hasValue || !groupNameRE.MatchString(value) {
				r.errorf(pos, "group needs a name matching ^[a-zA-Z0-9_-]{1,64}$, as in group=orders; got %q", word.text)
				continue
			}
			d.options.Group = value
		case "session":
			if !hasValue || !token.IsIdentifier(value) {
				r.errorf(pos, "session needs the name of the parameter that takes the session value, as in session=user; got %q", word.text)
				continue
			}
			d.options.Session = value
			d.sessionPos = pos
		case "title":
			if !hasValue || strings.TrimSpace(value) == "" {
				r.errorf(pos, `title needs a text, quoted if it has spaces, as in title="Get the weather"`)
				continue
			}
			d.options.Title = value
		case "readonly", "destructive", "idempotent", "openworld":
			h, ok := parseHint(value, hasValue)
			if !ok {
				r.errorf(pos, "%s is a flag, or %s=true or %s=false; got %q", key, key, key, word.text)
				continue
			}
			switch key {
			case "readonly":
				d.options.ReadOnly = h == hintYes
			case "destructive":
				d.options.Destructive = h
			case "idempotent":
				d.options.Idempotent = h == hintYes
			case "openworld":
				d.options.OpenWorld = h
			}
		default:
			if prev, ok := titleBefore(words, i); ok && !hasValue && !nearOption(key) {
				// title=Hello big world: said once, at its second word.
				if _, _, afterTitle := strings.Cut(words[i-1].text, "="); afterTitle && strings.HasPrefix(words[i-1].text, "title=") {
					full := prev
					for _, w := range words[i:] {
						if k, _, kv := strings.Cut(w.text, "="); kv || flagOptions[k] {
							break
						}
						full += " " + w.text
					}
					r.errorf(pos, "unknown option %q: a title of several words is quoted, title=%q", key, strings.TrimSpace(full))
				}
				continue
			}
			if d.name == "" && !hasValue && toolNameRE.MatchString(key) {
				meant := ""
				if option := meantOption(key); option != "" {
					meant = fmt.Sprintf(" did you mean %s? Or,", option)
				}
				r.errorf(pos, "unknown option %q;%s if it is the tool's name, write it first: //tool:export %s %s", key, meant, key, strings.Join(wordTexts(words[:i]), " "))
				continue
			}
			if option := meantOption(key); option != "" {
				r.errorf(pos, "unknown option %q; did you mean %s?", key, option)
				continue
			}
			r.errorf(pos, "unknown option %q; the options are name=NAME, timeout=DURATION, retries=N, cache=DURATION, confirm, lenient, group=NAME, omit=DIALECT,..., nonstrict=DIALECT,..., title=TEXT, readonly, destructive[=false], idempotent, openworld[=false], session=PARAM", key)
		}
	}
	o := &d.options
	for dialect := range numDialects {
		if o.Omit[dialect] && o.NonStrict[dialect] {
			r.errorf(seen["nonstrict"], "omit and nonstrict both name %s: a tool left out of a dialect is sent there in no form; drop one of them", dialect)
		}
	}
	if o.Cache > 0 && o.Confirm {
		r.errorf(slash, "cache and confirm cannot be combined: a tool that changes something must run every time it is called")
	}
	if o.Cache > 0 && o.Session != "" {
		r.errorf(d.sessionPos, "cache and session cannot be combined: a cached result is reused for every caller with the same arguments, whatever their session")
	}
	if o.ReadOnly && o.Confirm {
		r.errorf(seen["readonly"], "readonly and confirm cannot be combined: a read-only tool changes nothing, so there is nothing to approve; drop one of them")
	}
	if o.ReadOnly && o.Destructive == hintYes {
		r.errorf(seen["readonly"], "readonly and destructive contradict each other: a read-only tool changes nothing; drop one of them")
	}
	if o.Confirm && o.Destructive == hintUnsaid {
		o.Destructive = hintYes // what needs approval changes something
	}
	return d
}

// flagOptions are the options that may stand alone, so a first word that
// is one of them is not the tool's name.
var flagOptions = map[string]bool{
	"confirm": true, "lenient": true, "readonly": true, "destructive": true, "idempotent": true, "openworld": true,
}

// meantOption is the option key likely stands for: one of the words
// other libraries and habits use for it (retry, deadline, ttl), or the
// option its spelling is nearest, or "".
func meantOption(key string) string {
	if option, ok := optionWords[strings.ToLower(key)]; ok {
		return option
	}
	return nearest(key, optionNames)
}

// optionWords are words used elsewhere for toolgen's options.
var optionWords = map[string]string{
	"retry": "retries", "max_retries": "retries", "maxretries": "retries", "attempts": "retries",
	"deadline": "timeout", "timeout_ms": "timeout",
	"ttl": "cache", "cached": "cache", "cache_ttl": "cache",
	"approve": "confirm", "approval": "confirm", "confirmation": "confirm", "dangerous": "confirm",
	"read_only": "readonly", "read-only": "readonly",
	"open_world": "openworld", "open-world": "openworld",
}

// flagOptionNames and optionNames are the options, for messages.
var (
	flagOptionNames = []string{"confirm", "lenient", "readonly", "destructive", "idempotent", "openworld"}
	optionNames     = append([]string{"name", "timeout", "retries", "cache", "omit", "nonstrict", "group", "session", "title"}, flagOptionNames...)
)

// misspeltFlag returns the flag option that word, a first word without
// a value, is a slip of: in another case (readOnly), two letters swapped
// (confrim) or one left out (confrm); or "". A word one letter longer, or
// with one letter changed, is more likely a name of its own (confirms,
// conform).
func misspeltFlag(word string) string {
	w := strings.ToLower(word)
	for _, option := range flagOptionNames {
		switch {
		case w == option:
			if word != option {
				return option
			}
		case len(w) == len(option) && spell.Distance(w, option, 1) == 1 && swapped(w, option):
			return option
		case len(w) == len(option)-1 && spell.Distance(w, option, 1) == 1:
			return option
		}
	}
	return ""
}

// swapped reports whether a and b, of one length, differ by two
// neighbouring letters swapped.
func swapped(a, b string) bool {
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// wordTexts returns the texts of words.
func wordTexts(words []word) []string {
	texts := make([]string, len(words))
	for i, w := range words {
		texts[i] = w.text
	}
	return texts
}

// parseHint reads the value of a hint option: none (the flag alone),
// true or false.
func parseHint(value string, hasValue bool) (hint, bool) {
	switch {
	case !hasValue || value == "true":
		return hintYes, true
	case value == "false":
		return hintNo, true
	}
	return hintUnsaid, false
}

type word struct {
	text   string
	offset int
}

// wordsWithOffsets splits s at spaces, keeping each word's byte offset. A
// value may be quoted as a Go string, spaces and all (title="Get the
// weather"); the word keeps its quotes. A bad quote is returned as the
// word bad, its text the message and its offset the quote's; the words
// before it are returned.
func wordsWithOffsets(s string) (words []word, bad *word) {
	start := -1
	for i := 0; i <= len(s); i++ {
		switch {
		case i == len(s) || s[i] == ' ' || s[i] == '\t':
			if start >= 0 {
				words = append(words, word{text: s[start:i], offset: start})
				start = -1
			}
		case s[i] == '"':
			if start < 0 || s[i-1] != '=' {
				return words, &word{text: `a quote may only start a value, as in title="Get the weather"`, offset: i}
			}
			q, err := strconv.QuotedPrefix(s[i:])
			if err != nil {
				return words, &word{text: `unterminated or malformed quoted value: write it as a Go string, as in title="Get the \"best\" weather"`, offset: i}
			}
			i += len(q) - 1
			if end := i + 1; end < len(s) && s[end] != ' ' && s[end] != '\t' {
				return words, &word{text: "text right after a quoted value: put a space after the closing quote", offset: end}
			}
		case start < 0:
			start = i
		}
	}
	return words, nil
}

func firstWord(s string) string {
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		return s[:i]
	}
	return s
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// docText returns a doc comment's text without directive lines, with each
// paragraph's lines joined into one: what a model reads as a description.
func docText(g *ast.CommentGroup) string {
	if g == nil {
		return ""
	}
	return unwrap(withoutCode(g.Text()))
}

// trimGoName drops the Go name that starts a doc comment by convention
// ("GetWeather returns ...") and capitalises what follows: the model does
// not know the Go name, and it costs tokens; so does a name written as a
// label ("GetWeather: returns ..."). A definition keeps its noun
// phrase ("Node is a tree node" gives "A tree node"). The name stays
// where no verb follows it ("City to forecast", "Node is cyclic"), so the
// sentence keeps its subject.
func trimGoName(text, name string) string {
	if rest, ok := cutLabel(text, name); ok {
		return rest
	}
	rest, ok := strings.CutPrefix(text, name+" ")
	if !ok || rest == "" {
		return text
	}
	if phrase, ok := definition(rest); ok {
		return upperFirst(phrase)
	}
	next, _, _ := strings.Cut(rest, " ")
	if !looksLikeVerb(strings.TrimRight(next, ".,;:")) {
		return text
	}
	return upperFirst(rest)
}

// definition returns the noun phrase of a doc comment's sentence that
// defines its subject ("is the state of an order" after the name gives
// "the state of an order"), which reads as a description without the
// name: a model knows no Go names.
func definition(rest string) (string, bool) {
	phrase, ok := strings.CutPrefix(rest, "is ")
	if !ok {
		phrase, ok = strings.CutPrefix(rest, "are ")
	}
	article, noun, _ := strings.Cut(phrase, " ")
	switch {
	case !ok || noun == "":
		return "", false
	case article == "a" || article == "an" || article == "the":
		return phrase, true
	}
	return "", false
}

// toolDoc is a tool's description from its function's doc comment: the
// leading Go name is dropped before a verb or a definition (trimGoName),
// and before any other word ("is", "has", "does", "for"), where the
// sentence needs its subject, it becomes the tool's name, which the model
// knows ("SearchIssues does a full-text search" → "search_issues does a
// full-text search"). A name that is a plain word, or the tool's name in
// other case, stays.
func toolDoc(text, goName, toolName string) string {
	if t := trimGoName(text, goName); t != text {
		return t
	}
	rest, ok := strings.CutPrefix(text, goName+" ")
	if !ok || rest == "" || plainWord(goName) || strings.EqualFold(goName, toolName) {
		return text
	}
	return toolName + " " + rest
}

// plainWord reports whether name reads as an ordinary capitalised word:
// letters, with no capital after the first.
func plainWord(name string) bool {
	for i, r := range name {
		if !unicode.IsLetter(r) || (i > 0 && unicode.IsUpper(r)) {
			return false
		}
	}
	return true
}

// looksLikeVerb reports whether word is a third-person verb other than
// is, as Go doc comments use after the name: returns, reports, adds.
func looksLikeVerb(word string) bool {
	switch word {
	case "is", "are", "has", "was", "does":
		return false // "Node is a tree node" keeps its subject
	}
	return len(word) > 3 && strings.HasSuffix(word, "s") && !strings.HasSuffix(word, "ss") &&
		strings.ToLower(word) == word
}

// unwrap joins the lines of each paragraph of text with spaces and trims
// it, except that each item of a list starts a line of its own, so that
// "Use it when:" and the cases under it read as a list, not as one run of
// dashes, and so does each line of a code block.
func unwrap(text string) string {
	paras := strings.Split(strings.TrimSpace(text), "\n\n")
	for i, p := range paras {
		var lines []string
		// A list has begun: a line ended with a colon, or was an item. A
		// paragraph that starts as an item does, after one that ends with
		// a colon or followed by another item, is a list whose items are
		// not indented ("- fast", "- slow"), which go/doc reads as text.
		raw := strings.Split(p, "\n")
		first := itemRE.MatchString(strings.TrimSpace(raw[0]))
		inList := first && (i > 0 && strings.HasSuffix(strings.TrimSpace(paras[i-1]), ":") ||
			len(raw) > 1 && itemRE.MatchString(strings.TrimSpace(raw[1])))
		code := false
		for _, line := range raw {
			words := strings.Fields(line)
			if len(words) == 0 {
				continue
			}
			item := listItemRE.MatchString(line) || inList && itemRE.MatchString(strings.TrimSpace(line))
			// A line of a code block, indented with a tab as gofmt writes
			// one ("Example:" and a call under it), keeps a line of its
			// own and its spacing, without the tab.
			if !item && strings.HasPrefix(line, "\t") {
				lines = append(lines, strings.TrimRight(line[1:], " \t"))
				code = true
				continue
			}
			line = strings.Join(words, " ")
			// After a list, a sentence that starts where an item's ended
			// is a line of its own, not more of the item.
			after := inList && len(lines) > 0 && strings.ContainsAny(lines[len(lines)-1][len(lines[len(lines)-1])-1:], ".!?") &&
				unicode.IsUpper([]rune(line)[0])
			if len(lines) == 0 || item || after || code {
				lines = append(lines, line)
			} else {
				lines[len(lines)-1] += " " + line
			}
			inList = inList || item || strings.HasSuffix(line, ":")
			code = false
		}
		paras[i] = strings.Join(lines, "\n")
	}
	return strings.TrimSpace(strings.Join(paras, "\n\n"))
}

// titleBefore returns the unquoted title of the option before words[i],
// if it is title=WORD, and the words between are not options either.
func titleBefore(words []word, i int) (string, bool) {
	title := ""
	for j := i - 1; j >= 0; j-- {
		key, value, hasValue := strings.Cut(words[j].text, "=")
		if key == "title" && hasValue && !strings.HasPrefix(value, `"`) && !strings.HasPrefix(value, "'") {
			return strings.TrimSpace(value + title), true
		}
		if hasValue || flagOptions[key] {
			return "", false
		}
		title = " " + words[j].text + title
	}
	return "", false
}

// nearOption reports whether word is one or two letters from a flag
// option (readnly): a misspelt option, not a word of a title.
func nearOption(word string) bool {
	for opt := range flagOptions {
		if spell.Distance(word, opt, 2) <= 2 {
			return true
		}
	}
	return false
}
