// Package docstyles tries the doc-comment styles of public Go projects (MCP
// servers, agent frameworks, API request types, generated protobuf code) on
// the descriptions toolgen derives from them.
package docstyles

import "context"

// SortOrder is the order of the results.
type SortOrder string

const (
	// SortNewest puts the newest first.
	SortNewest SortOrder = "newest"
	// SortOldest puts the oldest first.
	SortOldest SortOrder = "oldest"
)

// ListIssuesOptions follows the style of REST API client request types.
type ListIssuesOptions struct {
	// Owner of the repository. Required.
	Owner string `json:"owner"`
	// Repo is the name of the repository, without the `.git` extension.
	Repo string `json:"repo"`
	// State filters issues based on their state. Possible values are: open,
	// closed, all. Default is "open".
	State string `json:"state,omitempty"`
	// Labels to match, e.g. "bug" or "help wanted".
	Labels []string `json:"labels,omitempty"`
	// Sort is SortNewest unless set
	// (https://example.com/sorting#SortNewest).
	Sort SortOrder `json:"sort,omitempty"`
	// PerPage, if set, caps the results of a page. Defaults to 30.
	//
	// GitHub API docs: https://docs.github.com/rest/issues/issues#list-repository-issues
	PerPage int `json:"per_page,omitempty"`
	// Page: the page to fetch, from 1.
	Page int `json:"page,omitempty"`
	// Since only shows issues updated at or after this time, as
	// `YYYY-MM-DDTHH:MM:SSZ`.
	Since string `json:"since,omitempty"`
	// IncludeComments adds each issue's comments.
	IncludeComments bool `json:"include_comments,omitempty"`
	// CommentLimit is the most comments per issue. Ignored unless
	// IncludeComments is set.
	CommentLimit int `json:"comment_limit,omitempty"`
	// If true, pull requests are listed too.
	WithPulls bool `json:"with_pulls,omitempty"`
	// Whether to list locked issues.
	Locked bool `json:"locked,omitempty"`
	// Deprecated: use Labels.
	Label string `json:"label,omitempty"` //nolint:staticcheck
}

// ListIssues lists the issues of a repository. To find issues by their
// text, call SearchDocuments instead.
//
//tool:export readonly
func ListIssues(ctx context.Context, o ListIssuesOptions) ([]string, error) { return nil, nil }

// ListPodsRequest follows the style of Kubernetes API types.
type ListPodsRequest struct {
	// namespace to list pods in; empty means every namespace.
	// +optional
	Namespace string `json:"namespace,omitempty"`
	// A selector to restrict the list of returned pods by their labels.
	// Defaults to everything.
	// +optional
	LabelSelector string `json:"labelSelector,omitempty"`
	// limit is the most pods to return. If more exist, the reply holds a
	// continue token. See https://kubernetes.io/docs/reference/using-api/api-concepts/#retrieving-large-results-sets-in-chunks
	// for details.
	// +optional
	// +kubebuilder:validation:Minimum=1
	Limit int64 `json:"limit,omitempty"`
	// TimeoutSeconds bounds the call, in seconds.
	//nolint
	TimeoutSeconds int64 `json:"timeoutSeconds,omitempty"`
	// WatchBookmarks requests bookmark events.
	//
	// Servers may ignore it. More info:
	// https://kubernetes.io/docs/reference/using-api/api-concepts/#watch-bookmarks
	WatchBookmarks bool `json:"allowWatchBookmarks,omitempty"`
}

// ListPods lists the pods of a cluster. Use this tool to find a pod before
// reading its logs.
//
//tool:export readonly
func ListPods(ctx context.Context, r ListPodsRequest) ([]string, error) { return nil, nil }

// SearchDocumentsRequest follows the style of generated protobuf fields and
// cloud SDK request types.
type SearchDocumentsRequest struct {
	// Required. The query, in the search syntax of the store.
	Query string `protobuf:"bytes,1,opt,name=query,proto3" json:"query,omitempty"`
	// Optional. The maximum number of documents to return. The service may
	// return fewer. If unspecified, at most 10 are returned; values above 100
	// are coerced to 100.
	PageSize int32 `protobuf:"varint,2,opt,name=page_size,json=pageSize,proto3" json:"page_size,omitempty"`
	// Optional. A page token, received from a previous search. Provide it to
	// retrieve the next page; the other fields must match the call that
	// provided the token.
	PageToken string `protobuf:"bytes,3,opt,name=page_token,json=pageToken,proto3" json:"page_token,omitempty"`
	// The fields to return. This member is required.
	//
	// Each field is one of:
	//   - "title": the title
	//   - "body": the text
	Fields []string `json:"fields"`
	// Deprecated: Marked as deprecated in search.proto.
	Legacy bool `json:"legacy,omitempty"`
	// MaxSnippetChars caps each snippet; a MaxSnippetChars of 0 means no
	// snippet.
	MaxSnippetChars int `json:"max_snippet_chars,omitempty"`
}

// SearchDocuments is a tool that searches the document store.
//
// Deprecated: use the search of the new store once it lands.
//
//tool:export readonly
func SearchDocuments(ctx context.Context, r SearchDocumentsRequest) ([]string, error) {
	return nil, nil
}

// ForecastInput follows the style of MCP and agent framework tool inputs.
type ForecastInput struct {
	City string `json:"city" jsonschema:"the city, e.g. Paris"`
	// Days to forecast, from 1 to 14.
	Days int `json:"days,omitempty" jsonschema:"minimum=1,maximum=14"`
	// Units: "metric" or "imperial".
	Units string `json:"units,omitempty"`
	// IncludeWind - add the wind speed.
	IncludeWind bool `json:"include_wind,omitempty"`
	// includeHourly adds hourly figures.
	IncludeHourly bool `json:"includeHourly,omitempty"`
}

// Forecast returns the weather forecast for a city.
//
// Example: {"city": "Paris", "days": 3}
//
//tool:export readonly
func Forecast(ctx context.Context, in ForecastInput) (string, error) { return "", nil }

// GeocodeInput mixes the styles of quick, hand-written tool inputs.
type GeocodeInput struct {
	// Address to look up, in any language. See [the format
	// notes](https://example.com/address-format).
	Address string `json:"address" jsonschema:"minLength=1"`
	// MaxResults — the most matches to return, from 1 to 10.
	MaxResults int `json:"max_results,omitempty"`
	// Region biases the results, as an ISO 3166-1 alpha-2 code (`GB`, `FR`).
	Region string `json:"region,omitempty"`
	// Bounds limits the search to a box; `MaxResults` still applies.
	Bounds   *Box   `json:"bounds,omitempty"`
	Language string `json:"language,omitempty" description:"BCP 47 language tag of the results"`
	Note     string `json:"note,omitempty"` // kept with the query, in Markdown
}

// Box is a rectangle of latitudes and longitudes.
type Box struct {
	// SouthWest corner.
	SouthWest GeoPoint `json:"sw"`
	// NorthEast is the opposite corner.
	NorthEast GeoPoint `json:"ne"`
}

// GeoPoint holds a point on the Earth.
type GeoPoint struct {
	Lat float64 `json:"lat"` // degrees north
	Lng float64 `json:"lng"` // degrees east
}

// Geocode: turns a postal address into coordinates. Set MaxResults to get
// more than one match.
//
// Example call:
//
//	{"address": "10 Downing St, London", "max_results": 3}
//	{"address": "Paris"}
//
//nolint:funlen
//tool:export readonly
func Geocode(ctx context.Context, in GeocodeInput) ([]GeoPoint, error) { return nil, nil }
