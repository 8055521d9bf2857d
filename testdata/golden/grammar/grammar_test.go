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
		{"run_query", `{"span":{"from":1,"to":2},"amount":"5"}`, `/amount: must be an integer, got the string "5": send 5, without quotes`},
		{"open_window", `{"start":"5"}`, `/start: must be an integer, got the string "5": send 5, without quotes`},
		{"open_window", `[1]`, `must be an object, got array`},
	} {
		res, err := reg.Execute(ctx, c.tool, json.RawMessage(c.args))
		if err != nil || res.Success || !strings.Contains(res.Error, c.want) {
			t.Errorf("%s %s: got %q, want it to contain %q", c.tool, c.args, res.Error, c.want)
		}
	}
}

// TestSelfDecodingLenient checks that a lenient registry checks a value
// whose type decodes itself strictly, and refuses what the check refuses:
// the check holds its schema's bounds, which the type's method need not
// ("7" would reach Count's method past minimum and maximum). A type whose
// tag states only its JSON type (Flexible, type=integer) takes a loose
// form there, handed to its method as it is: its schema says nothing
// more. After a value the check refused, the call stays lenient.
func TestSelfDecodingLenient(t *testing.T) {
	reg := runtime.NewRegistry(&runtime.Settings{Lenient: true})
	if err := reg.Register(Tools()...); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tool, args, want string }{
		{"run_query", `{"span":{"from":"1","to":2}}`, `/span/from: must be an integer, got the string "1": send 1, without quotes`},
		{"open_window", `{"start":"3"}`, `/start: must be an integer, got the string "3": send 3, without quotes`},
		{"run_query", `{"span":{"from":1,"to":2},"count":"7","tags":"a","limit":"3"}`, `invalid arguments: /count: must be an integer, got the string "7": send 7, without quotes; /tags: must be an array, got string`},
		{"run_query", `{"span":{"from":1,"to":2},"count":50}`, `invalid arguments: /count: must be at most 10, got 50`},
		{"run_query", `{"span":{"from":1,"to":2},"amount":"x"}`, `invalid arguments: /amount: must be an integer, got string`},
		{"run_query", `{"span":{"from":1,"to":2},"level":2,"limit":"3"}`, `invalid arguments: /level: must be a string, got number`},
	} {
		res, err := reg.Execute(context.Background(), c.tool, json.RawMessage(c.args))
		if err != nil || res.Success || !strings.Contains(res.Error, c.want) {
			t.Errorf("%s %s: got %q, want it to contain %q", c.tool, c.args, res.Error, c.want)
		}
	}
	res, _ := reg.Execute(context.Background(), "run_query", json.RawMessage(`{"span":{"from":1,"to":2},"amount":"5","limit":"3"}`))
	if q, _ := res.Data.(Query); !res.Success || q.Amount.N != 5 || q.Limit != 3 {
		t.Errorf("run_query lenient, amount \"5\": %+v", res)
	}
	strict := runtime.NewRegistry(nil)
	if err := strict.Register(Tools()...); err != nil {
		t.Fatal(err)
	}
	res, _ = strict.Execute(context.Background(), "run_query", json.RawMessage(`{"span":{"from":1,"to":2},"amount":"5"}`))
	if res.Success || !strings.Contains(res.Error, `/amount: must be an integer, got the string "5": send 5, without quotes`) {
		t.Errorf("run_query strict, amount \"5\": %+v", res)
	}
	// Around such values, leniency holds.
	res, _ = reg.Execute(context.Background(), "plan_trip", json.RawMessage(`{"city":"Oslo","tags":"x","limit":"5","dir":"/"}`))
	if !res.Success {
		t.Errorf("plan_trip lenient: %s", res.Error)
	}
}
