package openaitools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/toolgen-go/toolgen/internal/hostiletest"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"
	"github.com/toolgen-go/toolgen/adapters/openaitools"
	"github.com/toolgen-go/toolgen/internal/attacktest"
	"github.com/toolgen-go/toolgen/runtime"
)

// allTools are the generated tools of every package of the main module an
// adapter can import.
func allTools() []runtime.Tool { return hostiletest.AllTools() }

// hostileRegistry is a registry in dialect of every generated tool, tools
// written by hand whose results are hostile, and a tool that fails with an
// error of its own.
func hostileRegistry(t testing.TB, s *runtime.Settings) *runtime.Registry {
	t.Helper()
	return hostiletest.Registry(t, s)
}

// chatCall is a Chat Completions tool call as the SDK decodes it from the
// API's JSON.
func chatCall(t testing.TB, id, name, args string) openai.ChatCompletionMessageToolCallUnion {
	t.Helper()
	raw, err := json.Marshal(map[string]any{"id": id, "type": "function", "function": map[string]string{"name": name, "arguments": args}})
	if err != nil {
		t.Fatal(err)
	}
	var call openai.ChatCompletionMessageToolCallUnion
	if err := json.Unmarshal(raw, &call); err != nil {
		t.Fatal(err)
	}
	// What the SDK decoded is what the model wrote, invalid UTF-8 apart
	// (encoding/json makes it U+FFFD): set it as it would reach us from
	// a transport that keeps bytes.
	call.ID, call.Function.Name, call.Function.Arguments = id, name, args
	return call
}

// answer is a tool message as it goes to the API.
type answer struct {
	Role       string `json:"role"`
	Content    string `json:"content"`
	ToolCallID string `json:"tool_call_id"`
}

// sent is the tool messages as the SDK writes them into a request.
func sent(t testing.TB, msgs []openai.ChatCompletionMessageParamUnion) []answer {
	t.Helper()
	data, err := json.Marshal(msgs)
	if err != nil {
		t.Fatalf("the answers do not encode: %v", err)
	}
	if !utf8.Valid(data) {
		t.Errorf("the answers are not valid UTF-8")
	}
	var got []answer
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// result is the Result a tool message carries.
type result struct {
	Success bool            `json:"success"`
	Output  string          `json:"output"`
	Data    json.RawMessage `json:"data"`
	Error   string          `json:"error"`
}

func decodeResult(t testing.TB, content string) result {
	t.Helper()
	var r result
	if err := json.Unmarshal([]byte(content), &r); err != nil {
		t.Fatalf("the tool message is not JSON: %v: %.300s", err, content)
	}
	return r
}

// Every kind of hostile arguments, in one turn: each call is answered, in
// order, with its ID, by a failure that says what is wrong.
func TestExecuteHostileArguments(t *testing.T) {
	reg := hostileRegistry(t, &runtime.Settings{Dialect: runtime.OpenAI})
	deep := `{"nums":` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`
	big := `{"text":"` + strings.Repeat("a", 10<<20) + `"}`
	cases := []struct{ name, tool, args, want string }{
		{"malformed", "add", `{"a":1,}`, "invalid arguments: the arguments are not valid JSON"},
		{"truncated", "add", `{"a":1,"b":`, "(is it cut short?)"},
		{"invalid UTF-8", "echo", "{\"text\":\"a\xffb\"}", "invalid UTF-8"},
		{"10 MiB", "echo", big, fmt.Sprintf("the arguments are %d bytes long; the limit is 1048576", len(big))},
		{"100k levels", "sum", deep, "nest too deeply"},
		{"wrong types", "add", `{"a":"1","b":[2]}`, "/a: must be an integer, got the string \"1\": send 1, without quotes; /b: must be an integer, got array"},
		{"empty string", "add", ``, "/a: required field is missing; /b: required field is missing"},
		{"null", "add", `null`, "/a: required field is missing; /b: required field is missing"},
		{"double-encoded", "add", `"{\"a\":1,\"b\":2}"`, "invalid arguments: must be an object, got a string that holds one: send the object itself, not in quotes"},
		{"array", "add", `[1,2]`, "must be an object, got array"},
		{"trailing garbage", "add", `{"a":1,"b":2}{}`, "not valid JSON"},
		{"unknown field", "add", `{"a":1,"b":2,"c":3}`, "/c: unknown field"},
		{"out of range", "add", `{"a":1e400,"b":2}`, "/a: must be an integer"},
		{"fraction", "add", `{"a":1.5,"b":2}`, "/a: must be an integer"},
	}
	var calls []openai.ChatCompletionMessageToolCallUnion
	for i, c := range cases {
		calls = append(calls, chatCall(t, fmt.Sprintf("call_%d", i), c.tool, c.args))
	}
	start := time.Now()
	msgs, err := openaitools.Execute(context.Background(), reg, calls)
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("the turn took %v", took)
	}
	got := sent(t, msgs)
	if len(got) != len(cases) {
		t.Fatalf("%d answers for %d calls", len(got), len(cases))
	}
	for i, c := range cases {
		res := decodeResult(t, got[i].Content)
		if got[i].Role != "tool" || got[i].ToolCallID != fmt.Sprintf("call_%d", i) {
			t.Errorf("%s: answered as %+v", c.name, got[i])
		}
		if res.Success || !strings.Contains(res.Error, c.want) {
			t.Errorf("%s: got %+v, want an error with %q", c.name, res, c.want)
		}
		if len(got[i].Content) > 2048 {
			t.Errorf("%s: the answer is %d bytes long: it should not grow with the input", c.name, len(got[i].Content))
		}
	}
}

// Arguments with a key twice: the last value is the one decoded, as
// encoding/json does, and what the tool sees.
func TestExecuteDuplicateKeys(t *testing.T) {
	reg := hostileRegistry(t, nil)
	msgs, err := openaitools.Execute(context.Background(), reg, []openai.ChatCompletionMessageToolCallUnion{chatCall(t, "c", "add", `{"a":1,"a":2,"b":3}`)})
	if err != nil {
		t.Fatal(err)
	}
	if got := sent(t, msgs); got[0].Content != `{"success":true,"data":5}` {
		t.Errorf("got %s", got[0].Content)
	}
}

// Hostile calls: names no tool has, with control characters or a megabyte
// long, empty and repeated IDs.
func TestExecuteHostileCalls(t *testing.T) {
	reg := hostileRegistry(t, nil)
	long := strings.Repeat("n", 1<<20)
	calls := []openai.ChatCompletionMessageToolCallUnion{
		chatCall(t, "c0", "get_weather", `{}`),
		chatCall(t, "c1", "add\x00\n\x1b[31m", `{"a":1,"b":2}`),
		chatCall(t, "c2", long, `{}`),
		chatCall(t, "", "add", `{"a":1,"b":1}`),
		chatCall(t, "", "add", `{"a":1,"b":2}`),
		chatCall(t, "c5", "add", `{"a":1,"b":3}`),
		chatCall(t, "c5", "add", `{"a":1,"b":4}`),
		chatCall(t, "c7", "", `{}`),
	}
	msgs, err := openaitools.Execute(context.Background(), reg, calls)
	if err != nil {
		t.Fatal(err)
	}
	got := sent(t, msgs)
	want := []struct {
		id, content string
	}{
		{"c0", `"unknown tool \"get_weather\"; the tools are: `},
		{"c1", `"unknown tool \"add\\x00\\n\\x1b[31m\"; the tools are: `},
		{"c2", `"unknown tool \"` + strings.Repeat("n", 64) + `…\"; the tools are: `},
		{"", `{"success":true,"data":2}`},
		{"", `{"success":true,"data":3}`},
		{"c5", `{"success":true,"data":4}`},
		{"c5", `this call repeats the id \"c5\" of an earlier call in the same turn, so it was not run`},
		{"c7", `"unknown tool \"\"; the tools are: `},
	}
	for i, w := range want {
		if got[i].ToolCallID != w.id || !strings.Contains(got[i].Content, w.content) {
			t.Errorf("call %d: got %+v, want ID %q and %s", i, got[i], w.id, w.content)
		}
		if len(got[i].Content) > 2048 {
			t.Errorf("call %d: the answer is %d bytes long", i, len(got[i].Content))
		}
	}

	// No calls, nil or empty, need no answers.
	for _, calls := range [][]openai.ChatCompletionMessageToolCallUnion{nil, {}} {
		msgs, err := openaitools.Execute(context.Background(), reg, calls)
		if err != nil || len(msgs) != 0 {
			t.Errorf("%v calls: %v, %v", calls, msgs, err)
		}
		items, err := openaitools.ExecuteResponse(context.Background(), reg, nil)
		if err != nil || len(items) != 0 {
			t.Errorf("no output: %v, %v", items, err)
		}
	}
}

// A thousand calls in one turn run at once, each answered in order with
// its own ID and result.
func TestExecuteThousandCalls(t *testing.T) {
	const n = 1000
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(meetTool(n)); err != nil {
		t.Fatal(err)
	}
	if err := reg.Register(attacktest.Tools(&attacktest.Nest{})...); err != nil {
		t.Fatal(err)
	}
	calls := make([]openai.ChatCompletionMessageToolCallUnion, n)
	for i := range calls {
		calls[i] = chatCall(t, fmt.Sprintf("call_%d", i), "meet", ``)
	}
	start := time.Now()
	msgs, err := openaitools.Execute(context.Background(), reg, calls)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d calls that wait for each other: %v", n, time.Since(start))
	for i, a := range sent(t, msgs) {
		if a.ToolCallID != fmt.Sprintf("call_%d", i) || a.Content != `{"success":true,"output":"met"}` {
			t.Fatalf("answer %d: %+v", i, a)
		}
	}

	// And as many items of a response.
	output := make([]responses.ResponseOutputItemUnion, n)
	for i := range output {
		raw := fmt.Appendf(nil, `{"type":"function_call","call_id":"call_%d","name":"add","arguments":"{\"a\":%d,\"b\":1}"}`, i, i)
		if err := json.Unmarshal(raw, &output[i]); err != nil {
			t.Fatal(err)
		}
	}
	items, err := openaitools.ExecuteResponse(context.Background(), reg, output)
	if err != nil {
		t.Fatal(err)
	}
	for i, item := range items {
		out := item.OfFunctionCallOutput
		if out == nil || out.CallID.Value != fmt.Sprintf("call_%d", i) || out.Output.OfString.Value != fmt.Sprintf(`{"success":true,"data":%d}`, i+1) {
			t.Fatalf("item %d: %+v", i, out)
		}
	}
}

// Tools that panic, time out, fail, return huge results, invalid UTF-8, or
// results with no JSON encoding: each call is answered for the model, the
// others of the turn too, and the turn's error stays nil.
func TestExecuteHostileTools(t *testing.T) {
	reg := hostileRegistry(t, &runtime.Settings{MaxOutput: 1 << 20})
	calls := []openai.ChatCompletionMessageToolCallUnion{
		chatCall(t, "c0", "explode", `{}`),
		chatCall(t, "c1", "explode_timed", `{}`),
		chatCall(t, "c2", "stall", `{"ms":200}`),
		chatCall(t, "c3", "refuse", `{}`),
		chatCall(t, "c4", "huge", `{}`),
		chatCall(t, "c5", "bad_utf8", `{}`),
		chatCall(t, "c6", "nan_data", `{}`),
		chatCall(t, "c7", "panic_data", `{}`),
		chatCall(t, "c8", "bad_result", `{}`),
		chatCall(t, "c9", "confirm_op", `{"what":"x"}`),
		chatCall(t, "c10", "add", `{"a":1,"b":2}`),
		chatCall(t, "c11", "look", `{}`),
		chatCall(t, "c12", "words", `{"text":"one two"}`),
	}
	var msgs []openai.ChatCompletionMessageParamUnion
	var err error
	func() {
		defer func() {
			if v := recover(); v != nil {
				t.Fatalf("Execute panicked: %v", v)
			}
		}()
		msgs, err = openaitools.Execute(context.Background(), reg, calls)
	}()
	if err != nil {
		t.Fatalf("Execute: %v, want answers for the model", err)
	}
	got := sent(t, msgs)
	unencodable := "internal error: the tool's result could not be encoded"
	want := []struct {
		success bool
		text    string
	}{
		{false, "internal error: the tool failed unexpectedly"},
		{false, "internal error: the tool failed unexpectedly"},
		{false, "the tool did not finish within 2ms"},
		{false, "connection refused"},
		{false, "the tool's result is 8388608 bytes long, over the limit of 1048576: ask for less"},
		{true, "a\ufffdb\ufffd"},
		{false, unencodable},
		{false, "internal error: the tool failed unexpectedly"}, // a MarshalJSON that panics
		{false, "internal error: the tool failed unexpectedly"},
		{false, "approv"},
		{true, "3"},
		{true, "A cat:\n[image, image/png, 3 bytes]"},
		{true, "one two "},
	}
	for i, w := range want {
		res := decodeResult(t, got[i].Content)
		text := res.Error
		if res.Success {
			text = res.Output + string(res.Data)
		}
		if got[i].ToolCallID != fmt.Sprintf("c%d", i) || res.Success != w.success || !strings.Contains(text, w.text) {
			t.Errorf("call %d: got %+v, want success %v and %q", i, res, w.success, w.text)
		}
	}
}

// The answers of a turn whose tools fail in every way go out through the
// Responses API's types as they do through Chat Completions'.
func TestExecuteResponseHostileTools(t *testing.T) {
	reg := hostileRegistry(t, nil)
	var output []responses.ResponseOutputItemUnion
	for i, name := range []string{"nan_data", "panic_data", "explode", "bad_utf8", "add"} {
		var item responses.ResponseOutputItemUnion
		args := `{}`
		if name == "add" {
			args = `{"a":1,"b":2}`
		}
		raw := fmt.Appendf(nil, `{"type":"function_call","call_id":"c%d","name":%q,"arguments":%q}`, i, name, args)
		if err := json.Unmarshal(raw, &item); err != nil {
			t.Fatal(err)
		}
		output = append(output, item)
	}
	items, err := openaitools.ExecuteResponse(context.Background(), reg, output)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`{"success":false,"error":"internal error: the tool's result could not be encoded"}`,
		`{"success":false,"error":"internal error: the tool failed unexpectedly"}`,
		`{"success":false,"error":"internal error: the tool failed unexpectedly"}`,
		`{"success":true,"output":"a\ufffdb\ufffd"}`, // invalid UTF-8 made U+FFFD
		`{"success":true,"data":3}`,
	}
	for i, item := range items {
		out := item.OfFunctionCallOutput
		if out == nil || out.CallID.Value != fmt.Sprintf("c%d", i) || out.Output.OfString.Value != want[i] {
			t.Errorf("item %d: %+v, want %s", i, out, want[i])
		}
	}
	if _, err := json.Marshal(items); err != nil {
		t.Errorf("the items do not encode: %v", err)
	}
}

// The adapter used from 64 goroutines at once, each listing the tools and
// answering turns of good and hostile calls, under -race.
func TestConcurrentUse(t *testing.T) {
	reg := hostileRegistry(t, &runtime.Settings{Dialect: runtime.OpenAI})
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 64 {
		wg.Go(func() {
			for i := range 20 {
				if n := len(openaitools.Tools(reg)); n == 0 {
					errs <- fmt.Errorf("no tools")
					return
				}
				openaitools.ResponseTools(reg)
				calls := []openai.ChatCompletionMessageToolCallUnion{
					chatCall(t, "a", "add", fmt.Sprintf(`{"a":%d,"b":%d}`, g, i)),
					chatCall(t, "b", "explode", `{}`),
					chatCall(t, "c", "add", `{"a":`),
					chatCall(t, "d", "nan_data", `{}`),
				}
				msgs, err := openaitools.Execute(ctx, reg, calls)
				if err != nil {
					errs <- err
					return
				}
				data, _ := json.Marshal(msgs)
				if want := fmt.Sprintf(`{\"success\":true,\"data\":%d}`, g+i); !strings.Contains(string(data), want) {
					errs <- fmt.Errorf("goroutine %d, turn %d: %s", g, i, data)
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

// Tools, as the SDK sends them and reads them back, for every dialect and
// every generated tool: nothing of the schema is lost, and a tool marked
// strict obeys OpenAI's rules for strict mode.
func TestToolsThroughSDK(t *testing.T) {
	for _, dialect := range []runtime.Dialect{runtime.OpenAI, runtime.Standard, runtime.Gemini, runtime.Anthropic} {
		reg := runtime.NewRegistry(&runtime.Settings{Dialect: dialect})
		if err := reg.Register(allTools()...); err != nil {
			t.Fatal(err)
		}
		defs := reg.Definitions()
		params := openai.ChatCompletionNewParams{Model: "gpt-test", Tools: openaitools.Tools(reg),
			Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("hi")}}
		body, err := json.Marshal(params)
		if err != nil {
			t.Fatal(err)
		}
		var back openai.ChatCompletionNewParams
		if err := json.Unmarshal(body, &back); err != nil {
			t.Fatalf("%v: the SDK does not read its own request: %v", dialect, err)
		}
		var read struct {
			Tools []struct {
				Type     string                    `json:"type"`
				Function shared.FunctionDefinition `json:"function"`
			} `json:"tools"`
		}
		if err := json.Unmarshal(body, &read); err != nil {
			t.Fatal(err)
		}
		if len(back.Tools) != len(defs) || len(read.Tools) != len(defs) {
			t.Fatalf("%v: %d and %d tools read back, %d defined", dialect, len(back.Tools), len(read.Tools), len(defs))
		}
		for i, def := range defs {
			fn := back.Tools[i].GetFunction()
			if fn == nil || fn.Name != def.Name || fn.Description.Value != def.Description {
				t.Errorf("%v %s: read back as %+v", dialect, def.Name, fn)
				continue
			}
			if diff := jsonDiff(def.Parameters, fn.Parameters); diff != "" {
				t.Errorf("%v %s: parameters changed through the SDK's param type: %s", dialect, def.Name, diff)
			}
			got := read.Tools[i].Function
			if read.Tools[i].Type != "function" || got.Name != def.Name {
				t.Errorf("%v %s: %+v", dialect, def.Name, read.Tools[i])
			}
			if diff := jsonDiff(def.Parameters, got.Parameters); diff != "" {
				t.Errorf("%v %s: parameters changed through shared.FunctionDefinition: %s", dialect, def.Name, diff)
			}
			if !nameRE.MatchString(def.Name) {
				t.Errorf("%v: tool name %q", dialect, def.Name)
			}
			if got.Strict {
				if dialect != runtime.OpenAI {
					t.Errorf("%v %s: strict outside the OpenAI dialect", dialect, def.Name)
				}
				for _, problem := range strictProblems(def.Parameters) {
					t.Errorf("%s, strict: %s", def.Name, problem)
				}
			}
		}

		// The Responses API's tools read back the same.
		rparams := responses.ResponseNewParams{Model: "gpt-test", Tools: openaitools.ResponseTools(reg)}
		body, err = json.Marshal(rparams)
		if err != nil {
			t.Fatal(err)
		}
		var rread struct {
			Tools []responses.FunctionTool `json:"tools"`
		}
		if err := json.Unmarshal(body, &rread); err != nil {
			t.Fatal(err)
		}
		for i, def := range defs {
			got := rread.Tools[i]
			if got.Name != def.Name || string(got.Type) != "function" {
				t.Errorf("%v %s: %+v", dialect, def.Name, got)
			}
			if diff := jsonDiff(def.Parameters, got.Parameters); diff != "" {
				t.Errorf("%v %s: parameters changed through responses.FunctionTool: %s", dialect, def.Name, diff)
			}
			if got.Strict {
				for _, problem := range strictProblems(def.Parameters) {
					t.Errorf("%s, strict in the Responses API: %s", def.Name, problem)
				}
			}
		}
	}
}

var nameRE = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// jsonDiff says how the JSON of got differs from want, or "".
func jsonDiff(want json.RawMessage, got any) string {
	data, err := json.Marshal(got)
	if err != nil {
		return err.Error()
	}
	var w, g any
	if err := json.Unmarshal(want, &w); err != nil {
		return err.Error()
	}
	if err := json.Unmarshal(data, &g); err != nil {
		return err.Error()
	}
	if !reflect.DeepEqual(w, g) {
		return fmt.Sprintf("\nwant %s\ngot  %s", want, data)
	}
	return ""
}

// strictProblems lists how a schema breaks OpenAI's rules for strict mode
// (PROVIDERS.md): an object root; every object with properties, all of
// them required, and additionalProperties false; no allOf, not,
// if/then/else, oneOf or default; at most 10 levels of nesting, 5,000
// properties and 1,000 enum values.
func strictProblems(schema json.RawMessage) []string {
	var root map[string]any
	if err := json.Unmarshal(schema, &root); err != nil {
		return []string{err.Error()}
	}
	var problems []string
	if root["type"] != "object" {
		problems = append(problems, fmt.Sprintf("the root is of type %v, not object", root["type"]))
	}
	properties := 0
	var walk func(node any, path string, depth int)
	walk = func(node any, path string, depth int) {
		s, ok := node.(map[string]any)
		if !ok {
			return
		}
		for _, k := range []string{"allOf", "not", "if", "then", "else", "oneOf", "default"} {
			if _, ok := s[k]; ok {
				problems = append(problems, fmt.Sprintf("%s: %s", path, k))
			}
		}
		if enum, ok := s["enum"].([]any); ok && len(enum) > 1000 {
			problems = append(problems, fmt.Sprintf("%s: %d enum values", path, len(enum)))
		}
		if s["type"] == "object" || slices.Contains(asSlice(s["type"]), any("object")) || s["properties"] != nil {
			depth++
			if depth > 10 {
				problems = append(problems, fmt.Sprintf("%s: nested %d levels deep", path, depth))
			}
			props, ok := s["properties"].(map[string]any)
			if !ok {
				problems = append(problems, path+": an object without properties")
			}
			if s["additionalProperties"] != false {
				problems = append(problems, fmt.Sprintf("%s: additionalProperties %v", path, s["additionalProperties"]))
			}
			required := asSlice(s["required"])
			for name := range props {
				properties++
				if !slices.Contains(required, any(name)) {
					problems = append(problems, fmt.Sprintf("%s: %s is not required", path, name))
				}
			}
			for name, p := range props {
				walk(p, path+"/properties/"+name, depth)
			}
		}
		walk(s["items"], path+"/items", depth)
		for i, b := range asSlice(s["anyOf"]) {
			walk(b, fmt.Sprintf("%s/anyOf/%d", path, i), depth)
		}
		if defs, ok := s["$defs"].(map[string]any); ok {
			for name, d := range defs {
				walk(d, path+"/$defs/"+name, 0)
			}
		}
	}
	walk(root, "", 0)
	if properties > 5000 {
		problems = append(problems, fmt.Sprintf("%d properties", properties))
	}
	return problems
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}
