// Package corpus gathers tool input structs in the shapes Go developers
// already write for other agent and MCP frameworks, so that toolgen is
// tested on what users bring, not only on what it was designed around.
//
// This file: the MCP go-sdk style, where the whole jsonschema tag is the
// property's description.
package corpus

import (
	"context"
	"time"
)

// WeatherQuery asks for current conditions somewhere.
type WeatherQuery struct {
	Location string `json:"location" jsonschema:"the city, e.g. Paris (or nyc=New York)"`
	Units    string `json:"units,omitempty" jsonschema:"metric | imperial; metric when left out"`
	Days     int    `json:"days,omitempty" jsonschema:"how many days to forecast (default 1)"`
}

// CurrentWeather reports the weather in a place.
//
//tool:export
func CurrentWeather(ctx context.Context, in WeatherQuery) (WeatherQuery, error) { return in, nil }

// SeatRequest picks a seat on a flight.
type SeatRequest struct {
	Flight     string `json:"flight" jsonschema:"flight number: two letters, then digits (e.g. KL1234)"`
	Preference string `json:"preference" jsonschema:"window | aisle | any"`
	Row        int    `json:"row,omitempty" jsonschema:"row number, 1-based; 0 means no wish"`
	Note       string `json:"note,omitempty" jsonschema:"free text for the crew, e.g. \"travelling with an infant\""`
	// A go-sdk user says required the only way its tag leaves: read as
	// jsonschema:"required".
	Passenger string `json:"passenger,omitempty" jsonschema:"the passenger's booking reference" jsonschema_extras:"required=true"`
}

// ChooseSeat reserves a seat for a passenger.
//
//tool:export
func ChooseSeat(ctx context.Context, in SeatRequest) (SeatRequest, error) { return in, nil }

// DocSearch searches the document store.
type DocSearch struct {
	Query        string    `json:"query" jsonschema:"words to look for; quote a \"phrase\" to match it exactly"`
	UpdatedSince time.Time `json:"updated_since,omitzero" jsonschema:"include docs with updated_at >= this time"`
	Limit        int       `json:"limit,omitempty" jsonschema:"max results (default 10)"`
	Filter       string    `json:"filter,omitempty" jsonschema:"a key=value filter, such as owner=me or state=open"`
}

// SearchDocs finds documents that match a query.
//
//tool:export
func SearchDocs(ctx context.Context, in DocSearch) (DocSearch, error) { return in, nil }

// IssueComment is a comment to post on an issue.
type IssueComment struct {
	Owner  string `json:"owner" jsonschema:"repository owner (a user or an organisation)"`
	Repo   string `json:"repo" jsonschema:"repository name, without the owner"`
	Number int    `json:"issue_number" jsonschema:"issue number: the digits after # in the issue's title"`
	Body   string `json:"body" jsonschema:"comment text, in Markdown"`
}

// CommentOnIssue adds a comment to an issue.
//
//tool:export
func CommentOnIssue(ctx context.Context, in *IssueComment) (*IssueComment, error) { return in, nil }

// FileRange selects lines of a file.
type FileRange struct {
	Path  string `json:"path" jsonschema:"absolute path of the file, as returned by list_files"`
	Start int    `json:"start,omitempty" jsonschema:"first line, >= 1"`
	End   int    `json:"end,omitempty" jsonschema:"last line (inclusive); 0 = to the end"`
}

// ReadLines returns some lines of a file.
//
//tool:export
func ReadLines(ctx context.Context, in FileRange) (FileRange, error) { return in, nil }

// SymbolQuery looks a Go symbol up in a workspace.
type SymbolQuery struct {
	Symbol string   `json:"symbol" jsonschema:"qualified name: pkg.Type.Method, or pkg.Func"`
	Kinds  []string `json:"kinds,omitempty" jsonschema:"kinds to keep: func, type, var, const"`
	Exact  bool     `json:"exact,omitempty" jsonschema:"true: match the name exactly; false: fuzzy match"`
}

// FindSymbol locates declarations of a symbol.
//
//tool:export
func FindSymbol(ctx context.Context, in SymbolQuery) (SymbolQuery, error) { return in, nil }

// KnowledgeQuery asks a knowledge base.
type KnowledgeQuery struct {
	Question  string   `json:"question" jsonschema:"the user's question, in their own words"`
	BaseIDs   []string `json:"base_ids,omitempty" jsonschema:"knowledge bases to search (all of them when empty)"`
	Threshold float64  `json:"threshold,omitempty" jsonschema:"minimum relevance score, 0..1 (e.g. 0.5)"`
	TopK      int      `json:"top_k,omitempty" jsonschema:"how many passages to return: 1-20"`
}

// AskKnowledgeBase answers a question from stored documents.
//
//tool:export
func AskKnowledgeBase(ctx context.Context, in KnowledgeQuery) (KnowledgeQuery, error) {
	return in, nil
}

// Expression is a calculation.
type Expression struct {
	Expr      string `json:"expr" jsonschema:"an arithmetic expression, like (2+3)*4 or x>=1 && y<2"`
	Precision int8   `json:"precision,omitempty" jsonschema:"digits after the point: -1 = as many as needed"`
}

// Calculate evaluates an arithmetic expression.
//
//tool:export
func Calculate(ctx context.Context, in Expression) (Expression, error) { return in, nil }
