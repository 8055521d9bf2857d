package corpus

import "context"

// This file: anonymous and embedded structs, pointers, deep nesting.

// Paging is embedded in several inputs.
type Paging struct {
	// Offset of the first item.
	Offset int `json:"offset,omitempty"`
	// Limit on the number of items; 0 means the server's choice.
	Limit int `json:"limit,omitempty"`
}

// Audit records who asks.
type Audit struct {
	RequestedBy string `json:"requested_by,omitempty"`
	Reason      string `json:"reason,omitempty"`
}

// ListUsersInput embeds paging by value and audit by pointer.
type ListUsersInput struct {
	Paging
	*Audit
	// Team whose members to list.
	Team string `json:"team"`
}

// ListUsers lists the members of a team.
//
//tool:export
func ListUsers(ctx context.Context, in ListUsersInput) (ListUsersInput, error) { return in, nil }

// Address is a postal address.
type Address struct {
	Street  string `json:"street"`
	City    string `json:"city"`
	Country string `json:"country" jsonschema:"minLength=2,maxLength=2"`
	Zip     string `json:"zip,omitempty"`
}

// ShipInput ships a parcel.
type ShipInput struct {
	// To is where the parcel goes.
	To Address `json:"to"`
	// From defaults to the warehouse when left out.
	From *Address `json:"from,omitempty"`
	// Tags for the carrier.
	Tags *[]string `json:"tags,omitempty"`
	// Parcel dimensions.
	Parcel struct {
		WeightKg float64 `json:"weight_kg" jsonschema:"exclusiveMinimum=0,maximum=30"`
		Size     struct {
			L int `json:"l"`
			W int `json:"w"`
			H int `json:"h"`
		} `json:"size"`
	} `json:"parcel"`
}

// ShipParcel books a parcel shipment.
//
//tool:export
func ShipParcel(ctx context.Context, in ShipInput) (ShipInput, error) { return in, nil }

// Phone is the innermost level of an organisation chart.
type Phone struct {
	Number string `json:"number"`
	Mobile bool   `json:"mobile,omitempty"`
}

// Contact is a person's contact data.
type Contact struct {
	Email  string  `json:"email,omitempty"`
	Phones []Phone `json:"phones,omitempty"`
}

// Member belongs to a team.
type Member struct {
	Name    string   `json:"name"`
	Contact *Contact `json:"contact,omitempty"`
}

// Team belongs to a department.
type Team struct {
	Name    string   `json:"name"`
	Members []Member `json:"members"`
}

// Department belongs to an organisation.
type Department struct {
	Name  string `json:"name"`
	Teams []Team `json:"teams"`
}

// OrgChart is an organisation, five levels deep.
type OrgChart struct {
	Org         string       `json:"org"`
	Departments []Department `json:"departments" jsonschema:"maxItems=3"`
}

// ImportOrgChart loads an organisation chart.
//
//tool:export
func ImportOrgChart(ctx context.Context, in OrgChart) (OrgChart, error) { return in, nil }

// Filters narrow a search.
type Filters struct {
	Authors []string `json:"authors,omitempty"`
	Year    *int     `json:"year,omitempty"`
}

// Scope is embedded through a pointer.
type Scope struct {
	// Project the search stays in.
	Project string `json:"project"`
	Archive bool   `json:"archive,omitempty"`
}

// PaperSearch finds papers.
type PaperSearch struct {
	*Scope
	Query   string   `json:"query"`
	Filters *Filters `json:"filters,omitempty"`
	Options struct {
		Highlight bool `json:"highlight,omitempty"`
		Snippet   struct {
			Words int `json:"words,omitempty" jsonschema:"minimum=5,maximum=80"`
		} `json:"snippet,omitzero"`
	} `json:"options,omitzero"`
}

// SearchPapers searches the paper archive.
//
//tool:export
func SearchPapers(ctx context.Context, in *PaperSearch) (*PaperSearch, error) { return in, nil }

// Waypoint is a point on a route.
type Waypoint struct {
	Lat  float64 `json:"lat" jsonschema:"minimum=-90,maximum=90"`
	Lon  float64 `json:"lon" jsonschema:"minimum=-180,maximum=180"`
	Stop bool    `json:"stop,omitempty"`
}

// RouteInput plans a route.
type RouteInput struct {
	Waypoints []Waypoint   `json:"waypoints" jsonschema:"minItems=2,maxItems=8"`
	Avoid     *[]string    `json:"avoid,omitempty"`
	Via       *Waypoint    `json:"via,omitempty"`
	Legs      [][]Waypoint `json:"legs,omitempty"`
}

// PlanRoute plans a route through waypoints.
//
//tool:export
func PlanRoute(ctx context.Context, in RouteInput) (RouteInput, error) { return in, nil }
