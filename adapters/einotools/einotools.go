// Package einotools hands the tools of a toolgen registry to Eino
// (github.com/cloudwego/eino) agents and ToolsNodes.
//
// Each tool carries the JSON Schema toolgen generated (as a
// jsonschema.Schema, whose Extras hold the keys it has no field for, such
// as those of jsonschema_extras, at every level), and each call runs
// through the registry: the arguments are decoded and checked by the
// generated code, and the tool message the model reads is the Result as
// JSON, {"success":true,"output":...} or {"success":false,"error":...}
// (in a ToolsNode's stream mode, a streamed tool's chunks: its text, or
// JSON Lines; see StreamableRun). A
// failure the model can act on (bad arguments, a failure the tool reports,
// even a panic) is such a message, never a Go error: in Eino a tool's Go
// error ends the whole agent run. Only the end of the caller's context is
// one.
//
//	reg := runtime.NewRegistry(nil)
//	if err := reg.Register(weather.Tools()...); err != nil {
//		log.Fatal(err)
//	}
//	tools, err := einotools.Tools(reg)
//	// ... compose.NewToolNode(ctx, &compose.ToolsNodeConfig{Tools: tools, UnknownToolsHandler: einotools.UnknownTools(reg)})
package einotools

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	goruntime "runtime"
	"strings"
	"sync"
	"sync/atomic"
	"weak"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
	"github.com/cloudwego/eino/schema"
	"github.com/toolgen-go/toolgen/runtime"
)

// Tools returns every tool of reg as an Eino tool, sorted by name: an
// InvokableTool; for a streamable tool a StreamableTool too; for a tool
// whose result is multimodal content (a runtime.EnhancedTool), an
// EnhancedInvokableTool instead, whose result has a part for each part of
// the content.
func Tools(reg *runtime.Registry) ([]tool.BaseTool, error) {
	var out []tool.BaseTool
	for _, def := range reg.Definitions() {
		params, err := parseSchema(def.Parameters)
		if err != nil {
			return nil, fmt.Errorf("einotools: the schema of %s: %w", def.Name, err)
		}
		t := &invokable{reg: reg, info: &schema.ToolInfo{
			Name:        def.Name,
			Desc:        def.Description,
			ParamsOneOf: schema.NewParamsOneOfByJSONSchema(params),
		}}
		switch rt, _ := reg.Lookup(def.Name); rt.(type) {
		case runtime.StreamableTool:
			out = append(out, &streamable{t})
		case runtime.EnhancedTool:
			out = append(out, &enhanced{t})
		default:
			out = append(out, t)
		}
	}
	return out, nil
}

type invokable struct {
	reg  *runtime.Registry
	info *schema.ToolInfo
}

func (t *invokable) Info(ctx context.Context) (*schema.ToolInfo, error) { return t.info, nil }

// InvokableRun runs the call and returns its Result as JSON. The error is
// non-nil only when ctx ended.
func (t *invokable) InvokableRun(ctx context.Context, args string, _ ...tool.Option) (string, error) {
	res, err := execute(ctx, t.reg, t.info.Name, json.RawMessage(args))
	if err != nil {
		return "", err
	}
	return res.JSONText(), nil
}

// execute runs a call of the tool name through reg with the ID Eino's
// ToolsNode gave it, if any, so that the registry's middleware and
// approver see which of the model's calls it is.
func execute(ctx context.Context, reg *runtime.Registry, name string, args json.RawMessage) (runtime.Result, error) {
	res, err := reg.ExecuteCall(ctx, runtime.Call{ID: compose.GetToolCallID(ctx), Name: name, Args: args}, nil)
	return *res, err
}

// UnknownTools returns the handler of calls of tools reg does not hold,
// for compose.ToolsNodeConfig's UnknownToolsHandler. Without one, a
// ToolsNode ends the agent's run with an error when a model calls a tool
// that does not exist; with it, the model reads what the registry answers
// any call of an unknown tool, the Result as JSON with the names of the
// tools there are and the one the model likely meant (runtime.UnknownTool),
// and can call one of them. A tool that reg holds but the ToolsNode was
// not given (a program that gives a node some of a registry's tools) is
// not run: the model reads that it is not one of its tools. The error is
// non-nil only when ctx ended.
//
// given, if any, are the tools the ToolsNode was given (some of reg's, say):
// the answer then names those, and suggests one of them, not of every tool
// of reg.
//
//	compose.NewToolNode(ctx, &compose.ToolsNodeConfig{Tools: tools, UnknownToolsHandler: einotools.UnknownTools(reg, tools...)})
func UnknownTools(reg *runtime.Registry, given ...tool.BaseTool) func(ctx context.Context, name, input string) (string, error) {
	var names []string
	for _, t := range given {
		if info, err := t.Info(context.Background()); err == nil && info != nil {
			names = append(names, info.Name)
		}
	}
	return func(ctx context.Context, name, input string) (string, error) {
		if _, ok := reg.Lookup(name); ok {
			text := fmt.Sprintf("unknown tool %q: it is not one of the tools you were given; call one of those", name)
			if len(names) > 0 {
				text = runtime.UnknownTool(name, names)
			}
			return runtime.Result{Error: text}.JSONText(), nil
		}
		res, err := execute(ctx, reg, name, json.RawMessage(input))
		if err != nil {
			return "", err
		}
		if len(names) > 0 && registryUnknown(reg, name, res) {
			// The registry's answer names all its tools, not the node's.
			res.Error = runtime.UnknownTool(name, names)
		}
		return res.JSONText(), nil
	}
}

// registryUnknown reports whether res is reg's answer to a call of the
// tool name, which it does not have (not a middleware's, say).
func registryUnknown(reg *runtime.Registry, name string, res runtime.Result) bool {
	if res.Success || res.Err != nil || !strings.HasPrefix(res.Error, "unknown tool ") {
		return false
	}
	defs := reg.Definitions()
	listed := make([]string, len(defs))
	for i, def := range defs {
		listed[i] = def.Name
	}
	return res.Error == runtime.UnknownTool(name, listed)
}

type streamable struct{ *invokable }

// pipeSize is how many chunks a stream holds that its reader has not read.
const pipeSize = 16

// StreamableRun runs the call on its own goroutine and streams each chunk
// the tool yields: a string chunk as it is, any other as a line of JSON,
// so that the message Eino's ToolsNode gathers from the stream reads as
// the text, or as JSON Lines, one chunk a line (objects run together
// would not be JSON). If the call fails, the last chunk is the failed
// Result as JSON, on a line of its own; if it succeeds with no chunks,
// its one chunk is the Result as JSON, as InvokableRun returns it
// ({"success":true}), since Eino fails to gather a stream with none into
// a message; if ctx ends, the stream ends with ctx's error.
//
// The reader is to be closed, as Eino requires of every StreamReader;
// closing it again does nothing. Closing it early cancels the call when
// the tool next yields a chunk, or, if it yields none (it waits, say),
// once the reader is collected: Eino lets a stream's writer see a close
// only by sending. Canceling ctx stops the call too. A reader that goes on
// reading then reads the chunks sent and ctx's error, unless at some
// point after ctx ended 16 chunks waited unread: the stream then ends
// after them, with io.EOF, since once ctx has ended the call's goroutine
// does not wait on a reader that may be gone. A reader dropped, closed or
// not, cancels the call once the garbage collector finds it unreachable
// (Eino's SetAutomaticClose closes it, which ends a Send); but while ctx
// goes on, a reader kept and never read nor closed holds the call, as any
// Eino stream does. The reader may be merged (schema.MergeStreamReaders)
// or copied as any other: what reads it keeps it reachable.
func (t *streamable) StreamableRun(ctx context.Context, args string, _ ...tool.Option) (*schema.StreamReader[string], error) {
	pipe, writer := schema.Pipe[string](pipeSize)
	// Closing becomes idempotent, and a pipe dropped unread is closed when
	// collected, which ends a Send that waits on it.
	pipe.SetAutomaticClose()
	weakPipe := weak.Make(pipe)
	s := &sender{writer: writer, pipe: weakPipe}
	// The reader handed out wraps the pipe, whose finalizer closes it: a
	// reader of the pipe itself given to schema.MergeStreamReaders would
	// be dropped, and the pipe closed under the merged stream as soon as
	// it was collected, while this one keeps it reachable. The wrapper
	// counts the chunks read, so the goroutine knows when a Send may wait.
	reader := schema.StreamReaderWithConvert(pipe, func(chunk string) (string, error) {
		s.read.Add(1)
		return chunk, nil
	})
	parent := ctx
	ctx, cancel := context.WithCancel(parent)
	// When the caller's ctx ends (watched, not the call's, which the
	// goroutine's cancel ends as well), a Send that waits for room is
	// ended. s holds the pipe only weakly, and the goroutine not at all,
	// so that a reader dropped unclosed can still be collected.
	stop := context.AfterFunc(parent, s.ended)
	// A pipe no one can read any more, closed or not, ends the call once
	// it is collected. Its finalizer closes it, which ends a Send; but a
	// tool that sends nothing, waiting (for the next line of a log, say),
	// would never find it closed. The cleanup holds the cancel, not the
	// pipe, and a pipe given to Eino (merged, copied, converted) is held
	// by what reads it.
	goruntime.AddCleanup(pipe, func(cancel context.CancelFunc) { cancel() }, cancel)
	go func() {
		defer cancel()
		defer writer.Close()
		defer stop()
		lineOpen := false // the last chunk sent was text, not ended by a newline
		sent := false     // a chunk has been sent
		call := runtime.Call{ID: compose.GetToolCallID(ctx), Name: t.info.Name, Args: json.RawMessage(args)}
		res, err := t.reg.ExecuteCall(ctx, call, func(c runtime.Chunk) {
			text := c.Text
			if _, ok := c.Data.(string); !ok {
				text += "\n"
			}
			lineOpen = !strings.HasSuffix(text, "\n")
			sent = true
			if closed := s.send(text, nil); closed {
				cancel() // nobody reads on: stop the tool
			}
		})
		switch {
		case err != nil:
			s.send("", err)
		case !res.Success:
			text := res.JSONText()
			if lineOpen {
				text = "\n" + text
			}
			s.send(text, nil)
		case !sent:
			// A stream with no chunk: Eino gathers a stream into a
			// message, and fails on one that has none (or leaves the
			// call without a message, beside others).
			s.send(res.JSONText(), nil)
		}
	}()
	return reader, nil
}

// sender sends a call's chunks into its pipe, from the call's goroutine,
// and once the caller's context has ended, never waits for room in it:
// the reader may never read again, nor be closed, nor be collected.
type sender struct {
	writer *schema.StreamWriter[string]
	pipe   weak.Pointer[schema.StreamReader[string]] // weak: not to keep a dropped reader reachable
	read   atomic.Int64                              // chunks the reader has read

	mu      sync.Mutex
	sent    int64 // chunks sent or being sent
	sending bool  // a Send is under way, which may wait for room
	done    bool  // the caller's context has ended
}

// full reports whether a Send of another chunk may wait: the pipe may hold
// as many unread chunks as it can. s.mu is held.
func (s *sender) full(sent int64) bool { return sent-s.read.Load() >= pipeSize }

// close closes the pipe, unless its finalizer already has (or will).
func (s *sender) close() {
	if p := s.pipe.Value(); p != nil {
		p.Close()
	}
}

// send sends a chunk, and reports whether the pipe is closed.
func (s *sender) send(text string, err error) (closed bool) {
	s.mu.Lock()
	if s.done && s.full(s.sent) {
		s.mu.Unlock()
		s.close()
		return true
	}
	s.sending = true
	s.sent++
	s.mu.Unlock()
	closed = s.writer.Send(text, err)
	s.mu.Lock()
	s.sending = false
	s.mu.Unlock()
	return closed
}

// ended runs when the caller's context ends: a Send that may be waiting
// for room is ended by closing the pipe; later ones do not wait.
func (s *sender) ended() {
	s.mu.Lock()
	s.done = true
	wait := s.sending && s.full(s.sent-1)
	s.mu.Unlock()
	if wait {
		s.close()
	}
}

type enhanced struct{ *invokable }

// InvokableRun runs the call and returns its content, a part for each
// part; a failed call has one text part, the Result as JSON. A nil arg
// stands for no arguments. The error is non-nil only when ctx ended.
func (t *enhanced) InvokableRun(ctx context.Context, arg *schema.ToolArgument, _ ...tool.Option) (*schema.ToolResult, error) {
	var args json.RawMessage
	if arg != nil {
		args = json.RawMessage(arg.Text)
	}
	res, err := execute(ctx, t.reg, t.info.Name, args)
	if err != nil {
		return nil, err
	}
	content, ok := res.Data.(runtime.Content)
	if !ok {
		return &schema.ToolResult{Parts: []schema.ToolOutputPart{{Type: schema.ToolPartTypeText, Text: res.JSONText()}}}, nil
	}
	parts := make([]schema.ToolOutputPart, len(content))
	for i, p := range content {
		parts[i] = part(p)
	}
	return &schema.ToolResult{Parts: parts}, nil
}

// part turns a part of multimodal content into Eino's. A media part with
// neither data nor a URL, which a model would be sent as an empty file,
// goes by its description.
func part(p runtime.Part) schema.ToolOutputPart {
	switch {
	case p.Type == runtime.PartText:
		return schema.ToolOutputPart{Type: schema.ToolPartTypeText, Text: p.Text}
	case p.URL == "" && len(p.Data) == 0:
		return schema.ToolOutputPart{Type: schema.ToolPartTypeText, Text: runtime.Content{p}.String()}
	}
	media := schema.MessagePartCommon{MIMEType: p.MIMEType}
	if p.URL != "" {
		media.URL = &p.URL
	} else {
		data := base64.StdEncoding.EncodeToString(p.Data)
		media.Base64Data = &data
	}
	if p.Name != "" {
		media.Extra = map[string]any{"name": p.Name}
	}
	switch p.Type {
	case runtime.PartImage:
		return schema.ToolOutputPart{Type: schema.ToolPartTypeImage, Image: &schema.ToolOutputImage{MessagePartCommon: media}}
	case runtime.PartAudio:
		return schema.ToolOutputPart{Type: schema.ToolPartTypeAudio, Audio: &schema.ToolOutputAudio{MessagePartCommon: media}}
	case runtime.PartVideo:
		return schema.ToolOutputPart{Type: schema.ToolPartTypeVideo, Video: &schema.ToolOutputVideo{MessagePartCommon: media}}
	}
	return schema.ToolOutputPart{Type: schema.ToolPartTypeFile, File: &schema.ToolOutputFile{MessagePartCommon: media}}
}
