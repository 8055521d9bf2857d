// Package unions uses nullable fields, groups of required fields and
// fields of several JSON types.
package unions

import (
	"context"
	"encoding/json"
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
	// Meta is any of an object or an array.
	Meta json.RawMessage `json:"meta,omitempty" jsonschema:"anyof_type=object;array"`
	Tag  string          `json:"tag,omitempty" jsonschema:"anyof_required=byTag"`
	Kind string          `json:"kind,omitempty" jsonschema:"anyof_required=byKind"`
}

// Reach reaches a customer.
//
//tool:export omit=openai
func Reach(ctx context.Context, c Contact) (string, error) { return c.Email + c.Phone, nil }
