package oteltools_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/metric/metricdata"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
	"go.uber.org/goleak"

	"github.com/toolgen-go/toolgen/adapters/oteltools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/attacktest"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/runtime"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// rig is a registry with the middleware, recording into memory.
type rig struct {
	spans  *tracetest.InMemoryExporter
	reader *sdkmetric.ManualReader
	tp     *sdktrace.TracerProvider
	reg    *runtime.Registry
	seen   chan trace.SpanContext // what fetch_quote ran under
}

// newRig returns a registry of the weather example's tools, the attack
// test's tools (one panics, one outlives its timeout, one needs an
// approver) and netTool, traced and measured in memory.
func newRig(t *testing.T, opts ...oteltools.Option) *rig {
	t.Helper()
	r := &rig{spans: tracetest.NewInMemoryExporter(), reader: sdkmetric.NewManualReader()}
	r.tp = sdktrace.NewTracerProvider(sdktrace.WithSyncer(r.spans))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(r.reader))
	t.Cleanup(func() {
		_ = r.tp.Shutdown(context.Background())
		_ = mp.Shutdown(context.Background())
	})
	opts = append([]oteltools.Option{oteltools.WithTracerProvider(r.tp), oteltools.WithMeterProvider(mp)}, opts...)
	r.reg = runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{oteltools.Middleware(opts...)}})
	tools := append(weather.Tools(), attacktest.Tools(&attacktest.Nest{Inner: runtime.NewRegistry(nil)})...)
	tools = append(tools, tooltest.Tools()...)
	r.seen = make(chan trace.SpanContext, 1)
	if err := r.reg.Register(append(tools, netTool{r.seen})...); err != nil {
		t.Fatal(err)
	}
	return r
}

// parent starts a span as the caller's, the agent's turn say.
func (r *rig) parent(ctx context.Context) (context.Context, trace.Span) {
	return r.tp.Tracer("agent").Start(ctx, "turn")
}

// toolSpans returns the spans the middleware made.
func (r *rig) toolSpans() tracetest.SpanStubs {
	var out tracetest.SpanStubs
	for _, s := range r.spans.GetSpans() {
		if s.InstrumentationScope.Name == oteltools.ScopeName {
			out = append(out, s)
		}
	}
	return out
}

// attrs returns a span's attributes by key.
func attrs(s tracetest.SpanStub) map[attribute.Key]string {
	m := make(map[attribute.Key]string, len(s.Attributes))
	for _, kv := range s.Attributes {
		m[kv.Key] = kv.Value.String()
	}
	return m
}

// netTool is a tool written by hand whose failure is a Go error of the
// network: a system failure. It hands seen the span context it ran under,
// if seen has room.
type netTool struct{ seen chan trace.SpanContext }

var netToolInfo = runtime.Info{
	Name:        "fetch_quote",
	Description: "Fetches a quote from a server that is down.",
	Parameters:  json.RawMessage(`{"type":"object"}`),
}

func (netTool) Info() *runtime.Info { return &netToolInfo }

func (n netTool) Invoke(ctx context.Context, args json.RawMessage) (runtime.Result, error) {
	select {
	case n.seen <- trace.SpanContextFromContext(ctx):
	default:
	}
	err := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connection refused")}
	return runtime.Result{Error: err.Error(), Err: err}, nil
}

const forecastDescription = "Returns the daily weather forecast for a city, up to 14 days ahead. Use it when the user asks what the weather will be like."

func TestSpanIsChildOfCallersSpan(t *testing.T) {
	r := newRig(t)
	ctx, parent := r.parent(context.Background())
	res, err := r.reg.Execute(ctx, "get_forecast", json.RawMessage(`{"city":"Paris","days":2}`))
	parent.End()
	if err != nil || !res.Success {
		t.Fatalf("Execute = %+v, %v", res, err)
	}
	spans := r.toolSpans()
	if len(spans) != 1 {
		t.Fatalf("got %d tool spans, want 1", len(spans))
	}
	s := spans[0]
	if s.Name != "execute_tool get_forecast" {
		t.Errorf("span name = %q, want %q", s.Name, "execute_tool get_forecast")
	}
	if s.SpanKind != trace.SpanKindInternal {
		t.Errorf("span kind = %v, want internal", s.SpanKind)
	}
	if got, want := s.Parent.SpanID(), parent.SpanContext().SpanID(); got != want {
		t.Errorf("parent span = %v, want the caller's %v", got, want)
	}
	if got, want := s.SpanContext.TraceID(), parent.SpanContext().TraceID(); got != want {
		t.Errorf("trace = %v, want the caller's %v", got, want)
	}
	want := map[attribute.Key]string{
		"gen_ai.operation.name":   "execute_tool",
		"gen_ai.tool.name":        "get_forecast",
		"gen_ai.tool.description": forecastDescription,
		"gen_ai.tool.type":        "function",
		"toolgen.tool.outcome":    "success",
	}
	if got := attrs(s); !maps.Equal(got, want) {
		t.Errorf("attributes:\n got %v\nwant %v", got, want)
	}
	if s.Status.Code != codes.Unset {
		t.Errorf("status = %v, want unset", s.Status)
	}
	if s.InstrumentationScope.SchemaURL == "" {
		t.Error("no schema URL on the instrumentation scope")
	}
}

func TestToolRunsUnderItsSpan(t *testing.T) {
	r := newRig(t)
	ctx, parent := r.parent(context.Background())
	if _, err := r.reg.Execute(ctx, "fetch_quote", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	parent.End()
	got := <-r.seen
	spans := r.toolSpans()
	if len(spans) != 1 {
		t.Fatalf("got %d tool spans, want 1", len(spans))
	}
	if got.SpanID() != spans[0].SpanContext.SpanID() {
		t.Errorf("the tool ran under span %v, want its call's %v", got.SpanID(), spans[0].SpanContext.SpanID())
	}
}

// outcomeCases are calls of each outcome, with what their span should say.
var outcomeCases = []struct {
	name, tool, args string
	spanName         string
	outcome          string
	errorType        string // "" for none, and status unset
	statusHas        string // part of the status description
}{
	{"success", "convert_temperature", `{"value":20,"from":"celsius","to":"fahrenheit"}`, "execute_tool convert_temperature", "success", "", ""},
	{"bad arguments", "get_forecast", `{"city":5}`, "execute_tool get_forecast", "bad_arguments", "", ""},
	{"reported failure", "get_forecast", `{"city":"Atlantis"}`, "execute_tool get_forecast", "failed", "", ""},
	{"unknown tool", "get_weather", `{}`, "execute_tool", "unknown_tool", "", ""},
	{"panic", "explode", `{}`, "execute_tool explode", "error", "panic", "panicked"},
	{"timeout", "stall", `{"ms":300}`, "execute_tool stall", "error", "timeout", "timed out"},
	{"no approver", "confirm_op", `{"what":"x"}`, "execute_tool confirm_op", "error", "no_approver", "approv"},
	{"returned error", "fetch_quote", `{}`, "execute_tool fetch_quote", "error", "*net.OpError", "connection refused"},
}

func TestOutcomes(t *testing.T) {
	for _, c := range outcomeCases {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t)
			ctx, parent := r.parent(context.Background())
			res, err := r.reg.Execute(ctx, c.tool, json.RawMessage(c.args))
			parent.End()
			if err != nil {
				t.Fatal(err)
			}
			if res.Success != (c.outcome == "success") {
				t.Fatalf("Execute = %+v", res)
			}
			spans := r.toolSpans()
			if len(spans) != 1 {
				t.Fatalf("got %d tool spans, want 1", len(spans))
			}
			s := spans[0]
			if s.Name != c.spanName {
				t.Errorf("span name = %q, want %q", s.Name, c.spanName)
			}
			if s.Parent.SpanID() != parent.SpanContext().SpanID() {
				t.Error("the span is not a child of the caller's")
			}
			a := attrs(s)
			if a["gen_ai.tool.name"] != c.tool || a["gen_ai.operation.name"] != "execute_tool" {
				t.Errorf("attributes = %v", a)
			}
			if a["toolgen.tool.outcome"] != c.outcome {
				t.Errorf("outcome = %q, want %q", a["toolgen.tool.outcome"], c.outcome)
			}
			if a["error.type"] != c.errorType {
				t.Errorf("error.type = %q, want %q", a["error.type"], c.errorType)
			}
			if c.errorType == "" {
				if s.Status.Code != codes.Unset {
					t.Errorf("status = %+v, want unset", s.Status)
				}
			} else if s.Status.Code != codes.Error || !strings.Contains(s.Status.Description, c.statusHas) {
				t.Errorf("status = %+v, want Error with %q", s.Status, c.statusHas)
			}
			if len(s.Events) != 0 {
				t.Errorf("span events = %v, want none (errors go in status and error.type)", s.Events)
			}

			// The metrics say the same.
			rm := r.collect(t)
			wantSet := []attribute.KeyValue{
				attribute.String("gen_ai.tool.name", c.tool),
				attribute.String("gen_ai.tool.type", "function"),
				attribute.String("toolgen.tool.outcome", c.outcome),
			}
			if c.tool == "get_weather" {
				wantSet[0] = attribute.String("gen_ai.tool.name", "_OTHER")
			}
			if c.errorType != "" {
				wantSet = append(wantSet, attribute.String("error.type", c.errorType))
			}
			want := attribute.NewSet(wantSet...)
			if n := counts(t, rm)[want]; n != 1 {
				t.Errorf("calls counted with %v: %d, want 1 (all: %v)", want.Encoded(attribute.DefaultEncoder()), n, counts(t, rm))
			}
			if n := histCounts(t, rm)[want]; n != 1 {
				t.Errorf("durations recorded with %v: %d, want 1", want.Encoded(attribute.DefaultEncoder()), n)
			}
		})
	}
}

func TestSpanAndMetricDurationAgree(t *testing.T) {
	r := newRig(t)
	if _, err := r.reg.Execute(context.Background(), "stall", json.RawMessage(`{"ms":1}`)); err != nil {
		t.Fatal(err)
	}
	s := r.toolSpans()[0]
	h := histogram(t, r.collect(t))
	if len(h.DataPoints) != 1 {
		t.Fatalf("got %d histogram points", len(h.DataPoints))
	}
	if got, want := h.DataPoints[0].Sum, s.EndTime.Sub(s.StartTime).Seconds(); got != want {
		t.Errorf("recorded duration %v s, span lasted %v s", got, want)
	}
	if !slices.Equal(h.DataPoints[0].Bounds, []float64{0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92}) {
		t.Errorf("bucket boundaries = %v, want the conventions'", h.DataPoints[0].Bounds)
	}
}

func TestExecuteAllConcurrently(t *testing.T) {
	r := newRig(t)
	ctx, parent := r.parent(context.Background())
	const n = 60
	calls := make([]runtime.Call, n)
	for i := range calls {
		switch i % 3 {
		case 0:
			calls[i] = runtime.Call{Name: "get_forecast", Args: json.RawMessage(`{"city":"Paris","days":1}`)}
		case 1:
			calls[i] = runtime.Call{Name: "explode", Args: json.RawMessage(`{}`)}
		case 2:
			calls[i] = runtime.Call{Name: "get_forecast", Args: json.RawMessage(`{"city":""}`)}
		}
		calls[i].ID = fmt.Sprintf("call_%d", i)
	}
	results, err := r.reg.ExecuteAll(ctx, calls)
	parent.End()
	if err != nil {
		t.Fatal(err)
	}
	for i, res := range results {
		if res.Success != (i%3 == 0) {
			t.Errorf("call %d: %+v", i, res)
		}
	}
	spans := r.toolSpans()
	if len(spans) != n {
		t.Fatalf("got %d tool spans, want %d", len(spans), n)
	}
	ids := make(map[string]bool)
	for _, s := range spans {
		a := attrs(s)
		id := a["gen_ai.tool.call.id"]
		var i int
		if _, err := fmt.Sscanf(id, "call_%d", &i); err != nil || ids[id] {
			t.Errorf("span with call ID %q", id)
			continue
		}
		ids[id] = true
		if a["gen_ai.tool.name"] != calls[i].Name {
			t.Errorf("span of %s names %s, want %s", id, a["gen_ai.tool.name"], calls[i].Name)
		}
		if want := []string{"success", "error", "bad_arguments"}[i%3]; a["toolgen.tool.outcome"] != want {
			t.Errorf("span of %s: outcome %s, want %s", id, a["toolgen.tool.outcome"], want)
		}
		if s.Parent.SpanID() != parent.SpanContext().SpanID() {
			t.Errorf("span of %s is not a child of the caller's", id)
		}
	}
	rm := r.collect(t)
	var total int64
	for _, v := range counts(t, rm) {
		total += v
	}
	var hist uint64
	for _, v := range histCounts(t, rm) {
		hist += v
	}
	if total != n || hist != n {
		t.Errorf("counted %d calls and %d durations, want %d", total, hist, n)
	}
	forecast := attribute.NewSet(
		attribute.String("gen_ai.tool.name", "get_forecast"),
		attribute.String("gen_ai.tool.type", "function"),
		attribute.String("toolgen.tool.outcome", "success"))
	if got := counts(t, rm)[forecast]; got != n/3 {
		t.Errorf("successful get_forecast calls = %d, want %d", got, n/3)
	}
}

func TestStream(t *testing.T) {
	r := newRig(t)
	var chunks []string
	res, err := r.reg.ExecuteStream(context.Background(), "words", json.RawMessage(`{"text":"a b c"}`), func(c runtime.Chunk) {
		chunks = append(chunks, c.Text)
	})
	if err != nil || !res.Success || len(chunks) != 3 {
		t.Fatalf("ExecuteStream = %+v, %v, chunks %q", res, err, chunks)
	}
	spans := r.toolSpans()
	if len(spans) != 1 || spans[0].Name != "execute_tool words" {
		t.Fatalf("spans = %v", spans)
	}
}

func TestContentOnlyWhenAsked(t *testing.T) {
	args := `{"value":20,"from":"celsius","to":"fahrenheit"}`
	for _, content := range []bool{false, true} {
		var opts []oteltools.Option
		if content {
			opts = append(opts, oteltools.WithContent())
		}
		r := newRig(t, opts...)
		res, err := r.reg.Execute(context.Background(), "convert_temperature", json.RawMessage(args))
		if err != nil || !res.Success {
			t.Fatal(res, err)
		}
		if _, err := r.reg.Execute(context.Background(), "get_forecast", json.RawMessage(`{"city":"Atlantis"}`)); err != nil {
			t.Fatal(err)
		}
		spans := r.toolSpans()
		ok, failed := attrs(spans[0]), attrs(spans[1])
		if !content {
			for _, a := range []map[attribute.Key]string{ok, failed} {
				if _, has := a["gen_ai.tool.call.arguments"]; has {
					t.Error("arguments recorded without WithContent")
				}
				if _, has := a["gen_ai.tool.call.result"]; has {
					t.Error("result recorded without WithContent")
				}
			}
			continue
		}
		if ok["gen_ai.tool.call.arguments"] != args || ok["gen_ai.tool.call.result"] != res.Output {
			t.Errorf("with content: %v", ok)
		}
		if _, has := failed["gen_ai.tool.call.result"]; has || failed["gen_ai.tool.call.arguments"] != `{"city":"Atlantis"}` {
			t.Errorf("with content, a failed call: %v", failed)
		}
	}
}

func TestUnsampledCallsStillMeasured(t *testing.T) {
	spans := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans), sdktrace.WithSampler(sdktrace.NeverSample()))
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	reg := runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{
		oteltools.Middleware(oteltools.WithTracerProvider(tp), oteltools.WithMeterProvider(mp), oteltools.WithContent()),
	}})
	if err := reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := reg.Execute(context.Background(), "get_forecast", json.RawMessage(`{"city":"Oslo"}`)); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(spans.GetSpans()); n != 0 {
		t.Errorf("%d spans exported, want none", n)
	}
	var rm metricdata.ResourceMetrics
	if err := reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	var total int64
	for _, v := range counts(t, rm) {
		total += v
	}
	if total != 3 {
		t.Errorf("counted %d calls, want 3", total)
	}
}

func TestGlobalProviders(t *testing.T) {
	spans := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	reader := sdkmetric.NewManualReader()
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(reader))
	oldTP, oldMP := otel.GetTracerProvider(), otel.GetMeterProvider()
	otel.SetTracerProvider(tp)
	otel.SetMeterProvider(mp)
	t.Cleanup(func() {
		otel.SetTracerProvider(oldTP)
		otel.SetMeterProvider(oldMP)
	})
	reg := runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{oteltools.Middleware()}})
	if err := reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Execute(context.Background(), "get_forecast", json.RawMessage(`{"city":"Oslo"}`)); err != nil {
		t.Fatal(err)
	}
	if got := spans.GetSpans(); len(got) != 1 || got[0].Name != "execute_tool get_forecast" {
		t.Errorf("spans on the global provider: %v", got)
	}
	var rm metricdata.ResourceMetrics
	if err := reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	if len(counts(t, rm)) != 1 {
		t.Errorf("metrics on the global provider: %v", counts(t, rm))
	}
}

// A middleware inside this one that panics: the registry contains the
// panic, and the span still ends, as an error.
func TestInnerMiddlewarePanics(t *testing.T) {
	r := &rig{spans: tracetest.NewInMemoryExporter(), reader: sdkmetric.NewManualReader()}
	r.tp = sdktrace.NewTracerProvider(sdktrace.WithSyncer(r.spans))
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(r.reader))
	boom := func(next runtime.Handler) runtime.Handler {
		return func(ctx context.Context, call runtime.Call) (runtime.Result, error) {
			panic("boom in a middleware")
		}
	}
	r.reg = runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{
		oteltools.Middleware(oteltools.WithTracerProvider(r.tp), oteltools.WithMeterProvider(mp)),
		boom,
	}})
	if err := r.reg.Register(weather.Tools()...); err != nil {
		t.Fatal(err)
	}
	res, err := r.reg.Execute(context.Background(), "get_forecast", json.RawMessage(`{"city":"Oslo"}`))
	if err != nil || res.Success {
		t.Fatalf("Execute = %+v, %v", res, err)
	}
	var pe *runtime.PanicError
	if !errors.As(res.Err, &pe) {
		t.Errorf("Err = %v, want a PanicError", res.Err)
	}
	spans := r.toolSpans()
	if len(spans) != 1 {
		t.Fatalf("got %d spans, want 1", len(spans))
	}
	a := attrs(spans[0])
	if spans[0].Status.Code != codes.Error || a["error.type"] != "panic" || a["toolgen.tool.outcome"] != "error" {
		t.Errorf("span: status %+v, attributes %v", spans[0].Status, a)
	}
	if !strings.Contains(spans[0].Status.Description, "boom in a middleware") {
		t.Errorf("span status %q, want the panic's value", spans[0].Status.Description)
	}
	var total int64
	for _, v := range counts(t, r.collect(t)) {
		total += v
	}
	if total != 1 {
		t.Errorf("counted %d calls, want 1", total)
	}
}

// collect reads the metrics.
func (r *rig) collect(t *testing.T) metricdata.ResourceMetrics {
	t.Helper()
	var rm metricdata.ResourceMetrics
	if err := r.reader.Collect(context.Background(), &rm); err != nil {
		t.Fatal(err)
	}
	return rm
}

// find returns the metric named name.
func find(t *testing.T, rm metricdata.ResourceMetrics, name string) metricdata.Metrics {
	t.Helper()
	for _, sm := range rm.ScopeMetrics {
		if sm.Scope.Name != oteltools.ScopeName {
			continue
		}
		for _, m := range sm.Metrics {
			if m.Name == name {
				return m
			}
		}
	}
	t.Fatalf("no metric %s", name)
	return metricdata.Metrics{}
}

// counts returns the calls counted by attribute set.
func counts(t *testing.T, rm metricdata.ResourceMetrics) map[attribute.Set]int64 {
	t.Helper()
	m := find(t, rm, oteltools.CallsMetric)
	if m.Unit != "{call}" {
		t.Errorf("%s unit = %q", m.Name, m.Unit)
	}
	sum, ok := m.Data.(metricdata.Sum[int64])
	if !ok || !sum.IsMonotonic {
		t.Fatalf("%s is %T, want a monotonic sum of int64", m.Name, m.Data)
	}
	out := make(map[attribute.Set]int64)
	for _, dp := range sum.DataPoints {
		out[dp.Attributes] += dp.Value
	}
	return out
}

// histogram returns the duration histogram.
func histogram(t *testing.T, rm metricdata.ResourceMetrics) metricdata.Histogram[float64] {
	t.Helper()
	m := find(t, rm, oteltools.DurationMetric)
	if m.Unit != "s" {
		t.Errorf("%s unit = %q, want s", m.Name, m.Unit)
	}
	h, ok := m.Data.(metricdata.Histogram[float64])
	if !ok {
		t.Fatalf("%s is %T, want a histogram of float64", m.Name, m.Data)
	}
	return h
}

// histCounts returns the durations recorded by attribute set.
func histCounts(t *testing.T, rm metricdata.ResourceMetrics) map[attribute.Set]uint64 {
	t.Helper()
	out := make(map[attribute.Set]uint64)
	for _, dp := range histogram(t, rm).DataPoints {
		out[dp.Attributes] += dp.Count
	}
	return out
}

// A model that makes up tool names cannot grow the metrics' series, nor
// put long names on spans.
func TestMadeUpToolNames(t *testing.T) {
	r := newRig(t)
	for i := range 50 {
		name := fmt.Sprintf("%s_%d", strings.Repeat("x", 100), i)
		if _, err := r.reg.Execute(context.Background(), name, json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range r.toolSpans() {
		if s.Name != "execute_tool" || len(attrs(s)["gen_ai.tool.name"]) != 64 {
			t.Errorf("span %q names the tool %q", s.Name, attrs(s)["gen_ai.tool.name"])
		}
	}
	c := counts(t, r.collect(t))
	other := attribute.NewSet(
		attribute.String("gen_ai.tool.name", "_OTHER"),
		attribute.String("gen_ai.tool.type", "function"),
		attribute.String("toolgen.tool.outcome", "unknown_tool"))
	if len(c) != 1 || c[other] != 50 {
		t.Errorf("counts = %v, want 50 calls in one series", c)
	}
}

// A call whose caller gave up is told apart, and not marked an error: the
// caller chose to stop it.
func TestCanceledCall(t *testing.T) {
	r := newRig(t)
	ctx, parent := r.parent(context.Background())
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err := r.reg.Execute(ctx, "sleepy", json.RawMessage(`{"ms":1}`))
	parent.End()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Execute with a canceled context: %v, want context.Canceled", err)
	}
	spans := r.toolSpans()
	if len(spans) != 1 {
		t.Fatalf("got %d tool spans, want 1", len(spans))
	}
	a := attrs(spans[0])
	if a["toolgen.tool.outcome"] != "canceled" || a["error.type"] != "" || spans[0].Status.Code != codes.Unset {
		t.Errorf("span: status %+v, attributes %v", spans[0].Status, a)
	}
	want := attribute.NewSet(
		attribute.String("gen_ai.tool.name", "sleepy"),
		attribute.String("gen_ai.tool.type", "function"),
		attribute.String("toolgen.tool.outcome", "canceled"))
	if n := counts(t, r.collect(t))[want]; n != 1 {
		t.Errorf("canceled calls counted: %d, want 1", n)
	}
}

// The model's bytes reach a span's attributes only as UTF-8, and cut: an
// OTLP exporter refuses a string that is not UTF-8, with the whole batch,
// and an ID or arguments of megabytes would be recorded whole.
func TestModelBytesInAttributes(t *testing.T) {
	r := newRig(t, oteltools.WithContent())
	long := `{"city":"` + strings.Repeat("é", 100<<10) + `"}`
	calls := []runtime.Call{
		{ID: "id-\xff", Name: "get_forecast", Args: json.RawMessage("{\"city\":\"a\xffb\"}")},
		{ID: strings.Repeat("i", 1<<20), Name: "get_forecast", Args: json.RawMessage(long)},
	}
	if _, err := r.reg.ExecuteAll(context.Background(), calls); err != nil {
		t.Fatal(err)
	}
	spans := r.toolSpans()
	if len(spans) != 2 {
		t.Fatalf("%d spans", len(spans))
	}
	for _, s := range spans {
		for k, v := range attrs(s) {
			if !utf8.ValidString(v) {
				t.Errorf("%s is not UTF-8: %q", k, v)
			}
			if len(v) > 64<<10 {
				t.Errorf("%s holds %d bytes", k, len(v))
			}
		}
	}
	byID := map[string]map[attribute.Key]string{}
	for _, s := range spans {
		a := attrs(s)
		byID[a["gen_ai.tool.call.id"]] = a
	}
	if a := byID["id-\uFFFD"]; a == nil || a["gen_ai.tool.call.arguments"] != "{\"city\":\"a\uFFFDb\"}" {
		t.Errorf("the call with invalid UTF-8: %v", a)
	}
	if a := byID[strings.Repeat("i", 256)]; a == nil || !strings.HasPrefix(long, a["gen_ai.tool.call.arguments"]) {
		t.Errorf("the long call's ID or arguments were not cut at a character: %.200v", a)
	}
}

// cut stays within its bytes, whatever the input: invalid bytes, which
// become three each, and a long run of continuation bytes, of which a cut
// once kept nothing.
func TestCutBounds(t *testing.T) {
	r := newRig(t, oteltools.WithContent())
	calls := []runtime.Call{
		{ID: strings.Repeat("a\xff", 200), Name: "get_forecast", Args: json.RawMessage(`{}`)},
		{ID: "abc" + strings.Repeat("\x80", 400), Name: "get_forecast", Args: json.RawMessage(`{}`)},
	}
	if _, err := r.reg.ExecuteAll(context.Background(), calls); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, s := range r.toolSpans() {
		id := attrs(s)["gen_ai.tool.call.id"]
		if len(id) > 256 || !utf8.ValidString(id) {
			t.Errorf("an ID of %d bytes: %q", len(id), id)
		}
		ids[id] = true
	}
	// A run of invalid bytes is one U+FFFD.
	if !ids["abc\uFFFD"] || !ids[strings.Repeat("a\uFFFD", 64)] {
		t.Errorf("IDs %v", ids)
	}
}
