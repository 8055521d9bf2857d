package mcptools_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/internal/shapes"
	"github.com/toolgen-go/toolgen/runtime"
)

// HTTPHandler serves the registry over Streamable HTTP, with sessions or
// without; the structured content follows the protocol version each
// request speaks.
func TestHTTPHandler(t *testing.T) {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(shapes.Tools()...); err != nil {
		t.Fatal(err)
	}
	server := mcp.NewServer(&mcp.Implementation{Name: "shapes", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	ctx := context.Background()
	for _, stateless := range []bool{false, true} {
		hs := httptest.NewServer(mcptools.HTTPHandler(server, &mcptools.HTTPOptions{StreamableHTTPOptions: mcp.StreamableHTTPOptions{Stateless: stateless}}))
		for _, version := range []string{"2025-11-25", mcptools.AnyStructured} {
			client := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "v1"}, nil)
			cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL}, &mcp.ClientSessionOptions{ProtocolVersion: version})
			if err != nil {
				t.Fatalf("stateless %v, %s: %v", stateless, version, err)
			}
			negotiated := cs.InitializeResult().ProtocolVersion
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "city_names", Arguments: json.RawMessage(`{"prefix":"l"}`)})
			if err != nil {
				t.Fatal(err)
			}
			var want any = []any{"Lagos", "Lima"}
			if negotiated < mcptools.AnyStructured {
				want = map[string]any{"result": want}
			}
			if !cmp.Equal(res.StructuredContent, want) {
				t.Errorf("stateless %v, asked %s, negotiated %s: structuredContent %v, want %v", stateless, version, negotiated, res.StructuredContent, want)
			}
			t.Logf("stateless %v, asked %s: negotiated %s", stateless, version, negotiated)
			cs.Close()
		}
		hs.Close()
	}
}
