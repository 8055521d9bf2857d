// Package oteltools traces and measures the tool calls of a toolgen
// registry with OpenTelemetry, after the GenAI semantic conventions for
// tool execution.
//
// [Middleware] returns a runtime middleware: each call a registry runs
// (Execute, ExecuteAll, ExecuteStream, and so every adapter) gets a span
// "execute_tool {gen_ai.tool.name}" of kind INTERNAL, a child of the span
// in the caller's context, and is counted and timed.
//
//	reg := runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{oteltools.Middleware()}})
//
// # Spans
//
// Each span carries gen_ai.operation.name ("execute_tool"),
// gen_ai.tool.name, gen_ai.tool.description, gen_ai.tool.type
// ("function": the program runs the tool the model asked for),
// gen_ai.tool.call.id when the call has an ID, and toolgen.tool.outcome
// (see [OutcomeKey]). The arguments and the result are recorded only when
// asked, with [WithContent]: they may hold what users typed.
//
// A call's span has status Error, error.type and the error's text as
// status description when the call failed for a reason the model did not
// cause and cannot fix, that is when the Result's Err is set: the tool
// panicked ("panic"), ran out of its timeout ("timeout"), returned an
// error of its own, or no approver was set ("no_approver"). Any other
// error is typed by its ErrorType method, or else by its Go type
// ("*errors.errorString", "*net.OpError"), as OpenTelemetry's Go semconv
// packages do.
//
// Arguments the model got wrong, a tool it named that does not exist, a
// failure the tool reported to it (runtime.Fail) or a call not approved
// leave the status unset and set no error.type: the model reads what went
// wrong and can act on it in its next turn, and the program and the tool
// worked as they should, as an HTTP server leaves the status of a 4xx
// response unset. So does a call whose caller gave up (its context ended:
// the only time a call returns an error), as a gRPC server leaves the
// status of a cancelled call unset. Such calls are told apart by
// toolgen.tool.outcome ("bad_arguments", "unknown_tool", "failed",
// "canceled"), on spans and metrics alike, so that alerts on the error
// status and error.type fire for the program's faults, not for the
// model's mistakes. The outcomes are the error kinds of runtime.LogCalls,
// with panics and timeouts under "error".
//
// # Metrics
//
// gen_ai.execute_tool.duration (histogram, s, with the conventions' bucket
// boundaries 0.01 s to 81.92 s) times each call, as long as its span;
// toolgen.tool.calls (counter, {call}) counts them. Both carry
// gen_ai.tool.name, gen_ai.tool.type, toolgen.tool.outcome, and error.type
// for calls that failed as above. The name of a tool the registry does not
// have is the model's text: metrics record it as "_OTHER", so that a model
// cannot grow their number of series, and the span records it cut to 64
// bytes.
package oteltools

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/metric"
	metricnoop "go.opentelemetry.io/otel/metric/noop"
	// The GenAI attributes left the Go semconv packages in v1.42.0; this
	// is the last of the module's releases with them.
	semconv "go.opentelemetry.io/otel/semconv/v1.41.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-go/toolgen/runtime"
)

// ScopeName is the instrumentation scope of the spans and metrics.
const ScopeName = "github.com/toolgen-go/toolgen/adapters/oteltools"

// Metric names.
const (
	// DurationMetric is the histogram of the duration of calls, in
	// seconds: gen_ai.execute_tool.duration of the GenAI semantic
	// conventions.
	DurationMetric = "gen_ai.execute_tool.duration"
	// CallsMetric is the counter of calls, toolgen's own: the conventions
	// define none.
	CallsMetric = "toolgen.tool.calls"
)

// OutcomeKey is the attribute, on spans and metrics, that says how a call
// ended: [OutcomeSuccess], [OutcomeBadArguments], [OutcomeUnknownTool],
// [OutcomeFailed], [OutcomeCanceled] or [OutcomeError]. It is toolgen's
// own.
const OutcomeKey = attribute.Key("toolgen.tool.outcome")

// The values of [OutcomeKey].
const (
	// OutcomeSuccess: the tool did what was asked.
	OutcomeSuccess = "success"
	// OutcomeBadArguments: the arguments did not match the tool's schema;
	// the model was told what to fix.
	OutcomeBadArguments = "bad_arguments"
	// OutcomeUnknownTool: the model named a tool the registry does not
	// have (or one left out of its dialect).
	OutcomeUnknownTool = "unknown_tool"
	// OutcomeFailed: the tool reported a failure to the model
	// (runtime.Fail), or the call was not approved, or it repeated the ID
	// of an earlier call of its ExecuteAll and was not run.
	OutcomeFailed = "failed"
	// OutcomeCanceled: the call's context ended before it did, and it
	// returned the context's error.
	OutcomeCanceled = "canceled"
	// OutcomeError: a failure the model did not cause: the Result's Err
	// is set. The span's status is Error, and error.type says which.
	OutcomeError = "error"
)

// toolType is gen_ai.tool.type of every toolgen tool: a function the
// program runs with the arguments the model wrote.
const toolType = "function"

// otherName is gen_ai.tool.name on the metrics of calls of a tool the
// registry does not have, as the conventions name values outside a known
// set.
const otherName = "_OTHER"

// maxName is the longest tool name a span records for a tool the registry
// does not have: no registered name is longer.
const maxName = 64

// maxID and maxContent are the most bytes a span records of a call's ID,
// and of its arguments or result: they are the model's bytes, of any
// length and not always UTF-8, which an OTLP exporter refuses (a protocol
// buffer string must be UTF-8), with the whole batch of spans.
const (
	maxID      = 256
	maxContent = 64 << 10
)

// maxCached is the most tools whose attributes a Middleware keeps.
const maxCached = 4096

// durationBuckets are the bucket boundaries, in seconds, that the
// conventions give gen_ai.execute_tool.duration.
var durationBuckets = []float64{0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92}

// Option configures [Middleware].
type Option func(*config)

type config struct {
	tracers trace.TracerProvider
	meters  metric.MeterProvider
	content bool
}

// WithTracerProvider sets where spans go; the default is the global
// provider (otel.GetTracerProvider) at the time Middleware is called.
func WithTracerProvider(tp trace.TracerProvider) Option {
	return func(c *config) { c.tracers = tp }
}

// WithMeterProvider sets where metrics go; the default is the global
// provider (otel.GetMeterProvider) at the time Middleware is called.
func WithMeterProvider(mp metric.MeterProvider) Option {
	return func(c *config) { c.meters = mp }
}

// WithContent records each call's arguments (gen_ai.tool.call.arguments)
// and, when it succeeded, the result the model reads
// (gen_ai.tool.call.result), as JSON or text, on the spans that are
// recorded: each its first 64 KiB, invalid UTF-8 written as U+FFFD. The
// conventions make them opt-in: they may hold personal data and be large.
func WithContent() Option {
	return func(c *config) { c.content = true }
}

// Middleware returns a runtime middleware that gives each tool call a span
// and records its duration and outcome, as the package documentation says.
// Put it first in runtime.Settings.Middleware: as the outermost
// middleware, its span and duration cover the others too.
func Middleware(opts ...Option) runtime.Middleware {
	c := config{}
	for _, opt := range opts {
		opt(&c)
	}
	if c.tracers == nil {
		c.tracers = otel.GetTracerProvider()
	}
	if c.meters == nil {
		c.meters = otel.GetMeterProvider()
	}
	in := &instruments{
		tracer:  c.tracers.Tracer(ScopeName, trace.WithSchemaURL(semconv.SchemaURL)),
		content: c.content,
		unknown: newToolAttrs(nil),
	}
	meter := c.meters.Meter(ScopeName, metric.WithSchemaURL(semconv.SchemaURL))
	var err error
	in.duration, err = meter.Float64Histogram(DurationMetric,
		metric.WithUnit("s"),
		metric.WithDescription("The duration of a single tool execution."),
		metric.WithExplicitBucketBoundaries(durationBuckets...))
	if err != nil {
		otel.Handle(err)
		in.duration, _ = metricnoop.Meter{}.Float64Histogram(DurationMetric)
	}
	in.calls, err = meter.Int64Counter(CallsMetric,
		metric.WithUnit("{call}"),
		metric.WithDescription("The number of tool calls."))
	if err != nil {
		otel.Handle(err)
		in.calls, _ = metricnoop.Meter{}.Int64Counter(CallsMetric)
	}
	return func(next runtime.Handler) runtime.Handler {
		return func(ctx context.Context, call runtime.Call) (runtime.Result, error) {
			return in.run(ctx, call, next)
		}
	}
}

// instruments are what one Middleware records with.
type instruments struct {
	tracer   trace.Tracer
	duration metric.Float64Histogram
	calls    metric.Int64Counter
	content  bool
	tools    sync.Map // *runtime.Info -> *toolAttrs
	cached   atomic.Int64
	unknown  *toolAttrs // of the calls of tools the registry does not have
}

// toolAttrs are the attributes of the calls of one registered tool, worked
// out at its first call: the span name, the span's attributes at its
// start, and the metrics' attributes for each outcome that has no
// error.type.
type toolAttrs struct {
	spanName   string
	metricName attribute.KeyValue // gen_ai.tool.name as metrics record it
	start      []trace.SpanStartOption
	metric     [numOutcomes]measureOptions
}

// measureOptions are the options of one measurement of both metrics.
type measureOptions struct {
	record []metric.RecordOption
	add    []metric.AddOption
}

// outcome indexes the outcomes that carry no error.type.
type outcome int

const (
	success outcome = iota
	badArguments
	unknownTool
	failed
	canceled
	numOutcomes
)

var outcomeAttrs = [numOutcomes]attribute.KeyValue{
	success:      OutcomeKey.String(OutcomeSuccess),
	badArguments: OutcomeKey.String(OutcomeBadArguments),
	unknownTool:  OutcomeKey.String(OutcomeUnknownTool),
	failed:       OutcomeKey.String(OutcomeFailed),
	canceled:     OutcomeKey.String(OutcomeCanceled),
}

var (
	outcomeError  = OutcomeKey.String(OutcomeError)
	operationAttr = semconv.GenAIOperationNameExecuteTool
	toolTypeAttr  = semconv.GenAIToolType(toolType)
	spanKind      = trace.WithSpanKind(trace.SpanKindInternal)
)

// newToolAttrs works out the attributes of the calls of a tool: one the
// registry has (info set), or, with info nil, any it does not have.
func newToolAttrs(info *runtime.Info) *toolAttrs {
	ta := &toolAttrs{spanName: "execute_tool", metricName: semconv.GenAIToolName(otherName)}
	if info != nil {
		ta.spanName += " " + info.Name
		ta.metricName = semconv.GenAIToolName(info.Name)
		attrs := []attribute.KeyValue{operationAttr, ta.metricName, toolTypeAttr}
		if info.Description != "" {
			attrs = append(attrs, semconv.GenAIToolDescription(info.Description))
		}
		ta.start = []trace.SpanStartOption{spanKind, trace.WithAttributes(attrs...)}
	}
	for o := range numOutcomes {
		set := attribute.NewSet(ta.metricName, toolTypeAttr, outcomeAttrs[o])
		ta.metric[o] = measureOptions{
			record: []metric.RecordOption{metric.WithAttributeSet(set)},
			add:    []metric.AddOption{metric.WithAttributeSet(set)},
		}
	}
	return ta
}

// attrsFor returns the attributes of a call, and the options of its
// span's start.
func (in *instruments) attrsFor(call runtime.Call) (*toolAttrs, []trace.SpanStartOption) {
	if call.Tool == nil {
		// The name is the model's: the span records it, cut short, and
		// nothing is kept for it.
		return in.unknown, []trace.SpanStartOption{spanKind, trace.WithAttributes(
			operationAttr, semconv.GenAIToolName(cut(call.Name, maxName)), toolTypeAttr)}
	}
	if ta, ok := in.tools.Load(call.Tool); ok {
		ta := ta.(*toolAttrs)
		return ta, ta.start
	}
	ta := newToolAttrs(call.Tool)
	// Generated tools keep their Info in a variable, so a program has a
	// few Infos; tools made by hand could make one per registry, so the
	// number kept is bounded.
	if in.cached.Add(1) <= maxCached {
		v, _ := in.tools.LoadOrStore(call.Tool, ta)
		ta = v.(*toolAttrs)
	}
	return ta, ta.start
}

// run runs one call under its span and records its metrics.
func (in *instruments) run(ctx context.Context, call runtime.Call, next runtime.Handler) (res runtime.Result, err error) {
	ta, startOpts := in.attrsFor(call)
	start := time.Now()
	ctx, span := in.tracer.Start(ctx, ta.spanName, startOpts...)
	if span.IsRecording() {
		if call.ID != "" {
			span.SetAttributes(semconv.GenAIToolCallID(cut(call.ID, maxID)))
		}
		if in.content {
			span.SetAttributes(semconv.GenAIToolCallArgumentsKey.String(cut(string(call.Args), maxContent)))
		}
	}
	returned := false
	defer func() {
		if !returned {
			// a middleware further in panicked (the registry contains a
			// tool's below them): the span ends as a failure with the panic's
			// value, and the registry contains the panic further out.
			v := recover()
			if v == nil {
				// runtime.Goexit, not a panic: the span ends, as canceled.
				in.end(ctx, span, ta, start, call, runtime.Result{}, context.Canceled)
				return
			}
			in.end(ctx, span, ta, start, call, runtime.Result{Err: &runtime.PanicError{Tool: call.Name, Value: v, Middleware: true}}, nil)
			panic(v)
		}
	}()
	res, err = next(ctx, call)
	returned = true
	in.end(ctx, span, ta, start, call, res, err)
	return res, err
}

// end ends a call's span and records its metrics.
func (in *instruments) end(ctx context.Context, span trace.Span, ta *toolAttrs, start time.Time, call runtime.Call, res runtime.Result, err error) {
	if err == nil && res.Err != nil {
		errType := semconv.ErrorTypeKey.String(errorType(res.Err))
		span.SetAttributes(outcomeError, errType)
		// The error may quote what the tool was given: cut, as
		// LogCalls cuts it.
		span.SetStatus(codes.Error, cut(res.Err.Error(), 1024))
		span.End()
		set := attribute.NewSet(ta.metricName, toolTypeAttr, outcomeError, errType)
		in.duration.Record(ctx, elapsed(span, start), metric.WithAttributeSet(set))
		in.calls.Add(ctx, 1, metric.WithAttributeSet(set))
		return
	}
	o := classify(call, res, err)
	if span.IsRecording() {
		span.SetAttributes(outcomeAttrs[o : o+1]...)
		if in.content && o == success {
			span.SetAttributes(semconv.GenAIToolCallResultKey.String(cut(res.Output, maxContent)))
		}
	}
	span.End()
	m := &ta.metric[o]
	in.duration.Record(ctx, elapsed(span, start), m.record...)
	in.calls.Add(ctx, 1, m.add...)
}

// spanTimes is what a span of the SDK tells of its times once ended.
type spanTimes interface {
	StartTime() time.Time
	EndTime() time.Time
}

// elapsed returns the duration of a call in seconds: that of its span,
// where the span knows it, so that the metric and the span agree, or else
// the time since start.
func elapsed(span trace.Span, start time.Time) float64 {
	if t, ok := span.(spanTimes); ok {
		if end := t.EndTime(); !end.IsZero() {
			return end.Sub(t.StartTime()).Seconds()
		}
	}
	return time.Since(start).Seconds()
}

// classify tells how a call ended that has no error.type.
func classify(call runtime.Call, res runtime.Result, err error) outcome {
	switch {
	case err != nil:
		return canceled
	case res.Success:
		return success
	case call.Tool == nil:
		return unknownTool
	case len(res.Problems) > 0:
		return badArguments
	}
	return failed
}

// errorType is the error.type of a call that failed with err.
func errorType(err error) string {
	var (
		panicked *runtime.PanicError
		timeout  *runtime.TimeoutError
	)
	switch {
	case errors.As(err, &panicked):
		return "panic"
	case errors.As(err, &timeout):
		return "timeout"
	case errors.Is(err, runtime.ErrNoApprover):
		return "no_approver"
	}
	// An error marked runtime.Retryable is typed by the error it marks.
	if _, ok := err.(interface{ Transient() bool }); ok {
		if inner := errors.Unwrap(err); inner != nil {
			err = inner
		}
	}
	return semconv.ErrorType(err).Value.AsString()
}

// cut returns s cut to at most n bytes, at a rune boundary, with invalid
// UTF-8 replaced.
func cut(s string, n int) string {
	// Made UTF-8 first, from a prefix a little longer than n, so that
	// the cut is at most n bytes and lands after a whole character; an
	// invalid byte becomes three.
	if len(s) > n+utf8.UTFMax {
		s = s[:n+utf8.UTFMax]
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) > n {
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n]
	}
	return s
}
