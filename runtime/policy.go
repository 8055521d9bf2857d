package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// What a tool's directive asks of the runtime beyond one plain call:
// approval before a tool marked confirm runs, and retries after a
// transient failure. (Results of tools marked cache are reused by the
// Registry; see cache.go.)

// Call is a call of a tool waiting for approval: the tool, and its
// arguments as the model wrote them, already checked against its schema.
type Call struct {
	Tool *Info
	Args json.RawMessage
}

// An Approver decides whether a call of a tool marked confirm may run: a
// person answering a prompt, a policy, a test. It is asked once per call,
// after the arguments are found valid and before the tool runs. An error
// means no decision could be had; the call does not run.
type Approver func(ctx context.Context, call Call) (bool, error)

// ErrNoApprover is the Err of the Result of a call of a tool marked
// confirm when no [Approver] is set ([WithApprover]): such a tool never
// runs unapproved.
var ErrNoApprover = errors.New("runtime: the tool needs approval, and no Approver is set")

// Approve asks the Approver of the registry that runs the call whether a
// call of a tool marked confirm may run. Generated tools marked confirm
// call it after their arguments are decoded, before the tool runs: if ok
// is false, the call must not run, and res (and err, when ctx ended) say
// why.
func Approve(ctx context.Context, info *Info, args json.RawMessage) (res Result, ok bool, err error) {
	approve := configFrom(ctx).approve
	if approve == nil {
		return Result{
			Error: fmt.Sprintf("the call was not run: %s needs a person's approval, and none can be asked here", info.Name),
			Err:   ErrNoApprover,
		}, false, nil
	}
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage(`{}`) // what an empty argument string stands for
	}
	yes, err := (*approve)(ctx, Call{Tool: info, Args: args})
	switch {
	case ctx.Err() != nil:
		return canceled(ctx.Err()), false, ctx.Err()
	case err != nil:
		return Result{
			Error: "the call was not run: it could not be approved",
			Err:   fmt.Errorf("approving a call of %s: %w", info.Name, err),
		}, false, nil
	case !yes:
		return Result{Error: "the call was not approved, so the tool did not run"}, false, nil
	}
	return Result{}, true, nil
}

// Retryable marks err, returned by a tool, as a transient failure (a
// dropped connection, a rate limit): if the tool's directive allows
// retries, the call is made again after a short wait. A tool that ran out
// of its timeout is retried too.
func Retryable(err error) error {
	if err == nil {
		return nil
	}
	return &RetryableError{Err: err}
}

// RetryableError is an error marked by [Retryable].
type RetryableError struct {
	Err error
}

func (e *RetryableError) Error() string { return e.Err.Error() }

func (e *RetryableError) Unwrap() error { return e.Err }

// retryable reports whether a failed call's Err allows another attempt.
func retryable(err error) bool {
	var r *RetryableError
	var t *TimeoutError
	return errors.As(err, &r) || errors.As(err, &t)
}

// DefaultRetryDelay is the wait before the first retry of a call, unless
// a Registry sets another with [WithRetryDelay]; each later wait doubles,
// up to 32 times it.
const DefaultRetryDelay = 100 * time.Millisecond

// runRetrying runs a tool whose directive allows retries: again after each
// retryable failure, info.Retries times at most, waiting longer each time.
func runRetrying[Out any](ctx context.Context, info *Info, fn func(context.Context) (Out, error), encode func(*Encoder, Out)) (Result, error) {
	delay := configFrom(ctx).retryDelay
	for attempt := 0; ; attempt++ {
		res, err := runTool(ctx, info, fn, encode)
		if err != nil || res.Success || attempt == info.Retries || !retryable(res.Err) {
			return res, err
		}
		wait := time.NewTimer(delay << min(attempt, 5))
		select {
		case <-ctx.Done():
			wait.Stop()
			return canceled(ctx.Err()), ctx.Err()
		case <-wait.C:
		}
	}
}
