package gen

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

// TestInvopopVersion: the module requires invopop/jsonschema v0.13.0, the
// oldest version gen builds with, not a newer one. A program that imports
// the runtime has toolgen's requirements in its module graph, so a newer
// requirement here would raise every user's invopop: genkit v1.4 (its
// dotprompt package spells v0.13's ordered map) then fails to build in a
// module that also requires toolgen. gen spells no ordered-map package
// (jsonschema.NewProperties makes its property maps), so it builds with
// v0.13 and v0.14 alike, whichever a user's other dependencies select.
func TestInvopopVersion(t *testing.T) {
	data, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	mf, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range mf.Require {
		if r.Mod.Path == "github.com/invopop/jsonschema" {
			found = true
			if r.Mod.Version != "v0.13.0" {
				t.Errorf("go.mod requires invopop/jsonschema %s; want v0.13.0, which genkit v1.4 builds with", r.Mod.Version)
			}
		}
	}
	if !found {
		t.Error("go.mod does not require invopop/jsonschema")
	}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if strings.Contains(path, "ordered-map") {
				t.Errorf("%s imports %s: invopop v0.13 and v0.14 use different ordered maps; make property maps with jsonschema.NewProperties", name, path)
			}
		}
	}
}
