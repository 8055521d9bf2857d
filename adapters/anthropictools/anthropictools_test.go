package anthropictools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/google/go-cmp/cmp"
	"github.com/toolgen-go/toolgen/adapters/anthropictools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// message is what the API answers to the first request: text, then four
// calls: a good one, one with bad arguments, one of a tool that does not
// exist, and one whose result is an image.
const message = `{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1},"content":[
{"type":"text","text":"Let me check."},
{"type":"tool_use","id":"tu_1","name":"convert_temperature","input":{"value":100,"from":"celsius","to":"fahrenheit"}},
{"type":"tool_use","id":"tu_2","name":"get_forecast","input":{"days":30}},
{"type":"tool_use","id":"tu_3","name":"get_weather","input":{}},
{"type":"tool_use","id":"tu_4","name":"look","input":{}}]}`

func TestRoundTrip(t *testing.T) {
	var ids []string // the calls' IDs, as the registry's middleware saw them
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Anthropic, Middleware: []runtime.Middleware{tooltest.RecordIDs(&ids)}})
	if err := reg.Register(append(weather.Tools(), tooltest.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	var bodies [][]byte
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		bodies = append(bodies, body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, message)
	}))
	defer api.Close()
	defer api.CloseClientConnections()
	client := anthropic.NewClient(option.WithBaseURL(api.URL), option.WithAPIKey("test"), option.WithMaxRetries(0))

	ctx := context.Background()
	params := anthropic.MessageNewParams{
		Model:     "claude-test",
		MaxTokens: 1024,
		Tools:     anthropictools.Tools(reg),
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Weather in Paris?"))},
	}
	msg, err := client.Messages.New(ctx, params)
	if err != nil {
		t.Fatal(err)
	}

	// The tools went out with the generated schemas, byte for byte, strict.
	var sent struct {
		Tools []struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"input_schema"`
			Strict      bool            `json:"strict"`
		} `json:"tools"`
	}
	if err := json.Unmarshal(bodies[0], &sent); err != nil {
		t.Fatal(err)
	}
	defs := reg.Definitions()
	if len(sent.Tools) != len(defs) {
		t.Fatalf("%d tools sent, %d defined", len(sent.Tools), len(defs))
	}
	for i, def := range defs {
		if got := sent.Tools[i]; got.Name != def.Name || got.Description != def.Description || !got.Strict {
			t.Errorf("tool %d: %+v", i, got)
		}
		if !strings.Contains(string(bodies[0]), string(def.Parameters)) {
			t.Errorf("%s: the schema was not sent as generated", def.Name)
		}
	}

	results, err := anthropictools.Execute(ctx, reg, msg.Content)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ids)
	if want := []string{"tu_1", "tu_2", "tu_3", "tu_4"}; !slices.Equal(ids, want) {
		t.Errorf("the registry saw the call IDs %q, want %q", ids, want)
	}
	params.Messages = append(params.Messages, msg.ToParam(), anthropic.NewUserMessage(results...))
	if _, err := client.Messages.New(ctx, params); err != nil {
		t.Fatal(err)
	}
	var second struct {
		Messages []struct {
			Role    string            `json:"role"`
			Content []json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(bodies[1], &second); err != nil {
		t.Fatal(err)
	}
	last := second.Messages[len(second.Messages)-1]
	var got []any
	for _, block := range last.Content {
		var v any
		json.Unmarshal(block, &v)
		got = append(got, v)
	}
	var want []any
	json.Unmarshal([]byte(`[
{"type":"tool_result","tool_use_id":"tu_1","is_error":false,"content":[{"type":"text","text":"100 celsius is 212 fahrenheit"}]},
{"type":"tool_result","tool_use_id":"tu_2","is_error":true,"content":[{"type":"text","text":"invalid arguments: /city: required field is missing; /days: must be at most 14, got 30"}]},
{"type":"tool_result","tool_use_id":"tu_3","is_error":true,"content":[{"type":"text","text":"unknown tool \"get_weather\"; the tools are: convert_temperature, get_forecast, look, words"}]},
{"type":"tool_result","tool_use_id":"tu_4","is_error":false,"content":[
 {"type":"text","text":"A cat:"},
 {"type":"image","source":{"type":"base64","media_type":"image/png","data":"UE5H"}},
 {"type":"text","text":"[audio, audio/wav, 4 bytes]"},
 {"type":"text","text":"[video, video/mp4, at https://example.com/cat.mp4]"},
 {"type":"document","title":"cat.txt","source":{"type":"text","media_type":"text/plain","data":"meow"}}]}]`), &want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tool results (-want +got):\n%s", diff)
	}
}

// A tool whose Anthropic schema degraded to its standard one (here made by
// hand: toolgen's Anthropic dialect expresses every type) is not strict,
// the others are.
func TestToolsStrictPerTool(t *testing.T) {
	schema := json.RawMessage(`{"properties":{"labels":{"additionalProperties":{"type":"string"},"type":"object"}},"additionalProperties":false,"type":"object","required":["labels"]}`)
	loose := toolimpl.NewInvokable(&runtime.Info{
		Name:        "tag",
		Description: "Tags a thing.",
		Parameters:  schema,
		Dialects:    runtime.DialectSchemas{Anthropic: schema, AnthropicDegraded: true},
	}, toolimpl.DecodeNoInput, func(context.Context, toolimpl.NoInput) (string, error) { return "", nil })
	got := map[string]bool{}
	for _, tool := range sentStrict(t, append(weather.Tools(), loose)...) {
		got[tool.Name] = tool.Strict
	}
	want := map[string]bool{"convert_temperature": true, "get_forecast": true, "tag": false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("strict (-want +got):\n%s", diff)
	}
}

// Two tool_use blocks with the same ID: the first runs, the second is
// answered without running (a tool marked confirm must not run twice), as
// openaitools answers them.
func TestExecuteDuplicateIDs(t *testing.T) {
	var runs atomic.Int32
	count := toolimpl.NewInvokable(&runtime.Info{
		Name:        "count",
		Description: "Counts its calls.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
	}, toolimpl.DecodeNoInput, func(ctx context.Context, in toolimpl.NoInput) (int32, error) { return runs.Add(1), nil })
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(count); err != nil {
		t.Fatal(err)
	}
	var msg anthropic.Message
	if err := json.Unmarshal([]byte(`{"id":"msg_1","type":"message","role":"assistant","content":[
{"type":"tool_use","id":"tu_1","name":"count","input":{}},
{"type":"tool_use","id":"tu_1","name":"count","input":{}},
{"type":"tool_use","id":"tu_2","name":"count","input":{}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	blocks, err := anthropictools.Execute(context.Background(), reg, msg.Content)
	if err != nil {
		t.Fatal(err)
	}
	if runs.Load() != 2 || len(blocks) != 3 {
		t.Fatalf("%d runs, %d blocks", runs.Load(), len(blocks))
	}
	for i, want := range []struct {
		id      string
		isError bool
		text    string
	}{
		{"tu_1", false, "1"},
		{"tu_1", true, `this call repeats the id "tu_1" of an earlier call in the same turn, so it was not run`},
		{"tu_2", false, "2"},
	} {
		r := blocks[i].OfToolResult
		if r == nil || r.ToolUseID != want.id || r.IsError.Value != want.isError || len(r.Content) != 1 || r.Content[0].OfText == nil {
			t.Fatalf("block %d: %+v", i, r)
		}
		if got := r.Content[0].OfText.Text; want.isError && got != want.text || !want.isError && got == "" {
			t.Errorf("block %d: text %q, want %q", i, got, want.text)
		}
	}
}

// strictTool is a tool written by hand whose Anthropic schema is strict,
// with required, optional and nullable (two types) string properties.
func strictTool(name string, required, optional, nullable int) runtime.Tool {
	props := map[string]any{}
	var req []string
	for i := range required {
		p := fmt.Sprintf("r%d", i)
		props[p], req = map[string]any{"type": "string"}, append(req, p)
	}
	for i := range optional {
		props[fmt.Sprintf("o%d", i)] = map[string]any{"type": "string"}
	}
	for i := range nullable {
		p := fmt.Sprintf("n%d", i)
		props[p], req = map[string]any{"type": []string{"string", "null"}}, append(req, p)
	}
	schema, _ := json.Marshal(map[string]any{"type": "object", "properties": props, "required": req, "additionalProperties": false})
	return toolimpl.NewInvokable(&runtime.Info{
		Name:        name,
		Description: "The " + name + " tool.",
		Parameters:  schema,
		Dialects:    runtime.DialectSchemas{Anthropic: schema},
	}, toolimpl.DecodeNoInput, func(context.Context, toolimpl.NoInput) (string, error) { return "", nil })
}

// TestToolsStrictLimits: the API refuses a request whose strict tools
// number more than 20, or have more than 24 optional parameters or 16 of
// several types in all; Tools sends a tool that would go past a limit
// non-strict, in the order of the tools, and keeps the others strict.
func TestToolsStrictLimits(t *testing.T) {
	strictOf := func(tools ...runtime.Tool) []string {
		t.Helper()
		var strict []string
		for _, tool := range sentStrict(t, tools...) {
			if tool.Strict {
				strict = append(strict, tool.Name)
			}
		}
		return strict
	}
	var many []runtime.Tool
	for i := range 25 {
		many = append(many, strictTool(fmt.Sprintf("t%02d", i), 1, 0, 0))
	}
	if got := strictOf(many...); len(got) != 20 || got[19] != "t19" {
		t.Errorf("25 tools: strict %v, want t00 to t19", got)
	}
	// 10 + 10 optional fit, 10 more do not; a tool with none still does.
	got := strictOf(strictTool("a", 1, 10, 0), strictTool("b", 0, 10, 0), strictTool("c", 0, 10, 0), strictTool("d", 2, 4, 0), strictTool("e", 1, 1, 0))
	if want := []string{"a", "b", "d"}; !slices.Equal(got, want) {
		t.Errorf("optional parameters: strict %v, want %v", got, want)
	}
	got = strictOf(strictTool("a", 0, 0, 9), strictTool("b", 0, 0, 9), strictTool("c", 1, 0, 7))
	if want := []string{"a", "c"}; !slices.Equal(got, want) {
		t.Errorf("parameters of several types: strict %v, want %v", got, want)
	}
}

// sentTool is a tool's name and strict flag, as Tools sends them.
type sentTool struct {
	Name   string `json:"name"`
	Strict bool   `json:"strict"`
}

// sentStrict returns the names and strict flags Tools sends for tools, in
// a registry of the Anthropic dialect.
func sentStrict(t *testing.T, tools ...runtime.Tool) []sentTool {
	t.Helper()
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Anthropic})
	if err := reg.Register(tools...); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(anthropictools.Tools(reg))
	if err != nil {
		t.Fatal(err)
	}
	var sent []sentTool
	if err := json.Unmarshal(data, &sent); err != nil {
		t.Fatal(err)
	}
	return sent
}
