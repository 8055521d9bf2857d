package gen

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// analyzer builds the model of one loaded package (the model stage). Its
// parts: signature.go reads function shapes, types.go maps Go types, tags.go
// reads struct tags.
type analyzer struct {
	*reporter
	pkg *packages.Package

	fieldDocs map[token.Pos]string // by field name position
	// fieldNames are the JSON names of the fields of the struct being
	// mapped, by Go name, for the comments of its fields (fieldWords).
	fieldNames map[string]string
	typeDocs   map[*types.TypeName]string // by type
	constDocs  map[*types.Const]string    // by constant
	deps       *depDocs                   // other packages' (depdocs.go)
	types      map[string]*Type           // named types, by qualified name
	// mapping are the named types that are not structs being mapped now:
	// one met again while its underlying type is mapped refers to itself
	// outside a struct (type M map[string]M).
	mapping map[*types.Named]bool
	enums   map[*types.TypeName][]EnumValue // const groups
	// flagTypes are the types whose constants are flags (see enumOf), by
	// their first constant, nil once the note of it is made.
	flagTypes map[*types.TypeName]*types.Const
	// consts are the constants of each package by type (see constsOf).
	consts map[*types.Package]map[*types.TypeName][]*types.Const
	// enumConsts are the JSON values of each package's enum constants, by
	// name, for descriptions that name them (see constWords).
	enumConsts map[*types.Package]map[string]string
	out        *Package

	// output is set while a result type is mapped (see resultType): types
	// are then what encoding/json writes, kept in outTypes.
	output   bool
	outTypes map[string]*Type
	// fileConstraints are the build constraints of the package's files,
	// and of the other files that declare what its tools read, by name.
	fileConstraints map[string]string
	// platformChecked are the declarations checkPlatform has looked at.
	platformChecked map[types.Object]bool
	// inForeign is set while the fields of another package's struct are
	// mapped.
	inForeign bool

	// site is where the user's code names the type being mapped: a
	// parameter, a result, or a field of the user's own code (see
	// fieldSite). A mistake found in a type the user cannot edit, in the
	// standard library or the module cache, is reported there (see
	// errorAt), and so is one of the field's own type (chan int).
	site site
	// fieldPath are the JSON names of the fields being mapped, from the
	// parameter or result, for messages (address.street).
	fieldPath []string
	// toolName is the name of the tool being analyzed, which its notes
	// start with.
	toolName string
	// foreignMistakes are the mistakes found in code the user cannot edit, as
	// errorAt reported them at sites; foreignBroken holds, for each named
	// type of such code with mistakes, the first of them, so that a
	// second site that brings the type in (its mapping then cached) is
	// reported too.
	foreignMistakes []string
	foreignBroken   map[string]string
}

// site is a place in the user's code that names a type being mapped.
type site struct {
	pos   token.Pos
	at    token.Position // where it is reported: pos, or a field's declaration
	name  string         // "parameter in (In)", "result", "field address.street"
	field bool           // a field, not a parameter or result
	diag  int            // the index of the first mistake reported there in diags, or -1
	more  int            // how many more there were
}

// at maps a type for the parameter or result at pos, named name, with
// mistakes in code the user cannot edit reported at pos.
func (a *analyzer) at(pos token.Pos, name string, mapType func() *Type) *Type {
	a.fieldPath = a.fieldPath[:0]
	return a.atSite(site{pos: pos, at: a.fset.Position(pos), name: name, diag: -1}, mapType)
}

// fieldSite maps the type of v, a field at a.fieldPath, with mapType. A
// field of the user's own code is the site of what its type brings in: a
// mistake there, or in its type (chan int, a struct without exported
// fields), is reported at the field, named by its path, not at the
// parameter or result, nor inside another module.
func (a *analyzer) fieldSite(v *types.Var, mapType func() *Type) *Type {
	if !a.site.pos.IsValid() || a.notEditable(a.fset.Position(v.Pos()).Filename) {
		return mapType()
	}
	return a.atSite(site{pos: v.Pos(), at: a.fieldDecl(v).pos, name: "field " + strings.Join(a.fieldPath, "."), field: true, diag: -1}, mapType)
}

// atSite maps a type with mapType for the site s, and then goes back to
// the site it was in.
func (a *analyzer) atSite(s site, mapType func() *Type) *Type {
	outer := a.site
	a.site = s
	defer func() {
		if a.site.more > 0 && a.siteFirst() {
			a.diags[a.site.diag].Msg += fmt.Sprintf(" (and %d more problems in its type)", a.site.more)
		}
		a.site = outer
	}()
	return mapType()
}

func (a *analyzer) errorf(pos token.Pos, format string, args ...any) {
	a.errorAt(a.fset.Position(pos), format, args...)
}

// embeddedPosition is where the embedded field v is. The export data of a
// package toolgen did not parse places an embedded field at column 1 of
// its line, where no field of a formatted struct starts: the column is
// then that of the line's first character that is not a space or tab, if
// the file can be read.
func (a *analyzer) embeddedPosition(v *types.Var) token.Position {
	pos := a.fset.Position(v.Pos())
	if pos.Column != 1 || pos.Filename == "" {
		return pos
	}
	src, err := os.ReadFile(pos.Filename)
	if err != nil {
		return pos
	}
	lines := bytes.SplitN(src, []byte("\n"), pos.Line+1)
	if len(lines) < pos.Line {
		return pos
	}
	line := lines[pos.Line-1]
	if i := len(line) - len(bytes.TrimLeft(line, " \t")); i < len(line) {
		pos.Column = i + 1
	}
	return pos
}

// errorAt reports a mistake at pos, or, when pos is in code the user
// cannot edit (a field of net/http.Request), at the parameter, result or
// field that brought its type in, with where it is: the user's code is what
// needs to change. A mistake at a field that is the site (its type is a
// chan) names the field.
func (a *analyzer) errorAt(pos token.Position, format string, args ...any) {
	switch msg := fmt.Sprintf(format, args...); {
	case a.site.pos.IsValid() && a.notEditable(pos.Filename):
		a.foreignError(fmt.Sprintf("%s (%s:%d)", msg, filepath.Base(pos.Filename), pos.Line))
	case a.site.field && pos == a.fset.Position(a.site.pos) && !strings.HasPrefix(msg, "field "):
		a.reporter.errorAt(a.site.at, "%s: %s", a.site.name, msg)
	default:
		a.reporter.errorAt(pos, "%s", msg)
	}
}

// toolPrefix starts a note about the tool being analyzed: "tool NAME: ".
func (a *analyzer) toolPrefix() string {
	if a.toolName == "" {
		return ""
	}
	return "tool " + a.toolName + ": "
}

// fieldPathName names the field being mapped by its JSON path.
func (a *analyzer) fieldPathName() string {
	return strings.Join(a.fieldPath, ".")
}

// toolNoteAt notes something at pos about the tool being analyzed: the
// note starts "tool NAME: ", then names the parameter, result or field
// whose type it is about, where pos is that site.
func (a *analyzer) toolNoteAt(pos token.Pos, format string, args ...any) {
	at, prefix := a.fset.Position(pos), a.toolPrefix()
	if pos == a.site.pos && a.site.name != "" {
		at, prefix = a.site.at, prefix+a.site.name+": "
	}
	a.noteAt(at, "%s%s", prefix, fmt.Sprintf(format, args...))
}

// foreignError reports msg, a mistake in code the user cannot edit, at the
// site, and keeps it for the next sites of its type (see foreignBroken).
func (a *analyzer) foreignError(msg string) {
	a.foreignMistakes = append(a.foreignMistakes, msg)
	a.siteError(msg)
}

// siteError reports msg, a mistake in code the user cannot edit, at the
// site that brought it in: the first such mistake there; the others are
// counted.
func (a *analyzer) siteError(msg string) {
	if a.siteFirst() {
		a.site.more++ // one message for the site is enough
		return
	}
	a.site.diag, a.site.more = len(a.diags), 0
	switch {
	case !a.site.field:
		msg += "; a tool's parameters and result are what the model reads and writes: pass anything else (a writer, a client, a database) through a method's receiver"
	case !strings.Contains(msg, `json:"-"`):
		msg += `; the model reads and writes a tool's arguments and result as JSON: give the field a type that has a JSON form, or leave it out with json:"-"`
	}
	a.reporter.errorAt(a.site.at, "%s: %s", a.site.name, msg)
}

// siteFirst reports whether the first mistake reported at the site is
// still among the diagnostics: selfDecoding drops those of a shape it
// only inferred, which may have held it.
func (a *analyzer) siteFirst() bool {
	return a.site.diag >= 0 && a.site.diag < len(a.diags) && a.diags[a.site.diag].Pos == a.site.at
}

// notEditable reports whether file lies outside the module of the package
// whose tools are generated.
func (a *analyzer) notEditable(file string) bool {
	m := a.pkg.Module
	if m == nil || m.Dir == "" || file == "" {
		return false
	}
	sep := string(filepath.Separator)
	// Vendored code is another module's, copied in.
	return !strings.HasPrefix(file, m.Dir+sep) || strings.HasPrefix(file, filepath.Join(m.Dir, "vendor")+sep)
}

// analyze returns the model of pkg's tools, or nil if it has none. Mistakes
// are reported to r.
func analyze(r *reporter, pkg *packages.Package, bctx *build.Context) *Package {
	a := &analyzer{
		reporter:      r,
		pkg:           pkg,
		fieldDocs:     make(map[token.Pos]string),
		typeDocs:      make(map[*types.TypeName]string),
		constDocs:     make(map[*types.Const]string),
		types:         make(map[string]*Type),
		foreignBroken: make(map[string]string),
		enums:         make(map[*types.TypeName][]EnumValue),
		flagTypes:     make(map[*types.TypeName]*types.Const),
		out:           &Package{Path: pkg.PkgPath, Name: pkg.Name, Types: pkg.Types},
	}
	if len(pkg.GoFiles) > 0 {
		a.out.Dir = dirOf(pkg.GoFiles[0])
	}
	a.excludedTools(bctx, a.out.Dir, pkg.IgnoredFiles)
	// The constraints of the package's own files, by their names, which
	// positions in the files that cgo writes for them give too.
	a.fileConstraints = make(map[string]string, len(pkg.GoFiles))
	for _, f := range pkg.GoFiles {
		a.fileConstraints[f] = fileConstraint(f)
	}
	a.out.Constraint = packageConstraint(a.fileConstraints, pkg.IgnoredFiles)
	type exported struct {
		fn   *ast.FuncDecl
		fd   *funcDirectives
		file *ast.File
	}
	var funcs []exported
	for _, file := range pkg.Syntax {
		a.readDocs(file)
		for fn, fd := range readDirectives(r, file) {
			funcs = append(funcs, exported{fn, fd, file})
		}
	}
	// By file name, then offset: token.Pos across files depends on the
	// order go/packages happened to parse them in.
	slices.SortFunc(funcs, func(x, y exported) int {
		px, py := a.fset.Position(x.fn.Pos()), a.fset.Position(y.fn.Pos())
		return cmp.Or(cmp.Compare(px.Filename, py.Filename), cmp.Compare(px.Offset, py.Offset))
	})
	names := make(map[string]token.Position)
	for _, e := range funcs {
		if c := a.fileConstraints[a.fset.Position(e.fn.Pos()).Filename]; c != "" && c != a.out.Constraint {
			a.errorAt(a.fset.Position(e.fd.export.pos), "tool %s is in a file with a build constraint (%s), so the generated file would hold it for some builds and not for others: move it to a file without one (a package whose files all have one constraint may have tools in any of them)", cmp.Or(e.fd.export.name, snakeCase(e.fn.Name.Name)), c)
			continue
		}
		t := a.tool(e.fn, e.fd)
		if t == nil {
			continue
		}
		if prev, dup := names[t.Name]; dup {
			a.errorAt(t.Pos, "duplicate tool name %q: the tool at %s has it too", t.Name, posRef(prev))
			continue
		}
		names[t.Name] = t.Pos
		a.out.Tools = append(a.out.Tools, t)
	}
	a.toolWords()
	if len(a.out.Tools) == 0 {
		return nil
	}
	if obj := pkg.Types.Scope().Lookup("Tools"); obj != nil {
		a.errorf(obj.Pos(), "package %s declares Tools, which toolgen generates: rename it", pkg.Name)
	}
	return a.out
}

// toolWords gives the tools' descriptions the names the model knows the
// package's tools by where they name one by its Go name ("Call ListPods
// first" → "Call list_pods first"), as renamedWord allows; a Go name that
// two tools (methods of two types) share stays.
func (a *analyzer) toolWords() {
	words := make(map[string]string)
	shared := make(map[string]bool)
	for _, t := range a.out.Tools {
		goName := t.Func.Name()
		if prev, ok := words[goName]; ok && prev != t.Name {
			shared[goName] = true
		}
		if renamedWord(goName, t.Name) {
			words[goName] = t.Name
		}
	}
	for name := range shared {
		delete(words, name)
	}
	for _, t := range a.out.Tools {
		t.Description = replaceWords(t.Description, words)
	}
}

// readDocs records the doc comments of the file's struct fields, types and
// constants: toolgen's descriptions, which reflection cannot see.
func (a *analyzer) readDocs(file *ast.File) {
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			switch spec := spec.(type) {
			case *ast.TypeSpec:
				doc := spec.Doc
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				if tn, ok := a.pkg.TypesInfo.Defs[spec.Name].(*types.TypeName); ok {
					a.typeDocs[tn] = docText(doc)
				}
			case *ast.ValueSpec:
				doc := spec.Doc
				if doc == nil {
					doc = spec.Comment
				}
				if doc == nil && len(gd.Specs) == 1 {
					doc = gd.Doc
				}
				for _, name := range spec.Names {
					if c, ok := a.pkg.TypesInfo.Defs[name].(*types.Const); ok {
						a.constDocs[c] = docText(doc)
					}
				}
			}
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		st, ok := n.(*ast.StructType)
		if !ok {
			return true
		}
		for _, f := range st.Fields.List {
			doc := f.Doc
			if doc == nil {
				doc = f.Comment
			}
			text := docText(doc)
			for _, name := range f.Names {
				a.fieldDocs[name.Pos()] = text
			}
			if len(f.Names) == 0 {
				a.fieldDocs[f.Type.Pos()] = text
			}
		}
		return true
	})
}
