// Package anthropictools hands the tools of a toolgen registry to
// Anthropic's Messages API, with the official Go SDK
// (github.com/anthropics/anthropic-sdk-go/v2), and answers the tool_use
// blocks the model sends.
//
// Tools sends each tool's generated schema as it is, byte for byte, so the
// request's tools are the same bytes every time and prompt caches hit; with
// a registry in the Anthropic dialect (runtime.Settings.Dialect) the tools are
// strict. Execute answers with tool_result blocks: the text for the model,
// or the error with is_error set, and for a tool whose result is
// multimodal content, its text, images (JPEG, PNG, GIF, WebP) and
// documents (PDF; plain text in UTF-8) as blocks of their own, each other
// part (audio, video, other files, media Anthropic would refuse) by its
// description.
//
//	reg := runtime.NewRegistry(&runtime.Settings{Dialect: runtime.Anthropic})
//	if err := reg.Register(weather.Tools()...); err != nil {
//		log.Fatal(err)
//	}
//	params := anthropic.MessageNewParams{Model: model, MaxTokens: 1024, Tools: anthropictools.Tools(reg), Messages: messages}
//	message, err := client.Messages.New(ctx, params)
//	// ...
//	results, err := anthropictools.Execute(ctx, reg, message.Content)
//	params.Messages = append(params.Messages, message.ToParam(), anthropic.NewUserMessage(results...))
//
// A streamed message, accumulated with Message.Accumulate, is executed the
// same way, once its stop_reason is "tool_use". A stream whose body ends
// before message_stop gives no error, only no stop_reason; and on
// content_block_stop Accumulate replaces a tool_use input that is not
// JSON (a response cut at max_tokens, fine-grained tool streaming) with
// {}, so that such a call would run with no arguments. Ask again in both
// cases; a program that must answer such a call keeps the block's
// partial_json deltas and sets them as its Input before Execute, which
// then answers that the input is not JSON.
package anthropictools

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"
	"github.com/toolgen-go/toolgen/internal/offered"
	"github.com/toolgen-go/toolgen/runtime"
	"golang.org/x/image/webp"
)

// Tools returns the definitions of reg's tools as Messages API tools,
// sorted by name, strict if reg is in the Anthropic dialect and the tool's
// Anthropic schema is made for strict tool use (runtime.Info.Strict), as
// far as the API's limits on the strict tools of one request allow: 20
// tools, 24 optional parameters and 16 parameters of several types (a
// union, such as a nullable field) in all. Past them the API refuses the
// whole request; a tool that would take the request past one is sent
// non-strict instead, in the order of the tools, so that the same
// registry gives the same request every time. (The API has a limit it does
// not state too, on the size of the grammar its strict tools make: a
// request it refuses for that needs fewer strict tools, which nonstrict=anthropic
// in a tool's directive gives.)
func Tools(reg *runtime.Registry) []anthropic.ToolUnionParam {
	defs := offered.Definitions(reg, runtime.Anthropic)
	tools := make([]anthropic.ToolUnionParam, len(defs))
	var spent strictBudget
	for i, def := range defs {
		strict := false
		if reg.Dialect() == runtime.Anthropic {
			tool, ok := reg.Lookup(def.Name)
			strict = ok && tool.Info().Strict(runtime.Anthropic) && spent.take(def.Parameters)
		}
		raw, _ := json.Marshal(struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			InputSchema json.RawMessage `json:"input_schema"`
			Strict      bool            `json:"strict,omitempty"`
		}{def.Name, def.Description, def.Parameters, strict})
		tool := param.Override[anthropic.ToolParam](json.RawMessage(raw))
		tools[i] = anthropic.ToolUnionParam{OfTool: &tool}
	}
	return tools
}

// The limits of the Messages API on the strict tools of one request.
const (
	maxStrictTools    = 20
	maxStrictOptional = 24
	maxStrictUnions   = 16
)

// strictBudget counts what the strict tools of a request have taken of
// the API's limits.
type strictBudget struct{ tools, optional, unions int }

// take reports whether a tool of the schema fits in what is left of b,
// and if so, takes its share.
func (b *strictBudget) take(schema json.RawMessage) bool {
	optional, unions, ok := paramCounts(schema)
	if !ok {
		return false
	}
	if b.tools+1 > maxStrictTools || b.optional+optional > maxStrictOptional || b.unions+unions > maxStrictUnions {
		return false
	}
	b.tools, b.optional, b.unions = b.tools+1, b.optional+optional, b.unions+unions
	return true
}

// schemaKey is a schema's bytes by identity: a tool's schema is the same
// bytes on every request.
type schemaKey struct {
	data *byte
	len  int
}

// counted holds paramCounts' answers by schema, so that Tools, called for
// every request, reads each schema once; it holds at most maxCounted.
var counted sync.Map // schemaKey → [2]int

var countedLen atomic.Int64

const maxCounted = 4096

// paramCounts returns the counts of countParams for schema, or false if
// it is not JSON.
func paramCounts(schema json.RawMessage) (optional, unions int, ok bool) {
	key := schemaKey{unsafe.SliceData(schema), len(schema)}
	if v, ok := counted.Load(key); ok {
		n := v.([2]int)
		return n[0], n[1], true
	}
	var root any
	if json.Unmarshal(schema, &root) != nil {
		return 0, 0, false
	}
	countParams(root, &optional, &unions)
	if countedLen.Load() < maxCounted {
		// The key keeps the schema's bytes alive: only so many.
		if _, loaded := counted.LoadOrStore(key, [2]int{optional, unions}); !loaded {
			countedLen.Add(1)
		}
	}
	return optional, unions, true
}

// countParams counts, in the schema v and the schemas below it, the
// properties that are not required and the schemas of several types (an
// anyOf, or a list of types, as a nullable field has).
func countParams(v any, optional, unions *int) {
	schema, ok := v.(map[string]any)
	if !ok {
		return
	}
	if _, ok := schema["anyOf"]; ok {
		*unions++
	} else if types, ok := schema["type"].([]any); ok && len(types) > 1 {
		*unions++
	}
	if props, ok := schema["properties"].(map[string]any); ok {
		required, _ := schema["required"].([]any)
		for name, sub := range props {
			if !slices.Contains(required, any(name)) {
				*optional++
			}
			countParams(sub, optional, unions)
		}
	}
	for _, key := range []string{"$defs", "definitions"} {
		if defs, ok := schema[key].(map[string]any); ok {
			for _, sub := range defs {
				countParams(sub, optional, unions)
			}
		}
	}
	for _, key := range []string{"anyOf", "allOf", "oneOf", "prefixItems"} {
		if subs, ok := schema[key].([]any); ok {
			for _, sub := range subs {
				countParams(sub, optional, unions)
			}
		}
	}
	countParams(schema["items"], optional, unions)
	countParams(schema["additionalProperties"], optional, unions)
}

// Execute runs the tool_use blocks of a message's content through reg, all
// at once, and returns the tool_result blocks that answer them, in their
// order; other blocks are passed over. A call of an unknown tool, with bad
// arguments or that fails is answered too, with is_error set, and one
// call's failure does not stop the others. The error is non-nil only when
// ctx ended. An Approver of reg (for tools marked confirm) may be asked
// about several calls at once. A tool_use whose ID an earlier one has is
// answered without running, with is_error set. A result the API would
// refuse is answered so that it takes it: text that is empty or only white
// space is left out (a failure without words says the tool failed), and a
// structured result made by hand without its JSON, or whose data has no
// JSON encoding, is encoded here or answered as a failure. Multimodal
// content is answered with its parts in order: text as text blocks,
// images as image blocks, PDFs and plain text files as document blocks;
// audio, video, other files, and an image or file the API would refuse
// (an SVG, an image over 5 MiB of base64 or 8000 pixels a side, a PDF
// over 32 MiB of base64, or media past the 32 MiB of base64 the answers'
// inline media share, as they go back in one request) by their
// descriptions.
func Execute(ctx context.Context, reg *runtime.Registry, content []anthropic.ContentBlockUnion) ([]anthropic.ContentBlockParamUnion, error) {
	var uses []anthropic.ContentBlockUnion
	for _, block := range content {
		if block.Type == "tool_use" {
			uses = append(uses, block)
		}
	}
	// A call whose ID an earlier one has is not run (see
	// runtime.Registry.ExecuteAll): its answer says so.
	requests := make([]runtime.Call, 0, len(uses))
	unknown := offered.New(reg, runtime.Anthropic)
	for _, use := range uses {
		if !offered.Omitted(reg, runtime.Anthropic, use.Name) {
			requests = append(requests, runtime.Call{ID: use.ID, Name: use.Name, Args: use.Input})
		}
	}
	results, err := reg.ExecuteAll(ctx, requests)
	if err != nil {
		return nil, err
	}
	blocks := make([]anthropic.ContentBlockParamUnion, len(uses))
	budget := inlineBudget(maxRequestBase64) // shared: the answers go in one request
	for i, use := range uses {
		var res runtime.Result
		if offered.Omitted(reg, runtime.Anthropic, use.Name) {
			// Not offered to Anthropic: a model that calls it made it up.
			res.Error = unknown.Text(use.Name)
		} else {
			res, results = unknown.Relist(use.Name, results[0]), results[1:]
		}
		blocks[i] = anthropic.ContentBlockParamUnion{OfToolResult: toolResult(use.ID, &res, &budget)}
	}
	return blocks, nil
}

// Texts for results that would otherwise fail the next request, which
// takes no empty text block: a failure without an Error (from a tool
// written by hand), and a result with no JSON encoding, in the words the
// runtime uses for a generated tool's.
const (
	unexplained = "the tool failed without saying why"
	unencodable = "internal error: the tool's result could not be encoded"
)

// toolResult is the tool_result block that answers the tool_use id with
// res, its inline media taken from budget.
func toolResult(id string, res *runtime.Result, budget *inlineBudget) *anthropic.ToolResultBlockParam {
	content, ok := resultContent(res, budget)
	return &anthropic.ToolResultBlockParam{ToolUseID: id, IsError: param.NewOpt(!ok), Content: content}
}

// resultContent is the content of a tool_result, and whether the call
// succeeded: the Result's text, or the parts of multimodal content
// (images as image blocks, PDFs and plain text files as document blocks;
// other media, which a tool_result cannot hold, and images and files
// Anthropic would refuse, by their description). Anthropic refuses a text
// block that is empty or only white space, so such text is left out, and a
// tool_result with nothing to say has no content. The base64 data of
// images and documents sent inline are taken from budget: past it, they
// go by their description too.
func resultContent(res *runtime.Result, budget *inlineBudget) ([]anthropic.ToolResultBlockParamContentUnion, bool) {
	var out []anthropic.ToolResultBlockParamContentUnion
	text := func(s string) {
		if strings.TrimSpace(s) != "" {
			out = append(out, anthropic.ToolResultBlockParamContentUnion{OfText: &anthropic.TextBlockParam{Text: s}})
		}
	}
	content, ok := res.Data.(runtime.Content)
	switch {
	case !res.Success:
		if strings.TrimSpace(res.Error) == "" {
			text(unexplained)
		} else {
			text(res.Error)
		}
		return out, false
	case !ok:
		text(res.Output)
		if res.Data != nil && !res.Structured {
			// A structured result made by hand, without its JSON in
			// Output.
			data, err := marshal(res.Data)
			if err != nil {
				return []anthropic.ToolResultBlockParamContentUnion{{OfText: &anthropic.TextBlockParam{Text: unencodable}}}, false
			}
			text(string(data))
		}
		return out, true
	}
	for _, p := range content {
		switch {
		case p.Type == runtime.PartText:
			text(p.Text)
		case p.Type == runtime.PartImage && p.URL != "" && imageURL(p):
			out = append(out, anthropic.ToolResultBlockParamContentUnion{OfImage: &anthropic.ImageBlockParam{
				Source: anthropic.ImageBlockParamSourceUnion{OfURL: &anthropic.URLImageSourceParam{URL: p.URL}},
			}})
		case p.Type == runtime.PartImage && len(p.Data) > 0 && anthropicImageType(p.MIMEType) && imageFits(p.Data) &&
			base64.StdEncoding.EncodedLen(len(p.Data)) <= maxImageBase64 && budget.take(base64.StdEncoding.EncodedLen(len(p.Data))):
			out = append(out, anthropic.ToolResultBlockParamContentUnion{OfImage: &anthropic.ImageBlockParam{
				Source: anthropic.ImageBlockParamSourceUnion{OfBase64: &anthropic.Base64ImageSourceParam{
					MediaType: anthropic.Base64ImageSourceMediaType(imageType(p)),
					Data:      base64.StdEncoding.EncodeToString(p.Data),
				}},
			}})
		default:
			if doc := document(p, budget); doc != nil {
				out = append(out, anthropic.ToolResultBlockParamContentUnion{OfDocument: doc})
				continue
			}
			text(runtime.Content{p}.String())
		}
	}
	return out, true
}

// maxDocumentBase64 is the longest data of a document sent as a block:
// the Messages API takes requests of at most 32 MB, PDFs included, so a
// longer PDF (as base64) or plain text fails the request, and every later
// one, as the tool_result stays in the conversation. Such a file goes by
// its description. maxRequestBase64 is what the inline media of the
// answers to one message's tool uses, which go back in one request, may
// take together, for the same reason.
const (
	maxDocumentBase64 = 32 << 20
	maxRequestBase64  = 32 << 20
)

// inlineBudget is how many bytes of base64 media the answers being made
// may still send inline.
type inlineBudget int

// take takes n bytes from b, if it has them.
func (b *inlineBudget) take(n int) bool {
	if n > int(*b) {
		return false
	}
	*b -= inlineBudget(n)
	return true
}

// document is the document block of a file part that Anthropic takes as
// one, or nil: a PDF, by its bytes (base64, within maxDocumentBase64) or
// at an http(s) URL, and plain text (text/plain, in UTF-8, not empty or
// only white space, within maxDocumentBase64). The file's name is the
// document's title. Other files (Word, HTML, CSV, a text in another
// charset), which a document block cannot hold, go by their description.
func document(p runtime.Part, budget *inlineBudget) *anthropic.DocumentBlockParam {
	if p.Type != runtime.PartFile {
		return nil
	}
	mediaType, params, err := mime.ParseMediaType(p.MIMEType)
	if err != nil {
		return nil
	}
	var source anthropic.DocumentBlockParamSourceUnion
	switch {
	case mediaType == "application/pdf" && p.URL != "":
		if !webURL(p.URL) {
			return nil
		}
		source.OfURL = &anthropic.URLPDFSourceParam{URL: p.URL}
	case mediaType == "application/pdf" && len(p.Data) > 0 &&
		base64.StdEncoding.EncodedLen(len(p.Data)) <= maxDocumentBase64 && budget.take(base64.StdEncoding.EncodedLen(len(p.Data))):
		source.OfBase64 = &anthropic.Base64PDFSourceParam{Data: base64.StdEncoding.EncodeToString(p.Data)}
	case mediaType == "text/plain" && p.URL == "" && len(p.Data) <= maxDocumentBase64 &&
		(params["charset"] == "" || strings.EqualFold(params["charset"], "utf-8")) &&
		utf8.Valid(p.Data) && len(bytes.TrimSpace(p.Data)) > 0 && budget.take(len(p.Data)):
		source.OfText = &anthropic.PlainTextSourceParam{Data: string(p.Data)}
	default:
		return nil
	}
	doc := &anthropic.DocumentBlockParam{Source: source}
	if title := strings.TrimSpace(strings.ToValidUTF8(p.Name, "\uFFFD")); title != "" {
		doc.Title = param.NewOpt(title)
	}
	return doc
}

// imageURL reports whether the image p at a URL goes as an image block:
// at an http(s) URL, which the API can fetch, and of an image type it takes,
// or of none said. Any other (a file: or relative URL, an SVG) would fail
// the request, and every later one, as the tool_result stays in the
// conversation.
func imageURL(p runtime.Part) bool {
	if !webURL(p.URL) {
		return false
	}
	if p.MIMEType == "" {
		return true
	}
	mediaType, _, err := mime.ParseMediaType(p.MIMEType)
	return err == nil && anthropicImageType(mediaType)
}

// webURL reports whether u is an absolute http or https URL, which the API
// can fetch.
func webURL(u string) bool {
	parsed, err := url.Parse(u)
	return err == nil && (parsed.Scheme == "https" || parsed.Scheme == "http") && parsed.Host != ""
}

// marshal is v as JSON, without the escapes of <, > and & (as the runtime
// writes results); a panic of v's MarshalJSON is an error.
func marshal(v any) (data []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("anthropictools: encoding the result panicked: %v", r)
		}
	}()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// maxImageBase64 is the longest base64 data of an image Anthropic takes:
// a longer one fails the request ("image exceeds 5 MB maximum"), and as
// the tool_result stays in the conversation, every later one too. Such an
// image goes by its description.
const maxImageBase64 = 5 << 20

// anthropicImageType reports whether Anthropic takes images of media type
// t as base64 data: JPEG, PNG, GIF and WebP. Others (SVG, BMP, none) would
// fail the next request with a 400, so they go by their description.
func anthropicImageType(t string) bool {
	switch anthropic.Base64ImageSourceMediaType(t) {
	case anthropic.Base64ImageSourceMediaTypeImageJPEG, anthropic.Base64ImageSourceMediaTypeImagePNG,
		anthropic.Base64ImageSourceMediaTypeImageGIF, anthropic.Base64ImageSourceMediaTypeImageWebP:
		return true
	}
	return false
}

// imageType is the media type an image sent by its bytes goes with: the
// type its bytes are of, when that is another that Anthropic takes than
// p's media type says (a JPEG labelled image/png), since the API refuses
// an image that does not match its media type; otherwise p's.
func imageType(p runtime.Part) string {
	sniffed := http.DetectContentType(p.Data)
	if sniffed != p.MIMEType && anthropicImageType(sniffed) {
		return sniffed
	}
	return p.MIMEType
}

// maxImageSide is the most pixels an image Anthropic takes may be wide or
// high: a larger one fails the request ("image dimensions exceed max
// allowed size"), and every later one, as the tool_result stays in the
// conversation. Such an image goes by its description.
const maxImageSide = 8000

// imageFits reports whether the image data are within maxImageSide on
// each side, as far as their header tells (PNG, JPEG, GIF, WebP); data
// whose size it cannot read (not an image it knows) are let through.
func imageFits(data []byte) bool {
	var decode func(io.Reader) (image.Config, error)
	switch http.DetectContentType(data) {
	case "image/png":
		decode = png.DecodeConfig
	case "image/jpeg":
		decode = jpeg.DecodeConfig
	case "image/gif":
		decode = gif.DecodeConfig
	case "image/webp":
		decode = webp.DecodeConfig
	default:
		return true
	}
	config, err := decode(bytes.NewReader(data))
	return err != nil || config.Width <= maxImageSide && config.Height <= maxImageSide
}
