package basic

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestBookTable(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools()...); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ args, want string }{
		{`{"name":"Ada","guests":2,"force":false}`, `{"success":true,"data":{"id":"Ada"}}`},
		{`{"name":"A","guests":13,"email":"nope","phone":"12","seat":"roof","notes":[],"budget":0,"force":true}`,
			`{"success":false,"error":"invalid arguments: /budget: must be greater than 0, got 0; /email: must be an email address, got \"nope\"; /guests: must be at most 12, got 13; /name: must be at least 2 characters long, got 1; /notes: must have at least 1 item, got 0; /phone: must match the pattern ^\\+[0-9]{7,15}$; got \"12\"; /seat: must be one of \"inside\", \"terrace\"; got \"roof\""}`},
		{`{"name":"Ada","guests":2,"force":true,"notes":["a","b","c","d"]}`, `{"success":false,"error":"invalid arguments: /notes: must have at most 3 items, got 4"}`},
		{`{"guests":2.0,"name":"Ada"}`, `{"success":false,"error":"invalid arguments: /force: required field is missing"}`},
	} {
		res, err := reg.Execute(context.Background(), "book_table", json.RawMessage(c.args))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(res)
		if string(got) != c.want {
			t.Errorf("%s:\ngot  %s\nwant %s", c.args, got, c.want)
		}
	}
}

func TestPlaceOrder(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools()...); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ args, want string }{
		{`{"items":["a","b"],"quantity":12,"weight":0.75,"codes":[0.5,1]}`, `{"success":true,"data":2}`},
		{`{"items":["a","b","a"],"quantity":10,"weight":0.3,"codes":[1.5,0.7,1.5]}`,
			`{"success":false,"error":"invalid arguments: /codes: must have unique items; items 0 and 2 are equal; /codes/1: must be a multiple of 0.5, got 0.7; /items: must have unique items; items 0 and 2 are equal; /quantity: must be a multiple of 6, got 10; /weight: must be a multiple of 0.25, got 0.3"}`},
	} {
		res, err := reg.Execute(context.Background(), "place_order", json.RawMessage(c.args))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(res)
		if string(got) != c.want {
			t.Errorf("%s:\ngot  %s\nwant %s", c.args, got, c.want)
		}
	}
}
