package openaitools_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/toolgen-go/toolgen/adapters/openaitools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// completion is what the API answers to the first request: four calls,
// one good, one with bad arguments, one of a tool that does not exist, and
// one as strict mode makes a model write it, with null for each optional
// field it leaves out.
const completion = `{"id":"c1","object":"chat.completion","created":1,"model":"gpt-test","choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"tool_calls":[
{"id":"call_1","type":"function","function":{"name":"convert_temperature","arguments":"{\"value\":100,\"from\":\"celsius\",\"to\":\"fahrenheit\"}"}},
{"id":"call_2","type":"function","function":{"name":"get_forecast","arguments":"{\"days\":30}"}},
{"id":"call_3","type":"function","function":{"name":"get_weather","arguments":"{}"}},
{"id":"call_4","type":"function","function":{"name":"get_forecast","arguments":"{\"city\":\"Paris\",\"days\":null,\"unit\":null,\"include_wind\":null}"}}]}}]}`

// A conversation with a fake API: the tools go out as generated, the
// calls come back, and the answers go out in order.
func TestRoundTrip(t *testing.T) {
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
	if err := reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	var bodies [][]byte
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		bodies = append(bodies, body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, completion)
	}))
	defer api.Close()
	client := openai.NewClient(option.WithBaseURL(api.URL), option.WithAPIKey("test"), option.WithMaxRetries(0))
	defer api.CloseClientConnections()

	ctx := context.Background()
	params := openai.ChatCompletionNewParams{
		Model:    "gpt-test",
		Tools:    openaitools.Tools(reg),
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Weather in Paris?")},
	}
	resp, err := client.Chat.Completions.New(ctx, params)
	if err != nil {
		t.Fatal(err)
	}

	// The tools went out with the generated schemas, byte for byte, strict.
	var sent struct {
		Tools []struct {
			Type     string `json:"type"`
			Function struct {
				Name        string          `json:"name"`
				Description string          `json:"description"`
				Parameters  json.RawMessage `json:"parameters"`
				Strict      bool            `json:"strict"`
			} `json:"function"`
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
		got := sent.Tools[i].Function
		if sent.Tools[i].Type != "function" || got.Name != def.Name || got.Description != def.Description || !got.Strict {
			t.Errorf("tool %d: %+v", i, sent.Tools[i])
		}
		if !strings.Contains(string(bodies[0]), string(def.Parameters)) {
			t.Errorf("%s: the schema was not sent as generated:\n%s", def.Name, bodies[0])
		}
	}

	msg := resp.Choices[0].Message
	answers, err := openaitools.Execute(ctx, reg, msg.ToolCalls)
	if err != nil {
		t.Fatal(err)
	}
	params.Messages = append(params.Messages, msg.ToParam())
	params.Messages = append(params.Messages, answers...)
	if _, err := client.Chat.Completions.New(ctx, params); err != nil {
		t.Fatal(err)
	}
	var second struct {
		Messages []struct {
			Role       string `json:"role"`
			Content    string `json:"content"`
			ToolCallID string `json:"tool_call_id"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(bodies[1], &second); err != nil {
		t.Fatal(err)
	}
	type answer struct{ ID, Content string }
	var got []answer
	for _, m := range second.Messages {
		if m.Role == "tool" {
			got = append(got, answer{m.ToolCallID, m.Content})
		}
	}
	want := []answer{
		{"call_1", `{"success":true,"output":"100 celsius is 212 fahrenheit"}`},
		{"call_2", `{"success":false,"error":"invalid arguments: /city: required field is missing; /days: must be at most 14, got 30"}`},
		{"call_3", `{"success":false,"error":"unknown tool \"get_weather\"; the tools are: convert_temperature, get_forecast"}`},
		// The defaults: three days, in celsius.
		{"call_4", `{"success":true,"data":{"city":"Paris","unit":"celsius","days":[{"day":0,"summary":"cloudy","high":18,"low":10},{"day":1,"summary":"light rain","high":20.5,"low":12.5},{"day":2,"summary":"sunny","high":20.7,"low":12.7}]}}`},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tool messages (-want +got):\n%s", diff)
	}
}

func TestExecuteCanceled(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	var resp openai.ChatCompletion
	if err := json.Unmarshal([]byte(completion), &resp); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := openaitools.Execute(ctx, reg, resp.Choices[0].Message.ToolCalls); err != context.Canceled {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// A custom tool call (free text input) is answered as for a tool the
// registry does not hold.
func TestExecuteCustom(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	// A custom call named as a function tool of the registry does not
	// reach it either: its input is free text, not the tool's arguments.
	var msg openai.ChatCompletionMessage
	if err := json.Unmarshal([]byte(`{"role":"assistant","tool_calls":[{"id":"call_9","type":"custom","custom":{"name":"grep","input":"weather"}},{"id":"call_10","type":"custom","custom":{"name":"get_forecast","input":"{\"city\":\"Paris\"}"}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	answers, err := openaitools.Execute(context.Background(), reg, msg.ToolCalls)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(answers)
	var got []struct {
		Role       string `json:"role"`
		Content    string `json:"content"`
		ToolCallID string `json:"tool_call_id"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	want := `{"success":false,"error":"\"grep\" is not a tool of this program: it serves function tools only"}`
	if len(got) != 2 || got[0].Role != "tool" || got[0].ToolCallID != "call_9" || got[0].Content != want {
		t.Errorf("got %+v", got)
	}
	if want := `{"success":false,"error":"\"get_forecast\" is not a tool of this program: it serves function tools only"}`; len(got) != 2 || got[1].Content != want {
		t.Errorf("a custom call named as a function tool: got %+v", got)
	}

	// A function call that repeats a custom call's ID is not run, as one
	// that repeats a function call's.
	var counted countTools
	counting := runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{counted.middleware}})
	if err := counting.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(`{"role":"assistant","tool_calls":[{"id":"call_1","type":"custom","custom":{"name":"grep","input":"weather"}},{"id":"call_1","type":"function","function":{"name":"get_forecast","arguments":"{\"city\":\"Paris\"}"}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	answers, err = openaitools.Execute(context.Background(), counting, msg.ToolCalls)
	if err != nil {
		t.Fatal(err)
	}
	data, _ = json.Marshal(answers)
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if want := `{"success":false,"error":"this call repeats the id \"call_1\" of an earlier call in the same turn, so it was not run"}`; len(got) != 2 || got[1].Content != want || got[1].ToolCallID != "call_1" {
		t.Errorf("a function call repeating a custom call's ID: got %+v", got)
	}
	if n := counted.n.Load(); n != 0 {
		t.Errorf("%d calls reached the registry", n)
	}
}

// countTools counts the calls that reach a registry.
type countTools struct{ n atomic.Int64 }

func (c *countTools) middleware(next runtime.Handler) runtime.Handler {
	return func(ctx context.Context, call runtime.Call) (runtime.Result, error) {
		c.n.Add(1)
		return next(ctx, call)
	}
}

// tagArgs are the arguments of the tag tool, which strict mode cannot
// express: a map.
type tagArgs struct {
	Labels map[string]string `json:"labels"`
}

// tagSchema is the tag tool's standard schema, which its OpenAI schema is
// too, as toolgen generates a degraded tool.
var tagSchema = json.RawMessage(`{"properties":{"labels":{"additionalProperties":{"type":"string"},"type":"object"}},"additionalProperties":false,"type":"object","required":["labels"]}`)

// tagTool is a tool made by hand as toolgen generates one that degraded in
// OpenAI: its OpenAI schema is the standard one, not strict.
var tagTool = toolimpl.NewInvokable(&runtime.Info{
	Name:        "tag",
	Description: "Tags a thing with free-form labels.",
	Parameters:  tagSchema,
	Dialects: runtime.DialectSchemas{
		OpenAI:         tagSchema,
		OpenAIDegraded: true,
		Gemini:         json.RawMessage(`{"properties":{"labels":{"type":"object"}},"type":"object","required":["labels"]}`),
	},
}, func(d *toolimpl.Decoder, v *tagArgs) {
	if !d.Object() {
		return
	}
	for d.Field() {
		if string(d.Key()) != "labels" {
			d.Unknown("labels")
			continue
		}
		if d.Object() {
			v.Labels = map[string]string{}
			for d.Field() {
				key := string(d.Key())
				if s, ok := d.String(); ok {
					v.Labels[key] = s
				}
			}
		}
	}
}, func(ctx context.Context, in tagArgs) (int, error) { return len(in.Labels), nil })

// Each tool is strict or not on its own: in the OpenAI dialect, a tool
// that degraded there goes with "strict": false and its standard schema,
// the others strict; in another dialect, none carries the flag.
func TestToolsStrictPerTool(t *testing.T) {
	for _, c := range []struct {
		dialect runtime.Dialect
		want    map[string]string // the strict member of each tool, "" for none
	}{
		{runtime.OpenAI, map[string]string{"convert_temperature": "true", "get_forecast": "true", "tag": "false"}},
		{runtime.Standard, map[string]string{"convert_temperature": "", "get_forecast": "", "tag": ""}},
		{runtime.Gemini, map[string]string{"convert_temperature": "", "get_forecast": "", "tag": ""}},
	} {
		reg := runtime.NewRegistry(&runtime.Settings{Dialect: c.dialect})
		if err := reg.Register(append(weather.Tools(), tagTool)...); err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(openaitools.Tools(reg))
		if err != nil {
			t.Fatal(err)
		}
		var sent []struct {
			Function struct {
				Name       string          `json:"name"`
				Parameters json.RawMessage `json:"parameters"`
				Strict     json.RawMessage `json:"strict"`
			} `json:"function"`
		}
		if err := json.Unmarshal(data, &sent); err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, tool := range sent {
			got[tool.Function.Name] = string(tool.Function.Strict)
			if tool.Function.Name == "tag" && c.dialect != runtime.Gemini && string(tool.Function.Parameters) != string(tagSchema) {
				t.Errorf("%s: tag sent with %s, want its standard schema", c.dialect, tool.Function.Parameters)
			}
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s: strict (-want +got):\n%s", c.dialect, diff)
		}
	}

	// The degraded tool runs as any other; in the OpenAI dialect an absent
	// optional field may come as null, which changes nothing here.
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
	if err := reg.Register(tagTool); err != nil {
		t.Fatal(err)
	}
	var msg openai.ChatCompletionMessage
	if err := json.Unmarshal([]byte(`{"role":"assistant","tool_calls":[{"id":"call_1","type":"function","function":{"name":"tag","arguments":"{\"labels\":{\"a\":\"x\",\"b\":\"y\"}}"}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	answers, err := openaitools.Execute(context.Background(), reg, msg.ToolCalls)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(answers)
	if !strings.Contains(string(data), `{\"success\":true,\"data\":2}`) {
		t.Errorf("got %s", data)
	}
}

// Two calls with the same ID: the first runs, the second is answered
// without running (a tool marked confirm must not run twice).
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
	var msg openai.ChatCompletionMessage
	if err := json.Unmarshal([]byte(`{"role":"assistant","tool_calls":[
{"id":"call_1","type":"function","function":{"name":"count","arguments":"{}"}},
{"id":"call_1","type":"function","function":{"name":"count","arguments":"{}"}},
{"id":"call_2","type":"function","function":{"name":"count","arguments":"{}"}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	answers, err := openaitools.Execute(context.Background(), reg, msg.ToolCalls)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(answers)
	var got []struct {
		Content    string `json:"content"`
		ToolCallID string `json:"tool_call_id"`
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if runs.Load() != 2 || len(got) != 3 {
		t.Fatalf("%d runs, answers %s", runs.Load(), data)
	}
	want := `{"success":false,"error":"this call repeats the id \"call_1\" of an earlier call in the same turn, so it was not run"}`
	if got[1].ToolCallID != "call_1" || got[1].Content != want {
		t.Errorf("second answer %+v, want %s", got[1], want)
	}
	for _, i := range []int{0, 2} {
		if !strings.HasPrefix(got[i].Content, `{"success":true,"data":`) {
			t.Errorf("answer %d: %+v", i, got[i])
		}
	}
}
