package sessions

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
	"go.uber.org/goleak"
)

func registry(t testing.TB) *runtime.Registry {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools(&Shop{})...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// Two registries serve two tenants at once: each call gets the session
// values of its own context, never another's.
func TestTwoTenants(t *testing.T) {
	defer goleak.VerifyNone(t)
	regs := map[string]*runtime.Registry{"acme": registry(t), "globex": registry(t)}
	var wg sync.WaitGroup
	for tenant, reg := range regs {
		for user := range 8 {
			wg.Go(func() {
				id := fmt.Sprintf("u%d", user)
				ctx := runtime.WithSession(context.Background(), &Account{ID: id, Tenant: tenant}, Tenant{Name: tenant})
				for range 50 {
					for _, c := range []struct{ tool, args, want string }{
						{"orders", `{"status":"open"}`, fmt.Sprintf(`{"owner":"%s/%s","ids":["%s-1","open"]}`, tenant, id, id)},
						{"greet", `{"name":"Ann"}`, tenant + " greets Ann"},
						{"whoami", `{}`, id},
						{"feed", `{"count":2}`, id + "#0;" + id + "#1;"},
					} {
						res, err := reg.Execute(ctx, c.tool, json.RawMessage(c.args))
						if err != nil || !res.Success || res.Output != c.want {
							t.Errorf("%s %s for %s/%s: %v %+v, want %s", c.tool, c.args, tenant, id, err, res, c.want)
							return
						}
					}
				}
			})
		}
	}
	wg.Wait()
}

// A call whose context lacks the value does not run the tool: the program
// reads which type was missing, the model only that something failed.
func TestMissingSession(t *testing.T) {
	reg := registry(t)
	before := whoamiCalls.Load()
	ctx := runtime.WithSession(context.Background(), Tenant{Name: "acme"}, nil)
	res, err := reg.Execute(ctx, "whoami", json.RawMessage(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	if res.Success || res.Error != "internal error: the tool could not be called" || res.Err == nil ||
		!strings.Contains(res.Err.Error(), "session value of type *sessions.Account") {
		t.Errorf("got %+v (Err %v)", res, res.Err)
	}
	if whoamiCalls.Load() != before {
		t.Errorf("the tool ran without its session value")
	}
	// The session is looked up before the arguments: bad arguments do not
	// hide the program's mistake.
	res, _ = reg.Execute(context.Background(), "greet", json.RawMessage(`{"nme":1}`))
	if res.Err == nil || !strings.Contains(res.Err.Error(), "sessions.Tenant") {
		t.Errorf("got %+v", res)
	}
}

// The value given last wins, so an inner WithSession overrides an outer.
func TestSessionOverride(t *testing.T) {
	reg := registry(t)
	outer := runtime.WithSession(context.Background(), &Account{ID: "outer"})
	inner := runtime.WithSession(outer, &Account{ID: "inner"})
	for ctx, want := range map[context.Context]string{outer: "outer", inner: "inner"} {
		res, err := reg.Execute(ctx, "whoami", nil)
		if err != nil || res.Output != want {
			t.Errorf("got %v %+v, want %s", err, res, want)
		}
	}
}

// Session parameters are in no schema the model sees.
func TestSessionNotInSchemas(t *testing.T) {
	for _, tool := range Tools(&Shop{}) {
		info := tool.Info()
		for _, schema := range []json.RawMessage{info.Parameters, info.ParametersFor(runtime.OpenAI), info.ParametersFor(runtime.Gemini), info.ParametersFor(runtime.Anthropic)} {
			if s := string(schema); strings.Contains(s, "user") || strings.Contains(s, "tenant") || strings.Contains(s, "ID") {
				t.Errorf("%s: %s", info.Name, s)
			}
		}
	}
}

// BenchmarkSessionCall calls a tool that takes a session value (whoami,
// whose work is one field) and, interleaved, one that takes none (version,
// whose work is a constant): the difference is what the lookup costs.
func BenchmarkSessionCall(b *testing.B) {
	reg := registry(b)
	ctx := runtime.WithSession(context.Background(), Tenant{Name: "acme"}, &Account{ID: "u1", Tenant: "acme"})
	args := json.RawMessage(`{}`)
	for _, tool := range []string{"whoami", "version"} {
		b.Run(tool, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res, err := reg.Execute(ctx, tool, args); err != nil || !res.Success {
					b.Fatal(err, res)
				}
			}
		})
	}
}
