package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// Result is the outcome of one tool call, as the model should see it.
//
// Send it to the model as JSON ({"success":true,"output":"..."} or
// {"success":false,"error":"..."}), or send Output or Error alone as the
// tool message's text.
type Result struct {
	// Success reports whether the tool did what was asked.
	Success bool `json:"success"`
	// Structured reports that Output is Data's JSON encoding: the result
	// is structured, and its JSON form carries it once, as data. A result
	// made by hand with Data set should set Output to Data's JSON and
	// Structured to true, or leave both unset (Data is then encoded when
	// the Result is).
	Structured bool `json:"-"`
	// Output is the result as text for the model: the tool's string
	// result as it is, or its structured result as JSON.
	Output string `json:"output,omitempty"`
	// Data is the structured result, for programs: the tool's value, or
	// for a tool marked cache its JSON, a json.RawMessage of the
	// caller's own (see [Cache]).
	Data any `json:"data,omitempty"`
	// Error says what went wrong, in words the model can act on.
	Error string `json:"error,omitempty"`
	// Problems lists each problem with the arguments, when they were
	// rejected, for programs; the model reads them in Error.
	Problems []Problem `json:"-"`
	// Err is the Go error behind a failure the model did not cause and
	// cannot fix (an error the tool returned, a panic, a timeout, a result
	// with no JSON encoding), for the program to log or inspect. It is nil
	// for bad arguments and for failures the tool reported with [Fail].
	Err error `json:"-"`
}

// Problem is one way in which arguments do not match a tool's schema.
type Problem struct {
	// Path is the JSON Pointer of the offending value ("" for the whole
	// arguments, "/days", "/stops/2/city").
	Path string
	// Message says what is wrong, in words the model can act on.
	Message string
}

func (p Problem) String() string {
	if p.Path == "" {
		return p.Message
	}
	return p.Path + ": " + p.Message
}

// Fail returns an error for an outcome the model should see and can act on
// ("no order with id 42", "the city is not covered"), as opposed to a
// system error. A tool returns it; the call's Result has Success false and
// Error set to msg, always, whatever the registry's Settings.ErrorText
// says, and no Err.
func Fail(msg string) error { return &failure{msg} }

// Failf is [Fail] with a message formatted as by fmt.Sprintf.
func Failf(format string, args ...any) error {
	return &failure{fmt.Sprintf(format, args...)}
}

// failure is the error of [Fail].
type failure struct{ msg string }

func (f *failure) Error() string { return f.msg }

// ModelMessage is the text the model reads.
func (f *failure) ModelMessage() string { return f.msg }

// PanicError is the Err of a Result whose tool panicked, or whose
// approver or middleware did.
type PanicError struct {
	Tool  string
	Value any
	Stack []byte
	// Approver reports that the registry's [Approver] panicked, asked
	// about a call of Tool, which did not run: the fault is the
	// approver's, not the tool's.
	Approver bool
	// Middleware reports that one of the registry's [Middleware]
	// panicked, in a call of Tool, outside the tool: the tool may or may
	// not have run.
	Middleware bool
}

func (e *PanicError) Error() string {
	switch {
	case e.Approver:
		return fmt.Sprintf("the approver of tool %s panicked: %v", e.Tool, e.Value)
	case e.Middleware:
		return fmt.Sprintf("a middleware panicked in a call of tool %s: %v", e.Tool, e.Value)
	}
	return fmt.Sprintf("tool %s panicked: %v", e.Tool, e.Value)
}

// TimeoutError is the Err of a Result whose tool did not finish within the
// timeout of its directive, or the registry's Settings.Timeout.
type TimeoutError struct {
	Tool    string
	Timeout string
	Err     error
	// Abandoned reports that the tool's function had not returned at the
	// deadline: it goes on on its own goroutine, and its result will be
	// dropped (see Registry.Abandoned).
	Abandoned bool
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("tool %s timed out after %s: %v", e.Tool, e.Timeout, e.Err)
}

func (e *TimeoutError) Unwrap() error { return e.Err }

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
	case r.Structured && r.Output != "":
		b.WriteString(`,"data":`)
		b.WriteString(r.Output)
	case isContent(r.Data):
		// Media as base64 would cost the model many tokens and mean
		// nothing to it as text: the description stands for them.
		if err := field("output", r.Output); err != nil {
			return nil, err
		}
	case r.Data != nil:
		if r.Output != "" && !r.Structured {
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

// JSONText returns the Result as JSON, the text a model reads of a call. A
// Result with no JSON encoding (one a middleware made, with Data such as
// a NaN: the registry settles its tools' Results) reads as a failure that
// says so, as does one whose Data's MarshalJSON panics: one call's Result
// neither ends a turn nor crashes the program that sends it.
func (r Result) JSONText() (text string) {
	if r.Structured && r.Output != "" && r.Error == "" {
		// The common case, a structured result, whose Output is its
		// JSON: what MarshalJSON writes, in one allocation.
		return `{"success":` + strconv.FormatBool(r.Success) + `,"data":` + r.Output + `}`
	}
	defer func() {
		if recover() != nil {
			text = unencodableJSON
		}
	}()
	data, err := r.MarshalJSON()
	if err != nil {
		return unencodableJSON
	}
	return string(data)
}

// unencodableJSON is the JSON of a Result that has none of its own.
const unencodableJSON = `{"success":false,"error":"` + unencodableText + `"}`

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
