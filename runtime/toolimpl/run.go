package toolimpl

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/internal/session"
)

// What a generated tool does after its arguments are decoded: ask for
// approval if it is marked confirm, then run its function under the
// tool's timeout and retries, containing any panic, and turn what the
// function returns into the Result the model sees.

// Run calls fn, a tool's function with its decoded arguments bound, under
// the tool's timeout, and again after a retryable failure as far as
// info.Retries allows; it turns a panic into a failed Result and fn's
// result into the Result the model sees. s are the settings of the
// registry that runs the call (nil for the defaults). The error is non-nil
// only when ctx ended.
//
// fn takes the decoded arguments in as a value, so that a function that
// captures nothing costs no allocation for them.
func Run[In, Out any](ctx context.Context, s *runtime.Settings, info *runtime.Info, in In, fn func(context.Context, In) (Out, error)) (runtime.Result, error) {
	return RunEncoded(ctx, s, info, in, fn, nil)
}

// RunEncoded is Run for a tool whose result type toolgen encodes itself:
// encode writes the result's JSON without reflection.
func RunEncoded[In, Out any](ctx context.Context, s *runtime.Settings, info *runtime.Info, in In, fn func(context.Context, In) (Out, error), encode func(*Encoder, Out)) (res runtime.Result, goErr error) {
	if info.Retries > 0 || info.Timeout > 0 || s != nil && s.Timeout > 0 || ctx.Err() != nil {
		return run(ctx, s, info, bind(in, fn, encode))
	}
	// The common case, one attempt on the caller's goroutine with no
	// deadline of its own, is written out here and into the Result this
	// returns, so that the Result is not copied from frame to frame. What
	// is not generic is left to functions of its own: Go compiles this
	// anew for every tool.
	defer recoverCall(info, &res, &goErr)
	out, err := fn(ctx, in)
	if err != nil {
		return failedDirect(ctx, s, info, err)
	}
	fill(&res, out, encode)
	return res, nil
}

// failedDirect is failed for a call made on the caller's goroutine.
func failedDirect(ctx context.Context, s *runtime.Settings, info *runtime.Info, err error) (runtime.Result, error) {
	if s == nil {
		s = &defaults
	}
	return failed(ctx, ctx, s, info, err)
}

// An attempt runs a tool's function once, with its arguments bound, and
// writes its Result into res when it succeeds; the error is the
// function's.
//
// Retries and deadlines take an attempt, not the arguments and result
// types as type parameters: Go compiles a generic function anew for each
// shape of its type arguments, and every tool's arguments are a struct of
// their own (their tags alone make them a shape of their own), so a
// package of many tools would compile a copy of all of this per tool.
// Binding costs a call with retries or a deadline one allocation.
type attempt func(ctx context.Context, res *runtime.Result) error

// bind binds in, fn and encode into an attempt.
func bind[In, Out any](in In, fn func(context.Context, In) (Out, error), encode func(*Encoder, Out)) attempt {
	return func(ctx context.Context, res *runtime.Result) error {
		out, err := fn(ctx, in)
		if err != nil {
			return err
		}
		fill(res, out, encode)
		return nil
	}
}

func run(ctx context.Context, s *runtime.Settings, info *runtime.Info, call attempt) (runtime.Result, error) {
	if s == nil {
		s = &defaults
	}
	if info.Retries > 0 {
		return runRetrying(ctx, s, info, call)
	}
	return runOnce(ctx, s, info, call)
}

// runRetrying runs a tool whose directive allows retries: again after each
// retryable failure, info.Retries times at most, waiting longer each time.
func runRetrying(ctx context.Context, s *runtime.Settings, info *runtime.Info, call attempt) (runtime.Result, error) {
	delay := retryDelay(s)
	for n := 0; ; n++ {
		res, err := runOnce(ctx, s, info, call)
		if err != nil || res.Success || n == info.Retries || !retryable(res.Err) {
			return res, err
		}
		wait := time.NewTimer(delay << min(n, 5))
		select {
		case <-ctx.Done():
			wait.Stop()
			return canceled(ctx.Err()), ctx.Err()
		case <-wait.C:
		}
	}
}

// retryable reports whether a failed call's Err allows another attempt:
// an error marked with runtime.Retryable, or a timeout.
func retryable(err error) bool {
	var r interface{ Transient() bool }
	var t *runtime.TimeoutError
	return errors.As(err, &r) || errors.As(err, &t)
}

// runOnce makes one attempt of a call.
func runOnce(ctx context.Context, s *runtime.Settings, info *runtime.Info, call attempt) (runtime.Result, error) {
	timeout := cmp.Or(info.Timeout, s.Timeout)
	if err := ctx.Err(); err != nil {
		return canceled(err), err
	}
	if timeout <= 0 {
		return runAttempt(ctx, s, info, call)
	}
	return runDeadline(ctx, s, info, timeout, call)
}

// runAttempt makes one attempt on the caller's goroutine, with no
// deadline of its own.
func runAttempt(ctx context.Context, s *runtime.Settings, info *runtime.Info, call attempt) (res runtime.Result, goErr error) {
	defer recoverCall(info, &res, &goErr)
	if err := call(ctx, &res); err != nil {
		return failed(ctx, ctx, s, info, err)
	}
	return res, nil
}

// recoverCall, deferred by a call on the caller's goroutine, makes a
// panic of the call its failed Result. It is a function of its own, not a
// closure in each call's code: RunEncoded is compiled once per tool.
func recoverCall(info *runtime.Info, res *runtime.Result, goErr *error) {
	if v := recover(); v != nil {
		*res, *goErr = panicked(info, v), nil
	}
}

// panicked is the Result of a call whose tool panicked with v.
func panicked(info *runtime.Info, v any) runtime.Result {
	return runtime.Result{
		Error: "internal error: the tool failed unexpectedly",
		Err:   &runtime.PanicError{Tool: info.Name, Value: v, Stack: debug.Stack()},
	}
}

// fill sets res to the Result of a call that returned out without an
// error. A result toolgen encodes itself (encode is not nil) is written
// into a pooled Encoder's buffer and copied out once, into a string of
// exactly its length: one allocation, of the output's size.
func fill[Out any](res *runtime.Result, out Out, encode func(*Encoder, Out)) {
	if encode == nil {
		// A text result, the common case of the others, is set field by
		// field: a result declared string, not an any that holds one,
		// which is structured (its output schema says any JSON value).
		if text, ok := any(out).(string); ok {
			if _, declared := any(&out).(*string); declared {
				res.Success, res.Output = true, text
				return
			}
		}
		*res = success(out)
		return
	}
	e := getEncoder()
	encode(e, out) // a panic leaves e to the collector
	if e.err != nil {
		err := e.err
		putEncoder(e)
		*res = unencodable(err)
		return
	}
	res.Output = string(e.buf)
	putEncoder(e)
	res.Success, res.Structured, res.Data = true, true, out
}

// failed is the Result of a call whose function returned err.
func failed(parent, ctx context.Context, s *runtime.Settings, info *runtime.Info, err error) (runtime.Result, error) {
	if perr := parent.Err(); perr != nil {
		return canceled(perr), perr
	}
	var failure interface{ ModelMessage() string }
	var encoding *encodeError
	var over *overError
	switch {
	case errors.As(err, &failure):
		return runtime.Result{Error: failure.ModelMessage()}, nil
	case errors.As(err, &encoding):
		return unencodable(encoding.err), nil
	case errors.As(err, &over):
		return runtime.Result{
			Error: fmt.Sprintf("the tool's result is over the limit of %d bytes: ask for less", over.max),
			Err:   err,
		}, nil
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil && ctx != parent:
		timeout := cmp.Or(info.Timeout, s.Timeout)
		return runtime.Result{
			Error: fmt.Sprintf("the tool did not finish within %s", timeout),
			Err:   &runtime.TimeoutError{Tool: info.Name, Timeout: timeout.String(), Err: err},
		}, nil
	}
	return runtime.Result{Error: errorText(s, info, err), Err: err}, nil
}

// errorText is what the model reads of a system error: the registry's
// Settings.ErrorText, or by default the error's own text.
func errorText(s *runtime.Settings, info *runtime.Info, err error) string {
	if s.ErrorText != nil {
		return s.ErrorText(info, err)
	}
	return err.Error()
}

// unencodable is the Result of a call whose result has no JSON encoding (a
// NaN, a MarshalJSON that failed): a fault of the tool, which the program
// should log and the model cannot fix.
func unencodable(err error) runtime.Result {
	return runtime.Result{
		Error: "internal error: the tool's result could not be encoded",
		Err:   fmt.Errorf("encoding the result: %w", err),
	}
}

// NoOutput is the output type of a tool whose function returns only an
// error: a successful call has an empty Output and no Data.
type NoOutput struct{}

// success is the Result of a call that returned out without an error.
func success[Out any](out Out) runtime.Result {
	switch v := any(out).(type) {
	case NoOutput:
		return runtime.Result{Success: true}
	case runtime.Content:
		return runtime.Result{Success: true, Output: v.String(), Data: v}
	}
	text, err := marshalNoEscape(out)
	if err != nil {
		return unencodable(err)
	}
	return runtime.Result{Success: true, Structured: true, Output: string(text), Data: out}
}

func canceled(err error) runtime.Result {
	return runtime.Result{Error: "the call was canceled: " + err.Error(), Err: err}
}

// Approve asks the Approver of the settings s whether a call of a tool
// marked confirm may run. Generated tools marked confirm call it after
// their arguments are decoded, before the tool runs: if ok is false, the
// call must not run, and res (and err, when ctx ended) say why. A panic
// of the approver fails the call, as a tool's would, with a
// runtime.PanicError that says it was the approver's.
func Approve(ctx context.Context, s *runtime.Settings, info *runtime.Info, args []byte) (res runtime.Result, ok bool, err error) {
	if s == nil || s.Approver == nil {
		return runtime.Result{
			Error: fmt.Sprintf("the call was not run: %s needs a person's approval, and none can be asked here", info.Name),
			Err:   runtime.ErrNoApprover,
		}, false, nil
	}
	if noArguments(args) {
		args = emptyObject // what empty arguments or null stand for
	}
	defer func() {
		if v := recover(); v != nil {
			res, ok, err = runtime.Result{
				Error: "the call was not run: it could not be approved",
				Err:   &runtime.PanicError{Tool: info.Name, Value: v, Stack: debug.Stack(), Approver: true},
			}, false, nil
		}
	}()
	yes, aerr := s.Approver(ctx, runtime.Call{ID: session.CallID(ctx), Name: info.Name, Args: args, Tool: info})
	switch {
	case ctx.Err() != nil:
		return canceled(ctx.Err()), false, ctx.Err()
	case aerr != nil:
		return runtime.Result{
			Error: "the call was not run: it could not be approved",
			Err:   fmt.Errorf("approving a call of %s: %w", info.Name, aerr),
		}, false, nil
	case !yes:
		return runtime.Result{Error: "the call was not approved, so the tool did not run"}, false, nil
	}
	return runtime.Result{}, true, nil
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}
