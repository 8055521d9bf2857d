package unions

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestReach(t *testing.T) {
	tool := Tools()[0].(runtime.InvokableTool)
	for _, c := range []struct{ args, want string }{
		{`{"email":"a@b.co","name":null,"tag":"x"}`, ``},
		{`{"phone":"123","country":"NO","name":"Ann","ref":7,"meta":[1],"kind":"k"}`, ``},
		{`{"email":"a@b.co","phone":"1","country":"NO","name":null,"ref":"r","meta":{},"tag":"t"}`,
			`invalid arguments: must have exactly one of these sets of fields: (email) or (phone and country); got 2`},
		{`{"phone":"1","name":1,"ref":1.5,"meta":"m"}`,
			`invalid arguments: must have exactly one of these sets of fields: (email) or (phone and country); got 0; must have at least one of these sets of fields: (tag) or (kind); got 0; /meta: must be one of the types object, array; got string; /name: must be a string, got number; /ref: must be one of the types string, integer; got number`},
		{`{"email":"a@b.co","tag":"t"}`, `invalid arguments: /name: required field is missing`},
	} {
		res, err := tool.Invoke(context.Background(), json.RawMessage(c.args))
		if err != nil {
			t.Fatal(err)
		}
		if res.Error != c.want {
			t.Errorf("%s:\ngot  %s\nwant %s", c.args, res.Error, c.want)
		}
	}
}

// A value of a type that decodes itself is checked strictly, and the
// arguments after it as the registry's settings say: a lenient registry
// still takes "7" for an integer after a date that is not a string.
func TestInviteLenient(t *testing.T) {
	reg := runtime.NewRegistry(&runtime.Settings{Lenient: true})
	if err := reg.Register(Tools()...); err != nil {
		t.Fatal(err)
	}
	res, err := reg.Execute(context.Background(), "invite", json.RawMessage(`{"guests":"ann","on":1,"max":"7"}`))
	if err != nil || res.Error != `invalid arguments: /on: must be a string, got number` {
		t.Errorf("got %+v, %v", res, err)
	}
}

// TestInvite calls a tool whose argument types decode themselves from
// more than one JSON type: the tags' types are checked, then the methods
// decode the values.
func TestInvite(t *testing.T) {
	tool := Tools()[1].(runtime.InvokableTool)
	for _, c := range []struct{ args, want, err string }{
		{`{"guests":"ann"}`, `ann`, ``},
		{`{"guests":["ann","bob"],"public":"true"}`, `public: ann, bob`, ``},
		{`{"guests":["ann"],"public":true}`, `public: ann`, ``},
		{`{"guests":{},"public":1}`, ``, `invalid arguments: /guests: must be one of the types string, array; got object; /public: must be one of the types boolean, string; got number`},
		{`{"guests":"ann","public":"yes"}`, ``, `invalid arguments: /public: invalid character 'y' looking for beginning of value`},
		// The items of an array alternative are checked, as the schema
		// states them, before the method reads them.
		{`{"guests":[1,"bob"]}`, ``, `invalid arguments: /guests/0: must be a string, got number`},
		{`{"guests":"ann","seats":[{"row":-1,"label":"A"},{"row":1}]}`, ``, `invalid arguments: /seats/0/row: must be at least 0, got -1; /seats/1/label: required field is missing`},
		{`{"guests":"ann","seats":{"row":2,"label":"B"}}`, `ann`, ``},
		{`{"guests":"ann","on":"2024-13-01"}`, ``, `invalid arguments: /on: must be a date in YYYY-MM-DD format, got "2024-13-01"`},
	} {
		res, err := tool.Invoke(context.Background(), json.RawMessage(c.args))
		if err != nil {
			t.Fatal(err)
		}
		if res.Output != c.want || res.Error != c.err {
			t.Errorf("%s: got %q, %q; want %q, %q", c.args, res.Output, res.Error, c.want, c.err)
		}
	}
}
