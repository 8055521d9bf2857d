package streams

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toolgen-go/toolgen/runtime"
)

func compile(t *testing.T, name string, schema json.RawMessage) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("mem://"+name, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://" + name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(s *jsonschema.Schema, text string) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(text)))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// A streamable tool's Output describes one chunk; its wrapper, the array of
// a whole call's chunks as {"result": [...]}. A stream of strings has none.
func TestStreamOutputSchemas(t *testing.T) {
	if spellInfo.Output != nil || spellInfo.OutputWrapper != nil {
		t.Errorf("spell streams text, yet has an output schema")
	}
	if runJobInfo.OutputObject {
		t.Errorf("run_job's whole result is an array, not an object")
	}
	chunk, whole := compile(t, "chunk", runJobInfo.Output), compile(t, "wrapper", runJobInfo.OutputWrapper)
	approve := func(ctx context.Context, call runtime.Call) (bool, error) { return true, nil }
	reg := runtime.NewRegistry(&runtime.Settings{Approver: approve})
	if err := reg.Register(Tools(&Runner{Prefix: "."})...); err != nil {
		t.Fatal(err)
	}
	for steps := 1; steps <= 10; steps++ {
		res, err := reg.ExecuteStream(context.Background(), "run_job", json.RawMessage(fmt.Sprintf(`{"steps":%d}`, steps)), func(c runtime.Chunk) {
			if err := validate(chunk, c.Text); err != nil {
				t.Errorf("chunk %s: %v", c.Text, err)
			}
		})
		if err != nil || !res.Success {
			t.Fatalf("%v %+v", err, res)
		}
		if err := validate(whole, `{"result":`+res.Output+`}`); err != nil {
			t.Errorf("result %s: %v", res.Output, err)
		}
		if validate(chunk, res.Output) == nil {
			t.Errorf("the chunk schema takes the whole result %s", res.Output)
		}
	}
}
