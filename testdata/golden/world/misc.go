package world

import (
	"context"
	"database/sql"
	"encoding/json"
	"math/big"
	"net/netip"
	"strings"
	"time"
)

// This file: receivers that are not structs, a langchaingo-style tool of
// one string, the string option on every kind it applies to, and types
// of the standard library that servers put in their arguments.

// Root is a directory the file tools may read; a named string.
type Root string

// ReadFileInput names a file below the root.
type ReadFileInput struct {
	Path   string `json:"path" jsonschema:"required,description=Path relative to the root (e.g. docs/a.md)"`
	Offset *int64 `json:"offset,omitempty,string" jsonschema:"description=Byte offset as a decimal string"`
}

// ReadFile reads a file below the root.
//
//tool:export readonly
func (r Root) ReadFile(ctx context.Context, in ReadFileInput) (ReadFileInput, error) {
	in.Path = strings.TrimPrefix(in.Path, string(r))
	return in, nil
}

// Env is a named map of environment variables; its tools read it.
type Env map[string]string

// Getenv reads an environment variable.
//
//tool:export readonly
//tool:param key The variable's name, e.g. HOME.
func (e Env) Getenv(key string) (string, error) { return e[key], nil }

// Calculator evaluates an arithmetic expression given as one string, as
// langchaingo's tools take their input.
//
//tool:export readonly
//tool:param input The expression, e.g. 2*(3+4).
func Calculator(ctx context.Context, input string) (string, error) { return input, nil }

// QuotedInput has the string option on each kind that takes it.
type QuotedInput struct {
	Count   int     `json:"count,string"`
	Ratio   float64 `json:"ratio,string,omitempty"`
	Enabled bool    `json:"enabled,string,omitempty"`
	Big     *uint32 `json:"big,omitempty,string"`
	// Denom is the common denominator; type=string says what the string
	// option makes it, as code written for invopop v0.13 (which said
	// "integer") does.
	Denom uint64 `json:",string,omitempty" jsonschema:"type=string"`
}

// SetQuoted stores values that a JavaScript client sends as strings.
//
//tool:export idempotent
func SetQuoted(ctx context.Context, in QuotedInput) (QuotedInput, error) { return in, nil }

// StdInput has types of the standard library.
type StdInput struct {
	Note    sql.NullString    `json:"note"`
	Amount  *big.Int          `json:"amount,omitempty"`
	Rate    *big.Float        `json:"rate,omitempty"`
	Net     netip.Prefix      `json:"net,omitzero"`
	Month   time.Month        `json:"month,omitempty" jsonschema:"minimum=1,maximum=12"`
	Day     time.Weekday      `json:"day,omitempty"`
	Parts   []json.RawMessage `json:"parts,omitempty"`
	Timeout *time.Duration    `json:"timeout,omitempty"`
}

// UseStd takes standard library types.
//
//tool:export idempotent
func UseStd(ctx context.Context, in StdInput) (StdInput, error) { return in, nil }
