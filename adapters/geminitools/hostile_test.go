package geminitools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/toolgen-go/toolgen/internal/hostiletest"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/adapters/geminitools"
	"github.com/toolgen-go/toolgen/runtime"
	"google.golang.org/genai"
)

// allTools are the generated tools of every package of the main module an
// adapter can import.
func allTools() []runtime.Tool { return hostiletest.AllTools() }

// handTool is a tool written by hand whose Invoke returns its Result.
type handTool = hostiletest.Hand

// panicJSON is a value whose MarshalJSON panics.
type panicJSON = hostiletest.PanicJSON

// hostileRegistry is hostiletest's registry (every generated tool, tools
// written by hand whose results are hostile, a tool that fails with an
// error of its own), with this adapter's own hostile tools.
func hostileRegistry(t testing.TB, s *runtime.Settings) *runtime.Registry {
	t.Helper()
	return hostiletest.Registry(t, s,
		handTool{Name: "data_only", Result: runtime.Result{Success: true, Data: map[string]string{"a": "<b>"}}},
		handTool{Name: "text_and_data", Result: runtime.Result{Success: true, Output: "two", Data: 2}},
		handTool{Name: "not_json", Result: runtime.Result{Success: true, Structured: true, Output: "not json", Data: []int{1}}},
		handTool{Name: "json_only", Result: runtime.Result{Success: true, Structured: true, Output: `{"a":1}`}},
		handTool{Name: "bad_utf8_json", Result: runtime.Result{Success: true, Structured: true, Output: "{\"s\":\"a\xffb\",\"n\":12345678901234567890}", Data: 1}},
	)
}

// sent is the function responses as they go to Gemini in the next
// request's contents: they must encode, as valid UTF-8.
func sent(t testing.TB, parts []*genai.Part) []map[string]any {
	t.Helper()
	data, err := json.Marshal(genai.NewContentFromParts(parts, genai.RoleUser))
	if err != nil {
		t.Fatalf("the answer does not encode: %v", err)
	}
	if !utf8.Valid(data) {
		t.Errorf("the answer is not valid UTF-8: %q", data)
	}
	var content struct {
		Parts []struct {
			FunctionResponse map[string]any `json:"functionResponse"`
		} `json:"parts"`
	}
	if err := json.Unmarshal(data, &content); err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for _, p := range content.Parts {
		out = append(out, p.FunctionResponse)
	}
	return out
}

func execute(t testing.TB, reg *runtime.Registry, calls []*genai.FunctionCall) []map[string]any {
	t.Helper()
	var parts []*genai.Part
	var err error
	func() {
		defer func() {
			if v := recover(); v != nil {
				t.Fatalf("Execute panicked: %v", v)
			}
		}()
		parts, err = geminitools.Execute(context.Background(), reg, calls)
	}()
	if err != nil {
		t.Fatalf("Execute: %v", err)
	}
	return sent(t, parts)
}

// args is the arguments of a call as genai decodes them from the API's
// JSON.
func args(t testing.TB, data string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// nested is a value nested n arrays deep.
func nested(n int) any {
	var v any = []any{}
	for range n - 1 {
		v = []any{v}
	}
	return v
}

// Hostile arguments, as a program may hand them over in a FunctionCall:
// wrong types, values JSON cannot hold, a string holding JSON, huge or
// deeply nested values. Each call is answered, in order, with its ID and
// name, by an error that says what is wrong; one call's bad arguments
// neither stop the others nor end the turn with an error.
func TestExecuteHostileArguments(t *testing.T) {
	reg := hostileRegistry(t, &runtime.Settings{Dialect: runtime.Gemini})
	cyclic := map[string]any{}
	cyclic["a"] = cyclic
	cases := []struct {
		name string
		call *genai.FunctionCall
		want string
	}{
		{"wrong types", &genai.FunctionCall{Name: "add", Args: args(t, `{"a":"1","b":[2]}`)}, "/a: must be an integer, got the string \"1\": send 1, without quotes; /b: must be an integer, got array"},
		{"fraction", &genai.FunctionCall{Name: "add", Args: args(t, `{"a":1.5,"b":2}`)}, "/a: must be an integer"},
		{"huge number", &genai.FunctionCall{Name: "add", Args: map[string]any{"a": 1e300, "b": 1.0}}, "/a: must be an integer from"},
		{"NaN", &genai.FunctionCall{Name: "add", Args: map[string]any{"a": math.NaN(), "b": 1.0}}, "the arguments could not be read as JSON"},
		{"infinity", &genai.FunctionCall{Name: "add", Args: map[string]any{"a": math.Inf(1), "b": 1.0}}, "the arguments could not be read as JSON"},
		{"cycle", &genai.FunctionCall{Name: "add", Args: cyclic}, "the arguments could not be read as JSON"},
		{"channel", &genai.FunctionCall{Name: "add", Args: map[string]any{"a": make(chan int)}}, "the arguments could not be read as JSON"},
		{"panicking value", &genai.FunctionCall{Name: "add", Args: map[string]any{"a": panicJSON{}}}, "the arguments could not be read as JSON"},
		{"double-encoded", &genai.FunctionCall{Name: "add", Args: map[string]any{"a": `{"a":1,"b":2}`}}, "/a: must be an integer, got string"},
		{"10 MiB", &genai.FunctionCall{Name: "echo", Args: map[string]any{"text": strings.Repeat("a", 10<<20)}}, "bytes long; the limit is 1048576"},
		{"100k levels", &genai.FunctionCall{Name: "sum", Args: map[string]any{"nums": nested(100_000)}}, "nest too deeply"},
		{"no arguments", &genai.FunctionCall{Name: "add"}, "/a: required field is missing; /b: required field is missing"},
		{"empty arguments", &genai.FunctionCall{Name: "add", Args: map[string]any{}}, "/a: required field is missing"},
		{"unknown field", &genai.FunctionCall{Name: "add", Args: args(t, `{"a":1,"b":2,"c":3}`)}, "/c: unknown field"},
	}
	var calls []*genai.FunctionCall
	for i, c := range cases {
		c.call.ID = fmt.Sprint(i)
		calls = append(calls, c.call)
	}
	got := execute(t, reg, calls)
	if len(got) != len(cases) {
		t.Fatalf("%d responses for %d calls", len(got), len(cases))
	}
	for i, c := range cases {
		r := got[i]
		response, _ := r["response"].(map[string]any)
		text, _ := response["error"].(string)
		if r["id"] != fmt.Sprint(i) || r["name"] != c.call.Name || !strings.Contains(text, c.want) || response["output"] != nil {
			t.Errorf("%s: got %v, want an error with %q", c.name, r, c.want)
		}
		if len(text) > 2048 {
			t.Errorf("%s: the error is %d bytes long", c.name, len(text))
		}
	}
}

// Hostile calls: nil ones, names no tool has, with control characters or a
// megabyte long, empty and repeated IDs; and a thousand calls in a turn.
func TestExecuteHostileCalls(t *testing.T) {
	reg := hostileRegistry(t, nil)
	long := strings.Repeat("n", 1<<20)
	calls := []*genai.FunctionCall{
		nil,
		{ID: "f0", Name: "get_weather"},
		{ID: "f1", Name: "add\x00\n\x1b[31m", Args: map[string]any{"a": 1.0, "b": 2.0}},
		nil,
		{ID: "f2", Name: long},
		{Name: "add", Args: map[string]any{"a": 1.0, "b": 1.0}},
		{Name: "add", Args: map[string]any{"a": 1.0, "b": 2.0}},
		{ID: "f5", Name: "add", Args: map[string]any{"a": 1.0, "b": 3.0}},
		{ID: "f5", Name: "add", Args: map[string]any{"a": 1.0, "b": 4.0}},
	}
	got := execute(t, reg, calls)
	want := []struct {
		id, key string
		value   any
	}{
		{"f0", "error", `unknown tool "get_weather"; the tools are: `},
		{"f1", "error", `unknown tool "add\x00\n\x1b[31m"; the tools are: `},
		{"f2", "error", `unknown tool "` + strings.Repeat("n", 64) + `…"; the tools are: `},
		{"", "output", 2.0},
		{"", "output", 3.0},
		{"f5", "output", 4.0},
		{"f5", "error", `this call repeats the id "f5" of an earlier call in the same turn, so it was not run`},
	}
	if len(got) != len(want) {
		t.Fatalf("%d responses, want %d (nil calls passed over): %v", len(got), len(want), got)
	}
	for i, w := range want {
		response := got[i]["response"].(map[string]any)
		v := response[w.key]
		if s, ok := w.value.(string); ok {
			text, _ := v.(string)
			if !strings.HasPrefix(text, s) || len(text) > 2048 {
				t.Errorf("response %d: %v, want %s %q", i, got[i], w.key, s)
			}
		} else if v != w.value {
			t.Errorf("response %d: %v, want %s %v", i, got[i], w.key, w.value)
		}
		if got[i]["id"] != nil && got[i]["id"] != w.id || got[i]["id"] == nil && w.id != "" {
			t.Errorf("response %d: ID %v, want %q", i, got[i]["id"], w.id)
		}
	}

	for _, calls := range [][]*genai.FunctionCall{nil, {}, {nil}} {
		parts, err := geminitools.Execute(context.Background(), reg, calls)
		if err != nil || len(parts) != 0 {
			t.Errorf("%d calls: %v, %v", len(calls), parts, err)
		}
	}

	const n = 1000
	calls = calls[:0]
	for i := range n {
		calls = append(calls, &genai.FunctionCall{ID: fmt.Sprint(i), Name: "add", Args: map[string]any{"a": float64(i), "b": 1.0}})
	}
	for i, r := range execute(t, reg, calls) {
		if r["id"] != fmt.Sprint(i) || r["response"].(map[string]any)["output"] != float64(i+1) {
			t.Fatalf("response %d: %v", i, r)
		}
	}
}

// Tools that panic, time out, fail, return huge results, invalid UTF-8,
// or results made by hand (with no JSON encoding, Data without its JSON,
// text and Data, JSON that is not): each call is answered with a response
// the next request can carry, the others of the turn too.
func TestExecuteHostileTools(t *testing.T) {
	reg := hostileRegistry(t, &runtime.Settings{MaxOutput: 1 << 20})
	cases := []struct {
		tool, args, key string
		want            any
	}{
		{"explode", `{}`, "error", "internal error: the tool failed unexpectedly"},
		{"explode_timed", `{}`, "error", "internal error: the tool failed unexpectedly"},
		{"stall", `{"ms":200}`, "error", "the tool did not finish within 2ms"},
		{"refuse", `{}`, "error", "connection refused"},
		{"huge", `{}`, "error", "the tool's result is 8388608 bytes long, over the limit of 1048576: ask for less"},
		{"bad_utf8", `{}`, "output", "a\ufffdb\ufffd"},
		{"nan_data", `{}`, "error", "internal error: the tool's result could not be encoded"},
		{"panic_data", `{}`, "error", "internal error: the tool failed unexpectedly"},
		{"data_only", `{}`, "output", map[string]any{"a": "<b>"}},
		{"text_and_data", `{}`, "output", "two"},
		{"not_json", `{}`, "output", []any{1.0}},
		{"json_only", `{}`, "output", map[string]any{"a": 1.0}},
		{"bad_utf8_json", `{}`, "output", map[string]any{"s": "a\ufffdb", "n": 12345678901234567890.0}},
		{"bad_result", `{}`, "error", "internal error: the tool failed unexpectedly"},
		{"confirm_op", `{"what":"x"}`, "error", "needs a person's approval"},
		{"cached_lookup", `{"key":"gemini","delay":0}`, "output", map[string]any{"key": "gemini", "items": []any{"a", "b"}, "tags": map[string]any{"x": 1.0}}},
	}
	var calls []*genai.FunctionCall
	for i, c := range cases {
		calls = append(calls, &genai.FunctionCall{ID: fmt.Sprint(i), Name: c.tool, Args: args(t, c.args)})
	}
	// The cached tool's second call is answered from the cache.
	calls = append(calls, &genai.FunctionCall{ID: "again", Name: "cached_lookup", Args: args(t, `{"key":"gemini","delay":0}`)})
	got := execute(t, reg, calls)
	for i, c := range cases {
		response := got[i]["response"].(map[string]any)
		v := response[c.key]
		if s, ok := c.want.(string); ok && c.key == "error" {
			text, _ := v.(string)
			if !strings.Contains(text, s) {
				t.Errorf("%s: %v, want an error with %q", c.tool, response, s)
			}
			continue
		}
		if !reflect.DeepEqual(v, c.want) {
			t.Errorf("%s: %v, want %s %v", c.tool, response, c.key, c.want)
		}
	}
	if data := got[9]["response"].(map[string]any)["data"]; data != 2.0 {
		t.Errorf("text_and_data: data %v, want 2", data)
	}
	if again := got[len(cases)]["response"].(map[string]any)["output"]; !reflect.DeepEqual(again, cases[len(cases)-1].want) {
		t.Errorf("cached_lookup from the cache: %v", again)
	}
}

// The adapter used from 64 goroutines at once, each declaring the tools
// and answering turns of good and hostile calls, under -race.
func TestConcurrentUse(t *testing.T) {
	reg := hostileRegistry(t, &runtime.Settings{Dialect: runtime.Gemini})
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 64 {
		wg.Go(func() {
			for i := range 20 {
				if _, err := geminitools.Tools(reg); err != nil {
					errs <- err
					return
				}
				calls := []*genai.FunctionCall{
					{ID: "a", Name: "add", Args: map[string]any{"a": float64(g), "b": float64(i)}},
					{ID: "b", Name: "explode"},
					{ID: "c", Name: "nan_data"},
					{ID: "d", Name: "add", Args: map[string]any{"a": math.NaN()}},
				}
				parts, err := geminitools.Execute(context.Background(), reg, calls)
				if err != nil {
					errs <- err
					return
				}
				if out := parts[0].FunctionResponse.Response["output"]; string(out.(json.RawMessage)) != fmt.Sprint(g+i) {
					errs <- fmt.Errorf("goroutine %d, turn %d: %v", g, i, out)
					return
				}
				for _, p := range parts[1:] {
					if p.FunctionResponse.Response["error"] == nil {
						errs <- fmt.Errorf("goroutine %d, turn %d: %v", g, i, p.FunctionResponse.Response)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

var nameRE = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// The tools, as the SDK sends them and reads them back, for every dialect
// and every generated tool: nothing of a schema is lost, and what goes as
// parameters is in Gemini's OpenAPI subset.
func TestToolsThroughSDK(t *testing.T) {
	for _, dialect := range []runtime.Dialect{runtime.Gemini, runtime.Standard, runtime.OpenAI, runtime.Anthropic} {
		reg := runtime.NewRegistry(&runtime.Settings{Dialect: dialect})
		if err := reg.Register(allTools()...); err != nil {
			t.Fatal(err)
		}
		tools, err := geminitools.Tools(reg)
		if err != nil {
			t.Fatal(err)
		}
		body, err := json.Marshal(&genai.GenerateContentConfig{Tools: tools})
		if err != nil {
			t.Fatal(err)
		}
		var back genai.GenerateContentConfig
		if err := json.Unmarshal(body, &back); err != nil {
			t.Fatalf("%v: the SDK does not read its own config: %v", dialect, err)
		}
		defs := reg.Definitions()
		decls := back.Tools[0].FunctionDeclarations
		if len(back.Tools) != 1 || len(decls) != len(defs) {
			t.Fatalf("%v: %d declarations read back, %d defined", dialect, len(decls), len(defs))
		}
		for i, def := range defs {
			decl := decls[i]
			if decl.Name != def.Name || decl.Description != def.Description || !nameRE.MatchString(decl.Name) {
				t.Errorf("%v %s: read back as %+v", dialect, def.Name, decl)
			}
			var schema any = decl.ParametersJsonSchema
			if decl.Parameters != nil {
				schema = decl.Parameters
				if dialect != runtime.Gemini {
					t.Errorf("%v %s: parameters outside the Gemini dialect", dialect, def.Name)
				}
				var root map[string]any
				json.Unmarshal(def.Parameters, &root)
				for _, p := range geminiProblems(root) {
					t.Errorf("%s: parameters: %s", def.Name, p)
				}
			} else if decl.ParametersJsonSchema == nil {
				// A tool without arguments.
				var root map[string]any
				json.Unmarshal(def.Parameters, &root)
				if props, _ := root["properties"].(map[string]any); len(props) != 0 {
					t.Errorf("%v %s: declared without its parameters", dialect, def.Name)
				}
				continue
			}
			if diff := jsonDiff(def.Parameters, schema); diff != "" {
				t.Errorf("%v %s: the schema changed through the SDK: %s", dialect, def.Name, diff)
			}
		}
	}
}

// jsonDiff says how the JSON of got differs from want, or "".
func jsonDiff(want json.RawMessage, got any) string {
	data, err := json.Marshal(got)
	if err != nil {
		return err.Error()
	}
	var w, g any
	json.Unmarshal(want, &w)
	json.Unmarshal(data, &g)
	if !reflect.DeepEqual(w, g) {
		return fmt.Sprintf("\nwant %s\ngot  %s", want, data)
	}
	return ""
}

// geminiKeywords are the fields of a Gemini schema (PROVIDERS.md).
var geminiKeywords = []string{"anyOf", "default", "description", "enum", "example", "format", "items", "minItems", "maxItems",
	"minLength", "maxLength", "minProperties", "maxProperties", "minimum", "maximum", "nullable", "pattern",
	"properties", "propertyOrdering", "required", "title", "type"}

// geminiProblems lists what of a schema Gemini's parameters refuse: a
// field outside the subset, a type that is not one string, an enum of
// anything but strings, anyOf beside other fields.
func geminiProblems(root map[string]any) []string {
	var problems []string
	var walk func(node any, path string)
	walk = func(node any, path string) {
		s, ok := node.(map[string]any)
		if !ok {
			problems = append(problems, fmt.Sprintf("%s: a schema that is not an object: %v", path, node))
			return
		}
		for k := range s {
			if !slices.Contains(geminiKeywords, k) {
				problems = append(problems, fmt.Sprintf("%s: %s", path, k))
			}
		}
		if t, ok := s["type"]; ok {
			if _, ok := t.(string); !ok {
				problems = append(problems, fmt.Sprintf("%s: type %v", path, t))
			}
		}
		if enum, ok := s["enum"].([]any); ok {
			for _, v := range enum {
				if _, ok := v.(string); !ok {
					problems = append(problems, fmt.Sprintf("%s: enum value %v", path, v))
				}
			}
		}
		if list, ok := s["anyOf"].([]any); ok {
			if len(s) > 1 {
				problems = append(problems, fmt.Sprintf("%s: anyOf beside other fields", path))
			}
			for i, b := range list {
				walk(b, fmt.Sprintf("%s/anyOf/%d", path, i))
			}
		}
		if props, ok := s["properties"].(map[string]any); ok {
			for name, p := range props {
				walk(p, path+"/properties/"+name)
			}
		}
		if items, ok := s["items"]; ok {
			walk(items, path+"/items")
		}
	}
	walk(root, "")
	return problems
}
