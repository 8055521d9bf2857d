package runtime_test

import (
	"encoding/json"
	"strings"
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
		OpenAI:    `{"properties":{"text":{"type":"string","description":"Text. Constraints: at most 9 characters."},"n":{"type":["integer","null"],"description":"Constraints: default 2."}},"additionalProperties":false,"type":"object","required":["text","n"]}`,
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
	// of the dialect, as one with no schema there, and a registry refuses
	// it.
	open := &Info{Name: "open", Description: "Open.", Parameters: json.RawMessage(`{"type":"object"}`), Dialects: DialectSchemas{Derived: []Dialect{OpenAI}}}
	if got := open.ParametersFor(OpenAI); got != nil || open.Strict(OpenAI) {
		t.Errorf("an underivable schema: %s, strict %v", got, open.Strict(OpenAI))
	}
	if got := open.ParametersFor(Gemini); got != nil {
		t.Errorf("a dialect not derived: %s", got)
	}
	r := NewRegistry(&Settings{Dialect: OpenAI})
	err := r.Register(NewInvokable(open, decodeEcho, echo))
	if err == nil || !strings.Contains(err.Error(), "tool open lists openai in Dialects.Derived, but its schema there cannot be derived") {
		t.Errorf("Register of an underivable tool: %v", err)
	}
	if err := r.Register(NewInvokable(info, decodeEcho, echo)); err != nil {
		t.Fatal(err)
	}
	if defs := r.Definitions(); len(defs) != 1 || string(defs[0].Parameters) != want[OpenAI] {
		t.Errorf("definitions: %+v", defs)
	}

	// Copies of an Info share its derived schemas; an Info given other
	// Parameters derives its own.
	c := *info
	if got, orig := c.ParametersFor(Anthropic), info.ParametersFor(Anthropic); &got[0] != &orig[0] {
		t.Error("a copy of an Info derived its schema again")
	}
	c.Parameters = json.RawMessage(`{"properties":{"x":{"type":"boolean","default":true}},"additionalProperties":false,"type":"object"}`)
	if got, w := c.ParametersFor(Anthropic), `{"properties":{"x":{"type":"boolean","description":"Constraints: default true."}},"additionalProperties":false,"type":"object"}`; string(got) != w {
		t.Errorf("other Parameters: %s, want %s", got, w)
	}

	// A dialect the runtime does not know gets the standard schema, as
	// before there were derived ones.
	if got := info.ParametersFor(Dialect(7)); string(got) != string(params) {
		t.Errorf("dialect 7: %s", got)
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

// TestOptionalNull checks the message for a null the call does not take
// (a registry not in the OpenAI dialect, not lenient): for an optional
// field it says to leave the field out, as models that send null for what
// they leave out need told; for a required one, and for the field after
// an optional null, it is the usual one.
func TestOptionalNull(t *testing.T) {
	r := NewRegistry(nil)
	if err := r.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	for args, want := range map[string]string{
		`{"city":"Paris","days":null}`:            `invalid arguments: /days: must be an integer, got null: the field is optional, so leave it out rather than send null`,
		`{"city":"Paris","unit":null,"days":"x"}`: `invalid arguments: /days: must be an integer, got string; /unit: must be a string, got null: the field is optional, so leave it out rather than send null`,
		`{"city":null}`:                           `invalid arguments: /city: must be a string, got null`,
		`{"city":"Paris","unit":"Celsius"}`:       `invalid arguments: /unit: must be one of "celsius", "fahrenheit"; got "Celsius"; did you mean "celsius"?`,
		`{"city":"Paris","days":null,"unit":"k"}`: `invalid arguments: /days: must be an integer, got null: the field is optional, so leave it out rather than send null; /unit: must be one of "celsius", "fahrenheit"; got "k"`,
	} {
		res, err := r.Execute(t.Context(), "get_forecast", json.RawMessage(args))
		if err != nil || res.Success || res.Error != want {
			t.Errorf("%s:\n got %q\nwant %q", args, res.Error, want)
		}
	}
}
