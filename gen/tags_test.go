package gen

import (
	"reflect"
	"testing"
)

// TestInvopopParts checks which grammar a jsonschema tag is read in, as
// tool structs in public projects write their tags.
func TestInvopopParts(t *testing.T) {
	for _, c := range []struct {
		tag      string
		keywords []string // nil: a description in the go-sdk's grammar
		errs     int
	}{
		{"the city, e.g. Paris", nil, 0},
		{"required", []string{"required"}, 0},
		{"required, the city name", nil, 0},
		{"nullable,", []string{"nullable"}, 0},
		{"required,nullable", []string{"required", "nullable"}, 0},
		{"minLength=1,required", []string{"minLength=1", "required"}, 0},
		{"required,description=Absolute path (e.g., /home/x)", []string{"required", "description=Absolute path (e.g., /home/x)"}, 0},
		{"required,minLength=1,description=x, y", []string{"required", "minLength=1", "description=x, y"}, 0},
		{"nullable,description=a, b, enum=a", []string{"nullable", "description=a, b", "enum=a"}, 0},
		{"required, minimum=1, maximum=5", []string{"required", "minimum=1", "maximum=5"}, 0},
		{"required,enum=a,b", []string{"required", "enum=a"}, 1},
	} {
		errs := 0
		got, ok := invopopParts(c.tag, func(string, ...any) { errs++ })
		if ok != (c.keywords != nil) || !reflect.DeepEqual(got, c.keywords) || errs != c.errs {
			t.Errorf("%q: got %q (invopop %v, %d errors), want %q (%d errors)", c.tag, got, ok, errs, c.keywords, c.errs)
		}
	}
}
