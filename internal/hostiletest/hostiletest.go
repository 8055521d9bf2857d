// Package hostiletest gives the adapters' tests one registry of hostile
// tools: every generated tool of the main module an adapter can import,
// tools written by hand whose results are hostile, and a tool that fails
// with an error of its own.
package hostiletest

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/examples/search"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/attacktest"
	"github.com/toolgen-go/toolgen/internal/shapes"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// AllTools are the generated tools of every package of the main module an
// adapter can import: every shape of arguments toolgen has examples of.
func AllTools() []runtime.Tool {
	var tools []runtime.Tool
	tools = append(tools, weather.Tools()...)
	tools = append(tools, search.Tools(search.NewSearcher(search.HelpCenter))...)
	tools = append(tools, shapes.Tools()...)
	tools = append(tools, tooltest.Tools()...)
	tools = append(tools, attacktest.Tools(&attacktest.Nest{})...)
	return tools
}

// noArgs is the schema of a tool without arguments, in each dialect.
var (
	noArgs       = json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`)
	noArgsStrict = json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false,"required":[]}`)
	noArgsGemini = json.RawMessage(`{"type":"object","properties":{}}`)
)

// Hand is a tool written by hand, as a program may write one: its Invoke
// returns Result whatever the arguments.
type Hand struct {
	Name   string
	Result runtime.Result
}

func (h Hand) Info() *runtime.Info {
	return &runtime.Info{Name: h.Name, Description: "A tool written by hand.", Parameters: noArgsStrict,
		Dialects: runtime.DialectSchemas{OpenAI: noArgsStrict, Gemini: noArgsGemini, Anthropic: noArgsStrict}}
}

func (h Hand) Invoke(context.Context, json.RawMessage) (runtime.Result, error) { return h.Result, nil }

// PanicJSON is a value whose MarshalJSON panics.
type PanicJSON struct{}

func (PanicJSON) MarshalJSON() ([]byte, error) { panic("PanicJSON.MarshalJSON") }

// Registry returns a registry with settings s (nil: the defaults) of
// AllTools, "refuse" (it fails with "connection refused"), hand tools
// whose results are hostile ("nan_data", "panic_data", "bad_utf8",
// "huge": 8 MiB of text), and extra.
func Registry(t testing.TB, s *runtime.Settings, extra ...runtime.Tool) *runtime.Registry {
	t.Helper()
	reg := runtime.NewRegistry(s)
	failing := toolimpl.NewInvokable(&runtime.Info{
		Name: "refuse", Description: "Fails with an error of its own.", Parameters: noArgs,
		Dialects: runtime.DialectSchemas{OpenAI: noArgsStrict, Gemini: noArgsGemini, Anthropic: noArgs},
	}, toolimpl.DecodeNoInput, func(context.Context, toolimpl.NoInput) (string, error) {
		return "", errors.New("connection refused")
	})
	tools := append(AllTools(), failing,
		Hand{"nan_data", runtime.Result{Success: true, Data: math.NaN()}},
		Hand{"panic_data", runtime.Result{Success: true, Data: PanicJSON{}}},
		Hand{"bad_utf8", runtime.Result{Success: true, Output: "a\xffb\xc3"}},
		Hand{"huge", runtime.Result{Success: true, Output: strings.Repeat("x", 8<<20)}},
	)
	if err := reg.Register(append(tools, extra...)...); err != nil {
		t.Fatal(err)
	}
	return reg
}
