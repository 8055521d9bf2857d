// Command synth writes a synthetic package of N tools, for measuring how
// toolgen and its generated code scale with the number of tools.
//
// Each tool has its own input struct of five fields (a bounded string, an
// integer with a default, an enum of three string constants, a nested
// struct, a slice of strings), its own enum type and nested struct, doc
// comments on everything (each naming its tool's set, so that no two tools
// share a description), and a small struct result. The tools are spread
// over files of at most 50 tools. The package is the root of a new module,
// which uses toolgen through a replace directive, so that toolgen and go
// vet can run in it as a user would.
//
// Usage: go run ./synth -n 1000 -o DIR [-repo PATH]
//
// DIR is created (it must not exist, or be empty). PATH is the toolgen
// repository, by default the parent of this module's directory.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
)

// perFile is the number of tools in each source file.
const perFile = 50

func main() {
	log.SetFlags(0)
	log.SetPrefix("synth: ")
	n := flag.Int("n", 100, "number of tools")
	out := flag.String("o", "", "directory to write the module to (must not exist or be empty)")
	repo := flag.String("repo", "", "path of the toolgen repository (default: the parent of the current module)")
	flag.Parse()
	if *out == "" || *n < 1 || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	root := *repo
	if root == "" {
		root = ".."
	}
	root, err := filepath.Abs(root)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "runtime", "toolimpl")); err != nil {
		log.Fatalf("%s is not the toolgen repository (use -repo): %v", root, err)
	}
	if err := write(*out, root, *n); err != nil {
		log.Fatal(err)
	}
}

// write writes the module of n tools to dir, with toolgen replaced by the
// repository at root.
func write(dir, root string, n int) error {
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		return fmt.Errorf("%s is not empty", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	gomod := fmt.Sprintf("module example.com/synth\n\ngo 1.26.0\n\nrequire github.com/toolgen-go/toolgen v0.0.0-00010101000000-000000000000\n\nreplace github.com/toolgen-go/toolgen => %s\n", root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	// The repository's go.sum covers what toolgen's go.mod requires.
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return err
	}
	for first := 0; first < n; first += perFile {
		last := min(first+perFile, n)
		src, err := file(first, last, n)
		if err != nil {
			return err
		}
		name := filepath.Join(dir, fmt.Sprintf("tools%04d.go", first/perFile))
		if err := os.WriteFile(name, src, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// file returns the source of the file holding tools first to last-1.
func file(first, last, n int) ([]byte, error) {
	var b bytes.Buffer
	if first == 0 {
		fmt.Fprintf(&b, "// Package synth holds %d synthetic tools, written by bench/synth.\n", n)
	}
	b.WriteString("package synth\n\n")
	if first == 0 {
		b.WriteString("//go:generate go tool toolgen\n\n")
	}
	b.WriteString("import (\n\t\"context\"\n\t\"strings\"\n)\n\n")
	for i := first; i < last; i++ {
		tool(&b, i)
	}
	return format.Source(b.Bytes())
}

// tool writes tool i and its types.
func tool(b *bytes.Buffer, i int) {
	p := func(format string, args ...any) { fmt.Fprintf(b, format, args...) }
	p("// Kind%d is the kind of record that tool %d looks for.\n", i, i)
	p("type Kind%d string\n\n", i)
	p("// The kinds of record of tool %d.\n", i)
	p("const (\n")
	p("\t// Kind%dOrder is an order placed by a customer of set %d.\n\tKind%dOrder Kind%d = \"order\"\n", i, i, i, i)
	p("\t// Kind%dInvoice is an invoice sent to a customer of set %d.\n\tKind%dInvoice Kind%d = \"invoice\"\n", i, i, i, i)
	p("\t// Kind%dRefund is money paid back to a customer of set %d.\n\tKind%dRefund Kind%d = \"refund\"\n", i, i, i, i)
	p(")\n\n")

	p("// Place%d is where the records of tool %d were made.\n", i, i)
	p("type Place%d struct {\n", i)
	p("\t// City is the name of the city where a record of set %d was made, such as \"Lyon\".\n", i)
	p("\tCity string `json:\"city\" jsonschema:\"minLength=1,maxLength=80\"`\n")
	p("\t// Zip is the postal code of that place in set %d, five digits.\n", i)
	p("\tZip string `json:\"zip,omitempty\" jsonschema:\"pattern=^[0-9]{5}$\"`\n")
	p("}\n\n")

	p("// Query%d asks tool %d for records.\n", i, i)
	p("type Query%d struct {\n", i)
	p("\t// Text to search for in the records of set %d.\n", i)
	p("\tText string `json:\"text\" jsonschema:\"minLength=1,maxLength=200\"`\n")
	p("\t// Limit is the largest number of records of set %d to return.\n", i)
	p("\tLimit int `json:\"limit,omitempty\" jsonschema:\"minimum=1,maximum=%d,default=10\"`\n", 50+i%50)
	p("\t// Kind of the records of set %d to look for.\n", i)
	p("\tKind Kind%d `json:\"kind\"`\n", i)
	p("\t// Place restricts the search in set %d to one place.\n", i)
	p("\tPlace Place%d `json:\"place\"`\n", i)
	p("\t// Tags the records of set %d must all have.\n", i)
	p("\tTags []string `json:\"tags,omitempty\" jsonschema:\"maxItems=10\"`\n")
	p("}\n\n")

	p("// Found%d is what tool %d found.\n", i, i)
	p("type Found%d struct {\n", i)
	p("\tIDs   []string `json:\"ids\"`\n")
	p("\tTotal int      `json:\"total\"`\n")
	p("}\n\n")

	p("// Find%d finds the records of the kind asked for whose text matches,\n", i)
	p("// in one place. Use it when the user asks about records of set %d.\n", i)
	p("//\n//tool:export readonly\n")
	p("func Find%d(ctx context.Context, in Query%d) (*Found%d, error) {\n", i, i, i)
	p("\treturn &Found%d{IDs: []string{strings.ToUpper(in.Text)}, Total: in.Limit}, ctx.Err()\n", i)
	p("}\n\n")
}
