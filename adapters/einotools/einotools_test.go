package einotools_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/schema"
	"github.com/google/go-cmp/cmp"
	"github.com/toolgen-go/toolgen/adapters/einotools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/shapes"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/internal/tooltest/extras"
	"github.com/toolgen-go/toolgen/runtime"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// registry returns the Eino tools of the weather example and tooltest, by
// name.
func registry(t *testing.T) map[string]tool.BaseTool {
	t.Helper()
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(append(weather.Tools(), tooltest.Tools()...)...); err != nil {
		t.Fatal(err)
	}
	tools, err := einotools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	byName := make(map[string]tool.BaseTool)
	for _, tl := range tools {
		info, err := tl.Info(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		byName[info.Name] = tl
	}
	return byName
}

func TestInfo(t *testing.T) {
	ctx := context.Background()
	byName := registry(t)
	info, _ := byName["get_forecast"].Info(ctx)
	if !strings.HasPrefix(info.Desc, "Returns the daily weather forecast") {
		t.Errorf("description %q", info.Desc)
	}
	// The schema Eino hands to models is the generated one.
	s, err := info.ParamsOneOf.ToJSONSchema()
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(s)
	var gotV, wantV any
	json.Unmarshal(got, &gotV)
	json.Unmarshal(weather.Tools()[0].Info().Parameters, &wantV)
	if diff := cmp.Diff(wantV, gotV); diff != "" {
		t.Errorf("schema (-generated +eino):\n%s", diff)
	}
	if _, ok := byName["words"].(tool.StreamableTool); !ok {
		t.Error("words is not an Eino StreamableTool")
	}
	if _, ok := byName["get_forecast"].(tool.StreamableTool); ok {
		t.Error("get_forecast is an Eino StreamableTool")
	}
}

func TestInvokableRun(t *testing.T) {
	ctx := context.Background()
	convert := registry(t)["convert_temperature"].(tool.InvokableTool)
	for _, c := range []struct{ args, want string }{
		{`{"value":100,"from":"celsius","to":"fahrenheit"}`, `{"success":true,"output":"100 celsius is 212 fahrenheit"}`},
		{`{"value":"hot"}`, `{"success":false,"error":"invalid arguments: /from: required field is missing; /to: required field is missing; /value: must be a number, got string"}`},
		{``, `{"success":false,"error":"invalid arguments: /from: required field is missing; /to: required field is missing; /value: required field is missing"}`},
	} {
		got, err := convert.InvokableRun(ctx, c.args)
		if err != nil || got != c.want {
			t.Errorf("%s:\ngot  %s, %v\nwant %s", c.args, got, err, c.want)
		}
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := convert.InvokableRun(canceled, `{"value":1,"from":"celsius","to":"celsius"}`); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
}

func read(t *testing.T, sr *schema.StreamReader[string], most int) (chunks []string, err error) {
	t.Helper()
	defer sr.Close()
	for range most {
		chunk, err := sr.Recv()
		if err == io.EOF {
			return chunks, nil
		}
		if err != nil {
			return chunks, err
		}
		chunks = append(chunks, chunk)
	}
	return chunks, nil
}

func TestStreamableRun(t *testing.T) {
	ctx := context.Background()
	words := registry(t)["words"].(tool.StreamableTool)
	for _, c := range []struct {
		args string
		want []string
	}{
		{`{"text":"one two"}`, []string{"one ", "two "}},
		{`{"text":"one ! two"}`, []string{"one ", "\n" + `{"success":false,"error":"cannot say !"}`}},
		{`{"text":1}`, []string{`{"success":false,"error":"invalid arguments: /text: must be a string, got number"}`}},
	} {
		sr, err := words.StreamableRun(ctx, c.args)
		if err != nil {
			t.Fatal(err)
		}
		got, err := read(t, sr, 100)
		if err != nil || !cmp.Equal(got, c.want) {
			t.Errorf("%s: got %q, %v; want %q", c.args, got, err, c.want)
		}
	}
	// A reader that stops early stops the tool: goleak checks that its
	// goroutine ends.
	sr, err := words.StreamableRun(ctx, `{"text":"forever"}`)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := read(t, sr, 3); len(got) != 3 {
		t.Errorf("forever: %q", got)
	}
}

// A stream of objects reads as JSON Lines, which is what Eino's ToolsNode
// gathers into the message the model reads: objects run together would
// not be JSON.
func TestStreamableRunObjects(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(shapes.Tools()...); err != nil {
		t.Fatal(err)
	}
	tools, err := einotools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range tools {
		info, _ := tl.Info(context.Background())
		if info.Name != "stream_cities" {
			continue
		}
		sr, err := tl.(tool.StreamableTool).StreamableRun(context.Background(), `{"prefix":"l"}`)
		if err != nil {
			t.Fatal(err)
		}
		got, err := read(t, sr, 10)
		want := []string{
			`{"name":"Lagos","country":"Nigeria","population":15.4}` + "\n",
			`{"name":"Lima","country":"Peru","population":10.1}` + "\n",
		}
		if err != nil || !cmp.Equal(got, want) {
			t.Errorf("got %q, %v; want %q", got, err, want)
		}
		for line := range strings.Lines(strings.Join(got, "")) {
			if !json.Valid([]byte(line)) {
				t.Errorf("line %q is not JSON", line)
			}
		}
		return
	}
	t.Fatal("no tool stream_cities")
}

func TestEnhanced(t *testing.T) {
	ctx := context.Background()
	look := registry(t)["look"].(tool.EnhancedInvokableTool)
	res, err := look.InvokableRun(ctx, &schema.ToolArgument{Text: `{}`})
	if err != nil {
		t.Fatal(err)
	}
	str := func(s string) *string { return &s }
	want := []schema.ToolOutputPart{
		{Type: schema.ToolPartTypeText, Text: "A cat:"},
		{Type: schema.ToolPartTypeImage, Image: &schema.ToolOutputImage{MessagePartCommon: schema.MessagePartCommon{MIMEType: "image/png", Base64Data: str("UE5H")}}},
		{Type: schema.ToolPartTypeAudio, Audio: &schema.ToolOutputAudio{MessagePartCommon: schema.MessagePartCommon{MIMEType: "audio/wav", Base64Data: str("UklGRg==")}}},
		{Type: schema.ToolPartTypeVideo, Video: &schema.ToolOutputVideo{MessagePartCommon: schema.MessagePartCommon{MIMEType: "video/mp4", URL: str("https://example.com/cat.mp4")}}},
		{Type: schema.ToolPartTypeFile, File: &schema.ToolOutputFile{MessagePartCommon: schema.MessagePartCommon{MIMEType: "text/plain", Base64Data: str("bWVvdw=="), Extra: map[string]any{"name": "cat.txt"}}}},
	}
	if diff := cmp.Diff(want, res.Parts); diff != "" {
		t.Errorf("parts (-want +got):\n%s", diff)
	}
	res, err = look.InvokableRun(ctx, &schema.ToolArgument{Text: `{"grumpy":true}`})
	if err != nil || len(res.Parts) != 1 || res.Parts[0].Text != `{"success":false,"error":"no cat"}` {
		t.Errorf("failure: %+v, %v", res, err)
	}
}

// The keys of jsonschema_extras ("order", "x-ui"), which
// jsonschema.Schema has no field for, reach Eino's schema, at every level:
// its Extras hold them.
func TestExtrasThroughEino(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(extras.Tools()...); err != nil {
		t.Fatal(err)
	}
	tools, err := einotools.Tools(reg)
	if err != nil {
		t.Fatal(err)
	}
	info, err := tools[0].Info(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	s, err := info.ParamsOneOf.ToJSONSchema()
	if err != nil {
		t.Fatal(err)
	}
	name, _ := s.Properties.Get("name")
	if name == nil || name.Extras["order"] != "1" || name.Extras["x-ui"] != "text" {
		t.Errorf("name's extras: %+v", name)
	}
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	json.Unmarshal(data, &got)
	json.Unmarshal(reg.Definitions()[0].Parameters, &want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("schema (-generated +eino):\n%s", diff)
	}
}
