package gen

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
)

// The schema lock: toolgen -lock records, beside each package's generated
// file, what the models of a package's tools have been told (name,
// description, standard schema of the arguments and of the result), and
// toolgen -check compares the tools with it. A change that makes a call
// which worked before fail, or a result a caller read before unreadable,
// is breaking: an error at the place in the source that made it, with exit
// status 1. Any other change is a note. See lockcmp.go for the rules.

// LockVersion is the format version of a lock file. Version 2 records the
// directive's options that decide which calls succeed (lockCalls); version
// 3 result schemas leave out the bounds, lengths, patterns and formats of
// the results' tags, which output schemas no longer state. Locks of
// versions 1 and 2 are still read: their result schemas are compared with
// the tools' in the form they held, with those bounds.
const LockVersion = 3

// lockFile is the content of a lock file.
type lockFile struct {
	Version int        `json:"toolgen_lock"`
	Package string     `json:"package"`
	Tools   []lockTool `json:"tools"`
}

// lockTool is what a lock records of one tool. Schemas are pretty JSON
// with sorted keys, so a change reads as a small diff in review.
type lockTool struct {
	Name        string          `json:"name"`
	Func        string          `json:"func"` // the Go function, to tell a renamed tool
	Description string          `json:"description"`
	Input       json.RawMessage `json:"input"`
	Output      json.RawMessage `json:"output,omitempty"`
	// Text reports a text result (a string), which a Result carries as
	// Output, where a structured one is Data; not in a version 1 lock.
	Text bool `json:"text,omitempty"`
	// Calls are the directive's options that decide which calls succeed;
	// nil for none (in a version 1 lock, for unknown).
	Calls *lockCalls `json:"calls,omitempty"`

	// outputV2 returns the output schema as a lock older than version 3
	// holds it, with the bounds of the result's tags; nil for a tool read
	// from a lock.
	outputV2 func() json.RawMessage
}

// lockCalls are the options of a tool's directive that decide which calls
// succeed, beside its schemas: whether numbers as strings and such are
// taken (lenient), whether a call waits for approval (confirm), and the
// providers the tool is not offered to (omit).
type lockCalls struct {
	Lenient bool     `json:"lenient,omitempty"`
	Confirm bool     `json:"confirm,omitempty"`
	Omit    []string `json:"omit,omitempty"`
}

// lockState is what a run knows of one package's tools for the lock: the
// tools as a lock would record them, and where in the source each tool and
// field is, to place a breaking change.
type lockState struct {
	path  string // the lock file's path
	tools []lockTool
	pos   map[string]*toolPositions // by tool name
}

// toolPositions are the source positions of one tool and of the fields of
// its arguments and result, by field path ("filter.tags[]").
type toolPositions struct {
	tool    token.Position
	input   map[string]token.Position // fields, by path
	structs map[string]token.Position // struct types, by the path of the field holding them ("" is the root)
	output  map[string]token.Position
	outRoot map[string]token.Position
}

// LockName returns the name of the lock file beside the generated file
// output: tools_gen.go → tools.lock.json.
func LockName(output string) string {
	base := strings.TrimSuffix(output, ".go")
	base = strings.TrimSuffix(base, "_gen")
	return base + ".lock.json"
}

// newLockState records the tools of model (nil for a package without
// tools) as a lock would; dir is the package's directory.
func newLockState(fset *token.FileSet, model *Package, dir, output string) *lockState {
	st := &lockState{path: filepath.Join(dir, LockName(output)), pos: map[string]*toolPositions{}}
	if model == nil {
		return st
	}
	for _, t := range model.Tools {
		lt := lockTool{Name: t.Name, Func: lockFuncName(t), Description: t.Description}
		lt.Input = prettySchema(t.Schemas[Standard])
		lt.Output = prettySchema(t.OutputSchema)
		if t.Result != nil {
			lt.outputV2 = func() json.RawMessage {
				value, defs, err := outputSchema(t, true)
				if err != nil {
					return lt.Output
				}
				return prettySchema([]byte(strings.Join(outputPieces(value, defs), "")))
			}
		}
		lt.Text = t.Output != nil && t.Result == nil && !t.Enhanced
		calls := lockCalls{Lenient: t.Options.Lenient, Confirm: t.Options.Confirm}
		for d := range numDialects {
			if t.Options.Omit[d] && !t.Refused[d] {
				calls.Omit = append(calls.Omit, dialectNames[d]) // as omit= says it
			}
		}
		if calls.Lenient || calls.Confirm || len(calls.Omit) > 0 {
			lt.Calls = &calls
		}
		st.tools = append(st.tools, lt)
		tp := &toolPositions{tool: t.Pos, input: map[string]token.Position{}, structs: map[string]token.Position{},
			output: map[string]token.Position{}, outRoot: map[string]token.Position{}}
		if t.Input.Type != nil {
			fieldPositions(fset, t.Input.Type, "", tp.input, tp.structs, map[*Type]bool{})
		}
		if t.Result != nil {
			fieldPositions(fset, t.Result, "", tp.output, tp.outRoot, map[*Type]bool{})
		}
		st.pos[t.Name] = tp
	}
	slices.SortFunc(st.tools, func(a, b lockTool) int { return strings.Compare(a.Name, b.Name) })
	return st
}

// lockFuncName names a tool's Go function as the lock records it: F, or
// (T).M for a method.
func lockFuncName(t *Tool) string {
	if t.Func == nil {
		return ""
	}
	sig, _ := t.Func.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		recv := sig.Recv().Type()
		if p, ok := recv.(*types.Pointer); ok {
			recv = p.Elem()
		}
		if n, ok := recv.(*types.Named); ok {
			return "(" + n.Obj().Name() + ")." + t.Func.Name()
		}
	}
	return t.Func.Name()
}

// fieldPositions records the position of each field below t, by path, and
// of each struct type declared in the package, by the path holding it.
func fieldPositions(fset *token.FileSet, t *Type, path string, fields, structs map[string]token.Position, seen map[*Type]bool) {
	t = t.Deref()
	switch t.Kind {
	case KindSlice, KindArray:
		fieldPositions(fset, t.Elem, path+"[]", fields, structs, seen)
		return
	case KindMap:
		fieldPositions(fset, t.Elem, path+"{}", fields, structs, seen)
		return
	case KindStruct:
	default:
		return
	}
	if seen[t] {
		return
	}
	seen[t] = true
	defer delete(seen, t)
	if n, ok := t.Go.(*types.Named); ok && n.Obj().Pos().IsValid() && fset.File(n.Obj().Pos()) != nil {
		structs[path] = fset.Position(n.Obj().Pos())
	}
	for _, f := range t.Fields {
		p := joinPath(path, f.JSONName)
		fields[p] = f.Pos
		if f.Type != nil {
			fieldPositions(fset, f.Type, p, fields, structs, seen)
		}
	}
}

func joinPath(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// prettySchema returns a compact schema as indented JSON with sorted keys
// and numbers as written.
func prettySchema(compact []byte) json.RawMessage {
	if compact == nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(compact))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return json.RawMessage(compact)
	}
	return json.RawMessage(marshalPretty(v, ""))
}

// marshalPretty writes v as indented JSON with sorted object keys and <,
// >, & as themselves; prefix indents every line after the first.
func marshalPretty(v any, prefix string) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil {
		panic(err) // values decoded from JSON always encode
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// content returns the lock file's bytes.
func (st *lockState) content(pkg string) []byte {
	lf := lockFile{Version: LockVersion, Package: pkg, Tools: st.tools}
	if lf.Tools == nil {
		lf.Tools = []lockTool{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(lf); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// parseLock reads a lock file's bytes.
func parseLock(data []byte) (*lockFile, error) {
	lf, err := parseLockAt(data)
	if err != nil {
		return nil, err.err
	}
	return lf, nil
}

// lockError is a lock file that cannot be read, and where in it.
type lockError struct {
	err    error
	offset int64 // the byte where reading failed, or 0
}

// parseLockAt is parseLock, with the offset of the byte where reading
// failed.
func parseLockAt(data []byte) (*lockFile, *lockError) {
	var lf lockFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&lf); err != nil {
		le := &lockError{err: fmt.Errorf("not a toolgen lock file (%v): remove it and run toolgen -lock to write it again", err)}
		var syntax *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syntax):
			le.offset = syntax.Offset
		case errors.As(err, &typ):
			le.offset = typ.Offset
		default:
			le.offset = dec.InputOffset()
		}
		return nil, le
	}
	if lf.Version > LockVersion {
		return nil, &lockError{err: fmt.Errorf("lock file version %d, written by a newer toolgen than this one (version %d): run that toolgen", lf.Version, LockVersion)}
	}
	if lf.Version < 1 {
		return nil, &lockError{err: fmt.Errorf("lock file version %d, but this toolgen writes version %d: run toolgen -lock to write it again", lf.Version, LockVersion)}
	}
	return &lf, nil
}

// offsetPosition is the position in a file of its byte at offset.
func offsetPosition(path string, data []byte, offset int64) token.Position {
	pos := fileStart(path)
	if offset <= 0 {
		return pos
	}
	before := data[:min(offset, int64(len(data)))]
	pos.Line += bytes.Count(before, []byte("\n"))
	pos.Column = len(before) - (bytes.LastIndexByte(before, '\n') + 1)
	if pos.Column == 0 {
		pos.Column = 1
	}
	return pos
}

// lockLine returns the position in a lock file of the entry of tool name.
func lockLine(path string, data []byte, name string) token.Position {
	needle, _ := json.Marshal(name)
	needle = append([]byte(`"name": `), needle...)
	pos := fileStart(path)
	i := bytes.Index(data, needle)
	if i < 0 {
		return pos
	}
	pos.Line = bytes.Count(data[:i], []byte("\n")) + 1
	pos.Column = i - bytes.LastIndexByte(data[:i], '\n')
	return pos
}
