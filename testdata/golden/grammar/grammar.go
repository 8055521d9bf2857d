// Package grammar has tool inputs written for the MCP go-sdk (whole-tag
// descriptions), for invopop/jsonschema (keywords), and types that decode
// themselves.
package grammar

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// TripRequest mixes the two tag grammars, as code moved from the go-sdk
// does.
type TripRequest struct {
	City   string   `json:"city" jsonschema:"the city, e.g. Paris (or nyc=New York)"`
	Seat   string   `json:"seat,omitempty" jsonschema:"window | aisle | any"`
	Since  string   `json:"since,omitempty" jsonschema:"include trips with updated_at >= this time"`
	Quoted string   `json:"quoted,omitempty" jsonschema:"say \"hello\": then wait"`
	Limit  int      `json:"limit,omitempty" jsonschema:"minimum=1,maximum=50,default=10"`
	Tags   []string `json:"tags,omitempty" jsonschema:"required,description=labels\\, at most 3,maxItems=3"`
	Note   string   `json:"note,omitempty" description:"a free-form note"`
	Mode   string   `json:"mode,omitempty" jsonschema_description:"how to travel" jsonschema:"enum=train,enum=plane"`
	// The country's code (invopop's grammar with spaces after the commas,
	// as people write it; the next field has commas in its description,
	// which invopop would cut at the first).
	Code   string `json:"code,omitempty" jsonschema:"minLength=2, maxLength=3"`
	Status string `json:"status,omitempty" jsonschema:"description=Filter by status (open, closed, any), enum=open, enum=closed, enum=any"`
	// Bare flags first, then a description with commas: still invopop's.
	Dir string `json:"dir" jsonschema:"required,minLength=1,description=Absolute path (e.g., /home/x)"`
}

// PlanTrip plans a trip.
//
//tool:export
func PlanTrip(ctx context.Context, in TripRequest) (TripRequest, error) { return in, nil }

// Range decodes itself from an object, with its own rules.
type Range struct {
	From int `json:"from" jsonschema:"minimum=0"`
	To   int `json:"to"`
}

// UnmarshalJSON reads a range and orders its ends.
func (r *Range) UnmarshalJSON(data []byte) error {
	type plain Range
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	if p.From > p.To {
		p.From, p.To = p.To, p.From
	}
	*r = Range(p)
	return nil
}

// Lower is a string that decodes itself to lower case.
type Lower string

// UnmarshalJSON reads a string in lower case.
func (l *Lower) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	if s == "" {
		return fmt.Errorf("must not be empty")
	}
	*l = Lower(strings.ToLower(s))
	return nil
}

// Level has both a JSON and a text form; encoding/json uses UnmarshalJSON.
type Level int

// UnmarshalText reads low or high.
func (l *Level) UnmarshalText(text []byte) error {
	switch string(text) {
	case "low":
		*l = 1
	case "high":
		*l = 2
	default:
		return fmt.Errorf("want low or high")
	}
	return nil
}

// UnmarshalJSON reads a quoted level.
func (l *Level) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	return l.UnmarshalText([]byte(s))
}

// Flexible decodes itself from a number or a string of digits.
type Flexible struct {
	N int
}

// UnmarshalJSON reads 5 or "5".
func (f *Flexible) UnmarshalJSON(data []byte) error {
	return json.Unmarshal([]byte(strings.Trim(string(data), `"`)), &f.N)
}

// Count is an integer that decodes itself from 5 or "5".
type Count int

// UnmarshalJSON reads a number, quoted or not.
func (c *Count) UnmarshalJSON(data []byte) error {
	return json.Unmarshal([]byte(strings.Trim(string(data), `"`)), (*int)(c))
}

// List is a list of strings that decodes itself from one string too.
type List []string

// UnmarshalJSON reads ["a", "b"], or "a" as ["a"].
func (l *List) UnmarshalJSON(data []byte) error {
	var one string
	if json.Unmarshal(data, &one) == nil {
		*l = List{one}
		return nil
	}
	return json.Unmarshal(data, (*[]string)(l))
}

// Query has fields of types that decode themselves.
type Query struct {
	Count  Count      `json:"count,omitempty" jsonschema:"minimum=1,maximum=10"`
	Tags   List       `json:"tags,omitempty"`
	Limit  int        `json:"limit,omitempty"`
	Span   Range      `json:"span"`
	Spans  []Range    `json:"spans,omitempty"`
	Owner  *Lower     `json:"owner,omitempty"`
	Names  []Lower    `json:"names,omitempty"`
	Level  Level      `json:"level,omitempty"`
	Amount Flexible   `json:"amount,omitempty" jsonschema:"type=integer"`
	Parts  []Flexible `json:"parts,omitempty" jsonschema:"type=string"`
}

// RunQuery runs a query.
//
//tool:export
func RunQuery(ctx context.Context, in Query) (Query, error) { return in, nil }

// Window is an argument struct with its own UnmarshalJSON.
type Window struct {
	Start int `json:"start"`
	End   int `json:"end,omitempty"`
}

// UnmarshalJSON fills End from Start when it is left out.
func (w *Window) UnmarshalJSON(data []byte) error {
	type plain Window
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	if p.End == 0 {
		p.End = p.Start + 10
	}
	*w = Window(p)
	return nil
}

// OpenWindow opens a window.
//
//tool:export
func OpenWindow(ctx context.Context, in Window) (Window, error) { return in, nil }
