package runtime

import (
	"context"
	"errors"
	"log/slog"
	"runtime/debug"
	"time"
	"unicode/utf8"
)

// LogCalls returns a [Middleware] that logs one record per call to l
// (slog.Default() if l is nil): the message "tool call" with
//   - tool: the name called (cut to 64 bytes, as it may be a model's
//     invention);
//   - call_id: the caller's ID of the call, if it has one;
//   - arg_bytes: the length of the JSON arguments;
//   - duration: from the call's start to its Result, middleware inside
//     this one included;
//   - success: whether the tool did what was asked;
//   - error_kind, for a failure: bad_arguments, unknown_tool, failed (the
//     tool said why with [Fail], the approver said no, or the call repeats
//     the ID of an earlier one of ExecuteAll and was not run), error (an
//     error of the tool's or the registry's, such as a result over
//     Settings.MaxOutput or no Approver), panic, timeout, or canceled
//     (the caller's context ended);
//   - error, for a failure other than bad_arguments and unknown_tool: the
//     Go error (Result.Err), or for failed the tool's text; and for a
//     panic, stack.
//
// The level says who should act. Info for a success and a failed call:
// the record of what the agent did, as a server logs each request, and
// calls come no faster than a model's turns. Warn for the model's
// mistakes (bad arguments, an unknown tool) and for calls whose caller
// gave up: nothing is broken, but many of them point at a schema, a
// prompt or a deadline to change. Error for what the program's owner
// must fix: an error, a panic, a timeout.
//
// A record never carries the arguments, unless argBytes is positive: they
// hold what users told the model (names, addresses, secrets pasted into a
// chat), and the messages of bad arguments quote them. The error of a
// failed call is the tool's own text or Go error, which may quote what it
// was given: it is cut to 1 KiB, and what a tool puts in its errors is
// the tool's to decide. With argBytes positive, a record also has args,
// the arguments cut to argBytes bytes (at a character's boundary, "…"
// marking the cut), and error for bad arguments and unknown tools, the
// text the model read.
//
// Records are made with the call's context, so a handler can add what it
// carries (a trace ID). Where the logger is not enabled at a call's
// level, the call costs two readings of the clock.
func LogCalls(l *slog.Logger, argBytes int) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, call Call) (Result, error) {
			start := time.Now()
			returned := false
			defer func() {
				if returned {
					return
				}
				// A panic below (a middleware's: the core contains the tool's): the call has its
				// record too; the registry contains the panic further out.
				v := recover()
				if v == nil {
					return // runtime.Goexit, not a panic: it goes on
				}
				pe := &PanicError{Tool: call.Name, Value: v, Stack: debug.Stack(), Middleware: true}
				logCall(ctx, l, argBytes, call, Result{Error: panicText, Err: pe}, nil, time.Since(start))
				panic(v)
			}()
			res, err := next(ctx, call)
			returned = true
			logCall(ctx, l, argBytes, call, res, err, time.Since(start))
			return res, err
		}
	}
}

// logCall writes the record of a call.
func logCall(ctx context.Context, l *slog.Logger, argBytes int, call Call, res Result, err error, d time.Duration) {
	if l == nil {
		l = slog.Default()
	}
	kind, level := callKind(call, res, err)
	if !l.Enabled(ctx, level) {
		return
	}
	var buf [10]slog.Attr // enough for every record: none is made on the heap
	attrs := append(buf[:0], slog.String("tool", cut(call.Name, 64)))
	if call.ID != "" {
		attrs = append(attrs, slog.String("call_id", cut(call.ID, 256)))
	}
	attrs = append(attrs,
		slog.Int("arg_bytes", len(call.Args)),
		slog.Duration("duration", d),
		slog.Bool("success", res.Success),
	)
	if argBytes > 0 {
		attrs = append(attrs, slog.String("args", cut(string(call.Args), argBytes)))
	}
	if kind != "" {
		attrs = append(attrs, slog.String("error_kind", kind))
	}
	switch {
	case kind == "" || (kind == "bad_arguments" || kind == "unknown_tool") && argBytes <= 0:
	case kind == "canceled":
		attrs = append(attrs, slog.String("error", cut(err.Error(), maxLogError)))
	case kind == "panic":
		var pe *PanicError
		errors.As(res.Err, &pe)
		attrs = append(attrs, slog.String("error", cut(res.Err.Error(), maxLogError)), slog.String("stack", string(pe.Stack)))
	case res.Err != nil:
		attrs = append(attrs, slog.String("error", cut(res.Err.Error(), maxLogError)))
	default:
		// The text the model read of bad arguments, with argBytes
		// positive, is cut no shorter than the arguments are.
		attrs = append(attrs, slog.String("error", cut(res.Error, max(maxLogError, argBytes))))
	}
	if kind == "bad_arguments" {
		attrs = append(attrs, slog.Int("problems", len(res.Problems)))
	}
	l.LogAttrs(ctx, level, "tool call", attrs...)
}

// callKind says what became of a call, as LogCalls's error_kind, and the
// level of its record.
func callKind(call Call, res Result, err error) (string, slog.Level) {
	switch {
	case err != nil:
		return "canceled", slog.LevelWarn
	case res.Success:
		return "", slog.LevelInfo
	case call.Tool == nil:
		return "unknown_tool", slog.LevelWarn
	case res.Problems != nil:
		return "bad_arguments", slog.LevelWarn
	case res.Err == nil:
		return "failed", slog.LevelInfo
	}
	var pe *PanicError
	var timeout *TimeoutError
	switch {
	case errors.As(res.Err, &pe):
		return "panic", slog.LevelError
	case errors.As(res.Err, &timeout):
		return "timeout", slog.LevelError
	}
	return "error", slog.LevelError
}

// maxLogError is how many bytes of a failure's text a record holds: a
// tool's error may quote what the model sent, of any length.
const maxLogError = 1024

// cut returns s cut to at most n bytes at a character's boundary, with
// "…" after it if it was cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
