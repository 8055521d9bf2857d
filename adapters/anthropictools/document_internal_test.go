package anthropictools

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2"
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
	blocks, ok := resultContent(&runtime.Result{Success: true, Output: content.String(), Data: content}, fullBudget())
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
	blocks, _ := resultContent(&runtime.Result{Success: true, Output: content.String(), Data: content}, fullBudget())
	if len(blocks) != 3 || blocks[0].OfDocument == nil || blocks[1].OfDocument != nil || blocks[2].OfDocument != nil {
		t.Errorf("got %d blocks; want a document, then two descriptions", len(blocks))
	}
}

func fullBudget() *inlineBudget {
	b := inlineBudget(maxRequestBase64)
	return &b
}

// twoPDFs is a multimodal tool written by hand whose result holds two PDFs
// of 20 MiB of base64 each.
type twoPDFs struct{}

func (twoPDFs) Info() *runtime.Info {
	return &runtime.Info{Name: "pdfs", Description: "Returns two PDFs.", Parameters: json.RawMessage(`{"type":"object"}`)}
}

func (twoPDFs) Multimodal() {}

func (twoPDFs) Invoke(ctx context.Context, args json.RawMessage) (runtime.Result, error) {
	pdf := bytes.Repeat([]byte{1}, 15<<20)
	content := runtime.Content{
		{Type: runtime.PartFile, Name: "a.pdf", MIMEType: "application/pdf", Data: pdf},
		{Type: runtime.PartFile, Name: "b.pdf", MIMEType: "application/pdf", Data: pdf},
	}
	return runtime.Result{Success: true, Output: content.String(), Data: content}, nil
}

// The answers to one message's tool uses go back in one request, whose
// 32 MB hold their inline media together: two PDFs of 20 MiB of base64
// each, in one result or in two calls' results, send the first as a
// document and the rest by their descriptions.
func TestDocumentsShareRequest(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(twoPDFs{}); err != nil {
		t.Fatal(err)
	}
	var uses []anthropic.ContentBlockUnion
	if err := json.Unmarshal([]byte(`[{"type":"tool_use","id":"a","name":"pdfs","input":{}},{"type":"tool_use","id":"b","name":"pdfs","input":{}}]`), &uses); err != nil {
		t.Fatal(err)
	}
	blocks, err := Execute(context.Background(), reg, uses)
	if err != nil {
		t.Fatal(err)
	}
	var documents, descriptions int
	for _, b := range blocks {
		for _, c := range b.OfToolResult.Content {
			switch {
			case c.OfDocument != nil:
				documents++
			case c.OfText != nil && strings.HasPrefix(c.OfText.Text, "[file "):
				descriptions++
			}
		}
	}
	if documents != 1 || descriptions != 3 {
		t.Errorf("%d documents and %d descriptions; want 1 and 3", documents, descriptions)
	}
}
