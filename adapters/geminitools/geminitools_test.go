package geminitools_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen-go/toolgen/adapters/geminitools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
	"go.uber.org/goleak"
	"google.golang.org/genai"
)

// genai's dependencies start an opencensus worker when they load.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreTopFunction("go.opencensus.io/stats/view.(*worker).start"))
}

// jsonOf is v as generic JSON, for comparisons.
func jsonOf(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestTools(t *testing.T) {
	for _, dialect := range []runtime.Dialect{runtime.Standard, runtime.Gemini} {
		reg := runtime.NewRegistry(&runtime.Settings{Dialect: dialect})
		if err := reg.Register(weather.Tools()...); err != nil {
			t.Fatal(err)
		}
		tools, err := geminitools.Tools(reg)
		if err != nil {
			t.Fatal(err)
		}
		decls := tools[0].FunctionDeclarations
		defs := reg.Definitions()
		if len(tools) != 1 || len(decls) != len(defs) {
			t.Fatalf("%v: %d tools, %d declarations", dialect, len(tools), len(decls))
		}
		for i, def := range defs {
			decl := jsonOf(t, decls[i]).(map[string]any)
			field := "parametersJsonSchema"
			if dialect == runtime.Gemini {
				field = "parameters"
			}
			var schema any
			json.Unmarshal(def.Parameters, &schema)
			if decl["name"] != def.Name || decl["description"] != def.Description {
				t.Errorf("%v: declaration %d: %v", dialect, i, decl)
			}
			if diff := cmp.Diff(schema, decl[field]); diff != "" {
				t.Errorf("%v %s: %s (-generated +sent):\n%s", dialect, def.Name, field, diff)
			}
		}
	}
}

func TestExecute(t *testing.T) {
	var ids []string // the calls' IDs, as the registry's middleware saw them
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Gemini, Middleware: []runtime.Middleware{tooltest.RecordIDs(&ids)}})
	if err := reg.Register(append(weather.Tools(), tooltest.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	// As genai decodes them: arguments as a map, numbers as float64.
	calls := []*genai.FunctionCall{
		{ID: "1", Name: "convert_temperature", Args: map[string]any{"value": 100.0, "from": "celsius", "to": "fahrenheit"}},
		{ID: "2", Name: "get_forecast", Args: map[string]any{"days": 30.0}},
		{ID: "3", Name: "get_forecast", Args: map[string]any{"city": "Paris", "days": 1.0}},
		{ID: "4", Name: "look"},
		{ID: "5", Name: "get_weather"},
	}
	parts, err := geminitools.Execute(context.Background(), reg, calls)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(ids)
	if want := []string{"1", "2", "3", "4", "5"}; !slices.Equal(ids, want) {
		t.Errorf("the registry saw the call IDs %q, want %q", ids, want)
	}
	want := jsonOf(t, json.RawMessage(`[
{"functionResponse":{"id":"1","name":"convert_temperature","response":{"output":"100 celsius is 212 fahrenheit"}}},
{"functionResponse":{"id":"2","name":"get_forecast","response":{"error":"invalid arguments: /city: required field is missing; /days: must be at most 14, got 30"}}},
{"functionResponse":{"id":"3","name":"get_forecast","response":{"output":{"city":"Paris","unit":"celsius","days":[{"day":0,"summary":"cloudy","high":18,"low":10}]}}}},
{"functionResponse":{"id":"4","name":"look","response":{"output":"A cat:\n[image, image/png, 3 bytes]\n[audio, audio/wav, 4 bytes]\n[video, video/mp4, at https://example.com/cat.mp4]\n[file cat.txt, text/plain, 4 bytes]"},
  "parts":[{"inlineData":{"mimeType":"image/png","data":"UE5H"}},{"inlineData":{"mimeType":"text/plain","data":"bWVvdw==","displayName":"cat.txt"}}]}},
{"functionResponse":{"id":"5","name":"get_weather","response":{"error":"unknown tool \"get_weather\"; the tools are: convert_temperature, get_forecast, look, words"}}}]`))
	if diff := cmp.Diff(want, jsonOf(t, parts)); diff != "" {
		t.Errorf("function responses (-want +got):\n%s", diff)
	}
}

// nodeSchema is the standard schema of the walk tool, a recursive type,
// which Gemini's OpenAPI subset cannot express: its Gemini schema is the
// same, as toolgen generates a degraded tool.
var nodeSchema = json.RawMessage(`{"$defs":{"Node":{"properties":{"name":{"type":"string"},"next":{"$ref":"#/$defs/Node"}},"additionalProperties":false,"type":"object","required":["name"]}},` +
	`"properties":{"name":{"type":"string"},"next":{"$ref":"#/$defs/Node"}},"additionalProperties":false,"type":"object","required":["name"]}`)

type node struct {
	Name string `json:"name"`
	Next *node  `json:"next,omitempty"`
}

func decodeNode(d *toolimpl.Decoder, v *node) {
	if !d.Object() {
		return
	}
	for d.Field() {
		switch string(d.Key()) {
		case "name":
			v.Name, _ = d.String()
		case "next":
			v.Next = new(node)
			decodeNode(d, v.Next)
		default:
			d.Unknown("name, next")
		}
	}
}

// walkTool is a tool made by hand as toolgen generates one that degraded
// in Gemini.
var walkTool = toolimpl.NewInvokable(&runtime.Info{
	Name:        "walk",
	Description: "Walks a list.",
	Parameters:  nodeSchema,
	Dialects:    runtime.DialectSchemas{Gemini: nodeSchema, GeminiDegraded: true},
}, decodeNode, func(ctx context.Context, in node) (int, error) {
	n := 0
	for p := &in; p != nil; p = p.Next {
		n++
	}
	return n, nil
})

// A tool that degraded in Gemini is declared with parametersJsonSchema,
// its standard schema, even in the Gemini dialect; the others with
// parameters.
func TestToolsDegraded(t *testing.T) {
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Gemini})
	if err := reg.Register(append(weather.Tools(), walkTool)...); err != nil {
		t.Fatal(err)
	}
	tools, err := geminitools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, decl := range tools[0].FunctionDeclarations {
		if decl.Name != "walk" {
			if decl.Parameters == nil || decl.ParametersJsonSchema != nil {
				t.Errorf("%s: want parameters only: %+v", decl.Name, decl)
			}
			continue
		}
		if decl.Parameters != nil {
			t.Errorf("walk: parameters set: %+v", decl.Parameters)
		}
		if raw, ok := decl.ParametersJsonSchema.(json.RawMessage); !ok || string(raw) != string(nodeSchema) {
			t.Errorf("walk: parametersJsonSchema %v, want its standard schema", decl.ParametersJsonSchema)
		}
	}

	parts, err := geminitools.Execute(context.Background(), reg, []*genai.FunctionCall{
		{ID: "1", Name: "walk", Args: map[string]any{"name": "a", "next": map[string]any{"name": "b"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := jsonOf(t, json.RawMessage(`[{"functionResponse":{"id":"1","name":"walk","response":{"output":2}}}]`))
	if diff := cmp.Diff(want, jsonOf(t, parts)); diff != "" {
		t.Errorf("function responses (-want +got):\n%s", diff)
	}
}

// The arguments reach the registry as the model wrote them: genai's map
// written back without json.Marshal's escapes of <, > and &.
func TestExecuteArgsUnescaped(t *testing.T) {
	var args []string
	record := func(next runtime.Handler) runtime.Handler {
		return func(ctx context.Context, call runtime.Call) (runtime.Result, error) {
			args = append(args, string(call.Args))
			return next(ctx, call)
		}
	}
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Gemini, Middleware: []runtime.Middleware{record}})
	if err := reg.Register(tooltest.Tools()...); err != nil {
		t.Fatal(err)
	}
	calls := []*genai.FunctionCall{{ID: "1", Name: "words", Args: map[string]any{"text": "a & b < c > d"}}}
	parts, err := geminitools.Execute(context.Background(), reg, calls)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{`{"text":"a & b < c > d"}`}; !slices.Equal(args, want) {
		t.Errorf("the registry saw the arguments %q, want %q", args, want)
	}
	if got := parts[0].FunctionResponse.Response["output"]; got != "a & b < c > d " {
		t.Errorf("output %q", got)
	}
}

// A tool without arguments goes out without parameters: genai drops the
// empty properties of {"properties":{},"type":"object"}, and Gemini has
// refused an OBJECT without properties.
func TestToolsNoArguments(t *testing.T) {
	empty := json.RawMessage(`{"properties":{},"type":"object"}`)
	info := &runtime.Info{Name: "ping", Description: "Checks that the service is up.", Parameters: empty,
		Dialects: runtime.DialectSchemas{OpenAI: empty, Gemini: empty, Anthropic: empty}}
	ping := toolimpl.NewTool(info, func(context.Context, *runtime.Settings, json.RawMessage) (runtime.Result, error) {
		return runtime.Result{Success: true, Output: "pong"}, nil
	})
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Gemini})
	if err := reg.Register(append(weather.Tools(), ping)...); err != nil {
		t.Fatal(err)
	}
	tools, err := geminitools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, decl := range tools[0].FunctionDeclarations {
		if (decl.Parameters == nil) != (decl.Name == "ping") {
			t.Errorf("%s: parameters %v", decl.Name, decl.Parameters)
		}
	}
}
