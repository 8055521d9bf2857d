package tools

import (
	"slices"
	"testing"
)

// parallelPeers are the ways of calling a tool that BenchmarkParallel
// measures: the registry a program serves calls through, and Eino's tool,
// bare and under the same deadline. (function-only keeps its result in a
// variable all its calls share, so it cannot run concurrently.)
var parallelPeers = []string{"toolgen-registry", "eino-InferTool", "eino-deadline"}

// BenchmarkParallel makes the struct calls of BenchmarkCall from every
// core at once (b.RunParallel, GOMAXPROCS goroutines), as a server
// answering many conversations, or ExecuteAll running a turn's calls,
// makes them: what a registry shares between calls (its index of tools,
// its counters, the pools of encoders and deadlines) is contended here and
// nowhere else. The time per call is the wall time divided by all the
// calls made, so on n cores it is about a nth of a call's own time when
// nothing is contended.
func BenchmarkParallel(b *testing.B) {
	for _, c := range structCases(b) {
		for _, name := range parallelPeers {
			call, ok := c.peers[name]
			if !ok {
				continue
			}
			b.Run(c.name+"/"+name, func(b *testing.B) {
				if err := check(call, c.args, c.wantOf(name)); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				b.RunParallel(func(pb *testing.PB) {
					// Each goroutine its own arguments, as each
					// conversation has.
					args := slices.Clone(c.args)
					for pb.Next() {
						if _, ok := call(args); !ok {
							b.Error("a call failed")
							return
						}
					}
				})
			})
		}
	}
}
