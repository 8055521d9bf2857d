package outputs

import (
	"bytes"
	"encoding/json"
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"testing/quick"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toolgen-go/toolgen/runtime"
)

// validator compiles a schema (draft 2020-12, formats asserted) and
// returns a function that validates JSON text against it.
func validator(t *testing.T, name string, schema json.RawMessage) func(string) error {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("mem://"+name, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://" + name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return func(text string) error {
		v, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
		if err != nil {
			return err
		}
		return s.Validate(v)
	}
}

// TestOutputSchemasHoldEncodedResults writes thousands of random results
// with the generated encoders and requires each to be valid against its
// tool's output schema, and {"result": value} against its wrapper.
func TestOutputSchemasHoldEncodedResults(t *testing.T) {
	type check struct {
		info  *runtime.Info
		value func(rnd *rand.Rand) string
	}
	quickValue := func(typ reflect.Type, encode func(reflect.Value) string) func(*rand.Rand) string {
		return func(rnd *rand.Rand) string {
			for {
				v, ok := quick.Value(typ, rnd)
				if !ok {
					t.Fatalf("%s: cannot make values", typ)
				}
				if !hasNaN(v) {
					return encode(v)
				}
			}
		}
	}
	checks := []check{
		{&makeReportInfo, func(rnd *rand.Rand) string { return encoded(encodeReport, randomReport(rnd, 0)) }},
		{&levelsInfo, quickValue(reflect.TypeOf([]Level{}), func(v reflect.Value) string {
			if v.Len() == 0 {
				return encoded(encodeLevelsResult, nil) // null
			}
			return encoded(encodeLevelsResult, v.Interface().([]Level))
		})},
		{&scoresInfo, quickValue(reflect.TypeOf(map[string]float64{}), func(v reflect.Value) string {
			return encoded(encodeScoresResult, v.Interface().(map[string]float64))
		})},
		{&countInfo, quickValue(reflect.TypeOf(0), func(v reflect.Value) string { return encoded(encodeCountResult, v.Interface().(int)) })},
		{&stampInfo, func(rnd *rand.Rand) string {
			r := randomReport(rnd, 0)
			if r == nil {
				r = &Report{}
			}
			return want(t, r.When)
		}},
	}
	rnd := rand.New(rand.NewSource(2))
	for _, c := range checks {
		if c.info.OutputObject || c.info.Output == nil || c.info.OutputWrapper == nil {
			t.Fatalf("%s: want a non-object output with a wrapper", c.info.Name)
		}
		value := validator(t, c.info.Name, c.info.Output)
		wrapper := validator(t, c.info.Name+"-wrapper", c.info.OutputWrapper)
		for range 1000 {
			text := c.value(rnd)
			if err := value(text); err != nil {
				t.Fatalf("%s: %s is not valid against the output schema: %v", c.info.Name, text, err)
			}
			if err := wrapper(`{"result":` + text + `}`); err != nil {
				t.Fatalf("%s: {\"result\":%s} is not valid against the wrapper: %v", c.info.Name, text, err)
			}
		}
	}
	// Edge values: nil and empty everything.
	report := validator(t, "make_report", makeReportInfo.Output)
	for _, r := range []*Report{nil, {}, {Tags: []string{}, Counts: map[string]int{}, ByCode: map[Code]Inner{}, Raw: []byte{}}} {
		if text := encoded(encodeReport, r); report(text) != nil {
			t.Errorf("%s: %v", text, report(text))
		}
	}
	// What the schema refuses, the encoder never writes.
	for _, text := range []string{`{}`, `[]`, `{"code":1}`} {
		if report(text) == nil {
			t.Errorf("the output schema of make_report accepts %s", text)
		}
	}
}

// A result whose enum fields the function left at their zero values ("",
// 0) is valid against its output schema, which lists those too: a client
// that checks structured results against it must not reject it.
func TestOutputSchemaEnumZero(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools()...); err != nil {
		t.Fatal(err)
	}
	res, err := reg.Execute(t.Context(), "get_ticket", nil)
	if err != nil || !res.Success {
		t.Fatalf("%+v, %v", res, err)
	}
	tl, _ := reg.Lookup("get_ticket")
	if err := validator(t, "get_ticket", tl.Info().Output)(res.Output); err != nil {
		t.Errorf("result %s is not valid against its output schema %s: %v", res.Output, tl.Info().Output, err)
	}
}

// A pointer to a nil slice, map or RawMessage, which omitempty and
// omitzero do not leave out, is written as null, which the output schema
// allows.
func TestOutputSchemaPointerToNil(t *testing.T) {
	valid := validator(t, "get_sparse", getSparseInfo.Output)
	var list []string
	var dict map[string]int
	var raw json.RawMessage
	for _, s := range []Sparse{{}, {List: &list, Dict: &dict, Raw: &raw}, {List: &[]string{"a"}, Dict: &map[string]int{"k": 1}}} {
		text := want(t, s)
		if err := valid(text); err != nil {
			t.Errorf("%s is not valid against the output schema: %v", text, err)
		}
	}
}
