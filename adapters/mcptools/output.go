package mcptools

import (
	"bytes"
	"encoding/json"
	"sync"
)

// outputForms are the outputSchema of a tool in the two forms the protocol
// versions take: before 2026-07-28 an object schema, a result of another
// schema wrapped as {"result": value}; from it on, the result's own schema.
type outputForms struct {
	legacy, modern json.RawMessage
	wrapped        bool // legacy wraps the result's schema
}

// newOutputForms returns the forms of the output schema s of a tool's
// result, or the zero outputForms if s is empty.
func newOutputForms(s json.RawMessage) outputForms {
	if len(bytes.TrimSpace(s)) == 0 {
		return outputForms{}
	}
	var schema map[string]json.RawMessage
	if err := json.Unmarshal(s, &schema); err != nil {
		// true, false: no schema a client can take as an object's.
		return outputForms{}
	}
	if isObjectSchema(schema) {
		return outputForms{legacy: s, modern: s}
	}
	return outputForms{legacy: wrapSchema(s, schema), modern: s, wrapped: true}
}

// isObjectSchema reports whether schema admits JSON objects only: its
// type is "object".
func isObjectSchema(schema map[string]json.RawMessage) bool {
	var typ string
	return json.Unmarshal(schema["type"], &typ) == nil && typ == "object"
}

// wrapSchema is the schema of {"result": value} for a value of schema s
// (decoded as schema). Definitions move to the root, where the "#/$defs/..."
// references of s look for them.
func wrapSchema(s json.RawMessage, schema map[string]json.RawMessage) json.RawMessage {
	defs, hasDefs := schema["$defs"]
	inner := s
	if hasDefs {
		delete(schema, "$defs")
		data, err := json.Marshal(schema) // keys sorted: the same bytes each time
		if err != nil {
			return nil
		}
		inner = data
	}
	var b bytes.Buffer
	b.WriteString(`{"type":"object","properties":{"result":`)
	b.Write(inner)
	b.WriteString(`},"required":["result"],"additionalProperties":false`)
	if hasDefs {
		b.WriteString(`,"$defs":`)
		b.Write(defs)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// formsCache holds the output forms of each output schema, worked out once.
var formsCache sync.Map // string(schema) → outputForms

// formsOf returns the forms of output schema s.
func formsOf(s json.RawMessage) outputForms {
	if len(s) == 0 {
		return outputForms{}
	}
	key := string(s)
	if f, ok := formsCache.Load(key); ok {
		return f.(outputForms)
	}
	f := newOutputForms(s)
	formsCache.Store(key, f)
	return f
}
