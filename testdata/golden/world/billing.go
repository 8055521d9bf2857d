package world

import (
	"context"
	"encoding/json"
	"time"
)

// This file: a billing server in the style of payment APIs' Go MCP
// servers: keywords on lists that invopop applies to the items, integer
// enums by tag, defaults on lists and booleans, and raw JSON by pointer
// and in maps.

// Billing bills customers.
type Billing struct{}

// InvoiceQuery lists invoices.
type InvoiceQuery struct {
	Customers []string                   `json:"customers,omitempty" jsonschema:"pattern=^cus_[A-Za-z0-9]+$,maxItems=20"`
	Emails    []string                   `json:"emails,omitempty" jsonschema:"format=email"`
	Statuses  []string                   `json:"statuses,omitempty" jsonschema:"enum=draft,enum=open,enum=paid,default=open,default=paid"`
	Codes     []string                   `json:"codes,omitempty" jsonschema:"minLength=3,maxLength=8"`
	Limit     int                        `json:"limit" jsonschema:"enum=10,enum=25,enum=100,default=25"`
	Expand    bool                       `json:"expand" jsonschema:"default=true"`
	Step      float64                    `json:"step,omitempty" jsonschema:"multipleOf=0.5,minimum=0"`
	Since     map[string]time.Time       `json:"since,omitempty"`
	Metadata  map[string]json.RawMessage `json:"metadata,omitempty"`
	Patch     *json.RawMessage           `json:"patch,omitempty"`
	Items     []any                      `json:"items,omitempty"`
	Lines     []*InvoiceLine             `json:"lines,omitempty"`
	ByID      map[string]*InvoiceLine    `json:"byId,omitempty"`
	Cents     uint64                     `json:"cents,string,omitempty"`
	SKUs      []string                   `json:"skus,omitempty" jsonschema:"uniqueItems=true"`
	Refs      []string                   `json:"refs,omitempty" jsonschema:"uniqueItems=false"`
	Memo      *string                    `json:"memo,omitempty" jsonschema:"nullable=false,maxLength=100"`
	Coupon    *string                    `json:"coupon,omitempty" jsonschema:"nullable=true"`
}

// InvoiceLine is one line of an invoice.
type InvoiceLine struct {
	SKU    string  `json:"sku" jsonschema:"minLength=1"`
	Amount float64 `json:"amount"`
}

// ListInvoices lists invoices.
//
//tool:export readonly
func (b *Billing) ListInvoices(ctx context.Context, in InvoiceQuery) (InvoiceQuery, error) {
	return in, nil
}
