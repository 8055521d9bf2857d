package anthropictools_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/toolgen-go/toolgen/adapters/anthropictools"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// A tool whose directive leaves it out of Anthropic (omit=anthropic) is
// neither listed nor run through anthropictools, though the standard
// registry holds it; a tool left out of another provider is.
func TestOmittedFromAnthropic(t *testing.T) {
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
	if err := reg.Register(tool("secret", runtime.Anthropic), tool("open", runtime.OpenAI)); err != nil {
		t.Fatal(err)
	}
	list, _ := json.Marshal(anthropictools.Tools(reg))
	if strings.Contains(string(list), "secret") || !strings.Contains(string(list), `"open"`) {
		t.Errorf("listed: %s", list)
	}
	var msg anthropic.Message
	if err := json.Unmarshal([]byte(`{"id":"msg_1","type":"message","role":"assistant","content":[
{"type":"tool_use","id":"tu_1","name":"secret","input":{}},
{"type":"tool_use","id":"tu_2","name":"open","input":{}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	blocks, err := anthropictools.Execute(context.Background(), reg, msg.Content)
	if err != nil {
		t.Fatal(err)
	}
	if runs.Load() != 1 || len(blocks) != 2 {
		t.Fatalf("%d runs, %d blocks", runs.Load(), len(blocks))
	}
	if r := blocks[0].OfToolResult; r == nil || !r.IsError.Value || len(r.Content) != 1 || r.Content[0].OfText == nil || r.Content[0].OfText.Text != `unknown tool "secret"` {
		t.Errorf("the omitted tool's answer: %+v", r)
	}
	if r := blocks[1].OfToolResult; r == nil || r.IsError.Value || r.ToolUseID != "tu_2" {
		t.Errorf("the other tool's answer: %+v", r)
	}
}
