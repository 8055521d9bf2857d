// Package errorsworld holds argument shapes that public Go MCP servers
// and agent projects write and that toolgen refuses, each with a position
// and what to write instead.
package errorsworld

import (
	"context"
	"encoding/json"
	"fmt"
	"net/netip"
)

// SearchReposInput writes enum values joined by "|", as some servers do.
type SearchReposInput struct {
	Query string `json:"query" jsonschema:"required,description=Search query"`
	Sort  string `json:"sort" jsonschema:"description=Sort field,enum=stars|forks|updated"`
}

// SearchRepos searches repositories.
//
//tool:export
func SearchRepos(ctx context.Context, in SearchReposInput) (string, error) { return "", nil }

// AmountInput takes a json.Number.
type AmountInput struct {
	Amount json.Number `json:"amount" jsonschema:"description=Amount in the account's currency"`
}

// Charge charges an amount.
//
//tool:export
func Charge(ctx context.Context, in AmountInput) (string, error) { return "", nil }

// Blob is a named byte slice.
type Blob []byte

// UploadInput uploads a blob.
type UploadInput struct {
	Data Blob `json:"data"`
}

// Upload uploads data.
//
//tool:export
func Upload(ctx context.Context, in UploadInput) (string, error) { return "", nil }

// FormatInput has an interface with methods.
type FormatInput struct {
	Value fmt.Stringer `json:"value"`
}

// Format formats a value.
//
//tool:export
func Format(ctx context.Context, in FormatInput) (string, error) { return "", nil }

// TunnelInput sets a pattern through jsonschema_extras, as connector
// configs do.
type TunnelInput struct {
	Endpoint string `json:"endpoint" jsonschema:"title=SSH endpoint" jsonschema_extras:"pattern=^ssh://.+@.+$"`
}

// OpenTunnel opens a tunnel.
//
//tool:export
func OpenTunnel(ctx context.Context, in TunnelInput) (string, error) { return "", nil }

// ConfirmInput uses a keyword invopop does not have.
type ConfirmInput struct {
	Confirm bool `json:"confirm" jsonschema:"const=true"`
}

// ConfirmAction confirms an action.
//
//tool:export
func ConfirmAction(ctx context.Context, in ConfirmInput) (string, error) { return "", nil }

// StatusInput lists enum values after one enum=.
type StatusInput struct {
	Status string `json:"status" jsonschema:"required,enum=open,closed"`
}

// SetStatus sets a status.
//
//tool:export
func SetStatus(ctx context.Context, in StatusInput) (string, error) { return "", nil }

// ScoresInput has a map with integer keys.
type ScoresInput struct {
	ByID map[int]float64 `json:"byId"`
}

// SetScores sets scores.
//
//tool:export
func SetScores(ctx context.Context, in ScoresInput) (string, error) { return "", nil }

// CountInput has a bad bound.
type CountInput struct {
	N int `json:"n" jsonschema:"minimum=one"`
}

// Count counts.
//
//tool:export
func Count(ctx context.Context, in CountInput) (string, error) { return "", nil }

// SinkInput gives a map an example as JSON, as HTTP-sink configs do.
type SinkInput struct {
	BaseURL string            `json:"base_url" jsonschema:"required,example=https://api.example.com"`
	Headers map[string]string `json:"headers,omitempty" jsonschema:"example={\"Authorization\":\"Bearer token\"}"`
}

// ConfigureSink configures a sink.
//
//tool:export
func ConfigureSink(ctx context.Context, in SinkInput) (string, error) { return in.BaseURL, nil }

// PeerInput gives a default to a type that reads itself from text, and a
// []byte an example that is no base64.
type PeerInput struct {
	Addr netip.Addr `json:"addr,omitzero" jsonschema:"default=10.0.0.1"`
	Key  []byte     `json:"key,omitempty" jsonschema:"example=not base64"`
}

// AddPeer adds a peer.
//
//tool:export
func AddPeer(ctx context.Context, in PeerInput) (string, error) { return in.Addr.String(), nil }
