package gen

import (
	"go/constant"
	"testing"
)

// TestBlankAbsent: which optional fields a lenient call takes "" and
// "null" for as absent: those whose value can be neither string.
func TestBlankAbsent(t *testing.T) {
	str := func(values ...string) []EnumValue {
		var out []EnumValue
		for _, v := range values {
			out = append(out, EnumValue{Value: constant.MakeString(v)})
		}
		return out
	}
	intType := &Type{Kind: KindInt, Bits: 64}
	for _, c := range []struct {
		name string
		f    Field
		want bool
	}{
		{"int", Field{Type: intType}, true},
		{"*int", Field{Type: &Type{Kind: KindPointer, Elem: intType}}, true},
		{"bool", Field{Type: &Type{Kind: KindBool}}, true},
		{"float", Field{Type: &Type{Kind: KindFloat, Bits: 64}}, true},
		{"struct", Field{Type: &Type{Kind: KindStruct}}, true},
		{"slice", Field{Type: &Type{Kind: KindSlice, Elem: intType}}, true},
		{"map", Field{Type: &Type{Kind: KindMap, Elem: intType}}, true},
		{"string", Field{Type: &Type{Kind: KindString}}, false},
		{"enum", Field{Type: &Type{Kind: KindString, Enum: str("low", "high")}}, true},
		{"enum with empty", Field{Type: &Type{Kind: KindString, Enum: str("", "high")}}, false},
		{"enum with null", Field{Type: &Type{Kind: KindString, Enum: str("null", "high")}}, false},
		{"tag enum", Field{Type: &Type{Kind: KindString}, Rules: Rules{Enum: []constant.Value{constant.MakeString("a")}}}, true},
		{"bytes", Field{Type: &Type{Kind: KindBytes}}, false},
		{"time", Field{Type: &Type{Kind: KindTime}}, false},
		{"any", Field{Type: &Type{Kind: KindAny}}, false},
		{"raw", Field{Type: &Type{Kind: KindRaw}}, false},
		{"text", Field{Type: &Type{Kind: KindText}}, false},
		{"self-decoding struct", Field{Type: &Type{Kind: KindStruct, SelfDecode: true}}, false},
		{",string int", Field{Type: intType, Quoted: true}, false},
		{"oneof_type", Field{Type: intType, Rules: Rules{OneOfType: []string{"integer", "string"}}}, false},
	} {
		if got := blankAbsent(&c.f); got != c.want {
			t.Errorf("%s: blankAbsent = %v, want %v", c.name, got, c.want)
		}
	}
}
