package mcptools_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/internal/tooltest"
	"github.com/toolgen-go/toolgen/runtime"
)

// Tools registered with, or removed from, a serving registry reach the
// client: notifications/tools/list_changed, then tools/list shows them.
func TestLiveList(t *testing.T) {
	for _, version := range []string{"2025-11-25", mcptools.AnyStructured} {
		t.Run(version, func(t *testing.T) {
			ctx := context.Background()
			reg := runtime.NewRegistry(nil)
			if err := reg.Register(weather.Tools()...); err != nil {
				t.Fatal(err)
			}
			server := mcp.NewServer(&mcp.Implementation{Name: "live", Version: "v1"}, nil)
			stop := mcptools.Add(server, reg)
			defer stop()
			changed := make(chan struct{}, 10)
			client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, &mcp.ClientOptions{
				ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) { changed <- struct{}{} },
			})
			st, ct := mcp.NewInMemoryTransports()
			ss, err := server.Connect(ctx, st, nil)
			if err != nil {
				t.Fatal(err)
			}
			cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				cs.Close()
				ss.Wait()
			}()
			names := func() []string {
				t.Helper()
				list, err := cs.ListTools(ctx, nil)
				if err != nil {
					t.Fatal(err)
				}
				var names []string
				for _, tool := range list.Tools {
					names = append(names, tool.Name)
				}
				return names
			}
			wait := func(what string) {
				t.Helper()
				select {
				case <-changed:
				case <-time.After(5 * time.Second):
					t.Fatalf("no notifications/tools/list_changed after %s", what)
				}
			}
			if got := names(); !slices.Equal(got, []string{"convert_temperature", "get_forecast"}) {
				t.Fatalf("tools/list: %v", got)
			}

			if err := reg.Register(tooltest.Tools()...); err != nil {
				t.Fatal(err)
			}
			wait("Register")
			if got := names(); !slices.Equal(got, []string{"convert_temperature", "get_forecast", "look", "words"}) {
				t.Fatalf("tools/list after Register: %v", got)
			}
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "words", Arguments: json.RawMessage(`{"text":"new tool"}`)})
			if err != nil || res.IsError || res.Content[0].(*mcp.TextContent).Text != "new tool " {
				t.Fatalf("call of an added tool: %+v, %v", res, err)
			}

			reg.Remove("words", "get_forecast")
			wait("Remove")
			if got := names(); !slices.Equal(got, []string{"convert_temperature", "look"}) {
				t.Fatalf("tools/list after Remove: %v", got)
			}
			if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "words", Arguments: json.RawMessage(`{"text":"x"}`)}); err == nil {
				t.Errorf("a removed tool was called")
			}

			// After stop, the server's list stays as it is.
			stop()
			reg.Remove("look")
			if got := names(); !slices.Equal(got, []string{"convert_temperature", "look"}) {
				t.Fatalf("tools/list after stop: %v", got)
			}
		})
	}
}
