package gen

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// DefaultOutput is the name of the generated file in each package.
const DefaultOutput = "tools_gen.go"

// Config says what to generate.
type Config struct {
	// Dir is the directory patterns are resolved in; "" is the current one.
	Dir string
	// Patterns name the packages, as for go build; none means ".".
	Patterns []string
	// Tags are extra build tags to load with.
	Tags []string
	// Env is the environment of the go command; nil means os.Environ.
	Env []string
	// Output is the generated file's name; "" means DefaultOutput.
	Output string
}

// File is one generated file.
type File struct {
	Path    string // absolute
	Package string // import path
	Tools   int
	// Content is the file's bytes, or nil if the package has no tools, so
	// a generated file of it should not exist.
	Content []byte
	// Notes tell what toolgen did about the package's tools without
	// failing: each tool a dialect cannot express, which goes to that
	// provider non-strict, with its standard schema (one note per tool and
	// dialect). They are sorted by position; each has SeverityNote.
	Notes Diagnostics

	tools []*Tool // the model, for tests
	// superseded are the package's files that toolgen generated under
	// another name (another -output): they are removed.
	superseded []string
	lock       *lockState    // the tools as a lock records them
	defs       []toolSchemas // schemas by dialect, for -schemas
}

// Generate loads the packages of cfg, and returns one generated file for
// each package, sorted by path. It writes nothing. Mistakes in the user's
// code are returned together as Diagnostics, sorted by position; notes,
// which do not stop generation, come with the files (File.Notes; see
// AllNotes).
func Generate(ctx context.Context, cfg Config) ([]File, error) {
	pkgs, diags, err := load(ctx, cfg)
	if err != nil {
		return nil, err
	}
	output := cfg.Output
	if output == "" {
		output = DefaultOutput
	}
	var files []File
	for _, pkg := range pkgs {
		if len(pkg.GoFiles) == 0 {
			continue
		}
		out := output
		if cfg.Output == "" {
			// A package whose generated file has another name (go
			// generate ran toolgen -output there) keeps it, so that one
			// toolgen -check ./... checks every package.
			out = cmp.Or(ownFile(pkg), output)
		}
		file, ds := generatePackage(pkg, out)
		file.superseded = otherOwnFiles(pkg, out)
		diags = append(diags, ds...)
		files = append(files, file)
	}
	if len(diags) > 0 {
		return nil, diags.sorted()
	}
	slicesSortFiles(files)
	noteSharedNames(files)
	return files, nil
}

// noteSharedNames notes a tool name that two packages of the run use: a
// program that registers both packages' tools in one registry gets an
// error from Register. The note is at the later tool, by file order.
func noteSharedNames(files []File) {
	type site struct {
		pos token.Position
		pkg string
	}
	first := make(map[string]site)
	for i := range files {
		f := &files[i]
		added := false
		for _, t := range f.tools {
			prev, seen := first[t.Name]
			if !seen {
				first[t.Name] = site{t.Pos, f.Package}
				continue
			}
			f.Notes = append(f.Notes, Diagnostic{Pos: t.Pos, Severity: SeverityNote, Msg: fmt.Sprintf(
				"tool %s has the name of a tool of package %s (%s): a registry that holds both refuses the second; give one another name in its //tool:export directive", t.Name, prev.pkg, shortPos(prev.pos))})
			added = true
		}
		if added {
			f.Notes = f.Notes.sorted()
		}
	}
}

// generatePackage runs the model, emit and render stages for one package.
// A bug of toolgen's own that panics is reported as an error of the
// package, never as a crash; TOOLGEN_STACK=1 writes its stack to standard
// error, for the report.
func generatePackage(pkg *packages.Package, output string) (file File, diags Diagnostics) {
	defer func() {
		if v := recover(); v != nil {
			if os.Getenv("TOOLGEN_STACK") != "" {
				os.Stderr.Write(debug.Stack())
			}
			diags = Diagnostics{{Msg: fmt.Sprintf("%s: internal error in toolgen (please report it, with the stack that TOOLGEN_STACK=1 prints): %v", pkg.PkgPath, v)}}
		}
	}()
	return generate(pkg, output)
}

func generate(pkg *packages.Package, output string) (File, Diagnostics) {
	file := File{
		Path:    filepath.Join(filepath.Dir(pkg.GoFiles[0]), output),
		Package: pkg.PkgPath,
	}
	r := &reporter{fset: pkg.Fset}
	model := analyze(r, pkg)
	if model != nil {
		buildSchemas(r, model) // even after errors, to report all in one run
		qualityNotes(r, model)
	}
	if len(r.diags) > 0 || model == nil {
		file.lock = newLockState(pkg.Fset, nil, filepath.Dir(file.Path), output)
		return file, r.diags
	}
	f, err := emit(model)
	if err != nil {
		return file, Diagnostics{{Msg: fmt.Sprintf("%s: %v", pkg.PkgPath, err)}}
	}
	var buf bytes.Buffer
	if err := f.Render(&buf); err != nil {
		return file, Diagnostics{{Msg: fmt.Sprintf("%s: rendering the generated file: %v", pkg.PkgPath, err)}}
	}
	// Group the imports as goimports does: standard library first.
	content, err := groupImports(file.Path, buf.Bytes())
	if err != nil {
		return file, Diagnostics{{Msg: fmt.Sprintf("%s: formatting the generated file: %v", pkg.PkgPath, err)}}
	}
	file.Tools = len(model.Tools)
	file.tools = model.Tools
	file.Content = content
	file.Notes = r.notes.sorted()
	file.lock = newLockState(pkg.Fset, model, filepath.Dir(file.Path), output)
	file.defs = toolDefinitions(model)
	return file, nil
}

// AllNotes returns the notes of files, sorted by position, without
// duplicates.
func AllNotes(files []File) Diagnostics {
	var notes Diagnostics
	for _, f := range files {
		notes = append(notes, f.Notes...)
	}
	return notes.sorted()
}

// ownFile returns the name of the file of pkg that toolgen generated, if
// it has one other than DefaultOutput and no DefaultOutput of toolgen's,
// or "". Generated files carry the build constraint !toolgen, so toolgen's
// own load lists them among the ignored files.
func ownFile(pkg *packages.Package) string {
	var names []string
	for _, f := range pkg.IgnoredFiles {
		if !strings.HasSuffix(f, ".go") || !isOwn(f) {
			continue
		}
		if filepath.Base(f) == DefaultOutput {
			return ""
		}
		names = append(names, filepath.Base(f))
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	return names[0]
}

// otherOwnFiles returns the paths of the files of pkg that toolgen
// generated under another name than out, as a run with another -output
// leaves them: each declares Tools too, so they go.
func otherOwnFiles(pkg *packages.Package, out string) []string {
	var paths []string
	for _, f := range pkg.IgnoredFiles {
		if strings.HasSuffix(f, ".go") && filepath.Base(f) != out && isOwn(f) {
			paths = append(paths, f)
		}
	}
	slices.Sort(paths)
	return paths
}

// isOwn reports whether the file at path is one toolgen generated.
func isOwn(path string) bool {
	fh, err := os.Open(path)
	if err != nil {
		return false
	}
	defer fh.Close()
	head := make([]byte, len(Header)+2) // the header and its line end
	n, _ := io.ReadFull(fh, head)
	return isGenerated(head[:n])
}
