package gen

import (
	"bytes"
	"go/ast"
	"go/build"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Tools where the generated file cannot follow them. toolgen writes one
// file for the package, for every platform and build tag; a tool in a file
// that only some builds compile (a //go:build line, a _linux.go name)
// would be in the generated file for some and missing for others, and a
// tool in a _test.go file is never in a build.

// buildConstraint returns the build constraint of a Go file in a
// canonical form: the conjuncts of its //go:build expression (or its
// // +build lines) and of the OS and architecture its name says, without
// those on Go versions (every toolchain that builds the generated file
// meets them), sorted, each once, joined by " && "; "" if it has none. So
// //go:build linux and x_linux.go say the same, as do "amd64 && linux",
// "linux && amd64" and "linux && linux".
func buildConstraint(file *ast.File, filename string) string {
	var exprs []constraint.Expr
	var plus []constraint.Expr
	for _, g := range file.Comments {
		if g.Pos() >= file.Package {
			break
		}
		for _, c := range g.List {
			switch {
			case constraint.IsGoBuild(c.Text):
				if expr, err := constraint.Parse(c.Text); err == nil {
					exprs = append(exprs, expr)
				}
			case constraint.IsPlusBuild(c.Text):
				if expr, err := constraint.Parse(c.Text); err == nil {
					plus = append(plus, expr)
				}
			}
		}
	}
	if len(exprs) == 0 {
		exprs = plus // //go:build wins where a file has both
	}
	if name := nameConstraint(filename); name != "" {
		if expr, err := constraint.Parse("//go:build " + name); err == nil {
			exprs = append(exprs, expr)
		}
	}
	var parts []string
	var walk func(constraint.Expr)
	walk = func(e constraint.Expr) {
		switch e := e.(type) {
		case *constraint.AndExpr:
			walk(e.X)
			walk(e.Y)
		case *constraint.TagExpr:
			if !strings.HasPrefix(e.Tag, "go1.") {
				parts = append(parts, e.Tag)
			}
		default:
			if s := e.String(); !goVersionOnly(s) {
				parts = append(parts, "("+s+")")
			}
		}
	}
	for _, e := range exprs {
		walk(e)
	}
	slices.Sort(parts)
	if parts = slices.Compact(parts); len(parts) == 1 {
		return strings.TrimSuffix(strings.TrimPrefix(parts[0], "("), ")") // "experimental || linux"
	}
	return strings.Join(parts, " && ")
}

// fileConstraint returns the build constraint of the Go file at path (see
// buildConstraint), reading only its header; "" if it cannot be read.
func fileConstraint(path string) string {
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.PackageClauseOnly|parser.ParseComments)
	if file == nil || err != nil {
		return ""
	}
	return buildConstraint(file, path)
}

// inNoBuild reports whether a constraint needs the tag ignore, as files
// kept out of every build (generators run by go run) do.
func inNoBuild(c string) bool {
	return slices.Contains(strings.Split(c, " && "), "ignore")
}

// packageConstraint returns the build constraint that every Go file of the
// package in dir has, if they all have the same one (a package for Linux
// only, all of its files _linux.go): its tools and types are then the
// package's own on every platform it has, and the generated file carries
// the constraint too. The files are those of this build (files, with the
// constraint of each) and those it leaves out (ignored): a file for
// another platform, or one that cgo being off leaves out, means the
// package is built elsewhere without those tools. It is "" if any file
// has none, or another; test files, files in no build and toolgen's own
// do not count.
func packageConstraint(files map[string]string, ignored []string) string {
	common, first := "", true
	for _, c := range files {
		if c == "" || !first && c != common {
			return ""
		}
		common, first = c, false
	}
	if common == "" {
		return ""
	}
	for _, f := range ignored {
		if !strings.HasSuffix(f, ".go") || strings.HasSuffix(f, "_test.go") || isOwn(f) {
			continue
		}
		if c := fileConstraint(f); !inNoBuild(c) && c != common {
			return ""
		}
	}
	return common
}

// generatedConstraint is the //go:build line of the generated file: it is
// left out of toolgen's own loads, and built only where the package is.
func generatedConstraint(pkg string) string {
	line := "//go:build !" + BuildTag
	if pkg == "" {
		return line
	}
	expr, err := constraint.Parse("//go:build " + pkg)
	if err != nil {
		return line
	}
	return "//go:build " + (&constraint.AndExpr{X: expr, Y: &constraint.NotExpr{X: &constraint.TagExpr{Tag: BuildTag}}}).String()
}

// nameConstraint returns the GOOS or GOARCH a file's name restricts it to
// (x_linux.go, x_windows_amd64.go), or "".
func nameConstraint(filename string) string {
	name := strings.TrimSuffix(filepath.Base(filename), ".go")
	name = strings.TrimSuffix(name, "_test")
	parts := strings.Split(name, "_")
	if len(parts) < 2 {
		return ""
	}
	last := parts[len(parts)-1]
	if knownArch[last] {
		if len(parts) >= 3 && knownOS[parts[len(parts)-2]] {
			return parts[len(parts)-2] + " && " + last
		}
		return last
	}
	if knownOS[last] {
		return last
	}
	return ""
}

// excludedTools reports the //tool:export lines in the files of the
// package that this build leaves out: its _test.go files, and the files
// that its build constraints exclude (ignored) in the load's build context
// bctx. Their tools would never be generated, without a word.
func (a *analyzer) excludedTools(bctx *build.Context, dir string, ignored []string) {
	tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, f := range append(ignored, tests...) {
		if !strings.HasSuffix(f, ".go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil || !bytes.Contains(data, []byte("//tool:export")) {
			continue
		}
		if cgo, ok := cgoOff(bctx, f); ok {
			// Its tools are left out with it, by cgo being off.
			a.reporter.errorAt(cgo, "%s", cgoOffMsg)
			continue
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, f, data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue // not ours to report: the build leaves it out
		}
		for _, decl := range file.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Doc == nil {
				continue
			}
			for _, c := range fn.Doc.List {
				if !strings.HasPrefix(c.Text, "//tool:export") {
					continue
				}
				pos := fset.Position(c.Pos())
				switch {
				case strings.HasSuffix(f, "_test.go"):
					a.reporter.errorAt(pos, "a tool in a _test.go file is built only with the package's tests, so toolgen does not generate it: move the function to a file that is not a test, or remove the directive")
				case inNoBuild(buildConstraint(file, f)):
					a.reporter.errorAt(pos, "%s is in no build (//go:build ignore), so toolgen does not generate its tools: move them to a file of the package, or remove the directive", filepath.Base(f))
				default:
					a.reporter.errorAt(pos, "%s is left out of this build by its build constraint, so its tools would be generated on some platforms and not on others: move them to a file without a build constraint", filepath.Base(f))
				}
			}
		}
	}
}

var knownOS = setOf("aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos")

var knownArch = setOf("386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle", "mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x", "sparc", "sparc64", "wasm")

// goVersionOnly reports whether a constraint only names Go versions
// (go1.23), which every toolchain that builds the generated file meets.
func goVersionOnly(expr string) bool {
	for _, f := range strings.FieldsFunc(expr, func(r rune) bool { return strings.ContainsRune("!()&| ", r) }) {
		if !strings.HasPrefix(f, "go1.") {
			return false
		}
	}
	return true
}
