// Package mcptools serves the tools of a toolgen registry over the Model
// Context Protocol, with the official Go SDK
// (github.com/modelcontextprotocol/go-sdk).
//
// Each tool is listed with the name, description and JSON Schema toolgen
// generated for it, and each call runs through the registry's Execute: the
// arguments are decoded and checked by the generated code (the SDK's own
// validation, which reflects over types, is not used), and what the model
// should see comes back as the tool's result. A failure the model can act
// on (bad arguments, a failure the tool reports) is a result with isError
// set, as the protocol asks (SEP-1303), never a protocol error; so is a
// call its client cancels. While a streamable tool works, each chunk it
// yields is sent as a progress notification, when the client asked for
// progress: as best it can, since the result carries every chunk anyway,
// so that a client slow to read them never holds up the call (see
// [Handler]).
//
// A structured result goes out as structuredContent too, in the form the
// protocol version of the request allows: before 2026-07-28 it is a JSON
// object, so a result that is not one (an array, a number, null) is sent
// as {"result": value}; from 2026-07-28 on, as it is (see [Result]).
//
// The server's tools follow the registry's while it serves (see [Add]).
// [ServeStdio] serves on standard input and output, [ServeHTTP] and
// [HTTPHandler] over Streamable HTTP, with or without sessions; both end
// cleanly when their context does.
//
//	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
//	reg := runtime.NewRegistry(nil)
//	if err := reg.Register(weather.Tools()...); err != nil {
//		log.Fatal(err)
//	}
//	mcptools.Add(server, reg)
//	if err := mcptools.ServeStdio(ctx, server); err != nil {
//		log.Fatal(err)
//	}
package mcptools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"mime"
	"net/url"
	"path"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/runtime"
)

// Add adds every tool of reg to server, and keeps server's tools in step
// with reg while it serves: a tool registered with reg later is added, a
// tool removed from it is removed, and the server tells its clients with
// notifications/tools/list_changed (sessions of a stateless HTTP server
// excepted, which outlive no request). stop ends the updates; the tools
// already added stay.
//
// Each tool is listed with its title and behaviour hints (annotations:
// readOnlyHint, destructiveHint, idempotentHint, openWorldHint) as its
// directive gives them. A tool with a structured result is listed with its
// outputSchema, in the
// form the protocol version of the tools/list request takes (an object
// schema before 2026-07-28, see [Result]): Add installs a receiving
// middleware on server for that. The same middleware adds to the SDK's
// error for a call of a tool the server does not have (a protocol error,
// as MCP asks) the tool of reg the model likely meant, as the registry
// names it (runtime.NearestTool): unknown tool "writefile"; did you mean
// "write_file"?.
//
// Clients learn that the list may change from the server's capabilities,
// which the SDK derives from its tools when a session starts: a server
// that starts with no tool should set ServerOptions.Capabilities.Tools to
// &mcp.ToolCapabilities{ListChanged: true}.
func Add(server *mcp.Server, reg *runtime.Registry) (stop func()) {
	l := &lister{server: server, reg: reg, listed: map[string]listed{}, refused: map[string]string{}}
	server.AddReceivingMiddleware(l.middleware)
	stop = reg.Watch(l.sync)
	l.sync()
	return stop
}

// lister keeps the tools of a server in step with a registry.
type lister struct {
	server *mcp.Server
	reg    *runtime.Registry

	mu      sync.Mutex
	listed  map[string]listed // the tools added to server, by name
	refused map[string]string // the tools the SDK refused, by name: their JSON, as listed's key
}

// listed is a tool added to a server.
type listed struct {
	key    string    // the tool's JSON, to tell a changed tool
	tool   *mcp.Tool // as added: its form before 2026-07-28
	modern *mcp.Tool // its form from 2026-07-28 on, if another
}

// sync adds to the server the tools of the registry it lacks or holds in
// another form, and removes those the registry no longer has.
func (l *lister) sync() {
	l.mu.Lock()
	defer l.mu.Unlock()
	defs := l.reg.Definitions()
	names := make(map[string]bool, len(defs))
	for _, def := range defs {
		names[def.Name] = true
		t, ok := l.reg.Lookup(def.Name)
		if !ok {
			continue // removed since Definitions
		}
		tool, modern := newTools(def, t)
		key, err := json.Marshal([]*mcp.Tool{tool, modern})
		if err != nil || l.listed[def.Name].key == string(key) {
			continue
		}
		if err := addTool(l.server, tool, Handler(l.reg, def.Name)); err != nil {
			// A tool written by hand whose schema the SDK refuses: the
			// others are served, and the program's log says why not it,
			// once.
			if l.refused[def.Name] != string(key) {
				slog.Warn("mcptools: the tool is not served: the MCP SDK refuses it", "tool", def.Name, "error", err)
				l.refused[def.Name] = string(key)
			}
			if _, was := l.listed[def.Name]; was {
				l.server.RemoveTools(def.Name)
				delete(l.listed, def.Name)
			}
			continue
		}
		l.listed[def.Name] = listed{key: string(key), tool: tool, modern: modern}
	}
	var gone []string
	for name := range l.listed {
		if !names[name] {
			gone = append(gone, name)
			delete(l.listed, name)
		}
	}
	if len(gone) > 0 {
		l.server.RemoveTools(gone...)
	}
}

// addTool adds tool to server, and returns the SDK's panic as an error:
// Server.AddTool panics on a schema it refuses (not an object, a bad
// x-mcp-header), which a tool written by hand may have.
func addTool(server *mcp.Server, tool *mcp.Tool, h mcp.ToolHandler) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("%v", v)
		}
	}()
	server.AddTool(tool, h)
	return nil
}

// middleware lists, to a tools/list request at protocol 2026-07-28 or
// later, the tools of the lister in their form for it; and adds to the
// SDK's error for a call of a tool the server does not have the tool of
// the lister the model likely meant.
func (l *lister) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if method == "tools/call" && err != nil {
			return res, l.unknownTool(req, err)
		}
		if method != "tools/list" || err != nil {
			return res, err
		}
		list, ok1 := res.(*mcp.ListToolsResult)
		lreq, ok2 := req.(*mcp.ListToolsRequest)
		if !ok1 || !ok2 || lreq.ProtocolVersion() < AnyStructured {
			return res, err
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		out := *list
		out.Tools = slices.Clone(list.Tools)
		for i, t := range out.Tools {
			if ls, ok := l.listed[t.Name]; ok && ls.tool == t && ls.modern != nil {
				out.Tools[i] = ls.modern
			}
		}
		return &out, nil
	}
}

// unknownTool returns err, the error of the tools/call request req; but
// if it is the SDK's for a call of a tool the server does not have (a
// protocol error, as MCP asks), with the tool of the lister the model
// likely meant, if any (runtime.NearestTool), as the registry's answer
// names it: unknown tool "writefile"; did you mean "write_file"?. The
// tools are not listed, as the registry lists them: the client lists
// them, and the server may serve tools of its own that the lister does
// not know.
func (l *lister) unknownTool(req mcp.Request, err error) error {
	call, ok := req.(*mcp.CallToolRequest)
	var werr *jsonrpc.Error
	if !ok || call.Params == nil || !errors.As(err, &werr) || werr.Code != jsonrpc.CodeInvalidParams ||
		werr.Message != fmt.Sprintf("unknown tool %q", call.Params.Name) {
		return err
	}
	l.mu.Lock()
	names := slices.Sorted(maps.Keys(l.listed))
	l.mu.Unlock()
	near := runtime.NearestTool(call.Params.Name, names)
	if near == "" {
		return err
	}
	out := *werr
	out.Message = fmt.Sprintf("unknown tool %q; did you mean %q?", call.Params.Name, near)
	return &out
}

// newTools returns the MCP tool of def, the definition of t: its form
// before protocol 2026-07-28, and its form from then on if another.
func newTools(def runtime.Definition, t runtime.Tool) (tool, modern *mcp.Tool) {
	info := t.Info()
	_, streams := t.(runtime.StreamableTool)
	forms := formsOf(info, streams)
	tool = &mcp.Tool{
		Name:        def.Name,
		Title:       info.Title,
		Description: def.Description,
		InputSchema: def.Parameters,
		Annotations: annotations(info),
	}
	if forms.legacy != nil {
		tool.OutputSchema = forms.legacy
	}
	if !bytes.Equal(forms.legacy, forms.modern) {
		m := *tool
		m.OutputSchema = forms.modern
		modern = &m
	}
	return tool, modern
}

// annotations returns the MCP behaviour hints of the tool described by
// info, nil if its directive gives none: the client then takes the
// protocol's defaults (not read-only, destructive, not idempotent,
// open-world).
func annotations(info *runtime.Info) *mcp.ToolAnnotations {
	if !info.ReadOnly && info.Destructive == nil && !info.Idempotent && info.OpenWorld == nil {
		return nil
	}
	return &mcp.ToolAnnotations{
		ReadOnlyHint:    info.ReadOnly,
		DestructiveHint: info.Destructive,
		IdempotentHint:  info.Idempotent,
		OpenWorldHint:   info.OpenWorld,
	}
}

// Handler returns the handler of calls of the tool name of reg, for
// programs that add tools to a server themselves. It runs the tool reg
// has under that name at the time of each call, and returns its result
// as [Result] makes it for the request's protocol version, whose
// structuredContent matches the outputSchema that [Add] lists at that
// version: a tool added with Handler but listed otherwise should have
// no outputSchema.
//
// The chunks of a streamable tool go to a client that asked for progress
// as progress notifications, in order, each with its chunk's number as
// its progress. They are best-effort, since the result carries every
// chunk: a client that reads slowly, or not at all, never holds up the
// tool, nor the call past its deadline, for more than two tenths of a
// second in all. Up to 64 notifications wait to be sent; a chunk that
// comes while 64 wait waits for room, until the call has waited a tenth
// of a second in all; after that, a chunk that finds the queue full gets
// no notification, which the client sees as a gap in the progress
// numbers. When the call ends, the notifications still waiting go out
// before the result for up to a tenth of a second; the rest are dropped.
//
// A call whose context ends before it finishes (its client canceled it,
// or the session ended: [ServeStdio] and [ServeHTTP] cancel the calls of
// the sessions they end, and [HTTPHandler] those of a session its client
// ends with DELETE) returns a result with isError set that says so,
// as the SDK's own typed tool handlers do with an error, rather than an
// error, which the SDK would send as a JSON-RPC error with code 0. The
// protocol asks that a canceled request get no answer: the stdio
// transport of this package drops it; over HTTP the SDK sends it.
func Handler(reg *runtime.Registry, name string) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ctx, done := track(ctx, req.Session)
		defer done()
		tool, _ := reg.Lookup(name)
		var info *runtime.Info
		if tool != nil {
			info = tool.Info()
		}
		_, streams := tool.(runtime.StreamableTool)
		var emit func(runtime.Chunk)
		if token := req.Params.GetProgressToken(); streams && token != nil && req.Session != nil {
			p := startProgress(ctx, req.Session, token)
			defer p.finish(ctx)
			emit = p.emit
		}
		res, err := reg.ExecuteStream(ctx, name, req.Params.Arguments, emit)
		if err != nil {
			return canceled(ctx, res, err), nil
		}
		return Result(info, res, req.ProtocolVersion()), nil
	}
}

// canceled returns the result of a call that ended with the Go error err,
// which the registry returns only when the call's context ended (but a
// middleware may return another), res being the registry's result of it.
func canceled(ctx context.Context, res *runtime.Result, err error) *mcp.CallToolResult {
	text := res.Error
	if res.Success || text == "" {
		text = "the call failed: " + err.Error()
		if ctx.Err() != nil {
			text = "the call was canceled: " + err.Error()
		}
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// progressQueue is how many progress notifications of one call may wait
// to be sent.
const progressQueue = 64

// progressFlush is how long a call that has ended waits for the next of
// its progress notifications still waiting to go out.
const progressFlush = 100 * time.Millisecond

// progress sends the chunks of one call of a streamable tool to the
// client as progress notifications, in order, from a goroutine of its own
// (run), so that the tool hands each chunk on without waiting for the
// client.
type progress struct {
	session *mcp.ServerSession
	token   any
	stop    context.CancelFunc // ends run's context
	queue   chan note          // the notifications waiting to be sent
	ended   chan struct{}      // closed when the call has ended
	done    chan struct{}      // closed when run has returned
	chunks  int                // the chunks emitted so far
	waited  time.Duration      // how long emit has waited for room
}

// note is a progress notification waiting to be sent: the chunk number n
// and its text.
type note struct {
	n    int
	text string
}

// startProgress starts sending the progress notifications of the call
// whose context is ctx, with its progress token, on session.
func startProgress(ctx context.Context, session *mcp.ServerSession, token any) *progress {
	// The notifications carry ctx's values: over Streamable HTTP they go
	// on the stream of the call's request.
	ctx, stop := context.WithCancel(ctx)
	p := &progress{
		session: session,
		token:   token,
		stop:    stop,
		queue:   make(chan note, progressQueue),
		ended:   make(chan struct{}),
		done:    make(chan struct{}),
	}
	go p.run(ctx)
	return p
}

// emit queues the notification of chunk c. If the queue is full, it
// waits for room, as a client that reads keeps making some, but for at
// most progressFlush in all the call: a client that reads slowly, or not
// at all, then gets no notification for the chunks that come while the
// queue is full, and holds up the tool no more. The registry calls emit
// one chunk at a time.
func (p *progress) emit(c runtime.Chunk) {
	p.chunks++
	n := note{n: p.chunks, text: c.Text}
	select {
	case p.queue <- n:
		return
	default:
	}
	left := progressFlush - p.waited
	if left <= 0 {
		return
	}
	start := time.Now()
	t := time.NewTimer(left)
	defer t.Stop()
	select {
	case p.queue <- n:
	case <-t.C:
	}
	p.waited += time.Since(start)
}

// run sends the queued notifications in order until the call has ended
// and none is left, or ctx ends. A notification the transport takes long
// to send (the client reads nothing) holds up the ones after it, never
// the call; run returns once the transport is done with it, at the latest
// when the connection closes.
func (p *progress) run(ctx context.Context) {
	defer close(p.done)
	for {
		select {
		case n := <-p.queue:
			p.send(ctx, n)
		case <-p.ended:
			for {
				select {
				case n := <-p.queue:
					p.send(ctx, n)
				default:
					return
				}
			}
		case <-ctx.Done():
			return
		}
	}
}

// send sends the notification n, unless ctx has ended.
func (p *progress) send(ctx context.Context, n note) {
	if ctx.Err() != nil {
		return
	}
	// A notification that cannot be sent does not fail the call: the
	// result carries every chunk too.
	_ = p.session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
		ProgressToken: p.token,
		Progress:      float64(n.n),
		Message:       n.text,
	})
}

// finish ends the progress of a call that has ended, whose context is
// ctx: it lets the queued notifications go out, for up to progressFlush,
// then stops run, which drops those left; it does not wait for run to
// return.
func (p *progress) finish(ctx context.Context) {
	defer p.stop()
	close(p.ended)
	t := time.NewTimer(progressFlush)
	defer t.Stop()
	select {
	case <-p.done:
	case <-t.C:
	case <-ctx.Done():
	}
}

// AnyStructured is the first protocol version at which structuredContent
// may be any JSON value (SEP-2106). Before it, structuredContent is a JSON
// object or absent, and clients reject anything else.
const AnyStructured = "2026-07-28"

// Result turns a toolgen Result of the tool described by info into the
// result of an MCP tool call at protocolVersion (as the request says it:
// CallToolRequest.ProtocolVersion): the text for the model as text
// content, a structured result also as structured content, multimodal
// content as content blocks, and a failure as text content with isError
// set.
//
// Before protocol version [AnyStructured], structuredContent is a JSON
// object: a result that is not always one, as toolgen says
// (info.OutputObject false: an array, a map or a pointer, which may be
// null, a number, a string type, a stream's chunks), goes out as the object
// {"result": value}, which info.OutputWrapper describes; from that version
// on, as it is, which info.Output describes. A tool with no output schema
// (one written by hand) has a result that is not a JSON object wrapped. The
// text content is the value itself, as the model reads it everywhere else.
// info may be nil.
func Result(info *runtime.Info, res *runtime.Result, protocolVersion string) *mcp.CallToolResult {
	if !res.Success {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: res.Error}}}
	}
	if content, ok := res.Data.(runtime.Content); ok {
		return &mcp.CallToolResult{Content: blocks(content, protocolVersion)}
	}
	data, ok := structured(res)
	text := res.Output
	if ok && text == "" {
		text = string(data)
	}
	out := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
	if !ok {
		return out
	}
	if protocolVersion < AnyStructured && wraps(info, data) {
		data = wrap(data)
	}
	out.StructuredContent = json.RawMessage(data)
	return out
}

// structured returns the JSON of the structured result of res, if it has
// one.
func structured(res *runtime.Result) ([]byte, bool) {
	switch {
	case res.Structured && res.Output != "":
		// Output holds the structured result's JSON, made when the call
		// ended: no need to encode Data again.
		return []byte(res.Output), true
	case res.Data != nil:
		// A Result made by hand, with Data left for its user to encode.
		data, err := json.Marshal(res.Data)
		return data, err == nil
	}
	return nil, false
}

// isObject reports whether the JSON text data is an object.
func isObject(data []byte) bool {
	for _, c := range data {
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		return c == '{'
	}
	return false
}

// wrap returns the object {"result": data}.
func wrap(data []byte) []byte {
	out := make([]byte, 0, len(data)+len(`{"result":}`))
	out = append(out, `{"result":`...)
	out = append(out, data...)
	return append(out, '}')
}

// The first protocol versions with audio content blocks and with resource
// links. A client of an earlier version validates a result against a
// schema without them and rejects it whole.
const (
	audioBlocks = "2025-03-26"
	linkBlocks  = "2025-06-18"
)

// blocks turns multimodal content into MCP content blocks for a client of
// protocolVersion: text, images and audio as themselves, media given by a
// URL as resource links (named by the part's name, or the URL's last path
// segment), and other media (video, files) as embedded resources, a file
// of UTF-8 text (text/*, JSON) as its text rather than base64. Before protocol 2025-03-26 audio goes as an embedded
// resource, and before 2025-06-18 media given by a URL go as their
// description, which says where they are: those versions have no such
// blocks.
func blocks(content runtime.Content, protocolVersion string) []mcp.Content {
	out := make([]mcp.Content, len(content))
	for i, p := range content {
		name := p.Name
		if name == "" {
			name = urlName(p.URL)
		}
		if name == "" {
			name = fmt.Sprintf("part-%d", i+1)
		}
		switch {
		case p.Type == runtime.PartText:
			out[i] = &mcp.TextContent{Text: p.Text}
		case p.URL == "" && len(p.Data) == 0,
			p.URL == "" && p.MIMEType == "" && (p.Type == runtime.PartImage || p.Type == runtime.PartAudio):
			// Media given by neither bytes nor a URL (a file's name
			// alone, empty data): an embedded resource must carry text
			// or a blob, and hosts reject one without (the MCP
			// TypeScript SDK's CallToolResultSchema does). An image or
			// audio block must say its media type, which hosts need to
			// show it. So the part's description goes instead.
			out[i] = &mcp.TextContent{Text: runtime.Content{p}.String()}
		case p.URL != "" && protocolVersion < linkBlocks:
			out[i] = &mcp.TextContent{Text: runtime.Content{p}.String()}
		case p.URL != "":
			out[i] = &mcp.ResourceLink{URI: p.URL, Name: name, MIMEType: p.MIMEType}
		case p.Type == runtime.PartImage:
			out[i] = &mcp.ImageContent{Data: p.Data, MIMEType: p.MIMEType}
		case p.Type == runtime.PartAudio && protocolVersion >= audioBlocks:
			out[i] = &mcp.AudioContent{Data: p.Data, MIMEType: p.MIMEType}
		case textFile(p):
			// Text a model reads as it is, not as base64.
			out[i] = &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
				URI:      "file:///" + url.PathEscape(name),
				MIMEType: p.MIMEType,
				Text:     string(p.Data),
			}}
		default:
			out[i] = &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
				URI:      "file:///" + url.PathEscape(name),
				MIMEType: p.MIMEType,
				Blob:     p.Data,
			}}
		}
	}
	return out
}

// urlName is the last segment of the path of u ("cat.mp4" of
// https://example.com/media/cat.mp4), a resource link's name where the
// part has none, or "".
func urlName(u string) string {
	parsed, err := url.Parse(u)
	if err != nil {
		return ""
	}
	name := path.Base(parsed.Path)
	if name == "." || name == "/" || !utf8.ValidString(name) {
		return ""
	}
	return name
}

// textFile reports whether p is a file of text in UTF-8 (a text/* media
// type without another charset, or JSON), which an embedded resource
// carries as text rather than base64.
func textFile(p runtime.Part) bool {
	if p.Type != runtime.PartFile || !utf8.Valid(p.Data) {
		return false
	}
	mediaType, params, err := mime.ParseMediaType(p.MIMEType)
	if err != nil {
		return false
	}
	if c := params["charset"]; c != "" && !strings.EqualFold(c, "utf-8") {
		return false
	}
	return strings.HasPrefix(mediaType, "text/") || mediaType == "application/json"
}
