// Package geminitools hands the tools of a toolgen registry to Gemini,
// with Google's Gen AI Go SDK (google.golang.org/genai), and answers the
// function calls the model makes.
//
// Tools sends each tool's generated schema as it is. A registry in the
// Gemini dialect (runtime.Settings.Dialect) fills each declaration's parameters,
// the OpenAPI subset every Gemini model takes; any other registry sends
// its JSON Schema as parametersJsonSchema, byte for byte. So does a Gemini
// registry for a tool whose arguments the subset cannot express (a
// recursive type, a map or an empty struct below the arguments), which
// degraded to its standard schema when it was generated
// (runtime.Info.Strict).
//
//	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Gemini})
//	if err := reg.Register(weather.Tools()...); err != nil {
//		log.Fatal(err)
//	}
//	tools, err := geminitools.Tools(reg)
//	config := &genai.GenerateContentConfig{Tools: tools}
//	resp, err := client.Models.GenerateContent(ctx, model, contents, config)
//	// ...
//	parts, err := geminitools.Execute(ctx, reg, resp.FunctionCalls())
//	contents = append(contents, resp.Candidates[0].Content, genai.NewContentFromParts(parts, genai.RoleUser))
package geminitools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/toolgen-go/toolgen/runtime"
	"google.golang.org/genai"
)

// Tools returns the definitions of reg's tools as one Gemini tool of
// function declarations, sorted by name: with parameters for a tool whose
// Gemini schema reg lists (none for a tool without arguments), with
// parametersJsonSchema for any other. The error says which tool's
// schema does not read as a genai.Schema, which generated schemas always do.
func Tools(reg *runtime.Registry) ([]*genai.Tool, error) {
	defs := reg.Definitions()
	decls := make([]*genai.FunctionDeclaration, len(defs))
	for i, def := range defs {
		decl := &genai.FunctionDeclaration{Name: def.Name, Description: def.Description}
		if reg.Dialect() == runtime.Gemini && strict(reg, def.Name) {
			decl.Parameters = new(genai.Schema)
			if err := json.Unmarshal(def.Parameters, decl.Parameters); err != nil {
				return nil, fmt.Errorf("geminitools: the schema of %s: %w", def.Name, err)
			}
			if p := decl.Parameters; len(p.Properties) == 0 && p.AnyOf == nil {
				// A tool without arguments has no parameters: Gemini has
				// refused an OBJECT without properties.
				decl.Parameters = nil
			}
		} else {
			decl.ParametersJsonSchema = def.Parameters
		}
		decls[i] = decl
	}
	return []*genai.Tool{{FunctionDeclarations: decls}}, nil
}

// strict reports whether the Gemini schema of reg's tool name is made for
// Gemini's parameters, not the standard one it degraded to.
func strict(reg *runtime.Registry, name string) bool {
	tool, ok := reg.Lookup(name)
	return ok && tool.Info().Strict(runtime.Gemini)
}

// Execute runs the function calls of a response through reg, all at once,
// and returns the function responses that answer them, in their order:
// {"output": ...} for a result (its text, or its JSON for a structured
// one), {"error": ...} for anything the model should fix or know, with
// the media of multimodal content as parts of the response. One call's
// failure does not stop the others, and a call whose ID an earlier call
// has is not run: its response says so. The error is non-nil only when
// ctx ended. An Approver of reg (for tools marked confirm) may be asked
// about several calls at once.
func Execute(ctx context.Context, reg *runtime.Registry, calls []*genai.FunctionCall) ([]*genai.Part, error) {
	requests := make([]runtime.Call, len(calls))
	for i, call := range calls {
		requests[i].ID, requests[i].Name = call.ID, call.Name
		if call.Args != nil {
			args, err := marshalArgs(call.Args)
			if err != nil {
				return nil, fmt.Errorf("geminitools: the arguments of %s: %w", call.Name, err)
			}
			requests[i].Args = args
		}
	}
	results, err := reg.ExecuteAll(ctx, requests)
	if err != nil {
		return nil, err
	}
	parts := make([]*genai.Part, len(calls))
	for i, call := range calls {
		parts[i] = &genai.Part{FunctionResponse: response(call, &results[i])}
	}
	return parts, nil
}

// marshalArgs writes a call's arguments, which genai decoded into a map,
// back as JSON: without the escapes json.Marshal writes for <, > and & in
// strings, so that the registry's middleware logs them as the model wrote
// them, and a query such as "a & b" or "x < 5" stays on the generated
// decoders' fast path, which passes a string with an escape to the full
// decoder.
func marshalArgs(args map[string]any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(args); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// response is the function response for the model.
func response(call *genai.FunctionCall, res *runtime.Result) *genai.FunctionResponse {
	out := &genai.FunctionResponse{ID: call.ID, Name: call.Name}
	content, multimodal := res.Data.(runtime.Content)
	switch {
	case !res.Success:
		out.Response = map[string]any{"error": res.Error}
	case multimodal:
		out.Response = map[string]any{"output": res.Output}
		for _, p := range content {
			switch {
			case p.Type == runtime.PartText:
			case p.MIMEType == "" || p.URL == "" && len(p.Data) == 0:
				// Gemini needs a media type, and data or a URL: without
				// them the part is left to the output's description.
			case p.URL != "":
				out.Parts = append(out.Parts, &genai.FunctionResponsePart{FileData: &genai.FunctionResponseFileData{FileURI: p.URL, MIMEType: p.MIMEType}})
			default:
				out.Parts = append(out.Parts, &genai.FunctionResponsePart{InlineData: &genai.FunctionResponseBlob{MIMEType: p.MIMEType, Data: p.Data, DisplayName: p.Name}})
			}
		}
	case res.Data != nil:
		// Output holds the structured result's JSON, made when the call
		// ended.
		out.Response = map[string]any{"output": json.RawMessage(res.Output)}
	default:
		out.Response = map[string]any{"output": res.Output}
	}
	return out
}
