package geminitools_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/toolgen-go/toolgen/adapters/geminitools"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
	"google.golang.org/genai"
)

// A tool whose directive leaves it out of Gemini (omit=gemini) is neither
// declared nor run through geminitools, though the standard registry
// holds it; a tool left out of another provider is.
func TestOmittedFromGemini(t *testing.T) {
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
	if err := reg.Register(tool("secret", runtime.Gemini), tool("open", runtime.OpenAI)); err != nil {
		t.Fatal(err)
	}
	tools, err := geminitools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	if decls := tools[0].FunctionDeclarations; len(decls) != 1 || decls[0].Name != "open" {
		list, _ := json.Marshal(decls)
		t.Errorf("declared: %s", list)
	}
	parts, err := geminitools.Execute(context.Background(), reg, []*genai.FunctionCall{{ID: "1", Name: "secret"}, {ID: "2", Name: "open"}})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(parts)
	if runs.Load() != 1 || len(parts) != 2 || !strings.Contains(string(got), `unknown tool \"secret\"`) {
		t.Errorf("%d runs; parts %s", runs.Load(), got)
	}
}
