package oteltools_test

import (
	"context"
	"encoding/json"
	"testing"

	metricnoop "go.opentelemetry.io/otel/metric/noop"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	tracenoop "go.opentelemetry.io/otel/trace/noop"

	"github.com/toolgen-go/toolgen/adapters/oteltools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

// BenchmarkExecute times a call of a weather tool through a registry
// without middleware (none), with this middleware recording to the SDK
// (sdk: every span sampled and exported, synchronously, to an exporter that
// drops it; metrics aggregated for a reader), with the SDK sampling no span
// (unsampled: metrics only), and with no-op providers (noop: what the
// middleware costs where OpenTelemetry is not set up).
func BenchmarkExecute(b *testing.B) {
	calls := []struct {
		name, tool, args string
	}{
		{"convert", "convert_temperature", `{"value":20,"from":"celsius","to":"fahrenheit"}`},
		{"forecast", "get_forecast", `{"city":"Paris","days":7,"include_wind":true}`},
	}
	for _, c := range calls {
		for _, setup := range []string{"none", "sdk", "unsampled", "noop"} {
			b.Run(c.name+"/"+setup, func(b *testing.B) {
				var s runtime.Settings
				switch setup {
				case "sdk", "unsampled":
					sampler := sdktrace.AlwaysSample()
					if setup == "unsampled" {
						sampler = sdktrace.NeverSample()
					}
					tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(tracetest.NewNoopExporter()), sdktrace.WithSampler(sampler))
					mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewManualReader()))
					b.Cleanup(func() {
						_ = tp.Shutdown(context.Background())
						_ = mp.Shutdown(context.Background())
					})
					s.Middleware = []runtime.Middleware{oteltools.Middleware(
						oteltools.WithTracerProvider(tp), oteltools.WithMeterProvider(mp))}
				case "noop":
					s.Middleware = []runtime.Middleware{oteltools.Middleware(
						oteltools.WithTracerProvider(tracenoop.NewTracerProvider()),
						oteltools.WithMeterProvider(metricnoop.NewMeterProvider()))}
				}
				reg := runtime.NewRegistry(&s)
				if err := reg.Register(weather.Tools()...); err != nil {
					b.Fatal(err)
				}
				ctx := context.Background()
				args := json.RawMessage(c.args)
				b.ReportAllocs()
				cpu := cpuTime()
				for b.Loop() {
					res, err := reg.Execute(ctx, c.tool, args)
					if err != nil || !res.Success {
						b.Fatal(res, err)
					}
				}
				// The process's CPU time per call (garbage collection
				// included) beside the wall time: it stays put when other
				// processes share the machine's CPUs.
				if cpu >= 0 {
					b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}
