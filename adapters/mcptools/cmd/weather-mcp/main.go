// Command weather-mcp serves the weather example's tools over MCP: on
// standard input and output, for an MCP client to start,
//
//	go run github.com/toolgen-go/toolgen/adapters/mcptools/cmd/weather-mcp
//
// or over Streamable HTTP, for clients to connect to:
//
//	weather-mcp -http 127.0.0.1:8080 [-stateless]
//
// With -http, it prints the URL it serves on its first line of output (an
// address with port 0 gets a free port). SIGINT or SIGTERM ends either
// transport cleanly, with exit status 0.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
)

func main() {
	addr := flag.String("http", "", "serve Streamable HTTP on `ADDR` (host:port) instead of standard input and output")
	stateless := flag.Bool("stateless", false, "with -http, serve each request on its own, without sessions, for replicas behind a load balancer")
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	reg := runtime.NewRegistry(nil)
	if err := reg.Register(weather.Tools()...); err != nil {
		log.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "weather", Version: "v1"}, nil)
	mcptools.Add(server, reg)

	if *addr == "" {
		if err := mcptools.ServeStdio(ctx, server); err != nil {
			log.Fatal(err)
		}
		return
	}
	l, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("http://%s\n", l.Addr())
	if err := mcptools.ServeHTTP(ctx, l, server, &mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: *stateless}}); err != nil {
		log.Fatal(err)
	}
}
