package grammar

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

func registry(t *testing.T) *runtime.Registry {
	t.Helper()
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools()...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestDescriptionTags checks that go-sdk style tags are descriptions, kept
// exactly, and invopop tags are keywords.
func TestDescriptionTags(t *testing.T) {
	var schema struct {
		Properties map[string]struct {
			Description string `json:"description"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	if err := json.Unmarshal(planTripInfo.Parameters, &schema); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"city":   "the city, e.g. Paris (or nyc=New York)",
		"seat":   "window | aisle | any",
		"since":  "include trips with updated_at >= this time",
		"quoted": `say "hello": then wait`,
		"tags":   "labels, at most 3",
		"note":   "a free-form note",
		"mode":   "how to travel",
		"status": "Filter by status (open, closed, any)",
		"dir":    "Absolute path (e.g., /home/x)",
	}
	for name, desc := range want {
		if got := schema.Properties[name].Description; got != desc {
			t.Errorf("%s: description %q, want %q", name, got, desc)
		}
	}
	if !reflect.DeepEqual(schema.Required, []string{"city", "tags", "dir"}) {
		t.Errorf("required %v", schema.Required)
	}
}

// TestSelfDecoding checks that types with their own UnmarshalJSON are
// checked against the schema their shape implies and then decoded by
// their method, as encoding/json decodes them.
// TestSpacedKeywords: keywords after a comma and a space are keywords, as
// their authors meant, where invopop would ignore them.
func TestSpacedKeywords(t *testing.T) {
	reg := registry(t)
	res, err := reg.Execute(context.Background(), "plan_trip", json.RawMessage(`{"city":"x","tags":[],"code":"abcd","status":"done","dir":""}`))
	if err != nil {
		t.Fatal(err)
	}
	want := `invalid arguments: /code: must be at most 3 characters long, got 4; /dir: must be at least 1 character long, got 0; /status: must be one of "open", "closed", "any"; got "done"`
	if res.Error != want {
		t.Errorf("got  %s\nwant %s", res.Error, want)
	}
}

func TestSelfDecoding(t *testing.T) {
	reg := registry(t)
	ctx := context.Background()
	args := `{"span":{"from":9,"to":2},"spans":[{"from":5,"to":1}],"owner":"ANN","names":["Bo","CY"],"level":"high","amount":7,"parts":["3","4"]}`
	res, err := reg.Execute(ctx, "run_query", json.RawMessage(args))
	if err != nil || !res.Success {
		t.Fatalf("%+v %v", res, err)
	}
	var want Query
	if err := json.Unmarshal([]byte(args), &want); err != nil {
		t.Fatal(err)
	}
	if got := res.Data.(Query); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if got := res.Data.(Query); got.Span != (Range{2, 9}) || *got.Owner != "ann" || got.Level != 2 {
		t.Errorf("the types' own methods did not run: %+v", got)
	}

	res, err = reg.Execute(ctx, "open_window", json.RawMessage(`{"start":5}`))
	if err != nil || !res.Success || res.Data.(Window) != (Window{5, 15}) {
		t.Fatalf("open_window: %+v %v", res, err)
	}

	for _, c := range []struct{ tool, args, want string }{
		{"run_query", `{"span":{"from":-1,"to":2,"x":1}}`, `/span/from: must be at least 0, got -1; /span/x: unknown field`},
		{"run_query", `{"span":{"from":1}}`, `/span/to: required field is missing`},
		{"run_query", `{"span":{"from":1,"to":2},"owner":""}`, `/owner: must not be empty`},
		{"run_query", `{"span":{"from":1,"to":2},"owner":5}`, `/owner: must be a string, got number`},
		{"run_query", `{"span":{"from":1,"to":2},"level":"mid"}`, `/level: want low or high`},
		{"run_query", `{"span":{"from":1,"to":2},"amount":"5"}`, `/amount: must be an integer, got string`},
		{"open_window", `{"start":"5"}`, `/start: must be an integer, got string`},
		{"open_window", `[1]`, `must be an object, got array`},
	} {
		res, err := reg.Execute(ctx, c.tool, json.RawMessage(c.args))
		if err != nil || res.Success || !strings.Contains(res.Error, c.want) {
			t.Errorf("%s %s: got %q, want it to contain %q", c.tool, c.args, res.Error, c.want)
		}
	}
}

// TestSelfDecodingLenient checks that a lenient registry checks a value
// whose type decodes itself strictly, then, where the check refuses it,
// hands it to the type's own method all the same: a value the method
// takes is taken (Flexible reads "5" as 5), and where the method refuses
// it too, the model learns from the check what to send.
func TestSelfDecodingLenient(t *testing.T) {
	reg := runtime.NewRegistry(&runtime.Settings{Lenient: true})
	if err := reg.Register(Tools()...); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tool, args, want string }{
		{"run_query", `{"span":{"from":"1","to":2}}`, `/span/from: must be an integer, got string`},
		{"open_window", `{"start":"3"}`, `/start: must be an integer, got string`},
	} {
		res, err := reg.Execute(context.Background(), c.tool, json.RawMessage(c.args))
		if err != nil || res.Success || !strings.Contains(res.Error, c.want) {
			t.Errorf("%s %s: got %q, want it to contain %q", c.tool, c.args, res.Error, c.want)
		}
	}
	args := json.RawMessage(`{"span":{"from":1,"to":2},"amount":"5","count":"7","tags":"a"}`)
	res, _ := reg.Execute(context.Background(), "run_query", args)
	if q, _ := res.Data.(Query); !res.Success || q.Amount.N != 5 || q.Count != 7 || len(q.Tags) != 1 || q.Tags[0] != "a" {
		t.Errorf("run_query lenient, %s: %+v", args, res)
	}
	res, _ = reg.Execute(context.Background(), "run_query", json.RawMessage(`{"span":{"from":1,"to":2},"amount":"x","count":"y","tags":5}`))
	if want := `invalid arguments: /amount: must be an integer, got string; /count: must be an integer, got string; /tags: must be an array, got number`; res.Error != want {
		t.Errorf("run_query lenient, values no method takes:\ngot  %s\nwant %s", res.Error, want)
	}
	strict := runtime.NewRegistry(nil)
	if err := strict.Register(Tools()...); err != nil {
		t.Fatal(err)
	}
	res, _ = strict.Execute(context.Background(), "run_query", json.RawMessage(`{"span":{"from":1,"to":2},"amount":"5"}`))
	if res.Success || !strings.Contains(res.Error, "/amount: must be an integer, got string") {
		t.Errorf("run_query strict, amount \"5\": %+v", res)
	}
	// Around such values, leniency holds.
	res, _ = reg.Execute(context.Background(), "plan_trip", json.RawMessage(`{"city":"Oslo","tags":"x","limit":"5","dir":"/"}`))
	if !res.Success {
		t.Errorf("plan_trip lenient: %s", res.Error)
	}
}
