package toolimpl

import (
	"context"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
)

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
