package einotools_test

import (
	"context"
	"fmt"
	"io"
	"iter"
	"testing"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/schema"
	"github.com/toolgen-go/toolgen/adapters/einotools"
	"github.com/toolgen-go/toolgen/adapters/einotools/internal/benchtool"
	"github.com/toolgen-go/toolgen/runtime"
)

// The benchmarks call the same Go functions through einotools (the
// generated decoder and checks, a registry, the adapter's stream) and
// through Eino's own utils.InferTool and utils.InferStreamTool (sonic, no
// checks). Run them with -count, or several runs of the test binary in
// turn, to interleave them; the ratios are the result.

// benchTools returns benchtool's tools through einotools, by name.
func benchTools(b *testing.B) map[string]tool.BaseTool {
	b.Helper()
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(benchtool.Tools()...); err != nil {
		b.Fatal(err)
	}
	tools, err := einotools.Tools(reg)
	if err != nil {
		b.Fatal(err)
	}
	byName := make(map[string]tool.BaseTool)
	for _, tl := range tools {
		info, err := tl.Info(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		byName[info.Name] = tl
	}
	return byName
}

// einoStream is how a program hands Eino a function yielding chunks: a
// StreamFunc that runs it on a goroutine of its own, sending each chunk
// into a pipe of the adapter's size until the reader closes it.
func einoStream[D any](fn func(context.Context, benchtool.Count) iter.Seq2[D, error]) utils.StreamFunc[benchtool.Count, D] {
	return func(ctx context.Context, in benchtool.Count) (*schema.StreamReader[D], error) {
		sr, sw := schema.Pipe[D](16)
		go func() {
			defer sw.Close()
			for v, err := range fn(ctx, in) {
				if sw.Send(v, err) {
					return
				}
			}
		}()
		return sr, nil
	}
}

// drain reads sr to its end, as Eino's ToolsNode does, closes it, and
// returns the number of chunks read.
func drain(b *testing.B, sr *schema.StreamReader[string]) int {
	defer sr.Close()
	n := 0
	for {
		chunk, err := sr.Recv()
		if err == io.EOF {
			return n
		}
		if err != nil || chunk == "" {
			b.Fatalf("chunk %d: %q, %v", n, chunk, err)
		}
		n++
	}
}

// BenchmarkStream is one streamed call of a tool yielding n chunks, read
// to the end: items yields small structs (a JSON line each through
// einotools, JSON run together through Eino), words short strings.
func BenchmarkStream(b *testing.B) {
	ours := benchTools(b)
	items, err := utils.InferStreamTool("items", "Yields n small structs.", einoStream(benchtool.Items))
	if err != nil {
		b.Fatal(err)
	}
	words, err := utils.InferStreamTool("words", "Yields n short words.", einoStream(benchtool.Words))
	if err != nil {
		b.Fatal(err)
	}
	peers := []struct {
		kind string
		eino tool.StreamableTool
	}{{"items", items}, {"words", words}}
	ctx := context.Background()
	for _, p := range peers {
		for _, n := range []int{1, 16, 256} {
			args := fmt.Sprintf(`{"n":%d}`, n)
			for _, lib := range []struct {
				name string
				st   tool.StreamableTool
			}{
				{"einotools", ours[p.kind].(tool.StreamableTool)},
				{"eino-InferStreamTool", p.eino},
			} {
				b.Run(fmt.Sprintf("%s-%d/%s", p.kind, n, lib.name), func(b *testing.B) {
					b.ReportAllocs()
					cpu := cpuTime()
					for b.Loop() {
						sr, err := lib.st.StreamableRun(ctx, args)
						if err != nil {
							b.Fatal(err)
						}
						if got := drain(b, sr); got != n {
							b.Fatalf("%d chunks, not %d", got, n)
						}
					}
					reportCPU(b, cpu)
				})
			}
		}
	}
}

// BenchmarkInvoke is one call of a get_order tool, its struct result
// encoded for the model: through einotools (the Result as JSON) and
// through Eino's InferTool (the result as JSON).
func BenchmarkInvoke(b *testing.B) {
	ours := benchTools(b)["lookup"].(tool.InvokableTool)
	eino, err := utils.InferTool("lookup", "Returns an order by its id.", benchtool.Lookup)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	args := `{"id":"A-1042","quantity":3,"paid":true}`
	for _, lib := range []struct {
		name string
		it   tool.InvokableTool
	}{{"einotools", ours}, {"eino-InferTool", eino}} {
		b.Run("lookup/"+lib.name, func(b *testing.B) {
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				if out, err := lib.it.InvokableRun(ctx, args); err != nil || out == "" {
					b.Fatal(out, err)
				}
			}
			reportCPU(b, cpu)
		})
	}
}

// reportCPU reports the process's CPU time per call since cpu (garbage
// collection and both ends of a stream included) beside the wall time: it
// stays put when other processes share the machine's CPUs.
func reportCPU(b *testing.B, cpu int64) {
	if cpu >= 0 {
		b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N), "cpu-ns/op")
	}
}
