package mcptools

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/toolgen-go/toolgen/runtime"
)

// outputForms are the outputSchema of a tool in the two forms the protocol
// versions take: before 2026-07-28 an object schema, that of {"result":
// value} for a result that is not always an object; from it on, the
// result's own schema.
type outputForms struct {
	legacy, modern json.RawMessage
}

// formsOf returns the output schemas of the tool described by info, a
// stream if streams is set: toolgen's Output (for a stream, of one chunk,
// while the result is the array of the chunks), and where the result is
// not always an object, OutputWrapper. It returns the zero outputForms
// for a tool with no structured result.
func formsOf(info *runtime.Info, streams bool) outputForms {
	if info == nil || len(info.Output) == 0 {
		return outputForms{}
	}
	if info.OutputObject && !streams {
		return outputForms{legacy: info.Output, modern: info.Output}
	}
	modern := info.Output
	if streams {
		modern = derived(arraySchema, info.Output)
	}
	legacy := info.OutputWrapper
	if len(legacy) == 0 {
		// A tool written by hand may leave it out.
		legacy = derived(wrapSchema, modern)
	}
	if legacy == nil || modern == nil {
		return outputForms{} // not a schema: better none than a wrong one
	}
	return outputForms{legacy: legacy, modern: modern}
}

// wraps reports whether a structured result of the tool described by info
// goes out as {"result": value} before protocol 2026-07-28. A tool without
// an output schema (one written by hand) has its results wrapped when they
// are not objects.
func wraps(info *runtime.Info, data []byte) bool {
	if info != nil && len(info.Output) > 0 {
		return !info.OutputObject
	}
	return !isObject(data)
}

// derivedCache holds the schemas derived from others, worked out once.
var derivedCache sync.Map // derivedKey → json.RawMessage

type derivedKey struct {
	kind   int
	schema string
}

const (
	arraySchema = iota // an array of the schema's values
	wrapSchema         // the object {"result": value} of a schema's value
)

// derived returns the schema of kind made from schema s, with the $defs of
// s at its root, where the "#/$defs/..." references of s look for them; nil
// if s is not a JSON object.
func derived(kind int, s json.RawMessage) json.RawMessage {
	key := derivedKey{kind, string(s)}
	if d, ok := derivedCache.Load(key); ok {
		return d.(json.RawMessage)
	}
	var schema map[string]json.RawMessage
	if err := json.Unmarshal(s, &schema); err != nil || schema == nil {
		return nil
	}
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
	switch kind {
	case arraySchema:
		b.WriteString(`{"type":"array","items":`)
		b.Write(inner)
	case wrapSchema:
		b.WriteString(`{"type":"object","properties":{"result":`)
		b.Write(inner)
		b.WriteString(`},"required":["result"],"additionalProperties":false`)
	}
	if hasDefs {
		b.WriteString(`,"$defs":`)
		b.Write(defs)
	}
	b.WriteByte('}')
	d := json.RawMessage(b.Bytes())
	derivedCache.Store(key, d)
	return d
}
