package gen

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
)

// TestDefinitionBytes logs what the tool definitions of the golden
// packages and the examples (their own modules too) cost: the bytes of each dialect's argument
// schemas and of the output schemas, and how many unions with null are
// written as a type array ("null"]) and as anyOf ({"type":"null"}). Run
// with -v to see the figures.
func TestDefinitionBytes(t *testing.T) {
	files := generateCorpus(t)
	for _, module := range []string{"../examples/dbquery", "../examples/fleet"} {
		more, err := Generate(context.Background(), Config{Dir: module, Patterns: []string{"./..."}})
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	var tools int
	var size, arrays, unions [numDialects + 1]int
	kept := make([]map[string]int, numDialects+1)
	count := func(i int, s []byte) {
		if kept[i] == nil {
			kept[i] = map[string]int{}
		}
		var v any
		json.Unmarshal(s, &v)
		keptUnions(v, kept[i])
		size[i] += len(s)
		arrays[i] += bytes.Count(s, []byte(`,"null"]`))
		unions[i] += bytes.Count(s, []byte(`{"type":"null"}`))
	}
	for _, f := range files {
		for _, tool := range f.tools {
			tools++
			for d := range numDialects {
				count(int(d), tool.Schemas[d])
			}
			count(int(numDialects), tool.OutputSchema)
		}
	}
	for d := range int(numDialects) + 1 {
		name := "output"
		if d < int(numDialects) {
			name = Dialect(d).String()
		}
		t.Logf("%d tools, %-9s %7d bytes, null unions: %d type arrays, %d anyOf %v", tools, name, size[d], arrays[d], unions[d], kept[d])
	}
}

// keptUnions counts the unions with null in v by what their other branch
// is: its type, or the keyword that keeps it a union.
func keptUnions(v any, kept map[string]int) {
	switch v := v.(type) {
	case map[string]any:
		if list, ok := v["anyOf"].([]any); ok && len(list) == 2 {
			if null, _ := list[1].(map[string]any); len(null) == 1 && null["type"] == "null" {
				s, _ := list[0].(map[string]any)
				why, _ := s["type"].(string)
				for _, k := range []string{"enum", "const", "$ref", "anyOf"} {
					if _, ok := s[k]; ok {
						why += " " + k
					}
				}
				kept[why]++
			}
		}
		for k, x := range v {
			if k != "enum" && k != "const" && k != "default" && k != "examples" {
				keptUnions(x, kept)
			}
		}
	case []any:
		for _, x := range v {
			keptUnions(x, kept)
		}
	}
}
