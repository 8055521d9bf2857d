package runtime_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/toolgen-go/toolgen/examples/weather"
	. "github.com/toolgen-go/toolgen/runtime"
	. "github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// TestDerivedDialects checks the schemas ParametersFor derives from
// Parameters for the dialects a tool lists in Derived: made once, shared
// by concurrent callers, and yielding to a schema the Info sets itself.
func TestDerivedDialects(t *testing.T) {
	params := json.RawMessage(`{"properties":{"text":{"type":"string","maxLength":9,"description":"Text."},"n":{"type":"integer","default":2}},"additionalProperties":false,"type":"object","required":["text"]}`)
	want := map[Dialect]string{
		OpenAI:    `{"properties":{"text":{"type":"string","description":"Text. Constraints: at most 9 characters."},"n":{"anyOf":[{"type":"integer"},{"type":"null"}],"description":"Constraints: default 2."}},"additionalProperties":false,"type":"object","required":["text","n"]}`,
		Gemini:    `{"properties":{"text":{"type":"string","maxLength":9,"description":"Text."},"n":{"type":"integer","default":2}},"type":"object","required":["text"]}`,
		Anthropic: `{"properties":{"text":{"type":"string","description":"Text. Constraints: at most 9 characters."},"n":{"type":"integer","description":"Constraints: default 2."}},"additionalProperties":false,"type":"object","required":["text"]}`,
	}
	info := &Info{Name: "echo", Description: "Echo.", Parameters: params, Dialects: DialectSchemas{Derived: AllDialects}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for d, w := range want {
				if got := info.ParametersFor(d); string(got) != w {
					t.Errorf("%s: %s, want %s", d, got, w)
				}
				if !info.Strict(d) {
					t.Errorf("%s: not strict", d)
				}
			}
		})
	}
	wg.Wait()
	if n := testing.AllocsPerRun(10, func() { info.ParametersFor(OpenAI) }); n != 0 {
		t.Errorf("ParametersFor allocates %v times once derived", n)
	}

	own := json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`)
	set := &Info{Name: "set", Parameters: params, Dialects: DialectSchemas{Gemini: own, Derived: AllDialects}}
	if got := set.ParametersFor(Gemini); string(got) != string(own) {
		t.Errorf("a schema set in the Info: got %s", got)
	}

	// A hand-made Info whose Parameters the rules do not cover is left out
	// of the dialect, as one with no schema there.
	open := &Info{Name: "open", Description: "Open.", Parameters: json.RawMessage(`{"type":"object"}`), Dialects: DialectSchemas{Derived: []Dialect{OpenAI}}}
	if got := open.ParametersFor(OpenAI); got != nil || open.Strict(OpenAI) {
		t.Errorf("an underivable schema: %s, strict %v", got, open.Strict(OpenAI))
	}
	if got := open.ParametersFor(Gemini); got != nil {
		t.Errorf("a dialect not derived: %s", got)
	}
	r := NewRegistry(&Settings{Dialect: OpenAI})
	if err := r.Register(NewInvokable(open, decodeEcho, echo), NewInvokable(info, decodeEcho, echo)); err != nil {
		t.Fatal(err)
	}
	if defs := r.Definitions(); len(defs) != 1 || string(defs[0].Parameters) != want[OpenAI] {
		t.Errorf("definitions: %+v", defs)
	}
	if res, _ := r.Execute(context.Background(), "open", json.RawMessage(`{"text":"x"}`)); res.Success {
		t.Errorf("a tool left out of the dialect ran: %+v", res)
	}
}

// TestGeneratedDialects checks that a generated tool that leaves its
// dialects to the runtime hands out each of them.
func TestGeneratedDialects(t *testing.T) {
	for _, tool := range weather.Tools() {
		info := tool.Info()
		if len(info.Dialects.Derived) == 0 {
			continue
		}
		for _, d := range info.Dialects.Derived {
			s := info.ParametersFor(d)
			if !json.Valid(s) || string(s) == string(info.Parameters) || !info.Strict(d) {
				t.Errorf("%s in %s: %s", info.Name, d, s)
			}
		}
		return
	}
	t.Fatal("no weather tool leaves its dialects to the runtime")
}
