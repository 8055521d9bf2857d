package gen

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
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
func load(ctx context.Context, cfg Config) ([]*packages.Package, *build.Context, Diagnostics, error) {
	// The go command's build context is asked for while the packages
	// load: it is needed only after.
	type contextResult struct {
		bctx *build.Context
		err  error
	}
	contextDone := make(chan contextResult, 1)
	go func() {
		bctx, err := goContext(ctx, cfg.Dir, cfg.Env)
		contextDone <- contextResult{bctx, err}
	}()
	// The -tags that toolgen passes replaces the tags of GOFLAGS, which go
	// build of the package uses: they are passed again. Those of the
	// environment are known now; those that go env -w wrote, only from
	// the go command, and the load is made again if there are any.
	tags := slices.Concat([]string{BuildTag}, goflagsTags(cfg.Env), cfg.Tags)
	patterns := cfg.Patterns
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	var (
		fset    *token.FileSet
		pcfg    *packages.Config
		pkgs    []*packages.Package
		imports map[string]*packages.Package
		bctx    *build.Context
	)
	for {
		fset = token.NewFileSet()
		pcfg = &packages.Config{
			Context: ctx,
			Mode:    listMode,
			Dir:     cfg.Dir,
			Env:     cfg.Env,
			// -trimpath in GOFLAGS would give the export data of the
			// imports file names that cannot be opened, and so no doc
			// comments for their types: the output must not depend on it.
			BuildFlags: []string{"-tags=" + strings.Join(tags, ","), "-trimpath=false"},
			Fset:       fset,
		}
		var err error
		if pkgs, err = packages.Load(pcfg, patterns...); err != nil {
			return nil, nil, nil, goError(err)
		}
		if bctx == nil {
			// By now go list has answered too: only the listing is made
			// again, before anything is parsed.
			got := <-contextDone
			if got.err != nil {
				return nil, nil, nil, got.err
			}
			bctx = got.bctx
			if missing := slices.DeleteFunc(slices.Clone(bctx.BuildTags), func(t string) bool { return slices.Contains(tags, t) }); len(missing) > 0 {
				tags = slices.Concat(tags, missing)
				continue
			}
		}
		if err := parse(pcfg, pkgs); err != nil {
			return nil, nil, nil, err
		}
		if imports, err = loadImports(pcfg, pkgs); err != nil {
			return nil, nil, nil, err
		}
		break
	}
	bctx.BuildTags = tags
	sizes := buildSizes(bctx)
	for _, pkg := range pkgs {
		// A package no comment of which mentions tool: has no tools and
		// no directive toolgen would report; its types are none of
		// toolgen's business, and a mistake in them must not stop a
		// run over ./... (go vet's and go build's report it).
		if mentionsTools(pkg.Syntax) {
			check(pkg, fset, imports, sizes)
		}
	}
	var diags Diagnostics
	var good []*packages.Package
	ways := make(cycleWays)
	for _, pkg := range pkgs {
		bad := false
		// The type checker cannot import a package of a cycle, which the
		// go command left out: the cycle's own message says it all.
		cyclic := slices.ContainsFunc(pkg.Errors, isCycleError)
		for _, e := range pkg.Errors {
			if generatedNameMissing(e) || cyclic && strings.Contains(e.Msg, "(no metadata for ") {
				continue
			}
			pos, msg := parsePos(e.Pos), importAdvice(e.Msg)
			if !pos.IsValid() {
				if p, m, ok := importCycle(pkg, e.Msg); ok {
					pos, msg = p, m
				} else if p, ok := cgoOffFiles(bctx, pkg, e.Msg); ok {
					pos, msg = p, cgoOffMsg
				} else if p, m, ok := allExcluded(bctx, pkg, e.Msg); ok {
					pos, msg = p, m
				}
			}
			diags = append(diags, Diagnostic{Pos: pos, Msg: msg})
			bad = true
		}
		// A cycle further down is said even beside the package's other
		// mistakes, as go build says it: fixing those would not fix it.
		if !cyclic {
			if d, ok := ways.importsCycle(pkg); ok {
				diags = append(diags, d)
				bad = true
			}
		}
		if !bad {
			good = append(good, pkg)
		}
	}
	return good, bctx, diags, nil
}

// goError returns the error of a go command that go/packages ran as the
// go command said it ("go: go.mod file not found ..."), without what
// go/packages wraps around it ("err: exit status 1: stderr: ").
func goError(err error) error {
	msg := err.Error()
	if _, said, ok := strings.Cut(msg, "stderr: "); ok && strings.TrimSpace(said) != "" {
		return errors.New(strings.TrimSpace(said))
	}
	return err
}

// mentionsTools reports whether a comment of files mentions "tool:", as
// every directive, and every comment that looks meant as one, does.
func mentionsTools(files []*ast.File) bool {
	for _, f := range files {
		for _, g := range f.Comments {
			for _, c := range g.List {
				if strings.Contains(c.Text, "tool:") {
					return true
				}
			}
		}
	}
	return false
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
		// cgo runs only for a package with tools: one without is not
		// type-checked (see mentionsTools), and cgo's failures there are
		// go build's to report.
		if (usesCgo(pkg.Syntax) || usesSwig(pkg.OtherFiles)) && mentionsTools(pkg.Syntax) {
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
		return goError(err)
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
		return nil, goError(err)
	}
	for _, p := range loaded {
		imports[p.ID] = p
	}
	return imports, nil
}

// check type-checks pkg's parsed files, as go/packages would
// with NeedSyntax|NeedTypes|NeedTypesInfo (but recording only the
// definitions in TypesInfo, all toolgen reads), with the sizes of the
// build's architecture, adding what is wrong to pkg.Errors.
func check(pkg *packages.Package, fset *token.FileSet, imports map[string]*packages.Package, sizes types.Sizes) {
	pkg.Types = types.NewPackage(pkg.PkgPath, pkg.Name)
	pkg.TypesInfo = &types.Info{Defs: make(map[*ast.Ident]types.Object)}
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
	return importPos(pkg, cycle[1]), fmt.Sprintf("import cycle not allowed: %s; toolgen loads the package as the compiler does: break the cycle (move what both packages need into a third)", strings.Join(cycle, " imports ")), true
}

// importPos returns the position of pkg's first import of path, by file
// order, or of pkg's first package clause if no file imports it, so that a
// message about the import has a place.
func importPos(pkg *packages.Package, path string) token.Position {
	for _, f := range pkg.Syntax {
		for _, spec := range f.Imports {
			if p, err := strconv.Unquote(spec.Path.Value); err == nil && p == path {
				return pkg.Fset.Position(spec.Path.Pos())
			}
		}
	}
	if len(pkg.Syntax) > 0 {
		return pkg.Fset.Position(pkg.Syntax[0].Name.Pos())
	}
	return token.Position{}
}

// cycleWays holds what find learned of each package of a load's import
// graph: its import on the way to a package with an import cycle's error,
// the package itself if it has the error, or nil if its imports lead to
// none. Shared by the packages of a load, it has each package looked at
// once. The go command puts the error on the package of a cycle that it
// comes back to, so every cycle has one, and find, which stops there,
// never goes round a cycle.
type cycleWays map[*packages.Package]*packages.Package

// find returns the import of p on its way to a package with an import
// cycle's error, p itself if it has the error, or nil. A package reached
// again while it is looked at (in a cycle without the error, which the go
// command does not make) leads to none on that way, so find ends.
func (w cycleWays) find(p *packages.Package) *packages.Package {
	if next, ok := w[p]; ok {
		return next
	}
	w[p] = nil
	if slices.ContainsFunc(p.Errors, isCycleError) {
		w[p] = p
		return p
	}
	for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
		if imp := p.Imports[path]; w.find(imp) != nil {
			w[p] = imp
			return imp
		}
	}
	return nil
}

// isCycleError reports whether e is the go command's error for an import
// cycle.
func isCycleError(e packages.Error) bool {
	return strings.HasPrefix(e.Msg, "import cycle not allowed")
}

// importsCycle reports a package that imports, directly or through other
// packages, one of an import cycle it is not in itself: the go command
// puts the cycle's error on a package of the cycle alone, and the package
// would not build. The message is at the package's import that leads to
// the cycle, and names the packages on the way.
func (w cycleWays) importsCycle(pkg *packages.Package) (Diagnostic, bool) {
	for _, path := range slices.Sorted(maps.Keys(pkg.Imports)) {
		imp := pkg.Imports[path]
		if w.find(imp) == nil {
			continue
		}
		way := []string{imp.PkgPath}
		last := imp
		for w[last] != last {
			last = w[last]
			way = append(way, last.PkgPath)
		}
		e := last.Errors[slices.IndexFunc(last.Errors, isCycleError)]
		_, msg, ok := importCycle(last, e.Msg)
		if !ok {
			msg = e.Msg
		}
		if len(way) > 1 {
			msg = fmt.Sprintf("%s, and %s", strings.Join(way, " imports "), msg)
		}
		return Diagnostic{Pos: importPos(pkg, path), Msg: fmt.Sprintf("%s, which this package imports, does not build: %s", path, msg)}, true
	}
	return Diagnostic{}, false
}

// cgoOffMsg says why a file that uses cgo is left out of the build.
const cgoOffMsg = `the file uses cgo (import "C"), which is off here (CGO_ENABLED=0, or no C compiler), so the go command leaves it out of the package: run toolgen with cgo on (CGO_ENABLED=1 and a C compiler), as go build of the package needs`

// cgoOffFiles places the go command's message that no file of pkg is in
// the build ("build constraints exclude all Go files") at the import "C"
// of the first of its files that only cgo being off leaves out, in the
// build context ctxt of the load.
func cgoOffFiles(ctxt *build.Context, pkg *packages.Package, msg string) (token.Position, bool) {
	if !strings.HasPrefix(msg, "build constraints exclude all Go files") {
		return token.Position{}, false
	}
	for _, f := range pkg.IgnoredFiles {
		if pos, ok := cgoOff(ctxt, f); ok {
			return pos, true
		}
	}
	return token.Position{}, false
}

// allExcluded places the go command's message that no file of pkg is in
// the build, when cgo being off is not the reason, at the build constraint
// of the first of its files (not toolgen's own, which only toolgen's tag
// leaves out), and says with which tags, GOOS and GOARCH the package was
// loaded, and what to do.
func allExcluded(ctxt *build.Context, pkg *packages.Package, msg string) (token.Position, string, bool) {
	if !strings.HasPrefix(msg, "build constraints exclude all Go files") {
		return token.Position{}, "", false
	}
	i := slices.IndexFunc(pkg.IgnoredFiles, func(f string) bool { return strings.HasSuffix(f, ".go") && !isOwn(f) })
	if i < 0 {
		return token.Position{}, "", false
	}
	tags := "no build tags"
	if user := slices.DeleteFunc(slices.Clone(ctxt.BuildTags), func(t string) bool { return t == BuildTag }); len(user) > 0 {
		tags = "build tags " + strings.Join(user, ",")
	}
	return constraintPos(pkg.IgnoredFiles[i]), fmt.Sprintf("build constraints exclude all Go files of the package, with GOOS=%s, GOARCH=%s and %s: run toolgen with the build tags the package needs (-tags), or with the GOOS and GOARCH it is built for", ctxt.GOOS, ctxt.GOARCH, tags), true
}

// constraintPos returns the position of the //go:build line of the Go file
// at path, or of its start if it has none (its name says its GOOS or
// GOARCH).
func constraintPos(path string) token.Position {
	start := fileStart(path)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return start
	}
	for _, g := range f.Comments {
		for _, c := range g.List {
			if c.Pos() < f.Package && constraint.IsGoBuild(c.Text) {
				return fset.Position(c.Pos())
			}
		}
	}
	return start
}

// cgoOff returns the position of the import "C" of the Go file at path,
// which the go command left out of its package, when cgo being off is what
// left it out: with cgo on, the tags, GOOS and GOARCH of the load's build
// context ctxt (nil: go/build's default) would let it in.
func cgoOff(ctxt *build.Context, path string) (token.Position, bool) {
	if ctxt == nil {
		ctxt = &build.Default
	}
	if !strings.HasSuffix(path, ".go") || ctxt.CgoEnabled {
		return token.Position{}, false
	}
	on := *ctxt
	on.CgoEnabled = true
	if in, err := on.MatchFile(filepath.Dir(path), filepath.Base(path)); err != nil || !in {
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

// goflagsTags returns the build tags that GOFLAGS sets in env (nil: the
// process's environment), which toolgen's own -tags would otherwise
// replace: -tags=a,b, --tags=a,b, or the older space-separated form in
// quotes, which GOFLAGS cannot hold.
func goflagsTags(env []string) []string {
	goflags := os.Getenv("GOFLAGS")
	if env != nil {
		goflags = ""
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
				goflags = v // the last one counts, as for exec
			}
		}
	}
	var tags []string
	for _, f := range strings.Fields(goflags) {
		if !strings.HasPrefix(f, "-") {
			continue
		}
		if v, ok := strings.CutPrefix(strings.TrimLeft(f, "-"), "tags="); ok {
			tags = append(tags, strings.FieldsFunc(v, func(r rune) bool { return r == ',' })...)
		}
	}
	return tags
}

// contextFormat is what goContext asks go list for: the fields of the go
// command's build context that decide which files are in a package, one
// a line.
const contextFormat = `{{with context}}{{.GOOS}}
{{.GOARCH}}
{{.Compiler}}
{{.CgoEnabled}}
{{join .BuildTags ","}}
{{join .ToolTags ","}}
{{join .ReleaseTags ","}}{{end}}`

// goContext returns the go command's build context for a load in dir
// with env (nil: os.Environ), as go list reports it: the GOOS, GOARCH and
// compiler, whether cgo is on (not with CGO_ENABLED=0, nor by default
// without a C compiler), the build tags (those of GOFLAGS), and the tool
// and release tags. They come from env, from go env -w and from the go
// command itself, where go/build.Default, toolgen's own, reads toolgen's
// environment alone. It costs one go list of "unsafe", a few milliseconds.
func goContext(ctx context.Context, dir string, env []string) (*build.Context, error) {
	cmd := exec.CommandContext(ctx, "go", "list", "-e", "-f", contextFormat, "--", "unsafe")
	cmd.Dir, cmd.Env = dir, env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, bytes.TrimSpace(stderr.Bytes()))
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != 7 {
		return nil, fmt.Errorf("go list: unexpected build context %q", out)
	}
	list := func(s string) []string { return strings.FieldsFunc(s, func(r rune) bool { return r == ',' }) }
	return &build.Context{
		GOOS:        lines[0],
		GOARCH:      lines[1],
		Compiler:    lines[2],
		CgoEnabled:  lines[3] == "true",
		BuildTags:   list(lines[4]),
		ToolTags:    list(lines[5]),
		ReleaseTags: list(lines[6]),
	}, nil
}

// buildSizes returns the sizes of the types of ctxt's architecture, which
// decide, for one, whether a constant overflows an int.
func buildSizes(ctxt *build.Context) types.Sizes {
	if sizes := types.SizesFor(ctxt.Compiler, ctxt.GOARCH); sizes != nil {
		return sizes
	}
	return types.SizesFor("gc", runtime.GOARCH)
}

// importAdvice rewrites the type checker's message for an import that no
// module of the build provides, which says only that its package name is
// empty, into what the go command would say to do.
func importAdvice(msg string) string {
	if msg == "could not import C (no metadata for C)" {
		// cgo did not run: go list gave no files of its making.
		return "cgo could not process this package's C code, which toolgen needs to type-check it: is the C compiler installed (CC, or gcc)? go vet on the package says what failed"
	}
	if strings.Contains(msg, "does not contain modules listed in go.work") {
		// ./... at the root of a workspace whose modules are in
		// directories below it.
		return msg + ": run toolgen in a module's directory, or name the module's packages (./orders/..., or example.com/orders/...)"
	}
	path, ok := strings.CutPrefix(msg, "could not import ")
	if !ok {
		return msg
	}
	path, ok = strings.CutSuffix(path, ` (invalid package name: "")`)
	if !ok || strings.ContainsAny(path, " \t") {
		return msg
	}
	if first, _, _ := strings.Cut(path, "/"); !strings.Contains(first, ".") {
		// Not a path go get can fetch: the go command says it is not in
		// the standard library.
		return fmt.Sprintf("could not import %s: no package of the standard library or of a module of the build has this path; check the path", path)
	}
	return fmt.Sprintf("could not import %s: no module of the build provides it; check the path, or add its module with go get", path)
}
