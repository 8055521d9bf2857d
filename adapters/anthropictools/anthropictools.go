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
	"context"
	"encoding/base64"
	"encoding/json"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"
	"github.com/toolgen-go/toolgen/runtime"
)

// Tools returns the definitions of reg's tools as Messages API tools,
// sorted by name, strict if reg is in the Anthropic dialect and the tool's
// Anthropic schema is made for strict tool use (runtime.Info.Strict).
func Tools(reg *runtime.Registry) []anthropic.ToolUnionParam {
	defs := reg.Definitions()
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
// answered without running, with is_error set.
func Execute(ctx context.Context, reg *runtime.Registry, content []anthropic.ContentBlockUnion) ([]anthropic.ContentBlockParamUnion, error) {
	var uses []anthropic.ContentBlockUnion
	for _, block := range content {
		if block.Type == "tool_use" {
			uses = append(uses, block)
		}
	}
	// A call whose ID an earlier one has is not run (see
	// runtime.Registry.ExecuteAll): its answer says so.
	requests := make([]runtime.Call, len(uses))
	for i, use := range uses {
		requests[i] = runtime.Call{ID: use.ID, Name: use.Name, Args: use.Input}
	}
	results, err := reg.ExecuteAll(ctx, requests)
	if err != nil {
		return nil, err
	}
	blocks := make([]anthropic.ContentBlockParamUnion, len(uses))
	for i, use := range uses {
		blocks[i] = anthropic.ContentBlockParamUnion{OfToolResult: &anthropic.ToolResultBlockParam{
			ToolUseID: use.ID,
			IsError:   param.NewOpt(!results[i].Success),
			Content:   resultContent(&results[i]),
		}}
	}
	return blocks, nil
}

// resultContent is the content of a tool_result: the Result's text, or the
// parts of multimodal content (images as image blocks; other media, which
// a tool_result cannot hold, by their description).
func resultContent(res *runtime.Result) []anthropic.ToolResultBlockParamContentUnion {
	text := func(s string) anthropic.ToolResultBlockParamContentUnion {
		return anthropic.ToolResultBlockParamContentUnion{OfText: &anthropic.TextBlockParam{Text: s}}
	}
	content, ok := res.Data.(runtime.Content)
	switch {
	case !res.Success:
		return []anthropic.ToolResultBlockParamContentUnion{text(res.Error)}
	case !ok:
		if res.Output == "" {
			return nil // a tool with no result: an empty tool_result
		}
		return []anthropic.ToolResultBlockParamContentUnion{text(res.Output)}
	}
	var out []anthropic.ToolResultBlockParamContentUnion
	for _, p := range content {
		switch {
		case p.Type == runtime.PartText:
			out = append(out, text(p.Text))
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
			out = append(out, text(runtime.Content{p}.String()))
		}
	}
	return out
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
