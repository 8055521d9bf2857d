package geminitools_test

// Streaming, outside in: a fake Gemini API streams the model's answer
// (streamGenerateContent?alt=sse) as Server-Sent Events in Gemini's wire
// format, the program collects the parts of every chunk as
// Models.GenerateContentStream yields them, passes the function calls to
// Execute, and sends the model's turn and the answers in the next request,
// which the fake API checks as Gemini would.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/toolgen-go/toolgen/adapters/geminitools"
	"github.com/toolgen-go/toolgen/internal/ssetest"
	"github.com/toolgen-go/toolgen/internal/tooltest/calls"
	"github.com/toolgen-go/toolgen/runtime"
	"google.golang.org/genai"
)

func streamRegistry(t *testing.T) *runtime.Registry {
	t.Helper()
	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Gemini})
	if err := reg.Register(calls.Tools()...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// done answers the second request.
const done = `{"candidates":[{"content":{"role":"model","parts":[{"text":"Done."}]},"finishReason":"STOP","index":0}],"modelVersion":"gemini-test"}`

// streamAPI is a fake Gemini API: streamGenerateContent is answered with
// chunks, each a data event written and flushed, then the connection is
// dropped if abort; generateContent with done.
func streamAPI(chunks []string, abort bool) *ssetest.API {
	events := make([]string, len(chunks))
	for i, c := range chunks {
		events[i] = "data: " + c + "\r\n\r\n"
	}
	return &ssetest.API{Events: events, Abort: abort, Answer: done, Streams: func(r *http.Request, _ []byte) bool {
		return strings.HasSuffix(r.URL.Path, ":streamGenerateContent")
	}}
}

// newClient returns a client of api.
func newClient(t *testing.T, api *ssetest.API) *genai.Client {
	t.Helper()
	client, err := genai.NewClient(context.Background(), &genai.ClientConfig{APIKey: "test", Backend: genai.BackendGeminiAPI, HTTPOptions: genai.HTTPOptions{BaseURL: api.URL(t)}})
	if err != nil {
		t.Fatal(err)
	}
	return client
}

// chunk is a streamed response whose candidate has parts (JSON) and
// finishReason ("" for none).
func chunk(parts, finish string) string {
	if finish != "" {
		finish = fmt.Sprintf(`,"finishReason":%q`, finish)
	}
	return `{"candidates":[{"content":{"parts":[` + parts + `],"role":"model"}` + finish + `,"index":0}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":3,"totalTokenCount":8},"modelVersion":"gemini-test","responseId":"resp_1"}`
}

func text(s string) string {
	data, _ := json.Marshal(map[string]string{"text": s})
	return string(data)
}

// call is a functionCall part; args is JSON or "" for none, id "" for
// none (the Gemini API leaves it out), signature "" for none.
func call(id, name, args, signature string) string {
	fields := fmt.Sprintf(`"name":%q`, name)
	if id != "" {
		fields = fmt.Sprintf(`"id":%q,`, id) + fields
	}
	if args != "" {
		fields += `,"args":` + args
	}
	part := `{"functionCall":{` + fields + `}`
	if signature != "" {
		part += fmt.Sprintf(`,"thoughtSignature":%q`, signature)
	}
	return part + "}"
}

// collected is what a program collects from a stream: the parts of every
// chunk, the function calls, and the last finish reason; and how many
// parts it dropped as empty.
type collected struct {
	parts   []*genai.Part
	calls   []*genai.FunctionCall
	finish  genai.FinishReason
	dropped int
}

// empty reports whether p holds nothing: Gemini ends a stream with a part
// of empty text, which genai writes back as {}, a part Gemini refuses in
// a request (its data must be set). A program must drop such parts from
// the model's turn it sends back; one with a thought signature it keeps.
func empty(p *genai.Part) bool {
	data, err := json.Marshal(p)
	return p == nil || err == nil && string(data) == "{}"
}

// collect streams a response and collects it as a program does.
func collect(ctx context.Context, client *genai.Client, contents []*genai.Content, config *genai.GenerateContentConfig) (collected, error) {
	var c collected
	for resp, err := range client.Models.GenerateContentStream(ctx, "gemini-test", contents, config) {
		if err != nil {
			return c, err
		}
		if len(resp.Candidates) == 0 {
			continue
		}
		cand := resp.Candidates[0]
		if cand.Content != nil {
			for _, p := range cand.Content.Parts {
				if empty(p) {
					c.dropped++
					continue
				}
				c.parts = append(c.parts, p)
			}
		}
		c.calls = append(c.calls, resp.FunctionCalls()...)
		if cand.FinishReason != "" {
			c.finish = cand.FinishReason
		}
	}
	return c, nil
}

// sentPart is a part of a content of the second request.
type sentPart struct {
	Text             string `json:"text"`
	ThoughtSignature string `json:"thoughtSignature"`
	FunctionCall     *struct {
		ID   string         `json:"id"`
		Name string         `json:"name"`
		Args map[string]any `json:"args"`
	} `json:"functionCall"`
	FunctionResponse *struct {
		ID       string         `json:"id"`
		Name     string         `json:"name"`
		Response map[string]any `json:"response"`
	} `json:"functionResponse"`
}

// checkRequest reads the second request as Gemini does: the model's turn
// with its function calls, then a user turn of one function response for
// each call, in order, with its name (and ID when the call had one), each
// response an object with output or error. It returns the two turns.
func checkRequest(t *testing.T, body []byte) (model, user []sentPart) {
	t.Helper()
	if !utf8.Valid(body) {
		t.Error("the request is not UTF-8")
	}
	var req struct {
		Contents []struct {
			Role  string     `json:"role"`
			Parts []sentPart `json:"parts"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	if len(req.Contents) != 3 || req.Contents[1].Role != "model" || req.Contents[2].Role != "user" {
		t.Fatalf("contents: %s", body)
	}
	model, user = req.Contents[1].Parts, req.Contents[2].Parts
	var raw struct {
		Contents []struct {
			Parts []json.RawMessage `json:"parts"`
		} `json:"contents"`
	}
	json.Unmarshal(body, &raw)
	for _, c := range raw.Contents {
		for _, p := range c.Parts {
			if string(p) == "{}" {
				t.Errorf("an empty part, which Gemini refuses: %s", body)
			}
		}
	}
	if len(user) == 0 {
		t.Errorf("a user turn without parts, which Gemini refuses")
	}
	var calls []sentPart
	for _, p := range model {
		if p.FunctionCall != nil {
			calls = append(calls, p)
		}
	}
	if len(calls) != len(user) {
		t.Errorf("%d function responses answer %d calls", len(user), len(calls))
	}
	for i, p := range user {
		r := p.FunctionResponse
		if r == nil {
			t.Errorf("user part %d is not a function response", i)
			continue
		}
		if i < len(calls) && (r.Name != calls[i].FunctionCall.Name || r.ID != calls[i].FunctionCall.ID) {
			t.Errorf("response %d is %s %q, the call %s %q", i, r.Name, r.ID, calls[i].FunctionCall.Name, calls[i].FunctionCall.ID)
		}
		_, output := r.Response["output"]
		_, failed := r.Response["error"]
		if output == failed {
			t.Errorf("response %d: %v", i, r.Response)
		}
	}
	return model, user
}

// round streams the first answer, executes its calls, sends the model's
// turn and the answers, and returns what it collected and the second
// request's two turns.
func round(t *testing.T, api *ssetest.API) (collected, []sentPart, []sentPart) {
	t.Helper()
	ctx := context.Background()
	reg := streamRegistry(t)
	tools, err := geminitools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	client := newClient(t, api)
	config := &genai.GenerateContentConfig{Tools: tools}
	contents := []*genai.Content{genai.NewContentFromText("Weather?", genai.RoleUser)}
	got, err := collect(ctx, client, contents, config)
	if err != nil {
		t.Fatalf("stream: %v", err)
	}
	if got.finish != genai.FinishReasonStop {
		t.Fatalf("finishReason %q", got.finish)
	}
	answers, err := geminitools.Execute(ctx, reg, got.calls)
	if err != nil {
		t.Fatal(err)
	}
	contents = append(contents, &genai.Content{Role: genai.RoleModel, Parts: got.parts}, genai.NewContentFromParts(answers, genai.RoleUser))
	if _, err := client.Models.GenerateContent(ctx, "gemini-test", contents, config); err != nil {
		t.Fatal(err)
	}
	model, user := checkRequest(t, api.Body(1))
	return got, model, user
}

// Text in chunks, then a call whose arguments hold a \u escape and
// characters of two, three and four bytes: Gemini sends a call whole, in
// one chunk; the tool sees the arguments as sent, and the model's turn
// goes back with its text and thought signature.
func TestStreamWholeCall(t *testing.T) {
	api := streamAPI([]string{
		chunk(text("Let me "), ""),
		chunk(text("check ü東京🌧."), ""),
		chunk(call("", "echo", `{"city":"Z\u00fcrich ü東京🌧"}`, "c2lnMQ=="), ""),
		chunk(text(""), "STOP"),
	}, false)
	got, model, user := round(t, api)
	if len(got.calls) != 1 {
		t.Fatalf("%d calls", len(got.calls))
	}
	if got.dropped != 1 {
		t.Errorf("%d empty parts dropped, want the last chunk's", got.dropped)
	}
	var texts []string
	for _, p := range model {
		if p.Text != "" {
			texts = append(texts, p.Text)
		}
		if p.FunctionCall != nil && p.ThoughtSignature != "c2lnMQ==" {
			t.Errorf("the call went back without its thought signature")
		}
	}
	if strings.Join(texts, "") != "Let me check ü東京🌧." {
		t.Errorf("text went back as %q", texts)
	}
	if out := user[0].FunctionResponse.Response["output"]; out != "Zürich ü東京🌧" {
		t.Errorf("the tool saw %v", out)
	}
}

// Two and three calls: in one chunk, and in chunks of their own with text
// between them. Each is answered once, in order, by name and ID.
func TestStreamParallel(t *testing.T) {
	cities := []string{"Paris", "Zürich", "東京"}
	for _, n := range []int{2, 3} {
		for _, spread := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d,spread=%v", n, spread), func(t *testing.T) {
				var parts []string
				for i := range n {
					id := ""
					if spread {
						id = fmt.Sprintf("call_%d", i+1) // as Vertex AI numbers them
					}
					parts = append(parts, call(id, "echo", fmt.Sprintf(`{"city":%q}`, cities[i]), ""))
				}
				var chunks []string
				if spread {
					for i, p := range parts {
						chunks = append(chunks, chunk(p, ""), chunk(text(fmt.Sprintf("(%d)", i)), ""))
					}
				} else {
					chunks = append(chunks, chunk(strings.Join(parts, ","), ""))
				}
				_, _, user := round(t, streamAPI(append(chunks, chunk(text(""), "STOP")), false))
				for i := range n {
					if out := user[i].FunctionResponse.Response["output"]; out != cities[i] {
						t.Errorf("call %d saw %v, want %s", i, out, cities[i])
					}
				}
			})
		}
	}
}

// A tool without arguments: a call without args, or with {}.
func TestStreamNoArguments(t *testing.T) {
	api := streamAPI([]string{chunk(call("", "clock", "", "")+","+call("", "clock", "{}", ""), "STOP")}, false)
	got, _, user := round(t, api)
	if len(got.calls) != 2 || got.calls[0].Args != nil {
		t.Errorf("calls %+v", got.calls)
	}
	for i, p := range user {
		if out := p.FunctionResponse.Response["output"]; out != "noon" {
			t.Errorf("call %d: %v", i, p.FunctionResponse.Response)
		}
	}
}

// Arguments the model got wrong (Gemini sends them as an object, so as
// JSON always; here of the wrong type, and with a field too many): each
// is answered with an error the model can read, next to a good call.
func TestStreamInvalidArguments(t *testing.T) {
	api := streamAPI([]string{
		chunk(call("", "echo", `{"city":5}`, ""), ""),
		chunk(call("", "echo", `{"city":"Paris","days":2}`, ""), ""),
		chunk(call("", "echo", `{"city":"Paris"}`, ""), "STOP"),
	}, false)
	_, _, user := round(t, api)
	for i, p := range user[:2] {
		if e, _ := p.FunctionResponse.Response["error"].(string); !strings.HasPrefix(e, "invalid arguments") {
			t.Errorf("answer %d: %v", i, p.FunctionResponse.Response)
		}
	}
	if out := user[2].FunctionResponse.Response["output"]; out != "Paris" {
		t.Errorf("the good call: %v", user[2].FunctionResponse.Response)
	}
}

// A call Gemini could not write ends the stream with finishReason
// MALFORMED_FUNCTION_CALL and no call. Execute answers no call with no
// part; a user turn of no parts is one Gemini refuses, so a program must
// look at the finish reason (or at whether there were calls) and ask
// again instead of sending it.
func TestStreamMalformedCall(t *testing.T) {
	api := streamAPI([]string{`{"candidates":[{"content":{"parts":[],"role":"model"},"finishReason":"MALFORMED_FUNCTION_CALL","finishMessage":"Malformed function call: echo(city=)","index":0}],"modelVersion":"gemini-test"}`}, false)
	reg := streamRegistry(t)
	got, err := collect(context.Background(), newClient(t, api), []*genai.Content{genai.NewContentFromText("Hi", genai.RoleUser)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.finish != genai.FinishReasonMalformedFunctionCall || len(got.calls) != 0 {
		t.Fatalf("collected %+v", got)
	}
	parts, err := geminitools.Execute(context.Background(), reg, got.calls)
	if err != nil || len(parts) != 0 {
		t.Errorf("Execute of no calls: %v, %v", parts, err)
	}
}

// A stream that ends early. A dropped connection is the SDK's error; a
// body that ends before the chunk with the finish reason is not: the
// iteration ends without error, and only the missing finish reason tells.
// A program must check both before it runs the calls it has, and ask
// again; the calls are whole, so running them would do what they say,
// while the model may have had more to say.
func TestStreamEndsEarly(t *testing.T) {
	chunks := []string{chunk(text("Let me check."), ""), chunk(call("", "echo", `{"city":"Paris"}`, ""), "")}
	for _, end := range []string{"", "abort"} {
		t.Run("end="+end, func(t *testing.T) {
			api := streamAPI(chunks, end == "abort")
			got, err := collect(context.Background(), newClient(t, api), []*genai.Content{genai.NewContentFromText("Hi", genai.RoleUser)}, nil)
			if end == "abort" && err == nil {
				t.Error("a dropped connection gave no error")
			}
			if end == "" && err != nil {
				t.Errorf("a body cut before the finish: %v", err)
			}
			if got.finish != "" {
				t.Errorf("finishReason %q on a cut stream", got.finish)
			}
			if len(got.calls) != 1 || got.calls[0].Name != "echo" {
				t.Errorf("calls %+v", got.calls)
			}
		})
	}
}

// An error in the stream is the SDK's error.
func TestStreamErrorChunk(t *testing.T) {
	api := streamAPI([]string{chunk(text("Let"), ""), `{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}`}, false)
	_, err := collect(context.Background(), newClient(t, api), []*genai.Content{genai.NewContentFromText("Hi", genai.RoleUser)}, nil)
	if err == nil || !strings.Contains(err.Error(), "overloaded") {
		t.Errorf("got %v", err)
	}
}
