package attacktest

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolgen-go/toolgen/runtime"
)

// TestTimeoutIgnoredContext calls sleepy (timeout=50ms), whose function
// sleeps 400 ms ignoring its context, through Execute, ExecuteAll and its
// own Invoke: each returns within twice its timeout (100 ms) with a
// timeout Result whose Err is a *runtime.TimeoutError with Abandoned set,
// and the registry counts the abandoned calls. Then it waits for the
// abandoned functions to finish and checks that no goroutine is left.
func TestTimeoutIgnoredContext(t *testing.T) {
	defer goleak.VerifyNone(t)
	ctx := context.Background()
	reg := newRegistry(t, nil, nil)
	args := json.RawMessage(`{"ms":400}`)
	check := func(where string, res *runtime.Result, err error, took time.Duration) {
		t.Helper()
		var te *runtime.TimeoutError
		switch {
		case err != nil:
			t.Errorf("%s: Go error %v", where, err)
		case res.Success:
			t.Errorf("%s: Success: %+v", where, *res)
		case !errors.As(res.Err, &te):
			t.Errorf("%s: Err %T %v, want a *runtime.TimeoutError", where, res.Err, res.Err)
		case !te.Abandoned:
			t.Errorf("%s: TimeoutError %v not marked Abandoned", where, te)
		}
		if took > 100*time.Millisecond {
			t.Errorf("%s: returned after %v, want at most 100ms (2x the 50ms timeout)", where, took)
		}
		t.Logf("%s: returned after %v: %s", where, took, res.Error)
	}

	start := time.Now()
	res, err := reg.Execute(ctx, "sleepy", args)
	check("Execute", res, err, time.Since(start))
	if n := reg.Abandoned(); n != 1 {
		t.Errorf("Abandoned() = %d after one abandoned call, want 1", n)
	}

	start = time.Now()
	results, err := reg.ExecuteAll(ctx, []runtime.Call{{Name: "sleepy", Args: args}, {Name: "sleepy", Args: args}, {Name: "echo", Args: json.RawMessage(`{"text":"x"}`)}})
	took := time.Since(start)
	check("ExecuteAll[0]", &results[0], err, took)
	check("ExecuteAll[1]", &results[1], err, took)
	if !results[2].Success {
		t.Errorf("ExecuteAll[2]: %+v", results[2])
	}
	if n := reg.Abandoned(); n != 3 {
		t.Errorf("Abandoned() = %d after three abandoned calls, want 3", n)
	}

	start = time.Now()
	r, err := tool(t, "sleepy").(runtime.InvokableTool).Invoke(ctx, args)
	check("Invoke", &r, err, time.Since(start))

	// A call that finishes in time is not abandoned.
	if res, _ := reg.Execute(ctx, "sleepy", json.RawMessage(`{"ms":1}`)); !res.Success || reg.Abandoned() != 3 {
		t.Errorf("a call in time: %+v, Abandoned() = %d", res, reg.Abandoned())
	}

	// The abandoned functions sleep 400 ms: wait for them before goleak
	// looks.
	time.Sleep(500 * time.Millisecond)
}

// TestStreamEmitAfterReturn calls stream_late (timeout=50ms), whose
// iterator sleeps 200 ms ignoring its context and then yields one chunk,
// through ExecuteStream and the tool's own Stream. The call returns at its
// deadline; the chunk the abandoned iterator yields afterwards must not
// reach emit, which belongs to a caller that has moved on (emit "runs on
// the caller's goroutine", and after the call returned the caller may
// reuse what emit writes to).
func TestStreamEmitAfterReturn(t *testing.T) {
	defer goleak.VerifyNone(t)
	ctx := context.Background()
	reg := newRegistry(t, nil, nil)
	for _, entry := range []string{"ExecuteStream", "Stream"} {
		var mu sync.Mutex
		returned := false
		var late atomic.Int64
		emit := func(c runtime.Chunk) {
			mu.Lock()
			defer mu.Unlock()
			if returned {
				late.Add(1)
			}
		}
		args := json.RawMessage(`{"ms":200}`)
		var res runtime.Result
		var err error
		if entry == "ExecuteStream" {
			var r *runtime.Result
			r, err = reg.ExecuteStream(ctx, "stream_late", args, emit)
			res = *r
		} else {
			res, err = tool(t, "stream_late").(runtime.StreamableTool).Stream(ctx, args, emit)
		}
		mu.Lock()
		returned = true
		mu.Unlock()
		var te *runtime.TimeoutError
		if err != nil || res.Success || !errors.As(res.Err, &te) {
			t.Errorf("%s: %+v %v, want a timeout", entry, res, err)
		}
		time.Sleep(300 * time.Millisecond) // past the iterator's yield
		if n := late.Load(); n > 0 {
			t.Errorf("%s: emit was called %d time(s) after the call returned, by the abandoned iterator", entry, n)
		}
	}
}
