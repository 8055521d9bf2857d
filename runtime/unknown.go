package runtime

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/spell"
)

// UnknownTool returns what a model reads when it calls a tool name that
// is none of tools, the names of the tools it was given, in the order
// they are listed: the name (its first 64 bytes), the tool it most likely
// meant ([NearestTool]) if any, and the tools, the first 20 of them and
// how many more; the tool it likely meant is always among those listed.
//
//	unknown tool "writefile"; did you mean "write_file"?; the tools are: read_file, write_file
//
// The registry answers a call of a tool it does not list with it; an
// adapter that offers a provider some of a registry's tools answers
// with it, for those tools, a call of one the provider was not given.
func UnknownTool(name string, tools []string) string {
	const most = 20
	var b strings.Builder
	// No tool has a longer name: the model's is shown in part.
	fmt.Fprintf(&b, "unknown tool %q", cut(name, maxToolName))
	near := nearestTool(name, tools)
	if near >= 0 {
		fmt.Fprintf(&b, "; did you mean %q?", tools[near])
	}
	b.WriteString("; the tools are: ")
	shown := tools
	if len(tools) > most {
		shown = tools[:most]
		if near >= most {
			// The list is cut: the tool meant is shown in place of the
			// last, never cut.
			shown = append(tools[:most-1:most-1], tools[near])
		}
	}
	for i, t := range shown {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t)
	}
	if len(tools) > most {
		fmt.Fprintf(&b, " and %d more", len(tools)-most)
	}
	return b.String()
}

// NearestTool returns the tool of tools that a model which called the tool
// name most likely meant, or "" if none is near enough: the tool name
// itself after a namespace the model put before it
// (functions.write_file, default_api:write_file, mcp__files__write_file),
// or in another case or with _ and - put in, left out or swapped
// (writeFile, Write-File, writefile for write_file), or, so written, one
// letter off for a short name and two for a longer one (write_files,
// wirte_file), a byte that is not UTF-8 or the U+FFFD a decoder put in
// its place being one letter (write_file\xff, wr\uFFFDte_file). Of tools
// equally near, the first listed. The work is bounded by the number of
// tools times the length of a tool name, whatever name is.
func NearestTool(name string, tools []string) string {
	if i := nearestTool(name, tools); i >= 0 {
		return tools[i]
	}
	return ""
}

// nearestTool is NearestTool, as an index of tools or -1.
func nearestTool(name string, tools []string) int {
	// A namespace is short; a name longer than any tool name with one is
	// none of them, and is not looked at further.
	if len(name) > 4*maxToolName {
		return -1
	}
	// The name as written, and without a namespace put before it
	// (functions.web.search), each of its first three: the nearest tool
	// to any of them, the name as written first of equals.
	best, bestRank := -1, maxRank
	for n := 0; n <= 3; n++ {
		if i, rank := nearestTo(name, tools); rank < bestRank {
			best, bestRank = i, rank
		}
		i, w := strings.IndexAny(name, ".:/"), 1
		// MCP hosts name a server's tools mcp__server__tool (Claude
		// Code, Claude Desktop), and models trained on them write that.
		if j := strings.Index(name, "__"); j >= 0 && (i < 0 || j < i) {
			i, w = j, 2
		}
		if i < 0 {
			break
		}
		name = name[i+w:]
	}
	return best
}

// maxRank is past the rank of any tool near enough.
const maxRank = 4

// nearestTo returns the index of the tool of tools nearest name, or -1,
// and its rank: 0 for the name itself, 1 for it folded (another case,
// other separators), 2 and 3 for one and two edits of that.
func nearestTo(name string, tools []string) (int, int) {
	key := foldName(name)
	if key == "" {
		return -1, maxRank
	}
	// Its length in characters: a byte that is not UTF-8 is one, as is the
	// U+FFFD that Gemini's SDK makes of it (add\xff reaches geminitools as
	// add\uFFFD), as spell.Distance counts them.
	keyLen := utf8.RuneCountInString(key)
	best, bestRank := -1, maxRank
	for i, t := range tools {
		if t == name {
			return i, 0
		}
		f := foldName(t)
		rank := 1
		if f != key {
			limit := 2
			switch n := min(utf8.RuneCountInString(f), keyLen); {
			case n < 3:
				continue // one letter of two is not a slip
			case n <= 4:
				limit = 1
			}
			d := spell.Distance(key, f, limit)
			if d > limit {
				continue
			}
			rank = 1 + d
		}
		if rank < bestRank {
			best, bestRank = i, rank
		}
	}
	return best, bestRank
}

// foldName returns a tool name in lower case without _, -, . and the
// like, so that writeFile, write_file, WRITE-FILE and write.file fold
// alike.
func foldName(s string) string {
	b := make([]byte, 0, len(s))
	for i := range len(s) {
		c := s[i]
		switch {
		case c == '_' || c == '-' || c == '.' || c == ':' || c == '/':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}
