package anthropictools_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/toolgen-go/toolgen/internal/hostiletest"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/toolgen-go/toolgen/adapters/anthropictools"
	"github.com/toolgen-go/toolgen/runtime"
)

// allTools are the generated tools of every package of the main module an
// adapter can import.
func allTools() []runtime.Tool { return hostiletest.AllTools() }

// handTool is a tool written by hand whose Invoke returns its Result.
type handTool = hostiletest.Hand

// hostileRegistry is hostiletest's registry (every generated tool, tools
// written by hand whose results are hostile, a tool that fails with an
// error of its own), with this adapter's own hostile tools.
func hostileRegistry(t testing.TB, s *runtime.Settings) *runtime.Registry {
	t.Helper()
	return hostiletest.Registry(t, s,
		handTool{Name: "data_only", Result: runtime.Result{Success: true, Data: map[string]string{"a": "<b>"}}},
		handTool{Name: "blank", Result: runtime.Result{Success: true, Output: " \n\t"}},
		handTool{Name: "silent_failure", Result: runtime.Result{}},
		handTool{Name: "blank_failure", Result: runtime.Result{Error: "  "}},
		handTool{Name: "blank_parts", Result: runtime.Result{Success: true, Output: "x", Data: runtime.Content{runtime.TextPart(""), runtime.TextPart(" "), runtime.TextPart("x")}}},
	)
}

// toolUse is a tool_use block as the SDK decodes it, with input as the
// model wrote it, byte for byte.
func toolUse(t testing.TB, id, name, input string) anthropic.ContentBlockUnion {
	t.Helper()
	var block anthropic.ContentBlockUnion
	raw, _ := json.Marshal(map[string]any{"type": "tool_use", "id": id, "name": name, "input": map[string]any{}})
	if err := json.Unmarshal(raw, &block); err != nil {
		t.Fatal(err)
	}
	block.ID, block.Name, block.Input = id, name, json.RawMessage(input)
	return block
}

// toolResult is a tool_result block as it goes to the API.
type toolResult struct {
	Type      string `json:"type"`
	ToolUseID string `json:"tool_use_id"`
	IsError   bool   `json:"is_error"`
	Content   []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
}

func (r toolResult) text() string {
	var b strings.Builder
	for _, c := range r.Content {
		b.WriteString(c.Text)
	}
	return b.String()
}

// sent is the tool_result blocks as the SDK writes them in the user
// message that answers; each text block is one the API takes.
func sent(t testing.TB, blocks []anthropic.ContentBlockParamUnion) []toolResult {
	t.Helper()
	data, err := json.Marshal(anthropic.NewUserMessage(blocks...))
	if err != nil {
		t.Fatalf("the answer does not encode: %v", err)
	}
	if !utf8.Valid(data) {
		t.Error("the answer is not valid UTF-8")
	}
	var msg struct {
		Content []toolResult `json:"content"`
	}
	if err := json.Unmarshal(data, &msg); err != nil {
		t.Fatal(err)
	}
	for _, r := range msg.Content {
		for _, c := range r.Content {
			if c.Type == "text" && strings.TrimSpace(c.Text) == "" {
				t.Errorf("%s: a text block the API refuses: %q", r.ToolUseID, c.Text)
			}
		}
	}
	return msg.Content
}

func execute(t testing.TB, reg *runtime.Registry, content []anthropic.ContentBlockUnion) []toolResult {
	t.Helper()
	var blocks []anthropic.ContentBlockParamUnion
	var err error
	func() {
		defer func() {
			if v := recover(); v != nil {
				t.Fatalf("Execute panicked: %v", v)
			}
		}()
		blocks, err = anthropictools.Execute(context.Background(), reg, content)
	}()
	if err != nil {
		t.Fatalf("Execute: %v", err)
	}
	got := sent(t, blocks)
	if len(got) != len(blocks) {
		t.Fatalf("%d blocks sent, %d made", len(got), len(blocks))
	}
	return got
}

// Every kind of hostile input, in one turn: each tool_use is answered, in
// order, with its ID and is_error, by text that says what is wrong.
func TestExecuteHostileArguments(t *testing.T) {
	reg := hostileRegistry(t, &runtime.Settings{Dialect: runtime.Anthropic})
	deep := `{"nums":` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`
	big := `{"text":"` + strings.Repeat("a", 10<<20) + `"}`
	cases := []struct{ name, tool, input, want string }{
		{"malformed", "add", `{"a":1,}`, "invalid arguments: the arguments are not valid JSON"},
		{"truncated", "add", `{"a":1,"b":`, "(is it cut short?)"},
		{"invalid UTF-8", "echo", "{\"text\":\"a\xffb\"}", "invalid UTF-8"},
		{"10 MiB", "echo", big, "bytes long; the limit is 1048576"},
		{"100k levels", "sum", deep, "nest too deeply"},
		{"wrong types", "add", `{"a":"1","b":[2]}`, "/a: must be an integer, got the string \"1\": send 1, without quotes; /b: must be an integer, got array"},
		{"empty", "add", ``, "/a: required field is missing"},
		{"null", "add", `null`, "/a: required field is missing"},
		{"double-encoded", "add", `"{\"a\":1,\"b\":2}"`, "must be an object, got a string that holds one: send the object itself, not in quotes"},
		{"unknown field", "add", `{"a":1,"b":2,"c":3}`, "/c: unknown field"},
	}
	var content []anthropic.ContentBlockUnion
	for i, c := range cases {
		content = append(content, toolUse(t, fmt.Sprintf("toolu_%d", i), c.tool, c.input))
	}
	got := execute(t, reg, content)
	for i, c := range cases {
		r := got[i]
		if r.Type != "tool_result" || r.ToolUseID != fmt.Sprintf("toolu_%d", i) || !r.IsError || !strings.Contains(r.text(), c.want) {
			t.Errorf("%s: got %+v, want is_error and %q", c.name, r, c.want)
		}
		if len(r.text()) > 2048 {
			t.Errorf("%s: the answer is %d bytes long", c.name, len(r.text()))
		}
	}
}

// Hostile tool_use blocks: names no tool has, with control characters or a
// megabyte long, empty and repeated IDs, among blocks of other types; and
// a thousand calls in one turn.
func TestExecuteHostileCalls(t *testing.T) {
	reg := hostileRegistry(t, nil)
	var text, server anthropic.ContentBlockUnion
	json.Unmarshal([]byte(`{"type":"text","text":"hi"}`), &text)
	json.Unmarshal([]byte(`{"type":"server_tool_use","id":"srv","name":"web_search","input":{}}`), &server)
	content := []anthropic.ContentBlockUnion{
		text,
		toolUse(t, "t0", "get_weather", `{}`),
		toolUse(t, "t1", "add\x00\n\x1b[31m", `{"a":1,"b":2}`),
		server,
		toolUse(t, "t2", strings.Repeat("n", 1<<20), `{}`),
		toolUse(t, "", "add", `{"a":1,"b":1}`),
		toolUse(t, "", "add", `{"a":1,"b":2}`),
		toolUse(t, "t5", "add", `{"a":1,"b":3}`),
		toolUse(t, "t5", "add", `{"a":1,"b":4}`),
	}
	got := execute(t, reg, content)
	want := []struct {
		id      string
		isError bool
		text    string
	}{
		{"t0", true, `unknown tool "get_weather"; the tools are: `},
		{"t1", true, `unknown tool "add\x00\n\x1b[31m"; the tools are: `},
		{"t2", true, `unknown tool "` + strings.Repeat("n", 64) + `…"; the tools are: `},
		{"", false, "2"},
		{"", false, "3"},
		{"t5", false, "4"},
		{"t5", true, `this call repeats the id "t5" of an earlier call in the same turn, so it was not run`},
	}
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].ToolUseID != w.id || got[i].IsError != w.isError || !strings.HasPrefix(got[i].text(), w.text) || len(got[i].text()) > 2048 {
			t.Errorf("result %d: got %+v, want %+v", i, got[i], w)
		}
	}

	// No content, or none of it tool_use, needs no answer.
	for _, content := range [][]anthropic.ContentBlockUnion{nil, {}, {text, server}} {
		blocks, err := anthropictools.Execute(context.Background(), reg, content)
		if err != nil || len(blocks) != 0 {
			t.Errorf("%d blocks: %v, %v", len(content), blocks, err)
		}
	}

	const n = 1000
	content = content[:0]
	for i := range n {
		content = append(content, toolUse(t, fmt.Sprintf("toolu_%d", i), "add", fmt.Sprintf(`{"a":%d,"b":1}`, i)))
	}
	for i, r := range execute(t, reg, content) {
		if r.ToolUseID != fmt.Sprintf("toolu_%d", i) || r.IsError || r.text() != fmt.Sprint(i+1) {
			t.Fatalf("result %d: %+v", i, r)
		}
	}
}

// Tools that panic, time out, fail (saying nothing, or only white space),
// return huge results, invalid UTF-8, blank text, results with no JSON
// encoding or structured results made by hand: each tool_use is answered
// with a tool_result the API takes, the others of the turn too.
func TestExecuteHostileTools(t *testing.T) {
	reg := hostileRegistry(t, &runtime.Settings{MaxOutput: 1 << 20})
	names := []string{"explode", "explode_timed", "stall", "refuse", "huge", "bad_utf8", "nan_data", "panic_data",
		"data_only", "blank", "silent_failure", "blank_failure", "blank_parts", "bad_result", "confirm_op", "look"}
	want := []struct {
		isError bool
		text    string
	}{
		{true, "internal error: the tool failed unexpectedly"},
		{true, "internal error: the tool failed unexpectedly"},
		{true, "the tool did not finish within 2ms"},
		{true, "connection refused"},
		{true, "the tool's result is 8388608 bytes long, over the limit of 1048576: ask for less"},
		{false, "a\ufffdb\ufffd"},
		{true, "internal error: the tool's result could not be encoded"},
		{true, "internal error: the tool failed unexpectedly"}, // a MarshalJSON that panics
		{false, `{"a":"<b>"}`},
		{false, ""},
		{true, "the tool failed without saying why"},
		{true, "the tool failed without saying why"},
		{false, "x"},
		{true, "internal error: the tool failed unexpectedly"},
		{true, "approv"},
		{false, "A cat:[audio, audio/wav, 4 bytes]"},
	}
	var content []anthropic.ContentBlockUnion
	for i, name := range names {
		args := `{}`
		switch name {
		case "stall":
			args = `{"ms":200}`
		case "confirm_op":
			args = `{"what":"x"}`
		}
		content = append(content, toolUse(t, fmt.Sprintf("t%d", i), name, args))
	}
	got := execute(t, reg, content)
	for i, w := range want {
		r := got[i]
		if r.ToolUseID != fmt.Sprintf("t%d", i) || r.IsError != w.isError || !strings.Contains(r.text(), w.text) || w.text == "" && len(r.Content) != 0 {
			t.Errorf("%s: got %+v, want is_error %v and %q", names[i], r, w.isError, w.text)
		}
	}
}

// The adapter used from 64 goroutines at once, each listing the tools and
// answering turns of good and hostile calls, under -race.
func TestConcurrentUse(t *testing.T) {
	reg := hostileRegistry(t, &runtime.Settings{Dialect: runtime.Anthropic})
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 64 {
		wg.Go(func() {
			for i := range 20 {
				if len(anthropictools.Tools(reg)) == 0 {
					errs <- errors.New("no tools")
					return
				}
				content := []anthropic.ContentBlockUnion{
					toolUse(t, "a", "add", fmt.Sprintf(`{"a":%d,"b":%d}`, g, i)),
					toolUse(t, "b", "explode", `{}`),
					toolUse(t, "c", "nan_data", `{}`),
					toolUse(t, "d", "add", `{"a":`),
				}
				blocks, err := anthropictools.Execute(context.Background(), reg, content)
				if err != nil {
					errs <- err
					return
				}
				r := blocks[0].OfToolResult
				if r.IsError.Value || r.Content[0].OfText.Text != fmt.Sprint(g+i) || !blocks[1].OfToolResult.IsError.Value || !blocks[2].OfToolResult.IsError.Value {
					errs <- fmt.Errorf("goroutine %d, turn %d: %+v", g, i, blocks)
					return
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

// Tools, as the SDK sends them and reads them back, for every dialect and
// every generated tool: nothing of the schema is lost, each input_schema
// is an object, each name one Anthropic takes, and a strict tool's schema
// uses only what strict tool use takes.
func TestToolsThroughSDK(t *testing.T) {
	for _, dialect := range []runtime.Dialect{runtime.Anthropic, runtime.Standard, runtime.OpenAI, runtime.Gemini} {
		reg := runtime.NewRegistry(&runtime.Settings{Dialect: dialect})
		if err := reg.Register(allTools()...); err != nil {
			t.Fatal(err)
		}
		defs := reg.Definitions()
		params := anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 1, Tools: anthropictools.Tools(reg),
			Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("hi"))}}
		body, err := json.Marshal(params)
		if err != nil {
			t.Fatal(err)
		}
		var back anthropic.MessageNewParams
		if err := json.Unmarshal(body, &back); err != nil {
			t.Fatalf("%v: the SDK does not read its own request: %v", dialect, err)
		}
		if len(back.Tools) != len(defs) {
			t.Fatalf("%v: %d tools read back, %d defined", dialect, len(back.Tools), len(defs))
		}
		for i, def := range defs {
			tool := back.Tools[i].OfTool
			if tool == nil || tool.Name != def.Name || tool.Description.Value != def.Description {
				t.Errorf("%v %s: read back as %+v", dialect, def.Name, back.Tools[i])
				continue
			}
			if diff := jsonDiff(def.Parameters, tool.InputSchema); diff != "" {
				t.Errorf("%v %s: input_schema changed through the SDK: %s", dialect, def.Name, diff)
			}
			if !nameRE.MatchString(def.Name) {
				t.Errorf("%v: tool name %q", dialect, def.Name)
			}
			var root map[string]any
			json.Unmarshal(def.Parameters, &root)
			if root["type"] != "object" {
				t.Errorf("%v %s: input_schema of type %v", dialect, def.Name, root["type"])
			}
			if tool.Strict.Value {
				if dialect != runtime.Anthropic {
					t.Errorf("%v %s: strict outside the Anthropic dialect", dialect, def.Name)
				}
				for _, p := range strictProblems(root) {
					t.Errorf("%s, strict: %s", def.Name, p)
				}
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

// strictKeywords are the keywords of a schema Anthropic's strict tool use
// takes (PROVIDERS.md, and "default" and "minItems" of 0 or 1, which its
// documentation lists too).
var strictKeywords = []string{"$ref", "$defs", "type", "anyOf", "allOf", "description", "title", "enum", "const",
	"properties", "additionalProperties", "required", "items", "pattern", "format", "default", "minItems"}

// strictFormats are the string formats strict tool use takes.
var strictFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}

// strictProblems lists what of a schema strict tool use does not take.
func strictProblems(root map[string]any) []string {
	var problems []string
	var walk func(node any, path string)
	walk = func(node any, path string) {
		s, ok := node.(map[string]any)
		if !ok {
			return
		}
		for k, v := range s {
			switch {
			case !slices.Contains(strictKeywords, k):
				problems = append(problems, fmt.Sprintf("%s: %s", path, k))
			case k == "additionalProperties" && v != false:
				problems = append(problems, fmt.Sprintf("%s: additionalProperties %v", path, v))
			case k == "format" && !slices.Contains(strictFormats, v.(string)):
				problems = append(problems, fmt.Sprintf("%s: format %v", path, v))
			case k == "minItems" && v.(float64) > 1:
				problems = append(problems, fmt.Sprintf("%s: minItems %v", path, v))
			}
		}
		if props, ok := s["properties"].(map[string]any); ok {
			for name, p := range props {
				walk(p, path+"/properties/"+name)
			}
			if s["additionalProperties"] != false {
				problems = append(problems, path+": an object without additionalProperties false")
			}
		}
		if defs, ok := s["$defs"].(map[string]any); ok {
			for name, d := range defs {
				walk(d, path+"/$defs/"+name)
			}
		}
		walk(s["items"], path+"/items")
		for _, k := range []string{"anyOf", "allOf"} {
			list, _ := s[k].([]any)
			for i, b := range list {
				walk(b, fmt.Sprintf("%s/%s/%d", path, k, i))
			}
		}
	}
	walk(root, "")
	return problems
}
