package gen

import (
	"bytes"
	"cmp"
	"errors"
	"io/fs"
	"os"
	"slices"

	"golang.org/x/tools/imports"
)

// The render stage's output, files by path, is compared with the disk for
// -check (check) or written (write). Neither is part of generation.

func slicesSortFiles(files []File) {
	slices.SortFunc(files, func(a, b File) int { return cmp.Compare(a.Path, b.Path) })
}

// isGenerated reports whether content starts with toolgen's header.
func isGenerated(content []byte) bool {
	// With CRLF line endings too, as Git for Windows checks files out.
	rest, ok := bytes.CutPrefix(content, []byte(Header))
	return ok && (bytes.HasPrefix(rest, []byte("\n")) || bytes.HasPrefix(rest, []byte("\r\n")))
}

// readExisting returns a file's content, or nil if it does not exist.
func readExisting(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// groupImports groups the imports of src, which jennifer has rendered and
// formatted, as goimports does: standard library first. Only the file's
// head, up to the end of its import declaration, goes through goimports;
// the rest is already formatted, and parsing and printing it again took
// as long as rendering it (a third of toolgen's time at 1,000 tools).
func groupImports(path string, src []byte) ([]byte, error) {
	head := len(src)
	if start := bytes.Index(src, []byte("\nimport (\n")); start >= 0 {
		if end := bytes.Index(src[start:], []byte("\n)\n")); end >= 0 {
			head = start + end + len("\n)\n")
		}
	} else if start := bytes.Index(src, []byte("\nimport ")); start >= 0 {
		if end := bytes.IndexByte(src[start+1:], '\n'); end >= 0 {
			head = start + 1 + end + 1
		}
	}
	grouped, err := imports.Process(path, src[:head], &imports.Options{FormatOnly: true, Comments: true, TabIndent: true, TabWidth: 8})
	if err != nil {
		return nil, err
	}
	return append(grouped, src[head:]...), nil
}
