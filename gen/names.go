package gen

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// snakeCase turns a Go name into the default tool name:
// GetWeather → get_weather, HTTPServer → http_server, GetURLs → get_urls.
func snakeCase(name string) string {
	runes := []rune(name)
	var b strings.Builder
	for i, r := range runes {
		if unicode.IsUpper(r) {
			prevLower := i > 0 && (unicode.IsLower(runes[i-1]) || unicode.IsDigit(runes[i-1]))
			nextLower := i+1 < len(runes) && unicode.IsLower(runes[i+1]) &&
				// a plural "s" after an initialism stays with it: URLs
				!(runes[i+1] == 's' && (i+2 == len(runes) || unicode.IsUpper(runes[i+2])))
			if i > 0 && runes[i-1] != '_' && (prevLower || (nextLower && unicode.IsUpper(runes[i-1]))) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// lowerFirst returns name with its first letter in lower case, and a whole
// leading initialism lowered: Searcher → searcher, DB → db, HTTPClient →
// httpClient.
func lowerFirst(name string) string {
	runes := []rune(name)
	i := 0
	for i < len(runes) && unicode.IsUpper(runes[i]) {
		i++
	}
	switch {
	case i == 0:
		return name
	case i == 1 || i == len(runes):
		i = max(i, 1)
	default:
		i-- // keep the capital that starts the next word
	}
	for j := range i {
		runes[j] = unicode.ToLower(runes[j])
	}
	return string(runes)
}

// upperFirst returns name with its first letter in upper case.
func upperFirst(name string) string {
	if name == "" {
		return ""
	}
	r, size := utf8.DecodeRuneInString(name)
	return string(unicode.ToUpper(r)) + name[size:]
}

// namer allocates identifiers for generated declarations that collide with
// nothing: not the package's own declarations, not each other, not Go's
// keywords and predeclared names.
type namer struct {
	scope *types.Scope // the package's scope, without the generated file
	used  map[string]bool
}

func newNamer(scope *types.Scope) *namer {
	return &namer{scope: scope, used: make(map[string]bool)}
}

// taken reports whether name is unavailable at package scope.
func (n *namer) taken(name string) bool {
	return n.used[name] || n.scope.Lookup(name) != nil || token.IsKeyword(name) ||
		types.Universe.Lookup(name) != nil
}

// name returns base, or base with the smallest numeric suffix that is free,
// and reserves it.
func (n *namer) name(base string) string {
	name := base
	for i := 2; n.taken(name); i++ {
		name = base + strconv.Itoa(i)
	}
	n.used[name] = true
	return name
}

// reserve marks name as used by the generated file.
func (n *namer) reserve(name string) { n.used[name] = true }

// local returns a name for a local variable or parameter of generated code
// that shadows no package-scope name the code might refer to.
func (n *namer) local(base string) string {
	name := base
	for n.scope.Lookup(name) != nil || n.used[name] || token.IsKeyword(name) {
		name += "_"
	}
	return name
}
