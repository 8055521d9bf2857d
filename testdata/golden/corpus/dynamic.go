package corpus

import (
	"context"
	"encoding/json"
)

// This file: free-form values.

// EventInput records an analytics event.
type EventInput struct {
	Name string `json:"name" jsonschema:"event name, e.g. signup or checkout.completed"`
	// Props are the event's properties, any JSON values.
	Props map[string]any `json:"props,omitempty"`
	// Labels are string tags.
	Labels map[string]string `json:"labels,omitempty"`
}

// TrackEvent records an event for analytics.
//
//tool:export
func TrackEvent(ctx context.Context, in EventInput) (EventInput, error) { return in, nil }

// PatchInput changes a stored record.
type PatchInput struct {
	ID string `json:"id"`
	// Value is the new value, of any JSON type.
	Value any `json:"value"`
	// Previous is the value expected before the change, for an optimistic check.
	Previous any `json:"previous,omitempty"`
}

// PatchRecord sets a record's value.
//
//tool:export
func PatchRecord(ctx context.Context, in PatchInput) (PatchInput, error) { return in, nil }

// WebhookInput sends a webhook.
type WebhookInput struct {
	URL     string            `json:"url" jsonschema:"format=uri"`
	Headers map[string]string `json:"headers,omitempty"`
	// Payload is sent as it is.
	Payload json.RawMessage `json:"payload"`
}

// SendWebhook posts a payload to a URL.
//
//tool:export
func SendWebhook(ctx context.Context, in WebhookInput) (WebhookInput, error) { return in, nil }

// QueryInput runs a parameterised query.
type QueryInput struct {
	SQL    string                     `json:"sql" jsonschema:"a SELECT statement; use $1, $2 ... for parameters"`
	Params []any                      `json:"params,omitempty"`
	Hints  map[string]int             `json:"hints,omitempty"`
	Meta   map[string]json.RawMessage `json:"meta,omitempty"`
}

// RunQuery runs a read-only SQL query.
//
//tool:export
func RunQuery(ctx context.Context, in QueryInput) (QueryInput, error) { return in, nil }

// ConfigPatch merges settings.
type ConfigPatch struct {
	Section  string                       `json:"section"`
	Settings map[string]map[string]string `json:"settings"`
	Raw      json.RawMessage              `json:"raw,omitempty"`
}

// MergeConfig merges settings into a configuration section.
//
//tool:export
func MergeConfig(ctx context.Context, in ConfigPatch) (ConfigPatch, error) { return in, nil }
