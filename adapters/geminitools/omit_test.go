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
