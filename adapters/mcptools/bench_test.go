package mcptools_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

// BenchmarkCall is one tools/call of get_forecast from the Go SDK's
// client over an in-memory connection: served by mcptools (the generated
// decoder and validator), then by the SDK's typed mcp.AddTool over the
// same function and the same input schema (the SDK's reflection and
// validation). Run with -count to interleave them.
func BenchmarkCall(b *testing.B) {
	args := json.RawMessage(`{"city":"Paris","days":3,"unit":"fahrenheit","include_wind":true}`)
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		b.Fatal(err)
	}
	def := reg.Definitions()[1]
	if def.Name != "get_forecast" {
		b.Fatal(def.Name)
	}
	run := func(b *testing.B, server *mcp.Server) {
		ctx := context.Background()
		st, ct := mcp.NewInMemoryTransports()
		ss, err := server.Connect(ctx, st, nil)
		if err != nil {
			b.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			b.Fatal(err)
		}
		defer func() {
			cs.Close()
			ss.Wait()
		}()
		params := &mcp.CallToolParams{Name: "get_forecast", Arguments: args}
		b.ReportAllocs()
		for b.Loop() {
			res, err := cs.CallTool(ctx, params)
			if err != nil || res.IsError {
				b.Fatalf("%+v, %v", res, err)
			}
		}
	}
	b.Run("mcptools", func(b *testing.B) {
		server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
		mcptools.Add(server, reg)
		run(b, server)
	})
	b.Run("sdk-typed", func(b *testing.B) {
		server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
		mcp.AddTool(server, &mcp.Tool{Name: def.Name, Description: def.Description, InputSchema: def.Parameters},
			func(ctx context.Context, _ *mcp.CallToolRequest, in weather.ForecastRequest) (*mcp.CallToolResult, *weather.Forecast, error) {
				out, err := weather.GetForecast(ctx, in)
				return nil, out, err
			})
		run(b, server)
	})
}
