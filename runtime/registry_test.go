package runtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"go.uber.org/goleak"

	"github.com/toolgen-go/toolgen/examples/search"
	. "github.com/toolgen-go/toolgen/runtime"
	. "github.com/toolgen-go/toolgen/runtime/toolimpl"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

type echoIn struct {
	Text string
}

func decodeEcho(d *Decoder, v *echoIn) {
	if !d.Object() {
		return
	}
	for d.Field() {
		switch string(d.Key()) {
		case "text":
			if s, ok := d.String(); ok {
				v.Text = s
			}
		default:
			d.Unknown("text")
		}
	}
}

var echoSchema = json.RawMessage(`{"type":"object","properties":{"text":{"type":"string"}},"additionalProperties":false}`)

// tool makes a tool whose function is fn.
func tool[Out any](name string, timeout time.Duration, fn func(context.Context, echoIn) (Out, error)) InvokableTool {
	return NewInvokable(&Info{Name: name, Description: "The " + name + " tool.", Parameters: echoSchema, Timeout: timeout}, decodeEcho, fn)
}

func echo(ctx context.Context, in echoIn) (string, error) { return in.Text, nil }

func TestRegister(t *testing.T) {
	r := NewRegistry(nil)
	if err := r.Register(tool("b", 0, echo), tool("a", 0, echo)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		tools []Tool
		want  string
	}{
		{[]Tool{tool("a", 0, echo)}, `runtime: duplicate tool name "a"`},
		{[]Tool{tool("c", 0, echo), tool("c", 0, echo)}, `runtime: duplicate tool name "c"`},
		{[]Tool{tool("bad name", 0, echo)}, `runtime: invalid tool name "bad name": want ^[a-zA-Z0-9_-]{1,64}$`},
		{[]Tool{tool(strings.Repeat("x", 65), 0, echo)}, `runtime: invalid tool name "` + strings.Repeat("x", 65) + `": want ^[a-zA-Z0-9_-]{1,64}$`},
		{[]Tool{NewInvokable(&Info{Name: "d"}, decodeEcho, echo)}, `runtime: tool d has no description`},
		{[]Tool{tool("e", 0, echo), nil}, `runtime: tool 1 is nil`},
		{[]Tool{NewInvokable(&Info{Name: "f", Description: "F.", Parameters: echoSchema, Cache: time.Minute, Confirm: true}, decodeEcho, echo)}, `runtime: tool f is marked both cache and confirm: a reused result would skip the approval`},
		{[]Tool{NewStreamable(&Info{Name: "g", Description: "G.", Parameters: echoSchema, Retries: 1}, decodeEcho, words)}, `runtime: tool g streams its result, so it cannot take retries or cache`},
	} {
		if err := r.Register(c.tools...); err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %s", err, c.want)
		}
	}
	// A failed Register adds nothing.
	if _, ok := r.Lookup("c"); ok {
		t.Error("c was registered by a failed call")
	}
	defs := r.Definitions()
	if len(defs) != 2 || defs[0].Name != "a" || defs[1].Name != "b" {
		t.Fatalf("definitions not sorted: %+v", defs)
	}
	defs[0].Name = "mutated"
	if r.Definitions()[0].Name != "a" {
		t.Error("Definitions returned the registry's own slice")
	}
	data, _ := json.Marshal(r.Definitions()[0])
	if want := `{"name":"a","description":"The a tool.","parameters":{"type":"object","properties":{"text":{"type":"string"}},"additionalProperties":false}}`; string(data) != want {
		t.Errorf("got %s", data)
	}
}

// A registry keeps a copy of its settings: what the caller changes
// afterwards, in the struct or in its Middleware slice, does not reach it.
func TestNewRegistryCopiesSettings(t *testing.T) {
	var tr trace
	s := &Settings{MaxBytes: 64, Middleware: []Middleware{tr.middleware("a")}}
	r := NewRegistry(s)
	refuse := func(next Handler) Handler {
		return func(ctx context.Context, call Call) (Result, error) { return Result{Error: "refused"}, nil }
	}
	s.MaxBytes = 8
	s.Dialect = Gemini // which would leave out echo, a tool with no Dialects
	s.Middleware[0] = refuse
	s.Middleware = append(s.Middleware, refuse)
	if err := r.Register(tool("echo", 0, echo)); err != nil {
		t.Fatal(err)
	}
	// ExecuteStream builds its chain of middleware for each call.
	ctx, args := context.Background(), json.RawMessage(`{"text":"hi"}`)
	res, err := r.Execute(ctx, "echo", args)
	streamed, serr := r.ExecuteStream(ctx, "echo", args, func(Chunk) {})
	for _, res := range []*Result{res, streamed} {
		if !res.Success || res.Output != "hi" {
			t.Errorf("got %+v", res)
		}
	}
	if err != nil || serr != nil {
		t.Fatal(err, serr)
	}
	if d := r.Dialect(); d != Standard {
		t.Errorf("Dialect() = %v", d)
	}
	if got := tr.got(); len(got) != 4 {
		t.Errorf("the middleware saw %q", got)
	}
}

func TestExecute(t *testing.T) {
	r := NewRegistry(&Settings{MaxBytes: 64})
	type out struct {
		N int `json:"n"`
	}
	err := r.Register(
		tool("echo", 0, echo),
		tool("structured", 0, func(ctx context.Context, in echoIn) (out, error) { return out{len(in.Text)}, nil }),
		tool("fail", 0, func(ctx context.Context, in echoIn) (string, error) { return "", Failf("no such order %q", in.Text) }),
		tool("broken", 0, func(ctx context.Context, in echoIn) (string, error) { return "", errors.New("database is down") }),
		tool("panics", 0, func(ctx context.Context, in echoIn) (string, error) { panic("boom") }),
		tool("slow", 20*time.Millisecond, func(ctx context.Context, in echoIn) (string, error) {
			<-ctx.Done()
			return "", ctx.Err()
		}),
		tool("action", 0, func(ctx context.Context, in echoIn) (NoOutput, error) { return NoOutput{}, nil }),
		tool("nan", 0, func(ctx context.Context, in echoIn) (float64, error) { return math.NaN(), nil }),
	)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct {
		tool, args, want string
		goErr            bool
	}{
		{"echo", `{"text":"hi <b>"}`, `{"success":true,"output":"hi \u003cb\u003e"}`, false},
		{"echo", ``, `{"success":true}`, false},
		{"structured", `{"text":"abc"}`, `{"success":true,"data":{"n":3}}`, false},
		{"fail", `{"text":"A-1"}`, `{"success":false,"error":"no such order \"A-1\""}`, false},
		{"broken", `{}`, `{"success":false,"error":"database is down"}`, true},
		{"panics", `{}`, `{"success":false,"error":"internal error: the tool failed unexpectedly"}`, true},
		{"slow", `{}`, `{"success":false,"error":"the tool did not finish within 20ms"}`, true},
		{"action", `{}`, `{"success":true}`, false},
		{"nan", `{}`, `{"success":false,"error":"internal error: the tool's result could not be encoded"}`, true},
		{"echo", `{"text":` + strings.Repeat(" ", 64) + `"x"}`, `{"success":false,"error":"invalid arguments: the arguments are 76 bytes long; the limit is 64"}`, false},
		{"nope", `{}`, `{"success":false,"error":"unknown tool \"nope\"; the tools are: action, broken, echo, fail, nan, panics, slow, structured"}`, false},
	} {
		res, err := r.Execute(ctx, c.tool, json.RawMessage(c.args))
		if err != nil {
			t.Fatalf("%s: %v", c.tool, err)
		}
		data, _ := json.Marshal(res)
		if string(data) != c.want {
			t.Errorf("%s %s:\ngot  %s\nwant %s", c.tool, c.args, data, c.want)
		}
		if (res.Err != nil) != c.goErr {
			t.Errorf("%s: Err = %v", c.tool, res.Err)
		}
	}
	res, _ := r.Execute(ctx, "echo", json.RawMessage(`{"text":1,"x":2}`))
	if ps := res.Problems; len(ps) != 2 || ps[0].Path != "/text" || ps[1].Path != "/x" {
		t.Errorf("problems: %+v", ps)
	}
	res, _ = r.Execute(ctx, "panics", nil)
	var pe *PanicError
	if !errors.As(res.Err, &pe) || pe.Value != "boom" || !strings.Contains(string(pe.Stack), "registry_test.go") {
		t.Errorf("panic: %#v", res.Err)
	}
	res, _ = r.Execute(ctx, "nan", nil)
	var unsupported *json.UnsupportedValueError
	if !errors.As(res.Err, &unsupported) {
		t.Errorf("unencodable result: %#v", res.Err)
	}
	res, _ = r.Execute(ctx, "slow", nil)
	var te *TimeoutError
	if !errors.As(res.Err, &te) || !errors.Is(res.Err, context.DeadlineExceeded) {
		t.Errorf("timeout: %#v", res.Err)
	}
}

// When the caller's context ends, Execute returns its error: the program,
// not the model, must handle that.
func TestExecuteCanceled(t *testing.T) {
	r := NewRegistry(nil)
	started := make(chan struct{})
	if err := r.Register(tool("wait", 0, func(ctx context.Context, in echoIn) (string, error) {
		close(started)
		<-ctx.Done()
		return "", ctx.Err()
	})); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		cancel()
	}()
	res, err := r.Execute(ctx, "wait", nil)
	if !errors.Is(err, context.Canceled) || res == nil || res.Success {
		t.Fatalf("got %+v, %v", res, err)
	}
	res, err = r.Execute(ctx, "wait", nil)
	if !errors.Is(err, context.Canceled) || res == nil {
		t.Fatalf("already canceled: got %+v, %v", res, err)
	}
}

func TestExecuteConcurrent(t *testing.T) {
	r := NewRegistry(nil)
	if err := r.Register(tool("echo", 0, echo)); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 200 {
				text := fmt.Sprintf("%d-%d", i, j)
				res, err := r.Execute(context.Background(), "echo", json.RawMessage(`{"text":"`+text+`"}`))
				if err != nil || res.Output != text {
					t.Errorf("got %+v, %v", res, err)
					return
				}
				if j%50 == 0 {
					_ = r.Register(tool(fmt.Sprintf("t%d_%d", i, j), 0, echo))
					_ = r.Definitions()
				}
			}
		}()
	}
	wg.Wait()
}

func TestGroups(t *testing.T) {
	r := NewRegistry(nil)
	grouped := func(name, group string) Tool {
		return NewInvokable(&Info{Name: name, Description: "The " + name + " tool.", Parameters: echoSchema, Group: group}, decodeEcho, echo)
	}
	if err := r.Register(grouped("refund", "orders"), grouped("weather", "web"), grouped("ping", ""), grouped("lookup", "orders")); err != nil {
		t.Fatal(err)
	}
	if got := r.Groups(); !slices.Equal(got, []string{"orders", "web"}) {
		t.Errorf("Groups() = %q", got)
	}
	names := func(defs []Definition) []string {
		var out []string
		for _, d := range defs {
			out = append(out, d.Name)
		}
		return out
	}
	for group, want := range map[string][]string{"orders": {"lookup", "refund"}, "web": {"weather"}, "": {"ping"}, "none": nil} {
		if got := names(r.GroupDefinitions(group)); !slices.Equal(got, want) {
			t.Errorf("GroupDefinitions(%q) = %q, want %q", group, got, want)
		}
	}
}

// A registry in a dialect lists and runs only the tools that have a schema
// in it: a tool left out of the dialect is unknown to its model.
func TestDialectLeavesOut(t *testing.T) {
	both := NewInvokable(&Info{Name: "both", Description: "Both.", Parameters: echoSchema, Dialects: DialectSchemas{Gemini: echoSchema}}, decodeEcho, echo)
	standard := NewInvokable(&Info{Name: "standard", Description: "Standard only.", Parameters: echoSchema}, decodeEcho, echo)
	r := NewRegistry(&Settings{Dialect: Gemini})
	if err := r.Register(both, standard); err != nil {
		t.Fatal(err)
	}
	if defs := r.Definitions(); len(defs) != 1 || defs[0].Name != "both" {
		t.Errorf("definitions: %+v", defs)
	}
	res, _ := r.Execute(context.Background(), "standard", json.RawMessage(`{"text":"x"}`))
	if res.Success || res.Error != `unknown tool "standard"; the tools are: both` {
		t.Errorf("a tool left out ran: %+v", res)
	}
	if res, _ := r.Execute(context.Background(), "both", json.RawMessage(`{"text":"x"}`)); !res.Success {
		t.Errorf("both: %+v", res)
	}
}

func TestExecuteAll(t *testing.T) {
	const n = 4
	var arrived sync.WaitGroup
	arrived.Add(n - 1) // every call of wait but the unknown one
	r := NewRegistry(nil)
	err := r.Register(
		tool("wait", 0, func(ctx context.Context, in echoIn) (string, error) {
			// Each call waits for the others: they run at once.
			arrived.Done()
			arrived.Wait()
			if in.Text == "fail" {
				return "", Fail("failed as asked")
			}
			return in.Text, nil
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	calls := []Call{
		{Name: "wait", Args: json.RawMessage(`{"text":"a"}`)},
		{Name: "nope"},
		{Name: "wait", Args: json.RawMessage(`{"text":"fail"}`)},
		{Name: "wait", Args: json.RawMessage(`{"text":"b"}`)},
	}
	results, err := r.ExecuteAll(context.Background(), calls)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, res := range results {
		got = append(got, fmt.Sprint(res.Success, " ", res.Output, res.Error))
	}
	want := []string{"true a", `false unknown tool "nope"; the tools are: wait`, "false failed as asked", "true b"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}

	// One call runs on the caller's goroutine; a canceled context is the
	// error, with every Result set.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	results, err = r.ExecuteAll(ctx, calls[:1])
	if !errors.Is(err, context.Canceled) || len(results) != 1 || results[0].Success || results[0].Error == "" {
		t.Errorf("canceled: %+v, %v", results, err)
	}
}

// Remove takes tools out at once: they are no longer listed, looked up or
// run, and their cached results go with them.
func TestRemove(t *testing.T) {
	r := NewRegistry(nil)
	var version atomic.Int32
	version.Store(1)
	cached := func() Tool {
		v := version.Load()
		return NewInvokable(&Info{Name: "c", Description: "Cached.", Parameters: echoSchema, Cache: time.Minute, Group: "g"}, decodeEcho,
			func(ctx context.Context, in echoIn) (string, error) { return fmt.Sprintf("v%d %s", v, in.Text), nil })
	}
	if err := r.Register(tool("a", 0, echo), tool("b", 0, echo), cached()); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	args := json.RawMessage(`{"text":"x"}`)
	if res, _ := r.Execute(ctx, "c", args); res.Output != "v1 x" {
		t.Fatalf("got %+v", res)
	}
	r.Remove("c", "nope", "b")
	if _, ok := r.Lookup("c"); ok {
		t.Error("Lookup finds a removed tool")
	}
	if defs := r.Definitions(); len(defs) != 1 || defs[0].Name != "a" {
		t.Errorf("Definitions: %+v", defs)
	}
	if defs := r.GroupDefinitions("g"); len(defs) != 0 {
		t.Errorf("GroupDefinitions: %+v", defs)
	}
	if groups := r.Groups(); len(groups) != 0 {
		t.Errorf("Groups: %q", groups)
	}
	if res, _ := r.Execute(ctx, "c", args); res.Success || res.Error != `unknown tool "c"; the tools are: a` {
		t.Errorf("a removed tool ran: %+v", res)
	}
	// Registered again, the tool starts afresh: its old results are gone.
	version.Store(2)
	if err := r.Register(cached()); err != nil {
		t.Fatal(err)
	}
	if res, _ := r.Execute(ctx, "c", args); res.Output != "v2 x" {
		t.Errorf("a tool registered again got the old one's result: %+v", res)
	}
	if defs := r.Definitions(); len(defs) != 2 || defs[1].Name != "c" {
		t.Errorf("Definitions: %+v", defs)
	}
}

// Watch reports each change of the tools, outside the registry's lock, so
// a watcher can read the list and change it; stop ends the reports.
func TestWatch(t *testing.T) {
	r := NewRegistry(nil)
	var seen [][]string
	names := func() []string {
		var out []string
		for _, d := range r.Definitions() {
			out = append(out, d.Name)
		}
		return out
	}
	stop := r.Watch(func() {
		seen = append(seen, names())
		if len(seen) == 2 {
			// A change made by a watcher is reported in another round.
			if err := r.Register(tool("from_watcher", 0, echo)); err != nil {
				t.Error(err)
			}
		}
	})
	var other atomic.Int32
	stopOther := r.Watch(func() { other.Add(1) })
	if err := r.Register(tool("a", 0, echo)); err != nil {
		t.Fatal(err)
	}
	_ = r.Register(tool("a", 0, echo)) // fails: no change
	_ = r.Register()                   // no change
	r.Remove("nope")                   // no change
	if err := r.Register(tool("b", 0, echo)); err != nil {
		t.Fatal(err)
	}
	r.Remove("a")
	stop()
	stop() // twice is harmless
	r.Remove("b")
	want := [][]string{{"a"}, {"a", "b"}, {"a", "b", "from_watcher"}, {"b", "from_watcher"}}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("watcher saw %q, want %q", seen, want)
	}
	if other.Load() != 5 {
		t.Errorf("the other watcher was called %d times, want 5", other.Load())
	}
	stopOther()

	// A watcher's panic reaches the caller, whose change stands; the next
	// change is reported.
	calls := 0
	defer r.Watch(func() {
		calls++
		if calls == 1 {
			panic("watcher")
		}
	})()
	func() {
		defer func() {
			if v := recover(); v != "watcher" {
				t.Errorf("recovered %v", v)
			}
		}()
		_ = r.Register(tool("c", 0, echo))
	}()
	if _, ok := r.Lookup("c"); !ok {
		t.Error("a watcher's panic undid Register")
	}
	r.Remove("c")
	if calls != 2 {
		t.Errorf("the watcher was called %d times after its panic, want 2", calls)
	}
}

// Calls, listings and lookups run while tools come and go, without a race
// (run with -race): a stable tool always runs, a coming and going one runs
// or is unknown, and the watchers' rounds never overlap.
func TestLiveConcurrent(t *testing.T) {
	r := NewRegistry(&Settings{Middleware: []Middleware{func(next Handler) Handler { return next }}})
	if err := r.Register(tool("stable", 0, echo)); err != nil {
		t.Fatal(err)
	}
	var inside, rounds atomic.Int32
	defer r.Watch(func() {
		if inside.Add(1) != 1 {
			t.Error("watcher rounds overlap")
		}
		rounds.Add(1)
		_ = r.Definitions()
		inside.Add(-1)
	})()
	ctx := context.Background()
	args := json.RawMessage(`{"text":"x"}`)
	const churners, callers, n = 4, 8, 300
	var wg sync.WaitGroup
	for i := range churners {
		wg.Go(func() {
			for j := range n {
				name := fmt.Sprintf("t%d", j%5)
				if (i+j)%2 == 0 {
					_ = r.Register(tool(name, 0, echo)) // may be there already
				} else {
					r.Remove(name)
				}
			}
		})
	}
	for i := range callers {
		wg.Go(func() {
			for j := range n {
				name := fmt.Sprintf("t%d", j%5)
				res, err := r.Execute(ctx, "stable", args)
				if err != nil || !res.Success {
					t.Errorf("stable: %+v, %v", res, err)
				}
				res, err = r.Execute(ctx, name, args)
				if err != nil || !res.Success && !strings.HasPrefix(res.Error, "unknown tool") {
					t.Errorf("%s: %+v, %v", name, res, err)
				}
				results, _ := r.ExecuteAll(ctx, []Call{{Name: "stable", Args: args}, {Name: name, Args: args}})
				if !results[0].Success {
					t.Errorf("stable in ExecuteAll: %+v", results[0])
				}
				switch i % 3 {
				case 0:
					_ = r.Definitions()
				case 1:
					_, _ = r.Lookup(name)
				default:
					_, _ = r.GroupDefinitions(""), r.Groups()
				}
			}
		})
	}
	wg.Wait()
	if rounds.Load() == 0 {
		t.Error("no change was reported")
	}
}

// A call of a tool marked cache that runs while the tool is removed does
// not store its result for the tool registered again under its name.
func TestRemoveDuringCall(t *testing.T) {
	var runs atomic.Int32
	started, release := make(chan struct{}, 1), make(chan struct{})
	r := registry(t, Settings{}, blocker(&runs, started, release, func(context.Context) (string, error) { return "old", nil }))
	var old *Result
	var wg sync.WaitGroup
	wg.Go(func() { old, _ = r.Execute(context.Background(), "block", nil) })
	<-started
	r.Remove("block")
	if err := r.Register(cachedTool("block", func(ctx context.Context, in anyIn) (string, error) { return "new", nil })); err != nil {
		t.Fatal(err)
	}
	// A call of the new tool does not wait for the old one's.
	if res, _ := r.Execute(context.Background(), "block", nil); res.Output != "new" {
		t.Errorf("the new tool joined the removed one's call: %+v", res)
	}
	close(release)
	wg.Wait()
	if old.Output != "old" {
		t.Errorf("the call under way: %+v", old)
	}
	if res, _ := r.Execute(context.Background(), "block", nil); res.Output != "new" {
		t.Errorf("the new tool got the removed one's result: %+v", res)
	}
}

// TestDirectMethodTools checks that a generated method tool (a type of
// its own with Call, not toolimpl's function tool) takes Execute's direct
// path too, as a function tool does.
func TestDirectMethodTools(t *testing.T) {
	r := NewRegistry(nil)
	if err := r.Register(search.Tools(search.NewSearcher(nil))...); err != nil {
		t.Fatal(err)
	}
	// search_passages is marked cache: the registry's cache comes first.
	if !Direct(r, "get_passage") || Direct(r, "search_passages") {
		t.Errorf("direct: get_passage %v, search_passages %v; want true, false", Direct(r, "get_passage"), Direct(r, "search_passages"))
	}
	res, err := r.Execute(context.Background(), "get_passage", json.RawMessage(`{"id":"nope"}`))
	if err != nil || res.Success {
		t.Errorf("get_passage of an unknown id: %+v, %v", res, err)
	}
}

// TestExecuteAllRepeatedIDs checks that a call whose ID an earlier call of
// the turn has is answered without running, with few calls and with many
// (compared through a set), and that calls without IDs are all run.
func TestExecuteAllRepeatedIDs(t *testing.T) {
	var ran atomic.Int64
	r := NewRegistry(nil)
	if err := r.Register(tool("echo", 0, func(ctx context.Context, in echoIn) (string, error) {
		ran.Add(1)
		return in.Text, nil
	})); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{3, 40} {
		ran.Store(0)
		calls := make([]Call, n)
		for i := range calls {
			calls[i] = Call{ID: fmt.Sprint("call_", i), Name: "echo", Args: json.RawMessage(`{"text":"x"}`)}
		}
		calls[n-1].ID = "call_0"                                      // repeats the first
		calls = append(calls, Call{Name: "echo"}, Call{Name: "echo"}) // no IDs: both run
		results, err := r.ExecuteAll(context.Background(), calls)
		if err != nil {
			t.Fatal(err)
		}
		want := `this call repeats the id "call_0" of an earlier call in the same turn, so it was not run`
		if res := results[n-1]; res.Success || res.Error != want {
			t.Errorf("%d calls: the repeated one got %+v", n, res)
		}
		if got := ran.Load(); got != int64(n-1+2) {
			t.Errorf("%d calls: the tool ran %d times, want %d", n, got, n-1+2)
		}
	}
}

// TestExecuteAllRepeatedIDsMiddleware: a call that repeats an ID, not
// run, goes through the middleware all the same, with its ID and its
// refusal, so that a log or a metric counts every call the model made; a
// middleware's panic there is contained.
func TestExecuteAllRepeatedIDsMiddleware(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	record := func(next Handler) Handler {
		return func(ctx context.Context, call Call) (Result, error) {
			res, err := next(ctx, call)
			mu.Lock()
			defer mu.Unlock()
			seen = append(seen, fmt.Sprintf("%s %s %v %v %s", call.ID, call.Name, call.Tool != nil, res.Success, res.Error))
			if string(call.Args) == "panic" {
				panic("middleware")
			}
			return res, err
		}
	}
	r := NewRegistry(&Settings{Middleware: []Middleware{record}})
	if err := r.Register(tool("echo", 0, echo)); err != nil {
		t.Fatal(err)
	}
	results, err := r.ExecuteAll(context.Background(), []Call{
		{ID: "a", Name: "echo", Args: json.RawMessage(`{"text":"x"}`)},
		{ID: "a", Name: "echo", Args: json.RawMessage(`{"text":"y"}`)},
		{ID: "a", Name: "echo", Args: json.RawMessage("panic")},
	})
	if err != nil || !results[0].Success || results[1].Success || results[1].Error == "" {
		t.Fatalf("%+v, %v", results, err)
	}
	var pe *PanicError
	if !errors.As(results[2].Err, &pe) || !pe.Middleware {
		t.Errorf("a middleware's panic on a repeated call: %+v", results[2])
	}
	slices.Sort(seen)
	want := []string{
		"a echo true false " + results[1].Error,
		"a echo true false " + results[1].Error,
		"a echo true true ",
	}
	if !slices.Equal(seen, want) {
		t.Errorf("the middleware saw\n%s\nwant\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
}

// TestExecuteAllRepeatedLongID checks that the answer to a call that
// repeats a long ID quotes at most the first 64 bytes of it.
func TestExecuteAllRepeatedLongID(t *testing.T) {
	r := NewRegistry(nil)
	if err := r.Register(tool("echo", 0, echo)); err != nil {
		t.Fatal(err)
	}
	id := strings.Repeat("x", 1<<16)
	results, err := r.ExecuteAll(context.Background(), []Call{{ID: id, Name: "echo"}, {ID: id, Name: "echo"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := results[1].Error; len(got) > 200 || !strings.Contains(got, strings.Repeat("x", 64)+"…") {
		t.Errorf("%d bytes: %.120s", len(got), got)
	}
}

// handMade is a tool written by hand that returns res.
type handMade struct{ res Result }

func (h handMade) Info() *Info {
	return &Info{Name: "hand", Description: "Returns what it was given.", Parameters: json.RawMessage(`{"type":"object"}`)}
}

func (h handMade) Invoke(ctx context.Context, args json.RawMessage) (Result, error) {
	return h.res, nil
}

// badJSON is a value whose MarshalJSON fails.
type badJSON struct{}

func (badJSON) MarshalJSON() ([]byte, error) { return nil, errors.New("no JSON for this") }

// The Result of a tool written by hand is settled where it is made: Data
// encoded once into Output, and a Result that has no JSON encoding (or
// Output that is not the JSON it claims to be) a failure with Err set,
// not an error or panic later in whatever sends it; a failure with no
// words gets some.
func TestHandMadeResults(t *testing.T) {
	const unencodable = "internal error: the tool's result could not be encoded"
	for _, c := range []struct {
		name      string
		res       Result
		want      string // the Result as JSON
		wantErr   bool   // Err is set
		structure bool
	}{
		{"data", Result{Success: true, Data: map[string]any{"a": "<b>", "n": 1}}, `{"success":true,"data":{"a":"<b>","n":1}}`, false, true},
		{"text and data", Result{Success: true, Output: "two", Data: []int{2}}, `{"success":true,"output":"two","data":[2]}`, false, false},
		{"text", Result{Success: true, Output: "done"}, `{"success":true,"output":"done"}`, false, false},
		{"NaN", Result{Success: true, Data: math.NaN()}, `{"success":false,"error":"` + unencodable + `"}`, true, false},
		{"channel", Result{Success: true, Data: make(chan int)}, `{"success":false,"error":"` + unencodable + `"}`, true, false},
		{"MarshalJSON fails", Result{Success: true, Data: badJSON{}}, `{"success":false,"error":"` + unencodable + `"}`, true, false},
		{"not JSON", Result{Success: true, Output: "not json", Structured: true}, `{"success":false,"error":"` + unencodable + `"}`, true, false},
		{"not JSON, with data", Result{Success: true, Output: "not json", Structured: true, Data: []int{1}}, `{"success":true,"data":[1]}`, false, true},
		{"structured", Result{Success: true, Output: `{"a":1}`, Data: json.RawMessage(`{"a":1}`), Structured: true}, `{"success":true,"data":{"a":1}}`, false, true},
		{"failure without words", Result{Error: " \n"}, `{"success":false,"error":"the tool failed without saying why"}`, false, false},
		{"failure", Result{Error: "no such order"}, `{"success":false,"error":"no such order"}`, false, false},
		{"failure with data", Result{Error: "no such order", Data: []int{4}}, `{"success":false,"data":[4],"error":"no such order"}`, false, false},
		{"failure with NaN data", Result{Error: "no such order", Data: math.NaN()}, `{"success":false,"error":"no such order"}`, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := NewRegistry(nil)
			if err := r.Register(handMade{c.res}); err != nil {
				t.Fatal(err)
			}
			res, err := r.Execute(context.Background(), "hand", nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := res.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want || (res.Err != nil) != c.wantErr || res.Structured != c.structure {
				t.Errorf("got %s, Err %v, Structured %v; want %s, Err set %v, Structured %v", got, res.Err, res.Structured, c.want, c.wantErr, c.structure)
			}
		})
	}
}

// handStream is a streamable tool written by hand that returns res.
type handStream struct{ handMade }

func (h handStream) Stream(ctx context.Context, args json.RawMessage, emit func(Chunk)) (Result, error) {
	return h.res, nil
}

// A streamed tool written by hand is settled as an invoked one is.
func TestHandMadeStream(t *testing.T) {
	for _, c := range []struct {
		res  Result
		want string
	}{
		{Result{Success: true, Data: math.Inf(1)}, `{"success":false,"error":"internal error: the tool's result could not be encoded"}`},
		{Result{}, `{"success":false,"error":"the tool failed without saying why"}`},
		{Result{Success: true, Data: []int{1}}, `{"success":true,"data":[1]}`},
	} {
		r := NewRegistry(nil)
		if err := r.Register(handStream{handMade{c.res}}); err != nil {
			t.Fatal(err)
		}
		res, err := r.ExecuteStream(context.Background(), "hand", nil, func(Chunk) {})
		if err != nil {
			t.Fatal(err)
		}
		if got, err := res.MarshalJSON(); err != nil || string(got) != c.want {
			t.Errorf("got %s, %v; want %s", got, err, c.want)
		}
	}
}

// panicking is a value whose MarshalJSON panics.
type panicking struct{}

func (panicking) MarshalJSON() ([]byte, error) { panic("panicking") }

// JSONText is a Result's JSON, or for one without a JSON encoding (a
// middleware's) the failure that says so, never an error or a panic.
func TestJSONText(t *testing.T) {
	const unencodable = `{"success":false,"error":"internal error: the tool's result could not be encoded"}`
	for _, c := range []struct {
		res  Result
		want string
	}{
		{Result{Success: true, Output: "done"}, `{"success":true,"output":"done"}`},
		{Result{Success: true, Data: math.NaN()}, unencodable},
		{Result{Success: true, Data: panicking{}}, unencodable},
		{Result{Error: "no such order"}, `{"success":false,"error":"no such order"}`},
		{Result{Success: true, Structured: true, Output: `{"id":"A-1"}`, Data: 1}, `{"success":true,"data":{"id":"A-1"}}`},
		{Result{Structured: true, Output: `{"id":"A-1"}`, Error: "late"}, `{"success":false,"data":{"id":"A-1"},"error":"late"}`},
	} {
		if got := c.res.JSONText(); got != c.want {
			t.Errorf("%+v: %s, want %s", c.res, got, c.want)
		}
		if c.want == unencodable {
			continue
		}
		if data, err := c.res.MarshalJSON(); err != nil || string(data) != c.want {
			t.Errorf("%+v: JSONText %s, MarshalJSON %s", c.res, c.res.JSONText(), data)
		}
	}
	// A structured result, the common case, costs one allocation: the
	// text.
	res := Result{Success: true, Structured: true, Output: `{"id":"A-1","total":750}`}
	if n := testing.AllocsPerRun(100, func() { _ = res.JSONText() }); n != 1 {
		t.Errorf("JSONText of a structured result: %v allocations, want 1", n)
	}
}

// JSONText leaves <, > and & unescaped: json.Marshal gives the same JSON
// with them escaped, and an Encoder with SetEscapeHTML(false) the same
// bytes and a newline, as the README says.
func TestJSONTextAndMarshal(t *testing.T) {
	r := NewRegistry(nil)
	if err := r.Register(
		tool("text", 0, echo),
		tool("structured", 0, func(ctx context.Context, in echoIn) (map[string]string, error) {
			return map[string]string{"q": in.Text}, nil
		}),
		tool("fails", 0, func(ctx context.Context, in echoIn) (string, error) { return "", Fail(in.Text) }),
	); err != nil {
		t.Fatal(err)
	}
	args := json.RawMessage(`{"text":"a<b && c>d \u2028 é"}`)
	for _, name := range []string{"text", "structured", "fails", "unknown<&>"} {
		res, err := r.Execute(context.Background(), name, args)
		if err != nil {
			t.Fatal(err)
		}
		text := res.JSONText()
		if !strings.ContainsAny(text, "<&") {
			t.Fatalf("%s: %s holds no < or &", name, text)
		}
		var escaped bytes.Buffer
		json.HTMLEscape(&escaped, []byte(text))
		if m, err := json.Marshal(res); err != nil || string(m) != escaped.String() {
			t.Errorf("%s: json.Marshal %s, %v; want %s", name, m, err, escaped.String())
		}
		var enc bytes.Buffer
		e := json.NewEncoder(&enc)
		e.SetEscapeHTML(false)
		if err := e.Encode(res); err != nil || enc.String() != text+"\n" {
			t.Errorf("%s: Encoder %q, %v; want %q", name, enc.String(), err, text+"\n")
		}
	}
}

// chunkStream is a streamable tool written by hand that emits chunks, one
// of them maybe without a JSON encoding, and keeps emit to call it late.
type chunkStream struct {
	handMade
	chunks []Chunk
	late   *func(Chunk)
}

func (h chunkStream) Stream(ctx context.Context, args json.RawMessage, emit func(Chunk)) (Result, error) {
	for _, c := range h.chunks {
		emit(c)
	}
	*h.late = emit
	return h.res, nil
}

// The chunks of a streamed tool written by hand reach the caller as a
// generated tool's do: Data with its JSON as Text, none without a JSON
// encoding (the call fails instead), and none after Stream returned.
func TestHandMadeStreamChunks(t *testing.T) {
	var late func(Chunk)
	for _, c := range []struct {
		name   string
		chunks []Chunk
		want   []string // the Text of each chunk emitted
		result string
	}{
		{"data", []Chunk{{Data: map[string]int{"n": 1}}, {Text: "two"}, {Text: "three", Data: 3}},
			[]string{`{"n":1}`, "two", "three"}, `{"success":true,"data":[1]}`},
		{"NaN", []Chunk{{Text: "one"}, {Data: math.NaN()}, {Text: "after"}},
			[]string{"one"}, `{"success":false,"error":"internal error: the tool's result could not be encoded"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := NewRegistry(nil)
			if err := r.Register(chunkStream{handMade{Result{Success: true, Data: []int{1}}}, c.chunks, &late}); err != nil {
				t.Fatal(err)
			}
			var got []string
			res, err := r.ExecuteStream(context.Background(), "hand", nil, func(ch Chunk) { got = append(got, ch.Text) })
			if err != nil {
				t.Fatal(err)
			}
			late(Chunk{Text: "late"}) // after Stream returned: dropped
			if !slices.Equal(got, c.want) {
				t.Errorf("chunks %q, want %q", got, c.want)
			}
			if js, _ := res.MarshalJSON(); string(js) != c.result {
				t.Errorf("Result %s, want %s", js, c.result)
			}
			if c.name == "NaN" && res.Err == nil {
				t.Error("Err is nil")
			}
		})
	}
}

// panicStream emits a chunk, leaves a goroutine to emit another once late
// is closed (then closing done), and panics.
type panicStream struct {
	handMade
	late, done chan struct{}
}

func (h panicStream) Stream(ctx context.Context, args json.RawMessage, emit func(Chunk)) (Result, error) {
	emit(Chunk{Data: "first"})
	go func() {
		<-h.late
		emit(Chunk{Text: "late"})
		close(h.done)
	}()
	panic("boom")
}

// A hand-written stream that panics ends there: a chunk its goroutines
// emit later does not reach the caller. A string chunk is its text, as a
// generated tool's.
func TestHandMadeStreamPanic(t *testing.T) {
	h := panicStream{handMade{Result{Success: true}}, make(chan struct{}), make(chan struct{})}
	r := NewRegistry(nil)
	if err := r.Register(h); err != nil {
		t.Fatal(err)
	}
	var got []string
	res, err := r.ExecuteStream(context.Background(), "hand", nil, func(ch Chunk) { got = append(got, ch.Text) })
	if err != nil || res.Success {
		t.Fatalf("Result %+v, %v; want a failure", res, err)
	}
	close(h.late)
	<-h.done
	if !slices.Equal(got, []string{"first"}) {
		t.Errorf("chunks %q, want only \"first\", as it is", got)
	}
}

// TestMaxOutputError: the Error of a failure is text the model reads too,
// so MaxOutput cuts it, at a character's boundary, whether it is a Go
// error's text (which may quote all a failing service answered) or the
// tool's Fail; the Result's Err keeps the whole error for the program.
func TestMaxOutputError(t *testing.T) {
	body := strings.Repeat("é", 1<<20) // 2 MiB
	r := NewRegistry(&Settings{MaxOutput: 2000})
	if err := r.Register(
		tool("upstream", 0, func(ctx context.Context, in echoIn) (string, error) {
			return "", errors.New("upstream answered: " + body)
		}),
		tool("refuse", 0, func(ctx context.Context, in echoIn) (string, error) { return "", Fail(body) }),
		tool("short", 0, func(ctx context.Context, in echoIn) (string, error) { return "", Fail("no such order") }),
	); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"upstream", "refuse"} {
		for _, stream := range []bool{false, true} {
			var res *Result
			var err error
			if stream {
				res, err = r.ExecuteStream(context.Background(), name, json.RawMessage(`{"text":"x"}`), func(Chunk) {})
			} else {
				res, err = r.Execute(context.Background(), name, json.RawMessage(`{"text":"x"}`))
			}
			if err != nil || res.Success || len(res.Error) > 2000 || len(res.Error) < 1990 || !utf8.ValidString(res.Error) || !strings.HasSuffix(res.Error, "…") {
				t.Errorf("%s (stream %v): Error of %d bytes %.40q…, %v; want 2000 bytes of UTF-8", name, stream, len(res.Error), res.Error, err)
			}
		}
	}
	res, _ := r.Execute(context.Background(), "upstream", json.RawMessage(`{"text":"x"}`))
	if res.Err == nil || len(res.Err.Error()) < len(body) {
		t.Errorf("Err: %v", res.Err)
	}
	if res, _ := r.Execute(context.Background(), "short", json.RawMessage(`{"text":"x"}`)); res.Error != "no such order" {
		t.Errorf("a short failure: %q", res.Error)
	}
	// Below 1 KiB, the cut is at 1 KiB, so that the registry's own
	// messages stay whole.
	tiny := NewRegistry(&Settings{MaxOutput: 10})
	tiny.Register(tool("upstream", 0, func(ctx context.Context, in echoIn) (string, error) { return "", errors.New(body) }))
	if res, _ := tiny.Execute(context.Background(), "upstream", json.RawMessage(`{"text":"x"}`)); len(res.Error) > 1024 || len(res.Error) < 1000 {
		t.Errorf("MaxOutput 10: Error of %d bytes, want 1 KiB", len(res.Error))
	}
}
