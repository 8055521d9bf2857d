package gen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// lockCase is one before/after pair: a package's source when it was locked
// and now, and the diagnostics -check gives, as file:line:col: message
// substrings (errors are breaking, "note: " ones not).
type lockCase struct {
	name          string
	before, after string
	want          []string
}

const lockHead = "package p\n\nimport \"context\"\n\n"

// The sources start with lockHead, so their line 5 is the first after it.
var lockCases = []lockCase{
	{
		name:   "text result made structured",
		before: "// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) (string, error) { return \"\", nil }\n",
		after:  "type Out struct {\n\tN int `json:\"n\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) (Out, error) { return Out{}, nil }\n",
		want:   []string{"t.go:12:6: breaking change to tool f: its result was text and is structured now"},
	},
	{
		name:   "lenient removed, confirm added, omitted from OpenAI",
		before: "// F does f, and more.\n//\n//tool:export lenient\nfunc F(ctx context.Context, n int) error { return nil }\n",
		after:  "// F does f, and more.\n//\n//tool:export confirm omit=openai\nfunc F(ctx context.Context, n int) error { return nil }\n",
		want: []string{
			"t.go:8:6: breaking change to tool f: it is no longer lenient: calls with numbers or booleans as strings, one value for a list, or a list or object inside a string, now fail",
			"t.go:8:6: breaking change to tool f: it now waits for approval (confirm): a registry without an Approver refuses every call",
			"t.go:8:6: breaking change to tool f: it is left out of the openai dialect now (omit=openai): models of that provider no longer get it",
		},
	},
	{
		name:   "lenient added, confirm removed, offered to OpenAI",
		before: "// F does f, and more.\n//\n//tool:export confirm omit=openai\nfunc F(ctx context.Context, n int) error { return nil }\n",
		after:  "// F does f, and more.\n//\n//tool:export lenient\nfunc F(ctx context.Context, n int) error { return nil }\n",
		want: []string{
			"t.go:8:6: note: tool f: it is lenient now since tools.lock.json",
			"t.go:8:6: note: tool f: it no longer waits for approval since tools.lock.json",
			"t.go:8:6: note: tool f: it is offered in the openai dialect now since tools.lock.json",
		},
	},
	{
		name:   "unchanged",
		before: "type In struct {\n\t// City is a city, such as Paris.\n\tCity string `json:\"city\"`\n}\n\n// F returns the weather of a city.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// City is a city, such as Paris.\n\tCity string `json:\"city\"`\n}\n\n// F returns the weather of a city.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   nil,
	},
	{
		name:   "removed tool",
		before: "// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) error { return nil }\n\n// G does g, and more.\n//\n//tool:export\nfunc G(ctx context.Context) error { return nil }\n",
		after:  "// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) error { return nil }\n",
		want:   []string{"tools.lock.json:16:7: breaking change: tool g was removed (tools.lock.json locks it)"},
	},
	{
		name:   "renamed tool",
		before: "// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) error { return nil }\n",
		after:  "// F does f, and more.\n//\n//tool:export f_new\nfunc F(ctx context.Context) error { return nil }\n",
		want:   []string{"t.go:8:6: breaking change: tool f was renamed to f_new"},
	},
	{
		name:   "new tool",
		before: "// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) error { return nil }\n",
		after:  "// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) error { return nil }\n\n// G does g, and more.\n//\n//tool:export\nfunc G(ctx context.Context) error { return nil }\n",
		want:   []string{"t.go:13:6: note: new tool g, not in tools.lock.json"},
	},
	{
		name:   "new required field",
		before: "type In struct {\n\t// A is a.\n\tA string `json:\"a\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// A is a.\n\tA string `json:\"a\"`\n\t// B is b.\n\tB string `json:\"b\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:9:2: breaking change to tool f: argument field b: new and required: calls without it now fail"},
	},
	{
		name:   "new optional field",
		before: "type In struct {\n\t// A is a.\n\tA string `json:\"a\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// A is a.\n\tA string `json:\"a\"`\n\t// B is b.\n\tB string `json:\"b,omitempty\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:9:2: note: tool f: argument field b: new since tools.lock.json"},
	},
	{
		name:   "removed field",
		before: "type In struct {\n\t// A is a.\n\tA string `json:\"a\"`\n\t// B is b.\n\tB string `json:\"b\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// A is a.\n\tA string `json:\"a\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:5:6: breaking change to tool f: argument field b: removed"},
	},
	{
		name:   "removed nested field",
		before: "type Sub struct {\n\t// X is x.\n\tX int `json:\"x\"`\n\t// Y is y.\n\tY int `json:\"y\"`\n}\n\ntype In struct {\n\t// S is s.\n\tS Sub `json:\"s\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type Sub struct {\n\t// X is x.\n\tX int `json:\"x\"`\n}\n\ntype In struct {\n\t// S is s.\n\tS Sub `json:\"s\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:5:6: breaking change to tool f: argument field s.y: removed"},
	},
	{
		name:   "optional made required",
		before: "type In struct {\n\t// A is a.\n\tA *int `json:\"a,omitempty\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// A is a.\n\tA int `json:\"a\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: breaking change to tool f: argument field a: now required"},
	},
	{
		name:   "required made optional",
		before: "type In struct {\n\t// A is a.\n\tA int `json:\"a\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// A is a.\n\tA int `json:\"a,omitempty\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: note: tool f: argument field a: now optional"},
	},
	{
		name:   "narrowed type",
		before: "type In struct {\n\t// N is n.\n\tN float64 `json:\"n\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// N is n.\n\tN int `json:\"n\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: breaking change to tool f: argument field n: its type narrowed from number to integer"},
	},
	{
		name:   "widened type",
		before: "type In struct {\n\t// N is n.\n\tN int `json:\"n\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// N is n.\n\tN float64 `json:\"n\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: note: tool f: argument field n: its type widened from integer to number"},
	},
	{
		name:   "changed type",
		before: "type In struct {\n\t// N is n.\n\tN string `json:\"n\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// N is n.\n\tN bool `json:\"n\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: breaking change to tool f: argument field n: its type narrowed from string to boolean"},
	},
	{
		name:   "removed enum value",
		before: "type In struct {\n\t// U is u.\n\tU string `json:\"u\" jsonschema:\"enum=c,enum=f,enum=k\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// U is u.\n\tU string `json:\"u\" jsonschema:\"enum=c,enum=f\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{`t.go:7:2: breaking change to tool f: argument field u: enum value "k" removed`},
	},
	{
		name:   "widened enum",
		before: "type In struct {\n\t// U is u.\n\tU string `json:\"u\" jsonschema:\"enum=c,enum=f\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// U is u.\n\tU string `json:\"u\" jsonschema:\"enum=c,enum=f,enum=k\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{`t.go:7:2: note: tool f: argument field u: enum value "k" added`},
	},
	{
		name:   "removed const enum value",
		before: "// Unit is a unit.\ntype Unit string\n\nconst (\n\t// C is Celsius.\n\tC Unit = \"c\"\n\t// F is Fahrenheit.\n\tF Unit = \"f\"\n\t// K is Kelvin.\n\tK Unit = \"k\"\n)\n\ntype In struct {\n\t// U is u.\n\tU Unit `json:\"u\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc Fn(ctx context.Context, in In) error { return nil }\n",
		after:  "// Unit is a unit.\ntype Unit string\n\nconst (\n\t// C is Celsius.\n\tC Unit = \"c\"\n\t// F is Fahrenheit.\n\tF Unit = \"f\"\n)\n\ntype In struct {\n\t// U is u.\n\tU Unit `json:\"u\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc Fn(ctx context.Context, in In) error { return nil }\n",
		want: []string{
			`t.go:17:2: breaking change to tool fn: argument field u: enum value "k" removed`,
			// The values' descriptions are part of the field's.
			"t.go:17:2: note: tool fn: argument field u: its description changed",
		},
	},
	{
		name:   "tightened bound",
		before: "type In struct {\n\t// D is d.\n\tD int `json:\"d\" jsonschema:\"minimum=1,maximum=14\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// D is d.\n\tD int `json:\"d\" jsonschema:\"minimum=1,maximum=7\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: breaking change to tool f: argument field d: maximum tightened from 14 to 7"},
	},
	{
		name:   "loosened bound",
		before: "type In struct {\n\t// D is d.\n\tD int `json:\"d\" jsonschema:\"minimum=1,maximum=14\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// D is d.\n\tD int `json:\"d\" jsonschema:\"minimum=0,maximum=14\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: note: tool f: argument field d: minimum loosened from 1 to 0"},
	},
	{
		name:   "new bound",
		before: "type In struct {\n\t// S is s.\n\tS string `json:\"s\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// S is s.\n\tS string `json:\"s\" jsonschema:\"maxLength=80\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: breaking change to tool f: argument field s: new maximum length 80"},
	},
	{
		name:   "new pattern",
		before: "type In struct {\n\t// S is s.\n\tS string `json:\"s\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// S is s.\n\tS string `json:\"s\" jsonschema:\"pattern=^[a-z]+$\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{`t.go:7:2: breaking change to tool f: argument field s: new pattern "^[a-z]+$"`},
	},
	{
		name:   "slice item type narrowed",
		before: "type In struct {\n\t// Tags are tags.\n\tTags []float64 `json:\"tags\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// Tags are tags.\n\tTags []int `json:\"tags\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: breaking change to tool f: argument field tags[]: its type narrowed from number to integer"},
	},
	{
		name:   "description changed",
		before: "type In struct {\n\t// A is a.\n\tA string `json:\"a\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// A is the letter a.\n\tA string `json:\"a\"`\n}\n\n// F does f, and more than before.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want: []string{
			"t.go:7:2: note: tool f: argument field a: its description changed",
			"t.go:13:6: note: tool f: its description changed since tools.lock.json",
		},
	},
	{
		name:   "parameter made required",
		before: "// F does f, and more.\n//\n//tool:export\n//tool:param q The query, such as rain.\nfunc F(ctx context.Context, q *string) error { return nil }\n",
		after:  "// F does f, and more.\n//\n//tool:export\n//tool:param q The query, such as rain.\n//tool:param n How many, such as 3.\nfunc F(ctx context.Context, q *string, n int) error { return nil }\n",
		want:   []string{"t.go:10:40: breaking change to tool f: argument field n: new and required"},
	},
	{
		name:   "removed result field",
		before: "type Out struct {\n\t// A is a.\n\tA string `json:\"a\"`\n\t// B is b.\n\tB string `json:\"b\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) (Out, error) { return Out{}, nil }\n",
		after:  "type Out struct {\n\t// A is a.\n\tA string `json:\"a\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) (Out, error) { return Out{}, nil }\n",
		want:   []string{"t.go:5:6: breaking change to tool f: result field b: removed"},
	},
	{
		name:   "result type narrowed",
		before: "type Out struct {\n\t// N is n.\n\tN float64 `json:\"n\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) (Out, error) { return Out{}, nil }\n",
		after:  "type Out struct {\n\t// N is n.\n\tN int `json:\"n\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) (Out, error) { return Out{}, nil }\n",
		want:   []string{"t.go:7:2: breaking change to tool f: result field n: its type changed from number to integer"},
	},
	{
		name:   "new result field",
		before: "type Out struct {\n\t// A is a.\n\tA string `json:\"a\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) (Out, error) { return Out{}, nil }\n",
		after:  "type Out struct {\n\t// A is a.\n\tA string `json:\"a\"`\n\t// B is b.\n\tB int `json:\"b\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) (Out, error) { return Out{}, nil }\n",
		want:   []string{"t.go:9:2: note: tool f: result field b: new since tools.lock.json"},
	},
	{
		name:   "result gone",
		before: "type Out struct {\n\t// A is a.\n\tA string `json:\"a\"`\n}\n\n// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) (Out, error) { return Out{}, nil }\n",
		after:  "// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) error { return nil }\n",
		want:   []string{"t.go:8:6: breaking change to tool f: it no longer has the result schema tools.lock.json locks"},
	},
	{
		name:   "all tools removed",
		before: "// F does f, and more.\n//\n//tool:export\nfunc F(ctx context.Context) error { return nil }\n",
		after:  "// F does f, and more.\nfunc F(ctx context.Context) error { return nil }\n",
		want:   []string{"tools.lock.json:6:7: breaking change: tool f was removed"},
	},
	{
		name:   "oneof_type narrowed",
		before: "type In struct {\n\t// V is a value.\n\tV any `json:\"v\" jsonschema:\"oneof_type=string;number\"`\n}\n\n// F takes a value, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// V is a value.\n\tV any `json:\"v\" jsonschema:\"oneof_type=string\"`\n}\n\n// F takes a value, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: breaking change to tool f: argument field v: its type narrowed from number or string to string"},
	},
	{
		name:   "oneof_type widened",
		before: "type In struct {\n\t// V is a value.\n\tV any `json:\"v\" jsonschema:\"oneof_type=string;integer\"`\n}\n\n// F takes a value, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		after:  "type In struct {\n\t// V is a value.\n\tV any `json:\"v\" jsonschema:\"oneof_type=string;integer;boolean\"`\n}\n\n// F takes a value, and more.\n//\n//tool:export\nfunc F(ctx context.Context, in In) error { return nil }\n",
		want:   []string{"t.go:7:2: note: tool f: argument field v: its type widened from integer or string to boolean or integer or string"},
	},
}

// TestLockRules locks each case's before source, then compares its after
// source with the lock: every breaking change is an error at the place
// that made it, every other change a note, and nothing else is reported.
func TestLockRules(t *testing.T) {
	root := t.TempDir()
	for _, side := range []string{"before", "after"} {
		dir := filepath.Join(root, side)
		mustWrite(t, filepath.Join(dir, "go.mod"), "module example.com/"+side+"\n\ngo 1.26\n")
		for i, c := range lockCases {
			src := c.before
			if side == "after" {
				src = c.after
			}
			mustWrite(t, filepath.Join(dir, fmt.Sprintf("c%02d", i), "t.go"), lockHead+src)
		}
	}
	before := generateIn(t, filepath.Join(root, "before"))
	after := generateIn(t, filepath.Join(root, "after"))
	if len(before) != len(lockCases) || len(after) != len(lockCases) {
		t.Fatalf("generated %d and %d packages for %d cases", len(before), len(after), len(lockCases))
	}
	for i, c := range lockCases {
		t.Run(c.name, func(t *testing.T) {
			data := before[i].lock.content(before[i].Package)
			lf, err := parseLock(data)
			if err != nil {
				t.Fatal(err)
			}
			st := after[i].lock
			errs, notes := compareLock(st, lf, data)
			dir := filepath.Dir(st.path)
			var got []string
			for _, d := range append(errs, notes...).sorted() {
				d.Pos.Filename = relPath(dir, d.Pos.Filename)
				got = append(got, d.String())
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %d diagnostics, want %d:\n%s\nlock:\n%s", len(got), len(c.want), strings.Join(got, "\n"), data)
			}
			for j, w := range c.want {
				if !strings.HasPrefix(got[j], w) {
					t.Errorf("got  %s\nwant %s...", got[j], w)
				}
				breaking := !strings.Contains(w, ": note: ")
				if breaking != (j < len(errs)) {
					t.Errorf("%s: reported as breaking=%v", got[j], !breaking)
				}
			}
			// Locking the after source and comparing again finds nothing.
			data = st.content(after[i].Package)
			lf, err = parseLock(data)
			if err != nil {
				t.Fatal(err)
			}
			if errs, notes := compareLock(st, lf, data); len(errs)+len(notes) > 0 {
				t.Errorf("after -lock: %v", append(errs, notes...))
			}
		})
	}
}

// TestLockFile checks the lock's form: valid JSON, tools sorted by name,
// keys sorted, ending in a newline, the same bytes in two runs.
func TestLockFile(t *testing.T) {
	dir := t.TempDir()
	mustWrite(t, filepath.Join(dir, "go.mod"), "module example.com/l\n\ngo 1.26\n")
	mustWrite(t, filepath.Join(dir, "t.go"), lockHead+lockCases[7].after+"\n// A does a, and more.\n//\n//tool:export\nfunc A(ctx context.Context) error { return nil }\n")
	one := generateIn(t, dir)[0]
	two := generateIn(t, dir)[0]
	data := one.lock.content(one.Package)
	if string(data) != string(two.lock.content(two.Package)) {
		t.Error("the lock differs between two runs")
	}
	want := `{
  "toolgen_lock": 3,
  "package": "example.com/l",
  "tools": [
    {
      "name": "a",
      "func": "A",
      "description": "A does a, and more.",
      "input": {
        "additionalProperties": false,
        "properties": {},
        "type": "object"
      }
    },
    {
      "name": "f",
      "func": "F",
      "description": "F does f, and more.",
      "input": {
        "additionalProperties": false,
        "properties": {
          "a": {
            "description": "A is a.",
            "type": "string"
          },
          "b": {
            "description": "B is b.",
            "type": "string"
          }
        },
        "required": [
          "a",
          "b"
        ],
        "type": "object"
      }
    }
  ]
}
`
	if string(data) != want {
		t.Errorf("lock:\n%s\nwant:\n%s", data, want)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Error(err)
	}
}

func generateIn(t *testing.T, dir string) []File {
	t.Helper()
	files, err := Generate(context.Background(), Config{Dir: dir, Patterns: []string{"./..."}})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func mustWrite(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A version 1 lock, which records no directive options, is still read,
// with a note that says to write it again to guard them.
func TestLockVersion1(t *testing.T) {
	dir := t.TempDir()
	mustWrite(t, filepath.Join(dir, "go.mod"), "module example.com/v\n\ngo 1.26\n")
	mustWrite(t, filepath.Join(dir, "t.go"), lockHead+"// F does f, and more.\n//\n//tool:export confirm\nfunc F(ctx context.Context) error { return nil }\n")
	f := generateIn(t, dir)[0]
	data := bytes.Replace(f.lock.content(f.Package), []byte(`"toolgen_lock": 3`), []byte(`"toolgen_lock": 1`), 1)
	lf, err := parseLock(data)
	if err != nil {
		t.Fatal(err)
	}
	errs, notes := compareLock(f.lock, lf, data)
	if len(errs) != 0 || len(notes) != 1 || !strings.Contains(notes[0].Msg, "is a version 1 lock, which does not record the options of the tools' directives") {
		t.Errorf("errors %v, notes %v; want one note that the lock is version 1", errs, notes)
	}
}

// A version 2 lock held the bounds of a result's tags in its output
// schema, which toolgen no longer writes there: a tool is compared with it
// in that form, so the upgrade breaks nothing (a tag's bound on an int8
// beside the type's own, too), and a change of the result's type still
// breaks.
func TestLockVersion2ResultBounds(t *testing.T) {
	src := func(rank string) string {
		return lockHead + `// Order is an order.
type Order struct {
	// ID of the order.
	ID string ` + "`json:\"id\" jsonschema:\"minLength=1,maxLength=20\"`" + `
	// Score of the order.
	Score int8 ` + "`json:\"score\" jsonschema:\"maximum=100\"`" + `
	// Rank of the order.
	Rank ` + rank + ` ` + "`json:\"rank\"`" + `
}

// F finds an order, and more.
//
//tool:export readonly
func F(ctx context.Context) (Order, error) { return Order{}, nil }
`
	}
	// v2 returns the lock of the package in dir as a version 2 toolgen
	// wrote it.
	v2 := func(t *testing.T, dir string) []byte {
		f := generateIn(t, dir)[0]
		st := f.lock
		tools := slices.Clone(st.tools)
		for i := range tools {
			if tools[i].outputV2 != nil {
				tools[i].Output = tools[i].outputV2()
			}
		}
		data, err := json.MarshalIndent(lockFile{Version: 2, Package: f.Package, Tools: tools}, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte(`"minLength": 1`)) || !bytes.Contains(data, []byte(`"maximum": 100`)) {
			t.Fatalf("the version 2 lock lacks the tags' bounds:\n%s", data)
		}
		return data
	}
	dir := t.TempDir()
	mustWrite(t, filepath.Join(dir, "go.mod"), "module example.com/v\n\ngo 1.26\n")
	mustWrite(t, filepath.Join(dir, "t.go"), src("int8"))
	old := v2(t, dir)
	f := generateIn(t, dir)[0]
	if bytes.Contains(f.lock.content(f.Package), []byte("minLength")) {
		t.Fatalf("the output schema states a tag's bound:\n%s", f.lock.content(f.Package))
	}
	lf, err := parseLock(old)
	if err != nil {
		t.Fatal(err)
	}
	errs, notes := compareLock(f.lock, lf, old)
	if len(errs) != 0 || len(notes) != 1 || !strings.Contains(notes[0].Msg, "is a version 2 lock") {
		t.Errorf("unchanged source against its version 2 lock: errors %v, notes %v; want only the note on the version", errs, notes)
	}
	// The result's Rank widened from int8 to int: programs that read it
	// into an int8 break, whichever lock says so.
	mustWrite(t, filepath.Join(dir, "t.go"), src("int"))
	f = generateIn(t, dir)[0]
	if errs, _ := compareLock(f.lock, lf, old); len(errs) != 2 || !strings.Contains(errs[0].Msg+errs[1].Msg, "maximum 127 removed") {
		t.Errorf("errors %v; want the int8's bounds removed from the result as breaks", errs)
	}
}
