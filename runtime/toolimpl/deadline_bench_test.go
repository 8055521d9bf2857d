package toolimpl

import (
	"context"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
)

// BenchmarkRunDeadline is a call of a tool with a timeout whose function
// does nothing: what holding the deadline costs beyond the call itself.
func BenchmarkRunDeadline(b *testing.B) {
	info := &runtime.Info{Name: "t", Timeout: 5 * time.Second}
	fn := func(_ context.Context, n int) (string, error) { return "ok", nil }
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if res, _ := Run(ctx, nil, info, 1, fn); !res.Success {
			b.Fatal(res.Error)
		}
	}
}

// spawnCall and BenchmarkSpawnFloor are the least a call whose deadline
// holds against a function that ignores its context can cost: the
// function runs on a goroutine of its own, which the caller waits for.
type spawnCall struct {
	wake chan struct{}
	out  string
}

func (c *spawnCall) run() { c.out = "ok"; c.wake <- struct{}{} }

func BenchmarkSpawnFloor(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		c := &spawnCall{wake: make(chan struct{}, 1)}
		go c.run()
		<-c.wake
	}
}
