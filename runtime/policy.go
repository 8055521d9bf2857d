package runtime

import (
	"context"
	"encoding/json"
	"errors"
)

// What a tool's directive asks of the runtime beyond one plain call:
// approval before a tool marked confirm runs, and retries after a
// transient failure. (Results of tools marked cache are reused by the
// Registry; see cache.go.)

// Call is one call a model asked for: the tool's name and the JSON
// arguments it wrote (and the ID the provider gave the call, if any). An
// [Approver] sees it with Tool set, Args checked against the tool's
// schema, and the ID of the call as [Registry.ExecuteAll] was given it.
type Call struct {
	ID   string
	Name string
	Args json.RawMessage
	// Tool describes the tool called, where the registry knows it.
	Tool *Info
}

// An Approver decides whether a call of a tool marked confirm may run: a
// person answering a prompt, a policy, a test. It is asked once per call,
// after the arguments are found valid and before the tool runs. An error
// means no decision could be had; the call does not run.
type Approver func(ctx context.Context, call Call) (bool, error)

// ErrNoApprover is the Err of the Result of a call of a tool marked
// confirm when no [Approver] is set ([Settings.Approver]): such a tool never
// runs unapproved.
var ErrNoApprover = errors.New("runtime: the tool needs approval, and no Approver is set")

// Retryable marks err, returned by a tool, as a transient failure (a
// dropped connection, a rate limit): if the tool's directive allows
// retries, the call is made again after a short wait. A tool that ran out
// of its timeout is retried too. errors.Unwrap gives err back.
func Retryable(err error) error {
	if err == nil {
		return nil
	}
	return &retryable{err}
}

// retryable is an error marked by [Retryable].
type retryable struct{ err error }

func (e *retryable) Error() string { return e.err.Error() }

func (e *retryable) Unwrap() error { return e.err }

// Transient marks the error as worth another attempt.
func (e *retryable) Transient() bool { return true }
