package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	. "github.com/toolgen-go/toolgen/runtime"
	. "github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// records is a slog.Handler that keeps the records it is handed, at
// level and above.
type records struct {
	level slog.Level
	mu    sync.Mutex
	got   []slog.Record
}

func (h *records) Enabled(ctx context.Context, l slog.Level) bool { return l >= h.level }

func (h *records) Handle(ctx context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.got = append(h.got, r.Clone())
	return nil
}

func (h *records) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *records) WithGroup(string) slog.Handler      { return h }

func (h *records) take() []slog.Record {
	h.mu.Lock()
	defer h.mu.Unlock()
	got := h.got
	h.got = nil
	return got
}

// attrs returns a record's attributes as text, by key.
func attrs(r slog.Record) map[string]string {
	m := map[string]string{}
	r.Attrs(func(a slog.Attr) bool {
		m[a.Key] = a.Value.String()
		return true
	})
	return m
}

func logRegistry(t *testing.T, h slog.Handler, argBytes int) *Registry {
	t.Helper()
	r := NewRegistry(&Settings{MaxOutput: 20, Middleware: []Middleware{LogCalls(slog.New(h), argBytes)}})
	if err := r.Register(
		tool("echo", 0, echo),
		tool("fail", 0, func(ctx context.Context, in echoIn) (string, error) { return "", Failf("no order %s", in.Text) }),
		tool("broken", 0, func(ctx context.Context, in echoIn) (string, error) { return "", errors.New("database is down") }),
		tool("panics", 0, func(ctx context.Context, in echoIn) (string, error) { panic("boom") }),
		tool("slow", 10*time.Millisecond, func(ctx context.Context, in echoIn) (string, error) {
			<-ctx.Done()
			return "", ctx.Err()
		}),
		tool("wait", 0, func(ctx context.Context, in echoIn) (string, error) {
			<-ctx.Done()
			return "", ctx.Err()
		}),
		NewInvokable(&Info{Name: "deploy", Description: "Deploys.", Parameters: echoSchema, Confirm: true}, decodeEcho, echo),
	); err != nil {
		t.Fatal(err)
	}
	return r
}

// LogCalls writes one record per call, at the level its outcome calls
// for, with the kind of a failure, and no argument values.
func TestLogCalls(t *testing.T) {
	h := &records{level: slog.LevelDebug}
	r := logRegistry(t, h, 0)
	secret := "s3cr3t-token"
	for _, c := range []struct {
		tool, args string
		level      slog.Level
		want       map[string]string // attributes beside tool, arg_bytes and duration
	}{
		{"echo", `{"text":"` + secret + `"}`, slog.LevelInfo, map[string]string{"success": "true"}},
		{"fail", `{"text":"` + secret + `"}`, slog.LevelInfo, map[string]string{"success": "false", "error_kind": "failed", "error": "no order " + secret}},
		{"echo", `{"text":{"k":"` + secret + `"}}`, slog.LevelWarn, map[string]string{"success": "false", "error_kind": "bad_arguments", "problems": "1"}},
		{"ech0-" + secret, `{}`, slog.LevelWarn, map[string]string{"success": "false", "error_kind": "unknown_tool"}},
		{"broken", `{}`, slog.LevelError, map[string]string{"success": "false", "error_kind": "error", "error": "database is down"}},
		{"echo", `{"text":"` + strings.Repeat("x", 21) + `"}`, slog.LevelError, map[string]string{"success": "false", "error_kind": "error", "error": "result of 21 bytes over Settings.MaxOutput 20"}},
		{"deploy", `{}`, slog.LevelError, map[string]string{"success": "false", "error_kind": "error", "error": ErrNoApprover.Error()}},
		{"panics", `{}`, slog.LevelError, map[string]string{"success": "false", "error_kind": "panic", "error": "tool panics panicked: boom"}},
		{"slow", `{}`, slog.LevelError, map[string]string{"success": "false", "error_kind": "timeout", "error": "tool slow timed out after 10ms: context deadline exceeded"}},
	} {
		before := time.Now()
		if _, err := r.Execute(context.Background(), c.tool, json.RawMessage(c.args)); err != nil {
			t.Fatal(err)
		}
		got := h.take()
		if len(got) != 1 {
			t.Fatalf("%s: %d records", c.tool, len(got))
		}
		rec := got[0]
		a := attrs(rec)
		if rec.Message != "tool call" || rec.Level != c.level || rec.Time.Before(before) {
			t.Errorf("%s: record %q at %s, want %s", c.tool, rec.Message, rec.Level, c.level)
		}
		if a["tool"] != c.tool || a["arg_bytes"] != fmt.Sprint(len(c.args)) {
			t.Errorf("%s: tool %q, arg_bytes %s", c.tool, a["tool"], a["arg_bytes"])
		}
		if d, err := time.ParseDuration(a["duration"]); err != nil || d <= 0 {
			t.Errorf("%s: duration %q", c.tool, a["duration"])
		}
		stack := a["stack"]
		if c.want["error_kind"] == "panic" && !strings.Contains(stack, "log_test.go") {
			t.Errorf("%s: stack %q", c.tool, stack)
		}
		for _, k := range []string{"tool", "arg_bytes", "duration", "stack"} {
			delete(a, k)
		}
		if fmt.Sprint(a) != fmt.Sprint(c.want) {
			t.Errorf("%s: attributes\n%v\nwant\n%v", c.tool, a, c.want)
		}
		if c.tool != "fail" && strings.Contains(fmt.Sprint(a), secret) {
			t.Errorf("%s: the record shows the arguments: %v", c.tool, a)
		}
	}

	// The caller's context ended: canceled, with ExecuteAll's call IDs.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := r.ExecuteAll(ctx, []Call{{ID: "call_7", Name: "wait"}}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v", err)
	}
	got := h.take()
	if len(got) != 1 || got[0].Level != slog.LevelWarn {
		t.Fatalf("canceled: %v", got)
	}
	if a := attrs(got[0]); a["error_kind"] != "canceled" || a["call_id"] != "call_7" || a["error"] != "context deadline exceeded" {
		t.Errorf("canceled: %v", a)
	}
}

// With argBytes, records carry the arguments, cut at a character's
// boundary, and the text the model read of bad arguments.
func TestLogCallsArgs(t *testing.T) {
	h := &records{level: slog.LevelDebug}
	r := logRegistry(t, h, 12)
	long := strings.Repeat("x", 200)
	for _, c := range []struct{ tool, args, want, err string }{
		{"echo", `{"text":"é"}`, `{"text":"é"…`, ""},   // 13 bytes
		{"echo", `{"text":"xyé"}`, `{"text":"xy…`, ""}, // é is bytes 12 and 13
		{"echo", `{"text":""}`, `{"text":""}`, ""},
		{"echo", `{"text":1}`, `{"text":1}`, "invalid arguments: /text: must be a string, got number"},
		{long, `{}`, `{}`, `unknown tool "` + long[:64] + `…"; the tools are: broken, deploy, echo, fail, panics, slow, wait`},
	} {
		if _, err := r.Execute(context.Background(), c.tool, json.RawMessage(c.args)); err != nil {
			t.Fatal(err)
		}
		got := h.take()
		if len(got) != 1 {
			t.Fatalf("%s: %d records", c.args, len(got))
		}
		a := attrs(got[0])
		if a["args"] != c.want || a["error"] != c.err {
			t.Errorf("%s: args %q, error %q; want %q, %q", c.args, a["args"], a["error"], c.want, c.err)
		}
		if len(a["tool"]) > 64+len("…") {
			t.Errorf("tool %q not cut", a["tool"])
		}
	}
}

// A logger that is not enabled at a call's level gets no record; calls
// logged from many goroutines each get theirs.
func TestLogCallsLevels(t *testing.T) {
	h := &records{level: slog.LevelWarn}
	r := logRegistry(t, h, 0)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 50 {
				_, _ = r.Execute(context.Background(), "echo", json.RawMessage(`{"text":"x"}`))
				_, _ = r.ExecuteAll(context.Background(), []Call{{ID: fmt.Sprint(i), Name: "nope"}, {ID: "b", Name: "fail"}})
			}
		})
	}
	wg.Wait()
	got := h.take()
	if len(got) != 8*50 {
		t.Fatalf("%d records, want %d", len(got), 8*50)
	}
	kinds := map[string]int{}
	for _, rec := range got {
		kinds[attrs(rec)["error_kind"]+" "+rec.Level.String()]++
	}
	if want := map[string]int{"unknown_tool WARN": 400}; fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Errorf("records: %v", kinds)
	}
}

// A nil logger logs to slog.Default().
func TestLogCallsDefault(t *testing.T) {
	h := &records{level: slog.LevelInfo}
	old := slog.Default()
	slog.SetDefault(slog.New(h))
	defer slog.SetDefault(old)
	r := NewRegistry(&Settings{Middleware: []Middleware{LogCalls(nil, 0)}})
	if err := r.Register(tool("echo", 0, echo)); err != nil {
		t.Fatal(err)
	}
	_, _ = r.Execute(context.Background(), "echo", nil)
	if got := h.take(); len(got) != 1 || !slices.ContainsFunc(got, func(r slog.Record) bool { return attrs(r)["tool"] == "echo" }) {
		t.Errorf("records: %v", got)
	}
}

func BenchmarkLogCalls(b *testing.B) {
	for _, c := range []struct {
		name string
		h    slog.Handler
	}{
		{"json", slog.NewJSONHandler(io.Discard, nil)},
		{"disabled", slog.DiscardHandler},
	} {
		r := NewRegistry(&Settings{Middleware: []Middleware{LogCalls(slog.New(c.h), 0)}})
		if err := r.Register(constant{}); err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res, _ := r.Execute(context.Background(), "constant", nil); !res.Success {
					b.Fatal(res.Error)
				}
			}
		})
	}
}

// A panic below LogCalls (a middleware after it, emit for a tool that
// does not stream) has its record too, with the panic's value and stack;
// the registry still contains the panic.
func TestLogCallsPanicBelow(t *testing.T) {
	h := &records{level: slog.LevelInfo}
	boom := func(next Handler) Handler {
		return func(ctx context.Context, c Call) (Result, error) {
			if c.Name == "echo" {
				panic("middleware boom")
			}
			return next(ctx, c)
		}
	}
	r := NewRegistry(&Settings{Middleware: []Middleware{LogCalls(slog.New(h), 0), boom}})
	if err := r.Register(tool("echo", 0, echo), tool("fail", 0, echo)); err != nil {
		t.Fatal(err)
	}
	res, err := r.Execute(context.Background(), "echo", json.RawMessage(`{"text":"a"}`))
	var pe *PanicError
	if err != nil || res.Success || !errors.As(res.Err, &pe) || pe.Value != "middleware boom" {
		t.Fatalf("middleware panic: %+v, %v", res, err)
	}
	res, err = r.ExecuteStream(context.Background(), "fail", json.RawMessage(`{"text":"a"}`), func(Chunk) { panic("emit boom") })
	if err != nil || res.Success || !errors.As(res.Err, &pe) || pe.Value != "emit boom" {
		t.Fatalf("emit panic: %+v, %v", res, err)
	}
	got := h.take()
	if len(got) != 2 {
		t.Fatalf("%d records, want one per call", len(got))
	}
	for i, want := range []string{"middleware boom", "emit boom"} {
		a := attrs(got[i])
		if got[i].Level != slog.LevelError || a["error_kind"] != "panic" || !strings.Contains(a["error"], want) || !strings.Contains(a["stack"], "goroutine") {
			t.Errorf("record %d: %v %v", i, got[i].Level, a)
		}
	}
}

// A failure's error is cut to 1 KiB: a tool's text may quote a value the
// model sent, of any length.
func TestLogCallsErrorCut(t *testing.T) {
	h := &records{level: slog.LevelInfo}
	r := logRegistry(t, h, 0)
	if _, err := r.Execute(context.Background(), "fail", json.RawMessage(`{"text":"`+strings.Repeat("9", 100_000)+`"}`)); err != nil {
		t.Fatal(err)
	}
	got := h.take()
	if len(got) != 1 {
		t.Fatalf("%d records", len(got))
	}
	if e := attrs(got[0])["error"]; len(e) > 1024+len("…") || !strings.HasPrefix(e, "no order 999") {
		t.Errorf("error of %d bytes: %.80q", len(e), e)
	}
}
