package gen

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// toolSchemas are one tool's schemas in each dialect, as the generated
// file holds them, for -schemas and -stats.
type toolSchemas struct {
	Name        string
	Description string
	Schemas     [numDialects][]byte // nil for an omitted dialect
	Degraded    [numDialects]bool
	Output      []byte // the result's schema, nil without one
}

func toolDefinitions(model *Package) []toolSchemas {
	out := make([]toolSchemas, len(model.Tools))
	for i, t := range model.Tools {
		out[i] = toolSchemas{Name: t.Name, Description: t.Description, Schemas: t.Schemas, Degraded: t.Degraded, Output: t.OutputSchema}
	}
	return out
}

// definition returns the tool's definition as the provider of dialect d
// receives it in a request (the MCP tools/list entry, with the result's
// outputSchema, a Chat Completions
// function tool, a Gemini function declaration, an Anthropic tool), as
// compact JSON, or nil if the tool is left out of d.
func (t *toolSchemas) definition(d Dialect) []byte {
	schema := json.RawMessage(t.Schemas[d])
	if schema == nil {
		return nil
	}
	var v any
	switch d {
	case Standard:
		var output json.RawMessage
		if t.Output != nil {
			output = t.Output
		}
		v = struct {
			Name         string          `json:"name"`
			Description  string          `json:"description"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
		}{t.Name, t.Description, schema, output}
	case OpenAI:
		type function struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
			Strict      bool            `json:"strict"`
		}
		v = struct {
			Type     string   `json:"type"`
			Function function `json:"function"`
		}{"function", function{t.Name, t.Description, schema, !t.Degraded[d]}}
	case Gemini:
		if t.Degraded[d] {
			v = struct {
				Name        string          `json:"name"`
				Description string          `json:"description"`
				Parameters  json.RawMessage `json:"parametersJsonSchema"`
			}{t.Name, t.Description, schema}
		} else {
			v = struct {
				Name        string          `json:"name"`
				Description string          `json:"description"`
				Parameters  json.RawMessage `json:"parameters"`
			}{t.Name, t.Description, schema}
		}
	case Anthropic:
		v = struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"input_schema"`
			Strict      bool            `json:"strict,omitempty"`
		}{t.Name, t.Description, schema, !t.Degraded[d]}
	}
	data, err := marshalNoEscape(v)
	if err != nil {
		panic(err) // the schemas are toolgen's own valid JSON
	}
	return data
}

func marshalNoEscape(v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return unescapeHTML(data), nil
}

// schemaFile is one file -schemas writes.
type schemaFile struct {
	path    string
	content []byte
}

// schemaFiles returns the files -schemas DIR writes for f: for each tool
// and dialect, DIR/<package path>/<tool>.<dialect>.json, the schema of its
// arguments, and DIR/<package path>/<tool>.output.json, that of its
// result if it has one, indented, as the generated file holds them.
func schemaFiles(dir string, f File) []schemaFile {
	var out []schemaFile
	for _, t := range f.defs {
		for d := range numDialects {
			if t.Schemas[d] == nil {
				continue
			}
			name := fmt.Sprintf("%s.%s.json", t.Name, d)
			content := append(prettySchema(t.Schemas[d]), '\n')
			out = append(out, schemaFile{filepath.Join(dir, filepath.FromSlash(f.Package), name), content})
		}
		if t.Output != nil {
			content := append(prettySchema(t.Output), '\n')
			out = append(out, schemaFile{filepath.Join(dir, filepath.FromSlash(f.Package), t.Name+".output.json"), content})
		}
	}
	return out
}

// writeSchemaFiles writes files, creating their directories.
func writeSchemaFiles(files []schemaFile) (written int, err error) {
	for _, sf := range files {
		if err := os.MkdirAll(filepath.Dir(sf.path), 0o755); err != nil {
			return written, err
		}
		changed, err := writeIfChanged(sf.path, sf.content)
		if err != nil {
			return written, err
		}
		if changed {
			written++
		}
	}
	return written, nil
}

// removeStaleSchemas removes the schema files in the directory of a
// package's files that a run before wrote and this one does not (a tool
// removed or renamed, a dialect now omitted): files named
// <tool>.<dialect>.json or <tool>.output.json, toolgen's names. It returns
// how many it removed.
func removeStaleSchemas(pkgDir string, keep []schemaFile) (int, error) {
	entries, err := os.ReadDir(pkgDir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return 0, nil
		}
		return 0, err
	}
	kept := make(map[string]bool, len(keep))
	for _, sf := range keep {
		kept[filepath.Base(sf.path)] = true
	}
	suffixes := []string{".output.json"}
	for d := range numDialects {
		suffixes = append(suffixes, fmt.Sprintf(".%s.json", d))
	}
	removed := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || kept[name] {
			continue
		}
		for _, suf := range suffixes {
			if tool, ok := strings.CutSuffix(name, suf); ok && toolNameRE.MatchString(tool) {
				if err := os.Remove(filepath.Join(pkgDir, name)); err != nil {
					return removed, err
				}
				removed++
				break
			}
		}
	}
	return removed, nil
}
