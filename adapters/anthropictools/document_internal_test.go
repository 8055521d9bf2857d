package anthropictools

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/toolgen-go/toolgen/runtime"
)

// TestResultContentDocuments checks the tool_result the adapter sends for
// files, as the wire JSON of the request: a PDF by its bytes or at a URL
// and a plain text file in UTF-8 go as document blocks (the SDK's
// DocumentBlockParam, which ToolResultBlockParamContentUnion holds), titled
// with the file's name; every file a document block cannot hold, or that
// the API would refuse, goes by its description.
func TestResultContentDocuments(t *testing.T) {
	pdf := []byte("%PDF-1.4")
	content := runtime.Content{
		runtime.TextPart("The report:"),
		{Type: runtime.PartFile, Name: "report.pdf", MIMEType: "application/pdf", Data: pdf},
		{Type: runtime.PartFile, MIMEType: "application/pdf", URL: "https://example.com/a.pdf"},
		{Type: runtime.PartFile, Name: "notes.txt", MIMEType: "text/plain; charset=utf-8", Data: []byte("meow")},
		// Refused or not a document: as their descriptions.
		{Type: runtime.PartFile, Name: "a.docx", MIMEType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", Data: []byte("PK")},
		{Type: runtime.PartFile, Name: "latin1.txt", MIMEType: "text/plain; charset=iso-8859-1", Data: []byte("caf\xe9")},
		{Type: runtime.PartFile, Name: "bad.txt", MIMEType: "text/plain", Data: []byte("caf\xe9")},
		{Type: runtime.PartFile, Name: "blank.txt", MIMEType: "text/plain", Data: []byte(" \n")},
		{Type: runtime.PartFile, MIMEType: "text/plain", URL: "https://example.com/a.txt"},
		{Type: runtime.PartFile, MIMEType: "application/pdf", URL: "file:///etc/a.pdf"},
		{Type: runtime.PartFile, Name: "empty.pdf", MIMEType: "application/pdf"},
		{Type: runtime.PartImage, MIMEType: "application/pdf", Data: pdf},
		{Type: runtime.PartFile, Data: pdf},
	}
	blocks, ok := resultContent(&runtime.Result{Success: true, Output: content.String(), Data: content})
	if !ok {
		t.Fatal("a successful result made a failed tool_result")
	}
	data, err := json.Marshal(blocks)
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal([]byte(`[
{"type":"text","text":"The report:"},
{"type":"document","title":"report.pdf","source":{"type":"base64","media_type":"application/pdf","data":"JVBERi0xLjQ="}},
{"type":"document","source":{"type":"url","url":"https://example.com/a.pdf"}},
{"type":"document","title":"notes.txt","source":{"type":"text","media_type":"text/plain","data":"meow"}},
{"type":"text","text":"[file a.docx, application/vnd.openxmlformats-officedocument.wordprocessingml.document, 2 bytes]"},
{"type":"text","text":"[file latin1.txt, text/plain; charset=iso-8859-1, 4 bytes]"},
{"type":"text","text":"[file bad.txt, text/plain, 4 bytes]"},
{"type":"text","text":"[file blank.txt, text/plain, 2 bytes]"},
{"type":"text","text":"[file, text/plain, at https://example.com/a.txt]"},
{"type":"text","text":"[file, application/pdf, at file:///etc/a.pdf]"},
{"type":"text","text":"[file empty.pdf, application/pdf]"},
{"type":"text","text":"[image, application/pdf, 8 bytes]"},
{"type":"text","text":"[file, 8 bytes]"}]`), &want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("tool_result content (-want +got):\n%s", diff)
	}
}

// A PDF whose base64 is over the 32 MiB the Messages API takes in a
// request goes by its description: as a document it would fail this
// request and every later one.
func TestDocumentOverLimit(t *testing.T) {
	fits := bytes.Repeat([]byte{1}, maxDocumentBase64/4*3)
	over := bytes.Repeat([]byte{1}, maxDocumentBase64/4*3+1)
	content := runtime.Content{
		{Type: runtime.PartFile, MIMEType: "application/pdf", Data: fits},
		{Type: runtime.PartFile, MIMEType: "application/pdf", Data: over},
		{Type: runtime.PartFile, MIMEType: "text/plain", Data: []byte(strings.Repeat("a", maxDocumentBase64+1))},
	}
	blocks, _ := resultContent(&runtime.Result{Success: true, Output: content.String(), Data: content})
	if len(blocks) != 3 || blocks[0].OfDocument == nil || blocks[1].OfDocument != nil || blocks[2].OfDocument != nil {
		t.Errorf("got %d blocks; want a document, then two descriptions", len(blocks))
	}
}
