// Package unions uses nullable fields, groups of required fields and
// fields of several JSON types.
package unions

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// Contact reaches a customer by email, or by phone and country.
type Contact struct {
	Email   string `json:"email,omitempty" jsonschema:"oneof_required=byEmail,format=email"`
	Phone   string `json:"phone,omitempty" jsonschema:"oneof_required=byPhone"`
	Country string `json:"country,omitempty" jsonschema:"oneof_required=byPhone,minLength=2,maxLength=2"`
	// Name is nullable: null clears it.
	Name *string `json:"name" jsonschema:"nullable"`
	// Nick is a string or null, said the other way: it reads as nullable.
	Nick *string `json:"nick,omitempty" jsonschema:"oneof_type=string;null"`
	// Ref is a number or a string.
	Ref any `json:"ref,omitempty" jsonschema:"oneof_type=string;integer"`
	// Alias is a number, a string, or null: nullable joins the union.
	Alias any `json:"alias,omitempty" jsonschema:"oneof_type=string;integer,nullable"`
	// Meta is any of an object or an array.
	Meta json.RawMessage `json:"meta,omitempty" jsonschema:"anyof_type=object;array"`
	Tag  string          `json:"tag,omitempty" jsonschema:"anyof_required=byTag"`
	Kind string          `json:"kind,omitempty" jsonschema:"anyof_required=byKind"`
}

// Reach reaches a customer.
//
//tool:export omit=openai
func Reach(ctx context.Context, c Contact) (string, error) { return c.Email + c.Phone, nil }

// Flag is a boolean that models often send as a string; its own
// UnmarshalJSON reads both.
type Flag bool

// UnmarshalJSON reads true, false, "true" or "false".
func (f *Flag) UnmarshalJSON(data []byte) error {
	var s string
	if json.Unmarshal(data, &s) == nil {
		data = []byte(s)
	}
	var b bool
	err := json.Unmarshal(data, &b)
	*f = Flag(b)
	return err
}

// Names are one name or a list of them; its own UnmarshalJSON reads both.
type Names []string

// UnmarshalJSON reads "ann" or ["ann", "bob"].
func (n *Names) UnmarshalJSON(data []byte) error {
	var one string
	if json.Unmarshal(data, &one) == nil {
		*n = Names{one}
		return nil
	}
	var many []string
	err := json.Unmarshal(data, &many)
	*n = many
	return err
}

// Invitation is who to invite, with types that decode themselves from
// more than one JSON type, which their tags state.
type Invitation struct {
	// Guests to invite.
	Guests Names `json:"guests" jsonschema:"anyof_type=string;array"`
	// Public makes the event visible to all.
	Public Flag `json:"public,omitempty" jsonschema:"oneof_type=boolean;string"`
	// Hosts of the event: its schema is its Go shape, with an example.
	Hosts Names `json:"hosts,omitempty" jsonschema:"type=array,example=ann"`
	// Venue of the event, or null: an object that decodes itself.
	Venue *Venue `json:"venue,omitempty" jsonschema:"oneof_type=object;null"`
	// On is the day of the event: a type that decodes itself from a
	// string, whose format is checked before its method reads it.
	On Day `json:"on,omitempty" jsonschema:"format=date,type=string,maxLength=10"`
	// Seats are one seat or a list of them; a list's seats are checked
	// before the type's own UnmarshalJSON reads them.
	Seats Seats `json:"seats,omitempty" jsonschema:"oneof_type=object;array"`
	// Max is the most guests.
	Max int `json:"max,omitempty"`
	// Hours the event lasts: one number, or the first and last hour.
	Hours Span `json:"hours,omitempty" jsonschema:"oneof_type=integer;array"`
}

// Span is a number of hours, or a pair of them, read by its own
// UnmarshalJSON.
type Span [2]int

// UnmarshalJSON reads 3 or [9, 12].
func (s *Span) UnmarshalJSON(data []byte) error {
	var n int
	if json.Unmarshal(data, &n) == nil {
		*s = Span{0, n}
		return nil
	}
	var pair [2]int
	err := json.Unmarshal(data, &pair)
	*s = pair
	return err
}

// Seat is a place at the event.
type Seat struct {
	// Row of the seat, from 0.
	Row int `json:"row" jsonschema:"minimum=0"`
	// Label of the seat, such as A.
	Label string `json:"label"`
}

// Seats are one seat or a list of them, read by their own UnmarshalJSON.
type Seats []Seat

// UnmarshalJSON reads a seat or a list of seats.
func (s *Seats) UnmarshalJSON(data []byte) error {
	var one Seat
	if json.Unmarshal(data, &one) == nil && len(data) > 0 && data[0] == '{' {
		*s = Seats{one}
		return nil
	}
	var many []Seat
	err := json.Unmarshal(data, &many)
	*s = many
	return err
}

// Day is a calendar date, written YYYY-MM-DD.
type Day struct{ time.Time }

// UnmarshalJSON reads "2006-01-02".
func (d *Day) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	t, err := time.Parse("2006-01-02", s)
	d.Time = t
	return err
}

// Venue is where an event is, read by its own UnmarshalJSON.
type Venue struct {
	// City of the venue.
	City string `json:"city"`
}

// UnmarshalJSON reads a venue's fields.
func (v *Venue) UnmarshalJSON(data []byte) error {
	type plain Venue
	return json.Unmarshal(data, (*plain)(v))
}

// Invite invites guests to an event.
//
//tool:export readonly
func Invite(ctx context.Context, in Invitation) (string, error) {
	if in.Public {
		return "public: " + strings.Join(in.Guests, ", "), nil
	}
	return strings.Join(in.Guests, ", "), nil
}
