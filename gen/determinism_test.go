package gen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDeterminism generates a package of 100 tools in 10 files, whose
// names sort in another order than the one they are written in, with types
// shared across files, enums and recursive types, under GOMAXPROCS 1, 2
// and 8, and requires the same bytes each time; then toolgen -check must
// find the written file up to date.
func TestDeterminism(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a package with the go command")
	}
	dir := t.TempDir()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", fmt.Sprintf("module example.com/determinism\n\ngo 1.26\n\nreplace github.com/toolgen-go/toolgen => %s\n", filepath.ToSlash(root)))
	// Written in this order; lexical order is different, and the types the
	// tools share are in the file written last.
	names := []string{"zeta.go", "alpha.go", "mid_b.go", "mid_a.go", "omega.go", "beta.go", "x9.go", "x10.go", "Upper.go", "aa.go"}
	for i, name := range names {
		var b strings.Builder
		fmt.Fprintf(&b, "package determinism\n\nimport \"context\"\n\n")
		for j := range 10 {
			n := i*10 + j
			fmt.Fprintf(&b, "// In%d is the input of tool %d.\ntype In%d struct {\n", n, n, n)
			fmt.Fprintf(&b, "\tName string `json:\"name\" jsonschema:\"the name, e.g. a%d (or b=%d)\"`\n", n, n)
			fmt.Fprintf(&b, "\tUnit Unit `json:\"unit,omitempty\"`\n")
			fmt.Fprintf(&b, "\tShared *Shared `json:\"shared,omitempty\"`\n")
			switch n % 4 {
			case 0:
				fmt.Fprintf(&b, "\tTree *Node `json:\"tree,omitempty\"`\n")
			case 1:
				fmt.Fprintf(&b, "\tLevel Level `json:\"level\"`\n\tCount int%d `json:\"count,omitempty\" jsonschema:\"minimum=1,maximum=%d\"`\n", []int{8, 16, 32, 64}[n%4], 100+n)
			case 2:
				fmt.Fprintf(&b, "\tList []Shared `json:\"list\" jsonschema:\"maxItems=%d\"`\n\tMeta map[string]string `json:\"meta,omitempty\"`\n", 1+n%7)
			case 3:
				fmt.Fprintf(&b, "\tExpr *Expr `json:\"expr,omitempty\"`\n\tNested struct {\n\t\tA []Unit `json:\"a\"`\n\t} `json:\"nested\"`\n")
			}
			fmt.Fprintf(&b, "}\n\n")
			fmt.Fprintf(&b, "// Tool%d does thing number %d.\n//\n//tool:export\nfunc Tool%d(ctx context.Context, in In%d) (In%d, error) { return in, nil }\n\n", n, n, n, n, n)
		}
		if name == "aa.go" {
			b.WriteString(sharedTypes)
		}
		write(name, b.String())
	}

	var first []byte
	for _, procs := range []int{1, 2, 8} {
		prev := runtime.GOMAXPROCS(procs)
		files, err := Generate(context.Background(), Config{Dir: dir})
		runtime.GOMAXPROCS(prev)
		if err != nil {
			t.Fatalf("GOMAXPROCS=%d: %v", procs, err)
		}
		if len(files) != 1 || files[0].Tools != 100 {
			t.Fatalf("GOMAXPROCS=%d: %d files, want 1 with 100 tools", procs, len(files))
		}
		if first == nil {
			first = files[0].Content
			if err := os.WriteFile(files[0].Path, first, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if !bytes.Equal(first, files[0].Content) {
			t.Fatalf("GOMAXPROCS=%d: the output differs from GOMAXPROCS=1:\n%s", procs,
				unifiedDiff("1", fmt.Sprint(procs), string(first), string(files[0].Content)))
		}
	}
	for i := range 10 {
		if !bytes.Contains(first, []byte(fmt.Sprintf("tool%d", i*10))) {
			t.Fatalf("the generated file lacks tool %d", i*10)
		}
	}

	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if code := Main(context.Background(), []string{"-check"}, &stdout, &stderr); code != ExitOK {
		t.Fatalf("toolgen -check exited %d:\n%s%s", code, stderr.String(), stdout.String())
	}
}

const sharedTypes = `
// Unit is a unit of measure.
type Unit string

const (
	// Metre is the SI unit of length.
	Metre Unit = "m"
	// Foot is the imperial one.
	Foot Unit = "ft"
	Inch Unit = "in"
)

// Level is a severity.
type Level int

const (
	Low Level = iota + 1
	Mid
	High
)

// Shared is used by tools in every file.
type Shared struct {
	ID   string   ` + "`json:\"id\"`" + `
	Tags []string ` + "`json:\"tags,omitempty\"`" + `
}

// Node is a tree.
type Node struct {
	Value    string  ` + "`json:\"value\"`" + `
	Children []*Node ` + "`json:\"children,omitempty\"`" + `
}

// Expr is an expression: a number, or an operation on two expressions.
type Expr struct {
	Op    string  ` + "`json:\"op,omitempty\" jsonschema:\"enum=add,enum=mul\"`" + `
	Left  *Expr   ` + "`json:\"left,omitempty\"`" + `
	Right *Expr   ` + "`json:\"right,omitempty\"`" + `
	Value float64 ` + "`json:\"value,omitempty\"`" + `
}
`
