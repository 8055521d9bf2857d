package mcptools_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/internal/shapes"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/internal/tooltest/media"
	"github.com/toolgen-go/toolgen/runtime"
)

// The protocol versions the go-sdk negotiates, oldest first.
var protocolVersions = []string{"2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", mcptools.AnyStructured}

// mediaBlocks is show_media's content as a client of version receives it,
// block by block on the wire: every block of a type that version has, and
// nothing of a part lost (its bytes, media type, URL, name).
func mediaBlocks(version string) []any {
	b64 := base64.StdEncoding.EncodeToString
	blocks := []any{
		map[string]any{"type": "text", "text": "Media:"},
		map[string]any{"type": "image", "mimeType": "image/png", "data": b64(media.PNG)},
	}
	if version >= "2025-03-26" {
		blocks = append(blocks, map[string]any{"type": "audio", "mimeType": "audio/wav", "data": b64(media.WAV)})
	} else {
		blocks = append(blocks, map[string]any{"type": "resource", "resource": map[string]any{"uri": "file:///part-3", "mimeType": "audio/wav", "blob": b64(media.WAV)}})
	}
	if version >= "2025-06-18" {
		blocks = append(blocks,
			map[string]any{"type": "resource_link", "uri": "https://example.com/cat.mp4", "name": "cat.mp4", "mimeType": "video/mp4"},
			map[string]any{"type": "resource_link", "uri": "https://example.com/report.pdf", "name": "report.pdf", "mimeType": "application/pdf"},
			map[string]any{"type": "resource_link", "uri": "https://example.com/cat.png", "name": "cat.png", "mimeType": "image/png"},
		)
	} else {
		blocks = append(blocks,
			map[string]any{"type": "text", "text": "[video, video/mp4, at https://example.com/cat.mp4]"},
			map[string]any{"type": "text", "text": "[file report.pdf, application/pdf, at https://example.com/report.pdf]"},
			map[string]any{"type": "text", "text": "[image, image/png, at https://example.com/cat.png]"},
		)
	}
	return append(blocks, map[string]any{"type": "resource", "resource": map[string]any{"uri": "file:///invoice.pdf", "mimeType": "application/pdf", "blob": b64(media.PDF)}})
}

// specSchemas are the validators of the MCP specification's schema of a
// protocol version (tsclient/spec/VERSION.json, as check.mjs uses them), by
// definition: CallToolResult, ListToolsResult, ProgressNotification.
type specSchemas map[string]*jsonschema.Resolved

var (
	specMu    sync.Mutex
	specCache = map[string]specSchemas{}
)

func loadSpec(t *testing.T, version string) specSchemas {
	t.Helper()
	specMu.Lock()
	defer specMu.Unlock()
	if s, ok := specCache[version]; ok {
		return s
	}
	data, err := os.ReadFile(filepath.Join("tsclient", "spec", version+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Schema      string                     `json:"$schema"`
		Definitions map[string]json.RawMessage `json:"definitions"`
		Defs        map[string]json.RawMessage `json:"$defs"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	key, defs := "$defs", file.Defs
	if file.Definitions != nil {
		key, defs = "definitions", file.Definitions
	}
	s := specSchemas{}
	for _, name := range []string{"CallToolResult", "ListToolsResult", "ProgressNotification"} {
		root, _ := json.Marshal(map[string]any{
			"$schema": file.Schema,
			"allOf":   []any{map[string]string{"$ref": "#/" + key + "/" + name}},
			key:       defs,
		})
		var schema jsonschema.Schema
		if err := json.Unmarshal(root, &schema); err != nil {
			t.Fatalf("spec %s: %v", version, err)
		}
		rs, err := schema.Resolve(nil)
		if err != nil {
			t.Fatalf("spec %s %s: %v", version, name, err)
		}
		s[name] = rs
	}
	specCache[version] = s
	return s
}

// wireRecorder records what a server sends, in its wire form: the
// results of tools/list and tools/call (a receiving middleware's), and
// progress notifications (a sending middleware's), each as the MCP type
// the specification's schema defines.
type wireRecorder struct {
	mu   sync.Mutex
	sent []wireMessage
}

type wireMessage struct {
	def   string // ListToolsResult, CallToolResult or ProgressNotification
	value any
}

// add records v, which is encoded only when checked: the SDK completes a
// result after the middleware (resultType, from 2026-07-28).
func (w *wireRecorder) add(def string, v any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.sent = append(w.sent, wireMessage{def, v})
}

// install adds the middleware that record to server.
func (w *wireRecorder) install(server *mcp.Server) {
	defs := map[string]string{"tools/list": "ListToolsResult", "tools/call": "CallToolResult"}
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			if def := defs[method]; def != "" && err == nil {
				w.add(def, res)
			}
			return res, err
		}
	})
	server.AddSendingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "notifications/progress" {
				w.add("ProgressNotification", map[string]any{"jsonrpc": "2.0", "method": method, "params": req.GetParams()})
			}
			return next(ctx, method, req)
		}
	})
}

// check validates what was recorded against the specification's schemas
// of a version, and returns how many messages it checked.
func (w *wireRecorder) check(t *testing.T, name string, s specSchemas) int {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, m := range w.sent {
		data, err := json.Marshal(m.value)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		if err := s[m.def].Validate(v); err != nil {
			t.Errorf("%s: %s %s does not match the specification's schema: %v", name, m.def, data, err)
		}
	}
	return len(w.sent)
}

// The go-sdk's client at each protocol version it negotiates, in memory
// and over Streamable HTTP with and without sessions: multimodal content
// (text, an image and audio by their bytes, a video, a PDF and an image at
// URLs, a PDF by its bytes) comes in the blocks that version has, with
// nothing lost; a struct comes as structuredContent that validates against
// the listed outputSchema; a failure has isError; a stream sends progress.
// Every result, tools/list and progress notification validates against
// the specification's schema of the version.
func TestVersionsGoClient(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(append(append(shapes.Tools(), tooltest.Tools()...), media.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	for _, version := range protocolVersions {
		spec := loadSpec(t, version)
		for _, transport := range []string{"memory", "http", "http-stateless"} {
			if transport == "http" && version >= mcptools.AnyStructured {
				continue // a stateful handler speaks up to 2025-11-25 (see docs/mcp.md, Limits)
			}
			name := version + "/" + transport
			// A server each, whose messages are recorded.
			server := mcp.NewServer(&mcp.Implementation{Name: "media", Version: "v1"}, nil)
			stop := mcptools.Add(server, reg)
			var wire wireRecorder
			wire.install(server)
			var mu sync.Mutex
			var progress []*mcp.ProgressNotificationParams
			client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, &mcp.ClientOptions{
				ProgressNotificationHandler: func(ctx context.Context, req *mcp.ProgressNotificationClientRequest) {
					mu.Lock()
					defer mu.Unlock()
					progress = append(progress, req.Params)
				},
			})
			var ct mcp.Transport
			switch transport {
			case "memory":
				st, c := mcp.NewInMemoryTransports()
				ss, err := server.Connect(ctx, st, nil)
				if err != nil {
					t.Fatal(err)
				}
				defer ss.Wait()
				ct = c
			default:
				hs := httptest.NewServer(mcptools.HTTPHandler(server, &mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: transport == "http-stateless"}}))
				defer hs.Close()
				ct = &mcp.StreamableClientTransport{Endpoint: hs.URL}
			}
			cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if got := cs.InitializeResult().ProtocolVersion; got != version {
				t.Errorf("%s: negotiated %s", name, got)
			}
			list, err := cs.ListTools(ctx, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			outputs := map[string]*jsonschema.Resolved{}
			for _, tool := range list.Tools {
				if tool.OutputSchema == nil {
					continue
				}
				data, _ := json.Marshal(tool.OutputSchema)
				var s jsonschema.Schema
				if err := json.Unmarshal(data, &s); err != nil {
					t.Fatal(err)
				}
				if outputs[tool.Name], err = s.Resolve(nil); err != nil {
					t.Fatalf("%s %s: outputSchema %s: %v", name, tool.Name, data, err)
				}
			}
			call := func(tool, args string, token any) *mcp.CallToolResult {
				t.Helper()
				params := &mcp.CallToolParams{Name: tool, Arguments: json.RawMessage(args)}
				if token != nil {
					params.SetProgressToken(token)
				}
				res, err := cs.CallTool(ctx, params)
				if err != nil {
					t.Fatalf("%s: %s %s: %v", name, tool, args, err)
				}
				return res
			}
			blocks := func(content []mcp.Content) []any {
				data, _ := json.Marshal(content)
				var v []any
				json.Unmarshal(data, &v)
				return v
			}

			res := call("show_media", `{}`, nil)
			if diff := cmp.Diff(mediaBlocks(version), blocks(res.Content)); res.IsError || diff != "" {
				t.Errorf("%s: show_media: isError %v, content (-want +got):\n%s", name, res.IsError, diff)
			}
			if res.StructuredContent != nil {
				t.Errorf("%s: show_media: structuredContent %v", name, res.StructuredContent)
			}
			res = call("show_media", `{"fail":true}`, nil)
			if want := []any{map[string]any{"type": "text", "text": "no media today"}}; !res.IsError || !cmp.Equal(blocks(res.Content), want) {
				t.Errorf("%s: a failure: isError %v, %v", name, res.IsError, blocks(res.Content))
			}

			// A struct: structuredContent is the object, checked against
			// the outputSchema listed at this version.
			res = call("get_city", `{"name":"Oslo"}`, nil)
			want := map[string]any{"name": "Oslo", "country": "Norway", "population": 0.7}
			if !cmp.Equal(res.StructuredContent, any(want)) {
				t.Errorf("%s: get_city: structuredContent %v, want %v", name, res.StructuredContent, want)
			}
			if rs := outputs["get_city"]; rs == nil {
				t.Errorf("%s: get_city has no outputSchema", name)
			} else if err := rs.Validate(res.StructuredContent); err != nil {
				t.Errorf("%s: get_city: %v", name, err)
			}
			res = call("get_city", `{"name":"Rome"}`, nil)
			if !res.IsError || res.StructuredContent != nil {
				t.Errorf("%s: get_city Rome: isError %v, structuredContent %v", name, res.IsError, res.StructuredContent)
			}
			res = call("find_city", `{"name":"lima"}`, nil)
			if rs := outputs["find_city"]; rs == nil {
				t.Errorf("%s: find_city has no outputSchema", name)
			} else if err := rs.Validate(res.StructuredContent); err != nil {
				t.Errorf("%s: find_city: %v", name, err)
			}

			// A stream: a progress notification a chunk.
			res = call("words", `{"text":"one two three"}`, name)
			if res.IsError || blocks(res.Content)[0].(map[string]any)["text"] != "one two three " {
				t.Errorf("%s: words: %v", name, blocks(res.Content))
			}
			var got []*mcp.ProgressNotificationParams
			for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
				mu.Lock()
				got = slices.Clone(progress)
				mu.Unlock()
				if len(got) >= 3 {
					break
				}
			}
			var msgs []string
			for _, p := range got {
				msgs = append(msgs, p.Message)
			}
			if strings.Join(msgs, "|") != "one |two |three " {
				t.Errorf("%s: progress %q", name, msgs)
			}
			cs.Close()
			stop()
			// tools/list, 6 calls, 3 progress notifications
			if n := wire.check(t, name, spec); n != 10 {
				t.Errorf("%s: %d messages checked against the specification's schema, want 10", name, n)
			}
		}
	}
}

// versionsSpec calls show_media, a struct, a failure and streams, for a
// client of version: each content block as mediaBlocks says, every result
// validated by the client and against the specification's schema.
func versionsSpec(version string) spec {
	return spec{
		Protocol:   version,
		SpecSchema: true,
		Calls: []call{
			{Tool: "show_media", Arguments: json.RawMessage(`{}`), Blocks: mediaBlocks(version)},
			{Tool: "show_media", Arguments: json.RawMessage(`{"fail":true}`), IsError: true, Text: ptr("no media today")},
			{Tool: "get_city", Arguments: json.RawMessage(`{"name":"Oslo"}`), Structured: json.RawMessage(`{"name":"Oslo","country":"Norway","population":0.7}`)},
			{Tool: "get_city", Arguments: json.RawMessage(`{"name":"Rome"}`), IsError: true},
			{Tool: "find_city", Arguments: json.RawMessage(`{"name":"lima"}`), Structured: json.RawMessage(`{"result":{"name":"Lima","country":"Peru","population":10.1}}`)},
			{Tool: "stream_cities", Arguments: json.RawMessage(`{}`), Progress: ptr(5)},
			{Tool: "words", Arguments: json.RawMessage(`{"text":"one two three"}`), Text: ptr("one two three "), Progress: ptr(3)},
		},
	}
}

// The official TypeScript SDK at each protocol version it speaks, over
// stdio and Streamable HTTP with and without sessions, against a server
// with show_media: the current SDK (1.32.2, which validates every result
// against one schema, its newest) made to ask for each version, and the
// older SDKs whose newest version that was, each of which validates
// results against its own version's content types and rejects a result
// whole for a block it does not know (1.8.0 an audio block or a resource
// link, 1.12.3 a resource link). check.mjs also validates what the server
// sends against the specification's schema of the version.
func TestTSClientVersions(t *testing.T) {
	dir := tsclient(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	type run struct {
		sdk, request, transport string
		// asServed is the version whose blocks the server sends, when
		// not the one negotiated.
		asServed string
	}
	var runs []run
	for _, v := range protocolVersions[:4] { // the TypeScript SDK 1.x has no 2026-07-28
		for _, tr := range []string{"stdio", "http", "http-stateless"} {
			runs = append(runs, run{"", v, tr, ""})
		}
	}
	runs = append(runs,
		run{"sdk-2024-11-05", "", "stdio", ""}, // 1.8.0 has no Streamable HTTP
		run{"sdk-2024-11-05-http", "", "http", ""},
		// 1.10.0 sends no MCP-Protocol-Version header (added in
		// 2025-06-18), so a stateless server takes each request after
		// initialize for 2025-03-26, as the specification says it should,
		// and sends an audio block: that client accepts it, but the
		// 2024-11-05 schema has none.
		run{"sdk-2024-11-05-http", "", "http-stateless", "2025-03-26"},
	)
	for _, sdk := range []string{"sdk-2025-03-26", "sdk-2025-06-18"} {
		for _, tr := range []string{"stdio", "http", "http-stateless"} {
			runs = append(runs, run{sdk, "", tr, ""})
		}
	}
	for _, r := range runs {
		version := r.request
		if version == "" {
			version = strings.TrimSuffix(strings.TrimPrefix(r.sdk, "sdk-"), "-http")
		}
		name := r.sdk
		if name == "" {
			name = "current-" + version
		}
		t.Run(name+"/"+r.transport, func(t *testing.T) {
			t.Parallel()
			s := versionsSpec(version)
			s.Request = r.request
			if r.asServed != "" {
				s.SpecSchema = false
				s.Calls[0].Blocks = mediaBlocks(r.asServed)
			}
			env := []string{serverEnv + "=" + r.transport, mediaEnv + "=1"}
			var rep report
			if r.transport == "stdio" {
				rep = checkSDK(t, dir, r.sdk, s, "", append(append([]string{"env"}, env...), self)...)
			} else {
				rep = checkSDK(t, dir, r.sdk, s, startHTTP(t, env, self))
			}
			if rep.Calls != len(s.Calls) {
				t.Errorf("%d calls made, want %d", rep.Calls, len(s.Calls))
			}
			// initialize, tools/list, each call and 8 progress notifications
			if want := 2 + len(s.Calls) + 8; s.SpecSchema && rep.SpecChecked != want {
				t.Errorf("%d messages checked against the specification's schema, want %d", rep.SpecChecked, want)
			}
		})
	}
}
