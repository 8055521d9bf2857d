package anthropictools_test

// Streaming, outside in: a fake Messages API streams the model's answer as
// Server-Sent Events in Anthropic's wire format, the program accumulates it
// with the SDK's Message.Accumulate as its README shows, passes the
// accumulated content to Execute, and sends the answers in the next
// request, which the fake API checks as Anthropic would.

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/toolgen-go/toolgen/adapters/anthropictools"
	"github.com/toolgen-go/toolgen/internal/ssetest"
	"github.com/toolgen-go/toolgen/internal/tooltest/calls"
	"github.com/toolgen-go/toolgen/runtime"
)

func streamRegistry(t *testing.T) *runtime.Registry {
	t.Helper()
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Anthropic})
	if err := reg.Register(calls.Tools()...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// done answers the second request.
const done = `{"id":"msg_2","type":"message","role":"assistant","model":"claude-test","stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1},"content":[{"type":"text","text":"Done."}]}`

// streamAPI is a fake Messages API: it answers a request with "stream":
// true with events, then drops the connection if abort, and any other
// with done.
func streamAPI(events []string, abort bool) *ssetest.API {
	return &ssetest.API{Events: events, Abort: abort, Answer: done}
}

// newClient returns a client of api.
func newClient(t *testing.T, api *ssetest.API) anthropic.Client {
	return anthropic.NewClient(option.WithBaseURL(api.URL(t)), option.WithAPIKey("test"), option.WithMaxRetries(0))
}

// event is one SSE event of type typ with data fields (JSON without braces).
func event(typ, fields string) string {
	if fields != "" {
		fields = "," + fields
	}
	return fmt.Sprintf("event: %s\ndata: {\"type\":%q%s}\n\n", typ, typ, fields)
}

func messageStart() string {
	return event("message_start", `"message":{"id":"msg_1","type":"message","role":"assistant","content":[],"model":"claude-test","stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":1}}`)
}

func useStart(index int, id, name string) string {
	return event("content_block_start", fmt.Sprintf(`"index":%d,"content_block":{"type":"tool_use","id":%q,"name":%q,"input":{}}`, index, id, name))
}

func inputDelta(index int, partial string) string {
	return event("content_block_delta", fmt.Sprintf(`"index":%d,"delta":{"type":"input_json_delta","partial_json":%s}`, index, ssetest.JSONString(partial)))
}

func textBlock(index int, pieces ...string) []string {
	out := []string{event("content_block_start", fmt.Sprintf(`"index":%d,"content_block":{"type":"text","text":""}`, index))}
	for _, p := range pieces {
		out = append(out, event("content_block_delta", fmt.Sprintf(`"index":%d,"delta":{"type":"text_delta","text":%s}`, index, ssetest.JSONString(p))))
	}
	return append(out, blockStop(index))
}

func blockStop(index int) string {
	return event("content_block_stop", fmt.Sprintf(`"index":%d`, index))
}

// whole is a stream: message_start, a ping, the events, and the end of the
// message with stop_reason.
func whole(stop string, events ...string) []string {
	out := append([]string{messageStart(), event("ping", "")}, events...)
	return append(out,
		event("message_delta", fmt.Sprintf(`"delta":{"stop_reason":%q,"stop_sequence":null},"usage":{"output_tokens":42}`, stop)),
		event("message_stop", ""))
}

// accumulate streams a message and accumulates it as the SDK's README
// shows.
func accumulate(ctx context.Context, client anthropic.Client, params anthropic.MessageNewParams) (anthropic.Message, error) {
	stream := client.Messages.NewStreaming(ctx, params)
	defer stream.Close()
	message := anthropic.Message{}
	for stream.Next() {
		if err := message.Accumulate(stream.Current()); err != nil {
			return message, err
		}
	}
	return message, stream.Err()
}

// sentUse is a tool_use block of the assistant message of a request.
type sentUse struct {
	ID    string          `json:"id"`
	Name  string          `json:"name"`
	Input json.RawMessage `json:"input"`
}

// checkRequest reads the second request as the API does: each tool_use
// of the assistant message is answered by one tool_result at the start
// of the next user message, in order, each with content the API takes.
// It returns the assistant message's text, its tool_use blocks and the
// answers.
func checkRequest(t *testing.T, body []byte) (string, []sentUse, []toolResult) {
	t.Helper()
	if !utf8.Valid(body) {
		t.Error("the request is not UTF-8")
	}
	var req struct {
		Messages []struct {
			Role    string            `json:"role"`
			Content []json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	if n := len(req.Messages); n != 3 || req.Messages[1].Role != "assistant" || req.Messages[2].Role != "user" {
		t.Fatalf("messages: %s", body)
	}
	var text string
	var uses []sentUse
	for _, raw := range req.Messages[1].Content {
		var block struct {
			Type string `json:"type"`
			Text string `json:"text"`
			sentUse
		}
		json.Unmarshal(raw, &block)
		switch block.Type {
		case "text":
			if strings.TrimSpace(block.Text) == "" {
				t.Errorf("an empty text block, which the API refuses")
			}
			text += block.Text
		case "tool_use":
			var input map[string]any
			if block.ID == "" || block.Name == "" || json.Unmarshal(block.Input, &input) != nil || input == nil {
				t.Errorf("tool_use as sent: %s", raw)
			}
			uses = append(uses, block.sentUse)
		default:
			t.Errorf("a block of type %q", block.Type)
		}
	}
	var results []toolResult
	for i, raw := range req.Messages[2].Content {
		var r toolResult
		if err := json.Unmarshal(raw, &r); err != nil || r.Type != "tool_result" {
			t.Errorf("user block %d is not a tool_result: %s", i, raw)
			continue
		}
		if i >= len(uses) || r.ToolUseID != uses[i].ID {
			t.Errorf("tool_result %d answers %q", i, r.ToolUseID)
		}
		if len(r.Content) == 0 || strings.TrimSpace(r.text()) == "" {
			t.Errorf("tool_result %d says nothing", i)
		}
		results = append(results, r)
	}
	if len(results) != len(uses) {
		t.Errorf("%d tool_results answer %d tool_use blocks", len(results), len(uses))
	}
	return text, uses, results
}

// round streams the first answer, executes it, sends the answers and
// returns the accumulated message and the second request as checked.
func round(t *testing.T, api *ssetest.API) (anthropic.Message, string, []sentUse, []toolResult) {
	t.Helper()
	ctx := context.Background()
	reg := streamRegistry(t)
	client := newClient(t, api)
	params := anthropic.MessageNewParams{
		Model:     "claude-test",
		MaxTokens: 1024,
		Tools:     anthropictools.Tools(reg),
		Messages:  []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Weather?"))},
	}
	message, err := accumulate(ctx, client, params)
	if err != nil {
		t.Fatalf("stream: %v", err)
	}
	if message.StopReason != anthropic.StopReasonToolUse {
		t.Fatalf("stop_reason %q", message.StopReason)
	}
	results, err := anthropictools.Execute(ctx, reg, message.Content)
	if err != nil {
		t.Fatal(err)
	}
	params.Messages = append(params.Messages, message.ToParam(), anthropic.NewUserMessage(results...))
	if _, err := client.Messages.New(ctx, params); err != nil {
		t.Fatal(err)
	}
	text, uses, answers := checkRequest(t, api.Body(1))
	return message, text, uses, answers
}

const splitInput = `{"city":"Z\u00fcrich ü東京🌧"}`

var splitPieces = []string{`{"ci`, `ty":"`, `Z\`, `u0`, `0f`, `c`, `rich `, `ü`, `東`, `京`, `🌧`, `"`, `}`}

const wantCity = "Zürich ü東京🌧"

// One call whose input comes in many small deltas, cut inside a string,
// inside a \u escape, and (raw bytes, as no JSON string can carry) inside
// a character: the tool sees it whole, and it goes back as sent.
func TestStreamSplitInput(t *testing.T) {
	for _, c := range []struct {
		name   string
		pieces []string
		input  string
		city   string
	}{
		{"escape", splitPieces, splitInput, wantCity},
		{"bytes", []string{`{"city":"` + "東"[:1], "東"[1:2], "東"[2:] + `京"}`}, `{"city":"東京"}`, "東京"},
	} {
		t.Run(c.name, func(t *testing.T) {
			events := []string{useStart(0, "toolu_1", "echo"), inputDelta(0, "")}
			for _, p := range c.pieces {
				events = append(events, inputDelta(0, p))
			}
			events = append(events, blockStop(0))
			_, _, uses, results := round(t, streamAPI(whole("tool_use", events...), false))
			if len(uses) != 1 || string(uses[0].Input) != c.input {
				t.Errorf("tool_use sent back with %s, want %s", uses[0].Input, c.input)
			}
			if len(results) != 1 || results[0].IsError || results[0].text() != c.city {
				t.Errorf("results %+v, want %q", results, c.city)
			}
		})
	}
}

// Two and three tool_use blocks whose deltas interleave: each is answered
// once, in order.
func TestStreamParallel(t *testing.T) {
	for _, n := range []int{2, 3} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			cities := []string{"Paris", "Zürich", "東京"}[:n]
			var events []string
			for i := range n {
				events = append(events, useStart(i, fmt.Sprintf("toolu_%d", i+1), "echo"))
			}
			for _, piece := range []string{`{"ci`, `ty":"`, "*", `"}`} {
				for i, city := range cities {
					events = append(events, inputDelta(i, strings.ReplaceAll(piece, "*", city)))
				}
			}
			for i := range n {
				events = append(events, blockStop(i))
			}
			_, _, uses, results := round(t, streamAPI(whole("tool_use", events...), false))
			if len(results) != n {
				t.Fatalf("%d results", len(results))
			}
			for i, city := range cities {
				if uses[i].ID != fmt.Sprintf("toolu_%d", i+1) || results[i].IsError || results[i].text() != city {
					t.Errorf("call %d: %+v %+v, want %q", i, uses[i], results[i], city)
				}
			}
		})
	}
}

// A tool without arguments: input {} at the start and no delta, an empty
// partial_json, or "{}" in pieces. Each runs.
func TestStreamNoArguments(t *testing.T) {
	events := []string{
		useStart(0, "toolu_1", "clock"), blockStop(0),
		useStart(1, "toolu_2", "clock"), inputDelta(1, ""), blockStop(1),
		useStart(2, "toolu_3", "clock"), inputDelta(2, "{"), inputDelta(2, "}"), blockStop(2),
	}
	_, _, uses, results := round(t, streamAPI(whole("tool_use", events...), false))
	for i, r := range results {
		if r.IsError || r.text() != "noon" || string(uses[i].Input) != "{}" {
			t.Errorf("call %d: %s, %+v", i, uses[i].Input, r)
		}
	}
}

// Text before the call goes back in the assistant message, before it.
func TestStreamTextFirst(t *testing.T) {
	events := append(textBlock(0, "Let me ", "check."), useStart(1, "toolu_1", "echo"), inputDelta(1, `{"city":"Paris"}`), blockStop(1))
	message, text, _, results := round(t, streamAPI(whole("tool_use", events...), false))
	if text != "Let me check." || len(message.Content) != 2 {
		t.Errorf("text %q, %d blocks", text, len(message.Content))
	}
	if len(results) != 1 || results[0].IsError || results[0].text() != "Paris" {
		t.Errorf("results %+v", results)
	}
}

// Input that is not JSON (fine-grained tool streaming may send it, and a
// response cut by max_tokens ends in it). Message.Accumulate replaces it
// with {} at content_block_stop, and keeps no trace of it: Execute gets {}
// and cannot tell. A tool with a required argument then answers that the
// argument is missing; a tool whose arguments are all optional runs, with
// none of them, a call the model did not make.
//
// So a program must look at stop_reason before it runs the calls (here it
// is max_tokens: ask again with more tokens), and one that streams with
// fine-grained tool input must keep each block's partial_json itself and
// put it back in the block's Input before Execute, which then answers
// with the JSON error the model can act on (TestStreamInvalidInputKept).
func TestStreamInvalidInput(t *testing.T) {
	events := []string{
		useStart(0, "toolu_1", "echo"), inputDelta(0, `{"city":`), inputDelta(0, `"Par`), blockStop(0),
		useStart(1, "toolu_2", "greet"), inputDelta(1, `{"name":"Ann`), blockStop(1),
	}
	api := streamAPI(whole("max_tokens", events...), false)
	reg := streamRegistry(t)
	params := anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 5, Tools: anthropictools.Tools(reg), Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Hi"))}}
	message, err := accumulate(context.Background(), newClient(t, api), params)
	if err != nil {
		t.Fatal(err)
	}
	if message.StopReason != anthropic.StopReasonMaxTokens {
		t.Errorf("stop_reason %q", message.StopReason)
	}
	for i, block := range message.Content {
		if string(block.Input) != "{}" {
			t.Fatalf("block %d: Accumulate left %s; this test's premise changed", i, block.Input)
		}
	}
	got := execute(t, reg, message.Content)
	if !got[0].IsError || !strings.Contains(got[0].text(), "city") {
		t.Errorf("echo: %+v", got[0])
	}
	if got[1].IsError || got[1].text() != "hello world" {
		t.Errorf("greet: %+v", got[1])
	}
}

// TestStreamInvalidInputKept: a program that keeps the partial_json of
// each block and puts it back before Execute gets answers that say the
// input is not JSON; the turn it sends back is well-formed, as ToParam
// sends the {} the SDK kept.
func TestStreamInvalidInputKept(t *testing.T) {
	events := []string{
		useStart(0, "toolu_1", "echo"), inputDelta(0, `{"city":`), inputDelta(0, `"Par`), blockStop(0),
		useStart(1, "toolu_2", "greet"), inputDelta(1, `{"name" "Ann"}`), blockStop(1),
		useStart(2, "toolu_3", "echo"), inputDelta(2, `{"city":"Paris"}`), blockStop(2),
	}
	api := streamAPI(whole("tool_use", events...), false)
	ctx := context.Background()
	reg := streamRegistry(t)
	client := newClient(t, api)
	params := anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 1024, Tools: anthropictools.Tools(reg), Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Hi"))}}
	stream := client.Messages.NewStreaming(ctx, params)
	message := anthropic.Message{}
	partial := map[int64]string{}
	for stream.Next() {
		e := stream.Current()
		if e.Type == "content_block_delta" && e.Delta.Type == "input_json_delta" {
			partial[e.Index] += e.Delta.PartialJSON
		}
		if err := message.Accumulate(e); err != nil {
			t.Fatal(err)
		}
	}
	stream.Close()
	if err := stream.Err(); err != nil {
		t.Fatal(err)
	}
	for i := range message.Content {
		if p, ok := partial[int64(i)]; ok && !json.Valid([]byte(p)) {
			message.Content[i].Input = json.RawMessage(p)
		}
	}
	results, err := anthropictools.Execute(ctx, reg, message.Content)
	if err != nil {
		t.Fatal(err)
	}
	params.Messages = append(params.Messages, message.ToParam(), anthropic.NewUserMessage(results...))
	if _, err := client.Messages.New(ctx, params); err != nil {
		t.Fatal(err)
	}
	_, uses, got := checkRequest(t, api.Body(1))
	for i, r := range got[:2] {
		if !r.IsError || !strings.HasPrefix(r.text(), "invalid arguments") || !strings.Contains(r.text(), "JSON") {
			t.Errorf("answer %d: %+v", i, r)
		}
		if string(uses[i].Input) != "{}" {
			t.Errorf("tool_use %d sent back with %s", i, uses[i].Input)
		}
	}
	if got[2].IsError || got[2].text() != "Paris" {
		t.Errorf("the good call: %+v", got[2])
	}
}

// A stream that ends early. A dropped connection is the SDK's error; a
// body that ends before message_stop is not: the stream ends without
// error, and only the missing stop_reason tells. A program must check
// both before running the calls, and ask again. Were it to run them
// anyway, the block cut short (no content_block_stop) holds its partial
// input, and is answered with an error, not run.
func TestStreamEndsEarly(t *testing.T) {
	events := []string{
		messageStart(),
		useStart(0, "toolu_1", "echo"), inputDelta(0, `{"city":"Paris"}`), blockStop(0),
		useStart(1, "toolu_2", "greet"), inputDelta(1, `{"name":"An`),
	}
	for _, end := range []string{"", "abort"} {
		t.Run("end="+end, func(t *testing.T) {
			api := streamAPI(events, end == "abort")
			reg := streamRegistry(t)
			params := anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 1024, Tools: anthropictools.Tools(reg), Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Hi"))}}
			message, err := accumulate(context.Background(), newClient(t, api), params)
			if end == "abort" && err == nil {
				t.Error("a dropped connection gave no error")
			}
			if end == "" && err != nil {
				t.Errorf("a body cut before message_stop: %v", err)
			}
			if message.StopReason != "" {
				t.Errorf("stop_reason %q on a cut stream", message.StopReason)
			}
			got := execute(t, reg, message.Content)
			if len(got) != 2 || got[0].IsError || got[0].text() != "Paris" {
				t.Fatalf("results %+v", got)
			}
			if !got[1].IsError || !strings.Contains(got[1].text(), "JSON") {
				t.Errorf("the block cut short: %+v", got[1])
			}
		})
	}
}

// An error event (overloaded, say) in the stream is the SDK's error.
func TestStreamErrorEvent(t *testing.T) {
	events := []string{messageStart(), event("error", `"error":{"type":"overloaded_error","message":"Overloaded"}`)}
	api := streamAPI(events, false)
	reg := streamRegistry(t)
	params := anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 1024, Tools: anthropictools.Tools(reg), Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Hi"))}}
	_, err := accumulate(context.Background(), newClient(t, api), params)
	if err == nil || !strings.Contains(err.Error(), "Overloaded") {
		t.Errorf("got %v", err)
	}
}

// A program that runs each tool_use as its content_block_stop arrives,
// before the message ends, with the block as Accumulate left it: with the
// deltas of two blocks interleaved, each runs once, whole, and the answers
// collected so go back well-formed.
func TestStreamRunEachWhenStopped(t *testing.T) {
	events := []string{
		useStart(0, "toolu_1", "echo"), useStart(1, "toolu_2", "echo"),
		inputDelta(0, `{"city":`), inputDelta(1, `{"city":`),
		inputDelta(1, `"Zürich"}`), blockStop(1),
		inputDelta(0, `"Paris"}`), blockStop(0),
	}
	api := streamAPI(whole("tool_use", events...), false)
	ctx := context.Background()
	reg := streamRegistry(t)
	client := newClient(t, api)
	params := anthropic.MessageNewParams{Model: "claude-test", MaxTokens: 1024, Tools: anthropictools.Tools(reg), Messages: []anthropic.MessageParam{anthropic.NewUserMessage(anthropic.NewTextBlock("Hi"))}}
	stream := client.Messages.NewStreaming(ctx, params)
	message := anthropic.Message{}
	answers := map[int64]anthropic.ContentBlockParamUnion{}
	for stream.Next() {
		e := stream.Current()
		if err := message.Accumulate(e); err != nil {
			t.Fatal(err)
		}
		if e.Type == "content_block_stop" && message.Content[e.Index].Type == "tool_use" {
			got, err := anthropictools.Execute(ctx, reg, message.Content[e.Index:e.Index+1])
			if err != nil || len(got) != 1 {
				t.Fatalf("%v, %v", got, err)
			}
			answers[e.Index] = got[0]
		}
	}
	stream.Close()
	if err := stream.Err(); err != nil || message.StopReason != anthropic.StopReasonToolUse {
		t.Fatalf("%v, stop_reason %q", err, message.StopReason)
	}
	// The answers go back in the blocks' order, not in the order they ran.
	results := []anthropic.ContentBlockParamUnion{answers[0], answers[1]}
	params.Messages = append(params.Messages, message.ToParam(), anthropic.NewUserMessage(results...))
	if _, err := client.Messages.New(ctx, params); err != nil {
		t.Fatal(err)
	}
	_, _, got := checkRequest(t, api.Body(1))
	if len(got) != 2 || got[0].text() != "Paris" || got[1].text() != "Zürich" {
		t.Errorf("results %+v", got)
	}
}
