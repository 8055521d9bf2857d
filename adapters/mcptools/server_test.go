package mcptools_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/shapes"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/internal/tooltest/media"
	"github.com/toolgen-go/toolgen/runtime"
)

// The test binary, run with serverEnv set, serves the shapes and tooltest
// tools instead of running tests: on stdio ("stdio"), or on Streamable HTTP
// ("http", "http-stateless"), printing its URL first. versionsEnv, if set,
// is the comma-separated protocol versions it speaks. With addEnv set, it
// registers the weather example's tools once it has answered its first
// tools/list, while it serves. With mediaEnv set, it serves show_media
// (internal/tooltest/media) too.
const (
	serverEnv   = "MCPTOOLS_TEST_SERVER"
	versionsEnv = "MCPTOOLS_TEST_VERSIONS"
	addEnv      = "MCPTOOLS_TEST_ADD"
	mediaEnv    = "MCPTOOLS_TEST_MEDIA"
)

func testServer(mode string) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	reg := runtime.NewRegistry(nil)
	tools := append(shapes.Tools(), tooltest.Tools()...)
	if os.Getenv(mediaEnv) != "" {
		tools = append(tools, media.Tools()...)
	}
	if err := reg.Register(tools...); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	opts := &mcp.ServerOptions{}
	if v := os.Getenv(versionsEnv); v != "" {
		opts.SupportedProtocolVersions = strings.Split(v, ",")
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "shapes", Version: "v1"}, opts)
	mcptools.Add(server, reg)
	if os.Getenv(addEnv) != "" {
		var once sync.Once
		server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				res, err := next(ctx, method, req)
				if method == "tools/list" {
					once.Do(func() {
						if err := reg.Register(weather.Tools()...); err != nil {
							panic(err)
						}
					})
				}
				return res, err
			}
		})
	}

	var err error
	switch mode {
	case "stdio":
		err = mcptools.ServeStdio(ctx, server)
	case "http", "http-stateless":
		var l net.Listener
		if l, err = net.Listen("tcp", "127.0.0.1:0"); err == nil {
			fmt.Printf("http://%s\n", l.Addr())
			err = mcptools.ServeHTTP(ctx, l, server, &mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: mode == "http-stateless"}})
		}
	default:
		err = fmt.Errorf("unknown %s %q", serverEnv, mode)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
