package einotools

import (
	"encoding/json"
	"reflect"
	"testing"
)

// A schema keeps the keys jsonschema.Schema has no field for wherever
// they are: at its top, in each kind of schema below it, and with any
// JSON value, numbers as written.
func TestParseSchemaKeepsExtras(t *testing.T) {
	const in = `{"x-top":{"a":[1,2.50,true,null]},"nullable":true,"type":"object",
		"$defs":{"D":{"type":"string","x-d":"d"}},
		"properties":{"p":{"type":"integer","order":"1","x-big":12345678901234567890}},
		"patternProperties":{"^q":{"x-pp":1}},
		"additionalProperties":{"x-ap":1},
		"propertyNames":{"x-pn":1},
		"dependentSchemas":{"p":{"x-ds":1}},
		"allOf":[{"x-all":1}],"anyOf":[true,{"x-any":2}],"oneOf":[{"x-one":3}],
		"not":{"x-not":1},"if":{"x-if":1},"then":{"x-then":1},"else":{"x-else":1},
		"prefixItems":[{"x-pi":1}],"items":{"x-items":1,"items":false},"contains":{"x-c":1},
		"contentSchema":{"x-cs":1}}`
	s, err := parseSchema([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	json.Unmarshal([]byte(in), &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("through jsonschema.Schema:\n got %s\nwant %s", out, in)
	}
	if p, _ := s.Properties.Get("p"); p == nil || p.Extras["order"] != "1" || p.Extras["x-big"] != json.Number("12345678901234567890") {
		t.Errorf("p: %+v", p)
	}
}
