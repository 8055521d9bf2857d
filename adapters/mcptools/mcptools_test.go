package mcptools_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/shapes"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/runtime"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	if mode := os.Getenv(serverEnv); mode != "" {
		// The test binary run again as a server for TestTSClient.
		os.Exit(testServer(mode))
	}
	dir, err := os.MkdirTemp("", "mcptools-test")
	if err != nil {
		panic(err)
	}
	binDir = dir
	goleak.VerifyTestMain(m, goleak.Cleanup(func(code int) {
		os.RemoveAll(dir)
		os.Exit(code)
	}))
}

// connect serves reg over an in-memory connection and returns a client
// session, with the progress messages it receives.
func connect(t *testing.T, reg *runtime.Registry) (*mcp.ClientSession, func() []string) {
	t.Helper()
	return connectAt(t, reg, "")
}

// connectAt is connect at a protocol version ("" for the newest both
// sides speak).
func connectAt(t *testing.T, reg *runtime.Registry, version string) (*mcp.ClientSession, func() []string) {
	t.Helper()
	ctx := context.Background()
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var progress []string
	client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(ctx context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			defer mu.Unlock()
			progress = append(progress, req.Params.Message)
		},
	})
	cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return cs, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), progress...)
	}
}

func TestServe(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(append(weather.Tools(), tooltest.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	cs, progress := connect(t, reg)
	ctx := context.Background()

	// tools/list shows the registry's definitions, schemas included.
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got, want []map[string]any
	for _, tool := range list.Tools {
		got = append(got, map[string]any{"name": tool.Name, "description": tool.Description, "schema": tool.InputSchema})
	}
	for _, def := range reg.Definitions() {
		var schema any
		if err := json.Unmarshal(def.Parameters, &schema); err != nil {
			t.Fatal(err)
		}
		want = append(want, map[string]any{"name": def.Name, "description": def.Description, "schema": schema})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tools/list (-registry +served):\n%s", diff)
	}
	// Titles and hints, as the directives say.
	hints := map[string]string{}
	for _, tool := range list.Tools {
		data, _ := json.Marshal(struct {
			Title       string               `json:"title"`
			Annotations *mcp.ToolAnnotations `json:"annotations"`
		}{tool.Title, tool.Annotations})
		hints[tool.Name] = string(data)
	}
	wantHints := map[string]string{
		"get_forecast":        `{"title":"Get the weather forecast","annotations":{"idempotentHint":false,"readOnlyHint":true}}`,
		"convert_temperature": `{"title":"Convert a temperature","annotations":{"idempotentHint":false,"openWorldHint":false,"readOnlyHint":true}}`,
		"words":               `{"title":"","annotations":{"idempotentHint":false,"readOnlyHint":true}}`,
		"look":                `{"title":"","annotations":{"idempotentHint":false,"readOnlyHint":true}}`,
	}
	if diff := cmp.Diff(wantHints, hints); diff != "" {
		t.Errorf("titles and annotations (-want +got):\n%s", diff)
	}

	call := func(name, args string, progressToken any) *mcp.CallToolResult {
		t.Helper()
		params := &mcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)}
		if progressToken != nil {
			params.SetProgressToken(progressToken)
		}
		res, err := cs.CallTool(ctx, params)
		if err != nil {
			t.Fatalf("%s %s: %v", name, args, err)
		}
		return res
	}
	text := func(res *mcp.CallToolResult) string {
		if len(res.Content) != 1 {
			t.Fatalf("%d content blocks", len(res.Content))
		}
		return res.Content[0].(*mcp.TextContent).Text
	}

	// A structured result: text and structured content, the same JSON.
	res := call("get_forecast", `{"city":"Paris","days":2}`, nil)
	if res.IsError || !strings.HasPrefix(text(res), `{"city":"Paris","unit":"celsius","days":[`) {
		t.Errorf("get_forecast: %+v %s", res, text(res))
	}
	var structured, fromText any
	data, _ := json.Marshal(res.StructuredContent)
	json.Unmarshal(data, &structured)
	json.Unmarshal([]byte(text(res)), &fromText)
	if structured == nil || !cmp.Equal(structured, fromText) {
		t.Errorf("structured content %s, text %s", data, text(res))
	}

	// A text result.
	res = call("convert_temperature", `{"value":100,"from":"celsius","to":"fahrenheit"}`, nil)
	if res.IsError || text(res) != "100 celsius is 212 fahrenheit" || res.StructuredContent != nil {
		t.Errorf("convert_temperature: %+v %q", res, text(res))
	}

	// Bad arguments: a result with isError, which the model reads.
	res = call("get_forecast", `{"days":30}`, nil)
	if !res.IsError || text(res) != "invalid arguments: /city: required field is missing; /days: must be at most 14, got 30" {
		t.Errorf("bad arguments: %+v %q", res, text(res))
	}

	// Multimodal content: a block for each part.
	res = call("look", `{}`, nil)
	if res.IsError || len(res.Content) != 5 {
		t.Fatalf("look: %+v", res)
	}
	if c, ok := res.Content[0].(*mcp.TextContent); !ok || c.Text != "A cat:" {
		t.Errorf("look[0] = %#v", res.Content[0])
	}
	if c, ok := res.Content[1].(*mcp.ImageContent); !ok || c.MIMEType != "image/png" || string(c.Data) != "PNG" {
		t.Errorf("look[1] = %#v", res.Content[1])
	}
	if c, ok := res.Content[2].(*mcp.AudioContent); !ok || c.MIMEType != "audio/wav" || string(c.Data) != "RIFF" {
		t.Errorf("look[2] = %#v", res.Content[2])
	}
	if c, ok := res.Content[3].(*mcp.ResourceLink); !ok || c.URI != "https://example.com/cat.mp4" || c.MIMEType != "video/mp4" {
		t.Errorf("look[3] = %#v", res.Content[3])
	}
	if c, ok := res.Content[4].(*mcp.EmbeddedResource); !ok || c.Resource.URI != "file:///cat.txt" || c.Resource.Text != "meow" || c.Resource.Blob != nil {
		t.Errorf("look[4] = %#v", res.Content[4])
	}

	// A streamable tool: each chunk as progress, all of them in the result.
	res = call("words", `{"text":"one two three"}`, "p1")
	if res.IsError || text(res) != "one two three " {
		t.Errorf("words: %+v %q", res, text(res))
	}
	// The client handles notifications on its own goroutine: they may land
	// after the result.
	chunks := []string{"one ", "two ", "three "}
	for deadline := time.Now().Add(5 * time.Second); len(progress()) < len(chunks) && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	if got := progress(); !cmp.Equal(got, chunks) {
		t.Errorf("progress: %q", got)
	}
	// Without a progress token, no progress is sent.
	call("words", `{"text":"four"}`, nil)
	if got := progress(); len(got) != 3 {
		t.Errorf("progress without a token: %q", got)
	}
}

// Before protocol 2026-07-28, structuredContent is an object: a result
// that is not always one is wrapped as {"result": value}, and the
// outputSchema says so. From it on, any value goes, with its own schema.
// Every structuredContent validates against the outputSchema listed at its
// version.
func TestStructuredByVersion(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(shapes.Tools()...); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		tool, args string
		text       string // the text content
		structured string // the structured content's JSON before 2026-07-28; "" for none
	}{
		{"get_city", `{"name":"Oslo"}`, `{"name":"Oslo","country":"Norway","population":0.7}`, `{"name":"Oslo","country":"Norway","population":0.7}`},
		{"find_city", `{"name":"Oslo"}`, `{"name":"Oslo","country":"Norway","population":0.7}`, `{"result":{"name":"Oslo","country":"Norway","population":0.7}}`},
		{"find_city", `{"name":"Rome"}`, `null`, `{"result":null}`},
		{"city_names", `{"prefix":"l"}`, `["Lagos","Lima"]`, `{"result":["Lagos","Lima"]}`},
		{"city_names", `{"prefix":"x"}`, `[]`, `{"result":[]}`},
		{"count_cities", `{}`, `5`, `{"result":5}`},
		{"populations", `{"prefix":"li"}`, `{"Lima":10.1}`, `{"result":{"Lima":10.1}}`},
		{"stream_cities", `{"prefix":"o"}`, `[{"name":"Oslo","country":"Norway","population":0.7}]`, `{"result":[{"name":"Oslo","country":"Norway","population":0.7}]}`},
		{"stream_cities", `{"prefix":"x"}`, `[]`, `{"result":[]}`},
		{"spell_city", `{"name":"Lima"}`, `Lima`, ``},
		{"check_city", `{"name":"Lima"}`, ``, ``},
		{"greet", `{"name":"Lima"}`, `Hello, Lima!`, ``},
	}
	for _, version := range []string{"2025-06-18", "2025-11-25", mcptools.AnyStructured} {
		cs, _ := connectAt(t, reg, version)
		if got := cs.InitializeResult().ProtocolVersion; got != version {
			t.Fatalf("negotiated %s, want %s", got, version)
		}
		list, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		schemas := map[string]*jsonschema.Resolved{}
		for _, tool := range list.Tools {
			if tool.OutputSchema == nil {
				continue
			}
			data, _ := json.Marshal(tool.OutputSchema)
			var s jsonschema.Schema
			if err := json.Unmarshal(data, &s); err != nil {
				t.Fatalf("%s %s: outputSchema %s: %v", version, tool.Name, data, err)
			}
			if s.Type != "object" && version < mcptools.AnyStructured {
				t.Errorf("%s %s: outputSchema %s is not an object's", version, tool.Name, data)
			}
			rs, err := s.Resolve(nil)
			if err != nil {
				t.Fatalf("%s %s: outputSchema %s: %v", version, tool.Name, data, err)
			}
			schemas[tool.Name] = rs
		}
		for _, c := range cases {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(c.args)})
			if err != nil {
				t.Fatalf("%s %s %s: %v", version, c.tool, c.args, err)
			}
			if res.IsError || len(res.Content) != 1 || res.Content[0].(*mcp.TextContent).Text != c.text {
				t.Errorf("%s %s %s: content %+v", version, c.tool, c.args, res.Content)
			}
			want := c.structured
			if version >= mcptools.AnyStructured && strings.HasPrefix(want, `{"result":`) {
				want = c.text
			}
			// The client decodes structuredContent into Go values, and
			// null into nil, as it does an absent one.
			var wantValue any
			if want != "" {
				json.Unmarshal([]byte(want), &wantValue)
			}
			if !cmp.Equal(res.StructuredContent, wantValue) {
				t.Errorf("%s %s %s: structuredContent %v, want %s", version, c.tool, c.args, res.StructuredContent, want)
			}
			rs := schemas[c.tool]
			if (rs != nil) != (c.structured != "") {
				t.Errorf("%s %s: outputSchema listed: %v", version, c.tool, rs != nil)
			}
			if rs != nil {
				if err := rs.Validate(res.StructuredContent); err != nil {
					t.Errorf("%s %s %s: structuredContent %v does not match the outputSchema: %v", version, c.tool, c.args, res.StructuredContent, err)
				}
			}
		}
	}
}

// MCP clients send "arguments": null for a call without arguments
// (github-mcp-server#3099): it stands for {}, as absent arguments do.
func TestNullArguments(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	cs, _ := connect(t, reg)
	for _, args := range []any{nil, json.RawMessage(`null`), json.RawMessage(` null `)} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_forecast", Arguments: args})
		if err != nil {
			t.Fatal(err)
		}
		text := res.Content[0].(*mcp.TextContent).Text
		if !res.IsError || !strings.Contains(text, "/city: required field is missing") {
			t.Errorf("arguments %s: isError %v, %q; want the missing fields of {}", args, res.IsError, text)
		}
	}
}

// A call of a tool the server does not have stays a protocol error, as
// MCP asks, and names the tool the model likely meant, as the registry's
// answer does.
func TestUnknownToolSuggests(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	cs, _ := connect(t, reg)
	for _, c := range []struct{ name, want string }{
		{"getForecast", `unknown tool "getForecast"; did you mean "get_forecast"?`},
		{"functions.get_forecast", `unknown tool "functions.get_forecast"; did you mean "get_forecast"?`},
		{"convert_temperatures", `unknown tool "convert_temperatures"; did you mean "convert_temperature"?`},
		{"nope", `unknown tool "nope"`},
	} {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: c.name, Arguments: map[string]any{}})
		var werr *jsonrpc.Error
		if !errors.As(err, &werr) || werr.Code != jsonrpc.CodeInvalidParams || werr.Message != c.want {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
}
