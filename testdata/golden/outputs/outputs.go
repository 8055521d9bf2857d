// Package outputs has result types of every family, which toolgen writes
// as JSON without reflection, byte for byte as encoding/json does.
package outputs

import (
	"context"
	"encoding/json"
	"fmt"
	"net/netip"
	"strings"
	"time"
)

// Code is a named string.
type Code string

// Level is a named integer.
type Level int8

// Inner is nested.
type Inner struct {
	Name  string  `json:"name"`
	Score float32 `json:"score,omitempty"`
	// Degrees has a tag name encoding/json does not take (° is neither
	// a letter nor a digit), so it writes the Go name.
	Degrees int `json:"temp°C"`
}

// Embeds has embedded structs, whose fields encoding/json writes, but
// for the name two have at one depth (ID), which it drops.
type Embeds struct {
	Inner
	Left
	Right
	Extra int `json:"extra"`
}

// Left has an ID, as Right does.
type Left struct{ ID int }

// Right has an ID, as Left does.
type Right struct {
	ID   string
	Side string
}

// Tree is recursive.
type Tree struct {
	Label    string  `json:"label"`
	Children []*Tree `json:"children,omitempty"`
}

// Report is a result of every family.
type Report struct {
	Code     Code               `json:"code"`
	Level    Level              `json:"level"`
	Count    uint64             `json:"count"`
	Tiny     uint8              `json:"tiny,omitempty"`
	Ptr      uintptr            `json:"ptr"`
	Exact    json.Number        `json:"exact"`
	Ratio    float64            `json:"ratio"`
	Small    float32            `json:"small"`
	On       bool               `json:"on,omitempty"`
	Note     *string            `json:"note"`
	Tags     []string           `json:"tags"`
	Seen     [2]bool            `json:"seen"`
	Counts   map[string]int     `json:"counts,omitempty"`
	ByCode   map[Code]Inner     `json:"by_code"`
	Inner    Inner              `json:"inner"`
	InnerPtr *Inner             `json:"inner_ptr,omitempty"`
	Inners   []Inner            `json:"inners"`
	Anon     struct{ A, B int } `json:"anon"`
	When     time.Time          `json:"when"`
	Any      any                `json:"any,omitempty"`
	Raw      []byte             `json:"raw"`
	Addr     netip.Addr         `json:"addr"`
	Embeds   Embeds             `json:"embeds"`
	Tree     *Tree              `json:"tree"`
	Hidden   string             `json:"-"`
	unexp    int
	Weird    string `json:"we\"ird"`
	Plain    int
	// Maps behind pointers, which are indexed through them.
	Labels *map[string]int            `json:"labels"`
	Attrs  *Attrs                     `json:"attrs,omitempty"`
	Nested map[string]*map[string]int `json:"nested,omitempty"`
	// Types that write themselves, by their value's methods, empty and
	// omitted (by their kind, as encoding/json tests them) or not.

	Grade    Grade    `json:"grade,omitempty"`
	Severity Severity `json:"severity,omitempty"`
	Flags    Flags    `json:"flags,omitempty"`
	Span     Span     `json:"span"`
	Badge    Badge    `json:"badge,omitempty"`
	Grades   []Grade  `json:"grades"`
	SpanPtr  *Span    `json:"span_ptr"`
	Void     Void     `json:"void,omitempty"`

	// Fields left out when zero (omitzero): by IsZero, of the value or the
	// pointer, or by comparison with the zero value; a float by its bits.

	Since   time.Time    `json:"since,omitzero"`
	Until   *time.Time   `json:"until,omitzero"`
	Offset  float64      `json:"offset,omitzero"`
	Scale   float32      `json:"scale,omitzero"`
	At      Point        `json:"at,omitzero"`
	Maybe   Optional     `json:"maybe,omitzero"`
	Items   []string     `json:"items,omitzero"`
	Both    string       `json:"both,omitempty,omitzero"`
	Grid    [2]int8      `json:"grid,omitzero"`
	Checked Badge        `json:"checked,omitzero"`
	Props   map[Code]int `json:"props,omitzero"`
	Layers  []Layered    `json:"layers"`
}

// Layered has embedded structs, one through a pointer (its fields are
// left out when it is nil), a field that hides a deeper one of its name,
// a tagged field that wins over an untagged one at its depth, and an
// embedded string type, which is a field of its own.
type Layered struct {
	*Base
	Audit
	Name string `json:"name"`
	Label
}

// Base is embedded through a pointer.
type Base struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Kind string
	Note string
}

// Audit is embedded by value.
type Audit struct {
	By     string `json:"by,omitempty"`
	Kind   string `json:"kind"`
	Remark string `json:"Note"`
}

// Label is a string embedded in a struct.
type Label string

// Point is comparable, with no float.
type Point struct{ X, Y int }

// Optional is zero when it is not set, whatever its value: IsZero is on
// its pointer.
type Optional struct {
	Set   bool   `json:"set"`
	Value string `json:"value"`
}

// IsZero reports whether o is unset.
func (o *Optional) IsZero() bool { return !o.Set }

// Grade is a string written in capitals by its MarshalText.
type Grade string

// MarshalText writes the grade in capitals.
func (g Grade) MarshalText() ([]byte, error) { return []byte(strings.ToUpper(string(g))), nil }

// Severity is a number written as text.
type Severity int

// MarshalText writes the severity as sev-N.
func (s Severity) MarshalText() ([]byte, error) {
	return fmt.Appendf(nil, "sev-%d <%q>", s, "\u2028"), nil
}

// Flags are written as one string by their MarshalJSON, with white space
// encoding/json drops.
type Flags []string

// MarshalJSON writes the flags joined.
func (f Flags) MarshalJSON() ([]byte, error) {
	return json.Marshal(strings.Join(f, "|") + " <&>")
}

// Span is an array of two numbers, written as an object by MarshalJSON.
type Span [2]int

// MarshalJSON writes the span as an object, with white space.
func (s Span) MarshalJSON() ([]byte, error) {
	return fmt.Appendf(nil, "{ \"from\" : %d,\n \"to\": %d }", s[0], s[1]), nil
}

// Void is an array of no elements, written by its MarshalJSON: always
// empty, so omitempty always leaves it out.
type Void [0]int

// MarshalJSON writes a string.
func (Void) MarshalJSON() ([]byte, error) { return []byte(`"void"`), nil }

// Badge is a flag written as text.
type Badge bool

// MarshalText writes yes or no.
func (b Badge) MarshalText() ([]byte, error) {
	if b {
		return []byte("yes"), nil
	}
	return []byte("no"), nil
}

// Attrs is a named map.
type Attrs map[string]string

// MakeReport returns a report.
//
//tool:export
func MakeReport(ctx context.Context) (*Report, error) { return &Report{}, nil }

// Levels returns a list.
//
//tool:export
func Levels(ctx context.Context) ([]Level, error) { return []Level{1, 2}, nil }

// Scores returns a map.
//
//tool:export
func Scores(ctx context.Context) (map[string]float64, error) { return map[string]float64{"a": 1}, nil }

// Count returns a number.
//
//tool:export
func Count(ctx context.Context) (int, error) { return 3, nil }

// Stamp returns a time, which encoding/json writes.
//
//tool:export
func Stamp(ctx context.Context) (time.Time, error) { return time.Time{}, nil }

// Celsius writes itself as text, from its pointer only: encoding/json
// calls the method where a Celsius is addressable (an element of a slice,
// a value behind a pointer), and writes its fields elsewhere.
type Celsius struct {
	Deg float64 `json:"deg"`
}

// MarshalText writes the temperature with its unit.
func (c *Celsius) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "%gC", c.Deg), nil }

// Reading holds temperatures where they are and are not addressable.
type Reading struct {
	Now    Celsius            `json:"now"`
	Pair   [2]Celsius         `json:"pair"`
	Series []Celsius          `json:"series"`
	ByCity map[string]Celsius `json:"by_city"`
	Last   *Celsius           `json:"last"`
}

// Series returns temperatures, each written with its pointer's method.
//
//tool:export
func Series(ctx context.Context) ([]Celsius, error) { return []Celsius{{1}}, nil }

// Read returns a reading by value: its own fields are not addressable.
//
//tool:export
func Read(ctx context.Context) (Reading, error) { return Reading{}, nil }

// ReadPtr returns a reading through a pointer: its fields are addressable.
//
//tool:export
func ReadPtr(ctx context.Context) (*Reading, error) { return &Reading{}, nil }

// State is where a ticket is.
type State string

// The states of a ticket.
const (
	// Open is a ticket not yet answered.
	Open State = "open"
	// Closed is a ticket answered.
	Closed State = "closed"
)

// Urgency is how urgent a ticket is.
type Urgency int

// The urgencies of a ticket.
const (
	// Soon can wait.
	Soon Urgency = 1
	// Now cannot.
	Now Urgency = 2
)

// Ticket is a ticket whose state and urgency the function may leave unset.
type Ticket struct {
	ID        string    `json:"id"`
	State     State     `json:"state"`
	Urgency   Urgency   `json:"urgency"`
	Urgencies []Urgency `json:"urgencies"`
	// Said is the state with the json option string: encoding/json writes
	// it as the JSON text of the string, "\"open\"".
	Said State `json:"said,string"`
	// Ref is a string or a number, or null where the function leaves it
	// unset.
	Ref any `json:"ref" jsonschema:"oneof_type=string;integer"`
}

// GetTicket returns a ticket, its state and urgency unset: the zero values of
// enum types, which its output schema allows.
//
//tool:export readonly
func GetTicket(ctx context.Context) (Ticket, error) {
	return Ticket{ID: "t-1", Urgencies: []Urgency{0, Now}, Said: Open}, nil
}

// SeriesPtr returns temperatures through a pointer to the slice: each is
// still written with its pointer's method.
//
//tool:export
func SeriesPtr(ctx context.Context) (*[]Celsius, error) { return &[]Celsius{{1}}, nil }

// Tickets returns tickets through a pointer to the slice, each encoded in
// place through its index.
//
//tool:export readonly
func Tickets(ctx context.Context) (*[]Ticket, error) { return &[]Ticket{{ID: "t-1"}}, nil }

// Dual writes itself as text from its value and as JSON from its
// pointer: encoding/json calls MarshalJSON where a Dual is addressable and
// MarshalText elsewhere.
type Dual struct{ N int }

// MarshalText writes the number as text.
func (d Dual) MarshalText() ([]byte, error) { return fmt.Appendf(nil, "text %d", d.N), nil }

// MarshalJSON writes the number in an object.
func (d *Dual) MarshalJSON() ([]byte, error) { return fmt.Appendf(nil, `{"json":%d}`, d.N), nil }

// Duals holds Duals where they are and are not addressable.
type Duals struct {
	One  Dual            `json:"one"`
	List []Dual          `json:"list"`
	ByID map[string]Dual `json:"by_id"`
}

// DualList returns Duals, each written with its pointer's MarshalJSON.
//
//tool:export
func DualList(ctx context.Context) ([]Dual, error) { return []Dual{{1}, {2}}, nil }

// DualsPtr returns Duals through a pointer.
//
//tool:export
func DualsPtr(ctx context.Context) (*Duals, error) {
	d := DualsValue1()
	return &d, nil
}

// DualsValue returns Duals by value.
//
//tool:export
func DualsValue(ctx context.Context) (Duals, error) { return DualsValue1(), nil }

// DualsValue1 is what DualsValue returns.
func DualsValue1() Duals {
	return Duals{One: Dual{3}, List: []Dual{{4}, {5}}, ByID: map[string]Dual{"a": {6}}}
}

// Thermo holds a Celsius by value.
type Thermo struct {
	Temp Celsius `json:"temp"`
}

// Station embeds a Thermo through a pointer: its Temp, reached through
// the pointer, is addressable wherever the Station is, and encoding/json
// writes it with Celsius's MarshalText.
type Station struct {
	*Thermo
	ID int `json:"id"`
}

// GetStation returns a station by value.
//
//tool:export
func GetStation(ctx context.Context) (Station, error) { return Station1(), nil }

// GetStations returns stations.
//
//tool:export
func GetStations(ctx context.Context) ([]Station, error) { return []Station{Station1(), {ID: 2}}, nil }

// Station1 is what GetStation returns.
func Station1() Station { return Station{Thermo: &Thermo{Temp: Celsius{21.5}}, ID: 1} }

// OptionalPtr is a named pointer type: it has no methods, so encoding/json
// leaves it out under omitzero only when it is nil.
type OptionalPtr *Optional

// NilOnly has omitzero fields whose types have no IsZero of their own
// though what they point to has one.
type NilOnly struct {
	Named  OptionalPtr `json:"named,omitzero"`
	Double **Optional  `json:"double,omitzero"`
	Single *Optional   `json:"single,omitzero"`
}

// GetNilOnly returns pointers to an unset Optional, which only Single
// leaves out.
//
//tool:export
func GetNilOnly(ctx context.Context) (NilOnly, error) { return NilOnly1(), nil }

// NilOnly1 is what GetNilOnly returns.
func NilOnly1() NilOnly {
	o := &Optional{}
	return NilOnly{Named: o, Double: &o, Single: o}
}

// Described has an unnamed struct holding an interface with methods, left
// out when zero: the generated code compares it with its zero value, and
// writes the interface's type to do so.
type Described struct {
	Desc struct {
		T interface{ String() string } `json:"t"`
	} `json:"desc,omitzero"`
	N int `json:"n"`
}

// GetDescribed returns a Described with no Desc, and one with a Desc.
//
//tool:export
func GetDescribed(ctx context.Context) ([]Described, error) { return Described2(), nil }

// Described2 is what GetDescribed returns.
func Described2() []Described {
	d := []Described{{N: 1}, {N: 2}}
	d[1].Desc.T = time.Second
	return d
}

// GetDescriptions returns values of an unnamed type holding an interface
// with methods, which the generated code writes as the tool's result type.
//
//tool:export
func GetDescriptions(ctx context.Context) ([]struct {
	T interface{ String() string } `json:"t"`
}, error) {
	return Descriptions1(), nil
}

// Descriptions1 is what GetDescriptions returns.
func Descriptions1() []struct {
	T interface{ String() string } `json:"t"`
} {
	d := make([]struct {
		T interface{ String() string } `json:"t"`
	}, 2)
	d[1].T = time.Minute
	return d
}

// Sparse has pointers to slices and maps that omitempty and omitzero
// leave out only when the pointer is nil: a pointer to a nil slice or map
// is written, as null.
type Sparse struct {
	List *[]string        `json:"list,omitempty"`
	Dict *map[string]int  `json:"dict,omitzero"`
	Raw  *json.RawMessage `json:"raw,omitempty"`
}

// GetSparse returns pointers to nothing.
//
//tool:export
func GetSparse(ctx context.Context) (Sparse, error) { return Sparse{}, nil }
