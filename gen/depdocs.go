package gen

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
)

// Doc comments of objects declared in other packages. toolgen loads only
// the named packages' syntax; the types of their imports come from export
// data, which keeps an object's file and line but no comments (and no
// column). So when a tool uses a type, field or constant of another
// package, the file that declares it is parsed, once per analyzer, and its
// comments are matched to the object by name and line. Only the files of
// objects the tools reach are read.

// depDocs holds the comments read from other packages' files.
type depDocs struct {
	fset  *token.FileSet      // of the files parsed here
	files map[string]*docFile // by file name; nil when unreadable
}

// docFile is what one file declares, by name and line.
type docFile struct {
	types  map[nameLine]string
	tpos   map[nameLine]token.Position // of the types, with their column
	consts map[nameLine]string
	fields map[nameLine]fieldDecl
}

type nameLine struct {
	name string
	line int
}

// fieldDecl is a struct field's doc comment and real position.
type fieldDecl struct {
	doc string
	pos token.Position
}

// foreign reports whether obj was declared outside the analyzed package,
// so that its comments and column are not in the loaded syntax.
func (a *analyzer) foreign(obj types.Object) bool {
	return obj.Pkg() != nil && obj.Pkg() != a.pkg.Types
}

// declFile returns the parsed declarations of the file that declares obj,
// and obj's line in it, or nil.
func (a *analyzer) declFile(obj types.Object) (*docFile, int) {
	pos := a.fset.Position(obj.Pos())
	if pos.Filename == "" || pos.Line == 0 {
		return nil, 0
	}
	if a.deps == nil {
		a.deps = &depDocs{fset: token.NewFileSet(), files: make(map[string]*docFile)}
	}
	f, seen := a.deps.files[pos.Filename]
	if !seen {
		f = a.deps.parse(pos.Filename)
		a.deps.files[pos.Filename] = f
	}
	return f, pos.Line
}

// parse reads the doc comments of one file. A file that cannot be read
// (export data from a build elsewhere) gives no comments, not an error:
// the descriptions are then only missing, which the quality notes say.
func (d *depDocs) parse(filename string) *docFile {
	file, err := parser.ParseFile(d.fset, filename, nil, parser.ParseComments|parser.SkipObjectResolution)
	if file == nil || err != nil && len(file.Decls) == 0 {
		return nil
	}
	f := &docFile{
		types:  make(map[nameLine]string),
		tpos:   make(map[nameLine]token.Position),
		consts: make(map[nameLine]string),
		fields: make(map[nameLine]fieldDecl),
	}
	key := func(id *ast.Ident) nameLine {
		return nameLine{id.Name, d.fset.Position(id.Pos()).Line}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			// The same rules as readDocs.
			for _, spec := range n.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					doc := spec.Doc
					if doc == nil && len(n.Specs) == 1 {
						doc = n.Doc
					}
					f.types[key(spec.Name)] = docText(doc)
					f.tpos[key(spec.Name)] = d.fset.Position(spec.Name.Pos())
				case *ast.ValueSpec:
					if n.Tok != token.CONST {
						continue
					}
					doc := spec.Doc
					if doc == nil {
						doc = spec.Comment
					}
					if doc == nil && len(n.Specs) == 1 {
						doc = n.Doc
					}
					for _, name := range spec.Names {
						f.consts[key(name)] = docText(doc)
					}
				}
			}
		case *ast.StructType:
			for _, field := range n.Fields.List {
				doc := field.Doc
				if doc == nil {
					doc = field.Comment
				}
				names := field.Names
				if len(names) == 0 {
					if id := embeddedName(field.Type); id != nil {
						names = []*ast.Ident{id}
					}
				}
				for _, name := range names {
					k := key(name)
					if _, dup := f.fields[k]; !dup {
						f.fields[k] = fieldDecl{doc: docText(doc), pos: d.fset.Position(name.Pos())}
					}
				}
			}
		}
		return true
	})
	return f
}

// embeddedName returns the type name of an embedded field (T, *T, p.T,
// T[X]), which go/types takes as the field's name and position.
func embeddedName(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.StarExpr:
			e = x.X
		case *ast.SelectorExpr:
			return x.Sel
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// typeDoc returns the doc comment of a named type.
func (a *analyzer) typeDoc(tn *types.TypeName) string {
	if !a.foreign(tn) {
		return a.typeDocs[tn]
	}
	if f, line := a.declFile(tn); f != nil {
		return f.types[nameLine{tn.Name(), line}]
	}
	return ""
}

// typePos returns the position of a named type's declaration: for a type
// of another package, in its file with the column, which export data
// lacks.
func (a *analyzer) typePos(tn *types.TypeName) token.Position {
	if a.foreign(tn) {
		if f, line := a.declFile(tn); f != nil {
			if p, ok := f.tpos[nameLine{tn.Name(), line}]; ok {
				return p
			}
		}
	}
	return a.fset.Position(tn.Pos())
}

// constDoc returns the doc comment of an enum constant.
func (a *analyzer) constDoc(c *types.Const) string {
	if !a.foreign(c) {
		return a.constDocs[c]
	}
	if f, line := a.declFile(c); f != nil {
		return f.consts[nameLine{c.Name(), line}]
	}
	return ""
}

// fieldDecl returns the doc comment and the position of a struct field:
// for a field of another package, the position in its file with the
// column, which export data lacks.
func (a *analyzer) fieldDecl(v *types.Var) fieldDecl {
	if a.foreign(v) {
		if f, line := a.declFile(v); f != nil {
			if d, ok := f.fields[nameLine{v.Name(), line}]; ok {
				return d
			}
		}
	}
	return fieldDecl{doc: a.fieldDocs[v.Pos()], pos: a.fset.Position(v.Pos())}
}
