package einotools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/toolgen-go/toolgen/internal/hostiletest"
	"io"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/toolgen-go/toolgen/adapters/einotools"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/runtime"
)

// allTools are the generated tools of every package of the main module an
// adapter can import.
func allTools() []runtime.Tool { return hostiletest.AllTools() }

// handTool is a tool written by hand whose Invoke returns its Result.
type handTool = hostiletest.Hand

// handContent is a tool written by hand whose result is multimodal.
type handContent struct{ handTool }

func (handContent) Multimodal() {}

// panicJSON is a value whose MarshalJSON panics.
type panicJSON = hostiletest.PanicJSON

// hostileRegistry is hostiletest's registry (every generated tool, tools
// written by hand whose results are hostile, a tool that fails with an
// error of its own), with this adapter's own hostile tools.
func hostileRegistry(t testing.TB, s *runtime.Settings) *runtime.Registry {
	t.Helper()
	empty := runtime.Content{runtime.TextPart("x"), {Type: runtime.PartImage, MIMEType: "image/png", Name: "none.png"}}
	return hostiletest.Registry(t, s,
		handContent{handTool{Name: "no_media", Result: runtime.Result{Success: true, Output: empty.String(), Data: empty}}},
		handContent{handTool{Name: "panic_content", Result: runtime.Result{Success: true, Data: panicJSON{}}}},
	)
}

// toolsNode is an Eino ToolsNode of reg's tools, as a user builds one.
func toolsNode(t testing.TB, reg *runtime.Registry) *compose.ToolsNode {
	t.Helper()
	tools, err := einotools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	node, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{Tools: tools, UnknownToolsHandler: einotools.UnknownTools(reg)})
	if err != nil {
		t.Fatal(err)
	}
	return node
}

type call struct{ id, name, args string }

func assistant(calls ...call) *schema.Message {
	msg := &schema.Message{Role: schema.Assistant}
	for _, c := range calls {
		msg.ToolCalls = append(msg.ToolCalls, schema.ToolCall{ID: c.id, Type: "function", Function: schema.FunctionCall{Name: c.name, Arguments: c.args}})
	}
	return msg
}

// invoke runs the calls through node, as an agent does, and returns the
// Result each tool message carries.
func invoke(t testing.TB, node *compose.ToolsNode, calls ...call) []map[string]any {
	t.Helper()
	msgs, err := node.Invoke(context.Background(), assistant(calls...))
	if err != nil {
		t.Fatalf("the ToolsNode failed, which ends the agent's run: %v", err)
	}
	if len(msgs) != len(calls) {
		t.Fatalf("%d messages for %d calls", len(msgs), len(calls))
	}
	out := make([]map[string]any, len(msgs))
	for i, m := range msgs {
		if m.Role != schema.Tool || m.ToolCallID != calls[i].id {
			t.Errorf("message %d: role %s, ID %q, want the ID %q", i, m.Role, m.ToolCallID, calls[i].id)
		}
		if err := json.Unmarshal([]byte(m.Content), &out[i]); err != nil {
			t.Errorf("message %d is not JSON: %v: %.200s", i, err, m.Content)
		}
	}
	return out
}

// Hostile arguments and calls through an Eino ToolsNode: each call is
// answered with a tool message the model can act on, in order, and the
// agent's run goes on.
func TestToolsNodeHostileCalls(t *testing.T) {
	var ids []string
	reg := hostileRegistry(t, &runtime.Settings{Middleware: []runtime.Middleware{tooltest.RecordIDs(&ids)}})
	node := toolsNode(t, reg)
	deep := `{"nums":` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`
	big := `{"text":"` + strings.Repeat("a", 10<<20) + `"}`
	cases := []struct {
		call
		want string
	}{
		{call{"c0", "add", `{"a":1,}`}, "invalid arguments: the arguments are not valid JSON"},
		{call{"c1", "add", `{"a":1,"b":`}, "(is it cut short?)"},
		{call{"c2", "echo", "{\"text\":\"a\xffb\"}"}, "invalid UTF-8"},
		{call{"c3", "echo", big}, "bytes long; the limit is 1048576"},
		{call{"c4", "sum", deep}, "nest too deeply"},
		{call{"c5", "add", `{"a":"1","b":[2]}`}, "/a: must be an integer, got the string \"1\": send 1, without quotes; /b: must be an integer, got array"},
		{call{"c6", "add", ``}, "/a: required field is missing"},
		{call{"c7", "add", `null`}, "/a: required field is missing"},
		{call{"c8", "add", `"{\"a\":1,\"b\":2}"`}, "must be an object, got a string that holds one: send the object itself, not in quotes"},
		{call{"c9", "get_weather", `{}`}, `unknown tool "get_weather"; the tools are: `},
		{call{"c10", "add\x00\n", `{}`}, `unknown tool "add\x00\n"`},
		{call{"c11", strings.Repeat("n", 1<<20), `{}`}, `unknown tool "` + strings.Repeat("n", 64) + `…"`},
		{call{"c12", "explode", `{}`}, "internal error: the tool failed unexpectedly"},
		{call{"c13", "stall", `{"ms":200}`}, "the tool did not finish within 2ms"},
		{call{"c14", "refuse", `{}`}, "connection refused"},
		{call{"c15", "nan_data", `{}`}, "internal error: the tool's result could not be encoded"},
		{call{"c16", "panic_data", `{}`}, "internal error: the tool failed unexpectedly"},
		{call{"c17", "bad_result", `{}`}, "internal error: the tool failed unexpectedly"},
		{call{"c18", "words", `{"text":"one ! two"}`}, "cannot say !"},
		{call{"c19", "confirm_op", `{"what":"x"}`}, "approval"},
		{call{"", "add", `{"a":`}, "not valid JSON"},
	}
	var calls []call
	for _, c := range cases {
		calls = append(calls, c.call)
	}
	for i, r := range invoke(t, node, calls...) {
		text, _ := r["error"].(string)
		if r["success"] != false || !strings.Contains(text, cases[i].want) || len(text) > 2048 {
			t.Errorf("%s %.20q: got %.300v, want an error with %q", cases[i].id, cases[i].name, r, cases[i].want)
		}
	}
	// The registry saw each call's ID, unknown tools' too.
	slices.Sort(ids)
	var want []string
	for _, c := range cases {
		want = append(want, c.id)
	}
	slices.Sort(want)
	if !slices.Equal(ids, want) {
		t.Errorf("the registry saw the IDs %q, want %q", ids, want)
	}

	got := invoke(t, node, call{"a", "bad_utf8", `{}`}, call{"b", "add", `{"a":1,"b":2}`}, call{"c", "words", `{"text":"one two"}`})
	if got[0]["output"] != "a\ufffdb\ufffd" || got[1]["data"] != 3.0 || got[2]["output"] != "one two " {
		t.Errorf("got %v", got)
	}
}

// A thousand calls in one message, through a ToolsNode.
func TestToolsNodeThousandCalls(t *testing.T) {
	node := toolsNode(t, hostileRegistry(t, nil))
	var calls []call
	for i := range 1000 {
		calls = append(calls, call{fmt.Sprintf("call_%d", i), "add", fmt.Sprintf(`{"a":%d,"b":1}`, i)})
	}
	for i, r := range invoke(t, node, calls...) {
		if r["data"] != float64(i+1) {
			t.Fatalf("call %d: %v", i, r)
		}
	}
}

// Streamed through a ToolsNode, a failing stream and a stream that panics
// end with the failure as a line of JSON, not an error; the registry sees
// each call's ID, as for invoked calls.
func TestToolsNodeStream(t *testing.T) {
	var ids []string
	node := toolsNode(t, hostileRegistry(t, &runtime.Settings{Middleware: []runtime.Middleware{tooltest.RecordIDs(&ids)}}))
	for _, c := range []struct {
		call
		want string
	}{
		{call{"s0", "stream_boom", `{}`}, "first \n" + `{"success":false,"error":"internal error: the tool failed unexpectedly"}`},
		{call{"s1", "words", `{"text":"one ! two"}`}, "one \n" + `{"success":false,"error":"cannot say !"}`},
		{call{"s2", "words", `{"text":1}`}, `{"success":false,"error":"invalid arguments: /text: must be a string, got number"}`},
		{call{"s3", "stream_words", `{"n":3}`}, "word word word "},
		{call{"s4", "nope", `{}`}, `{"success":false,"error":"unknown tool \"nope\"; the tools are: `},
	} {
		sr, err := node.Stream(context.Background(), assistant(c.call))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var msgs [][]*schema.Message
		for {
			chunk, err := sr.Recv()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: the stream failed, which ends the agent's run: %v", c.name, err)
			}
			msgs = append(msgs, chunk)
		}
		sr.Close()
		var b strings.Builder
		for _, chunk := range msgs {
			for _, m := range chunk {
				if m != nil {
					b.WriteString(m.Content)
				}
			}
		}
		if !strings.HasPrefix(b.String(), c.want) {
			t.Errorf("%s: got %q, want %q", c.name, b.String(), c.want)
		}
	}
	if want := []string{"s0", "s1", "s2", "s3", "s4"}; !slices.Equal(ids, want) {
		t.Errorf("the registry saw the IDs %q, want %q", ids, want)
	}
}

// The tools' own entry points, called as a program may call them: no
// result ends the run with an error or a panic.
func TestHostileDirect(t *testing.T) {
	tools, err := einotools.Tools(hostileRegistry(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]tool.BaseTool{}
	for _, tl := range tools {
		info, _ := tl.Info(context.Background())
		byName[info.Name] = tl
	}
	ctx := context.Background()
	for name, want := range map[string]string{
		"nan_data":   `{"success":false,"error":"internal error: the tool's result could not be encoded"}`,
		"panic_data": `{"success":false,"error":"internal error: the tool failed unexpectedly"}`,
	} {
		msg, err := byName[name].(tool.InvokableTool).InvokableRun(ctx, `{}`)
		if err != nil || msg != want {
			t.Errorf("%s: %q, %v", name, msg, err)
		}
	}

	look := byName["look"].(tool.EnhancedInvokableTool)
	res, err := look.InvokableRun(ctx, nil)
	if err != nil || len(res.Parts) != 5 || res.Parts[0].Text != "A cat:" {
		t.Errorf("look with no arguments: %+v, %v", res, err)
	}
	res, err = byName["no_media"].(tool.EnhancedInvokableTool).InvokableRun(ctx, &schema.ToolArgument{})
	want := []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: "x"}, {Type: schema.ToolPartTypeText, Text: "[image none.png, image/png]"}}
	if err != nil || !reflect.DeepEqual(res.Parts, want) {
		t.Errorf("no_media: %+v, %v; want %+v", res, err, want)
	}
	res, err = byName["panic_content"].(tool.EnhancedInvokableTool).InvokableRun(ctx, &schema.ToolArgument{Text: `{}`})
	if err != nil || len(res.Parts) != 1 || res.Parts[0].Text != `{"success":false,"error":"internal error: the tool failed unexpectedly"}` {
		t.Errorf("panic_content: %+v, %v", res, err)
	}

	// A reader that stops at once cancels a stream that never ends.
	sr, err := byName["words"].(tool.StreamableTool).StreamableRun(ctx, `{"text":"forever"}`)
	if err != nil {
		t.Fatal(err)
	}
	sr.Close()
}

// The adapter used from 64 goroutines at once through one ToolsNode, and
// directly, under -race.
func TestConcurrentUse(t *testing.T) {
	reg := hostileRegistry(t, nil)
	node := toolsNode(t, reg)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for g := range 64 {
		wg.Go(func() {
			for i := range 20 {
				msgs, err := node.Invoke(context.Background(), assistant(
					call{"a", "add", fmt.Sprintf(`{"a":%d,"b":%d}`, g, i)},
					call{"b", "explode", `{}`},
					call{"c", "nan_data", `{}`},
					call{"d", "nope", `{}`},
				))
				if err != nil {
					errs <- err
					return
				}
				if want := fmt.Sprintf(`{"success":true,"data":%d}`, g+i); msgs[0].Content != want {
					errs <- fmt.Errorf("goroutine %d, turn %d: %q, want %q", g, i, msgs[0].Content, want)
					return
				}
				for _, m := range msgs[1:] {
					if !strings.HasPrefix(m.Content, `{"success":false,`) {
						errs <- fmt.Errorf("goroutine %d, turn %d: %q", g, i, m.Content)
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

// Each tool's schema, as Eino hands it to a model, is the one generated,
// in every dialect.
func TestToolsSchemasThroughEino(t *testing.T) {
	for _, dialect := range []runtime.Dialect{runtime.Standard, runtime.OpenAI, runtime.Gemini, runtime.Anthropic} {
		reg := runtime.NewRegistry(&runtime.Settings{Dialect: dialect})
		if err := reg.Register(allTools()...); err != nil {
			t.Fatal(err)
		}
		tools, err := einotools.Tools(reg)
		if err != nil {
			t.Fatal(err)
		}
		defs := reg.Definitions()
		if len(tools) != len(defs) {
			t.Fatalf("%v: %d tools, %d definitions", dialect, len(tools), len(defs))
		}
		for i, def := range defs {
			info, err := tools[i].Info(context.Background())
			if err != nil || info.Name != def.Name || info.Desc != def.Description {
				t.Errorf("%v %s: %+v, %v", dialect, def.Name, info, err)
				continue
			}
			s, err := info.ParamsOneOf.ToJSONSchema()
			if err != nil {
				t.Errorf("%v %s: %v", dialect, def.Name, err)
				continue
			}
			data, err := json.Marshal(s)
			if err != nil {
				t.Fatal(err)
			}
			var got, want any
			json.Unmarshal(data, &got)
			json.Unmarshal(def.Parameters, &want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%v %s: the schema changed through Eino:\nwant %s\ngot  %s", dialect, def.Name, def.Parameters, data)
			}
		}
	}
}

// A ToolsNode given some of a registry's tools does not run the others
// through UnknownTools: the model reads that they are not its tools; and
// with the tools given, the answer to an unknown one names only those, and
// suggests only one of those.
func TestUnknownToolsSubset(t *testing.T) {
	reg := hostileRegistry(t, nil)
	all, err := einotools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	var some []tool.BaseTool
	for _, tl := range all {
		if info, _ := tl.Info(context.Background()); info.Name == "add" {
			some = append(some, tl)
		}
	}
	node, err := compose.NewToolNode(context.Background(), &compose.ToolsNodeConfig{Tools: some, UnknownToolsHandler: einotools.UnknownTools(reg, some...)})
	if err != nil {
		t.Fatal(err)
	}
	got := invoke(t, node, call{"a", "add", `{"a":1,"b":2}`}, call{"b", "explode", `{}`}, call{"c", "nope", `{}`}, call{"d", "functions.Add", `{}`}, call{"e", "explod", `{}`})
	if got[0]["data"] != 3.0 {
		t.Errorf("add: %v", got[0])
	}
	for i, want := range []string{
		1: `unknown tool "explode"; the tools are: add`,
		2: `unknown tool "nope"; the tools are: add`,
		3: `unknown tool "functions.Add"; did you mean "add"?; the tools are: add`,
		4: `unknown tool "explod"; the tools are: add`, // not explode, which the node was not given
	} {
		if i == 0 {
			continue
		}
		if text, _ := got[i]["error"].(string); got[i]["success"] != false || text != want {
			t.Errorf("call %d: %v, want %s", i, got[i], want)
		}
	}
	// Without the tools given, the registry's answer: all its tools.
	full := invoke(t, toolsNode(t, reg), call{"f", "explod", `{}`})
	if text, _ := full[0]["error"].(string); !strings.HasPrefix(text, `unknown tool "explod"; did you mean "explode"?; the tools are: `) {
		t.Errorf("explod: %v", full[0])
	}
}
