package gen

import (
	"fmt"
	"io"
	"unicode"
	"unicode/utf8"
)

// EstimateTokens estimates how many tokens a BPE tokenizer of today's
// models (OpenAI's o200k_base, and cl100k_base before it) makes of text,
// without its vocabulary. It splits text as those tokenizers do before
// merging (words with the space or the one punctuation character before
// them, runs of digits, runs of punctuation, white space) and counts each
// piece by what the merges usually leave of it: a word is a token for
// each of its camel-case parts, and a further one for each 10 letters of
// a long part; digits go by three; a run of punctuation is a token for
// each 4 characters ("\":{\"" is one); any other character is a token.
// The README's -stats section gives its error against o200k_base on this
// repository's tools.
func EstimateTokens(text string) int {
	n := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case isLetterRune(r):
			j := i
			part := 0 // letters in the current camel-case part
			prevLower := false
			for j < len(text) {
				r, s := utf8.DecodeRuneInString(text[j:])
				if !isLetterRune(r) {
					break
				}
				if unicode.IsUpper(r) && prevLower {
					n += 1 + (part-1)/10
					part = 0
				}
				prevLower = unicode.IsLower(r)
				part++
				j += s
			}
			n += 1 + (part-1)/10
			i = j
		case r >= '0' && r <= '9':
			j := i
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			n += (j - i + 2) / 3
			i = j
		case unicode.IsSpace(r):
			j := i
			for j < len(text) {
				r, s := utf8.DecodeRuneInString(text[j:])
				if !unicode.IsSpace(r) {
					break
				}
				j += s
			}
			if !(r == ' ' && j == i+1 && j < len(text) && !unicode.IsSpace(rune(text[j]))) {
				n++ // a single space goes with what follows it
			}
			i = j
		case r < utf8.RuneSelf:
			j := i
			for j < len(text) && isPunct(text[j]) {
				j++
			}
			if j-i == 1 && j < len(text) && isLetter(text[j:]) {
				i = j // one punctuation character goes with the word after it
				continue
			}
			n += (j - i + 3) / 4
			i = j
		default:
			n++
			i += size
		}
	}
	return n
}

func isPunct(c byte) bool {
	return c < utf8.RuneSelf && !isLetterRune(rune(c)) && !(c >= '0' && c <= '9') && !unicode.IsSpace(rune(c))
}

func isLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return isLetterRune(r)
}

func isLetterRune(r rune) bool {
	return r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') || r >= utf8.RuneSelf && unicode.IsLetter(r)
}

// writeStats prints, for each tool of files and in total, the size in
// bytes and estimated tokens of its definition as each provider receives
// it.
func writeStats(w io.Writer, files []File, cwd string) {
	type row struct {
		name  string
		cells [numDialects][2]int // bytes, tokens; -1 for an omitted dialect
	}
	var rows []row
	var total row
	tools := 0
	for _, f := range files {
		if len(f.defs) == 0 {
			continue
		}
		rows = append(rows, row{name: relPath(cwd, f.Path)})
		for i := range f.defs {
			t := &f.defs[i]
			tools++
			rw := row{name: "  " + t.Name}
			for d := range numDialects {
				def := t.definition(d)
				if def == nil {
					rw.cells[d] = [2]int{-1, -1}
					continue
				}
				rw.cells[d] = [2]int{len(def), EstimateTokens(string(def))}
				total.cells[d][0] += rw.cells[d][0]
				total.cells[d][1] += rw.cells[d][1]
			}
			rows = append(rows, rw)
		}
	}
	total.name = fmt.Sprintf("total (%s)", toolCount(tools))
	const header = "bytes / estimated tokens"
	width := max(len(total.name), len(header))
	for _, rw := range rows {
		if rw.name[0] == ' ' {
			width = max(width, len(rw.name))
		}
	}
	fmt.Fprintf(w, "%-*s", width, header)
	for d := range numDialects {
		fmt.Fprintf(w, "  %15s", d)
	}
	fmt.Fprintln(w)
	line := func(rw row) {
		fmt.Fprintf(w, "%-*s", width, rw.name)
		for _, c := range rw.cells {
			if c[0] < 0 {
				fmt.Fprintf(w, "  %15s", "-")
			} else {
				fmt.Fprintf(w, "  %15s", fmt.Sprintf("%d / %d", c[0], c[1]))
			}
		}
		fmt.Fprintln(w)
	}
	for _, rw := range rows {
		if rw.name[0] != ' ' {
			fmt.Fprintln(w, rw.name)
			continue
		}
		line(rw)
	}
	line(total)
	// The standard column is what MCP's tools/list sends, which is more
	// than the arguments' schema: said, so that no one takes it for a
	// bloated one.
	fmt.Fprintln(w, "(standard: the tool as MCP lists it, with its result's outputSchema)")
}
