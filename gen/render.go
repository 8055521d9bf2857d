package gen

import (
	"bytes"
	"cmp"
	"errors"
	"io/fs"
	"os"
	"slices"
)

// The render stage's output, files by path, is compared with the disk for
// -check (check) or written (write). Neither is part of generation.

func slicesSortFiles(files []File) {
	slices.SortFunc(files, func(a, b File) int { return cmp.Compare(a.Path, b.Path) })
}

// isGenerated reports whether content starts with toolgen's header.
func isGenerated(content []byte) bool {
	return bytes.HasPrefix(content, []byte(Header+"\n"))
}

// readExisting returns a file's content, or nil if it does not exist.
func readExisting(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}
