package rediscache_test

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/adapters/rediscache"
	"github.com/toolgen-go/toolgen/adapters/rediscache/internal/lookup"
	"github.com/toolgen-go/toolgen/runtime"
)

// BenchmarkHit is a call of a tool marked cache whose result is stored:
// in the registry's own cache (memory), and in Redis on 127.0.0.1 (redis),
// one after the other in each run of the benchmark (for an interleaved
// comparison, repeat runs of -count 1).
func BenchmarkHit(b *testing.B) {
	s := startRedis(b)
	args := json.RawMessage(`{"key":"hit"}`)
	for _, name := range []string{"memory", "redis"} {
		b.Run(name, func(b *testing.B) {
			var settings runtime.Settings
			if name == "redis" {
				cache, err := rediscache.New(s.client(), rediscache.Options{
					Prefix: fmt.Sprintf("bench:%d:", time.Now().UnixNano()), // cold
					// Long: on a loaded machine one late answer would make
					// the Cache back off, and the calls run the tool.
					Timeout: 2 * time.Second,
				})
				if err != nil {
					b.Fatal(err)
				}
				settings.Cache = cache
			}
			counter := new(lookup.Counter)
			reg := runtime.NewRegistry(&settings)
			if err := reg.Register(lookup.Tools(counter)...); err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if res, err := reg.Execute(ctx, "lookup", args); err != nil || !res.Success {
					b.Fatal(res, err)
				}
			}
			if n := counter.Runs("hit"); n != 1 {
				b.Fatalf("the tool ran %d times", n)
			}
		})
	}
}
