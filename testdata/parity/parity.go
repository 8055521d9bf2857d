// Package parity holds the struct types of the parity test, which
// compares toolgen's schemas with invopop/jsonschema's Reflector over the
// same types (see gen/parity_test.go). Each type is the input of a tool.
package parity

import (
	"context"
	"encoding/json"
	"net/netip"
	"strings"
	"time"
)

// Inner is nested.
type Inner struct {
	X int    `json:"x"`
	Y string `json:"y,omitempty"`
}

// Box is generic.
type Box[T any] struct {
	V T `json:"v"`
}

// Text is an alias.
type Text = string

// Word is a named string.
type Word string

// Color is an enum.
type Color string

// The colors.
const (
	Red  Color = "red"
	Blue Color = "blue"
)

// Types maps each tool's name to a value of its input type.
var Types = map[string]any{
	"take_strings":          Strings{},
	"take_ints":             Ints{},
	"take_uints":            Uints{},
	"take_floats":           Floats{},
	"take_bools":            Bools{},
	"take_required":         Required{},
	"take_titles":           Titles{},
	"take_enums":            Enums{},
	"take_defaults":         Defaults{},
	"take_patterns":         Patterns{},
	"take_formats":          Formats{},
	"take_examples":         Examples{},
	"take_read_write":       ReadWrite{},
	"take_extras":           Extras{},
	"take_slices":           Slices{},
	"take_slice_items":      SliceItems{},
	"take_unique":           Unique{},
	"take_multiple_of":      MultipleOf{},
	"take_arrays":           Arrays{},
	"take_maps":             Maps{},
	"take_pointers":         Pointers{},
	"take_nested":           Nested{},
	"take_nested_slice":     NestedSlice{},
	"take_anonymous":        Anonymous{},
	"take_times":            Times{},
	"take_bytes":            Bytes{},
	"take_anys":             Anys{},
	"take_skipped":          Skipped{},
	"take_renamed":          Renamed{},
	"take_embedded":         Embedded{},
	"take_embedded_pointer": EmbeddedPointer{},
	"take_text_types":       TextTypes{},
	"take_quoted_numbers":   QuotedNumbers{},
	"take_nullable":         Nullable{},
	"take_one_of_required":  OneOfRequired{},
	"take_any_of_required":  AnyOfRequired{},
	"take_one_of_type":      OneOfType{},
	"take_any_of_type":      AnyOfType{},
	"take_generic":          Generic{},
	"take_aliases":          Aliases{},
	"take_const_enum":       ConstEnum{},
	"take_sized_ints":       SizedInts{},
	"take_default_required": DefaultRequired{},
	"take_array_defaults":   ArrayDefaults{},
	"take_raw_json":         RawJSON{},
	"take_durations":        Durations{},
	"take_sdk_tags":         SDKTags{},
	"take_self_decoding":    SelfDecoding{},
}

// Strings is a parity case.
type Strings struct {
	A string `json:"a"`
	B string `json:"b,omitempty"`
	C string `json:"c" jsonschema:"minLength=1,maxLength=9"`
}

// TakeStrings takes a Strings.
//
//tool:export omit=openai,gemini,anthropic
func TakeStrings(ctx context.Context, in Strings) error { return nil }

// Ints is a parity case.
type Ints struct {
	A int   `json:"a"`
	B int64 `json:"b,omitempty" jsonschema:"minimum=-5,maximum=5"`
	C int32 `json:"c" jsonschema:"exclusiveMinimum=0"`
}

// TakeInts takes a Ints.
//
//tool:export omit=openai,gemini,anthropic
func TakeInts(ctx context.Context, in Ints) error { return nil }

// Uints is a parity case.
type Uints struct {
	A uint   `json:"a"`
	B uint8  `json:"b"`
	C uint64 `json:"c" jsonschema:"maximum=100"`
}

// TakeUints takes a Uints.
//
//tool:export omit=openai,gemini,anthropic
func TakeUints(ctx context.Context, in Uints) error { return nil }

// Floats is a parity case.
type Floats struct {
	A float64 `json:"a" jsonschema:"minimum=0.5,exclusiveMaximum=9.5"`
	B float32 `json:"b,omitempty"`
}

// TakeFloats takes a Floats.
//
//tool:export omit=openai,gemini,anthropic
func TakeFloats(ctx context.Context, in Floats) error { return nil }

// Bools is a parity case.
type Bools struct {
	A bool `json:"a"`
	B bool `json:"b,omitempty" jsonschema:"default=true"`
}

// TakeBools takes a Bools.
//
//tool:export omit=openai,gemini,anthropic
func TakeBools(ctx context.Context, in Bools) error { return nil }

// Required is a parity case.
type Required struct {
	A string `json:"a,omitempty" jsonschema:"required"`
	B string `json:"b,omitzero"`
}

// TakeRequired takes a Required.
//
//tool:export omit=openai,gemini,anthropic
func TakeRequired(ctx context.Context, in Required) error { return nil }

// Titles is a parity case.
type Titles struct {
	A string `json:"a" jsonschema:"title=The A,description=An A\\, or not"`
	B string `json:"b" jsonschema_description:"The B"`
}

// TakeTitles takes a Titles.
//
//tool:export omit=openai,gemini,anthropic
func TakeTitles(ctx context.Context, in Titles) error { return nil }

// Enums is a parity case.
type Enums struct {
	A string `json:"a" jsonschema:"enum=x,enum=y"`
	B int    `json:"b" jsonschema:"enum=1,enum=2"`
}

// TakeEnums takes a Enums.
//
//tool:export omit=openai,gemini,anthropic
func TakeEnums(ctx context.Context, in Enums) error { return nil }

// Defaults is a parity case.
type Defaults struct {
	A string  `json:"a,omitempty" jsonschema:"default=hi"`
	B int     `json:"b,omitempty" jsonschema:"default=3"`
	C float64 `json:"c,omitempty" jsonschema:"default=1.5"`
}

// TakeDefaults takes a Defaults.
//
//tool:export omit=openai,gemini,anthropic
func TakeDefaults(ctx context.Context, in Defaults) error { return nil }

// Patterns is a parity case.
type Patterns struct {
	A string `json:"a" jsonschema:"pattern=^[a-z]+$"`
	B string `json:"b" jsonschema:"pattern=^[0-9]{2\\,4}$"`
}

// TakePatterns takes a Patterns.
//
//tool:export omit=openai,gemini,anthropic
func TakePatterns(ctx context.Context, in Patterns) error { return nil }

// Formats is a parity case.
type Formats struct {
	A string `json:"a" jsonschema:"format=email"`
	B string `json:"b" jsonschema:"format=uuid"`
	C string `json:"c" jsonschema:"format=date-time"`
}

// TakeFormats takes a Formats.
//
//tool:export omit=openai,gemini,anthropic
func TakeFormats(ctx context.Context, in Formats) error { return nil }

// Examples is a parity case.
type Examples struct {
	A string `json:"a" jsonschema:"example=foo,example=bar"`
	B int    `json:"b" jsonschema:"example=7"`
}

// TakeExamples takes a Examples.
//
//tool:export omit=openai,gemini,anthropic
func TakeExamples(ctx context.Context, in Examples) error { return nil }

// ReadWrite is a parity case.
type ReadWrite struct {
	A string `json:"a" jsonschema:"readOnly=true"`
	B string `json:"b" jsonschema:"writeOnly=true"`
}

// TakeReadWrite takes a ReadWrite.
//
//tool:export omit=openai,gemini,anthropic
func TakeReadWrite(ctx context.Context, in ReadWrite) error { return nil }

// Extras is a parity case.
type Extras struct {
	A string `json:"a" jsonschema_extras:"x-unit=cm,x-flag=true"`
}

// TakeExtras takes a Extras.
//
//tool:export omit=openai,gemini,anthropic
func TakeExtras(ctx context.Context, in Extras) error { return nil }

// Slices is a parity case.
type Slices struct {
	A []string `json:"a"`
	B []int    `json:"b,omitempty" jsonschema:"minItems=1,maxItems=3"`
}

// TakeSlices takes a Slices.
//
//tool:export omit=openai,gemini,anthropic
func TakeSlices(ctx context.Context, in Slices) error { return nil }

// SliceItems is a parity case.
type SliceItems struct {
	A []string `json:"a" jsonschema:"minLength=2,format=email"`
	B []int    `json:"b" jsonschema:"minimum=1"`
}

// TakeSliceItems takes a SliceItems.
//
//tool:export omit=openai,gemini,anthropic
func TakeSliceItems(ctx context.Context, in SliceItems) error { return nil }

// Unique is a parity case.
type Unique struct {
	A []string `json:"a" jsonschema:"uniqueItems=true"`
}

// TakeUnique takes a Unique.
//
//tool:export omit=openai,gemini,anthropic
func TakeUnique(ctx context.Context, in Unique) error { return nil }

// MultipleOf is a parity case.
type MultipleOf struct {
	A int     `json:"a" jsonschema:"multipleOf=5"`
	B float64 `json:"b" jsonschema:"multipleOf=0.5"`
}

// TakeMultipleOf takes a MultipleOf.
//
//tool:export omit=openai,gemini,anthropic
func TakeMultipleOf(ctx context.Context, in MultipleOf) error { return nil }

// Arrays is a parity case.
type Arrays struct {
	A [3]int    `json:"a"`
	B [2]string `json:"b"`
}

// TakeArrays takes a Arrays.
//
//tool:export omit=openai,gemini,anthropic
func TakeArrays(ctx context.Context, in Arrays) error { return nil }

// Maps is a parity case.
type Maps struct {
	A map[string]int    `json:"a"`
	B map[string]string `json:"b,omitempty"`
}

// TakeMaps takes a Maps.
//
//tool:export omit=openai,gemini,anthropic
func TakeMaps(ctx context.Context, in Maps) error { return nil }

// Pointers is a parity case.
type Pointers struct {
	A *string `json:"a"`
	B *int    `json:"b,omitempty" jsonschema:"minimum=2"`
}

// TakePointers takes a Pointers.
//
//tool:export omit=openai,gemini,anthropic
func TakePointers(ctx context.Context, in Pointers) error { return nil }

// Nested is a parity case.
type Nested struct {
	A Inner  `json:"a"`
	B *Inner `json:"b,omitempty"`
}

// TakeNested takes a Nested.
//
//tool:export omit=openai,gemini,anthropic
func TakeNested(ctx context.Context, in Nested) error { return nil }

// NestedSlice is a parity case.
type NestedSlice struct {
	A []Inner `json:"a"`
}

// TakeNestedSlice takes a NestedSlice.
//
//tool:export omit=openai,gemini,anthropic
func TakeNestedSlice(ctx context.Context, in NestedSlice) error { return nil }

// Anonymous is a parity case.
type Anonymous struct {
	A struct {
		X int `json:"x"`
	} `json:"a"`
}

// TakeAnonymous takes a Anonymous.
//
//tool:export omit=openai,gemini,anthropic
func TakeAnonymous(ctx context.Context, in Anonymous) error { return nil }

// Times is a parity case.
type Times struct {
	A time.Time  `json:"a"`
	B *time.Time `json:"b,omitempty"`
}

// TakeTimes takes a Times.
//
//tool:export omit=openai,gemini,anthropic
func TakeTimes(ctx context.Context, in Times) error { return nil }

// Bytes is a parity case.
type Bytes struct {
	A []byte `json:"a"`
}

// TakeBytes takes a Bytes.
//
//tool:export omit=openai,gemini,anthropic
func TakeBytes(ctx context.Context, in Bytes) error { return nil }

// Anys is a parity case.
type Anys struct {
	A any         `json:"a"`
	B interface{} `json:"b,omitempty"`
}

// TakeAnys takes a Anys.
//
//tool:export omit=openai,gemini,anthropic
func TakeAnys(ctx context.Context, in Anys) error { return nil }

// Skipped is a parity case.
type Skipped struct {
	A string `json:"-"`
	B string `json:"b" jsonschema:"-"`
	c string
	D string `json:"d"`
}

// TakeSkipped takes a Skipped.
//
//tool:export omit=openai,gemini,anthropic
func TakeSkipped(ctx context.Context, in Skipped) error { return nil }

// Renamed is a parity case.
type Renamed struct {
	A string `json:"alpha"`
	B string
}

// TakeRenamed takes a Renamed.
//
//tool:export omit=openai,gemini,anthropic
func TakeRenamed(ctx context.Context, in Renamed) error { return nil }

// Embedded is a parity case.
type Embedded struct {
	Inner
	A string `json:"a"`
}

// TakeEmbedded takes a Embedded.
//
//tool:export omit=openai,gemini,anthropic
func TakeEmbedded(ctx context.Context, in Embedded) error { return nil }

// EmbeddedPointer is a parity case.
type EmbeddedPointer struct {
	*Inner
	B string `json:"b"`
}

// TakeEmbeddedPointer takes a EmbeddedPointer.
//
//tool:export omit=openai,gemini,anthropic
func TakeEmbeddedPointer(ctx context.Context, in EmbeddedPointer) error { return nil }

// TextTypes is a parity case.
type TextTypes struct {
	A netip.Addr `json:"a"`
}

// TakeTextTypes takes a TextTypes.
//
//tool:export omit=openai,gemini,anthropic
func TakeTextTypes(ctx context.Context, in TextTypes) error { return nil }

// QuotedNumbers is a parity case.
type QuotedNumbers struct {
	A int  `json:"a,string"`
	B bool `json:"b,string"`
}

// TakeQuotedNumbers takes a QuotedNumbers.
//
//tool:export omit=openai,gemini,anthropic
func TakeQuotedNumbers(ctx context.Context, in QuotedNumbers) error { return nil }

// Nullable is a parity case.
type Nullable struct {
	A *string `json:"a" jsonschema:"nullable"`
}

// TakeNullable takes a Nullable.
//
//tool:export omit=openai,gemini,anthropic
func TakeNullable(ctx context.Context, in Nullable) error { return nil }

// OneOfRequired is a parity case.
type OneOfRequired struct {
	A string `json:"a,omitempty" jsonschema:"oneof_required=one"`
	B string `json:"b,omitempty" jsonschema:"oneof_required=two"`
}

// TakeOneOfRequired takes a OneOfRequired.
//
//tool:export omit=openai,gemini,anthropic
func TakeOneOfRequired(ctx context.Context, in OneOfRequired) error { return nil }

// AnyOfRequired is a parity case.
type AnyOfRequired struct {
	A string `json:"a,omitempty" jsonschema:"anyof_required=one"`
	B string `json:"b,omitempty" jsonschema:"anyof_required=two"`
}

// TakeAnyOfRequired takes a AnyOfRequired.
//
//tool:export omit=openai,gemini,anthropic
func TakeAnyOfRequired(ctx context.Context, in AnyOfRequired) error { return nil }

// OneOfType is a parity case.
type OneOfType struct {
	A any `json:"a" jsonschema:"oneof_type=string;integer"`
}

// TakeOneOfType takes a OneOfType.
//
//tool:export omit=openai,gemini,anthropic
func TakeOneOfType(ctx context.Context, in OneOfType) error { return nil }

// AnyOfType is a parity case.
type AnyOfType struct {
	A any `json:"a" jsonschema:"anyof_type=string;array"`
}

// TakeAnyOfType takes a AnyOfType.
//
//tool:export omit=openai,gemini,anthropic
func TakeAnyOfType(ctx context.Context, in AnyOfType) error { return nil }

// Generic is a parity case.
type Generic struct {
	A Box[int]    `json:"a"`
	B Box[string] `json:"b"`
}

// TakeGeneric takes a Generic.
//
//tool:export omit=openai,gemini,anthropic
func TakeGeneric(ctx context.Context, in Generic) error { return nil }

// Aliases is a parity case.
type Aliases struct {
	A Text `json:"a"`
	B Word `json:"b"`
}

// TakeAliases takes a Aliases.
//
//tool:export omit=openai,gemini,anthropic
func TakeAliases(ctx context.Context, in Aliases) error { return nil }

// ConstEnum is a parity case.
type ConstEnum struct {
	A Color `json:"a"`
}

// TakeConstEnum takes a ConstEnum.
//
//tool:export omit=openai,gemini,anthropic
func TakeConstEnum(ctx context.Context, in ConstEnum) error { return nil }

// SizedInts is a parity case.
type SizedInts struct {
	A int8   `json:"a"`
	B int16  `json:"b"`
	C uint16 `json:"c"`
	D uint32 `json:"d"`
}

// TakeSizedInts takes a SizedInts.
//
//tool:export omit=openai,gemini,anthropic
func TakeSizedInts(ctx context.Context, in SizedInts) error { return nil }

// DefaultRequired is a parity case.
type DefaultRequired struct {
	A int `json:"a" jsonschema:"default=3"`
}

// TakeDefaultRequired takes a DefaultRequired.
//
//tool:export omit=openai,gemini,anthropic
func TakeDefaultRequired(ctx context.Context, in DefaultRequired) error { return nil }

// ArrayDefaults is a parity case.
type ArrayDefaults struct {
	A []int    `json:"a,omitempty" jsonschema:"default=1,default=2"`
	B []string `json:"b,omitempty" jsonschema:"default=x"`
}

// TakeArrayDefaults takes a ArrayDefaults.
//
//tool:export omit=openai,gemini,anthropic
func TakeArrayDefaults(ctx context.Context, in ArrayDefaults) error { return nil }

// RawJSON is a parity case.
type RawJSON struct {
	A json.RawMessage `json:"a"`
}

// TakeRawJSON takes a RawJSON.
//
//tool:export omit=openai,gemini,anthropic
func TakeRawJSON(ctx context.Context, in RawJSON) error { return nil }

// Durations is a parity case.
type Durations struct {
	A time.Duration `json:"a"`
}

// TakeDurations takes a Durations.
//
//tool:export omit=openai,gemini,anthropic
func TakeDurations(ctx context.Context, in Durations) error { return nil }

// SDKTags is written for the MCP go-sdk: each jsonschema tag is the
// field's description.
type SDKTags struct {
	City  string `json:"city" jsonschema:"the city, e.g. Paris (or nyc=New York)"`
	Seat  string `json:"seat,omitempty" jsonschema:"window | aisle | any"`
	Since string `json:"since,omitempty" jsonschema:"include docs with updated_at >= this time"`
	Limit int    `json:"limit,omitempty" jsonschema:"minimum=1,maximum=10"`
}

// TakeSDKTags takes an SDKTags.
//
//tool:export omit=openai,gemini,anthropic
func TakeSDKTags(ctx context.Context, in SDKTags) error { return nil }

// Span decodes itself from its fields.
type Span struct {
	From int `json:"from"`
	To   int `json:"to,omitempty"`
}

// UnmarshalJSON reads a span.
func (s *Span) UnmarshalJSON(data []byte) error {
	type plain Span
	return json.Unmarshal(data, (*plain)(s))
}

// Folded is a string that decodes itself.
type Folded string

// UnmarshalJSON reads a string in lower case.
func (f *Folded) UnmarshalJSON(data []byte) error {
	var s string
	err := json.Unmarshal(data, &s)
	*f = Folded(strings.ToLower(s))
	return err
}

// SelfDecoding has fields whose types have their own UnmarshalJSON.
type SelfDecoding struct {
	Span   Span     `json:"span"`
	Spans  []Span   `json:"spans,omitempty"`
	Name   Folded   `json:"name"`
	Others []Folded `json:"others,omitempty"`
}

// TakeSelfDecoding takes a SelfDecoding.
//
//tool:export omit=openai,gemini,anthropic
func TakeSelfDecoding(ctx context.Context, in SelfDecoding) error { return nil }
