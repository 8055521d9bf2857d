package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// This file: types that decode themselves.

// Currency is an ISO 4217 code; any case is accepted and kept upper case.
type Currency string

// UnmarshalJSON reads a currency code in any case.
func (c *Currency) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*c = Currency(strings.ToUpper(s))
	return nil
}

// LogLevel is a logging threshold, written as its name.
type LogLevel int

// UnmarshalText reads a level name; unknown names are the default level.
func (l *LogLevel) UnmarshalText(text []byte) error {
	switch strings.ToLower(string(text)) {
	case "debug":
		*l = -4
	case "warn", "warning":
		*l = 4
	case "error":
		*l = 8
	default:
		*l = 0
	}
	return nil
}

// MarshalText writes the level's name.
func (l LogLevel) MarshalText() ([]byte, error) {
	switch {
	case l < 0:
		return []byte("debug"), nil
	case l >= 8:
		return []byte("error"), nil
	case l >= 4:
		return []byte("warn"), nil
	}
	return []byte("info"), nil
}

// Money is an amount in a currency; its decoder trims the note.
type Money struct {
	Amount   int64    `json:"amount"`
	Currency Currency `json:"currency"`
	Note     string   `json:"note,omitempty"`
}

// UnmarshalJSON decodes the fields and tidies the note.
func (m *Money) UnmarshalJSON(data []byte) error {
	type plain Money
	var p plain
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	p.Note = strings.TrimSpace(p.Note)
	*m = Money(p)
	return nil
}

// RefundInput refunds part of a payment.
type RefundInput struct {
	PaymentID string `json:"payment_id"`
	// Amount to give back.
	Amount Money `json:"amount"`
	// Fee kept by the shop, if any.
	Fee *Money `json:"fee,omitempty"`
}

// RefundPayment refunds a payment.
//
//tool:export
func RefundPayment(ctx context.Context, in RefundInput) (RefundInput, error) { return in, nil }

// LogQuery reads a service's logs.
type LogQuery struct {
	Service string `json:"service"`
	// MinLevel of the lines to return: debug, info, warn or error.
	MinLevel LogLevel `json:"min_level"`
	// Levels to show besides, if any.
	Extra []LogLevel `json:"extra,omitempty"`
}

// TailLogs returns recent log lines of a service.
//
//tool:export
func TailLogs(ctx context.Context, in LogQuery) (LogQuery, error) { return in, nil }

// PriceCheck compares prices in currencies.
type PriceCheck struct {
	Base    Currency   `json:"base" jsonschema:"the currency to convert from, like eur or USD"`
	Targets []Currency `json:"targets,omitempty"`
	Amount  float64    `json:"amount,omitempty"`
}

// ConvertCurrency converts an amount between currencies.
//
//tool:export
func ConvertCurrency(ctx context.Context, in PriceCheck) (PriceCheck, error) { return in, nil }

// Span is a range of lines that decodes itself from its two fields.
type Span struct {
	From int `json:"from"`
	To   int `json:"to"`
}

// UnmarshalJSON reads a span and orders its ends.
func (s *Span) UnmarshalJSON(data []byte) error {
	var raw struct {
		From int `json:"from"`
		To   int `json:"to"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return fmt.Errorf("span: %w", err)
	}
	if raw.To < raw.From {
		raw.From, raw.To = raw.To, raw.From
	}
	*s = Span(raw)
	return nil
}

// BlameInput asks who changed lines of a file.
type BlameInput struct {
	File  string   `json:"file"`
	Spans []Span   `json:"spans" jsonschema:"minItems=1"`
	Level LogLevel `json:"level,omitempty"`
}

// BlameLines tells who last changed each line in the spans.
//
//tool:export
func BlameLines(ctx context.Context, in BlameInput) (BlameInput, error) { return in, nil }
