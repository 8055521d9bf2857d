package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	. "github.com/toolgen-go/toolgen/runtime"
	. "github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// trace is a middleware that records the calls it sees, under its name.
type trace struct {
	mu    sync.Mutex
	lines []string
}

func (tr *trace) add(line string) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.lines = append(tr.lines, line)
}

func (tr *trace) got() []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return slices.Clone(tr.lines)
}

func (tr *trace) middleware(name string) Middleware {
	return func(next Handler) Handler {
		return func(ctx context.Context, call Call) (Result, error) {
			tool := "<nil>"
			if call.Tool != nil {
				tool = call.Tool.Name
			}
			tr.add(fmt.Sprintf("%s in id=%q name=%s tool=%s args=%d", name, call.ID, call.Name, tool, len(call.Args)))
			res, err := next(ctx, call)
			tr.add(fmt.Sprintf("%s out %v %s%s", name, res.Success, res.Output, res.Error))
			return res, err
		}
	}
}

// The first middleware is the outermost; a nil one is skipped.
func TestMiddlewareOrder(t *testing.T) {
	var tr trace
	r := NewRegistry(&Settings{Middleware: []Middleware{tr.middleware("a"), nil, tr.middleware("b"), tr.middleware("c")}})
	if err := r.Register(tool("echo", 0, echo)); err != nil {
		t.Fatal(err)
	}
	res, err := r.Execute(context.Background(), "echo", json.RawMessage(`{"text":"hi"}`))
	if err != nil || !res.Success || res.Output != "hi" {
		t.Fatalf("got %+v, %v", res, err)
	}
	want := []string{
		`a in id="" name=echo tool=echo args=13`,
		`b in id="" name=echo tool=echo args=13`,
		`c in id="" name=echo tool=echo args=13`,
		`c out true hi`,
		`b out true hi`,
		`a out true hi`,
	}
	if got := tr.got(); !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Middleware sees every call as the caller made it: the IDs of
// ExecuteAll's calls, an unknown tool with Tool nil, arguments over the
// limit (which the registry then refuses).
func TestMiddlewareSees(t *testing.T) {
	var tr trace
	r := NewRegistry(&Settings{MaxBytes: 32, Dialect: Gemini, Middleware: []Middleware{tr.middleware("m")}})
	if err := r.Register(
		NewInvokable(&Info{Name: "echo", Description: "Echo.", Parameters: echoSchema, Dialects: DialectSchemas{Gemini: echoSchema}}, decodeEcho, echo),
		NewInvokable(&Info{Name: "hidden", Description: "Not for Gemini.", Parameters: echoSchema}, decodeEcho, echo),
	); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	long := json.RawMessage(`{"text":"` + strings.Repeat("x", 40) + `"}`)
	if _, err := r.Execute(ctx, "nope", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Execute(ctx, "hidden", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Execute(ctx, "echo", long); err != nil {
		t.Fatal(err)
	}
	want := []string{
		`m in id="" name=nope tool=<nil> args=0`,
		`m out false unknown tool "nope"; the tools are: echo`,
		`m in id="" name=hidden tool=<nil> args=0`,
		`m out false unknown tool "hidden"; the tools are: echo`,
		`m in id="" name=echo tool=echo args=51`,
		`m out false invalid arguments: the arguments are 51 bytes long; the limit is 32`,
	}
	if got := tr.got(); !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// ExecuteAll hands each call's ID, one call or many.
	for _, n := range []int{1, 3} {
		tr = trace{}
		var calls []Call
		for i := range n {
			calls = append(calls, Call{ID: fmt.Sprintf("call_%d", i), Name: "echo", Args: json.RawMessage(`{"text":"x"}`), Tool: &Info{Name: "forged"}})
		}
		if _, err := r.ExecuteAll(ctx, calls); err != nil {
			t.Fatal(err)
		}
		got := tr.got()
		slices.Sort(got)
		var want []string
		for i := range n {
			want = append(want, fmt.Sprintf(`m in id="call_%d" name=echo tool=echo args=12`, i))
		}
		for range n {
			want = append(want, "m out true x")
		}
		if !slices.Equal(got, want) {
			t.Errorf("%d calls: got\n%s\nwant\n%s", n, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// Middleware may refuse a call, change its name, arguments and context,
// and change its Result; changed arguments are checked as the model's are.
func TestMiddlewareChanges(t *testing.T) {
	type key struct{}
	var ran atomic.Int32
	r := NewRegistry(&Settings{MaxBytes: 64, Middleware: []Middleware{func(next Handler) Handler {
		return func(ctx context.Context, call Call) (Result, error) {
			switch call.Name {
			case "refused":
				return Result{Error: "rate limit: try again in a minute"}, nil
			case "alias":
				call.Name = "echo"
			case "redact":
				call.Name, call.Args = "echo", json.RawMessage(`{"text":"[redacted]"}`)
			case "grow":
				call.Name, call.Args = "echo", json.RawMessage(`{"text":"`+strings.Repeat("y", 64)+`"}`)
			case "bad":
				call.Name, call.Args = "echo", json.RawMessage(`{"text":1}`)
			}
			call.Tool = &Info{Name: "forged", Confirm: true} // ignored
			res, err := next(context.WithValue(ctx, key{}, "from middleware"), call)
			if res.Success {
				res.Output = strings.ToUpper(res.Output)
			}
			return res, err
		}
	}}})
	if err := r.Register(
		tool("echo", 0, func(ctx context.Context, in echoIn) (string, error) {
			ran.Add(1)
			return in.Text + " " + fmt.Sprint(ctx.Value(key{})), nil
		}),
	); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, want string
		runs       int32
	}{
		{"echo", "true HI FROM MIDDLEWARE", 1},
		{"alias", "true HI FROM MIDDLEWARE", 1},
		{"redact", "true [REDACTED] FROM MIDDLEWARE", 1},
		{"refused", "false rate limit: try again in a minute", 0},
		{"grow", "false invalid arguments: the arguments are 75 bytes long; the limit is 64", 0},
		{"bad", "false invalid arguments: /text: must be a string, got number", 0},
	} {
		ran.Store(0)
		res, err := r.Execute(context.Background(), c.name, json.RawMessage(`{"text":"hi"}`))
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(res.Success, " ", res.Output, res.Error); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
		if ran.Load() != c.runs {
			t.Errorf("%s: the tool ran %d times, want %d", c.name, ran.Load(), c.runs)
		}
	}
}

// A panic in middleware, before or after next, fails the call through
// every entry point, as a tool's panic would.
func TestMiddlewarePanic(t *testing.T) {
	for _, when := range []string{"before", "after"} {
		r := NewRegistry(&Settings{Middleware: []Middleware{func(next Handler) Handler {
			return func(ctx context.Context, call Call) (Result, error) {
				if when == "before" {
					panic("middleware " + when)
				}
				next(ctx, call)
				panic("middleware " + when)
			}
		}}})
		if err := r.Register(tool("echo", 0, echo)); err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		args := json.RawMessage(`{"text":"x"}`)
		var results []Result
		res, err := r.Execute(ctx, "echo", args)
		results = append(results, *res)
		if err != nil {
			t.Fatal(err)
		}
		res, err = r.ExecuteStream(ctx, "echo", args, func(Chunk) {})
		results = append(results, *res)
		if err != nil {
			t.Fatal(err)
		}
		all, err := r.ExecuteAll(ctx, []Call{{Name: "echo", Args: args}, {Name: "echo", Args: args}, {Name: "nope"}})
		results = append(results, all...)
		if err != nil {
			t.Fatal(err)
		}
		for i, res := range results {
			var pe *PanicError
			if res.Success || res.Error != "internal error: the tool failed unexpectedly" || !errors.As(res.Err, &pe) || pe.Value != "middleware "+when || !pe.Middleware {
				t.Errorf("%s, call %d: %+v", when, i, res)
			}
		}
	}
}

// thrower is a tool written by hand whose Invoke panics, beyond any
// recover of generated code.
type thrower struct{}

func (thrower) Info() *Info {
	return &Info{Name: "thrower", Description: "Panics.", Parameters: json.RawMessage(`{"type":"object"}`)}
}

func (thrower) Invoke(ctx context.Context, args json.RawMessage) (Result, error) { panic("tool") }

// A tool's panic reaches the middleware as a failed Result that says it
// was the tool's, through every entry point, even when the middleware
// calls next on a goroutine of its own (hedging), where a panic would
// have ended the program.
func TestMiddlewareSeesToolPanic(t *testing.T) {
	var seen []string
	var mu sync.Mutex
	r := NewRegistry(&Settings{Middleware: []Middleware{func(next Handler) Handler {
		return func(ctx context.Context, call Call) (Result, error) {
			type answer struct {
				res Result
				err error
			}
			done := make(chan answer, 1)
			go func() {
				res, err := next(ctx, call)
				done <- answer{res, err}
			}()
			a := <-done
			mu.Lock()
			seen = append(seen, a.res.Error)
			mu.Unlock()
			return a.res, a.err
		}
	}}})
	if err := r.Register(thrower{}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	var results []Result
	res, err := r.Execute(ctx, "thrower", nil)
	if err != nil {
		t.Fatal(err)
	}
	results = append(results, *res)
	if res, err = r.ExecuteStream(ctx, "thrower", nil, func(Chunk) {}); err != nil {
		t.Fatal(err)
	}
	results = append(results, *res)
	all, err := r.ExecuteAll(ctx, []Call{{Name: "thrower"}, {Name: "thrower"}})
	if err != nil {
		t.Fatal(err)
	}
	results = append(results, all...)
	for i, res := range results {
		var pe *PanicError
		if res.Success || !errors.As(res.Err, &pe) || pe.Value != "tool" || pe.Middleware || pe.Tool != "thrower" || res.Err.Error() != "tool thrower panicked: tool" {
			t.Errorf("call %d: %+v", i, res)
		}
	}
	if len(seen) != 4 || slices.ContainsFunc(seen, func(s string) bool { return s != "internal error: the tool failed unexpectedly" }) {
		t.Errorf("the middleware saw %q", seen)
	}
}

// The middleware sits outside the cache: it sees each call, the reused
// results too, while the tool runs once.
func TestMiddlewareCache(t *testing.T) {
	var tr trace
	var runs atomic.Int32
	r := NewRegistry(&Settings{Middleware: []Middleware{tr.middleware("m")}})
	if err := r.Register(cachedTool("c", func(ctx context.Context, in anyIn) (string, error) {
		runs.Add(1)
		return "fresh", nil
	})); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if res, err := r.Execute(context.Background(), "c", json.RawMessage(`{"a":1}`)); err != nil || !res.Success {
			t.Fatalf("got %+v, %v", res, err)
		}
	}
	if runs.Load() != 1 {
		t.Errorf("the tool ran %d times", runs.Load())
	}
	if got := tr.got(); len(got) != 6 || got[5] != "m out true fresh" {
		t.Errorf("middleware saw %q", got)
	}
}

// ExecuteStream hands the chunks to emit as they come, while middleware
// sees the whole Result; concurrent streams keep their own emit.
func TestMiddlewareStream(t *testing.T) {
	var seen atomic.Value
	r := NewRegistry(&Settings{Middleware: []Middleware{func(next Handler) Handler {
		return func(ctx context.Context, call Call) (Result, error) {
			res, err := next(ctx, call)
			seen.Store(res.Output)
			return res, err
		}
	}}})
	if err := r.Register(
		NewStreamable(&Info{Name: "words", Description: "Words.", Parameters: echoSchema}, decodeEcho, words),
		tool("echo", 0, echo),
	); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			text := fmt.Sprintf("a%d b%d c%d", i, i, i)
			var chunks []string
			res, err := r.ExecuteStream(context.Background(), "words", json.RawMessage(`{"text":"`+text+`"}`), func(c Chunk) { chunks = append(chunks, c.Text) })
			if err != nil || !res.Success || strings.Join(chunks, "|") != fmt.Sprintf("a%d |b%d |c%d ", i, i, i) {
				t.Errorf("got %+v, %v, chunks %q", res, err, chunks)
			}
		})
	}
	wg.Wait()
	if s, _ := seen.Load().(string); !strings.HasSuffix(s, " ") || len(strings.Fields(s)) != 3 {
		t.Errorf("middleware saw %q", s)
	}
	var chunks []string
	res, _ := r.ExecuteStream(context.Background(), "echo", json.RawMessage(`{"text":"one"}`), func(c Chunk) { chunks = append(chunks, c.Text) })
	if !res.Success || !slices.Equal(chunks, []string{"one"}) || seen.Load() != "one" {
		t.Errorf("got %+v, chunks %q", res, chunks)
	}
}

// TestMiddlewareHedging checks that a middleware running next twice at
// once (hedging) still hands emit one chunk at a time, and none after
// ExecuteStream has returned, as ExecuteStream promises.
func TestMiddlewareHedging(t *testing.T) {
	hedge := func(next Handler) Handler {
		return func(ctx context.Context, call Call) (Result, error) {
			type answer struct {
				res Result
				err error
			}
			first := make(chan answer, 2)
			for range 2 {
				go func() {
					res, err := next(ctx, call)
					first <- answer{res, err}
				}()
			}
			a := <-first
			return a.res, a.err
		}
	}
	r := NewRegistry(&Settings{Middleware: []Middleware{hedge}})
	if err := r.Register(NewStreamable(&Info{Name: "words", Description: "Words.", Parameters: echoSchema}, decodeEcho, words)); err != nil {
		t.Fatal(err)
	}
	text := strings.Repeat("w ", 200)
	var inside, overlaps, late atomic.Int32
	var done atomic.Bool
	res, err := r.ExecuteStream(context.Background(), "words", json.RawMessage(`{"text":"`+text+`"}`), func(c Chunk) {
		if inside.Add(1) > 1 {
			overlaps.Add(1)
		}
		if done.Load() {
			late.Add(1)
		}
		time.Sleep(10 * time.Microsecond)
		inside.Add(-1)
	})
	done.Store(true)
	if err != nil || !res.Success {
		t.Fatalf("got %+v, %v", res, err)
	}
	time.Sleep(20 * time.Millisecond) // the other run goes on
	if overlaps.Load() > 0 || late.Load() > 0 {
		t.Errorf("emit ran %d times alongside another, %d times after the call returned", overlaps.Load(), late.Load())
	}
}

// A middleware that returns ctx's error passes it on, as Execute does.
func TestMiddlewareCanceled(t *testing.T) {
	var sawErr atomic.Value
	r := NewRegistry(&Settings{Middleware: []Middleware{func(next Handler) Handler {
		return func(ctx context.Context, call Call) (Result, error) {
			res, err := next(ctx, call)
			sawErr.Store(fmt.Sprint(err))
			return res, err
		}
	}}})
	if err := r.Register(tool("slow", time.Minute, func(ctx context.Context, in echoIn) (string, error) {
		<-ctx.Done()
		return "", ctx.Err()
	})); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	res, err := r.Execute(ctx, "slow", nil)
	if !errors.Is(err, context.DeadlineExceeded) || res.Success || sawErr.Load() != context.DeadlineExceeded.Error() {
		t.Errorf("got %+v, %v; middleware saw %v", res, err, sawErr.Load())
	}
}

// nothing is a tool that allocates nothing: its Result is a constant.
type nothing struct{}

var nothingInfo = Info{Name: "nothing", Description: "Does nothing.", Parameters: json.RawMessage(`{"type":"object"}`)}

func (nothing) Info() *Info { return &nothingInfo }

func (nothing) Invoke(ctx context.Context, args json.RawMessage) (Result, error) {
	return Result{Success: true, Output: "done"}, nil
}

// A registry without middleware adds no allocation to a call: Execute
// (kept on the stack, as a caller that does not keep the Result has it)
// and ExecuteAll of one call allocate only the Result slice.
func TestMiddlewareNoneAllocates(t *testing.T) {
	r := NewRegistry(nil)
	if err := r.Register(nothing{}, tool("echo", 0, echo)); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	args := json.RawMessage(`{"text":"x"}`)
	var sink string
	for _, c := range []struct {
		name string
		fn   func()
		want float64
	}{
		{"Execute nothing", func() {
			res, _ := r.Execute(ctx, "nothing", nil)
			sink = res.Output
		}, 0},
		{"Invoke echo", func() {
			res, _ := tool("echo", 0, echo).Invoke(ctx, args)
			sink = res.Output
		}, -1},
		{"ExecuteAll nothing", func() {
			res, _ := r.ExecuteAll(ctx, []Call{{Name: "nothing"}})
			sink = res[0].Output
		}, 1},
	} {
		if got := testing.AllocsPerRun(100, c.fn); c.want >= 0 && got != c.want {
			t.Errorf("%s: %v allocations, want %v", c.name, got, c.want)
		}
	}
	// Execute of a generated tool allocates what its Invoke does.
	echoTool := tool("echo", 0, echo)
	invoke := testing.AllocsPerRun(100, func() {
		res, _ := echoTool.Invoke(ctx, args)
		sink = res.Output
	})
	execute := testing.AllocsPerRun(100, func() {
		res, _ := r.Execute(ctx, "echo", args)
		sink = res.Output
	})
	if execute != invoke {
		t.Errorf("Execute allocates %v times, Invoke %v", execute, invoke)
	}
	_ = sink
}

func BenchmarkMiddleware(b *testing.B) {
	noop := func(next Handler) Handler {
		return func(ctx context.Context, call Call) (Result, error) { return next(ctx, call) }
	}
	for _, c := range []struct {
		name       string
		middleware []Middleware
	}{
		{"none", nil},
		{"noop", []Middleware{noop}},
		{"noop3", []Middleware{noop, noop, noop}},
	} {
		r := NewRegistry(&Settings{Middleware: c.middleware})
		if err := r.Register(constant{}, tool("echo", 0, echo)); err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		args := json.RawMessage(`{"text":"x"}`)
		b.Run("constant/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res, _ := r.Execute(ctx, "constant", nil); !res.Success {
					b.Fatal(res.Error)
				}
			}
		})
		b.Run("echo/"+c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res, _ := r.Execute(ctx, "echo", args); !res.Success {
					b.Fatal(res.Error)
				}
			}
		})
	}
}
