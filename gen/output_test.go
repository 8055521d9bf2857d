package gen

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestOutputSchemas checks the output schema of every tool of the examples
// and the golden cases: it compiles with a reference JSON Schema 2020-12
// implementation, uses no keyword a strict validator (ajv's strict mode)
// rejects, and where an object is required (OutputObject, the wrapper) its
// root is an object schema, as MCP's outputSchema must be.
func TestOutputSchemas(t *testing.T) {
	files := generateCorpus(t)
	count, wrapped := 0, 0
	for _, f := range files {
		for _, tool := range f.tools {
			// A string result, and a stream of text chunks (string, or a
			// string type of the tool's own), are text: no output schema.
			structured := tool.Output != nil && !tool.Enhanced && tool.Output.String() != "string" && !(tool.Stream && textChunk(tool.Output))
			if structured != (tool.OutputSchema != nil) {
				t.Errorf("%s: result %v, output schema %s", tool.Name, tool.Output, tool.OutputSchema)
			}
			if tool.OutputSchema == nil {
				continue
			}
			count++
			compileStandard(t, tool.Name+"-output", tool.OutputSchema)
			for _, p := range strictProblems(tool.OutputSchema) {
				t.Errorf("%s output: %s", tool.Name, p)
			}
			if tool.OutputObject {
				if tool.OutputWrapper != nil {
					t.Errorf("%s: an object result with a wrapper", tool.Name)
				}
				rootObject(t, tool.Name, tool.OutputSchema)
				for _, p := range LintNonStrict(Standard, tool.OutputSchema) {
					t.Errorf("%s output: %s", tool.Name, p)
				}
				continue
			}
			wrapped++
			rootObject(t, tool.Name+" wrapper", tool.OutputWrapper)
			compileStandard(t, tool.Name+"-wrapper", tool.OutputWrapper)
			for _, p := range append(LintNonStrict(Standard, tool.OutputWrapper), strictProblems(tool.OutputWrapper)...) {
				t.Errorf("%s wrapper: %s", tool.Name, p)
			}
		}
	}
	if count < 20 || wrapped < 5 {
		t.Errorf("checked %d output schemas, %d with a wrapper", count, wrapped)
	}
}

// rootObject fails the test unless schema says "type": "object" at its
// root, as MCP's outputSchema must (the TypeScript SDK refuses a whole
// tools/list otherwise), even where the root is a $ref to an object.
func rootObject(t *testing.T, name string, schema []byte) {
	t.Helper()
	var root struct{ Type any }
	if err := json.Unmarshal(schema, &root); err != nil || root.Type != "object" {
		t.Errorf("%s: the output schema's root has type %v, want object: %s", name, root.Type, schema)
	}
}

// strictProblems returns what ajv's strict mode (strictSchema, strictTypes)
// rejects in a 2020-12 schema: unknown keywords, a type that is a list (a
// union type) other than a type and null, keywords of a type used where no type says which, formats
// beyond the standard ones.
func strictProblems(schema []byte) []string {
	var root any
	if err := json.Unmarshal(schema, &root); err != nil {
		return []string{err.Error()}
	}
	var problems []string
	var walk func(path string, v any)
	schemas := func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, s := range v {
				walk(path+"/"+k, s)
			}
		case []any:
			for i, s := range v {
				walk(path+"/"+strings.Repeat("i", i+1), s)
			}
		}
	}
	walk = func(path string, v any) {
		obj, ok := v.(map[string]any)
		if !ok {
			if _, isBool := v.(bool); !isBool {
				problems = append(problems, path+": not a schema")
			}
			return
		}
		typ, _ := obj["type"].(string)
		if list, ok := obj["type"].([]any); ok && len(list) == 2 && list[1] == "null" {
			// ajv's strictTypes takes a type and null, and applies a
			// keyword where one of the types is its own
			// (checkMultipleTypes, checkKeywordTypes).
			if t, _ := list[0].(string); t != "null" {
				typ = t
			}
		}
		if _, ok := obj["type"]; ok && typ == "" {
			problems = append(problems, path+": type must be one string, or one and null (ajv strictTypes refuses other union types)")
		}
		for k, val := range obj {
			applies, known := strictKeywords[k]
			if !known {
				problems = append(problems, path+": unknown keyword "+k)
				continue
			}
			if applies != "" && typ != applies && !(applies == "number" && typ == "integer") {
				problems = append(problems, path+": "+k+" without type "+applies)
			}
			switch k {
			case "properties", "$defs":
				schemas(path+"/"+k, val)
			case "items", "additionalProperties":
				walk(path+"/"+k, val)
			case "anyOf", "oneOf":
				schemas(path+"/"+k, val)
			case "format":
				if !knownFormats[val.(string)] {
					problems = append(problems, path+": format "+val.(string)+" is not a standard format")
				}
			}
		}
	}
	walk("#", root)
	return problems
}

// strictKeywords are the keywords toolgen's output schemas may use, with
// the type each applies to ("" for any).
var strictKeywords = map[string]string{
	"type": "", "description": "", "title": "", "enum": "", "const": "", "default": "", "examples": "",
	"anyOf": "", "oneOf": "", "$ref": "", "$defs": "", "readOnly": "", "writeOnly": "", "deprecated": "",
	"properties": "object", "required": "object", "additionalProperties": "object",
	"items": "array", "minItems": "array", "maxItems": "array", "uniqueItems": "array",
	"minLength": "string", "maxLength": "string", "pattern": "string", "format": "string", "contentEncoding": "string",
	"minimum": "number", "maximum": "number", "exclusiveMinimum": "number", "exclusiveMaximum": "number", "multipleOf": "number",
}
