package outputs

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"math/rand"
	"net/netip"
	"reflect"
	"strconv"
	"testing"
	"testing/quick"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// want is what encoding/json writes, with HTML escaping off.
func want(t *testing.T, v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

func encoded[T any](encode func(*toolimpl.Encoder, T), v T) string {
	var e toolimpl.Encoder
	encode(&e, v)
	data, _ := e.Bytes()
	return string(data)
}

// TestEncodersMatchEncodingJSON writes thousands of random values with the
// generated encoders and with encoding/json, and requires the same bytes.
func TestEncodersMatchEncodingJSON(t *testing.T) {
	rnd := rand.New(rand.NewSource(1))
	cfg := &quick.Config{Rand: rnd, MaxCount: 2000}
	check := func(name string, typ reflect.Type, encode func(v reflect.Value) string) {
		for range cfg.MaxCount {
			v, ok := quick.Value(typ, rnd)
			if !ok {
				t.Fatalf("%s: cannot make values", name)
			}
			if hasNaN(v) {
				continue
			}
			if got, w := encode(v), want(t, v.Interface()); got != w {
				t.Fatalf("%s:\ngot  %s\nwant %s", name, got, w)
			}
		}
	}
	for range 2000 {
		r := randomReport(rnd, 0)
		if got, w := encoded(encodeReport, r), want(t, r); got != w {
			t.Fatalf("*Report:\ngot  %s\nwant %s", got, w)
		}
	}
	check("[]Level", reflect.TypeOf([]Level{}), func(v reflect.Value) string { return encoded(encodeLevelsResult, v.Interface().([]Level)) })
	check("map", reflect.TypeOf(map[string]float64{}), func(v reflect.Value) string {
		return encoded(encodeScoresResult, v.Interface().(map[string]float64))
	})
	check("int", reflect.TypeOf(0), func(v reflect.Value) string { return encoded(encodeCountResult, v.Interface().(int)) })

	// Zero and empty values: omitempty, nil slices and maps, nil pointers.
	for _, r := range []*Report{nil, {}, {On: true, Tiny: 1, Counts: map[string]int{}, Any: map[string]any{"x": []any{1, "<b>"}}},
		{Tree: &Tree{Label: "a", Children: []*Tree{{Label: "b"}, nil}}, InnerPtr: &Inner{Score: 1.5}, Weird: "\u2028\xff"}} {
		if got, w := encoded(encodeReport, r), want(t, r); got != w {
			t.Errorf("got  %s\nwant %s", got, w)
		}
	}
}

// randomReport makes a Report with random contents (testing/quick cannot:
// the type has unexported fields).
func randomReport(rnd *rand.Rand, depth int) *Report {
	if rnd.Intn(10) == 0 {
		return nil
	}
	str := func() string {
		s, _ := quick.Value(reflect.TypeOf(""), rnd)
		return s.String() + []string{"", "\"", "\\", "\n", "<&>", "\u2028", "\xff", "\x01"}[rnd.Intn(8)]
	}
	f64 := func() float64 {
		return []float64{0, math.Copysign(0, -1), 1, 1e-7, 1e21, 123.456, -2.5e-9, rnd.NormFloat64() * 1e6, float64(rnd.Int63())}[rnd.Intn(9)]
	}
	r := &Report{
		Code: Code(str()), Level: Level(rnd.Intn(256) - 128), Count: rnd.Uint64(), Tiny: uint8(rnd.Intn(3)), Ptr: uintptr(rnd.Uint64()), Exact: json.Number(strconv.FormatFloat(rnd.NormFloat64()*1e6, 'g', -1, 64)),
		Ratio: f64(), Small: float32(f64()), On: rnd.Intn(2) == 0, Weird: str(), Plain: rnd.Int(), Hidden: "x",
		Seen: [2]bool{rnd.Intn(2) == 0, true}, Raw: []byte(str()), When: time.Unix(rnd.Int63n(1e10), rnd.Int63n(1e9)).UTC(),
		Inner: Inner{Name: str(), Score: float32(f64())}, Embeds: Embeds{Inner: Inner{Name: str()}, Left: Left{ID: rnd.Int()}, Right: Right{ID: str(), Side: str()}, Extra: rnd.Int()},
	}
	if rnd.Intn(2) == 0 {
		s := str()
		r.Note = &s
	}
	for i := range rnd.Intn(4) - 1 {
		r.Tags = append(r.Tags, str())
		_ = i
	}
	switch rnd.Intn(3) {
	case 1:
		r.Counts = map[string]int{}
	case 2:
		r.Counts = map[string]int{str(): 1, str(): -2, "b": 3}
	}
	if rnd.Intn(2) == 0 {
		r.ByCode = map[Code]Inner{Code(str()): {Name: "n"}, "a": {Score: 0.5}}
	}
	if rnd.Intn(2) == 0 {
		r.InnerPtr = &Inner{Name: str()}
	}
	if rnd.Intn(2) == 0 {
		r.Inners = []Inner{{Name: str()}, {}}
	} else if rnd.Intn(2) == 0 {
		r.Inners = []Inner{}
	}
	r.Anon.A, r.Anon.B = rnd.Int(), -rnd.Int()
	if rnd.Intn(2) == 0 {
		r.Grade, r.Severity, r.Badge = Grade(str()), Severity(rnd.Intn(5)), true
		r.Flags = Flags{str(), str()}
		r.Grades = []Grade{"a", Grade(str())}
		r.SpanPtr = &Span{rnd.Int(), -1}
	}
	r.Span = Span{rnd.Intn(10), rnd.Intn(10)}
	for range rnd.Intn(3) {
		l := Layered{Audit: Audit{By: str(), Kind: str(), Remark: str()}, Name: str(), Label: Label(str())}
		if rnd.Intn(2) == 0 {
			l.Base = &Base{ID: rnd.Int(), Name: str(), Kind: str(), Note: str()}
		}
		r.Layers = append(r.Layers, l)
	}
	if rnd.Intn(2) == 0 {
		r.Since, r.Offset, r.Scale = time.Unix(rnd.Int63n(1e10), 0).UTC(), f64(), float32(f64())
		until := time.Time{}
		r.Until = &until
		r.At = Point{rnd.Intn(2), 0}
		r.Maybe = Optional{Set: rnd.Intn(2) == 0, Value: str()}
		r.Items = []string{}
		r.Both = str()
		r.Grid = [2]int8{0, int8(rnd.Intn(2))}
		r.Checked = rnd.Intn(2) == 0
		r.Props = map[Code]int{}
	}
	if rnd.Intn(2) == 0 {
		r.Any = map[string]any{"k": []any{1.5, str(), nil, true}}
	}
	if rnd.Intn(2) == 0 {
		r.Addr = netip.MustParseAddr("10.0.0.1")
	}
	if rnd.Intn(2) == 0 {
		m := map[string]int{str(): 1, "b": -2}
		r.Labels = &m
	}
	if rnd.Intn(2) == 0 {
		a := Attrs{str(): str()}
		r.Attrs = &a
	}
	if rnd.Intn(2) == 0 {
		inner := map[string]int{str(): 3}
		r.Nested = map[string]*map[string]int{"x": &inner, "nil": nil}
	}
	if depth < 3 && rnd.Intn(2) == 0 {
		r.Tree = &Tree{Label: str(), Children: []*Tree{{Label: str()}, nil}}
	}
	return r
}

// hasNaN reports whether v holds a NaN or an infinity, which encoding/json
// rejects.
func hasNaN(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		return math.IsNaN(v.Float()) || math.IsInf(v.Float(), 0)
	case reflect.Pointer, reflect.Interface:
		return !v.IsNil() && hasNaN(v.Elem())
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if hasNaN(v.Index(i)) {
				return true
			}
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			if hasNaN(v.MapIndex(k)) {
				return true
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() && hasNaN(v.Field(i)) {
				return true
			}
		}
	}
	return false
}

// TestAddressedMarshalers checks types with MarshalText on the pointer
// alone, which encoding/json writes with the method where the value is
// addressable and by its fields elsewhere, against encoding/json through
// the tools themselves.
func TestAddressedMarshalers(t *testing.T) {
	r := Reading{
		Now:    Celsius{1},
		Pair:   [2]Celsius{{2}, {3}},
		Series: []Celsius{{4}, {5}},
		ByCity: map[string]Celsius{"a": {6}},
		Last:   &Celsius{7},
	}
	for _, c := range []struct {
		name string
		got  string
		v    any
	}{
		{"[]Celsius", encoded(encodeSeriesResult, r.Series), r.Series},
		{"*Reading", encoded(encodeReadPtrResult, &r), &r},
	} {
		if w := want(t, c.v); c.got != w {
			t.Errorf("%s:\ngot  %s\nwant %s", c.name, c.got, w)
		}
	}
	// A Reading by value has no encoder of its own: the runtime writes it
	// with encoding/json, from the value.
	for _, tool := range Tools() {
		if tool.Info().Name != "read" {
			continue
		}
		res, err := tool.(interface {
			Invoke(context.Context, json.RawMessage) (runtime.Result, error)
		}).Invoke(context.Background(), nil)
		if err != nil || res.Output != want(t, Reading{}) {
			t.Errorf("read: %+v, %v; want %s", res, err, want(t, Reading{}))
		}
	}
}

// TestPointerToSlice writes results that are pointers to slices of structs,
// encoded in place through their index, as encoding/json writes them.
func TestPointerToSlice(t *testing.T) {
	series := []Celsius{{1}, {2}}
	tickets := []Ticket{{ID: "t-1", State: Open}, {ID: "t-2", Urgencies: []Urgency{Now}}}
	for _, c := range []struct {
		name string
		got  string
		v    any
	}{
		{"*[]Celsius", encoded(encodeSeriesPtrResult, &series), &series},
		{"*[]Celsius nil", encoded(encodeSeriesPtrResult, nil), (*[]Celsius)(nil)},
		{"*[]Ticket", encoded(encodeTicketsResult, &tickets), &tickets},
	} {
		if w := want(t, c.v); c.got != w {
			t.Errorf("%s:\ngot  %s\nwant %s", c.name, c.got, w)
		}
	}
}

// TestDualMarshalers runs the tools whose results hold a type with
// MarshalText on its value and MarshalJSON on its pointer, which
// encoding/json writes with MarshalJSON where the value is addressable
// (an element of a slice, a field behind a pointer) and with MarshalText
// elsewhere, a Celsius promoted through an embedded pointer, always
// addressable, omitzero pointers whose types have no IsZero (a named
// pointer type, a pointer to a pointer), or unnamed types holding an
// interface with methods, and requires what encoding/json writes for
// their results.
func TestDualMarshalers(t *testing.T) {
	d := DualsValue1()
	wants := map[string]any{"dual_list": []Dual{{1}, {2}}, "duals_ptr": &d, "duals_value": d,
		"get_station": Station1(), "get_stations": []Station{Station1(), {ID: 2}}, "get_nil_only": NilOnly1(),
		"get_described": Described2(), "get_descriptions": Descriptions1()}
	for _, tool := range Tools() {
		v, ok := wants[tool.Info().Name]
		if !ok {
			continue
		}
		delete(wants, tool.Info().Name)
		res, err := tool.(interface {
			Invoke(context.Context, json.RawMessage) (runtime.Result, error)
		}).Invoke(context.Background(), nil)
		if w := want(t, v); err != nil || res.Output != w {
			t.Errorf("%s: %s, %v\nwant %s", tool.Info().Name, res.Output, err, w)
		}
	}
	if len(wants) > 0 {
		t.Errorf("tools not found: %v", wants)
	}
}
