// Package shapes holds ten tools whose arguments and results have the
// shapes of public MCP, Eino and genkit tools: an issue with its body, a
// task list, a file's text, search hits, resource tags, a resource's
// free-form description, places on a map, an organization's members, a
// page of issues and a customer's orders. Each function builds its result from data prepared once
// in this package's variables and does little else, so that a benchmark
// measures what a library does around it: decoding and checking the
// arguments, and encoding the result for the model.
package shapes

//go:generate go tool toolgen

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
)

// IssueRef names one issue of a repository.
type IssueRef struct {
	// Owner of the repository: a user or an organization.
	Owner string `json:"owner" jsonschema:"minLength=1,maxLength=39"`
	// Repo is the repository's name.
	Repo string `json:"repo" jsonschema:"minLength=1,maxLength=100"`
	// Number of the issue.
	Number int `json:"number" jsonschema:"minimum=1"`
}

// User is an account: an issue's author, say.
type User struct {
	Login     string `json:"login"`
	ID        int64  `json:"id"`
	AvatarURL string `json:"avatar_url"`
	HTMLURL   string `json:"html_url"`
	Type      string `json:"type"`
	SiteAdmin bool   `json:"site_admin"`
}

// IssueDetail is one issue with its body.
type IssueDetail struct {
	Number    int       `json:"number"`
	Title     string    `json:"title"`
	State     string    `json:"state"`
	Body      string    `json:"body"`
	Labels    []string  `json:"labels"`
	User      User      `json:"user"`
	Comments  int       `json:"comments"`
	Locked    bool      `json:"locked"`
	HTMLURL   string    `json:"html_url"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// GetIssue returns an issue of a repository, with its body.
//
//tool:export get_issue readonly
func GetIssue(ctx context.Context, in IssueRef) (IssueDetail, error) {
	d := issueDetail
	d.Number = in.Number
	return d, nil
}

// Priority is how soon a task needs doing.
type Priority string

const (
	// PriorityLow can wait.
	PriorityLow Priority = "low"
	// PriorityMedium is for this week.
	PriorityMedium Priority = "medium"
	// PriorityHigh is for today.
	PriorityHigh Priority = "high"
	// PriorityUrgent is for now.
	PriorityUrgent Priority = "urgent"
)

// TaskQuery asks for a project's tasks.
type TaskQuery struct {
	// Project whose tasks to list.
	Project string `json:"project" jsonschema:"minLength=1,maxLength=64"`
	// IncludeDone lists finished tasks too.
	IncludeDone bool `json:"include_done"`
	// Limit is the most tasks to return.
	Limit int `json:"limit" jsonschema:"minimum=1,maximum=100"`
}

// Task is one item of a to-do list.
type Task struct {
	ID       string     `json:"id"`
	Title    string     `json:"title"`
	Done     bool       `json:"done"`
	Priority Priority   `json:"priority"`
	Due      *time.Time `json:"due"`
}

// TaskList is a project's tasks.
type TaskList struct {
	Project string `json:"project"`
	Tasks   []Task `json:"tasks"`
}

// ListTasks lists a project's tasks, the open ones first.
//
//tool:export list_tasks readonly
func ListTasks(ctx context.Context, in TaskQuery) (TaskList, error) {
	src := openTasks
	if in.IncludeDone {
		src = allTasks
	}
	return TaskList{Project: in.Project, Tasks: src[:min(in.Limit, len(src))]}, nil
}

// ReadFileArgs names a file of the workspace.
type ReadFileArgs struct {
	// Path of the file, relative to the workspace's root.
	Path string `json:"path" jsonschema:"minLength=1,maxLength=4096"`
	// Head returns only the file's first lines; 0 for all of it.
	Head int `json:"head,omitempty" jsonschema:"minimum=0,maximum=100000"`
}

// FileContent is a text file and its metadata.
type FileContent struct {
	Path    string `json:"path"`
	Size    int64  `json:"size"`
	Mode    string `json:"mode"`
	Content string `json:"content"`
}

// ReadFile returns the text of a file of the workspace.
//
//tool:export read_file readonly
func ReadFile(ctx context.Context, in ReadFileArgs) (FileContent, error) {
	text := goSource
	if in.Head > 0 {
		end := 0
		for n := 0; n < in.Head && end < len(text); n++ {
			i := strings.IndexByte(text[end:], '\n')
			if i < 0 {
				end = len(text)
				break
			}
			end += i + 1
		}
		text = text[:end]
	}
	return FileContent{Path: in.Path, Size: int64(len(goSource)), Mode: fileMode, Content: text}, nil
}

// DocQuery searches the documentation.
type DocQuery struct {
	// Query is the text to search for.
	Query string `json:"query" jsonschema:"minLength=1,maxLength=500"`
	// Limit is the most hits to return.
	Limit int `json:"limit" jsonschema:"minimum=1,maximum=50"`
	// Version of the docs to search, such as v1.26; the latest if empty.
	Version string `json:"version,omitempty" jsonschema:"maxLength=20"`
}

// DocHit is one page that matches a query.
type DocHit struct {
	Title   string  `json:"title"`
	URL     string  `json:"url"`
	Snippet string  `json:"snippet"`
	Score   float64 `json:"score"`
}

// DocResults are the pages that match a query, the best first.
type DocResults struct {
	Query string   `json:"query"`
	Hits  []DocHit `json:"hits"`
}

// SearchDocs searches the documentation for pages about a query.
//
//tool:export search_docs readonly
func SearchDocs(ctx context.Context, in DocQuery) (DocResults, error) {
	return DocResults{Query: in.Query, Hits: docHits[:min(in.Limit, len(docHits))]}, nil
}

// TagRequest sets tags on a cloud resource.
type TagRequest struct {
	// ResourceID is the resource's full name.
	ResourceID string `json:"resource_id" jsonschema:"minLength=1,maxLength=2048"`
	// Tags to set, by key; a tag already set takes the new value.
	Tags map[string]string `json:"tags"`
}

// TagResult is the tags a resource has.
type TagResult struct {
	ResourceID string            `json:"resource_id"`
	Region     string            `json:"region"`
	Tags       map[string]string `json:"tags"`
}

// TagResource sets tags on a cloud resource and returns its tags.
//
//tool:export tag_resource readonly
func TagResource(ctx context.Context, in TagRequest) (TagResult, error) {
	return TagResult{ResourceID: in.ResourceID, Region: resourceRegion, Tags: in.Tags}, nil
}

// ResourceKind is a kind of cloud resource.
type ResourceKind string

const (
	// KindInstance is a virtual machine.
	KindInstance ResourceKind = "instance"
	// KindBucket is an object store.
	KindBucket ResourceKind = "bucket"
	// KindDatabase is a managed database.
	KindDatabase ResourceKind = "database"
	// KindFunction is a serverless function.
	KindFunction ResourceKind = "function"
)

// DescribeRequest names a cloud resource.
type DescribeRequest struct {
	// Kind of the resource.
	Kind ResourceKind `json:"kind"`
	// ID of the resource.
	ID string `json:"id" jsonschema:"minLength=1,maxLength=256"`
	// Region the resource is in, such as eu-west-3.
	Region string `json:"region" jsonschema:"pattern=^[a-z]{2}-[a-z]+-[0-9]$"`
}

// ResourceDescription is a resource as its provider's API describes it:
// free-form properties.
type ResourceDescription struct {
	ID         string         `json:"id"`
	Kind       ResourceKind   `json:"kind"`
	Region     string         `json:"region"`
	Properties map[string]any `json:"properties"`
}

// DescribeResource returns everything the provider says about a cloud
// resource.
//
//tool:export describe_resource readonly
func DescribeResource(ctx context.Context, in DescribeRequest) (ResourceDescription, error) {
	return ResourceDescription{ID: in.ID, Kind: in.Kind, Region: in.Region, Properties: resourceProperties}, nil
}

// PlaceQuery searches for places near a point.
type PlaceQuery struct {
	// Query is what to look for, such as "bakery".
	Query string `json:"query" jsonschema:"minLength=1,maxLength=200"`
	// Lat is the latitude of the point to search around.
	Lat float64 `json:"lat" jsonschema:"minimum=-90,maximum=90"`
	// Lng is the longitude of the point to search around.
	Lng float64 `json:"lng" jsonschema:"minimum=-180,maximum=180"`
	// RadiusM is how far from the point to search, in meters.
	RadiusM int `json:"radius_m" jsonschema:"minimum=1,maximum=50000"`
	// OpenNow lists only the places open now.
	OpenNow bool `json:"open_now,omitempty"`
}

// Place is a place on the map.
type Place struct {
	PlaceID string  `json:"place_id"`
	Name    string  `json:"name"`
	Address string  `json:"address"`
	Lat     float64 `json:"lat"`
	Lng     float64 `json:"lng"`
	Rating  float64 `json:"rating"`
	Reviews int     `json:"user_ratings_total"`
	OpenNow bool    `json:"open_now"`
}

// PlaceResults are the places that match a query, the nearest first.
type PlaceResults struct {
	Places []Place `json:"places"`
}

// FindPlaces finds places near a point.
//
//tool:export find_places readonly
func FindPlaces(ctx context.Context, in PlaceQuery) (PlaceResults, error) {
	if in.OpenNow {
		return PlaceResults{Places: openPlaces}, nil
	}
	return PlaceResults{Places: places}, nil
}

// MemberRole is the role of an organization's member.
type MemberRole string

const (
	// RoleAll is any role.
	RoleAll MemberRole = "all"
	// RoleAdmin owns the organization.
	RoleAdmin MemberRole = "admin"
	// RoleMember is a plain member.
	RoleMember MemberRole = "member"
)

// MemberQuery asks for an organization's members.
type MemberQuery struct {
	// Org is the organization's login.
	Org string `json:"org" jsonschema:"minLength=1,maxLength=39"`
	// Role the members have; all of them if empty.
	Role MemberRole `json:"role,omitempty"`
	// PerPage is the most members to return.
	PerPage int `json:"per_page" jsonschema:"minimum=1,maximum=100"`
}

// Member is a member of an organization; what a member keeps private is
// left out.
type Member struct {
	Login     string     `json:"login"`
	ID        int64      `json:"id"`
	Role      MemberRole `json:"role"`
	Name      *string    `json:"name,omitempty"`
	Email     *string    `json:"email,omitempty"`
	Company   *string    `json:"company,omitempty"`
	Location  string     `json:"location,omitempty"`
	TwoFactor *bool      `json:"two_factor_enabled,omitempty"`
	JoinedAt  *time.Time `json:"joined_at,omitempty"`
	Teams     []string   `json:"teams,omitempty"`
}

// MemberList is a page of an organization's members.
type MemberList struct {
	Org     string    `json:"org"`
	Members []*Member `json:"members"`
}

// ListMembers lists the members of an organization.
//
//tool:export list_members readonly
func ListMembers(ctx context.Context, in MemberQuery) (MemberList, error) {
	src := members
	if in.Role == RoleAdmin {
		src = admins
	}
	return MemberList{Org: in.Org, Members: src[:min(in.PerPage, len(src))]}, nil
}

// IssueState says which issues to list.
type IssueState string

const (
	// StateOpen lists the open issues.
	StateOpen IssueState = "open"
	// StateClosed lists the closed issues.
	StateClosed IssueState = "closed"
	// StateAll lists all issues.
	StateAll IssueState = "all"
)

// IssueFilter asks for a page of a repository's issues.
type IssueFilter struct {
	// Owner of the repository: a user or an organization.
	Owner string `json:"owner" jsonschema:"minLength=1,maxLength=39"`
	// Repo is the repository's name.
	Repo string `json:"repo" jsonschema:"minLength=1,maxLength=100"`
	// State of the issues to list.
	State IssueState `json:"state"`
	// Labels the issues must all have.
	Labels []string `json:"labels,omitempty" jsonschema:"maxItems=10"`
	// PerPage is the most issues to return.
	PerPage int `json:"per_page" jsonschema:"minimum=1,maximum=100"`
}

// IssueSummary is an issue in a list: all but its body.
type IssueSummary struct {
	Number    int       `json:"number"`
	Title     string    `json:"title"`
	State     string    `json:"state"`
	Labels    []string  `json:"labels"`
	User      User      `json:"user"`
	Comments  int       `json:"comments"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// IssueList is a page of a repository's issues, the newest first.
type IssueList struct {
	Issues     []IssueSummary `json:"issues"`
	TotalCount int            `json:"total_count"`
}

// ListIssues lists a repository's issues, the newest first.
//
//tool:export list_issues readonly
func ListIssues(ctx context.Context, in IssueFilter) (IssueList, error) {
	src := openIssues
	switch in.State {
	case StateClosed:
		src = closedIssues
	case StateAll:
		src = allIssues
	}
	if len(in.Labels) > 0 {
		src = withLabels(src, in.Labels)
	}
	return IssueList{Issues: src[:min(in.PerPage, len(src))], TotalCount: len(src)}, nil
}

// withLabels returns the issues of src that have every label of labels.
func withLabels(src []IssueSummary, labels []string) []IssueSummary {
	var out []IssueSummary
	for _, is := range src {
		if !slices.ContainsFunc(labels, func(l string) bool { return !slices.Contains(is.Labels, l) }) {
			out = append(out, is)
		}
	}
	return out
}

// UUID is an identifier in the form of github.com/google/uuid's: 16 bytes,
// written as text.
type UUID [16]byte

// MarshalText writes u as xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.
func (u UUID) MarshalText() ([]byte, error) {
	const hexDigits = "0123456789abcdef"
	b := make([]byte, 36)
	j := 0
	for i, c := range u {
		if i == 4 || i == 6 || i == 8 || i == 10 {
			b[j] = '-'
			j++
		}
		b[j], b[j+1] = hexDigits[c>>4], hexDigits[c&15]
		j += 2
	}
	return b, nil
}

// Money is an amount in a currency's minor unit, written as a decimal
// string as payment APIs write it, by its own MarshalJSON.
type Money struct {
	Cents    int64
	Currency string
}

// MarshalJSON writes m as {"amount":"12.34","currency":"EUR"}.
func (m Money) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 48)
	b = append(b, `{"amount":"`...)
	b = strconv.AppendInt(b, m.Cents/100, 10)
	b = append(b, '.', byte('0'+m.Cents%100/10), byte('0'+m.Cents%10))
	b = append(b, `","currency":"`...)
	b = append(b, m.Currency...)
	return append(b, `"}`...), nil
}

// OrderStatus is where an order is.
type OrderStatus string

const (
	// OrderOpen orders are not shipped yet.
	OrderOpen OrderStatus = "open"
	// OrderShipped orders have left the warehouse.
	OrderShipped OrderStatus = "shipped"
)

// OrderQuery asks for a customer's recent orders.
type OrderQuery struct {
	// CustomerID is the customer's UUID.
	CustomerID string `json:"customer_id" jsonschema:"minLength=36,maxLength=36"`
	// Status of the orders to list.
	Status OrderStatus `json:"status"`
	// Limit is the most orders to return.
	Limit int `json:"limit" jsonschema:"minimum=1,maximum=50"`
}

// Audit says when a record was made and last changed.
type Audit struct {
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at,omitzero"`
}

// LineItem is one product of an order.
type LineItem struct {
	SKU   string `json:"sku"`
	Qty   int    `json:"qty"`
	Price Money  `json:"price"`
}

// ShopOrder is a customer's order, as an e-commerce API returns it.
type ShopOrder struct {
	ID     UUID        `json:"id"`
	Status OrderStatus `json:"status"`
	Total  Money       `json:"total"`
	Items  []LineItem  `json:"items"`
	Audit
	ShippedAt time.Time `json:"shipped_at,omitzero"`
	Note      string    `json:"note,omitempty"`
}

// OrderPage is a page of a customer's orders.
type OrderPage struct {
	Customer UUID        `json:"customer"`
	Orders   []ShopOrder `json:"orders"`
}

// ListOrders lists a customer's recent orders, the newest first.
//
//tool:export list_orders readonly
func ListOrders(ctx context.Context, in OrderQuery) (OrderPage, error) {
	src := openOrders
	if in.Status == OrderShipped {
		src = shippedOrders
	}
	return OrderPage{Customer: customerID, Orders: src[:min(in.Limit, len(src))]}, nil
}
