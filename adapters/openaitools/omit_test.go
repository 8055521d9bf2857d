package openaitools_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3"
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
