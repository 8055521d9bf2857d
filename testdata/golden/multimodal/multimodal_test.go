package multimodal

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestChart(t *testing.T) {
	tool := Tools()[0]
	if _, ok := tool.(runtime.EnhancedTool); !ok {
		t.Fatal("chart is not an EnhancedTool")
	}
	res, err := tool.(runtime.InvokableTool).Invoke(context.Background(), json.RawMessage(`{"title":"Sales","values":[1,2]}`))
	if err != nil || !res.Success {
		t.Fatalf("got %+v, %v", res, err)
	}
	content, ok := res.Data.(runtime.Content)
	if !ok || len(content) != 2 || content[1].Type != runtime.PartImage || content[1].MIMEType != "image/png" {
		t.Errorf("Data = %#v", res.Data)
	}
	if res.Output != "Sales\n[image, image/png, 8 bytes]" {
		t.Errorf("Output = %q", res.Output)
	}
	res, _ = tool.(runtime.InvokableTool).Invoke(context.Background(), json.RawMessage(`{"title":"Sales","values":[]}`))
	if res.Success || res.Error != "a chart needs at least one value" {
		t.Errorf("no values: %+v", res)
	}
}
