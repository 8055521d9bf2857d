// Package openaitools hands the tools of a toolgen registry to OpenAI's
// Chat Completions and Responses APIs, with the official Go SDK
// (github.com/openai/openai-go/v3), and answers the calls the model makes.
//
// Tools sends each tool's generated schema as it is, byte for byte (the
// SDK would otherwise re-encode it from a map, reordering its properties),
// so the request's tools are the same bytes every time and prompt caches
// hit. With a registry in the OpenAI dialect (runtime.Settings.Dialect), the
// tools use strict mode: the schemas are made for it. A tool whose
// arguments strict mode cannot express (a map, an any value) degraded when
// it was generated: it is sent with strict false and its standard schema
// (runtime.Info.Strict).
//
//	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
//	if err := reg.Register(weather.Tools()...); err != nil {
//		log.Fatal(err)
//	}
//	params := openai.ChatCompletionNewParams{Model: openai.ChatModelGPT5, Tools: openaitools.Tools(reg), Messages: messages}
//	completion, err := client.Chat.Completions.New(ctx, params)
//	// ...
//	msg := completion.Choices[0].Message
//	answers, err := openaitools.Execute(ctx, reg, msg.ToolCalls)
//	params.Messages = append(params.Messages, msg.ToParam())
//	params.Messages = append(params.Messages, answers...)
//
// The Responses API takes the same tools from ResponseTools, and
// ExecuteResponse answers the function_call items of a response's output
// with function_call_output items:
//
//	params := responses.ResponseNewParams{Model: openai.ChatModelGPT5, Tools: openaitools.ResponseTools(reg), Input: input}
//	resp, err := client.Responses.New(ctx, params)
//	// ...
//	answers, err := openaitools.ExecuteResponse(ctx, reg, resp.Output)
//	params.PreviousResponseID = openai.String(resp.ID)
//	params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: answers}
//
// A streamed completion, accumulated with openai.ChatCompletionAccumulator,
// is executed the same way once its finish_reason is "tool_calls": a
// stream whose body ends before [DONE] gives no error, only no
// finish_reason, and JustFinishedToolCall may report a call before its
// arguments are whole when the calls' deltas interleave. A streamed
// response is executed with the output of its response.completed event;
// an "error" event is not the stream's error.
//
// The answers are the Results as JSON. The Responses API also takes
// images and files in a function_call_output, so ExecuteResponse answers
// a tool whose result is multimodal content with its parts: text, images
// and files the API takes as input_text, input_image and input_file
// items, each other part by its description. A Chat Completions tool
// message holds text only: there the content goes as its description.
package openaitools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/shared"
	"github.com/toolgen-go/toolgen/internal/offered"
	"github.com/toolgen-go/toolgen/runtime"
)

// Tools returns the definitions of reg's tools as Chat Completions tools,
// sorted by name. A tool is strict if reg is in the OpenAI dialect and its
// OpenAI schema is made for strict mode; a tool that degraded there is sent
// with "strict": false and its standard schema. With no tool for OpenAI it
// returns nil, which leaves the request's tools out: OpenAI refuses an
// empty array of them.
func Tools(reg *runtime.Registry) []openai.ChatCompletionToolUnionParam {
	defs := offered.Definitions(reg, runtime.OpenAI)
	if len(defs) == 0 {
		return nil // OpenAI refuses an empty array of tools; nil leaves the field out
	}
	tools := make([]openai.ChatCompletionToolUnionParam, len(defs))
	for i, def := range defs {
		function, _ := json.Marshal(struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
			Strict      *bool           `json:"strict,omitempty"`
		}{def.Name, def.Description, def.Parameters, strictness(reg, def.Name)})
		tools[i] = openai.ChatCompletionFunctionTool(param.Override[shared.FunctionDefinitionParam](json.RawMessage(function)))
	}
	return tools
}

// strictness is the strict flag of a tool's definition: true for a tool
// strict in the OpenAI dialect of reg, false for one that degraded there,
// and absent when reg is in another dialect, whose schemas are not made for
// strict mode.
func strictness(reg *runtime.Registry, name string) *bool {
	if reg.Dialect() != runtime.OpenAI {
		return nil
	}
	tool, ok := reg.Lookup(name)
	strict := ok && tool.Info().Strict(runtime.OpenAI)
	return &strict
}

// Execute runs the tool calls of an assistant message through reg, all at
// once, and returns the tool messages that answer them, in the order of
// the calls. Each answer is the call's Result as JSON (for multimodal
// content, its text description: a tool message holds text only): a call
// of an unknown tool, with bad arguments or that fails is answered too, with
// what the model can act on, and one call's failure does not stop the
// others; a Result with no JSON encoding (from a tool written by hand) is
// answered as a failure. A call whose ID an earlier call of the message already has is
// not run: its answer says so. The error is non-nil only when ctx ended.
// An Approver of reg (for tools marked confirm) may be asked about
// several calls at once.
func Execute(ctx context.Context, reg *runtime.Registry, calls []openai.ChatCompletionMessageToolCallUnion) ([]openai.ChatCompletionMessageParamUnion, error) {
	requests := make([]runtime.Call, len(calls))
	custom := make([]bool, len(calls))
	for i, call := range calls {
		requests[i] = runtime.Call{ID: call.ID, Name: call.Function.Name, Args: json.RawMessage(call.Function.Arguments)}
		if call.Type == "custom" {
			// A custom tool's input is free text, not JSON arguments.
			requests[i] = runtime.Call{ID: call.ID, Name: call.Custom.Name, Args: json.RawMessage(call.Custom.Input)}
			custom[i] = true
		}
	}
	results, err := run(ctx, reg, requests, custom)
	if err != nil {
		return nil, err
	}
	answers := make([]openai.ChatCompletionMessageParamUnion, len(calls))
	for i, call := range calls {
		answers[i] = openai.ToolMessage(results[i].JSONText(), call.ID)
	}
	return answers, nil
}

// run executes calls through reg at once and returns each one's Result, in
// order. A call whose ID an earlier one has is not run (see
// runtime.Registry.ExecuteAll), whether the earlier one is a function's
// or a custom tool's: its answer says so. A call of a custom tool
// (custom[i]), whose input is free text, never reaches reg, not even a
// function tool of its name: its answer says so. Nor does a call of a tool
// left out of OpenAI by its directive (omit=openai), answered as a call of
// an unknown tool. The answer to a call of an unknown tool names the tools
// offered to OpenAI, and the one the model likely meant among them
// (runtime.UnknownTool), never one left out.
func run(ctx context.Context, reg *runtime.Registry, calls []runtime.Call, custom []bool) ([]runtime.Result, error) {
	var functions []runtime.Call
	var customIDs map[string]bool // of the custom calls before
	repeated := make([]bool, len(calls))
	left := make([]bool, len(calls)) // left out of OpenAI
	for i, call := range calls {
		switch {
		case custom[i]:
			if customIDs == nil {
				customIDs = make(map[string]bool)
			}
			customIDs[call.ID] = true
		case call.ID != "" && customIDs[call.ID]:
			repeated[i] = true
		case offered.Omitted(reg, runtime.OpenAI, call.Name):
			// Not offered to OpenAI: a model that calls it made it up.
			left[i] = true
		default:
			functions = append(functions, call)
		}
	}
	results, err := reg.ExecuteAll(ctx, functions)
	if err != nil {
		return nil, err
	}
	answers := make([]runtime.Result, len(calls))
	unknown := offered.New(reg, runtime.OpenAI)
	for i, call := range calls {
		if custom[i] {
			answers[i] = runtime.Result{Error: fmt.Sprintf("%q is not a tool of this program: it serves function tools only", cutName(call.Name))}
			continue
		}
		if left[i] {
			answers[i] = runtime.Result{Error: unknown.Text(call.Name)}
			continue
		}
		if repeated[i] {
			// As ExecuteAll answers a call that repeats an ID.
			answers[i] = runtime.Result{Error: fmt.Sprintf("this call repeats the id %q of an earlier call in the same turn, so it was not run", cutName(call.ID))}
			continue
		}
		answers[i] = unknown.Relist(call.Name, results[0])
		results = results[1:]
	}
	return answers, nil
}

// cutName is a tool name a model wrote, as a message shows it: its first
// 64 bytes, UTF-8.
func cutName(name string) string {
	if len(name) > 64+utf8.UTFMax {
		name = name[:64+utf8.UTFMax]
	}
	name = strings.ToValidUTF8(name, "\uFFFD")
	if len(name) > 64 {
		n := 64
		for n > 0 && !utf8.RuneStart(name[n]) {
			n--
		}
		name = name[:n]
	}
	return name
}
