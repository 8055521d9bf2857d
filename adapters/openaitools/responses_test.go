package openaitools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolgen-go/toolgen/adapters/openaitools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// response is what the Responses API answers to the first request: a
// reasoning item, a message, and calls, some of them hostile: bad
// arguments, JSON cut short, a tool that does not exist, a call_id used
// twice, a tool that panics, and a custom tool's free-text call.
const response = `{"id":"resp_1","object":"response","created_at":1,"model":"gpt-test","status":"completed","output":[
{"type":"reasoning","id":"rs_1","summary":[]},
{"type":"function_call","id":"fc_1","call_id":"call_1","name":"convert_temperature","arguments":"{\"value\":100,\"from\":\"celsius\",\"to\":\"fahrenheit\"}","status":"completed"},
{"type":"message","id":"msg_1","role":"assistant","status":"completed","content":[{"type":"output_text","text":"Let me check.","annotations":[]}]},
{"type":"function_call","id":"fc_2","call_id":"call_2","name":"get_forecast","arguments":"{\"days\":30}","status":"completed"},
{"type":"function_call","id":"fc_3","call_id":"call_3","name":"get_forecast","arguments":"{\"city\":\"Par","status":"completed"},
{"type":"function_call","id":"fc_4","call_id":"call_4","name":"get_weather","arguments":"{}","status":"completed"},
{"type":"function_call","id":"fc_5","call_id":"call_1","name":"convert_temperature","arguments":"{\"value\":0,\"from\":\"celsius\",\"to\":\"fahrenheit\"}","status":"completed"},
{"type":"function_call","id":"fc_6","call_id":"call_6","name":"explode","arguments":"{}","status":"completed"},
{"type":"custom_tool_call","id":"ctc_7","call_id":"call_7","name":"grep","input":"weather"}
],"parallel_tool_calls":true,"tool_choice":"auto","tools":[],"temperature":1,"top_p":1}`

// done is what the API answers to the second request.
const done = `{"id":"resp_2","object":"response","created_at":2,"model":"gpt-test","status":"completed","output":[
{"type":"message","id":"msg_2","role":"assistant","status":"completed","content":[{"type":"output_text","text":"212 F.","annotations":[]}]}],
"parallel_tool_calls":true,"tool_choice":"auto","tools":[],"temperature":1,"top_p":1}`

// explodeTool panics when it runs.
var explodeTool = toolimpl.NewInvokable(&runtime.Info{
	Name:        "explode",
	Description: "Panics.",
	Parameters:  json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
	Dialects: runtime.DialectSchemas{
		OpenAI: json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false,"required":[]}`),
		Gemini: json.RawMessage(`{"type":"object","properties":{}}`),
	},
}, toolimpl.DecodeNoInput, func(ctx context.Context, in toolimpl.NoInput) (string, error) { panic("boom") })

// fakeAPI is a Responses API that answers each request with the next of
// answers and keeps the bodies it received.
type fakeAPI struct {
	mu      sync.Mutex
	bodies  [][]byte
	paths   []string
	answers []string
}

func (f *fakeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.bodies = append(f.bodies, body)
	f.paths = append(f.paths, r.Method+" "+r.URL.Path)
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, f.answers[0])
	f.answers = f.answers[1:]
}

// client is an OpenAI client of a server that f answers, closed when the
// test ends.
func (f *fakeAPI) client(t *testing.T) openai.Client {
	server := httptest.NewServer(f)
	t.Cleanup(func() {
		server.CloseClientConnections()
		server.Close()
	})
	return openai.NewClient(option.WithBaseURL(server.URL), option.WithAPIKey("test"), option.WithMaxRetries(0))
}

// A conversation with a fake Responses API: the tools go out as generated
// with their strict flags, the calls come back, and the function_call_output
// items go out in the calls' order, each with its call_id.
func TestResponsesRoundTrip(t *testing.T) {
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
	if err := reg.Register(append(weather.Tools(), tagTool, explodeTool)...); err != nil {
		t.Fatal(err)
	}
	api := &fakeAPI{answers: []string{response, done}}
	client := api.client(t)

	ctx := context.Background()
	params := responses.ResponseNewParams{
		Model: "gpt-test",
		Tools: openaitools.ResponseTools(reg),
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Weather in Paris?")},
	}
	resp, err := client.Responses.New(ctx, params)
	if err != nil {
		t.Fatal(err)
	}

	// The tools went out flat, as the Responses API takes them, with the
	// generated schemas byte for byte and "strict" always present.
	var sent struct {
		Tools []map[string]json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(api.bodies[0], &sent); err != nil {
		t.Fatal(err)
	}
	defs := reg.Definitions()
	if len(sent.Tools) != len(defs) {
		t.Fatalf("%d tools sent, %d defined:\n%s", len(sent.Tools), len(defs), api.bodies[0])
	}
	wantStrict := map[string]string{"convert_temperature": "true", "explode": "true", "get_forecast": "true", "tag": "false"}
	for i, def := range defs {
		tool := sent.Tools[i]
		name, _ := json.Marshal(def.Name)
		description, _ := json.Marshal(def.Description)
		if string(tool["type"]) != `"function"` || string(tool["name"]) != string(name) || string(tool["description"]) != string(description) {
			t.Errorf("tool %d: %s", i, api.bodies[0])
		}
		if got := string(tool["strict"]); got != wantStrict[def.Name] {
			t.Errorf("%s: strict %q, want %q", def.Name, got, wantStrict[def.Name])
		}
		if string(tool["parameters"]) != string(def.Parameters) {
			t.Errorf("%s: the schema was not sent as generated:\n%s\nwant\n%s", def.Name, tool["parameters"], def.Parameters)
		}
	}
	if string(sent.Tools[3]["parameters"]) != string(tagSchema) {
		t.Errorf("tag, degraded, sent with %s, want its standard schema", sent.Tools[3]["parameters"])
	}

	answers, err := openaitools.ExecuteResponse(ctx, reg, resp.Output)
	if err != nil {
		t.Fatal(err)
	}
	params.PreviousResponseID = openai.String(resp.ID)
	params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: answers}
	final, err := client.Responses.New(ctx, params)
	if err != nil {
		t.Fatal(err)
	}
	if final.OutputText() != "212 F." {
		t.Errorf("final text %q", final.OutputText())
	}
	if want := []string{"POST /responses", "POST /responses"}; !cmp.Equal(api.paths, want) {
		t.Errorf("requests %v, want %v", api.paths, want)
	}

	var second struct {
		PreviousResponseID string `json:"previous_response_id"`
		Input              []struct {
			Type   string `json:"type"`
			CallID string `json:"call_id"`
			Output string `json:"output"`
		} `json:"input"`
	}
	if err := json.Unmarshal(api.bodies[1], &second); err != nil {
		t.Fatal(err)
	}
	if second.PreviousResponseID != "resp_1" {
		t.Errorf("previous_response_id %q", second.PreviousResponseID)
	}
	type item struct{ Type, CallID, Output string }
	var got []item
	for _, in := range second.Input {
		got = append(got, item{in.Type, in.CallID, in.Output})
	}
	want := []item{
		{"function_call_output", "call_1", `{"success":true,"output":"100 celsius is 212 fahrenheit"}`},
		{"function_call_output", "call_2", `{"success":false,"error":"invalid arguments: /city: required field is missing; /days: must be at most 14, got 30"}`},
		{"function_call_output", "call_3", `{"success":false,"error":"invalid arguments: the arguments are not valid JSON: unterminated string starting at offset 8 (is it cut short?)"}`},
		{"function_call_output", "call_4", `{"success":false,"error":"unknown tool \"get_weather\"; the tools are: convert_temperature, explode, get_forecast, tag"}`},
		{"function_call_output", "call_1", `{"success":false,"error":"this call repeats the id \"call_1\" of an earlier call in the same turn, so it was not run"}`},
		{"function_call_output", "call_6", `{"success":false,"error":"internal error: the tool failed unexpectedly"}`},
		{"custom_tool_call_output", "call_7", `{"success":false,"error":"\"grep\" is not a tool of this program: it serves function tools only"}`},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("answers (-want +got):\n%s\n%s", diff, api.bodies[1])
	}
}

// In a dialect other than OpenAI's, every Responses tool says "strict":
// false, since the API would otherwise make it strict.
func TestResponseToolsStrictPerDialect(t *testing.T) {
	for _, dialect := range []runtime.Dialect{runtime.Standard, runtime.Gemini, runtime.Anthropic} {
		reg := runtime.NewRegistry(&runtime.Settings{Dialect: dialect})
		if err := reg.Register(append(weather.Tools(), tagTool)...); err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(openaitools.ResponseTools(reg))
		if err != nil {
			t.Fatal(err)
		}
		var sent []map[string]json.RawMessage
		if err := json.Unmarshal(data, &sent); err != nil {
			t.Fatal(err)
		}
		for i, def := range reg.Definitions() {
			if string(sent[i]["strict"]) != "false" || string(sent[i]["parameters"]) != string(def.Parameters) {
				t.Errorf("%s: %s sent as %s", dialect, def.Name, data)
			}
		}
	}
}

// meetTool returns once all of its calls have started, so calls of it
// run at once or never return.
func meetTool(calls int) runtime.Tool {
	var wg sync.WaitGroup
	wg.Add(calls)
	return toolimpl.NewInvokable(&runtime.Info{
		Name:        "meet",
		Description: "Waits for the other calls.",
		Parameters:  json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
		Timeout:     5 * time.Second,
	}, toolimpl.DecodeNoInput, func(ctx context.Context, in toolimpl.NoInput) (string, error) {
		wg.Done()
		wg.Wait()
		return "met", nil
	})
}

// The calls of a response run at once, and their answers come back in
// the calls' order.
func TestExecuteResponseConcurrent(t *testing.T) {
	const n = 8
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(meetTool(n)); err != nil {
		t.Fatal(err)
	}
	var output []responses.ResponseOutputItemUnion
	for i := range n {
		var item responses.ResponseOutputItemUnion
		if err := json.Unmarshal(fmt.Appendf(nil, `{"type":"function_call","call_id":"call_%d","name":"meet","arguments":""}`, i), &item); err != nil {
			t.Fatal(err)
		}
		output = append(output, item)
	}
	answers, err := openaitools.ExecuteResponse(context.Background(), reg, output)
	if err != nil {
		t.Fatal(err)
	}
	for i, answer := range answers {
		out := answer.OfFunctionCallOutput
		if out == nil || out.CallID.Value != fmt.Sprintf("call_%d", i) || out.Output.OfString.Value != `{"success":true,"output":"met"}` {
			data, _ := json.Marshal(answer)
			t.Errorf("answer %d: %s", i, data)
		}
	}
}

// A response without calls needs no answer; a context that ended is the
// caller's error.
func TestExecuteResponseEdges(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	var resp responses.Response
	if err := json.Unmarshal([]byte(done), &resp); err != nil {
		t.Fatal(err)
	}
	answers, err := openaitools.ExecuteResponse(context.Background(), reg, resp.Output)
	if err != nil || len(answers) != 0 {
		t.Errorf("got %v, %v; want no answers", answers, err)
	}
	if err := json.Unmarshal([]byte(response), &resp); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := openaitools.ExecuteResponse(ctx, reg, resp.Output); err != context.Canceled {
		t.Errorf("got %v, want context.Canceled", err)
	}
}
