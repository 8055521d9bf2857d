package openaitools

import (
	"context"
	"encoding/json"

	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolgen-go/toolgen/internal/offered"
	"github.com/toolgen-go/toolgen/runtime"
)

// ResponseTools returns the definitions of reg's tools as Responses API
// function tools, sorted by name, each schema as generated, byte for byte.
// Unlike Chat Completions, the Responses API makes a function tool strict
// when its request leaves "strict" out, so every tool carries the flag: true
// for a tool strict in the OpenAI dialect of reg, false for one that
// degraded there (sent with its standard schema) and for every tool of a
// registry in another dialect, whose schemas are not made for strict mode.
// With no tool for OpenAI it returns nil, as Tools does.
func ResponseTools(reg *runtime.Registry) []responses.ToolUnionParam {
	defs := offered.Definitions(reg, runtime.OpenAI)
	if len(defs) == 0 {
		return nil // as Tools: nil leaves the request's tools out
	}
	tools := make([]responses.ToolUnionParam, len(defs))
	for i, def := range defs {
		strict := false
		if reg.Dialect() == runtime.OpenAI {
			strict = *strictness(reg, def.Name)
		}
		function, _ := json.Marshal(struct {
			Type        string          `json:"type"`
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
			Strict      bool            `json:"strict"`
		}{"function", def.Name, def.Description, def.Parameters, strict})
		tool := param.Override[responses.FunctionToolParam](json.RawMessage(function))
		tools[i] = responses.ToolUnionParam{OfFunction: &tool}
	}
	return tools
}

// ExecuteResponse runs the function calls among the output items of a
// response (its Output) through reg, all at once, and returns the input
// items that answer them, in the order of the calls: a function_call_output
// item for each function_call item, with the call's Result as JSON. Other
// items (messages, reasoning, built-in tools' calls) are skipped; a
// custom_tool_call item, whose input is free text, is answered with a
// custom_tool_call_output that says the program serves function tools only.
// As with Execute, a call of an unknown tool, with bad arguments or that
// fails is answered with what the model can act on, one call's failure
// does not stop the others, and a call whose call_id an earlier call has is
// not run but answered so. The error is non-nil only when ctx ended.
//
// The output of a call whose result is multimodal content with media the
// API takes in a function_call_output is the content's parts, in order,
// instead of the Result's JSON: text as input_text; images (PNG, JPEG,
// WebP, GIF of one frame) as input_image, by their bytes as a data URL or
// at an http(s) URL; files of the types input_file takes (PDF, plain text,
// Markdown, JSON, HTML, XML, CSV, Word, RTF, OpenDocument text,
// PowerPoint, Excel) as input_file, by their bytes as a data URL with a
// file name or at an http(s) URL; every other part (audio, video, another
// file, media the API would refuse or past its limits) as input_text that
// describes it. Content with no such media is answered with the Result's
// JSON, as any other result.
func ExecuteResponse(ctx context.Context, reg *runtime.Registry, output []responses.ResponseOutputItemUnion) ([]responses.ResponseInputItemUnionParam, error) {
	var calls []runtime.Call
	var custom []bool
	for _, item := range output {
		// The item's fields, not AsFunctionCall, which decodes the JSON the
		// item came from: a program that set the arguments itself (from a
		// stream's deltas) is answered for what it set.
		switch item.Type {
		case "function_call":
			calls = append(calls, runtime.Call{ID: item.CallID, Name: item.Name, Args: json.RawMessage(item.Arguments.OfString)})
			custom = append(custom, false)
		case "custom_tool_call":
			calls = append(calls, runtime.Call{ID: item.CallID, Name: item.Name, Args: json.RawMessage(item.Input)})
			custom = append(custom, true)
		}
	}
	results, err := run(ctx, reg, calls, custom)
	if err != nil {
		return nil, err
	}
	answers := make([]responses.ResponseInputItemUnionParam, len(calls))
	var budget mediaBudget
	for i, call := range calls {
		if custom[i] {
			answers[i] = responses.ResponseInputItemParamOfCustomToolCallOutput(call.ID, results[i].JSONText())
			continue
		}
		if items := outputItems(&results[i], &budget); items != nil {
			answers[i] = responses.ResponseInputItemParamOfFunctionCallOutput(items)
		} else {
			answers[i] = responses.ResponseInputItemParamOfFunctionCallOutput(results[i].JSONText())
		}
		answers[i].OfFunctionCallOutput.CallID = param.NewOpt(call.ID)
	}
	return answers, nil
}
