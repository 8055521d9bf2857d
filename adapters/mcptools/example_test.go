package mcptools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"net"
	"os/signal"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

// The weather example's tools served over MCP, and a client calling them
// (in memory here; a real server runs on mcp.StdioTransport or HTTP).
func ExampleAdd() {
	ctx := context.Background()
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	mcptools.Add(server, reg)

	serverEnd, clientEnd := mcp.NewInMemoryTransports()
	session, err := server.Connect(ctx, serverEnd, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer session.Wait()
	client, err := mcp.NewClient(&mcp.Implementation{Name: "agent", Version: "v1"}, nil).Connect(ctx, clientEnd, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer client.Close()

	tools, err := client.ListTools(ctx, nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, tool := range tools.Tools {
		fmt.Println(tool.Name)
	}
	res, err := client.CallTool(ctx, &mcp.CallToolParams{
		Name:      "convert_temperature",
		Arguments: json.RawMessage(`{"value":"hot","from":"celsius"}`),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.IsError, res.Content[0].(*mcp.TextContent).Text)
	// Output:
	// convert_temperature
	// get_forecast
	// true invalid arguments: /to: required field is missing; /value: must be a number, got string
}

// A registry served over Streamable HTTP until SIGINT or SIGTERM, without
// sessions, so that replicas can sit behind any load balancer.
func ExampleServeHTTP() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	l, err := net.Listen("tcp", "127.0.0.1:8080")
	if err != nil {
		log.Fatal(err)
	}
	if err := mcptools.ServeHTTP(ctx, l, server, &mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: true}}); err != nil {
		log.Fatal(err)
	}
}
