package shapes

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestShapes(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools()...); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tool, args, want string }{
		{"full", `{"text":"abc"}`, `{"success":true,"data":{"length":3}}`},
		{"error_only", `{"text":"ok"}`, `{"success":true}`},
		{"error_only", `{"text":"fail"}`, `{"success":false,"error":"failed"}`},
		{"no_context", `{"text":"ab"}`, `{"success":true,"data":{"length":2}}`},
		{"no_input", ``, `{"success":true,"output":"pong"}`},
		{"no_input", `{"x":1}`, `{"success":false,"error":"invalid arguments: /x: unknown field; this object takes no fields"}`},
		{"pointer", `{"text":"a"}`, `{"success":true,"data":{"length":1}}`},
		{"plain", `{"city":"Oslo","days":2}`, `{"success":true,"output":"Oslo"}`},
		{"plain", `{"city":"Oslo"}`, `{"success":false,"error":"invalid arguments: /days: required field is missing"}`},
		{"nothing", `{}`, `{"success":true}`},
		{"ping", ``, `{"success":true,"output":"pong"}`},
		{"ping", ` { } `, `{"success":true,"output":"pong"}`},
		{"ping", `{"x":1}`, `{"success":false,"error":"invalid arguments: /x: unknown field; this object takes no fields"}`},
		{"ping", `[]`, `{"success":false,"error":"invalid arguments: must be an object, got array"}`},
	} {
		res, err := reg.Execute(context.Background(), c.tool, json.RawMessage(c.args))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(res)
		if string(got) != c.want {
			t.Errorf("%s %s:\ngot  %s\nwant %s", c.tool, c.args, got, c.want)
		}
	}
}
