package corpus

import "context"

// This file: the invopop/jsonschema style of Eino's utils.InferTool and of
// ADK's functiontool, with keyword tags, and the plain description tags
// some other libraries read.

// TicketInput opens a support ticket.
type TicketInput struct {
	Title    string   `json:"title" jsonschema:"required,description=Short summary of the problem,minLength=5,maxLength=80"`
	Severity string   `json:"severity" jsonschema:"required,enum=low,enum=medium,enum=high,description=How badly users are affected"`
	Retries  int      `json:"retries,omitempty" jsonschema:"minimum=1,maximum=10,default=5"`
	Labels   []string `json:"labels,omitempty" jsonschema:"maxItems=5,uniqueItems"`
	Contact  string   `json:"contact,omitempty" jsonschema:"format=email"`
}

// OpenTicket files a ticket with the support team.
//
//tool:export
func OpenTicket(ctx context.Context, in TicketInput) (TicketInput, error) { return in, nil }

// TranslateInput is text to translate.
type TranslateInput struct {
	Text   string `json:"text" jsonschema_description:"The text to translate, at most one paragraph"`
	Target string `json:"target" jsonschema:"enum=en,enum=fr,enum=de,enum=ja" jsonschema_description:"Language to translate into"`
	Formal bool   `json:"formal,omitempty" jsonschema_description:"Use the formal register where the language has one"`
}

// Translate translates a paragraph.
//
//tool:export
func Translate(ctx context.Context, in TranslateInput) (TranslateInput, error) { return in, nil }

// RecipeSearch looks for recipes.
type RecipeSearch struct {
	Ingredients []string `json:"ingredients" description:"Ingredients the recipe must use"`
	MaxMinutes  int      `json:"max_minutes,omitempty" description:"Longest preparation time accepted, in minutes"`
	Vegetarian  bool     `json:"vegetarian,omitempty" description:"Only meatless recipes"`
}

// FindRecipes suggests recipes.
//
//tool:export
func FindRecipes(ctx context.Context, in RecipeSearch) (RecipeSearch, error) { return in, nil }

// PageArgs selects a page of results.
type PageArgs struct {
	Page    int    `json:"page,omitempty" jsonschema:"description=Page number starting at 1,minimum=1,default=1"`
	PerPage int    `json:"per_page,omitempty" jsonschema:"description=Items per page,minimum=1,maximum=100,default=30"`
	Sort    string `json:"sort,omitempty" jsonschema:"enum=created,enum=updated,enum=popularity,default=created"`
	Cursor  string `json:"cursor,omitempty" jsonschema:"description=Opaque cursor from the previous page\\, if any"`
}

// ListRepos lists repositories of the signed-in user.
//
//tool:export
func ListRepos(ctx context.Context, in PageArgs) (PageArgs, error) { return in, nil }

// TransferInput moves money between accounts.
type TransferInput struct {
	From     string  `json:"from" jsonschema:"required,pattern=^[A-Z]{2}[0-9]{2}[A-Z0-9]{4\\,30}$,description=IBAN of the source account"`
	To       string  `json:"to" jsonschema:"required,pattern=^[A-Z]{2}[0-9]{2}[A-Z0-9]{4\\,30}$"`
	Amount   float64 `json:"amount" jsonschema:"exclusiveMinimum=0,maximum=100000,multipleOf=0.01"`
	Currency string  `json:"currency,omitempty" jsonschema:"enum=EUR,enum=USD,enum=GBP,default=EUR"`
	Memo     string  `json:"memo,omitempty" jsonschema:"maxLength=140" description:"Text for the statement"`
}

// TransferMoney moves money between two of the user's accounts.
//
//tool:export
func TransferMoney(ctx context.Context, in TransferInput) (TransferInput, error) { return in, nil }

// ScheduleInput sets up a recurring job.
type ScheduleInput struct {
	Name     string `json:"name" jsonschema:"title=Job name,minLength=1,maxLength=40,pattern=^[a-z][a-z0-9-]*$"`
	Cron     string `json:"cron" jsonschema:"description=Five-field cron spec,example=0 9 * * 1,example=*/15 * * * *"`
	Enabled  *bool  `json:"enabled,omitempty" jsonschema:"default=true"`
	Priority uint16 `json:"priority,omitempty" jsonschema:"maximum=1000"`
	Owner    string `json:"owner,omitempty" jsonschema:"format=uuid"`
}

// ScheduleJob creates a recurring job.
//
//tool:export
func ScheduleJob(ctx context.Context, in ScheduleInput) (ScheduleInput, error) { return in, nil }

// InvoiceLines adds lines to an invoice.
type InvoiceLines struct {
	InvoiceID string `json:"invoice_id" jsonschema:"required,minLength=3"`
	Lines     []struct {
		SKU      string  `json:"sku" jsonschema:"required,description=Stock keeping unit"`
		Quantity int     `json:"quantity" jsonschema:"minimum=1,maximum=999"`
		Price    float64 `json:"price" jsonschema:"minimum=0"`
	} `json:"lines" jsonschema:"minItems=1,maxItems=20"`
}

// AddInvoiceLines appends lines to a draft invoice.
//
//tool:export
func AddInvoiceLines(ctx context.Context, in InvoiceLines) (InvoiceLines, error) { return in, nil }
