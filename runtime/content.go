package runtime

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Content is the multimodal result of a tool: text, images, audio, video
// and files, in order. A tool whose function returns Content is an
// [EnhancedTool]: the Result of a call holds the Content in Data, and
// describes it in Output as text, for a channel that carries only text.
type Content []Part

// PartType is the kind of a [Part].
type PartType string

// The kinds of parts.
const (
	PartText  PartType = "text"
	PartImage PartType = "image"
	PartAudio PartType = "audio"
	PartVideo PartType = "video"
	PartFile  PartType = "file"
)

// Part is one part of [Content]: text, or media given by their bytes or by
// a URL. Make parts with [TextPart] and [MediaPart], or as literals.
type Part struct {
	Type PartType `json:"type"`
	// Text is the text of a text part.
	Text string `json:"text,omitempty"`
	// MIMEType is the media type of the part's data, such as "image/png".
	MIMEType string `json:"mime_type,omitempty"`
	// Data holds the media, unless URL says where they are.
	Data []byte `json:"data,omitempty"`
	// URL is where the media are, instead of Data.
	URL string `json:"url,omitempty"`
	// Name is a file's name.
	Name string `json:"name,omitempty"`
}

// TextPart returns a part of text.
func TextPart(text string) Part { return Part{Type: PartText, Text: text} }

// MediaPart returns media of kind t (PartImage, PartAudio, PartVideo or
// PartFile) given by their bytes and media type, such as image/png. Media
// found at a URL, or a file with a name, are a Part literal:
// Part{Type: PartVideo, MIMEType: "video/mp4", URL: u}.
func MediaPart(t PartType, mimeType string, data []byte) Part {
	return Part{Type: t, MIMEType: mimeType, Data: data}
}

// String describes c as text: its text parts as they are, each other part
// as a bracketed note of what it is, one part a line.
func (c Content) String() string {
	var b strings.Builder
	for i, p := range c {
		if i > 0 {
			b.WriteByte('\n')
		}
		if p.Type == PartText {
			b.WriteString(p.Text)
			continue
		}
		kind := string(p.Type)
		if kind == "" {
			kind = "part"
		}
		b.WriteString("[" + kind)
		if p.Name != "" {
			b.WriteString(" " + label(p.Name))
		}
		if p.MIMEType != "" {
			b.WriteString(", " + label(p.MIMEType))
		}
		if p.URL != "" {
			b.WriteString(", at " + label(p.URL))
		} else if p.Data != nil {
			fmt.Fprintf(&b, ", %d bytes", len(p.Data))
		}
		b.WriteByte(']')
	}
	return b.String()
}

// label is s as a part's description writes it: quoted, as Go quotes
// strings, if it holds a bracket, a quote, a backslash or a character
// that is not printable (a newline), so that a name taken from data (a
// file's) cannot end the description and write lines of its own.
func label(s string) string {
	for _, r := range s {
		if r == '[' || r == ']' || r == '"' || r == '\\' || !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// EnhancedTool is a tool whose result is multimodal [Content]: each call's
// Result holds the Content in Data, and its text description in Output.
// Adapters that carry media (MCP, Eino's enhanced tools) send the parts;
// those of the OpenAI Responses API, Anthropic and Gemini send the media
// their APIs take in a tool result, and describe the others; the rest
// send the description.
type EnhancedTool interface {
	InvokableTool
	// Multimodal marks the kind of tool; it does nothing.
	Multimodal()
}
