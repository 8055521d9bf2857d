package corpus

import (
	"context"
	"errors"
	"strings"
)

// This file: methods on services, plain parameters, and results of other
// shapes than the input.

// Store keeps orders; its tools are methods.
type Store struct {
	Prefix string
}

// GetOrderInput names an order.
type GetOrderInput struct {
	OrderID string `json:"order_id" jsonschema:"the order's number, e.g. A-1001"`
	Expand  bool   `json:"expand,omitempty"`
}

// Order is a stored order.
type Order struct {
	ID     string   `json:"id"`
	Status string   `json:"status"`
	Lines  []string `json:"lines,omitempty"`
}

// GetOrder finds an order by its number.
//
//tool:export
func (s *Store) GetOrder(ctx context.Context, in GetOrderInput) (*Order, error) {
	return &Order{ID: s.Prefix + in.OrderID, Status: "open"}, nil
}

// CancelInput cancels an order.
type CancelInput struct {
	OrderID string `json:"order_id"`
	Reason  string `json:"reason,omitempty" jsonschema:"why: customer | fraud | stock (free text allowed)"`
}

// CancelOrder cancels an open order.
//
//tool:export confirm
func (s *Store) CancelOrder(ctx context.Context, in CancelInput) error {
	if strings.HasPrefix(in.OrderID, s.Prefix+"closed/") {
		return errors.New("the order is closed")
	}
	return nil
}

// SearchOrdersInput searches orders.
type SearchOrdersInput struct {
	CustomerID string   `json:"customerId"`
	Statuses   []string `json:"statuses,omitempty" jsonschema:"enum=open,enum=paid,enum=shipped"`
	Paging
}

// SearchOrders lists the orders of a customer.
//
//tool:export
func (s *Store) SearchOrders(ctx context.Context, in *SearchOrdersInput) ([]Order, error) {
	return []Order{{ID: in.CustomerID, Status: strings.Join(in.Statuses, ",")}}, nil
}

// EchoOrderInput is returned unchanged.
type EchoOrderInput struct {
	Order Order  `json:"order"`
	Notes string `json:"notes,omitempty"`
}

// ValidateOrder checks an order and returns it as read.
//
//tool:export
func (s *Store) ValidateOrder(ctx context.Context, in EchoOrderInput) (*EchoOrderInput, error) {
	return &in, nil
}

// NoteEcho is what SendNote returns: its parameters.
type NoteEcho struct {
	To      string   `json:"to"`
	Subject string   `json:"subject"`
	Urgent  *bool    `json:"urgent"`
	CC      []string `json:"cc"`
}

// SendNote sends a short note to a colleague.
//
//tool:param to Who gets the note: a user name or an email address.
//tool:param subject The note's subject line.
//tool:param urgent Whether to notify at once (null: the recipient's setting).
//tool:param cc Others who get a copy.
//tool:export
func SendNote(ctx context.Context, to string, subject string, urgent *bool, cc []string) (NoteEcho, error) {
	return NoteEcho{To: to, Subject: subject, Urgent: urgent, CC: cc}, nil
}

// ResizeEcho is what ResizeImage returns: its parameters.
type ResizeEcho struct {
	Width  int     `json:"width"`
	Height int     `json:"height"`
	Scale  float64 `json:"scale"`
}

// ResizeImage resizes the current image.
//
//tool:param width New width in pixels.
//tool:param height New height in pixels.
//tool:param scale Factor applied after the resize (1 = none).
//tool:export
func ResizeImage(width, height int, scale float64) (ResizeEcho, error) {
	return ResizeEcho{Width: width, Height: height, Scale: scale}, nil
}

// SummaryInput is text to summarise.
type SummaryInput struct {
	Text     string `json:"text"`
	MaxWords int    `json:"max_words,omitempty" jsonschema:"upper bound on the summary's length, in words (default 50)"`
}

// Summarize returns a summary of a text.
//
//tool:export
func Summarize(ctx context.Context, in SummaryInput) (string, error) {
	words := strings.Fields(in.Text)
	if in.MaxWords > 0 && len(words) > in.MaxWords {
		words = words[:in.MaxWords]
	}
	return strings.Join(words, " "), nil
}

// SplitInput is text to split.
type SplitInput struct {
	Text string `json:"text"`
	Sep  string `json:"sep,omitempty" jsonschema:"separator; a single space when empty"`
}

// SplitText splits a text into parts.
//
//tool:export
func SplitText(ctx context.Context, in SplitInput) ([]string, error) {
	sep := in.Sep
	if sep == "" {
		sep = " "
	}
	return strings.Split(in.Text, sep), nil
}

// ArchiveInput archives a project.
type ArchiveInput struct {
	Project string `json:"project"`
	Force   bool   `json:"force,omitempty"`
}

// ArchiveProject archives a finished project.
//
//tool:export
func (s *Store) ArchiveProject(ctx context.Context, in ArchiveInput) error { return nil }
