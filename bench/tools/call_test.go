package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/toolgen-go/toolgen/bench/internal/cputime"
	"strings"
	"testing"

	"github.com/cloudwego/eino/components/tool/utils"
	googleschema "github.com/google/jsonschema-go/jsonschema"
	santhosh "github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/toolgen-go/toolgen/examples/search"
	"github.com/toolgen-go/toolgen/examples/weather"
	"github.com/toolgen-go/toolgen/runtime"
	"github.com/toolgen-go/toolgen/runtime/toolimpl"
)

// The call benchmarks run one tool call the way each library does it: the
// model's JSON arguments in, the typed arguments checked against the
// schema (where the library checks anything), a function that does no work
// called, its result out.

var (
	weatherArgs = []byte(`{"city":"Paris","days":3,"unit":"fahrenheit","include_wind":true}`)
	searchArgs  = []byte(`{"query":"how do I reset my password","limit":5,"min_level":"medium"}`)
	largeArgs   = func() []byte {
		ids := make([]string, 200)
		for i := range ids {
			ids[i] = fmt.Sprintf(`"passage-%03d"`, i)
		}
		return []byte(`{"query":"refund shipping","limit":10,"within":[` + strings.Join(ids, ",") + `]}`)
	}()
)

func forecast(ctx context.Context, in weather.ForecastRequest) (string, error) { return in.City, nil }
func find(ctx context.Context, in search.SearchRequest) (string, error)        { return in.Query, nil }

// caller runs one call and returns its result as the model would see it
// (a string result as it is, a struct result as JSON) and whether the call
// succeeded.
type caller func(args []byte) (string, bool)

// peers returns each library's way of calling a tool of argument type In.
func peers[In any](tb testing.TB, tool runtime.Tool, fn func(context.Context, In) (string, error), hand func([]byte) (In, error)) map[string]caller {
	ctx := context.Background()
	schema := tool.Info().Parameters

	ref := santhosh.NewCompiler()
	doc, err := santhosh.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		tb.Fatal(err)
	}
	if err := ref.AddResource("mem://s.json", doc); err != nil {
		tb.Fatal(err)
	}
	compiled, err := ref.Compile("mem://s.json")
	if err != nil {
		tb.Fatal(err)
	}

	var gs googleschema.Schema
	if err := json.Unmarshal(schema, &gs); err != nil {
		tb.Fatal(err)
	}
	resolved, err := gs.Resolve(nil)
	if err != nil {
		tb.Fatal(err)
	}

	einoTool, err := utils.InferTool("t", "A tool.", fn)
	if err != nil {
		tb.Fatal(err)
	}

	inv := tool.(runtime.InvokableTool)
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(tool); err != nil {
		tb.Fatal(err)
	}
	name := tool.Info().Name
	out := map[string]caller{
		"toolgen": func(args []byte) (string, bool) {
			res, err := inv.Invoke(ctx, args)
			return res.Output, err == nil && res.Success
		},
		// Through a Registry, as most programs call tools: a lookup by
		// name, and the Result on the heap.
		"toolgen-registry": func(args []byte) (string, bool) {
			res, err := reg.Execute(ctx, name, args)
			return res.Output, err == nil && res.Success
		},
		"encoding-json+santhosh": func(args []byte) (string, bool) {
			inst, err := santhosh.UnmarshalJSON(bytes.NewReader(args))
			if err != nil || compiled.Validate(inst) != nil {
				return "", false
			}
			var in In
			if json.Unmarshal(args, &in) != nil {
				return "", false
			}
			s, err := fn(ctx, in)
			return s, err == nil
		},
		"jsonschema-go": func(args []byte) (string, bool) {
			// As the MCP go-sdk does: decode to a map, apply defaults,
			// validate, encode again and decode into the arguments.
			var m map[string]any
			if json.Unmarshal(args, &m) != nil {
				return "", false
			}
			if resolved.ApplyDefaults(&m) != nil || resolved.Validate(m) != nil {
				return "", false
			}
			data, err := json.Marshal(m)
			if err != nil {
				return "", false
			}
			var in In
			if json.Unmarshal(data, &in) != nil {
				return "", false
			}
			s, err := fn(ctx, in)
			return s, err == nil
		},
		"eino-InferTool": func(args []byte) (string, bool) {
			s, err := einoTool.InvokableRun(ctx, string(args))
			return s, err == nil
		},
	}
	if hand != nil {
		out["handwritten"] = func(args []byte) (string, bool) {
			in, err := hand(args)
			if err != nil {
				return "", false
			}
			s, err := fn(ctx, in)
			res := runtime.Result{Success: err == nil, Output: s}
			return res.Output, res.Success
		}
	}
	return out
}

var order = []string{"toolgen", "toolgen-registry", "toolgen-registry-noop-middleware", "toolgen-registry-slog", "handwritten", "eino-InferTool", "eino-deadline", functionOnly, "encoding-json+santhosh", "jsonschema-go"}

// callCase is one group of BenchmarkCall: the arguments, each library's
// way of making the call, and the result every one of them must return
// (JSON compared by value; empty for the string results, which are not
// checked beyond success).
type callCase struct {
	name  string
	args  []byte
	peers map[string]caller
	want  string
}

// wantOf is the result the peer name must return: none for functionOnly,
// which writes none.
func (c callCase) wantOf(name string) string {
	if name == functionOnly {
		return ""
	}
	return c.want
}

func callCases(tb testing.TB) []callCase {
	return append([]callCase{
		{"weather", weatherArgs, peers(tb, toolNamed(tb, "forecast"), forecast, handForecastValue), ""},
		{"search", searchArgs, peers[search.SearchRequest](tb, toolNamed(tb, "search"), find, nil), ""},
		{"search-200", largeArgs, peers[search.SearchRequest](tb, toolNamed(tb, "search"), find, nil), ""},
	}, structCases(tb)...)
}

func BenchmarkCall(b *testing.B) {
	for _, c := range callCases(b) {
		for _, name := range order {
			call, ok := c.peers[name]
			if !ok {
				continue
			}
			b.Run(c.name+"/"+name, func(b *testing.B) {
				// A call that fails is never measured as fast.
				if err := check(call, c.args, c.wantOf(name)); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				// Beside the wall time, the CPU time of the process, which a
				// loaded machine disturbs less: time on a CPU only, while
				// others wait, GC and the goroutines a call starts
				// included. (Not the thread's own time under
				// LockOSThread: a locked thread hands every goroutine it
				// wakes to another thread, which made a call with a
				// deadline 25x slower than it is.)
				start := cputime.Process()
				for b.Loop() {
					call(c.args)
				}
				b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// check makes one call and says what is wrong with it: a failure, or a
// result other than want.
func check(call caller, args []byte, want string) error {
	out, ok := call(args)
	if !ok {
		return fmt.Errorf("the call failed (output %q)", out)
	}
	if want != "" && !sameJSON(out, want) {
		return fmt.Errorf("the call returned %s, want %s", out, want)
	}
	return nil
}

// toolNamed returns the generated tool called name.
func toolNamed(tb testing.TB, name string) runtime.Tool {
	for _, t := range Tools() {
		if t.Info().Name == name {
			return t
		}
	}
	tb.Fatalf("no tool %s", name)
	return nil
}

// BenchmarkDecode measures decoding and checking the weather arguments
// alone: the generated decoders (the fast path as a call uses it, and the
// full decoder alone) against the hand-written one; and the arguments
// OpenAI's strict mode makes a model send, with null for each optional
// field, as a Registry in the OpenAI dialect decodes them; and a city with
// escapes.
func BenchmarkDecode(b *testing.B) {
	b.Run("weather/toolgen", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var in weather.ForecastRequest
			decodeForecast(b, nil, weatherArgs, &in) // a direct call: the defaults
		}
	})
	// As a Registry in the OpenAI dialect decodes what OpenAI's strict mode
	// makes a model send: null for each optional field it leaves out.
	b.Run("weather-openai-nulls/toolgen", func(b *testing.B) {
		settings := &runtime.Settings{NullOptional: true}
		args := []byte(`{"city":"Paris","days":null,"unit":null,"include_wind":null}`)
		b.ReportAllocs()
		for b.Loop() {
			var in weather.ForecastRequest
			if decodeForecast(b, settings, args, &in); in.Days != 3 || in.Unit != weather.Celsius {
				b.Fatal(in)
			}
		}
	})
	// A string with escapes, as models write quotes and newlines.
	b.Run("weather-escaped/toolgen", func(b *testing.B) {
		args := []byte(`{"city":"Saint-\"Denis\"\n(Paris)","days":3,"unit":"fahrenheit","include_wind":true}`)
		b.ReportAllocs()
		for b.Loop() {
			var in weather.ForecastRequest
			if decodeForecast(b, nil, args, &in); in.City != "Saint-\"Denis\"\n(Paris)" {
				b.Fatal(in.City)
			}
		}
	})
	b.Run("weather/toolgen-full", func(b *testing.B) {
		var settings *runtime.Settings // a direct call: the defaults
		b.ReportAllocs()
		for b.Loop() {
			var in weather.ForecastRequest
			var d toolimpl.Decoder
			d.BeginCall(settings, &forecastInfo, weatherArgs)
			decodeForecastRequest(&d, &in)
			if res, ok := d.EndCall(); !ok {
				b.Fatal(res.Error)
			}
		}
	})
	b.Run("weather/handwritten", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var in weather.ForecastRequest
			if err := handForecast(weatherArgs, &in); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// decodeForecast decodes the weather arguments into in as the generated
// Call does: the fast path, then the full decoder if it passes.
func decodeForecast(b *testing.B, s *runtime.Settings, args []byte, in *weather.ForecastRequest) {
	var strs toolimpl.Strings
	if end, ok := fastForecastRequest(args, strs.Begin(s, args), in, &strs); !ok || !toolimpl.FastDone(s, args, end, 1) {
		*in = weather.ForecastRequest{}
		var d toolimpl.Decoder
		d.BeginCall(s, &forecastInfo, args)
		decodeForecastRequest(&d, in)
		if res, ok := d.EndCall(); !ok {
			b.Fatal(res.Error)
		}
	}
}

// TestPeersAgree checks that every peer accepts the benchmark's arguments
// and rejects bad ones, so the benchmarks compare like with like.
func TestPeersAgree(t *testing.T) {
	bad := []byte(`{"city":"Paris","days":30}`)
	for name, call := range peers(t, toolNamed(t, "forecast"), forecast, handForecastValue) {
		if _, ok := call(weatherArgs); !ok {
			t.Errorf("%s rejects valid arguments", name)
		}
		if _, ok := call(bad); ok != (name == "eino-InferTool") { // Eino validates nothing
			t.Errorf("%s: days=30 accepted=%v", name, ok)
		}
	}
}
