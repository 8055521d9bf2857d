package gen

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/packages"
)

// FuzzGenerate feeds the model, schema and emit stages a tool whose
// argument field has an arbitrary type, tags and directive, type-checked
// in memory. Whatever the input, generation must not panic, every mistake
// must carry a position, and a generated file must be valid Go.
func FuzzGenerate(f *testing.F) {
	f.Add(uint8(0), uint8(0), `json:"a" jsonschema:"minLength=1,maxLength=80"`, "")
	f.Add(uint8(1), uint8(0), `json:"n,omitempty" jsonschema:"minimum=1,maximum=14,default=3"`, "timeout=5s group=x")
	f.Add(uint8(2), uint8(0), `json:"f" jsonschema:"enum=1.5,enum=2,multipleOf=0.5"`, "name cache=1m confirm")
	f.Add(uint8(3), uint8(0), `json:"s" jsonschema:"minItems=1,uniqueItems,default=a;b"`, "retries=2 omit=gemini")
	f.Add(uint8(4), uint8(0), `json:"m" jsonschema_extras:"x-a=1"`, "lenient")
	f.Add(uint8(5), uint8(0), `json:"p,string" jsonschema:"nullable,oneof_required=a"`, "bad=1")
	f.Add(uint8(6), uint8(0), `json:"r" jsonschema:"pattern=^[a-z]+$,format=email,example=x"`, "")
	f.Add(uint8(7), uint8(0), `json:"-"`, "timeout=nope")
	f.Add(uint8(3), uint8(9), `json:"x"`, "")
	f.Add(uint8(4), uint8(15), `json:"y" jsonschema:"minimum=0"`, "")
	f.Add(uint8(1), uint8(0x16), `json:"z"`, "confirm")
	// Type-check the packages generated code imports (from source, slow)
	// before fuzzing: the fuzzer gives each input 10 seconds, and on a
	// loaded machine the first input's type check took longer.
	imp := sourceImporter()
	for _, path := range []string{"context", "encoding/json", "iter", "strconv", "time", "github.com/toolgen-go/toolgen/runtime", "github.com/toolgen-go/toolgen/runtime/toolimpl"} {
		if _, err := imp.Import(path); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, kind, shape uint8, tag, options string) {
		if strings.ContainsAny(options, "\n\r") {
			return
		}
		// kind picks the field's type; shape's low bits the result's
		// type, its fourth bit makes the field a plain parameter, and its
		// fifth makes the tool streamable.
		fieldType := fuzzFieldTypes[int(kind)%len(fuzzFieldTypes)]
		outType := fuzzOutTypes[int(shape&0x7)%len(fuzzOutTypes)]
		fn := "func Use(in In) (" + outType + ", error) { var out " + outType + "; return out, nil }\n"
		if shape&0x8 != 0 {
			fn = "func Use(f " + fieldType + ", g int) (" + outType + ", error) { var out " + outType + "; return out, nil }\n"
		}
		if shape&0x10 != 0 {
			fn = "func Use(in In) iter.Seq2[" + outType + ", error] { return nil }\n"
		}
		src := "package p\n\nimport (\n\t\"encoding/json\"\n\t\"iter\"\n\t\"time\"\n\n\t\"github.com/toolgen-go/toolgen/runtime\"\n)\n\n" +
			"var _ json.RawMessage\n\nvar _ time.Time\n\nvar _ iter.Seq[int]\n\nvar _ runtime.Content\n\n" +
			"type E string\n\nconst (\n\tA E = \"a\"\n\tB E = \"b\"\n)\n\n" +
			"// In is the arguments.\ntype In struct {\n\t// F is a field.\n\tF " + fieldType + " " + strconv.Quote(tag) + "\n\tG int `json:\"g,omitempty\"`\n}\n\n" +
			"// Use uses In.\n//\n//tool:export " + options + "\n" + fn
		pkg, ok := checkSource(src)
		if !ok {
			return // not Go (a tag a raw string cannot hold, say)
		}
		file, diags := generate(pkg, DefaultOutput, nil)
		for _, d := range diags {
			if !d.Pos.IsValid() {
				t.Fatalf("a mistake without a position: %s\n%s", d.Msg, src)
			}
		}
		if len(diags) == 0 {
			if err := checkGenerated(src, file.Content); err != nil {
				t.Fatalf("generated file does not compile: %v\n%s\n%s", err, src, file.Content)
			}
		}
	})
}

var fuzzOutTypes = []string{
	"string", "int", "[]E", "map[string]any", "*In", "struct{ A float64 `json:\"a,omitempty\"` }", "runtime.Content", "any",
}

var fuzzFieldTypes = []string{
	"string", "int", "float64", "[]string", "map[string]int", "*int", "E", "[]E",
	"bool", "uint8", "[3]int", "any", "[]byte", "*In", "struct{ X int }", "map[string][]E",
	"json.RawMessage", "time.Time", "time.Duration", "[]*In", "*E", "map[string]*In",
	"struct{ X int `json:\"x\" jsonschema:\"minimum=1,default=2\"`; Y []E }", "[]struct{ A string `json:\",omitempty\"` }",
}

// sourceImporter type-checks the packages generated code imports (the
// runtime, the standard library) from source, once for all runs.
var sourceImporter = sync.OnceValue(func() types.Importer {
	return importer.ForCompiler(token.NewFileSet(), "source", nil)
})

// checkGenerated type-checks the generated file with the package's source.
func checkGenerated(src string, generated []byte) error {
	fset := token.NewFileSet()
	var files []*ast.File
	for name, text := range map[string][]byte{"p.go": []byte(src), "tools_gen.go": generated} {
		f, err := parser.ParseFile(fset, name, text, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, f)
	}
	conf := types.Config{Importer: sourceImporter()}
	_, err := conf.Check("example.com/p", fset, files, nil)
	return err
}

// checkSource parses and type-checks one file of package p, which imports
// nothing, as packages.Load would give it.
func checkSource(src string) (*packages.Package, bool) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "/fuzz/p/p.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
	}
	tpkg, err := (&types.Config{Importer: sourceImporter()}).Check("example.com/p", fset, []*ast.File{file}, info)
	if err != nil {
		return nil, false
	}
	return &packages.Package{
		ID: "example.com/p", Name: "p", PkgPath: "example.com/p",
		GoFiles: []string{"/fuzz/p/p.go"}, CompiledGoFiles: []string{"/fuzz/p/p.go"},
		Fset: fset, Syntax: []*ast.File{file}, Types: tpkg, TypesInfo: info,
	}, true
}
