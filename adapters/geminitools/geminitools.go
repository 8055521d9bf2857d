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
//
// A streamed response (Models.GenerateContentStream) brings each function
// call whole in one chunk: execute the calls of all the chunks once the
// last has a finish reason (a stream whose body ends early gives no
// error, only none; MALFORMED_FUNCTION_CALL brings no call to answer),
// and send back the model's turn with the parts of all the chunks but
// the empty ones: genai writes a part of empty text, which a last chunk
// may have, as {}, which Gemini refuses.
//
// A tool whose result is multimodal content is answered with the
// content's description as the output, and with its media of the types
// Gemini takes in a function response (images: PNG, JPEG, WebP;
// documents: PDF, plain text) as the response's parts, by their bytes or
// URI. Gemini's guide documents multimodal function responses for its
// Gemini 3 models; an earlier model may refuse a response with parts.
package geminitools

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/internal/offered"
	"github.com/toolgen-go/toolgen/runtime"
	"google.golang.org/genai"
)

// Tools returns the definitions of reg's tools as one Gemini tool of
// function declarations, sorted by name: with parameters for a tool whose
// Gemini schema reg lists (none for a tool without arguments), with
// parametersJsonSchema for any other; nil if reg has no tool for Gemini,
// which refuses a tool without declarations. The error says which tool's
// schema does not read as a genai.Schema, which generated schemas always do.
func Tools(reg *runtime.Registry) ([]*genai.Tool, error) {
	defs := offered.Definitions(reg, runtime.Gemini)
	if len(defs) == 0 {
		// Gemini refuses a tool without declarations: no tool at all.
		return nil, nil
	}
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
// one), {"error": ...} for anything the model should fix or know. For
// multimodal content, the output is its description, and its media of the
// types Gemini takes there (PNG, JPEG and WebP images, PDFs, plain text in
// UTF-8; inline data of at most 20 MB as base64) are parts of the
// response; other media (audio, video, GIFs, other files) are in the
// description only. Google documents media in function responses for
// Gemini 3 models: for an earlier model, which may refuse them, drop them
// from the responses (part.FunctionResponse.Parts = nil); the output
// still describes each. One call's
// failure does not stop the others, and a call whose ID an earlier call
// has is not run: its response says so. A call whose arguments have no
// JSON encoding (a map made by the program, holding NaN, say) is not run
// either, and its response says so; a nil call is passed over. A call of
// a tool Gemini was not given, one left out of it (omit=gemini) too, is
// told the tools it was given and the one it likely meant among them
// (runtime.UnknownTool). The error is non-nil only when ctx ended. An
// Approver of reg (for tools marked confirm) may be asked about several
// calls at once.
func Execute(ctx context.Context, reg *runtime.Registry, calls []*genai.FunctionCall) ([]*genai.Part, error) {
	calls = slices.DeleteFunc(slices.Clone(calls), func(c *genai.FunctionCall) bool { return c == nil })
	requests := make([]runtime.Call, 0, len(calls))
	failed := make(map[int]string) // the calls not run, by index: why
	unknown := offered.New(reg, runtime.Gemini)
	for i, call := range calls {
		request := runtime.Call{ID: call.ID, Name: call.Name}
		if offered.Omitted(reg, runtime.Gemini, call.Name) {
			// Not offered to Gemini: a model that calls it made it up.
			failed[i] = unknown.Text(call.Name)
			continue
		}
		if call.Args != nil {
			args, err := marshalArgs(call.Args)
			if err != nil {
				failed[i] = fmt.Sprintf("the arguments could not be read as JSON (%v), so the call was not run", err)
				continue
			}
			request.Args = args
		}
		requests = append(requests, request)
	}
	ran, err := reg.ExecuteAll(ctx, requests)
	if err != nil {
		return nil, err
	}
	parts := make([]*genai.Part, len(calls))
	// The turn's responses go back in one request, whose inline data
	// (as base64) they share.
	inline := maxInlineBase64
	for i, call := range calls {
		var res runtime.Result
		if why, ok := failed[i]; ok {
			res.Error = why
		} else {
			res, ran = unknown.Relist(call.Name, ran[0]), ran[1:]
		}
		parts[i] = &genai.Part{FunctionResponse: response(call, &res, &inline)}
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
	return marshal(args)
}

// marshal is v as JSON without HTML escapes. A panic of a MarshalJSON
// method in v is an error.
func marshal(v any) (data []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("a MarshalJSON method panicked: %v", r)
		}
	}()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// unencodable is the error of a result with no JSON encoding, in the words
// the runtime uses for a generated tool's.
const unencodable = "internal error: the tool's result could not be encoded"

// structured is the JSON of a successful structured result, which the
// request that carries it back to Gemini can hold: its Output, which is
// that JSON, when it is valid JSON in valid UTF-8, as the runtime writes
// it; otherwise (a Result made by hand) its Data, encoded here. ok is
// false if Data has no JSON encoding either.
func structured(res *runtime.Result) (v json.RawMessage, ok bool) {
	if res.Structured && json.Valid([]byte(res.Output)) {
		if utf8.ValidString(res.Output) {
			return json.RawMessage(res.Output), true
		}
		// Decoding makes each invalid byte U+FFFD, which the request can
		// carry.
		var value any
		dec := json.NewDecoder(strings.NewReader(res.Output))
		dec.UseNumber()
		if dec.Decode(&value) == nil {
			if data, err := marshal(value); err == nil {
				return data, true
			}
		}
	}
	if res.Data == nil && res.Structured && res.Output != "" {
		return nil, false // Output claimed JSON it is not, and no Data to make it from
	}
	data, err := marshal(res.Data)
	if err != nil {
		return nil, false
	}
	return data, true
}

// response is the function response for the model; its inline data are
// taken from the base64 bytes inline has left.
func response(call *genai.FunctionCall, res *runtime.Result, inline *int) *genai.FunctionResponse {
	out := &genai.FunctionResponse{ID: call.ID, Name: call.Name}
	content, multimodal := res.Data.(runtime.Content)
	switch {
	case !res.Success:
		out.Response = map[string]any{"error": res.Error}
	case multimodal:
		out.Response = map[string]any{"output": res.Output}
		for _, p := range content {
			if part := responsePart(p, inline); part != nil {
				out.Parts = append(out.Parts, part)
			}
		}
	case res.Data != nil || res.Structured:
		data, ok := structured(res)
		switch {
		case !ok:
			out.Response = map[string]any{"error": unencodable}
		case !res.Structured && res.Output != "":
			// A Result made by hand with text and data.
			out.Response = map[string]any{"output": res.Output, "data": data}
		default:
			out.Response = map[string]any{"output": data}
		}
	default:
		out.Response = map[string]any{"output": res.Output}
	}
	return out
}

// responseTypes are the media types Gemini takes in a function response's
// parts ("Multimodal function responses" in its function calling guide):
// images (PNG, JPEG, WebP) and documents (PDF, plain text).
var responseTypes = map[string]bool{
	"image/png":       true,
	"image/jpeg":      true,
	"image/webp":      true,
	"application/pdf": true,
	"text/plain":      true,
}

// maxInlineBase64 is the most base64 of inline data sent: Gemini takes
// requests of at most 20 MB with inline data, which travels as base64.
// The parts of one Execute's responses share it; data past it go by the
// output's description.
const maxInlineBase64 = 20_000_000

// responsePart is the part of a function response that carries the media
// of p, or nil if Gemini would not take it: text (the output has it), a
// part without a media type, or of one outside responseTypes (audio,
// video, GIF, Word...), without data or a URL, at a URL Gemini cannot
// read (see fetchable), inline data over what inline has left of
// maxInlineBase64 (which inline data take their share of), plain text
// that is not UTF-8. Such a part is left to the
// output's description, which describes every part.
func responsePart(p runtime.Part, inline *int) *genai.FunctionResponsePart {
	if p.Type == runtime.PartText {
		return nil
	}
	mediaType, params, err := mime.ParseMediaType(p.MIMEType)
	if err != nil || !responseTypes[mediaType] {
		return nil
	}
	switch {
	case p.URL != "":
		if !fetchable(p.URL) {
			return nil
		}
		return &genai.FunctionResponsePart{FileData: &genai.FunctionResponseFileData{FileURI: p.URL, MIMEType: mediaType}}
	case len(p.Data) == 0 || base64.StdEncoding.EncodedLen(len(p.Data)) > *inline:
		return nil
	case mediaType == "text/plain" && (params["charset"] != "" && !strings.EqualFold(params["charset"], "utf-8") || !utf8.Valid(p.Data)):
		return nil
	}
	*inline -= base64.StdEncoding.EncodedLen(len(p.Data))
	return &genai.FunctionResponsePart{InlineData: &genai.FunctionResponseBlob{MIMEType: mediaType, Data: p.Data, DisplayName: p.Name}}
}

// fetchable reports whether u is a URL Gemini can read file data from: an
// absolute http(s) URL, or a gs: one of Cloud Storage. Any other (a file:
// or relative URL) would fail the request with a 400, and every later one,
// as the function response stays in the conversation.
func fetchable(u string) bool {
	parsed, err := url.Parse(u)
	if err != nil || parsed.Host == "" {
		return false
	}
	switch parsed.Scheme {
	case "https", "http", "gs":
		return true
	}
	return false
}
