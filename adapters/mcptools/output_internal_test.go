package mcptools

import (
	"encoding/json"
	"testing"
)

func TestOutputForms(t *testing.T) {
	cases := []struct {
		schema, legacy string
		wrapped        bool
	}{
		{``, ``, false},
		{`true`, ``, false},
		{`{"type":"object","properties":{"a":{"type":"integer"}}}`, `{"type":"object","properties":{"a":{"type":"integer"}}}`, false},
		{`{"type":"array","items":{"type":"string"}}`, `{"type":"object","properties":{"result":{"type":"array","items":{"type":"string"}}},"required":["result"],"additionalProperties":false}`, true},
		{`{"type":["object","null"]}`, `{"type":"object","properties":{"result":{"type":["object","null"]}},"required":["result"],"additionalProperties":false}`, true},
		{`{"$ref":"#/$defs/T","$defs":{"T":{"type":"object"}}}`, `{"type":"object","properties":{"result":{"$ref":"#/$defs/T"}},"required":["result"],"additionalProperties":false,"$defs":{"T":{"type":"object"}}}`, true},
		{`{}`, `{"type":"object","properties":{"result":{}},"required":["result"],"additionalProperties":false}`, true},
	}
	for _, c := range cases {
		f := formsOf(json.RawMessage(c.schema))
		if string(f.legacy) != c.legacy || f.wrapped != c.wrapped {
			t.Errorf("%s: legacy %s, wrapped %v; want %s, %v", c.schema, f.legacy, f.wrapped, c.legacy, c.wrapped)
		}
		if c.legacy != "" && string(f.modern) != c.schema {
			t.Errorf("%s: modern %s", c.schema, f.modern)
		}
		if c.legacy != "" && !json.Valid(f.legacy) {
			t.Errorf("%s: legacy is not JSON", c.schema)
		}
	}
}
