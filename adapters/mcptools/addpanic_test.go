package mcptools_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/toolgen-go/toolgen/adapters/mcptools"
	"github.com/toolgen-go/toolgen/runtime"
)

// byHand is a tool written by hand, with the parameters schema given.
type byHand struct{ name, params string }

func (h byHand) Info() *runtime.Info {
	return &runtime.Info{Name: h.name, Description: "A tool written by hand.", Parameters: json.RawMessage(h.params)}
}

func (h byHand) Invoke(context.Context, json.RawMessage) (runtime.Result, error) {
	return runtime.Result{Success: true, Output: "ok"}, nil
}

// The go-sdk's AddTool panics on an input schema it refuses, which a tool
// written by hand may have: registering one while a server is served
// panicked out of Register. Such a tool is left out of the server; the
// others are served.
func TestAddSkipsToolsTheSDKRefuses(t *testing.T) {
	for _, params := range []string{`{"type":"string"}`, `true`, `{"type":["object","null"]}`, `{"type":"object","properties":{"h":{"type":"string","x-mcp-header":"Bad Header"}}}`} {
		reg := runtime.NewRegistry(nil)
		server := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v1"}, nil)
		mcptools.Add(server, reg)
		func() {
			defer func() {
				if v := recover(); v != nil {
					t.Errorf("Parameters %s: Register panicked: %v", params, v)
				}
			}()
			if err := reg.Register(byHand{"bad", params}, byHand{"good", `{"type":"object"}`}); err != nil {
				t.Fatalf("Parameters %s: %v", params, err)
			}
		}()
		ct, st := mcp.NewInMemoryTransports()
		ctx := context.Background()
		if _, err := server.Connect(ctx, st, nil); err != nil {
			t.Fatal(err)
		}
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "v1"}, nil).Connect(ctx, ct, nil)
		if err != nil {
			t.Fatal(err)
		}
		list, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(list.Tools) != 1 || list.Tools[0].Name != "good" {
			var names []string
			for _, tool := range list.Tools {
				names = append(names, tool.Name)
			}
			t.Errorf("Parameters %s: listed %v, want [good]", params, names)
		}
		cs.Close()
	}
}

// A refused tool is warned about once, not at every change of the
// registry.
func TestAddWarnsOnce(t *testing.T) {
	var log bytes.Buffer
	defer slog.SetDefault(slog.Default())
	slog.SetDefault(slog.New(slog.NewTextHandler(&log, nil)))
	reg := runtime.NewRegistry(nil)
	server := mcp.NewServer(&mcp.Implementation{Name: "t", Version: "v1"}, nil)
	mcptools.Add(server, reg)
	if err := reg.Register(byHand{"bad", `{"type":"string"}`}); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := reg.Register(byHand{fmt.Sprintf("good%d", i), `{"type":"object"}`}); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(log.String(), "the tool is not served"); n != 1 {
		t.Errorf("%d warnings, want 1:\n%s", n, log.String())
	}
}
