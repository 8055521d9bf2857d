package randtypes

// driver is the test written into each random package: %s is the package
// name, %d the documents per tool, %s the table of targets.
const driver = `package %s

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toolgen-go/toolgen/internal/schematest"
	"github.com/toolgen-go/toolgen/runtime"
)

const docsPerTool = %d

func compileSchema(t *testing.T, name string, schema []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Errorf("%%s: not JSON: %%v\n%%s", name, err, schema)
		return nil
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	url := "mem://" + name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Errorf("%%s: %%v", name, err)
		return nil
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Errorf("%%s: does not compile: %%v\n%%s", name, err, schema)
		return nil
	}
	return s
}

// target calls the tool through a Registry, checks its result's encoding
// against encoding/json and the output schema, and returns the arguments
// the result holds.
func target[T, O any](t *testing.T, reg *runtime.Registry, info *runtime.Info, unwrap func(O) T) schematest.Target {
	out := compileSchema(t, info.Name+".output", info.Output)
	failures := 0
	fail := func(format string, args ...any) {
		failures++
		if failures <= 5 {
			t.Errorf(format, args...)
		}
	}
	return schematest.Target{
		Decode: func(args []byte) (any, error) {
			res, err := reg.Execute(context.Background(), info.Name, args)
			if err != nil {
				fail("%%s: %%s: Execute: %%v", info.Name, args, err)
				return nil, err
			}
			if !res.Success {
				if strings.HasPrefix(res.Error, "invalid arguments") {
					return nil, errors.New(res.Error)
				}
				fail("%%s: %%s: the tool failed: %%s (%%v)", info.Name, args, res.Error, res.Err)
				return nil, errors.New(res.Error)
			}
			o, ok := res.Data.(O)
			if !ok {
				fail("%%s: Data is %%T", info.Name, res.Data)
				return nil, errors.New("bad data")
			}
			// encoding/json with HTML escaping off, as documented.
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			err = enc.Encode(o)
			want := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
			if err != nil {
				fail("%%s: %%s: encoding/json cannot encode the result: %%v", info.Name, args, err)
			} else if string(want) != res.Output {
				fail("%%s: %%s: the result's encoding differs from encoding/json's:\n  got  %%s\n  want %%s", info.Name, args, res.Output, want)
			}
			if out != nil {
				inst, err := jsonschema.UnmarshalJSON(strings.NewReader(res.Output))
				if err != nil {
					fail("%%s: output %%s is not JSON: %%v", info.Name, res.Output, err)
				} else if err := out.Validate(inst); err != nil {
					fail("%%s: %%s: the result %%s does not match the output schema: %%v\n%%s", info.Name, args, res.Output, err, info.Output)
				}
			}
			v := unwrap(o)
			return &v, nil
		},
		New: func() any { return new(T) },
	}
}

var targets = map[string]func(t *testing.T, reg *runtime.Registry, info *runtime.Info) schematest.Target{
%s}

func TestRandom(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	tools := Tools()
	if err := reg.Register(tools...); err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools {
		info := tool.Info()
		for _, d := range []runtime.Dialect{runtime.Standard, runtime.OpenAI, runtime.Gemini, runtime.Anthropic} {
			if s := info.ParametersFor(d); s != nil {
				compileSchema(t, info.Name+"."+d.String(), s)
			}
		}
		if info.OutputWrapper != nil {
			compileSchema(t, info.Name+".wrapper", info.OutputWrapper)
		}
		mk := targets[info.Name]
		if mk == nil {
			t.Errorf("no target for %%s", info.Name)
			continue
		}
		r := schematest.Run(t, info.Name, info.Parameters, docsPerTool, mk(t, reg, info))
		r.Log(t)
		t.Logf("RANDTYPES %%s checked=%%d valid=%%d", info.Name, r.Checked, r.Valid)
	}
}
`
