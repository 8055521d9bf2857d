package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	. "github.com/toolgen-go/toolgen/runtime"
	. "github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// toolWith makes a tool whose Info is info, with the echo arguments.
func toolWith[Out any](info Info, fn func(context.Context, echoIn) (Out, error)) InvokableTool {
	info.Description = "The " + info.Name + " tool."
	info.Parameters = echoSchema
	return NewInvokable(&info, decodeEcho, fn)
}

func TestConfirm(t *testing.T) {
	var runs atomic.Int32
	deploy := toolWith(Info{Name: "deploy", Confirm: true}, func(ctx context.Context, in echoIn) (string, error) {
		runs.Add(1)
		return "deployed " + in.Text, nil
	})
	ctx := context.Background()
	var asked []Call
	decide := func(yes bool, err error) Approver {
		return func(ctx context.Context, call Call) (bool, error) {
			asked = append(asked, call)
			return yes, err
		}
	}
	closed := errors.New("prompt closed")
	for _, c := range []struct {
		name     string
		approver Approver
		args     string
		want     string
		wantErr  error // in Result.Err, as errors.Is finds it
		asked    bool
	}{
		{"no approver", nil, `{"text":"v2"}`, "the call was not run: deploy needs a person's approval, and none can be asked here", ErrNoApprover, false},
		{"yes", decide(true, nil), `{"text":"v2"}`, "", nil, true},
		{"no", decide(false, nil), `{"text":"v2"}`, "the call was not approved, so the tool did not run", nil, true},
		{"approver failed", decide(true, closed), `{"text":"v2"}`, "the call was not run: it could not be approved", closed, true},
		// Invalid arguments are reported without asking anyone.
		{"invalid", decide(true, nil), `{"text":2}`, "invalid arguments: /text: must be a string, got number", nil, false},
	} {
		asked = nil
		runs.Store(0)
		r := NewRegistry(&Settings{Approver: c.approver})
		if err := r.Register(deploy); err != nil {
			t.Fatal(err)
		}
		res, err := r.Execute(ctx, "deploy", json.RawMessage(c.args))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Error != c.want || (c.want == "") != res.Success {
			t.Errorf("%s: got %+v, want error %q", c.name, res, c.want)
		}
		if (res.Err != nil) != (c.wantErr != nil) || (c.wantErr != nil && !errors.Is(res.Err, c.wantErr)) {
			t.Errorf("%s: Err = %v", c.name, res.Err)
		}
		if ran := runs.Load() == 1; ran != res.Success {
			t.Errorf("%s: the tool ran %d times", c.name, runs.Load())
		}
		if (len(asked) == 1) != c.asked {
			t.Errorf("%s: approver asked %d times", c.name, len(asked))
		}
		if c.asked && (asked[0].Tool.Name != "deploy" || string(asked[0].Args) != c.args) {
			t.Errorf("%s: approver asked about %+v", c.name, asked[0])
		}
	}

	// The approver sees each call's ID, to match its answers to the
	// model's calls, through ExecuteAll as through a middleware.
	for _, middleware := range [][]Middleware{nil, {func(next Handler) Handler { return next }}} {
		var mu sync.Mutex
		ids := map[string]string{}
		r := NewRegistry(&Settings{Middleware: middleware, Approver: func(ctx context.Context, call Call) (bool, error) {
			mu.Lock()
			defer mu.Unlock()
			ids[call.ID] = string(call.Args)
			return true, nil
		}})
		if err := r.Register(deploy); err != nil {
			t.Fatal(err)
		}
		results, err := r.ExecuteAll(ctx, []Call{{ID: "call_1", Name: "deploy", Args: json.RawMessage(`{"text":"a"}`)}, {ID: "call_2", Name: "deploy", Args: json.RawMessage(`{"text":"b"}`)}})
		if err != nil || !results[0].Success || !results[1].Success {
			t.Fatalf("ExecuteAll: %+v, %v", results, err)
		}
		if want := map[string]string{"call_1": `{"text":"a"}`, "call_2": `{"text":"b"}`}; !maps.Equal(ids, want) {
			t.Errorf("the approver saw calls %v, want %v", ids, want)
		}
	}

	// An approver that waits for a person ends with the caller's context.
	r := NewRegistry(&Settings{Approver: func(ctx context.Context, call Call) (bool, error) {
		<-ctx.Done()
		return false, ctx.Err()
	}})
	if err := r.Register(deploy); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancel()
	res, err := r.Execute(cctx, "deploy", json.RawMessage(`{}`))
	if !errors.Is(err, context.DeadlineExceeded) || res.Success {
		t.Errorf("canceled approval: got %+v, %v", res, err)
	}
}

func TestRetries(t *testing.T) {
	ctx := context.Background()
	var calls atomic.Int32
	flaky := func(failures int32, fail error) func(context.Context, echoIn) (string, error) {
		return func(ctx context.Context, in echoIn) (string, error) {
			if calls.Add(1) <= failures {
				return "", fail
			}
			return "ok", nil
		}
	}
	transient := Retryable(errors.New("connection reset"))
	for _, c := range []struct {
		name      string
		retries   int
		failures  int32
		fail      error
		wantCalls int32
		success   bool
	}{
		{"recovers", 2, 2, transient, 3, true},
		{"gives up", 2, 5, transient, 3, false},
		{"no retries", 0, 1, transient, 1, false},
		{"not retryable", 3, 1, errors.New("no such table"), 1, false},
		{"failure for the model", 3, 1, Fail("no such order"), 1, false},
	} {
		calls.Store(0)
		r := NewRegistry(&Settings{RetryDelay: time.Millisecond})
		if err := r.Register(toolWith(Info{Name: "flaky", Retries: c.retries}, flaky(c.failures, c.fail))); err != nil {
			t.Fatal(err)
		}
		res, err := r.Execute(ctx, "flaky", nil)
		if err != nil || res.Success != c.success || calls.Load() != c.wantCalls {
			t.Errorf("%s: got %+v, %v after %d calls; want success %v after %d", c.name, res, err, calls.Load(), c.success, c.wantCalls)
		}
		if !c.success && c.fail == transient && res.Error != "connection reset" {
			t.Errorf("%s: Error = %q", c.name, res.Error)
		}
	}

	// A timeout is retried, each attempt with the whole timeout.
	calls.Store(0)
	slowOnce := toolWith(Info{Name: "slow", Retries: 1, Timeout: 5 * time.Millisecond}, func(ctx context.Context, in echoIn) (string, error) {
		if calls.Add(1) == 1 {
			<-ctx.Done()
			return "", ctx.Err()
		}
		return "ok", nil
	})
	res, err := slowOnce.Invoke(ctx, nil)
	if err != nil || !res.Success || calls.Load() != 2 {
		t.Errorf("timeout: got %+v, %v after %d calls", res, err, calls.Load())
	}

	// The caller's context ends the wait between attempts.
	r := NewRegistry(&Settings{RetryDelay: time.Hour})
	if err := r.Register(toolWith(Info{Name: "flaky", Retries: 1}, flaky(5, transient))); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancel()
	res2, err := r.Execute(cctx, "flaky", nil)
	if !errors.Is(err, context.DeadlineExceeded) || res2.Success {
		t.Errorf("canceled wait: got %+v, %v", res2, err)
	}
}

func TestCache(t *testing.T) {
	ctx := context.Background()
	var calls atomic.Int32
	lookup := toolWith(Info{Name: "lookup", Cache: time.Minute}, func(ctx context.Context, in echoIn) (string, error) {
		n := calls.Add(1)
		if in.Text == "missing" {
			return "", Fail("not found")
		}
		return in.Text + string(rune('0'+n)), nil
	})
	plain := toolWith(Info{Name: "plain"}, func(ctx context.Context, in echoIn) (string, error) {
		calls.Add(1)
		return in.Text, nil
	})
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := NewRegistry(&Settings{CacheSize: 2})
	SetNow(r, func() time.Time { return now })
	if err := r.Register(lookup, plain); err != nil {
		t.Fatal(err)
	}
	call := func(name, args, want string, wantCalls int32) {
		t.Helper()
		res, err := r.Execute(ctx, name, json.RawMessage(args))
		if err != nil || res.Output+res.Error != want || calls.Load() != wantCalls {
			t.Errorf("%s %s: got %q%q after %d calls; want %q after %d", name, args, res.Output, res.Error, calls.Load(), want, wantCalls)
		}
	}
	call("lookup", `{"text":"a"}`, "a1", 1)
	call("lookup", `{"text":"a"}`, "a1", 1) // reused
	call("lookup", `{"text":"b"}`, "b2", 2) // other arguments
	call("plain", `{"text":"a"}`, "a", 3)   // not marked cache
	call("plain", `{"text":"a"}`, "a", 4)   // still not
	call("lookup", `{"text":"missing"}`, "not found", 5)
	call("lookup", `{"text":"missing"}`, "not found", 6) // failures are not kept
	now = now.Add(time.Minute)
	call("lookup", `{"text":"a"}`, "a7", 7) // expired
	call("lookup", `{"text":"c"}`, "c8", 8) // the cache holds 2: b goes
	call("lookup", `{"text":"a"}`, "a7", 8)
	call("lookup", `{"text":"b"}`, "b9", 9)

	off := NewRegistry(&Settings{CacheSize: -1})
	if err := off.Register(lookup); err != nil {
		t.Fatal(err)
	}
	calls.Store(0)
	for range 2 {
		off.Execute(ctx, "lookup", json.RawMessage(`{"text":"a"}`))
	}
	if calls.Load() != 2 {
		t.Errorf("cache off: %d calls", calls.Load())
	}
}

// A panic of the approver is reported as the approver's, not the tool's,
// which did not run: its PanicError says so, for the program's log.
func TestApproverPanic(t *testing.T) {
	var runs atomic.Int32
	deploy := toolWith(Info{Name: "issue_refund", Confirm: true}, func(ctx context.Context, in echoIn) (string, error) {
		runs.Add(1)
		return "refunded", nil
	})
	r := NewRegistry(&Settings{Approver: func(context.Context, Call) (bool, error) { panic("x") }})
	if err := r.Register(deploy); err != nil {
		t.Fatal(err)
	}
	res, err := r.Execute(context.Background(), "issue_refund", json.RawMessage(`{"text":"42"}`))
	if err != nil || res.Success || res.Error != "the call was not run: it could not be approved" || runs.Load() != 0 {
		t.Fatalf("%+v, %v; %d runs", res, err, runs.Load())
	}
	var pe *PanicError
	if !errors.As(res.Err, &pe) || !pe.Approver || pe.Tool != "issue_refund" || pe.Value != "x" || len(pe.Stack) == 0 {
		t.Fatalf("Err %T %v, want a PanicError of the approver of issue_refund, with its value and stack", res.Err, res.Err)
	}
	if got, want := res.Err.Error(), "the approver of tool issue_refund panicked: x"; got != want {
		t.Errorf("Err reads %q, want %q", got, want)
	}
	// A tool's own panic is the tool's.
	boom := toolWith(Info{Name: "boom"}, func(ctx context.Context, in echoIn) (string, error) { panic("y") })
	if err := r.Register(boom); err != nil {
		t.Fatal(err)
	}
	res, _ = r.Execute(context.Background(), "boom", nil)
	if !errors.As(res.Err, &pe) || pe.Approver || res.Err.Error() != "tool boom panicked: y" {
		t.Errorf("a tool's panic: Err %T %v", res.Err, res.Err)
	}
}
