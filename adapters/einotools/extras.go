package einotools

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"

	"github.com/eino-contrib/jsonschema"
)

// schemaKeys are the keywords jsonschema.Schema has a field for: the
// names of its fields' JSON tags, and "type".
var schemaKeys = func() map[string]bool {
	keys := map[string]bool{"type": true}
	t := reflect.TypeFor[jsonschema.Schema]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys[name] = true
		}
	}
	return keys
}()

// parseSchema decodes the JSON Schema data as a jsonschema.Schema, keeping
// the keys that type has no field for (jsonschema_extras such as "x-ui" or
// "order", the "nullable" of the OpenAPI subset) in the Extras of the
// schema that has them, at every level: Schema.UnmarshalJSON drops them,
// and Schema.MarshalJSON writes Extras back, so the schema Eino hands a
// model is the one generated.
func parseSchema(data []byte) (*jsonschema.Schema, error) {
	s := new(jsonschema.Schema)
	if err := json.Unmarshal(data, s); err != nil {
		return nil, err
	}
	if err := keepExtras(s, data); err != nil {
		return nil, err
	}
	return s, nil
}

// keepExtras sets the Extras of s, decoded from data, and of the schemas
// below it, from data.
func keepExtras(s *jsonschema.Schema, data []byte) error {
	if s == nil || !isObject(data) {
		return nil // true or false
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return err
	}
	for key, raw := range obj {
		if schemaKeys[key] {
			continue
		}
		var v any
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber() // numbers as written
		if err := dec.Decode(&v); err != nil {
			return err
		}
		if s.Extras == nil {
			s.Extras = make(map[string]any)
		}
		s.Extras[key] = v
	}
	for key, sub := range map[string]*jsonschema.Schema{
		"not": s.Not, "if": s.If, "then": s.Then, "else": s.Else,
		"items": s.Items, "contains": s.Contains,
		"additionalProperties": s.AdditionalProperties,
		"propertyNames":        s.PropertyNames, "contentSchema": s.ContentSchema,
	} {
		if err := keepExtras(sub, obj[key]); err != nil {
			return err
		}
	}
	for key, list := range map[string][]*jsonschema.Schema{
		"allOf": s.AllOf, "anyOf": s.AnyOf, "oneOf": s.OneOf, "prefixItems": s.PrefixItems,
	} {
		if err := listExtras(list, obj[key]); err != nil {
			return err
		}
	}
	for key, m := range map[string]map[string]*jsonschema.Schema{
		"$defs": s.Definitions, "dependentSchemas": s.DependentSchemas, "patternProperties": s.PatternProperties,
	} {
		if err := mapExtras(func(name string) *jsonschema.Schema { return m[name] }, obj[key]); err != nil {
			return err
		}
	}
	if s.Properties != nil {
		return mapExtras(func(name string) *jsonschema.Schema {
			sub, _ := s.Properties.Get(name)
			return sub
		}, obj["properties"])
	}
	return nil
}

// listExtras keeps the extras of the schemas of an array, list, decoded
// from data.
func listExtras(list []*jsonschema.Schema, data []byte) error {
	if len(list) == 0 {
		return nil
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return err
	}
	for i, s := range list {
		if i < len(raws) {
			if err := keepExtras(s, raws[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

// mapExtras keeps the extras of the schemas of an object whose values are
// schemas, decoded from data, each of which get returns by its name.
func mapExtras(get func(name string) *jsonschema.Schema, data []byte) error {
	if len(data) == 0 {
		return nil
	}
	var raws map[string]json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return err
	}
	for name, raw := range raws {
		if err := keepExtras(get(name), raw); err != nil {
			return err
		}
	}
	return nil
}

// isObject reports whether the JSON text data is an object.
func isObject(data []byte) bool {
	data = bytes.TrimLeft(data, " \t\r\n")
	return len(data) > 0 && data[0] == '{'
}
