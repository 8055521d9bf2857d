package anthropictools_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/toolgen-go/toolgen/adapters/anthropictools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/tooltest/mcponly"
	"github.com/toolgen-go/toolgen/runtime"
)

// A tool whose directive leaves it out of Anthropic (omit=anthropic) is
// neither listed nor run through anthropictools, though the standard
// registry holds it.
func TestOmittedFromAnthropic(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(append(weather.Tools(), mcponly.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	list, _ := json.Marshal(anthropictools.Tools(reg))
	if strings.Contains(string(list), "internal_state") || !strings.Contains(string(list), `"get_forecast"`) {
		t.Errorf("listed: %s", list)
	}
	var msg anthropic.Message
	if err := json.Unmarshal([]byte(`{"id":"msg_1","type":"message","role":"assistant","content":[
{"type":"tool_use","id":"tu_1","name":"internal_state","input":{}},
{"type":"tool_use","id":"tu_2","name":"convert_temperature","input":{"value":20,"from":"celsius","to":"fahrenheit"}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	before := mcponly.Runs.Load()
	blocks, err := anthropictools.Execute(context.Background(), reg, msg.Content)
	if err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 2 || mcponly.Runs.Load() != before {
		t.Fatalf("%d runs, %d blocks", mcponly.Runs.Load()-before, len(blocks))
	}
	if r := blocks[0].OfToolResult; r == nil || !r.IsError.Value || len(r.Content) != 1 || r.Content[0].OfText == nil || r.Content[0].OfText.Text != `unknown tool "internal_state"; the tools are: convert_temperature, get_forecast` {
		t.Errorf("the omitted tool's answer: %+v", r)
	}
	if r := blocks[1].OfToolResult; r == nil || r.IsError.Value || r.ToolUseID != "tu_2" {
		t.Errorf("the other tool's answer: %+v", r)
	}
}

// A call of a tool Anthropic was not given is told the tools it was given
// and the one it likely meant among them, never one left out of Anthropic
// (omit=anthropic), though the standard registry lists it.
func TestUnknownToolOffered(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(append(weather.Tools(), mcponly.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	var msg anthropic.Message
	if err := json.Unmarshal([]byte(`{"id":"msg_1","type":"message","role":"assistant","content":[
{"type":"tool_use","id":"tu_1","name":"getForecast","input":{}},
{"type":"tool_use","id":"tu_2","name":"internal_stat","input":{}},
{"type":"tool_use","id":"tu_3","name":"nope","input":{}}]}`), &msg); err != nil {
		t.Fatal(err)
	}
	blocks, err := anthropictools.Execute(context.Background(), reg, msg.Content)
	if err != nil {
		t.Fatal(err)
	}
	const tools = "; the tools are: convert_temperature, get_forecast"
	for i, want := range []string{
		`unknown tool "getForecast"; did you mean "get_forecast"?` + tools,
		`unknown tool "internal_stat"` + tools,
		`unknown tool "nope"` + tools,
	} {
		if r := blocks[i].OfToolResult; r == nil || !r.IsError.Value || len(r.Content) != 1 || r.Content[0].OfText == nil || r.Content[0].OfText.Text != want {
			t.Errorf("call %d: %+v, want %s", i+1, r, want)
		}
	}
}
