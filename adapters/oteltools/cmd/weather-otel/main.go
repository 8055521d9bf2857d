// Command weather-otel runs one turn of a make-believe agent over the
// weather example's tools with oteltools' middleware, and writes the spans
// and metrics it made to standard output with OpenTelemetry's stdout
// exporters:
//
//	go run github.com/toolgen-go/toolgen/adapters/oteltools/cmd/weather-otel
//
// The turn is a span of its own, "invoke_agent weather", and the model
// asks for three calls at once: a forecast, a forecast for a city the tool
// does not cover (a failure the model reads), and a conversion with bad
// arguments. Each call's span, "execute_tool {name}", is a child of the
// turn's; the metrics count and time the calls by tool and outcome. A real
// program sends both to a collector (the OTLP exporters) instead.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"

	"go.opentelemetry.io/otel/exporters/stdout/stdoutmetric"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"github.com/toolgen-go/toolgen/adapters/oteltools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

func main() {
	if err := run(context.Background(), os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// run runs the turn and writes its spans, then its metrics, to w.
func run(ctx context.Context, w io.Writer) error {
	spans, err := stdouttrace.New(stdouttrace.WithWriter(w), stdouttrace.WithPrettyPrint())
	if err != nil {
		return err
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(spans))
	metrics, err := stdoutmetric.New(stdoutmetric.WithWriter(w), stdoutmetric.WithPrettyPrint())
	if err != nil {
		return err
	}
	// The periodic reader exports when the provider shuts down, as well
	// as every minute.
	mp := sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewPeriodicReader(metrics)))

	reg := runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{
		oteltools.Middleware(oteltools.WithTracerProvider(tp), oteltools.WithMeterProvider(mp)),
	}})
	if err := reg.Register(weather.Tools()...); err != nil {
		return err
	}

	turn, span := tp.Tracer("weather-agent").Start(ctx, "invoke_agent weather")
	results, err := reg.ExecuteAll(turn, []runtime.Call{
		{ID: "call_1", Name: "get_forecast", Args: json.RawMessage(`{"city":"Paris","days":2}`)},
		{ID: "call_2", Name: "get_forecast", Args: json.RawMessage(`{"city":"Atlantis"}`)},
		{ID: "call_3", Name: "convert_temperature", Args: json.RawMessage(`{"value":"warm","from":"celsius","to":"kelvin"}`)},
	})
	span.End()
	if err != nil {
		return err
	}
	for _, res := range results {
		if _, err := fmt.Fprintf(w, "# success=%t %s%s\n", res.Success, res.Output, res.Error); err != nil {
			return err
		}
	}

	// Shutting down flushes the spans, then the metrics.
	if err := tp.Shutdown(ctx); err != nil {
		return err
	}
	return mp.Shutdown(ctx)
}
