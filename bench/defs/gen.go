//go:build ignore

// gen.go writes tools.go: 100 tools over 100 argument types of varied
// shapes, for the Definitions benchmark. Run: go run gen.go
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"os"
)

func main() {
	var b bytes.Buffer
	b.WriteString("// Code written by gen.go; 100 tools for benchmarks.\n\n")
	b.WriteString("// Package defs holds 100 tools, for the Definitions benchmark.\npackage defs\n\n")
	b.WriteString("//go:generate go tool toolgen\n\n")
	b.WriteString("import (\n\t\"context\"\n\t\"time\"\n)\n\n")
	b.WriteString("// Status is an enum.\ntype Status string\n\n// The statuses.\nconst (\n\tOpen Status = \"open\"\n\tClosed Status = \"closed\"\n)\n\n")
	b.WriteString("// Address is nested.\ntype Address struct {\n\tStreet string `json:\"street\" jsonschema:\"minLength=1\"`\n\tCity string `json:\"city\"`\n\tZip string `json:\"zip,omitempty\" jsonschema:\"pattern=^[0-9]{5}$\"`\n}\n\n")
	for i := range 100 {
		fmt.Fprintf(&b, "// Args%03d are the arguments of tool %d.\ntype Args%03d struct {\n", i, i, i)
		fmt.Fprintf(&b, "\t// ID of the record.\n\tID string `json:\"id\" jsonschema:\"minLength=1,maxLength=64\"`\n")
		fmt.Fprintf(&b, "\t// Limit on results.\n\tLimit int `json:\"limit,omitempty\" jsonschema:\"minimum=1,maximum=%d,default=10\"`\n", 50+i)
		fmt.Fprintf(&b, "\tStatus Status `json:\"status,omitempty\"`\n")
		switch i % 4 {
		case 0:
			b.WriteString("\tTags []string `json:\"tags,omitempty\" jsonschema:\"maxItems=5\"`\n")
		case 1:
			b.WriteString("\tAddress Address `json:\"address\"`\n")
		case 2:
			b.WriteString("\tSince time.Time `json:\"since,omitempty\"`\n\tScore float64 `json:\"score\" jsonschema:\"minimum=0,maximum=1\"`\n")
		case 3:
			b.WriteString("\tNotes []Address `json:\"notes,omitempty\"`\n\tFlag *bool `json:\"flag,omitempty\"`\n")
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "// Tool%03d does task %d for the record it is given.\n//\n//tool:export readonly\nfunc Tool%03d(ctx context.Context, in Args%03d) (string, error) { return in.ID, nil }\n\n", i, i, i, i)
	}
	// The same shapes with description-only jsonschema tags, for
	// google/jsonschema-go, which rejects invopop's keyword tags (it
	// declined enum and bounds in tags, go-sdk#425).
	b.WriteString("// Address2 is Address for google/jsonschema-go.\ntype Address2 struct {\n\tStreet string `json:\"street\"`\n\tCity string `json:\"city\"`\n\tZip string `json:\"zip,omitempty\"`\n}\n\n")
	for i := range 100 {
		fmt.Fprintf(&b, "// Plain%03d is Args%03d with description-only tags.\ntype Plain%03d struct {\n", i, i, i)
		b.WriteString("\tID string `json:\"id\" jsonschema:\"ID of the record\"`\n")
		b.WriteString("\tLimit int `json:\"limit,omitempty\" jsonschema:\"Limit on results\"`\n")
		b.WriteString("\tStatus Status `json:\"status,omitempty\"`\n")
		switch i % 4 {
		case 0:
			b.WriteString("\tTags []string `json:\"tags,omitempty\"`\n")
		case 1:
			b.WriteString("\tAddress Address2 `json:\"address\"`\n")
		case 2:
			b.WriteString("\tSince time.Time `json:\"since,omitempty\"`\n\tScore float64 `json:\"score\"`\n")
		case 3:
			b.WriteString("\tNotes []Address2 `json:\"notes,omitempty\"`\n\tFlag *bool `json:\"flag,omitempty\"`\n")
		}
		b.WriteString("}\n\n")
	}
	b.WriteString("// PlainValues has a value of each Plain type.\nvar PlainValues = []any{\n")
	for i := range 100 {
		fmt.Fprintf(&b, "\tPlain%03d{},\n", i)
	}
	b.WriteString("}\n\n")
	b.WriteString("// Values has a value of each argument type, for reflection-based peers.\nvar Values = []any{\n")
	for i := range 100 {
		fmt.Fprintf(&b, "\tArgs%03d{},\n", i)
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("tools.go", src, 0o644); err != nil {
		log.Fatal(err)
	}
}
