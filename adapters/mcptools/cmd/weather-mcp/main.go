// Command weather-mcp serves the weather example's tools over MCP on
// standard input and output, for an MCP client to start:
//
//	go run github.com/toolgen-go/toolgen/adapters/mcptools/cmd/weather-mcp
package main

import (
	"context"
	"log"
	"os/signal"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	reg := runtime.NewRegistry()
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	if err := server.Run(ctx, &mcp.StdioTransport{}); err != nil {
		log.Fatal(err)
	}
}
