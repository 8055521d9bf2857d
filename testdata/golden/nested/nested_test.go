package nested

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestPlan(t *testing.T) {
	tool := Tools()[0].(runtime.InvokableTool)
	res, err := tool.Invoke(context.Background(), json.RawMessage(`{
		"from":{"lat":1,"lon":2},"to":{"lat":3,"lon":4},"stops":[{"lat":5,"lon":6}],
		"box":[{"lat":0,"lon":0},{"lat":1,"lon":1}],"matrix":[[1,2],[3]],"labels":{"a":"b"},
		"depart":"2026-01-02T03:04:05Z","payload":"aGk=","extra":{"x":[1]},"raw":[1, 2],"inline":{"mode":"car"}}`))
	if err != nil || !res.Success {
		t.Fatalf("%+v %v", res, err)
	}
	r := res.Data.(Route)
	if r.To.Lat != 3 || r.Stops[0].Lon != 6 || r.Box[1].Lat != 1 || r.Matrix[1][0] != 3 || r.Labels["a"] != "b" ||
		!r.Depart.Equal(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)) || string(r.Payload) != "hi" ||
		string(r.Raw) != "[1, 2]" || *r.Limit != 10 || r.Inline.Mode != "car" {
		t.Errorf("decoded %+v", r)
	}
	res, _ = tool.Invoke(context.Background(), json.RawMessage(`{"from":{"lat":91,"lon":0},"box":[{"lat":0,"lon":0}],"matrix":[[300]],"depart":"soon","inline":{"mode":"car"},"stops":[{"lat":0}]}`))
	want := `invalid arguments: /box: must have exactly 2 items, got 1; /depart: must be a date-time in RFC 3339 format (2006-01-02T15:04:05Z), got "soon"; /from/lat: must be at most 90, got 91; /matrix/0/0: must be an integer from -128 to 127, got 300; /stops/0/lon: required field is missing`
	if res.Error != want {
		t.Errorf("got  %s\nwant %s", res.Error, want)
	}
	// A leap second is RFC 3339, which a time.Time cannot hold: the
	// message says what to send instead.
	res, _ = tool.Invoke(context.Background(), json.RawMessage(`{"from":{"lat":1,"lon":0},"box":[{"lat":0,"lon":0},{"lat":0,"lon":0}],"depart":"2016-12-31T23:59:60Z","inline":{"mode":"car"}}`))
	want = `invalid arguments: /depart: a leap second (second 60) cannot be taken: send the time with second 59, got "2016-12-31T23:59:60Z"`
	if res.Error != want {
		t.Errorf("got  %s\nwant %s", res.Error, want)
	}
}
