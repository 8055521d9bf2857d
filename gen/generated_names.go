package gen

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/packages"
)

// generatedNames are the package-level names a generated file declares
// (see emit.go): Tools alone; everything else it declares is unexported.
var generatedNames = []string{"Tools"}

// generatedNameMissing reports an error that only says a name toolgen
// generates is undefined: the package uses its own Tools (undefined: Tools)
// or another package's (undefined: rates.Tools), which generated files
// declare, and toolgen loads with its build tag, which excludes them. So a
// run over ./... goes through a command that serves another package's
// tools; a package without tools whose only errors are these is skipped
// as any package without tools is.
func generatedNameMissing(e packages.Error) bool {
	switch e.Kind {
	case packages.TypeError:
		return undefinedGenerated(e.Msg)
	case packages.ListError:
		return compiledGeneratedMissing(e.Msg)
	}
	return false
}

// compiledGeneratedMissing reports the go command's compile output, which
// go list -export adds to a package it could not compile ("# path" and
// then "file:line:col: message" lines), when its every message says a
// generated name is undefined: the same errors the type checker reports.
func compiledGeneratedMissing(msg string) bool {
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "# ") {
		return false
	}
	for _, line := range lines[1:] {
		i := strings.Index(line, ": ")
		if i < 0 || !strings.Contains(line[:i], ".go:") || !undefinedGenerated(line[i+2:]) {
			return false
		}
	}
	return true
}

// undefinedGenerated reports a type checker's message that a name toolgen
// generates is undefined, qualified or not.
func undefinedGenerated(msg string) bool {
	name, ok := strings.CutPrefix(msg, "undefined: ")
	if !ok {
		return false
	}
	if qual, sel, found := strings.Cut(name, "."); found {
		if !token.IsIdentifier(qual) {
			return false
		}
		name = sel
	}
	for _, g := range generatedNames {
		if name == g {
			return true
		}
	}
	return false
}
