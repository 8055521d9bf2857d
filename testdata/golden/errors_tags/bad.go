package bad

import (
	"context"
	"time"
)

// In has bad tag values.
type In struct {
	A  int       `json:"a" jsonschema:"minimum=bad"`
	B  string    `json:"b" jsonschema:"minLength=-1,maximum=3"`
	C  string    `json:"c" jsonschema:"pattern=([a-z"`
	D  int       `json:"d" jsonschema:"enum=x"`
	E  string    `json:"e" jsonschema:"format=colour"`
	F  string    `json:"f" jsonschema:"frobnicate=1"`
	G  []string  `json:"g" jsonschema:"minItems=5,maxItems=2"`
	H  int       `json:"h,omitempty" jsonschema:"minimum=1,default=0"`
	I  uint8     `json:"i" jsonschema:"default=300"`
	J  string    `json:"j" jsonschema:"oneof_type=string;integer"`
	K  bool      `json:"k" jsonschema:"default=yes"`
	L  string    `json:"l" jsonschema_extras:"minimum=3"`
	L2 string    `json:"l2" jsonschema_extras:"required=false"`
	L3 string    `json:"l3,omitempty" jsonschema_extras:"required=yes"`
	M  string    `json:"m\\n"`
	N  string    `json:"città"`
	O  float64   `json:"o" jsonschema:"enum=1,enum=2,enum=1.0"`
	P  string    `json:"p" jsonschema:"enum=c,f,default=c"`
	Q  int       `json:"q" jsonschema:"minimun=1, maximum=5"`
	R  string    `json:"r,omitempty" jsonschema:"enum=celsius,enum=kelvin,default=fahrenheit"`
	S  string    `json:"s,omitempty" jsonschema:"minLength=3,default=ab"`
	T  string    `json:"t,omitempty" jsonschema:"pattern=^[0-9]+$,default=12a"`
	U  float64   `json:"u,omitempty" jsonschema:"exclusiveMaximum=1,default=1"`
	V  []string  `json:"v,omitempty" jsonschema:"enum=a,enum=b,default=c,minItems=2"`
	W  []int     `json:"w,omitempty" jsonschema:"minimum=5,default=7,default=1,maxItems=1"`
	X  []Unit    `json:"x,omitempty" jsonschema:"default=kelvin,uniqueItems,default=celsius,default=celsius"`
	Y  float64   `json:"y,omitempty" jsonschema:"exclusiveMinimum=0.1,default=0.1"`
	Z  time.Time `json:"z,omitempty" jsonschema:"default=yesterday"`
	TE time.Time `json:"te,omitempty" jsonschema:"enum=2024-01-01T00:00:00Z"`
	SA Stamp     `json:"sa" jsonschema:"type=integer,format=date"`
	SB Stamp     `json:"sb"`
	SC Stamps    `json:"sc" jsonschema:"minItems=2,anyof_type=string;array"`
	TX Code      `json:"tx" jsonschema:"pattern=^[a-z]+$"`
}

// Code is a code read by its UnmarshalText.
type Code string

// UnmarshalText reads a code.
func (c *Code) UnmarshalText(b []byte) error { *c = Code(b); return nil }

// Stamp is a time that decodes itself.
type Stamp struct{ time.Time }

// UnmarshalJSON reads a Unix time.
func (s *Stamp) UnmarshalJSON(data []byte) error { return nil }

// Stamps are one stamp or a list of them.
type Stamps []string

// UnmarshalJSON reads a stamp or a list.
func (s *Stamps) UnmarshalJSON(data []byte) error { return nil }

// Unit is a unit of temperature.
type Unit string

// The units.
const (
	Celsius    Unit = "celsius"
	Fahrenheit Unit = "fahrenheit"
)

// Use uses In.
//
//tool:export
func Use(ctx context.Context, in In) error { return nil }
