package openaitools_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolgen-go/toolgen/adapters/openaitools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/tooltest/mcponly"
	"github.com/toolgen-go/toolgen/runtime"
)

// A tool whose directive leaves it out of OpenAI (omit=openai) is neither
// listed nor run through openaitools, though the standard registry holds
// it (the MCP server's, say).
func TestOmittedFromOpenAI(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(append(weather.Tools(), mcponly.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	for _, tools := range []any{openaitools.Tools(reg), openaitools.ResponseTools(reg)} {
		list, _ := json.Marshal(tools)
		if strings.Contains(string(list), "internal_state") || !strings.Contains(string(list), `"get_forecast"`) {
			t.Errorf("listed: %s", list)
		}
	}
	var msg openai.ChatCompletionMessage
	if err := json.Unmarshal([]byte(`{"role":"assistant","tool_calls":[{"id":"call_1","type":"function","function":{"name":"internal_state","arguments":"{}"}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	before := mcponly.Runs.Load()
	answers, err := openaitools.Execute(context.Background(), reg, msg.ToolCalls)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(answers)
	if !strings.Contains(string(got), `unknown tool \\\"internal_state\\\"`) || mcponly.Runs.Load() != before {
		t.Errorf("%d runs; answers %s", mcponly.Runs.Load()-before, got)
	}
}

// A call of a tool OpenAI was not given is told the tools it was given
// and the one it likely meant among them, never one left out of OpenAI
// (omit=openai), though the standard registry lists it; so is a call of a
// tool left out.
func TestUnknownToolOffered(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(append(weather.Tools(), mcponly.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	var msg openai.ChatCompletionMessage
	if err := json.Unmarshal([]byte(`{"role":"assistant","tool_calls":[
		{"id":"c1","type":"function","function":{"name":"functions.getForecast","arguments":"{}"}},
		{"id":"c2","type":"function","function":{"name":"internal_stat","arguments":"{}"}},
		{"id":"c3","type":"function","function":{"name":"internal_state","arguments":"{}"}},
		{"id":"c4","type":"function","function":{"name":"nope","arguments":"{}"}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	answers, err := openaitools.Execute(context.Background(), reg, msg.ToolCalls)
	if err != nil {
		t.Fatal(err)
	}
	const tools = "; the tools are: convert_temperature, get_forecast"
	for i, want := range []string{
		`unknown tool "functions.getForecast"; did you mean "get_forecast"?` + tools,
		`unknown tool "internal_stat"` + tools,
		`unknown tool "internal_state"` + tools,
		`unknown tool "nope"` + tools,
	} {
		var res struct{ Error string }
		if err := json.Unmarshal([]byte(answers[i].OfTool.Content.OfString.Value), &res); err != nil || res.Error != want {
			t.Errorf("call %d: %s (%v), want %s", i+1, answers[i].OfTool.Content.OfString.Value, err, want)
		}
	}
	// With the responses API too.
	var resp struct {
		Output []responses.ResponseOutputItemUnion `json:"output"`
	}
	if err := json.Unmarshal([]byte(`{"output":[{"type":"function_call","call_id":"c1","name":"internal_stat","arguments":"{}"}]}`), &resp); err != nil {
		t.Fatal(err)
	}
	items, err := openaitools.ExecuteResponse(context.Background(), reg, resp.Output)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(items)
	if want := `unknown tool \\\"internal_stat\\\"` + tools + `\"`; !strings.Contains(string(got), want) {
		t.Errorf("responses: %s, want %s", got, want)
	}
}

// A registry with no tool for OpenAI (its only tool says omit=openai, or
// none is registered yet) gives no tools: the request then has no "tools"
// field, as OpenAI refuses an empty array ("[] is too short - 'tools'",
// code empty_array) with a 400.
func TestNoToolsForOpenAI(t *testing.T) {
	omitted := runtime.NewRegistry(nil)
	if err := omitted.Register(mcponly.Tools()...); err != nil {
		t.Fatal(err)
	}
	for _, reg := range []*runtime.Registry{omitted, runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})} {
		chat, _ := json.Marshal(openai.ChatCompletionNewParams{Model: "m", Tools: openaitools.Tools(reg)})
		resp, _ := json.Marshal(responses.ResponseNewParams{Model: "m", Tools: openaitools.ResponseTools(reg)})
		for _, body := range [][]byte{chat, resp} {
			if strings.Contains(string(body), `"tools"`) {
				t.Errorf("request %s", body)
			}
		}
	}
}
