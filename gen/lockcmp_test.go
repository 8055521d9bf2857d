package gen

import (
	"fmt"
	"strings"
	"testing"
)

// TestCompareSchemas runs the lock's rules on schema pairs directly: the
// result side, and shapes the source cases do not reach (recursive types
// through $ref, nullable fields, maps).
func TestCompareSchemas(t *testing.T) {
	const obj = `{"type":"object","additionalProperties":false,"properties":{%s},"required":[%s]}`
	for _, c := range []struct {
		name     string
		side     schemaSide
		old, new string
		want     []string // "path: what", with "!" before a breaking one
	}{
		{"result field removed", sideOutput,
			fmt.Sprintf(obj, `"a":{"type":"string"},"b":{"type":"integer"}`, `"a","b"`),
			fmt.Sprintf(obj, `"a":{"type":"string"}`, `"a"`),
			[]string{"!b: removed"}},
		{"result type narrowed", sideOutput,
			fmt.Sprintf(obj, `"n":{"type":"number"}`, `"n"`),
			fmt.Sprintf(obj, `"n":{"type":"integer"}`, `"n"`),
			[]string{"!n: its type changed from number to integer"}},
		{"result field made optional", sideOutput,
			fmt.Sprintf(obj, `"a":{"type":"string"}`, `"a"`),
			fmt.Sprintf(obj, `"a":{"type":"string"}`, ``),
			[]string{"!a: no longer always present"}},
		{"result field added", sideOutput,
			fmt.Sprintf(obj, `"a":{"type":"string"}`, `"a"`),
			fmt.Sprintf(obj, `"a":{"type":"string"},"b":{"type":"string"}`, `"a","b"`),
			[]string{"b: new"}},
		{"result enum widened", sideOutput,
			fmt.Sprintf(obj, `"s":{"type":"string","enum":["on","off"]}`, `"s"`),
			fmt.Sprintf(obj, `"s":{"type":"string","enum":["on","off","broken"]}`, `"s"`),
			[]string{`!s: new enum value "broken", which callers do not know`}},
		{"result enum lists its zero value", sideOutput,
			fmt.Sprintf(obj, `"s":{"type":"string","enum":["on","off"]}`, `"s"`),
			fmt.Sprintf(obj, `"s":{"type":"string","enum":["on","off",""]}`, `"s"`),
			[]string{`s: enum value "", the zero value of its type, now listed`}},
		{"result enum narrowed", sideOutput,
			fmt.Sprintf(obj, `"s":{"type":"string","enum":["on","off"]}`, `"s"`),
			fmt.Sprintf(obj, `"s":{"type":"string","enum":["on"]}`, `"s"`),
			[]string{`s: enum value "off" no longer returned`}},
		{"result bound tightened", sideOutput,
			fmt.Sprintf(obj, `"n":{"type":"integer","maximum":10}`, `"n"`),
			fmt.Sprintf(obj, `"n":{"type":"integer","maximum":5}`, `"n"`),
			[]string{"n: maximum tightened from 10 to 5"}},
		{"nullable argument made non-null", sideInput,
			fmt.Sprintf(obj, `"a":{"anyOf":[{"type":"string"},{"type":"null"}]}`, `"a"`),
			fmt.Sprintf(obj, `"a":{"type":"string"}`, `"a"`),
			[]string{"!a: its type narrowed from null or string to string"}},
		{"argument made nullable", sideInput,
			fmt.Sprintf(obj, `"a":{"type":"string"}`, `"a"`),
			fmt.Sprintf(obj, `"a":{"type":["string","null"]}`, `"a"`),
			[]string{"a: its type widened from string to null or string"}},
		{"recursive type through $ref", sideInput,
			`{"$defs":{"Node":{"type":"object","properties":{"name":{"type":"string"},"next":{"$ref":"#/$defs/Node"}}}},"type":"object","properties":{"tree":{"$ref":"#/$defs/Node"}}}`,
			`{"$defs":{"Node":{"type":"object","properties":{"name":{"type":"string","maxLength":5},"next":{"$ref":"#/$defs/Node"}}}},"type":"object","properties":{"tree":{"$ref":"#/$defs/Node"}}}`,
			[]string{"!tree.name: new maximum length 5"}},
		{"map value narrowed", sideInput,
			fmt.Sprintf(obj, `"m":{"type":"object","additionalProperties":{"type":"number"}}`, `"m"`),
			fmt.Sprintf(obj, `"m":{"type":"object","additionalProperties":{"type":"integer"}}`, `"m"`),
			[]string{"!m{}: its type narrowed from number to integer"}},
		{"multipleOf finer", sideInput,
			fmt.Sprintf(obj, `"n":{"type":"number","multipleOf":1}`, `"n"`),
			fmt.Sprintf(obj, `"n":{"type":"number","multipleOf":0.5}`, `"n"`),
			[]string{"n: multipleOf loosened"}},
		{"multipleOf coarser", sideInput,
			fmt.Sprintf(obj, `"n":{"type":"number","multipleOf":0.5}`, `"n"`),
			fmt.Sprintf(obj, `"n":{"type":"number","multipleOf":1}`, `"n"`),
			[]string{"!n: now a multiple of 1"}},
		{"format removed", sideInput,
			fmt.Sprintf(obj, `"e":{"type":"string","format":"email"}`, `"e"`),
			fmt.Sprintf(obj, `"e":{"type":"string"}`, `"e"`),
			[]string{`e: format "email" removed`}},
		{"recursive type behind a nullable pointer", sideInput,
			`{"$defs":{"Node":{"type":"object","properties":{"name":{"type":"string","maxLength":50}}}},"type":"object","properties":{"root":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]}}}`,
			`{"$defs":{"Node":{"type":"object","properties":{"name":{"type":"string","maxLength":10}}}},"type":"object","properties":{"root":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]}}}`,
			[]string{"!root.name: maximum length tightened from 50 to 10"}},
		{"map of any narrowed", sideInput,
			fmt.Sprintf(obj, `"m":{"type":"object","additionalProperties":true}`, `"m"`),
			fmt.Sprintf(obj, `"m":{"type":"object","additionalProperties":{"type":"string"}}`, `"m"`),
			[]string{"!m{}: its type narrowed from any type to string"}},
		{"struct become a map", sideInput,
			fmt.Sprintf(obj, `"c":{"type":"object","additionalProperties":false,"properties":{"email":{"type":"string"}}}`, `"c"`),
			fmt.Sprintf(obj, `"c":{"type":"object","additionalProperties":{"type":"integer"}}`, `"c"`),
			[]string{"!c.email: its type narrowed from string to integer"}},
		{"field group added", sideInput,
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`,
			`{"oneOf":[{"properties":{"a":true},"required":["a"],"title":"link"},{"properties":{"b":true},"required":["b"],"title":"link"}],"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`,
			[]string{"!: a new rule that exactly one of the field sets (a) | (b) be sent"}},
		{"field group dropped", sideInput,
			`{"anyOf":[{"required":["a"]},{"required":["b"]}],"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`,
			`{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`,
			[]string{": its rule that at least one of the field sets (a) | (b) be sent was dropped"}},
		{"field groups reordered", sideInput,
			`{"oneOf":[{"required":["a"]},{"required":["b"]}],"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`,
			`{"oneOf":[{"required":["b"]},{"required":["a"]}],"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}}}`,
			nil},
		{"field group added to anyOf", sideInput,
			`{"anyOf":[{"required":["a"]},{"required":["b"]}],"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}}}`,
			`{"anyOf":[{"required":["a"]},{"required":["b"]},{"required":["c"]}],"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"}}}`,
			[]string{": its rule on which fields go together now takes (a) | (b) | (c), not only (a) | (b)"}},
		{"a type made non-null at its second place", sideInput,
			`{"$defs":{"Node":{"type":"object","properties":{"n":{"type":"string"}}}},"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]},"b":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]}}}`,
			`{"$defs":{"Node":{"type":"object","properties":{"n":{"type":"string"}}}},"type":"object","properties":{"a":{"anyOf":[{"$ref":"#/$defs/Node"},{"type":"null"}]},"b":{"$ref":"#/$defs/Node"}}}`,
			[]string{"!b: its type narrowed from null or object to object"}},
		{"result bound loosened", sideOutput,
			fmt.Sprintf(obj, `"s":{"type":"string","maxLength":1000}`, `"s"`),
			fmt.Sprintf(obj, `"s":{"type":"string","maxLength":2000}`, `"s"`),
			[]string{"!s: maximum length loosened from 1000 to 2000"}},
		{"items made unique", sideInput,
			fmt.Sprintf(obj, `"l":{"type":"array","items":{"type":"string"}}`, `"l"`),
			fmt.Sprintf(obj, `"l":{"type":"array","items":{"type":"string"},"uniqueItems":true}`, `"l"`),
			[]string{"!l: items must now be unique"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			changes, err := compareSchemaJSON([]byte(c.old), []byte(c.new), c.side)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, ch := range changes {
				s := ch.path + ": " + ch.what
				if ch.breaking {
					s = "!" + s
					if ch.advice == "" {
						t.Errorf("%s: a breaking change without advice", s)
					}
				}
				got = append(got, s)
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}
