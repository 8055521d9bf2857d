package errorsworld

import "context"

// Request stands for an SDK's request type.
type Request struct{ Name string }

// CallResult stands for an SDK's result type.
type CallResult struct{ Text string }

// EchoArgs is what echo takes.
type EchoArgs struct {
	Text string `json:"text"`
}

// Echo is written as the go-sdk's typed handler, with three results.
//
//tool:export
func Echo(ctx context.Context, req *Request, in EchoArgs) (*CallResult, any, error) {
	return nil, nil, nil
}

// Secret has an unexported field with a json tag.
type SecretArgs struct {
	Name  string `json:"name"`
	token string `json:"token"`
}

// UseSecret uses a secret.
//
//tool:export
func UseSecret(ctx context.Context, in SecretArgs) (string, error) { return in.token, nil }

// PtrArgs has a pointer to a pointer.
type PtrArgs struct {
	N **int `json:"n,omitempty"`
}

// Ptr takes a pointer to a pointer.
//
//tool:export
func Ptr(ctx context.Context, in PtrArgs) (string, error) { return "", nil }

// Owner is one embedded struct.
type Owner struct {
	ID   string
	Name string `json:"name,omitempty"`
}

// Project is another, with an ID of its own.
type Project struct {
	ID string
}

// TransferArgs embeds both: encoding/json drops both IDs without a word.
type TransferArgs struct {
	Owner
	Project
}

// Transfer moves a project to an owner.
//
//tool:export
func Transfer(ctx context.Context, in TransferArgs) (string, error) { return "", nil }

// LabelArgs has the string option on a string, which some servers copy
// from their ID fields.
type LabelArgs struct {
	Label string `json:"label,string"`
}

// SetLabel sets a label.
//
//tool:export
func SetLabel(ctx context.Context, in LabelArgs) (string, error) { return in.Label, nil }

// FlagArgs says required=false where encoding/json requires the field,
// and required with a value that is no boolean.
type FlagArgs struct {
	Answer string `json:"answer" jsonschema:"required=false"`
	Reason string `json:"reason,omitempty" jsonschema:"required=yes"`
}

// Flag flags an answer.
//
//tool:export
func Flag(ctx context.Context, in FlagArgs) (string, error) { return in.Answer, nil }

// ToggleArgs gives a flag a value that is no boolean.
type ToggleArgs struct {
	Note *string  `json:"note,omitempty" jsonschema:"nullable=1"`
	Tags []string `json:"tags,omitempty" jsonschema:"uniqueItems=yes"`
}

// Toggle toggles.
//
//tool:export
func Toggle(ctx context.Context, in ToggleArgs) (string, error) { return "", nil }
