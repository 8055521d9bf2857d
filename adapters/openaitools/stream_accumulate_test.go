package openaitools_test

// Streaming, outside in: a fake API streams the model's answer as Server-Sent
// Events in OpenAI's wire format, the program accumulates it with the SDK's
// own tools (openai.ChatCompletionAccumulator for Chat Completions; the
// events of client.Responses.NewStreaming for the Responses API), passes
// what it accumulated to Execute or ExecuteResponse, and sends the answers
// in the next request, which the fake API checks as OpenAI would.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolgen-go/toolgen/adapters/openaitools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/ssetest"
	"github.com/toolgen-go/toolgen/internal/tooltest/calls"
	"github.com/toolgen-go/toolgen/runtime"
)

func streamRegistry(t *testing.T) *runtime.Registry {
	t.Helper()
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.OpenAI})
	if err := reg.Register(append(weather.Tools(), calls.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// newClient returns a client of api, a fake API: a request with "stream":
// true is answered with its events, one at a time, any other with its
// answer.
func newClient(t *testing.T, api *ssetest.API) openai.Client {
	return openai.NewClient(option.WithBaseURL(api.URL(t)), option.WithAPIKey("test"), option.WithMaxRetries(0))
}

// splitArgs are the arguments a model writes for echo, with a \u
// escape of its own and characters of two, three and four bytes, and the
// pieces they stream in: cut inside the escape, inside a string, and
// around each multi-byte character (whole, as JSON must carry it).
const splitArgs = `{"city":"Z\u00fcrich ü東京🌧"}`

var splitPieces = []string{`{"ci`, `ty":"`, `Z\`, `u0`, `0f`, `c`, `rich `, `ü`, `東`, `京`, `🌧`, `"`, `}`}

// wantCity is the city echo sees in splitArgs.
const wantCity = "Zürich ü東京🌧"

// ---- Chat Completions ----

// chatChunk is a chat.completion.chunk event with one choice, its delta
// and finish_reason (JSON, "null" for none).
func chatChunk(delta, finish string) string {
	return `data: {"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"gpt-test","system_fingerprint":"fp_1","choices":[{"index":0,"delta":` + delta + `,"logprobs":null,"finish_reason":` + finish + "}]}\n\n"
}

// chatStart is the first delta of a tool call.
func chatStart(index int, id, name string) string {
	return chatChunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"id":%q,"type":"function","function":{"name":%q,"arguments":""}}]}`, index, id, name), "null")
}

// chatArgs is a delta of a tool call's arguments.
func chatArgs(index int, piece string) string {
	return chatChunk(fmt.Sprintf(`{"tool_calls":[{"index":%d,"function":{"arguments":%s}}]}`, index, ssetest.JSONString(piece)), "null")
}

const chatRole = `{"role":"assistant","content":null,"refusal":null}`

// chatStream is a whole stream: the role, events, the finish and [DONE].
func chatStream(finish string, events ...string) []string {
	out := append([]string{chatChunk(chatRole, "null")}, events...)
	return append(out, chatChunk(`{}`, `"`+finish+`"`), "data: [DONE]\n\n")
}

// chatDone is the non-streamed answer to the second request.
const chatDone = `{"id":"chatcmpl-2","object":"chat.completion","created":2,"model":"gpt-test","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"Done."}}]}`

// accumulateChat streams a completion and accumulates it as the SDK's
// accumulator is meant to be used; it returns the accumulation and the
// stream's error.
func accumulateChat(ctx context.Context, client openai.Client, params openai.ChatCompletionNewParams) (openai.ChatCompletionAccumulator, error) {
	stream := client.Chat.Completions.NewStreaming(ctx, params)
	defer stream.Close()
	acc := openai.ChatCompletionAccumulator{}
	for stream.Next() {
		if !acc.AddChunk(stream.Current()) {
			return acc, errors.New("a chunk was not accumulated")
		}
	}
	return acc, stream.Err()
}

// chatTurn is what the second request carries: the assistant message and
// the tool messages after it.
type chatTurn struct {
	Content   string
	Calls     []chatToolCall
	Answers   []answer
	Following int // messages after the assistant's that are not its answers
}

type chatToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// checkChatRequest reads a Chat Completions request as the API does: the
// assistant message with tool calls must be followed by one tool message
// for each call, in order, with its ID, whose content is text.
func checkChatRequest(t *testing.T, body []byte) chatTurn {
	t.Helper()
	if !utf8.Valid(body) {
		t.Errorf("the request is not UTF-8")
	}
	var req struct {
		Messages []struct {
			Role       string          `json:"role"`
			Content    json.RawMessage `json:"content"`
			ToolCalls  []chatToolCall  `json:"tool_calls"`
			ToolCallID string          `json:"tool_call_id"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatalf("the second request is not JSON: %v", err)
	}
	var turn chatTurn
	for i, m := range req.Messages {
		if m.Role != "assistant" {
			continue
		}
		if len(m.Content) > 0 {
			json.Unmarshal(m.Content, &turn.Content)
		}
		turn.Calls = m.ToolCalls
		rest := req.Messages[i+1:]
		for j, call := range m.ToolCalls {
			if call.ID == "" || call.Type != "function" || call.Function.Name == "" {
				t.Errorf("tool call %d as sent: %+v", j, call)
			}
			if j >= len(rest) || rest[j].Role != "tool" {
				t.Errorf("call %s has no tool message right after the assistant message", call.ID)
				continue
			}
			var content string
			if err := json.Unmarshal(rest[j].Content, &content); err != nil {
				t.Errorf("tool message %d: content %s is not text", j, rest[j].Content)
			}
			if rest[j].ToolCallID != call.ID {
				t.Errorf("tool message %d answers %q, want %q", j, rest[j].ToolCallID, call.ID)
			}
			turn.Answers = append(turn.Answers, answer{Role: "tool", Content: content, ToolCallID: rest[j].ToolCallID})
		}
		if len(rest) > len(m.ToolCalls) {
			turn.Following = len(rest) - len(m.ToolCalls)
		}
		return turn
	}
	t.Fatalf("no assistant message in %s", body)
	return turn
}

// chatRound streams the first answer from api, executes its tool calls,
// sends them back and returns the second request as the API read it.
func chatRound(t *testing.T, api *ssetest.API) (openai.ChatCompletionAccumulator, chatTurn) {
	t.Helper()
	ctx := context.Background()
	reg := streamRegistry(t)
	client := newClient(t, api)
	params := openai.ChatCompletionNewParams{
		Model:    "gpt-test",
		Tools:    openaitools.Tools(reg),
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Weather?")},
	}
	acc, err := accumulateChat(ctx, client, params)
	if err != nil {
		t.Fatalf("stream: %v", err)
	}
	if got := acc.Choices[0].FinishReason; got != "tool_calls" {
		t.Fatalf("finish_reason %q", got)
	}
	msg := acc.Choices[0].Message
	answers, err := openaitools.Execute(ctx, reg, msg.ToolCalls)
	if err != nil {
		t.Fatal(err)
	}
	params.Messages = append(params.Messages, msg.ToParam())
	params.Messages = append(params.Messages, answers...)
	if _, err := client.Chat.Completions.New(ctx, params); err != nil {
		t.Fatal(err)
	}
	turn := checkChatRequest(t, api.Body(1))
	if turn.Following != 0 {
		t.Errorf("%d messages after the answers", turn.Following)
	}
	return acc, turn
}

// echoed is the city of a successful answer of echo.
func echoed(t *testing.T, content string) string {
	t.Helper()
	r := decodeResult(t, content)
	if !r.Success {
		t.Fatalf("echo failed: %s", content)
	}
	return r.Output
}

// One call whose arguments come in many small deltas, cut inside a
// string and inside a \u escape: the call runs with them whole.
func TestChatStreamSplitArguments(t *testing.T) {
	events := []string{chatStart(0, "call_1", "echo")}
	for _, piece := range splitPieces {
		events = append(events, chatArgs(0, piece))
	}
	api := &ssetest.API{Events: chatStream("tool_calls", events...), Answer: chatDone}
	acc, turn := chatRound(t, api)
	if got := acc.Choices[0].Message.ToolCalls[0].Function.Arguments; got != splitArgs {
		t.Errorf("accumulated %s, want %s", got, splitArgs)
	}
	if len(turn.Answers) != 1 || turn.Calls[0].Function.Arguments != splitArgs {
		t.Fatalf("sent %+v", turn)
	}
	if city := echoed(t, turn.Answers[0].Content); city != wantCity {
		t.Errorf("the tool saw the city %q, want %q", city, wantCity)
	}
}

// A delta cut inside a character's UTF-8 bytes is not a JSON string; a
// server that sent the bytes raw anyway gets them kept by the SDK, which
// joins them again: the call sees the character whole.
func TestChatStreamSplitUTF8Bytes(t *testing.T) {
	const args = `{"city":"東京"}`
	events := []string{chatStart(0, "call_1", "echo"), chatArgs(0, `{"city":"`+"東"[:1]), chatArgs(0, "東"[1:]+`京"}`)}
	api := &ssetest.API{Events: chatStream("tool_calls", events...), Answer: chatDone}
	acc, turn := chatRound(t, api)
	if got := acc.Choices[0].Message.ToolCalls[0].Function.Arguments; got != args {
		t.Errorf("accumulated %q, want %q", got, args)
	}
	if len(turn.Answers) != 1 || turn.Answers[0].ToolCallID != "call_1" {
		t.Fatalf("answers %+v", turn.Answers)
	}
	if city := echoed(t, turn.Answers[0].Content); city != "東京" {
		t.Errorf("city %q", city)
	}
}

// Two and three calls whose deltas interleave, some in the same chunk: each
// is answered once, in the order of the calls, with its ID.
func TestChatStreamParallel(t *testing.T) {
	for _, n := range []int{2, 3} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			cities := []string{"Paris", "Zürich", "東京"}[:n]
			var events []string
			for i := range n {
				events = append(events, chatStart(i, fmt.Sprintf("call_%d", i+1), "echo"))
			}
			pieces := make([][]string, n)
			for i, city := range cities {
				pieces[i] = []string{`{"ci`, `ty":"`, city, `"`, `}`}
			}
			for p := range pieces[0] {
				for i := range n {
					events = append(events, chatArgs(i, pieces[i][p]))
				}
			}
			// And a chunk with deltas of every call at once: white space.
			var both []string
			for i := range n {
				both = append(both, fmt.Sprintf(`{"index":%d,"function":{"arguments":" "}}`, i))
			}
			events = append(events, chatChunk(`{"tool_calls":[`+strings.Join(both, ",")+`]}`, "null"))
			api := &ssetest.API{Events: chatStream("tool_calls", events...), Answer: chatDone}
			_, turn := chatRound(t, api)
			if len(turn.Calls) != n || len(turn.Answers) != n {
				t.Fatalf("%d calls, %d answers", len(turn.Calls), len(turn.Answers))
			}
			for i, city := range cities {
				if id := fmt.Sprintf("call_%d", i+1); turn.Answers[i].ToolCallID != id {
					t.Errorf("answer %d is to %s, want %s", i, turn.Answers[i].ToolCallID, id)
				}
				if got := echoed(t, turn.Answers[i].Content); got != city {
					t.Errorf("call %d saw %q, want %q", i, got, city)
				}
			}
		})
	}
}

// A tool without arguments: arguments "" (no delta after the first), or
// "{}" in pieces. Both run.
func TestChatStreamNoArguments(t *testing.T) {
	events := []string{
		chatStart(0, "call_1", "clock"),
		chatStart(1, "call_2", "clock"), chatArgs(1, "{"), chatArgs(1, "}"),
	}
	api := &ssetest.API{Events: chatStream("tool_calls", events...), Answer: chatDone}
	acc, turn := chatRound(t, api)
	if got := acc.Choices[0].Message.ToolCalls[0].Function.Arguments; got != "" {
		t.Errorf("accumulated %q for no arguments", got)
	}
	want := []answer{
		{"tool", `{"success":true,"output":"noon"}`, "call_1"},
		{"tool", `{"success":true,"output":"noon"}`, "call_2"},
	}
	if fmt.Sprint(turn.Answers) != fmt.Sprint(want) {
		t.Errorf("answers %+v, want %+v", turn.Answers, want)
	}
}

// Arguments the model got wrong, cut short or not JSON: each is answered
// with an error the model can read and act on, next to a good call.
func TestChatStreamInvalidArguments(t *testing.T) {
	events := []string{
		chatStart(0, "call_1", "echo"), chatArgs(0, `{"city":`), chatArgs(0, `"Par`),
		chatStart(1, "call_2", "echo"), chatArgs(1, `{"city": Paris}`),
		chatStart(2, "call_3", "echo"), chatArgs(2, `{"city":"Paris"}`),
	}
	api := &ssetest.API{Events: chatStream("tool_calls", events...), Answer: chatDone}
	_, turn := chatRound(t, api)
	if len(turn.Answers) != 3 {
		t.Fatalf("answers %+v", turn.Answers)
	}
	for i, a := range turn.Answers[:2] {
		r := decodeResult(t, a.Content)
		if r.Success || !strings.HasPrefix(r.Error, "invalid arguments") || !strings.Contains(r.Error, "JSON") {
			t.Errorf("answer %d: %s", i, a.Content)
		}
	}
	if got := echoed(t, turn.Answers[2].Content); got != "Paris" {
		t.Errorf("the good call saw %q", got)
	}
}

// Text before the calls: it goes back as the assistant message's content,
// with the calls.
func TestChatStreamTextFirst(t *testing.T) {
	events := []string{
		chatChunk(`{"content":"Let me "}`, "null"), chatChunk(`{"content":"check."}`, "null"),
		chatStart(0, "call_1", "clock"), chatArgs(0, "{}"),
	}
	api := &ssetest.API{Events: chatStream("tool_calls", events...), Answer: chatDone}
	_, turn := chatRound(t, api)
	if turn.Content != "Let me check." {
		t.Errorf("assistant content %q", turn.Content)
	}
	if len(turn.Answers) != 1 || turn.Answers[0].ToolCallID != "call_1" || turn.Answers[0].Content != `{"success":true,"output":"noon"}` {
		t.Errorf("answers %+v", turn.Answers)
	}
}

// A stream that ends early. When the connection drops, the SDK says so
// (stream.Err). When the body merely ends before [DONE], it does not: the
// stream ends without error, and only the missing finish_reason tells.
// A program must check both before it runs the calls, and ask again
// instead. Were it to run them anyway, the calls cut short are answered
// with errors, not run with half their arguments.
func TestChatStreamEndsEarly(t *testing.T) {
	events := []string{
		chatChunk(chatRole, "null"),
		chatStart(0, "call_1", "echo"), chatArgs(0, `{"city":"Paris"}`),
		chatStart(1, "call_2", "echo"), chatArgs(1, `{"city":"Pa`),
	}
	for _, end := range []string{"", "abort"} {
		t.Run("end="+end, func(t *testing.T) {
			api := &ssetest.API{Events: events, Abort: end == "abort", Answer: chatDone}
			client := newClient(t, api)
			reg := streamRegistry(t)
			params := openai.ChatCompletionNewParams{Model: "gpt-test", Tools: openaitools.Tools(reg), Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Weather?")}}
			acc, err := accumulateChat(context.Background(), client, params)
			switch end {
			case "abort":
				if err == nil {
					t.Errorf("a dropped connection gave no error")
				}
			default:
				if err != nil {
					t.Errorf("a body cut before [DONE]: %v", err)
				}
			}
			// What a program must check: the finish.
			if got := acc.Choices[0].FinishReason; got != "" {
				t.Fatalf("finish_reason %q on a cut stream", got)
			}
			answers, err := openaitools.Execute(context.Background(), reg, acc.Choices[0].Message.ToolCalls)
			if err != nil {
				t.Fatal(err)
			}
			got := sent(t, answers)
			if len(got) != 2 || got[0].ToolCallID != "call_1" || !decodeResult(t, got[0].Content).Success {
				t.Fatalf("answers %+v", got)
			}
			if r := decodeResult(t, got[1].Content); got[1].ToolCallID != "call_2" || r.Success || !strings.Contains(r.Error, "JSON") {
				t.Errorf("the call cut short: %+v", got[1])
			}
		})
	}
}

// ---- Responses ----

// respEvent is one event of a Responses stream: its type and the rest of
// its fields (JSON without braces); sequence numbers are set in order by
// respStream.
func respEvent(typ, fields string) string {
	return typ + "\x00" + fields
}

// respStream writes events as the API does, numbered.
func respStream(events ...string) []string {
	out := make([]string, len(events))
	for i, e := range events {
		typ, fields, _ := strings.Cut(e, "\x00")
		if fields != "" {
			fields = "," + fields
		}
		out[i] = fmt.Sprintf("event: %s\ndata: {\"type\":%q,\"sequence_number\":%d%s}\n\n", typ, typ, i, fields)
	}
	return out
}

// respObject is a response object with output (a JSON array) and status.
func respObject(id, status, output string) string {
	return fmt.Sprintf(`{"id":%q,"object":"response","created_at":1,"model":"gpt-test","status":%q,"error":null,"incomplete_details":null,"output":%s,"parallel_tool_calls":true,"tool_choice":"auto","tools":[],"temperature":1,"top_p":1}`, id, status, output)
}

// fcItem is a function_call output item.
func fcItem(n int, name, args, status string) string {
	return fmt.Sprintf(`{"type":"function_call","id":"fc_%d","call_id":"call_%d","name":%q,"arguments":%s,"status":%q}`, n, n, name, ssetest.JSONString(args), status)
}

// respCall is a call of a Responses stream: its output index, name, and
// arguments in pieces.
type respCall struct {
	index  int
	name   string
	pieces []string
}

// respCallEvents are the events of calls, their deltas interleaved, and
// their output items as done.
func respCallEvents(calls []respCall) (events []string, items []string) {
	for _, c := range calls {
		events = append(events, respEvent("response.output_item.added", fmt.Sprintf(`"output_index":%d,"item":%s`, c.index, fcItem(c.index, c.name, "", "in_progress"))))
	}
	for p := 0; ; p++ {
		more := false
		for _, c := range calls {
			if p < len(c.pieces) {
				more = true
				events = append(events, respEvent("response.function_call_arguments.delta", fmt.Sprintf(`"item_id":"fc_%d","output_index":%d,"delta":%s`, c.index, c.index, ssetest.JSONString(c.pieces[p]))))
			}
		}
		if !more {
			break
		}
	}
	for _, c := range calls {
		args := strings.Join(c.pieces, "")
		item := fcItem(c.index, c.name, args, "completed")
		events = append(events,
			respEvent("response.function_call_arguments.done", fmt.Sprintf(`"item_id":"fc_%d","output_index":%d,"name":%q,"arguments":%s`, c.index, c.index, c.name, ssetest.JSONString(args))),
			respEvent("response.output_item.done", fmt.Sprintf(`"output_index":%d,"item":%s`, c.index, item)))
		items = append(items, item)
	}
	return events, items
}

// respFull is a whole stream: created, the events, completed with items.
func respFull(events []string, items []string) []string {
	all := append([]string{respEvent("response.created", `"response":`+respObject("resp_1", "in_progress", "[]"))}, events...)
	all = append(all, respEvent("response.completed", `"response":`+respObject("resp_1", "completed", "["+strings.Join(items, ",")+"]")))
	return respStream(all...)
}

// respDone is the non-streamed answer to the second request.
var respDone = respObject("resp_2", "completed", `[{"type":"message","id":"msg_2","role":"assistant","status":"completed","content":[{"type":"output_text","text":"Done.","annotations":[]}]}]`)

// streamResponse streams a response as a program does: it keeps the
// response of response.completed, and also puts together each function
// call's arguments from its deltas, by item, as a program that shows them
// as they come does. It returns the completed response (nil if none came),
// the arguments by item ID, and the stream's error.
func streamResponse(ctx context.Context, client openai.Client, params responses.ResponseNewParams) (*responses.Response, map[string]string, error) {
	stream := client.Responses.NewStreaming(ctx, params)
	defer stream.Close()
	var completed *responses.Response
	args := map[string]string{}
	for stream.Next() {
		event := stream.Current()
		switch event.Type {
		case "response.function_call_arguments.delta":
			args[event.ItemID] += event.Delta
		case "response.function_call_arguments.done":
			if args[event.ItemID] != event.Arguments {
				return nil, nil, fmt.Errorf("%s: deltas %q, done %q", event.ItemID, args[event.ItemID], event.Arguments)
			}
		case "response.completed":
			r := event.AsResponseCompleted().Response
			completed = &r
		case "error", "response.failed", "response.incomplete":
			return nil, nil, fmt.Errorf("%s: %s", event.Type, event.RawJSON())
		}
	}
	return completed, args, stream.Err()
}

// respTurn is a function_call_output item of the second request.
type respTurn struct {
	Type   string          `json:"type"`
	CallID string          `json:"call_id"`
	Output json.RawMessage `json:"output"`
}

// respRound streams the first response, answers its calls and sends the
// answers with previous_response_id, and returns the items of the second
// request, checked against the calls as the API checks them.
func respRound(t *testing.T, api *ssetest.API) (*responses.Response, map[string]string, []respTurn) {
	t.Helper()
	ctx := context.Background()
	reg := streamRegistry(t)
	client := newClient(t, api)
	params := responses.ResponseNewParams{Model: "gpt-test", Tools: openaitools.ResponseTools(reg), Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Weather?")}}
	resp, args, err := streamResponse(ctx, client, params)
	if err != nil {
		t.Fatalf("stream: %v", err)
	}
	if resp == nil || resp.Status != "completed" {
		t.Fatalf("no completed response")
	}
	answers, err := openaitools.ExecuteResponse(ctx, reg, resp.Output)
	if err != nil {
		t.Fatal(err)
	}
	params.PreviousResponseID = openai.String(resp.ID)
	params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: answers}
	if _, err := client.Responses.New(ctx, params); err != nil {
		t.Fatal(err)
	}
	var req struct {
		PreviousResponseID string     `json:"previous_response_id"`
		Input              []respTurn `json:"input"`
	}
	body := api.Body(1)
	if !utf8.Valid(body) {
		t.Errorf("the request is not UTF-8")
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	if req.PreviousResponseID != "resp_1" {
		t.Errorf("previous_response_id %q", req.PreviousResponseID)
	}
	var calls []string
	for _, item := range resp.Output {
		if item.Type == "function_call" {
			calls = append(calls, item.CallID)
		}
	}
	if len(req.Input) != len(calls) {
		t.Fatalf("%d items answer %d calls", len(req.Input), len(calls))
	}
	for i, item := range req.Input {
		var text string
		if item.Type != "function_call_output" || item.CallID != calls[i] || json.Unmarshal(item.Output, &text) != nil || !json.Valid([]byte(text)) {
			t.Errorf("item %d: %+v, want the output of %s", i, item, calls[i])
		}
	}
	return resp, args, req.Input
}

func respOutput(t *testing.T, item respTurn) string {
	t.Helper()
	var text string
	json.Unmarshal(item.Output, &text)
	return text
}

func TestResponsesStreamSplitArguments(t *testing.T) {
	events, items := respCallEvents([]respCall{{0, "echo", splitPieces}})
	api := &ssetest.API{Events: respFull(events, items), Answer: respDone}
	_, args, got := respRound(t, api)
	if args["fc_0"] != splitArgs {
		t.Errorf("deltas put together %s, want %s", args["fc_0"], splitArgs)
	}
	if city := echoed(t, respOutput(t, got[0])); city != wantCity {
		t.Errorf("the tool saw %q, want %q", city, wantCity)
	}
}

func TestResponsesStreamParallel(t *testing.T) {
	for _, n := range []int{2, 3} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			cities := []string{"Paris", "Zürich", "東京"}[:n]
			var calls []respCall
			for i, city := range cities {
				calls = append(calls, respCall{i, "echo", []string{`{"ci`, `ty":"`, city, `"}`}})
			}
			events, items := respCallEvents(calls)
			api := &ssetest.API{Events: respFull(events, items), Answer: respDone}
			_, _, got := respRound(t, api)
			for i, city := range cities {
				if c := echoed(t, respOutput(t, got[i])); c != city {
					t.Errorf("call %d saw %q, want %q", i, c, city)
				}
			}
		})
	}
}

// No arguments: the item's arguments "" (no delta), or "{}".
func TestResponsesStreamNoArguments(t *testing.T) {
	events, items := respCallEvents([]respCall{{0, "clock", nil}, {1, "clock", []string{"{", "}"}}})
	api := &ssetest.API{Events: respFull(events, items), Answer: respDone}
	_, _, got := respRound(t, api)
	for i, item := range got {
		if out := respOutput(t, item); out != `{"success":true,"output":"noon"}` {
			t.Errorf("answer %d: %s", i, out)
		}
	}
}

func TestResponsesStreamInvalidArguments(t *testing.T) {
	events, items := respCallEvents([]respCall{
		{0, "echo", []string{`{"city":`, `"Par`}},
		{1, "echo", []string{`{"city": Paris}`}},
		{2, "echo", []string{`{"city":"Paris"}`}},
	})
	api := &ssetest.API{Events: respFull(events, items), Answer: respDone}
	_, _, got := respRound(t, api)
	for i, item := range got[:2] {
		r := decodeResult(t, respOutput(t, item))
		if r.Success || !strings.HasPrefix(r.Error, "invalid arguments") || !strings.Contains(r.Error, "JSON") {
			t.Errorf("answer %d: %s", i, respOutput(t, item))
		}
	}
	if c := echoed(t, respOutput(t, got[2])); c != "Paris" {
		t.Errorf("the good call saw %q", c)
	}
}

// Text (a message item) before the call: only the call is answered.
func TestResponsesStreamTextFirst(t *testing.T) {
	message := `{"type":"message","id":"msg_1","role":"assistant","status":"completed","content":[{"type":"output_text","text":"Let me check.","annotations":[]}]}`
	calls, items := respCallEvents([]respCall{{1, "clock", []string{"{}"}}})
	events := append([]string{
		respEvent("response.output_item.added", `"output_index":0,"item":{"type":"message","id":"msg_1","role":"assistant","status":"in_progress","content":[]}`),
		respEvent("response.content_part.added", `"item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}`),
		respEvent("response.output_text.delta", `"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Let me ","logprobs":[]`),
		respEvent("response.output_text.delta", `"item_id":"msg_1","output_index":0,"content_index":0,"delta":"check.","logprobs":[]`),
		respEvent("response.output_text.done", `"item_id":"msg_1","output_index":0,"content_index":0,"text":"Let me check.","logprobs":[]`),
		respEvent("response.content_part.done", `"item_id":"msg_1","output_index":0,"content_index":0,"part":{"type":"output_text","text":"Let me check.","annotations":[]}`),
		respEvent("response.output_item.done", `"output_index":0,"item":`+message),
	}, calls...)
	api := &ssetest.API{Events: respFull(events, append([]string{message}, items...)), Answer: respDone}
	resp, _, got := respRound(t, api)
	if resp.OutputText() != "Let me check." {
		t.Errorf("text %q", resp.OutputText())
	}
	if len(got) != 1 || got[0].CallID != "call_1" || respOutput(t, got[0]) != `{"success":true,"output":"noon"}` {
		t.Errorf("answers %+v", got)
	}
}

// A stream that ends before response.completed: with a clean end of the
// body, the SDK reports no error; a program must see that no
// response.completed came and ask again. It has no response to answer:
// the calls it saw done are not in a stored response, so their answers
// would be refused with previous_response_id.
func TestResponsesStreamEndsEarly(t *testing.T) {
	calls, _ := respCallEvents([]respCall{{0, "echo", []string{`{"city":"Paris"}`}}})
	events := respStream(append([]string{respEvent("response.created", `"response":`+respObject("resp_1", "in_progress", "[]"))}, calls[:3]...)...)
	for _, end := range []string{"", "abort"} {
		t.Run("end="+end, func(t *testing.T) {
			api := &ssetest.API{Events: events, Abort: end == "abort", Answer: respDone}
			reg := streamRegistry(t)
			params := responses.ResponseNewParams{Model: "gpt-test", Tools: openaitools.ResponseTools(reg), Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Weather?")}}
			resp, args, err := streamResponse(context.Background(), newClient(t, api), params)
			if end == "abort" && err == nil {
				t.Errorf("a dropped connection gave no error")
			}
			if end == "" && err != nil {
				t.Errorf("a body cut before response.completed: %v", err)
			}
			if resp != nil {
				t.Errorf("a completed response from a cut stream")
			}
			if args["fc_0"] != `{"city":"Paris"}` {
				t.Errorf("deltas %q", args["fc_0"])
			}
		})
	}
}

// An error event in the stream is not the SDK's error: stream.Err stays
// nil, and the event comes as any other, of type "error". A program must
// look for it (as streamResponse does), and there is no response to
// answer.
func TestResponsesStreamErrorEvent(t *testing.T) {
	events := respStream(
		respEvent("response.created", `"response":`+respObject("resp_1", "in_progress", "[]")),
		respEvent("error", `"code":"server_error","message":"The server had an error","param":null`),
	)
	api := &ssetest.API{Events: events, Answer: respDone}
	client := newClient(t, api)
	reg := streamRegistry(t)
	params := responses.ResponseNewParams{Model: "gpt-test", Tools: openaitools.ResponseTools(reg), Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Weather?")}}
	stream := client.Responses.NewStreaming(context.Background(), params)
	var types []string
	for stream.Next() {
		types = append(types, stream.Current().Type)
	}
	stream.Close()
	if stream.Err() != nil || strings.Join(types, " ") != "response.created error" {
		t.Errorf("events %q, error %v", types, stream.Err())
	}
	resp, _, err := streamResponse(context.Background(), client, params)
	if err == nil || !strings.Contains(err.Error(), "The server had an error") || resp != nil {
		t.Errorf("got %v, %v", resp, err)
	}
	if n := bytes.Count(api.Body(0), []byte(`"stream":true`)); n != 1 {
		t.Errorf("the request asked for a stream %d times", n)
	}
}

// A provider that numbers its calls from 1 (OpenAI numbers them from 0)
// leaves the SDK's accumulator an empty placeholder at index 0: no ID, no
// name, no type. Execute answers it as a call of the unknown tool "" with
// tool_call_id "", and ToParam writes it as null: a request the API
// refuses either way. A program that talks to such a provider must drop
// the placeholders before both; then the turn is well-formed.
func TestChatStreamSparseIndex(t *testing.T) {
	events := []string{chatStart(1, "call_1", "clock"), chatArgs(1, "{}")}
	api := &ssetest.API{Events: chatStream("tool_calls", events...), Answer: chatDone}
	ctx := context.Background()
	reg := streamRegistry(t)
	client := newClient(t, api)
	params := openai.ChatCompletionNewParams{Model: "gpt-test", Tools: openaitools.Tools(reg), Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Time?")}}
	acc, err := accumulateChat(ctx, client, params)
	if err != nil {
		t.Fatal(err)
	}
	msg := acc.Choices[0].Message
	if len(msg.ToolCalls) != 2 || msg.ToolCalls[0].ID != "" {
		t.Fatalf("the accumulator left %d calls; this test's premise changed", len(msg.ToolCalls))
	}
	if data, _ := json.Marshal(msg.ToParam()); !bytes.Contains(data, []byte(`"tool_calls":[null,`)) {
		t.Errorf("ToParam: %s", data)
	}
	answers, err := openaitools.Execute(ctx, reg, msg.ToolCalls)
	if err != nil {
		t.Fatal(err)
	}
	if got := sent(t, answers); len(got) != 2 || got[0].ToolCallID != "" || decodeResult(t, got[0].Content).Success {
		t.Errorf("the placeholder's answer: %+v", got)
	}

	// What the program must do.
	msg.ToolCalls = slices.DeleteFunc(msg.ToolCalls, func(c openai.ChatCompletionMessageToolCallUnion) bool { return c.ID == "" && c.Type == "" })
	if answers, err = openaitools.Execute(ctx, reg, msg.ToolCalls); err != nil {
		t.Fatal(err)
	}
	params.Messages = append(params.Messages, msg.ToParam())
	params.Messages = append(params.Messages, answers...)
	if _, err := client.Chat.Completions.New(ctx, params); err != nil {
		t.Fatal(err)
	}
	turn := checkChatRequest(t, api.Body(1))
	if len(turn.Answers) != 1 || turn.Answers[0].ToolCallID != "call_1" || turn.Answers[0].Content != `{"success":true,"output":"noon"}` {
		t.Errorf("answers %+v", turn.Answers)
	}
}

// A program that runs each call as soon as its arguments are done, before
// the response completes, keeps the item of response.output_item.added
// and sets its arguments from response.function_call_arguments.done.
// ExecuteResponse reads the item's fields, as the program set them, not
// the JSON the item was decoded from (where the arguments are still "").
func TestResponsesStreamRunEachWhenDone(t *testing.T) {
	events, items := respCallEvents([]respCall{{0, "echo", []string{`{"city":`, `"Zürich"}`}}, {1, "clock", []string{"{}"}}})
	api := &ssetest.API{Events: respFull(events, items), Answer: respDone}
	ctx := context.Background()
	reg := streamRegistry(t)
	params := responses.ResponseNewParams{Model: "gpt-test", Tools: openaitools.ResponseTools(reg), Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Weather?")}}
	client := newClient(t, api)
	stream := client.Responses.NewStreaming(ctx, params)
	defer stream.Close()
	added := map[string]responses.ResponseOutputItemUnion{}
	var answers []responses.ResponseInputItemUnionParam
	for stream.Next() {
		event := stream.Current()
		switch event.Type {
		case "response.output_item.added":
			added[event.Item.ID] = event.Item
		case "response.function_call_arguments.done":
			item := added[event.ItemID]
			item.Arguments.OfString = event.Arguments
			got, err := openaitools.ExecuteResponse(ctx, reg, []responses.ResponseOutputItemUnion{item})
			if err != nil {
				t.Fatal(err)
			}
			answers = append(answers, got...)
		}
	}
	if err := stream.Err(); err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(answers)
	var got []respTurn
	if err := json.Unmarshal(data, &got); err != nil || len(got) != 2 {
		t.Fatalf("answers %s", data)
	}
	if got[0].CallID != "call_0" || respOutput(t, got[0]) != `{"success":true,"output":"Zürich"}` {
		t.Errorf("echo: %+v %s", got[0], respOutput(t, got[0]))
	}
	if got[1].CallID != "call_1" || respOutput(t, got[1]) != `{"success":true,"output":"noon"}` {
		t.Errorf("clock: %+v %s", got[1], respOutput(t, got[1]))
	}
}

// A program that runs each call as the accumulator reports it done
// (JustFinishedToolCall) and hands it to Execute as a tool call. With the
// calls one after another (OpenAI's order), each is reported once, whole,
// and runs. With their deltas interleaved, the accumulator reports a call
// each time the deltas move to another, before its arguments are whole
// (its documentation says not to rely on it with parallel tool calls),
// first with arguments "" (which Execute takes as {}: a tool whose
// arguments are all optional would run with none), then cut JSON: such a
// call is answered with an error, and then again when it is reported
// again, two answers to one ID that the API refuses. A program must then
// wait for the finish instead.
func TestChatStreamRunEachWhenDone(t *testing.T) {
	run := func(t *testing.T, events []string) (reported []string, answers []answer) {
		api := &ssetest.API{Events: chatStream("tool_calls", events...), Answer: chatDone}
		client := newClient(t, api)
		reg := streamRegistry(t)
		params := openai.ChatCompletionNewParams{Model: "gpt-test", Tools: openaitools.Tools(reg), Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Weather?")}}
		stream := client.Chat.Completions.NewStreaming(context.Background(), params)
		defer stream.Close()
		acc := openai.ChatCompletionAccumulator{}
		for stream.Next() {
			if !acc.AddChunk(stream.Current()) {
				t.Fatal("a chunk was not accumulated")
			}
			if tool, ok := acc.JustFinishedToolCall(); ok {
				reported = append(reported, tool.ID+" "+tool.Arguments)
				call := openai.ChatCompletionMessageToolCallUnion{ID: tool.ID, Type: "function", Function: tool.ChatCompletionMessageFunctionToolCallFunction}
				got, err := openaitools.Execute(context.Background(), reg, []openai.ChatCompletionMessageToolCallUnion{call})
				if err != nil {
					t.Fatal(err)
				}
				answers = append(answers, sent(t, got)...)
			}
		}
		if err := stream.Err(); err != nil {
			t.Fatal(err)
		}
		return reported, answers
	}
	t.Run("in turn", func(t *testing.T) {
		reported, answers := run(t, []string{
			chatStart(0, "call_1", "echo"), chatArgs(0, `{"city":`), chatArgs(0, `"Paris"}`),
			chatStart(1, "call_2", "echo"), chatArgs(1, `{"city":`), chatArgs(1, `"Zürich"}`),
		})
		want := []string{`call_1 {"city":"Paris"}`, `call_2 {"city":"Zürich"}`}
		if strings.Join(reported, "|") != strings.Join(want, "|") {
			t.Errorf("reported %q, want %q", reported, want)
		}
		if len(answers) != 2 || echoed(t, answers[0].Content) != "Paris" || echoed(t, answers[1].Content) != "Zürich" {
			t.Errorf("answers %+v", answers)
		}
	})
	t.Run("interleaved", func(t *testing.T) {
		reported, answers := run(t, []string{
			chatStart(0, "call_1", "echo"), chatStart(1, "call_2", "echo"),
			chatArgs(0, `{"city":`), chatArgs(1, `{"city":`),
			chatArgs(0, `"Paris"}`), chatArgs(1, `"Zürich"}`),
		})
		if len(reported) <= 2 || reported[0] != "call_1 " {
			t.Fatalf("reported %q; this test's premise changed", reported)
		}
		ids := map[string]int{}
		for _, a := range answers {
			ids[a.ToolCallID]++
		}
		if ids["call_1"] < 2 || decodeResult(t, answers[0].Content).Success {
			t.Errorf("reported %q, answers %+v", reported, answers)
		}
	})
}
