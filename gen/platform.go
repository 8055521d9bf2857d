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
	"strings"
)

// Tools where the generated file cannot follow them. toolgen writes one
// file for the package, for every platform and build tag; a tool in a file
// that only some builds compile (a //go:build line, a _linux.go name)
// would be in the generated file for some and missing for others, and a
// tool in a _test.go file is never in a build.

// buildConstraint returns the build constraint of a file of the package,
// its //go:build expression and the OS or architecture its name says, or
// "" if it has none.
func buildConstraint(file *ast.File, filename string) string {
	name := nameConstraint(filename)
	for _, g := range file.Comments {
		if g.Pos() >= file.Package {
			break
		}
		for _, c := range g.List {
			if constraint.IsGoBuild(c.Text) {
				if expr, err := constraint.Parse(c.Text); err == nil {
					if name != "" {
						n, _ := constraint.Parse("//go:build " + name)
						expr = &constraint.AndExpr{X: expr, Y: n}
					}
					return expr.String()
				}
			}
		}
	}
	return name
}

// packageConstraint returns the build constraint that every file of pkg
// has, if they all have the same one (a package for Linux only, all of
// its files _linux.go): its tools and types are then the package's own on
// every platform it has, and the generated file carries the constraint
// too. It is "" if any file has none, or another.
func packageConstraint(files []*ast.File, fset *token.FileSet) string {
	common := ""
	for i, f := range files {
		c := buildConstraint(f, fset.Position(f.Package).Filename)
		if c == "" || goVersionOnly(c) || i > 0 && c != common {
			return ""
		}
		common = c
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
				case buildConstraint(file, f) == "ignore":
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
