package openaitools_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/openai/openai-go/v3"
	"github.com/toolgen-go/toolgen/adapters/openaitools"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// A tool whose directive leaves it out of OpenAI (omit=openai) is neither
// listed nor run through openaitools, though the standard registry holds
// it (the MCP server's, say); a tool left out of another provider is.
func TestOmittedFromOpenAI(t *testing.T) {
	var runs atomic.Int32
	tool := func(name string, omit runtime.Dialect) runtime.Tool {
		return toolimpl.NewInvokable(&runtime.Info{
			Name:        name,
			Description: "Counts its calls.",
			Parameters:  json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`),
			Dialects:    runtime.DialectSchemas{Omitted: []runtime.Dialect{omit}},
		}, toolimpl.DecodeNoInput, func(ctx context.Context, in toolimpl.NoInput) (int32, error) { return runs.Add(1), nil })
	}
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(tool("secret", runtime.OpenAI), tool("open", runtime.Gemini)); err != nil {
		t.Fatal(err)
	}
	for _, list := range []string{mustJSON(t, openaitools.Tools(reg)), mustJSON(t, openaitools.ResponseTools(reg))} {
		if strings.Contains(list, "secret") || !strings.Contains(list, `"open"`) {
			t.Errorf("listed: %s", list)
		}
	}
	var msg openai.ChatCompletionMessage
	if err := json.Unmarshal([]byte(`{"role":"assistant","tool_calls":[
{"id":"call_1","type":"function","function":{"name":"secret","arguments":"{}"}},
{"id":"call_2","type":"function","function":{"name":"open","arguments":"{}"}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	answers, err := openaitools.Execute(context.Background(), reg, msg.ToolCalls)
	if err != nil {
		t.Fatal(err)
	}
	got := mustJSON(t, answers)
	if !strings.Contains(got, `unknown tool \\\"secret\\\"`) || runs.Load() != 1 {
		t.Errorf("%d runs; answers %s", runs.Load(), got)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
