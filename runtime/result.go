package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"unsafe"
)

// Result is the outcome of one tool call, as the model should see it.
//
// Send it to the model as JSON ({"success":true,"output":"..."} or
// {"success":false,"error":"..."}), or send Output or Error alone as the
// tool message's text.
type Result struct {
	// Success reports whether the tool did what was asked.
	Success bool `json:"success"`
	// encoded reports that Output is Data's JSON encoding, made by the
	// runtime, so MarshalJSON writes it as data without encoding again.
	encoded bool
	// Output is the result as text for the model: the tool's string
	// result as it is, or its structured result as JSON.
	Output string `json:"output,omitempty"`
	// Data is the structured result, for programs.
	Data any `json:"data,omitempty"`
	// Error says what went wrong, in words the model can act on.
	Error string `json:"error,omitempty"`
	// invalid holds the problems with the arguments, when they were
	// rejected (see Problems).
	invalid *ArgumentError
	// Err is the Go error behind a failure the model did not cause and
	// cannot fix (an error the tool returned, a panic, a timeout, a result
	// with no JSON encoding), for the program to log or inspect. It is nil
	// for bad arguments and for failures the tool reported with [Fail].
	Err error `json:"-"`
}

// Problems lists each problem with the arguments, when they were rejected,
// for programs; the model reads them in Error.
func (r *Result) Problems() []Problem {
	if r.invalid == nil {
		return nil
	}
	return r.invalid.Problems
}

// Failure is an error that a tool returns for an outcome the model should
// see and can act on ("no order with id 42", "the city is not covered"), as
// opposed to a system error. Make one with [Fail] or [Failf]. The call's
// Result has Success false and Error set to the message, and no Err.
type Failure struct {
	Message string
}

func (f *Failure) Error() string { return f.Message }

// Fail returns a [Failure] with the message msg.
func Fail(msg string) error { return &Failure{Message: msg} }

// Failf returns a [Failure] with a message formatted as by fmt.Sprintf.
func Failf(format string, args ...any) error {
	return &Failure{Message: fmt.Sprintf(format, args...)}
}

// PanicError is the Err of a Result whose tool panicked.
type PanicError struct {
	Tool  string
	Value any
	Stack []byte
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("tool %s panicked: %v", e.Tool, e.Value)
}

// TimeoutError is the Err of a Result whose tool did not finish within the
// timeout of its directive.
type TimeoutError struct {
	Tool    string
	Timeout string
	Err     error
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("tool %s timed out after %s: %v", e.Tool, e.Timeout, e.Err)
}

func (e *TimeoutError) Unwrap() error { return e.Err }

// runTool calls fn under the tool's timeout, recovering a panic, and turns
// what fn returns into the Result the model sees.
func runTool[Out any](ctx context.Context, info *Info, fn func(context.Context) (Out, error), encode func(*Encoder, Out)) (res Result, goErr error) {
	if err := ctx.Err(); err != nil {
		return canceled(err), err
	}
	parent := ctx
	if info.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, info.Timeout)
		defer cancel()
	}
	defer func() {
		if v := recover(); v != nil {
			res = Result{
				Error: "internal error: the tool failed unexpectedly",
				Err:   &PanicError{Tool: info.Name, Value: v, Stack: debug.Stack()},
			}
			goErr = nil
		}
	}()
	out, err := fn(ctx)
	switch {
	case err != nil:
		return failed(parent, ctx, info, err)
	case encode != nil:
		return encoded(out, encode)
	}
	// A text result, the common case, is set field by field: returning a
	// Result made elsewhere would copy it through each frame.
	if text, ok := any(out).(string); ok {
		res.Success, res.Output = true, text
		return res, nil
	}
	return success(out)
}

// encoded is the Result of a call whose result toolgen encodes itself.
func encoded[Out any](out Out, encode func(*Encoder, Out)) (Result, error) {
	e := Encoder{buf: make([]byte, 0, 256)}
	encode(&e, out)
	data, err := e.Bytes()
	if err != nil {
		return unencodable(err), nil
	}
	// data is not written again, so Output can share its bytes.
	return Result{Success: true, encoded: true, Output: unsafe.String(unsafe.SliceData(data), len(data)), Data: out}, nil
}

// failed is the Result of a call whose function returned err.
func failed(parent, ctx context.Context, info *Info, err error) (Result, error) {
	if perr := parent.Err(); perr != nil {
		return canceled(perr), perr
	}
	var failure *Failure
	var encoding *encodeError
	switch {
	case errors.As(err, &failure):
		return Result{Error: failure.Message}, nil
	case errors.As(err, &encoding):
		return unencodable(encoding.err), nil
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil && info.Timeout > 0:
		return Result{
			Error: fmt.Sprintf("the tool did not finish within %s", info.Timeout),
			Err:   &TimeoutError{Tool: info.Name, Timeout: info.Timeout.String(), Err: err},
		}, nil
	default:
		return Result{Error: err.Error(), Err: err}, nil
	}
}

// unencodable is the Result of a call whose result has no JSON encoding (a
// NaN, a MarshalJSON that failed): a fault of the tool, which the program
// should log and the model cannot fix.
func unencodable(err error) Result {
	return Result{
		Error: "internal error: the tool's result could not be encoded",
		Err:   fmt.Errorf("encoding the result: %w", err),
	}
}

// success is the Result of a call that returned out without an error.
func success[Out any](out Out) (Result, error) {
	switch v := any(out).(type) {
	case NoOutput:
		return Result{Success: true}, nil
	case Content:
		return Result{Success: true, Output: v.String(), Data: v}, nil
	}
	text, err := marshalNoEscape(out)
	if err != nil {
		return unencodable(err), nil
	}
	return Result{Success: true, encoded: true, Output: string(text), Data: out}, nil
}

// MarshalJSON encodes the result for a model: {"success":true,"output":...}
// for a text result, {"success":true,"data":...} for a structured one (its
// Output, the same JSON as text, is not repeated), {"success":true,
// "output":...} with the text description of multimodal Content (the media
// go through a channel that carries them), {"success":false,
// "error":...} for a failure. <, > and & are not escaped: they cost the
// model tokens and mean nothing to it.
func (r Result) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(`{"success":`)
	b.WriteString(strconv.FormatBool(r.Success))
	field := func(name string, v any) error {
		data, err := marshalNoEscape(v)
		if err != nil {
			return err
		}
		b.WriteString(`,"` + name + `":`)
		b.Write(data)
		return nil
	}
	switch {
	case r.encoded:
		b.WriteString(`,"data":`)
		b.WriteString(r.Output)
	case isContent(r.Data):
		// Media as base64 would cost the model many tokens and mean
		// nothing to it as text: the description stands for them.
		if err := field("output", r.Output); err != nil {
			return nil, err
		}
	case r.Data != nil:
		if r.Output != "" {
			if err := field("output", r.Output); err != nil {
				return nil, err
			}
		}
		if err := field("data", r.Data); err != nil {
			return nil, err
		}
	case r.Output != "":
		if err := field("output", r.Output); err != nil {
			return nil, err
		}
	}
	if r.Error != "" {
		if err := field("error", r.Error); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func isContent(v any) bool {
	_, ok := v.(Content)
	return ok
}

// marshalNoEscape is json.Marshal without HTML escaping.
func marshalNoEscape(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func canceled(err error) Result {
	return Result{Error: "the call was canceled: " + err.Error(), Err: err}
}
