// Package anthropictools hands the tools of a toolgen registry to
// Anthropic's Messages API, with the official Go SDK
// (github.com/anthropics/anthropic-sdk-go/v2), and answers the tool_use
// blocks the model sends.
//
// Tools sends each tool's generated schema as it is, byte for byte, so the
// request's tools are the same bytes every time and prompt caches hit; with
// a registry in the Anthropic dialect (runtime.Settings.Dialect) the tools are
// strict. Execute answers with tool_result blocks: the text for the model,
// or the error with is_error set, and for a tool whose result is
// multimodal content, its text and images as blocks of their own.
//
//	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Anthropic})
//	if err := reg.Register(weather.Tools()...); err != nil {
//		log.Fatal(err)
//	}
//	params := anthropic.MessageNewParams{Model: model, MaxTokens: 1024, Tools: anthropictools.Tools(reg), Messages: messages}
//	message, err := client.Messages.New(ctx, params)
//	// ...
//	results, err := anthropictools.Execute(ctx, reg, message.Content)
//	params.Messages = append(params.Messages, message.ToParam(), anthropic.NewUserMessage(results...))
package anthropictools

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"
	"github.com/toolgen-go/toolgen/runtime"
)

// Tools returns the definitions of reg's tools as Messages API tools,
// sorted by name, strict if reg is in the Anthropic dialect and the tool's
// Anthropic schema is made for strict tool use (runtime.Info.Strict).
func Tools(reg *runtime.Registry) []anthropic.ToolUnionParam {
	defs := slices.DeleteFunc(reg.Definitions(), func(def runtime.Definition) bool { return omitted(reg, def.Name) })
	tools := make([]anthropic.ToolUnionParam, len(defs))
	for i, def := range defs {
		strict := false
		if reg.Dialect() == runtime.Anthropic {
			tool, ok := reg.Lookup(def.Name)
			strict = ok && tool.Info().Strict(runtime.Anthropic)
		}
		raw, _ := json.Marshal(struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"input_schema"`
			Strict      bool            `json:"strict,omitempty"`
		}{def.Name, def.Description, def.Parameters, strict})
		tool := param.Override[anthropic.ToolParam](json.RawMessage(raw))
		tools[i] = anthropic.ToolUnionParam{OfTool: &tool}
	}
	return tools
}

// Execute runs the tool_use blocks of a message's content through reg, all
// at once, and returns the tool_result blocks that answer them, in their
// order; other blocks are passed over. A call of an unknown tool, with bad
// arguments or that fails is answered too, with is_error set, and one
// call's failure does not stop the others. The error is non-nil only when
// ctx ended. An Approver of reg (for tools marked confirm) may be asked
// about several calls at once. A tool_use whose ID an earlier one has is
// answered without running, with is_error set. A result the API would
// refuse is answered so that it takes it: text that is empty or only white
// space is left out (a failure without words says the tool failed), and a
// structured result made by hand without its JSON, or whose data has no
// JSON encoding, is encoded here or answered as a failure.
func Execute(ctx context.Context, reg *runtime.Registry, content []anthropic.ContentBlockUnion) ([]anthropic.ContentBlockParamUnion, error) {
	var uses []anthropic.ContentBlockUnion
	for _, block := range content {
		if block.Type == "tool_use" {
			uses = append(uses, block)
		}
	}
	// A call whose ID an earlier one has is not run (see
	// runtime.Registry.ExecuteAll): its answer says so.
	requests := make([]runtime.Call, 0, len(uses))
	for _, use := range uses {
		if !omitted(reg, use.Name) {
			requests = append(requests, runtime.Call{ID: use.ID, Name: use.Name, Args: use.Input})
		}
	}
	results, err := reg.ExecuteAll(ctx, requests)
	if err != nil {
		return nil, err
	}
	blocks := make([]anthropic.ContentBlockParamUnion, len(uses))
	for i, use := range uses {
		var res runtime.Result
		if omitted(reg, use.Name) {
			// Not offered to Anthropic: a model that calls it made it up.
			res.Error = fmt.Sprintf("unknown tool %q", use.Name)
		} else {
			res, results = results[0], results[1:]
		}
		blocks[i] = anthropic.ContentBlockParamUnion{OfToolResult: toolResult(use.ID, &res)}
	}
	return blocks, nil
}

// omitted reports whether reg's tool name is left out of Anthropic by its
// directive (omit=anthropic), which a registry in another dialect lists.
func omitted(reg *runtime.Registry, name string) bool {
	tool, ok := reg.Lookup(name)
	return ok && slices.Contains(tool.Info().Dialects.Omitted, runtime.Anthropic)
}

// Texts for results that would otherwise fail the next request, which
// takes no empty text block: a failure without an Error (from a tool
// written by hand), and a result with no JSON encoding, in the words the
// runtime uses for a generated tool's.
const (
	unexplained = "the tool failed without saying why"
	unencodable = "internal error: the tool's result could not be encoded"
)

// toolResult is the tool_result block that answers the tool_use id with
// res.
func toolResult(id string, res *runtime.Result) *anthropic.ToolResultBlockParam {
	content, ok := resultContent(res)
	return &anthropic.ToolResultBlockParam{ToolUseID: id, IsError: param.NewOpt(!ok), Content: content}
}

// resultContent is the content of a tool_result, and whether the call
// succeeded: the Result's text, or the parts of multimodal content
// (images as image blocks; other media, which a tool_result cannot hold,
// by their description). Anthropic refuses a text block that is empty or
// only white space, so such text is left out, and a tool_result with
// nothing to say has no content.
func resultContent(res *runtime.Result) ([]anthropic.ToolResultBlockParamContentUnion, bool) {
	var out []anthropic.ToolResultBlockParamContentUnion
	text := func(s string) {
		if strings.TrimSpace(s) != "" {
			out = append(out, anthropic.ToolResultBlockParamContentUnion{OfText: &anthropic.TextBlockParam{Text: s}})
		}
	}
	content, ok := res.Data.(runtime.Content)
	switch {
	case !res.Success:
		if strings.TrimSpace(res.Error) == "" {
			text(unexplained)
		} else {
			text(res.Error)
		}
		return out, false
	case !ok:
		text(res.Output)
		if res.Data != nil && !res.Structured {
			// A structured result made by hand, without its JSON in
			// Output.
			data, err := marshal(res.Data)
			if err != nil {
				return []anthropic.ToolResultBlockParamContentUnion{{OfText: &anthropic.TextBlockParam{Text: unencodable}}}, false
			}
			text(string(data))
		}
		return out, true
	}
	for _, p := range content {
		switch {
		case p.Type == runtime.PartText:
			text(p.Text)
		case p.Type == runtime.PartImage && p.URL != "":
			out = append(out, anthropic.ToolResultBlockParamContentUnion{OfImage: &anthropic.ImageBlockParam{
				Source: anthropic.ImageBlockParamSourceUnion{OfURL: &anthropic.URLImageSourceParam{URL: p.URL}},
			}})
		case p.Type == runtime.PartImage && len(p.Data) > 0 && anthropicImageType(p.MIMEType):
			out = append(out, anthropic.ToolResultBlockParamContentUnion{OfImage: &anthropic.ImageBlockParam{
				Source: anthropic.ImageBlockParamSourceUnion{OfBase64: &anthropic.Base64ImageSourceParam{
					MediaType: anthropic.Base64ImageSourceMediaType(p.MIMEType),
					Data:      base64.StdEncoding.EncodeToString(p.Data),
				}},
			}})
		default:
			text(runtime.Content{p}.String())
		}
	}
	return out, true
}

// marshal is v as JSON, without the escapes of <, > and & (as the runtime
// writes results); a panic of v's MarshalJSON is an error.
func marshal(v any) (data []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("anthropictools: encoding the result panicked: %v", r)
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

// anthropicImageType reports whether Anthropic takes images of media type
// t as base64 data: JPEG, PNG, GIF and WebP. Others (SVG, BMP, none) would
// fail the next request with a 400, so they go by their description.
func anthropicImageType(t string) bool {
	switch anthropic.Base64ImageSourceMediaType(t) {
	case anthropic.Base64ImageSourceMediaTypeImageJPEG, anthropic.Base64ImageSourceMediaTypeImagePNG,
		anthropic.Base64ImageSourceMediaTypeImageGIF, anthropic.Base64ImageSourceMediaTypeImageWebP:
		return true
	}
	return false
}
