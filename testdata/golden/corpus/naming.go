package corpus

import "context"

// This file: Go field names that differ from their JSON names, and the
// json tag options.

// ProfileUpdate changes a user profile.
type ProfileUpdate struct {
	UserID      string `json:"user_id"`
	DisplayName string `json:"displayName,omitempty"`
	AvatarURL   string `json:"avatarUrl,omitempty" jsonschema:"format=uri"`
	HTTPProxy   string `json:"http_proxy,omitempty"`
	// Secret is never read from the model.
	Secret string `json:"-"`
	// internal is not exported.
	internal string
	// Age in whole years.
	Age uint8 `json:"age,omitzero"`
}

// UpdateProfile changes fields of a user's profile.
//
//tool:export
func UpdateProfile(ctx context.Context, in ProfileUpdate) (ProfileUpdate, error) {
	in.internal = ""
	return in, nil
}

// LookupOrderInput names an order.
type LookupOrderInput struct {
	// OrderNumber printed on the receipt.
	OrderNumber string `json:"orderNumber"`
	// CustomerID of the buyer, when known.
	CustomerID string `json:"customerId,omitempty"`
	// IncludeLines to return the order's lines as well.
	IncludeLines bool `json:"includeLines,omitempty"`
}

// LookupOrder finds an order by its number.
//
//tool:export
func LookupOrder(ctx context.Context, in LookupOrderInput) (LookupOrderInput, error) { return in, nil }

// UntaggedInput has fields without json tags.
type UntaggedInput struct {
	Query    string
	MaxHits  int    `json:",omitempty"`
	Language string `json:",omitempty" jsonschema:"ISO 639-1 code, e.g. en, fr"`
	Fuzzy    bool   `json:"fuzzy,omitempty"`
}

// SearchWiki searches the wiki.
//
//tool:export
func SearchWiki(ctx context.Context, in UntaggedInput) (UntaggedInput, error) { return in, nil }

// MeetingInput books a meeting room.
type MeetingInput struct {
	// RoomID of the meeting room.
	RoomID string `json:"roomId"`
	// Attendees by email address.
	Attendees []string `json:"attendees" jsonschema:"minItems=1"`
	// DurationMin of the meeting, in minutes.
	DurationMin int `json:"durationMin" jsonschema:"minimum=15,maximum=480"`
	// AgendaURL, if there is one.
	AgendaURL *string `json:"agendaUrl,omitempty"`
	// IsPrivate hides the title from others.
	IsPrivate bool `json:"isPrivate,omitzero"`
}

// BookMeeting books a meeting room.
//
//tool:export
func BookMeeting(ctx context.Context, in MeetingInput) (MeetingInput, error) { return in, nil }

// ClusterScale changes a deployment's size.
type ClusterScale struct {
	Namespace  string `json:"namespace"`
	Deployment string `json:"deployment"`
	Replicas   int32  `json:"replicas" jsonschema:"minimum=0,maximum=50"`
	DryRun     bool   `json:"dry_run,omitempty"`
}

// ScaleDeployment sets the number of replicas of a deployment.
//
//tool:export
func ScaleDeployment(ctx context.Context, in ClusterScale) (ClusterScale, error) { return in, nil }
