package gen

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// BuildTag is set when toolgen loads packages. Generated files are built
// only without it, so a stale or broken generated file never stops its own
// regeneration.
const BuildTag = "toolgen"

// listMode is what toolgen asks the go command about the named packages:
// their files and what they import. Not NeedTypes: for that, go/packages
// has go list compile each named package for its export data (go list
// -export), which toolgen never reads, since it type-checks the packages
// from source; that compilation took half of toolgen's time on a package
// of 1,000 tools. So the packages are type-checked here (check), against
// their imports' export data (importMode), which is all toolgen needs:
// dependencies' types come from export data, never from source
// (NeedDeps made wire ~4x slower, google/wire#65).
//
// Nor NeedCompiledGoFiles, which makes go list take three times as long
// (0.13 s against 0.05 s on a package of 100 tools), though only the
// files of a package that uses cgo differ from GoFiles: such a package is
// listed again with it (cgoMode).
const listMode = packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedModule

// cgoMode lists a package that uses cgo, whose compiled files (cgo's
// output) are what is type-checked.
const cgoMode = listMode | packages.NeedCompiledGoFiles

// importMode loads the types of the named packages' imports from their
// export data.
const importMode = packages.NeedName | packages.NeedTypes | packages.NeedTypesSizes

// load loads the packages that patterns name, type-checked from source.
// It returns those without errors, and the errors of the others with
// positions: one package that does not compile does not hide the tool
// mistakes of the rest.
func load(ctx context.Context, cfg Config) ([]*packages.Package, Diagnostics, error) {
	tags := append([]string{BuildTag}, cfg.Tags...)
	fset := token.NewFileSet()
	pcfg := &packages.Config{
		Context:    ctx,
		Mode:       listMode,
		Dir:        cfg.Dir,
		Env:        cfg.Env,
		BuildFlags: []string{"-tags=" + strings.Join(tags, ",")},
		Fset:       fset,
	}
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, nil, err
	}
	if err := parse(pcfg, pkgs); err != nil {
		return nil, nil, err
	}
	imports, err := loadImports(pcfg, pkgs)
	if err != nil {
		return nil, nil, err
	}
	for _, pkg := range pkgs {
		check(pkg, fset, imports)
	}
	var diags Diagnostics
	var good []*packages.Package
	for _, pkg := range pkgs {
		bad := false
		// The type checker cannot import a package of a cycle, which the
		// go command left out: the cycle's own message says it all.
		cyclic := slices.ContainsFunc(pkg.Errors, func(e packages.Error) bool {
			return strings.HasPrefix(e.Msg, "import cycle not allowed")
		})
		for _, e := range pkg.Errors {
			if generatedNameMissing(e) || cyclic && strings.Contains(e.Msg, "(no metadata for ") {
				continue
			}
			pos, msg := parsePos(e.Pos), importAdvice(e.Msg)
			if !pos.IsValid() {
				if p, m, ok := importCycle(pkg, e.Msg); ok {
					pos, msg = p, m
				} else if p, ok := cgoOffFiles(pkg, e.Msg); ok {
					pos, msg = p, cgoOffMsg
				}
			}
			diags = append(diags, Diagnostic{Pos: pos, Msg: msg})
			bad = true
		}
		if !bad {
			if d, ok := importsCycle(pkg); ok {
				diags = append(diags, d)
				bad = true
			}
		}
		if !bad {
			good = append(good, pkg)
		}
	}
	return good, diags, nil
}

// parse parses the files of pkgs. A package that uses cgo (a file
// imports "C") or SWIG is listed again, with its compiled files (what cgo
// or SWIG writes), whose imports are the go command's for them, and those
// are parsed instead; the other packages compile their GoFiles as they
// are.
func parse(pcfg *packages.Config, pkgs []*packages.Package) error {
	var cgo []string
	listErrs := make(map[*packages.Package]int) // the go command's errors, before the parser's
	for _, pkg := range pkgs {
		pkg.Fset = pcfg.Fset
		pkg.CompiledGoFiles = pkg.GoFiles
		listErrs[pkg] = len(pkg.Errors)
		pkg.Syntax = parseFiles(pkg, pcfg.Fset)
		if usesCgo(pkg.Syntax) || usesSwig(pkg.OtherFiles) {
			cgo = append(cgo, pkg.ID)
		}
	}
	if len(cgo) == 0 {
		return nil
	}
	ccfg := *pcfg
	ccfg.Mode = cgoMode
	listed, err := packages.Load(&ccfg, cgo...)
	if err != nil {
		return err
	}
	byID := make(map[string]*packages.Package, len(listed))
	for _, p := range listed {
		byID[p.ID] = p
	}
	for _, pkg := range pkgs {
		if p := byID[pkg.ID]; p != nil && len(p.CompiledGoFiles) > 0 {
			pkg.CompiledGoFiles, pkg.Imports = p.CompiledGoFiles, p.Imports
			pkg.Errors = append(pkg.Errors[:listErrs[pkg]], p.Errors...)
			pkg.Syntax = parseFiles(pkg, pcfg.Fset)
		}
	}
	return nil
}

// usesSwig reports whether files, a package's non-Go files, include SWIG
// interfaces, from which the go command writes Go files too.
func usesSwig(files []string) bool {
	for _, f := range files {
		if strings.HasSuffix(f, ".swig") || strings.HasSuffix(f, ".swigcxx") {
			return true
		}
	}
	return false
}

// usesCgo reports whether one of files imports "C".
func usesCgo(files []*ast.File) bool {
	for _, f := range files {
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return true
			}
		}
	}
	return false
}

// loadImports loads the types of what pkgs import from export data, in
// one packages.Load, keyed by package ID.
func loadImports(pcfg *packages.Config, pkgs []*packages.Package) (map[string]*packages.Package, error) {
	var ids []string
	for _, pkg := range pkgs {
		for _, imp := range pkg.Imports {
			if imp.ID != "unsafe" && imp.ID != "C" {
				ids = append(ids, imp.ID)
			}
		}
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	imports := make(map[string]*packages.Package, len(ids))
	if len(ids) == 0 {
		return imports, nil
	}
	icfg := *pcfg
	icfg.Mode = importMode
	loaded, err := packages.Load(&icfg, ids...)
	if err != nil {
		return nil, err
	}
	for _, p := range loaded {
		imports[p.ID] = p
	}
	return imports, nil
}

// check type-checks pkg's parsed files, as go/packages would
// with NeedSyntax|NeedTypes|NeedTypesInfo (but recording only the
// definitions in TypesInfo, all toolgen reads), adding what is wrong to
// pkg.Errors.
func check(pkg *packages.Package, fset *token.FileSet, imports map[string]*packages.Package) {
	pkg.Types = types.NewPackage(pkg.PkgPath, pkg.Name)
	pkg.TypesInfo = &types.Info{Defs: make(map[*ast.Ident]types.Object)}
	var sizes types.Sizes
	importer := importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		imp := pkg.Imports[path]
		if imp == nil {
			return nil, fmt.Errorf("no metadata for %s", path)
		}
		if ip := imports[imp.ID]; ip != nil && ip.Types != nil && ip.Types.Complete() {
			return ip.Types, nil
		}
		if ip := imports[imp.ID]; ip != nil && len(ip.Errors) > 0 {
			return nil, errors.New(ip.Errors[0].Msg)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	})
	for _, imp := range pkg.Imports {
		if ip := imports[imp.ID]; ip != nil && ip.TypesSizes != nil {
			sizes = ip.TypesSizes
			break
		}
	}
	if sizes == nil {
		sizes = types.SizesFor("gc", runtime.GOARCH)
	}
	pkg.TypesSizes = sizes
	tc := &types.Config{
		Importer: importer,
		Sizes:    sizes,
		Error: func(err error) {
			var te types.Error
			if errors.As(err, &te) {
				pkg.Errors = append(pkg.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
				return
			}
			pkg.Errors = append(pkg.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		},
	}
	if pkg.Module != nil && pkg.Module.GoVersion != "" {
		tc.GoVersion = "go" + pkg.Module.GoVersion
	}
	before := len(pkg.Errors)
	err := types.NewChecker(tc, fset, pkg.Types, pkg.TypesInfo).Files(pkg.Syntax)
	if err != nil && len(pkg.Errors) == before {
		pkg.Errors = append(pkg.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
	}
	pkg.IllTyped = len(pkg.Errors) > 0
}

// parseFiles parses pkg's compiled files, several at a time, adding their
// syntax errors to pkg.Errors.
func parseFiles(pkg *packages.Package, fset *token.FileSet) []*ast.File {
	files := make([]*ast.File, len(pkg.CompiledGoFiles))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	limit := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, name := range pkg.CompiledGoFiles {
		wg.Add(1)
		limit <- struct{}{}
		go func() {
			defer func() { <-limit; wg.Done() }()
			src, err := os.ReadFile(name)
			if err != nil {
				errs[i] = err
				return
			}
			files[i], errs[i] = parser.ParseFile(fset, name, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
		}()
	}
	wg.Wait()
	var parsed []*ast.File
	for i, f := range files {
		var list scanner.ErrorList
		switch err := errs[i]; {
		case errors.As(err, &list):
			for _, e := range list {
				pkg.Errors = append(pkg.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		case err != nil:
			pkg.Errors = append(pkg.Errors, packages.Error{Pos: pkg.CompiledGoFiles[i] + ":1", Msg: err.Error(), Kind: packages.ParseError})
		}
		if f != nil {
			parsed = append(parsed, f)
		}
	}
	return parsed
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// parsePos parses the "file:line:col" of a packages.Error.
func parsePos(s string) token.Position {
	if s == "" || s == "-" {
		return token.Position{}
	}
	var p token.Position
	parts := strings.Split(s, ":")
	nums := []*int{&p.Column, &p.Line}
	for len(parts) > 1 && len(nums) > 0 {
		n, err := strconv.Atoi(parts[len(parts)-1])
		if err != nil {
			break
		}
		*nums[0] = n
		nums = nums[1:]
		parts = parts[:len(parts)-1]
	}
	if len(nums) == 1 { // only one number: it was the line
		p.Line, p.Column = p.Column, 0
	}
	p.Filename = strings.Join(parts, ":")
	return p
}

// importCycle places the go command's message for an import cycle through
// pkg, which has no position ("import cycle not allowed: import stack:
// [a b a]"), at pkg's import of the next package of the cycle, and says it
// in words: the cycle, and what to do. ok is false for any other message.
func importCycle(pkg *packages.Package, msg string) (pos token.Position, _ string, ok bool) {
	rest, ok := strings.CutPrefix(msg, "import cycle not allowed: import stack: [")
	if !ok {
		return pos, "", false
	}
	stack := strings.Fields(strings.TrimSuffix(rest, "]"))
	i := slices.Index(stack, pkg.PkgPath)
	if i < 0 || i+1 >= len(stack) {
		return pos, "", false
	}
	cycle := stack[i:]
	if j := slices.Index(cycle[1:], pkg.PkgPath); j >= 0 {
		cycle = cycle[:j+2]
	}
	for _, f := range pkg.Syntax {
		for _, imp := range f.Imports {
			if path, err := strconv.Unquote(imp.Path.Value); err == nil && path == cycle[1] {
				pos = pkg.Fset.Position(imp.Path.Pos())
				break
			}
		}
	}
	return pos, fmt.Sprintf("import cycle not allowed: %s; toolgen loads the package as the compiler does: break the cycle (move what both packages need into a third)", strings.Join(cycle, " imports ")), true
}

// importsCycle reports a package that imports one of an import cycle it
// is not in itself: the go command puts the cycle's error on the packages
// of the cycle alone, and the package would not build. The message is at
// the package's import of it.
func importsCycle(pkg *packages.Package) (Diagnostic, bool) {
	for _, path := range slices.Sorted(maps.Keys(pkg.Imports)) {
		imp := pkg.Imports[path]
		for _, e := range imp.Errors {
			if !strings.HasPrefix(e.Msg, "import cycle not allowed") {
				continue
			}
			_, msg, ok := importCycle(imp, e.Msg)
			if !ok {
				msg = e.Msg
			}
			var pos token.Position
			for _, f := range pkg.Syntax {
				for _, spec := range f.Imports {
					if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == path && !pos.IsValid() {
						pos = pkg.Fset.Position(spec.Path.Pos())
					}
				}
			}
			return Diagnostic{Pos: pos, Msg: fmt.Sprintf("%s, which this package imports, does not build: %s", path, msg)}, true
		}
	}
	return Diagnostic{}, false
}

// cgoOffMsg says why a file that uses cgo is left out of the build.
const cgoOffMsg = `the file uses cgo (import "C"), which is off here (CGO_ENABLED=0, or no C compiler), so the go command leaves it out of the package: run toolgen with cgo on (CGO_ENABLED=1 and a C compiler), as go build of the package needs`

// cgoOffFiles places the go command's message that no file of pkg is in
// the build ("build constraints exclude all Go files") at the import "C"
// of the first of its files that only cgo being off leaves out.
func cgoOffFiles(pkg *packages.Package, msg string) (token.Position, bool) {
	if !strings.HasPrefix(msg, "build constraints exclude all Go files") {
		return token.Position{}, false
	}
	for _, f := range pkg.IgnoredFiles {
		if pos, ok := cgoOff(f); ok {
			return pos, true
		}
	}
	return token.Position{}, false
}

// cgoOff returns the position of the import "C" of the Go file at path
// when cgo being off is what leaves the file out of the build: with cgo
// on, its build constraints and name would let it in.
func cgoOff(path string) (token.Position, bool) {
	if !strings.HasSuffix(path, ".go") {
		return token.Position{}, false
	}
	ctxt := build.Default
	if ctxt.CgoEnabled {
		return token.Position{}, false
	}
	ctxt.CgoEnabled = true
	if in, err := ctxt.MatchFile(filepath.Dir(path), filepath.Base(path)); err != nil || !in {
		return token.Position{}, false
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
	if err != nil {
		return token.Position{}, false
	}
	for _, imp := range f.Imports {
		if imp.Path.Value == `"C"` {
			return fset.Position(imp.Path.Pos()), true
		}
	}
	return token.Position{}, false
}

// importAdvice rewrites the type checker's message for an import that no
// module of the build provides, which says only that its package name is
// empty, into what the go command would say to do.
func importAdvice(msg string) string {
	path, ok := strings.CutPrefix(msg, "could not import ")
	if !ok {
		return msg
	}
	path, ok = strings.CutSuffix(path, ` (invalid package name: "")`)
	if !ok || strings.ContainsAny(path, " \t") {
		return msg
	}
	return fmt.Sprintf("could not import %s: no module of the build provides it; check the path, or add its module with go get", path)
}
