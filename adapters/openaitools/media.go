package openaitools

import (
	"encoding/base64"
	"mime"
	"net/url"
	"strings"

	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"github.com/toolgen-go/toolgen/runtime"
)

// The limits of the Responses API on the media of one request, as OpenAI's
// guides state them: images of at most 20 MB each, 500 of them and 50 MB
// of image bytes in all ("Image input requirements"); files of at most
// 32 MB in all ("File inputs"). A function_call_output stays in the
// conversation, so media past them would fail every later request: such
// media go by their descriptions. The answers of one call of
// ExecuteResponse share them; media of earlier turns are not counted.
const (
	maxImageBytes      = 20_000_000
	maxImages          = 500
	maxTotalImageBytes = 50_000_000
	maxTotalFileBytes  = 32_000_000
)

// mediaBudget counts the media the answers of one ExecuteResponse hold.
type mediaBudget struct {
	images, imageBytes, fileBytes int
}

// imageTypes are the media types of the images the Responses API takes:
// PNG, JPEG, WebP and non-animated GIF ("Image input requirements").
var imageTypes = map[string]bool{
	"image/png":  true,
	"image/jpeg": true,
	"image/webp": true,
	"image/gif":  true,
}

// fileTypes are the media types of the files input_file takes, among those
// OpenAI's "File inputs" guide lists as accepted (PDF; text and code: .txt,
// .md, .json, .html, .xml; rich documents: .doc, .docx, .rtf, .odt;
// presentations: .ppt, .pptx; spreadsheets: .csv, .xls, .xlsx), each with
// the extension its file name is given: the API requires a filename with
// file_data.
var fileTypes = map[string]string{
	"application/pdf":    ".pdf",
	"text/plain":         ".txt",
	"text/markdown":      ".md",
	"application/json":   ".json",
	"text/html":          ".html",
	"application/xml":    ".xml",
	"text/xml":           ".xml",
	"text/csv":           ".csv",
	"application/msword": ".doc",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
	"application/rtf": ".rtf",
	"text/rtf":        ".rtf",
	"application/vnd.oasis.opendocument.text":                                   ".odt",
	"application/vnd.ms-powerpoint":                                             ".ppt",
	"application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
	"application/vnd.ms-excel":                                                  ".xls",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":         ".xlsx",
}

// outputItems is the output of a function_call_output that answers with
// res's multimodal content, or nil if res is not a success with content
// that holds media the API takes (see ExecuteResponse): it is then
// answered with its JSON. The media sent are taken from b.
func outputItems(res *runtime.Result, b *mediaBudget) responses.ResponseFunctionCallOutputItemListParam {
	content, ok := res.Data.(runtime.Content)
	if !res.Success || !ok {
		return nil
	}
	items := make(responses.ResponseFunctionCallOutputItemListParam, 0, len(content))
	spent := *b
	media := false
	for _, p := range content {
		if p.Type == runtime.PartText {
			if p.Text != "" {
				items = append(items, responses.ResponseFunctionCallOutputItemParamOfInputText(p.Text))
			}
			continue
		}
		if item, ok := spent.take(p); ok {
			items = append(items, item)
			media = true
			continue
		}
		items = append(items, responses.ResponseFunctionCallOutputItemParamOfInputText(runtime.Content{p}.String()))
	}
	if !media {
		return nil
	}
	*b = spent
	return items
}

// take returns the item that carries the media of p, and takes their share
// of b, or false if the API would not take them in a function_call_output:
// a part of another kind (audio, video), of a media type the API does not
// take, without data or an http(s) URL, or past the limits.
func (b *mediaBudget) take(p runtime.Part) (responses.ResponseFunctionCallOutputItemUnionParam, bool) {
	var none responses.ResponseFunctionCallOutputItemUnionParam
	mediaType := ""
	if p.MIMEType != "" {
		t, _, err := mime.ParseMediaType(p.MIMEType)
		if err != nil {
			return none, false
		}
		mediaType = t
	}
	switch p.Type {
	case runtime.PartImage:
		if p.URL != "" {
			// The API fetches the image: a media type, if given, must be
			// one it takes.
			if !webURL(p.URL) || mediaType != "" && !imageTypes[mediaType] || b.images+1 > maxImages {
				return none, false
			}
			b.images++
			return responses.ResponseFunctionCallOutputItemUnionParam{OfInputImage: &responses.ResponseInputImageContentParam{
				ImageURL: param.NewOpt(p.URL),
			}}, true
		}
		if !imageTypes[mediaType] || len(p.Data) == 0 || len(p.Data) > maxImageBytes ||
			b.images+1 > maxImages || b.imageBytes+len(p.Data) > maxTotalImageBytes ||
			mediaType == "image/gif" && gifFrames(p.Data) != 1 {
			return none, false
		}
		b.images++
		b.imageBytes += len(p.Data)
		return responses.ResponseFunctionCallOutputItemUnionParam{OfInputImage: &responses.ResponseInputImageContentParam{
			ImageURL: param.NewOpt(dataURL(mediaType, p.Data)),
		}}, true
	case runtime.PartFile:
		if p.URL != "" {
			if !webURL(p.URL) || mediaType != "" && fileTypes[mediaType] == "" {
				return none, false
			}
			return responses.ResponseFunctionCallOutputItemUnionParam{OfInputFile: &responses.ResponseInputFileContentParam{
				FileURL: param.NewOpt(p.URL),
			}}, true
		}
		ext := fileTypes[mediaType]
		if ext == "" || len(p.Data) == 0 || b.fileBytes+len(p.Data) > maxTotalFileBytes {
			return none, false
		}
		b.fileBytes += len(p.Data)
		return responses.ResponseFunctionCallOutputItemUnionParam{OfInputFile: &responses.ResponseInputFileContentParam{
			FileData: param.NewOpt(dataURL(mediaType, p.Data)),
			Filename: param.NewOpt(fileName(p.Name, ext)),
		}}, true
	}
	return none, false
}

// dataURL is data of the media type t as a base64 data URL, the form
// image_url and file_data take media by their bytes in.
func dataURL(t string, data []byte) string {
	return "data:" + t + ";base64," + base64.StdEncoding.EncodeToString(data)
}

// fileName is the file name of a file part named name whose media type has
// the extension ext: the name, with ext added if it does not end with it
// (the API reads a file's type from its name's extension), or "file" and
// ext for a part without a name.
func fileName(name, ext string) string {
	name = strings.TrimSpace(strings.ToValidUTF8(name, "\uFFFD"))
	if name == "" {
		return "file" + ext
	}
	if !strings.HasSuffix(strings.ToLower(name), ext) {
		name += ext
	}
	return name
}

// webURL reports whether u is an absolute http or https URL, which the API
// can fetch.
func webURL(u string) bool {
	parsed, err := url.Parse(u)
	return err == nil && (parsed.Scheme == "https" || parsed.Scheme == "http") && parsed.Host != ""
}

// gifFrames counts the images of the GIF data, walking its blocks without
// decoding them, or returns 0 if data is not a whole GIF. The API takes
// non-animated GIFs: one image.
func gifFrames(data []byte) int {
	if len(data) < 13 || string(data[:3]) != "GIF" {
		return 0
	}
	i := 13
	if flags := data[10]; flags&0x80 != 0 {
		i += 3 << (flags&7 + 1) // the global color table
	}
	// subBlocks skips the data sub-blocks at i, up to their terminator.
	subBlocks := func(i int) int {
		for i < len(data) {
			n := int(data[i])
			i++
			if n == 0 {
				return i
			}
			i += n
		}
		return -1
	}
	frames := 0
	for i < len(data) {
		switch data[i] {
		case 0x21: // an extension: its label, then its sub-blocks
			if i += 2; i > len(data) {
				return 0
			}
			if i = subBlocks(i); i < 0 {
				return 0
			}
		case 0x2C: // an image: its descriptor, color table, LZW code size and data
			if i+10 > len(data) {
				return 0
			}
			flags := data[i+9]
			i += 10
			if flags&0x80 != 0 {
				i += 3 << (flags&7 + 1)
			}
			if i++; i > len(data) {
				return 0
			}
			if i = subBlocks(i); i < 0 {
				return 0
			}
			frames++
		case 0x3B: // the trailer
			return frames
		default:
			return 0
		}
	}
	return 0
}
