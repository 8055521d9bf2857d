package schematest

import "testing"

func TestHasDuplicateKeys(t *testing.T) {
	for in, want := range map[string]bool{
		`{"a":1,"b":2}`:                     false,
		`{"a":1,"a":2}`:                     true,
		`{"a":{"a":1},"b":[{"a":1,"b":1}]}`: false,
		`{"a":[1,{"x":1,"x":2}]}`:           true,
		`[{"k":"k"},{"k":1}]`:               false,
		`{"a":"b","b":{"c":"a"},"c":1}`:     false,
	} {
		if got := hasDuplicateKeys([]byte(in)); got != want {
			t.Errorf("hasDuplicateKeys(%s) = %v", in, got)
		}
	}
}
