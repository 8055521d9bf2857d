package weather_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

// BenchmarkExecute measures one validated call through the registry:
// decoding, checking, calling and encoding the result.
func BenchmarkExecute(b *testing.B) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		b.Fatal(err)
	}
	args := json.RawMessage(`{"city":"Paris","days":3,"unit":"fahrenheit","include_wind":true}`)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if res, err := reg.Execute(ctx, "get_forecast", args); err != nil || !res.Success {
			b.Fatal(res, err)
		}
	}
}

// BenchmarkDecodeInvalid measures a call rejected for four problems.
func BenchmarkDecodeInvalid(b *testing.B) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		b.Fatal(err)
	}
	args := json.RawMessage(`{"days":30,"unit":1,"when":"today"}`)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if res, _ := reg.Execute(ctx, "get_forecast", args); res.Success {
			b.Fatal(res)
		}
	}
}

// BenchmarkDefinitions measures listing the tools for a model.
func BenchmarkDefinitions(b *testing.B) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = reg.Definitions()
	}
}
