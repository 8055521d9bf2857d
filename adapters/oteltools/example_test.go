package oteltools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"os"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/stdout/stdouttrace"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"

	"github.com/toolgen-go/toolgen/adapters/oteltools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

// A registry whose calls are traced to standard output. The middleware
// takes the global providers, as a program sets them up once; the span of
// each call goes under the span in the caller's context, the agent's turn
// here. (cmd/weather-otel writes metrics too.)
func ExampleMiddleware() {
	exporter, err := stdouttrace.New(stdouttrace.WithWriter(os.Stdout), stdouttrace.WithPrettyPrint())
	if err != nil {
		log.Fatal(err)
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exporter))
	defer tp.Shutdown(context.Background()) // flushes the spans
	otel.SetTracerProvider(tp)

	reg := runtime.NewRegistry(&runtime.Settings{Middleware: []runtime.Middleware{oteltools.Middleware()}})
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	ctx, turn := otel.Tracer("agent").Start(context.Background(), "invoke_agent weather")
	res, err := reg.Execute(ctx, "get_forecast", json.RawMessage(`{"city":"Tokyo","days":1}`))
	turn.End()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Output)
}
