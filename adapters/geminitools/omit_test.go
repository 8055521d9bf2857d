package geminitools_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/adapters/geminitools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/tooltest/mcponly"
	"github.com/toolgen-go/toolgen/runtime"
	"google.golang.org/genai"
)

// A tool whose directive leaves it out of Gemini (omit=gemini) is neither
// declared nor run through geminitools, though the standard registry
// holds it.
func TestOmittedFromGemini(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(append(weather.Tools(), mcponly.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	tools, err := geminitools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, decl := range tools[0].FunctionDeclarations {
		if decl.Name == "internal_state" {
			t.Error("internal_state is declared to Gemini")
		}
	}
	before := mcponly.Runs.Load()
	parts, err := geminitools.Execute(context.Background(), reg, []*genai.FunctionCall{{ID: "1", Name: "internal_state"}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(parts)
	if mcponly.Runs.Load() != before || !strings.Contains(string(got), `unknown tool \"internal_state\"`) {
		t.Errorf("%d runs; parts %s", mcponly.Runs.Load()-before, got)
	}
}

// A call of a tool Gemini was not given is told the tools it was given
// and the one it likely meant among them, never one left out of Gemini
// (omit=gemini), though the standard registry lists it; so is a call of a
// tool left out.
func TestUnknownToolOffered(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(append(weather.Tools(), mcponly.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	parts, err := geminitools.Execute(context.Background(), reg, []*genai.FunctionCall{
		{ID: "1", Name: "default_api.getForecast"},
		{ID: "2", Name: "internal_stat"},
		{ID: "3", Name: "internal_state"},
		{ID: "4", Name: "nope"},
	})
	if err != nil {
		t.Fatal(err)
	}
	const tools = "; the tools are: convert_temperature, get_forecast"
	for i, want := range []string{
		`unknown tool "default_api.getForecast"; did you mean "get_forecast"?` + tools,
		`unknown tool "internal_stat"` + tools,
		`unknown tool "internal_state"` + tools,
		`unknown tool "nope"` + tools,
	} {
		if got := parts[i].FunctionResponse.Response["error"]; got != want {
			t.Errorf("call %d: %v, want %s", i+1, got, want)
		}
	}
}

// A registry with no tool for Gemini (its only tool says omit=gemini, or
// none is registered yet) gives no tools, not a tool without function
// declarations: Gemini refuses that request ("tools[0].tool_type: required
// one_of 'tool_type' must have one initialized field").
func TestNoToolsForGemini(t *testing.T) {
	omitted := runtime.NewRegistry(nil)
	if err := omitted.Register(mcponly.Tools()...); err != nil {
		t.Fatal(err)
	}
	for _, reg := range []*runtime.Registry{omitted, runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Gemini})} {
		tools, err := geminitools.Tools(reg)
		if err != nil {
			t.Fatal(err)
		}
		if body, _ := json.Marshal(&genai.GenerateContentConfig{Tools: tools}); strings.Contains(string(body), `"tools"`) {
			t.Errorf("config %s", body)
		}
	}
}
