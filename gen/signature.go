package gen

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
)

// shapes is the list of allowed signatures, for error messages.
const shapes = "func([ctx context.Context,] [in In | name T, ...]) (Out, error), the same returning only error " +
	"or iter.Seq2[Chunk, error] (a streamable tool), where In is a struct or a pointer to one; methods have the same shapes"

// tool builds the model of one exported function or method.
func (a *analyzer) tool(fn *ast.FuncDecl, fd *funcDirectives) *Tool {
	obj, ok := a.pkg.TypesInfo.Defs[fn.Name].(*types.Func)
	if !ok {
		return nil
	}
	sig := obj.Type().(*types.Signature)
	t := &Tool{
		Pos:     a.fset.Position(fn.Name.Pos()),
		Name:    fd.export.name,
		Options: fd.export.options,
		Func:    obj,
	}
	if t.Name == "" {
		t.Name = snakeCase(fn.Name.Name)
		if !toolNameRE.MatchString(t.Name) {
			a.errorf(fn.Name.Pos(), "the default tool name %q is not valid (want ^[a-zA-Z0-9_-]{1,64}$): name the tool in the directive", t.Name)
		}
	}
	t.Description = a.constWords(a.pkg.Types, toolDoc(docText(fn.Doc), fn.Name.Name, t.Name))
	a.toolName = t.Name
	defer func() { a.toolName = "" }()
	if t.Description == "" {
		a.errorf(fn.Name.Pos(), "tool %s has no description: write a doc comment saying what it does and when to use it; the model chooses tools by their descriptions", t.Name)
	}
	before := len(a.diags)
	if sig.RecvTypeParams().Len() > 0 {
		a.errorf(fn.Name.Pos(), "method %s of a generic type cannot be a tool: its argument types must be known when code is generated; write a method of a type that is not generic (or a function) that calls it with the types it takes", fn.Name.Name)
		return nil
	}
	if sig.TypeParams().Len() > 0 {
		a.errorf(fn.Name.Pos(), "generic function %s cannot be a tool: its argument types must be known when code is generated; write a function that calls it with the types it takes", fn.Name.Name)
		return nil
	}
	if sig.Variadic() {
		last := sig.Params().At(sig.Params().Len() - 1)
		if elem := last.Type().(*types.Slice).Elem(); einoOption(elem) {
			// utils.InferOptionableTool's function: the options are the
			// calling program's, not arguments a model sends.
			a.errorf(last.Pos(), "%s takes ...%s, Eino's call options (utils.InferOptionableTool), which are not arguments the model sends and which no toolgen caller passes: drop the parameter; what a call needs from the program goes through a method's receiver or runtime.WithSession", fn.Name.Name, types.TypeString(elem, (*types.Package).Name))
			return nil
		}
		a.errorf(fn.Name.Pos(), "variadic function %s cannot be a tool; use a slice field. Allowed: %s", fn.Name.Name, shapes)
		return nil
	}
	if recv := sig.Recv(); recv != nil {
		first := len(a.out.Receivers)
		t.Recv = a.receiver(recv.Type())
		if n, ok := types.Unalias(derefType(recv.Type())).(*types.Named); ok && len(a.out.Receivers) > first && !n.Obj().Exported() && a.pkg.Types.Name() != "main" {
			a.noteAt(a.fset.Position(fn.Name.Pos()), "method tools of the unexported type %s make Tools take a %s, which only package %s can pass: export the type, or export a function of %s that returns Tools(...) of its own value",
				n.Obj().Name(), types.TypeString(recv.Type(), types.RelativeTo(a.pkg.Types)), a.pkg.Types.Name(), a.pkg.Types.Name())
		}
	}
	a.params(fn, sig, t, fd)
	if in := t.Input.Type; t.Input.Kind == InputStruct && in != nil {
		// "Set MaxResults to get more": the model knows max_results.
		t.Description = replaceWords(t.Description, fieldWords(in.Fields))
	}
	a.results(fn, sig, t)
	if len(a.diags) > before {
		return nil
	}
	if o := t.Options; !o.ReadOnly && o.Destructive == hintUnsaid {
		a.noteAt(a.fset.Position(fd.export.pos), "tool %s: its directive says neither readonly nor destructive, so MCP hosts take it as destructive and may ask before every call: add readonly, destructive or destructive=false to its //tool:export directive", t.Name)
	}
	return t
}

// derefType is t, or what t points to.
func derefType(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// receiver returns the Tools(...) parameter for a method's receiver type,
// adding it on first appearance.
func (a *analyzer) receiver(typ types.Type) *Receiver {
	base := typ
	if p, ok := base.(*types.Pointer); ok {
		base = p.Elem()
	}
	for _, r := range a.out.Receivers {
		if types.Identical(r.Type, typ) {
			return r
		}
		if rb, ok := r.Type.(*types.Pointer); ok && types.Identical(rb.Elem(), base) || types.Identical(r.Type, base) {
			// Methods on S and on *S: one parameter, the pointer, through
			// which the methods on S are called too.
			if _, ok := typ.(*types.Pointer); ok {
				r.Type = typ
			}
			return r
		}
	}
	name := "recv"
	if n, ok := types.Unalias(base).(*types.Named); ok {
		name = lowerFirst(n.Obj().Name())
	}
	r := &Receiver{Type: typ, Name: name}
	a.out.Receivers = append(a.out.Receivers, r)
	return r
}

// params reads the parameters: an optional context, then one struct, or
// plain parameters, or nothing.
// paramName names a parameter in messages: "parameter req (*net/http.Request)".
func (a *analyzer) paramName(p *types.Var) string {
	return fmt.Sprintf("parameter %s (%s)", p.Name(), types.TypeString(p.Type(), types.RelativeTo(a.pkg.Types)))
}

func (a *analyzer) params(fn *ast.FuncDecl, sig *types.Signature, t *Tool, fd *funcDirectives) {
	docs := fd.params
	params := sig.Params()
	var rest []*types.Var
	for i := range params.Len() {
		p := params.At(i)
		if isContext(p.Type()) {
			if i != 0 {
				a.errorf(p.Pos(), "context.Context must be the first parameter of %s", fn.Name.Name)
			}
			t.Context = true
			continue
		}
		if mcpType(p.Type(), "CallToolRequest") {
			a.errorf(p.Pos(), "%s takes %s, the MCP request, which mcptools reads: take only the arguments (the handler's input struct); the program's own values go through a method's receiver or runtime.WithSession", fn.Name.Name, types.TypeString(p.Type(), (*types.Package).Name))
			continue
		}
		if i == 0 && contextLike(p.Type()) {
			// genkit's *ai.ToolContext, adk-go's tool.Context: a context
			// with more, which toolgen cannot make.
			a.errorf(p.Pos(), "the first parameter of %s is %s, a context.Context with more of its own, which toolgen cannot make: take ctx context.Context, and pass what the rest gives through a method's receiver or runtime.WithSession", fn.Name.Name, types.TypeString(p.Type(), types.RelativeTo(a.pkg.Types)))
			continue
		}
		rest = append(rest, p)
	}
	if name := t.Options.Session; name != "" {
		var ok bool
		if rest, docs, ok = a.sessionParam(fn, t, rest, docs, fd.export.sessionPos); !ok {
			return
		}
	}
	if len(rest) == 1 {
		if st, ptr := structParam(rest[0].Type()); st != nil {
			typ := a.at(rest[0].Pos(), a.paramName(rest[0]), func() *Type { return a.typeOf(rest[0].Type(), rest[0].Pos()) })
			t.Input = Input{Kind: InputStruct, Pointer: ptr, Type: typ}
			if ptr && t.Input.Type != nil {
				t.Input.Type = t.Input.Type.Elem
			}
			if in := t.Input.Type; in != nil && in.Kind == KindCustom {
				a.errorf(rest[0].Pos(), "%s: give the arguments' struct exported fields with json tags (its UnmarshalJSON still decodes them), or take plain parameters", a.unknownShape(in))
			} else if in != nil && in.Kind != KindStruct {
				advice := "take the arguments in a struct that has a field of this type, or plain parameters"
				if n, ok := in.Go.(*types.Named); ok && (promotedFrom(n, "UnmarshalJSON") != nil || promotedFrom(n, "UnmarshalText") != nil) {
					advice = "give the embedded field a name, so that encoding/json reads the struct's fields again"
				}
				a.errorf(rest[0].Pos(), "%s: a tool's arguments are a JSON object of fields, and encoding/json reads this type from %s instead (%s): %s", a.paramName(rest[0]), kindNames[in.Kind], a.decodedBy(in.Go), advice)
			}
			for _, d := range docs {
				a.errorf(d.pos, "//tool:param describes plain parameters; %s takes a struct, so describe its fields with doc comments or jsonschema tags", fn.Name.Name)
			}
			return
		}
	}
	if len(rest) == 1 && rest[0].Name() != "" && rest[0].Name() != "_" {
		switch u := rest[0].Type().Underlying().(type) {
		case *types.Map, *types.Interface:
			described := slices.ContainsFunc(docs, func(d paramDirective) bool { return d.name == rest[0].Name() })
			if _, isMap := u.(*types.Map); !described && (isMap || u.(*types.Interface).Empty()) {
				// The MCP go-sdk, Eino and genkit take such an input as the
				// whole argument object; here it is one argument.
				name := rest[0].Name()
				a.noteAt(a.fset.Position(rest[0].Pos()), "tool %s: its one parameter %s (%s) is one argument named %s, so the model sends {%q: ...}, where the MCP go-sdk, Eino and genkit take such an input as the whole argument object: to keep the arguments flat, take a struct with a field for each; to keep this argument, describe it with //tool:param %s", t.Name, name, types.TypeString(rest[0].Type(), types.RelativeTo(a.pkg.Types)), name, name, name)
			}
		}
	}
	if len(rest) == 0 {
		t.Input = Input{Kind: InputNone}
		for _, d := range docs {
			a.errorf(d.pos, "//tool:param %s: %s takes no arguments", d.name, fn.Name.Name)
		}
		return
	}
	st := &Type{Kind: KindStruct, Params: true}
	described := make(map[string]string)
	for _, d := range docs {
		described[d.name] = d.description
	}
	for _, p := range rest {
		name := p.Name()
		if name == "" || name == "_" {
			a.errorf(p.Pos(), "the parameters of %s need names: the model's argument object is made from them", fn.Name.Name)
			continue
		}
		typ := a.at(p.Pos(), a.paramName(p), func() *Type {
			a.fieldPath = append(a.fieldPath, name) // the model's path to its fields
			return a.typeOf(p.Type(), p.Pos())
		})
		if typ == nil {
			continue
		}
		goName := exportedName(name)
		for slices.ContainsFunc(st.Fields, func(f *Field) bool { return f.GoName == goName }) {
			goName += "_"
		}
		f := &Field{
			Pos:      a.fset.Position(p.Pos()),
			GoName:   goName, // exported, so encoding/json sees it too
			JSONName: name,
			Required: typ.Kind != KindPointer,
			Type:     typ,
		}
		f.Rules.Description = described[name]
		delete(described, name)
		if custom := typ.Deref(); custom.Kind == KindCustom {
			// A parameter has no tag to state its JSON type with.
			if f.Rules.Type = knownJSONType(custom.Go); f.Rules.Type == "" {
				a.errorf(p.Pos(), "parameter %s: %s: take the arguments as a struct whose field states it with a tag, as in jsonschema:\"type=string\"", name, a.unknownShape(custom))
			}
		}
		st.Fields = append(st.Fields, f)
	}
	for _, d := range docs {
		if _, left := described[d.name]; left {
			var names []string
			for _, f := range st.Fields {
				names = append(names, f.JSONName)
			}
			if near := nearest(d.name, names); near != "" && len(d.name) > 2 {
				a.errorf(d.pos, "//tool:param %s: %s has no parameter %s; did you mean %s?", d.name, fn.Name.Name, d.name, near)
			} else {
				a.errorf(d.pos, "//tool:param %s: %s has no parameter %s; its parameters are %s", d.name, fn.Name.Name, d.name, strings.Join(names, ", "))
			}
		}
	}
	t.Input = Input{Kind: InputParams, Type: st}
}

// sessionParam takes the session parameter that the directive's session
// option names out of params, the parameters after ctx, where it must be
// the first, and the //tool:param lines out of docs, where it has none.
func (a *analyzer) sessionParam(fn *ast.FuncDecl, t *Tool, params []*types.Var, docs []paramDirective, pos token.Pos) ([]*types.Var, []paramDirective, bool) {
	name := t.Options.Session
	i := slices.IndexFunc(params, func(p *types.Var) bool { return p.Name() == name })
	switch {
	case i < 0:
		a.errorf(pos, "session=%s: %s has no parameter %s; name the parameter, right after ctx, that takes the session value", name, fn.Name.Name, name)
		return nil, nil, false
	case i > 0:
		a.errorf(params[i].Pos(), "the session parameter %s must come first after ctx, before the arguments of %s", name, fn.Name.Name)
		return nil, nil, false
	}
	p := params[0]
	if types.IsInterface(p.Type()) {
		a.errorf(p.Pos(), "the session parameter %s has the interface type %s: a session value is found by its exact type, so use a concrete type (a struct or a pointer to one)", name, types.TypeString(p.Type(), types.RelativeTo(a.pkg.Types)))
		return nil, nil, false
	}
	t.Session = p
	kept := docs[:0:0]
	for _, d := range docs {
		if d.name == name {
			a.errorf(d.pos, "//tool:param %s: %s is the session parameter, which the model never sees; drop the line", name, name)
			continue
		}
		kept = append(kept, d)
	}
	return params[1:], kept, true
}

// results reads the results: (Out, error), error, or iter.Seq2[Chunk,
// error].
func (a *analyzer) results(fn *ast.FuncDecl, sig *types.Signature, t *Tool) {
	res := sig.Results()
	pos := fn.Name.Pos()
	if fn.Type.Results != nil {
		pos = fn.Type.Results.Pos()
	}
	switch {
	case res.Len() == 1 && isIterSeq2(res.At(0).Type()):
		args := types.Unalias(res.At(0).Type()).(*types.Named).TypeArgs()
		chunk := args.At(0)
		if !isError(args.At(1)) {
			a.errorf(pos, "a streamable tool returns iter.Seq2[Chunk, error]; %s yields %s as its second value", fn.Name.Name, types.TypeString(args.At(1), types.RelativeTo(a.pkg.Types)))
			return
		}
		if !encodable(chunk) || isError(chunk) {
			a.errorf(pos, "the chunk type %s of %s cannot be encoded as JSON", types.TypeString(chunk, types.RelativeTo(a.pkg.Types)), fn.Name.Name)
			return
		}
		if media(chunk) {
			a.errorf(pos, "%s yields %s: multimodal content cannot be streamed (its chunks would reach the model as JSON, the media as base64 text); return runtime.Content from a tool that is not streamable, or yield text or structured chunks", fn.Name.Name, types.TypeString(chunk, (*types.Package).Name))
			return
		}
		t.Output, t.Stream = chunk, true
		if !textChunk(chunk) {
			t.Result = a.at(pos, "result", func() *Type { return a.structuredResult(chunk, pos) })
		}
		if t.Options.Retries > 0 || t.Options.Cache > 0 {
			a.errorf(pos, "%s streams its result, so it cannot take retries or cache: the chunks it has sent cannot be taken back or replayed", fn.Name.Name)
		}
	case res.Len() == 2 && isError(res.At(1).Type()) && !isError(res.At(0).Type()):
		out := res.At(0).Type()
		if isIterSeq2(out) {
			a.errorf(pos, "a streamable tool returns iter.Seq2[Chunk, error] alone, not with an error: yield a failure to start as the first error")
			return
		}
		if mcpType(out, "CallToolResult") {
			a.errorf(pos, "%s returns %s, the MCP envelope, which mcptools makes of a tool's result: return the result itself (a struct, or a string for text), and report a failure the model should read with runtime.Fail, which reaches MCP as isError", fn.Name.Name, types.TypeString(out, (*types.Package).Name))
			return
		}
		if !encodable(out) {
			a.errorf(pos, "the result type %s of %s cannot be encoded as JSON", types.TypeString(out, types.RelativeTo(a.pkg.Types)), fn.Name.Name)
			return
		}
		if media(out) && !isNamed(out, RuntimePath, "Content") {
			a.errorf(pos, "%s returns %s: return runtime.Content (by value) for a multimodal result, which adapters send as media; this would reach the model as JSON, the media as base64 text", fn.Name.Name, types.TypeString(out, (*types.Package).Name))
			return
		}
		t.Output = out
		t.Enhanced = isNamed(out, RuntimePath, "Content")
		if !t.Enhanced {
			t.Result = a.at(pos, "result", func() *Type { return a.structuredResult(out, pos) })
		}
	case res.Len() == 1 && isError(res.At(0).Type()):
		t.Output = nil
	default:
		a.errorf(pos, "unsupported signature for a tool: %s must return (Out, error) or error; allowed: %s", fn.Name.Name, shapes)
	}
}

// structuredResult returns the model of a result or chunk type for its
// output schema, or nil for a string, which the model reads as text.
func (a *analyzer) structuredResult(t types.Type, pos token.Pos) *Type {
	if types.Identical(t, types.Typ[types.String]) {
		return nil
	}
	return a.resultType(t, pos)
}

// textChunk reports whether chunks of type t are text: string, or a
// string type of the user's own that does not marshal itself (type Token
// string).
func textChunk(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); !ok || b.Kind() != types.String {
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	return !ok || !hasMethod(n, "MarshalJSON") && !hasMethod(n, "MarshalText")
}

func isContext(t types.Type) bool { return isNamed(t, "context", "Context") }

// mcpType reports whether t is (a pointer to) the type name of an MCP
// SDK's package, as the go-sdk's and mcp-go's handlers take and return
// them: *mcp.CallToolRequest, *mcp.CallToolResult.
func mcpType(t types.Type, name string) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	var obj *types.TypeName
	switch t := t.(type) {
	case *types.Alias: // the go-sdk's CallToolRequest = ServerRequest[*CallToolParamsRaw]
		obj = t.Obj()
	case *types.Named:
		obj = t.Obj()
	default:
		return false
	}
	return obj.Name() == name && obj.Pkg() != nil && mcpPackages[obj.Pkg().Path()]
}

// einoOption reports whether t is Eino's tool.Option, the call options of
// a function made into a tool by utils.InferOptionableTool.
func einoOption(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "Option" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "github.com/cloudwego/eino/components/tool"
}

// mcpPackages are the MCP SDKs' packages whose handlers' types a tool
// cannot take or return.
var mcpPackages = map[string]bool{
	"github.com/modelcontextprotocol/go-sdk/mcp": true,
	"github.com/mark3labs/mcp-go/mcp":            true,
}

// contextLike reports whether t has the methods of a context.Context
// without being one: a framework's context type.
func contextLike(t types.Type) bool {
	ms := types.NewMethodSet(t)
	sig := func(name string) *types.Signature {
		if sel := ms.Lookup(nil, name); sel != nil {
			return sel.Type().(*types.Signature)
		}
		return nil
	}
	deadline, done, err, value := sig("Deadline"), sig("Done"), sig("Err"), sig("Value")
	if deadline == nil || done == nil || err == nil || value == nil {
		return false
	}
	if deadline.Results().Len() != 2 || done.Results().Len() != 1 || err.Results().Len() != 1 || value.Params().Len() != 1 {
		return false
	}
	ch, isChan := types.Unalias(done.Results().At(0).Type()).(*types.Chan)
	return isNamed(deadline.Results().At(0).Type(), "time", "Time") && isChan && ch.Dir() == types.RecvOnly &&
		isError(err.Results().At(0).Type())
}

func isError(t types.Type) bool { return types.Identical(t, types.Universe.Lookup("error").Type()) }

func isIterSeq2(t types.Type) bool { return isNamed(t, "iter", "Seq2") }

// isNamed reports whether t is the named type pkg.name.
// media reports whether t is the runtime's Content or Part, or a pointer
// to one: multimodal content, which only a result of type Content carries
// as media.
func media(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	return isNamed(t, RuntimePath, "Content") || isNamed(t, RuntimePath, "Part")
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// structParam reports whether t is a struct or a pointer to one.
func structParam(t types.Type) (st *types.Struct, pointer bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, pointer = p.Elem(), true
	}
	st, _ = t.Underlying().(*types.Struct)
	if st != nil && (isNamed(t, "time", "Time")) {
		return nil, false
	}
	return st, pointer
}

// encodable reports whether encoding/json can encode a value of type t, as
// far as its type tells.
func encodable(t types.Type) bool {
	seen := make(map[types.Type]bool)
	var walk func(types.Type) bool
	walk = func(t types.Type) bool {
		if seen[t] {
			return true
		}
		seen[t] = true
		switch u := t.Underlying().(type) {
		case *types.Chan, *types.Signature:
			return false
		case *types.Basic:
			return u.Info()&(types.IsComplex) == 0 && u.Kind() != types.UnsafePointer
		case *types.Pointer:
			return walk(u.Elem())
		case *types.Slice:
			return walk(u.Elem())
		case *types.Array:
			return walk(u.Elem())
		case *types.Map:
			return walk(u.Elem())
		}
		return true
	}
	return walk(t)
}

func dirOf(file string) string { return filepath.Dir(file) }

// exportedName turns a parameter name into an exported field name, with Go's
// initialisms: id → ID, userURL → UserURL.
func exportedName(name string) string {
	if up := strings.ToUpper(name); initialisms[up] {
		return up
	}
	return upperFirst(name)
}

var initialisms = map[string]bool{
	"ID": true, "URL": true, "URI": true, "HTTP": true, "API": true, "UUID": true, "JSON": true, "IP": true, "SQL": true,
}
