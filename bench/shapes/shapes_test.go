package shapes

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"github.com/toolgen-go/toolgen/bench/internal/cputime"
	"reflect"
	"strings"
	"testing"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/toolgen-go/toolgen/runtime"
)

// BenchmarkShapes calls each tool of the package with the same argument
// bytes through a runtime.Registry holding the nine tools
// (toolgen-registry) and through Eino's InferTool over the same Go
// function (eino-InferTool): the arguments decoded (and, by toolgen,
// checked against the schema), the function called, its result encoded to
// JSON for the model.

// shape is one tool of the package and what the tests need of it.
type shape struct {
	name string // the tool's name, and its group in BenchmarkShapes
	args []byte // valid arguments, with every field given: Eino applies no defaults
	bad  []byte // arguments toolgen must reject (Eino checks nothing)
	eino tool.InvokableTool
	// direct calls the function with args decoded by encoding/json and
	// encodes its result as encoding/json does without HTML escaping.
	direct func() ([]byte, error)
}

func newShape[In, Out any](tb testing.TB, name string, fn func(context.Context, In) (Out, error), args, bad string) shape {
	einoTool, err := utils.InferTool(name, "A tool.", fn)
	if err != nil {
		tb.Fatal(err)
	}
	return shape{
		name: name,
		args: []byte(args),
		bad:  []byte(bad),
		eino: einoTool,
		direct: func() ([]byte, error) {
			var in In
			if err := json.Unmarshal([]byte(args), &in); err != nil {
				return nil, err
			}
			out, err := fn(context.Background(), in)
			if err != nil {
				return nil, err
			}
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(out); err != nil {
				return nil, err
			}
			return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
		},
	}
}

// tagArgs is a tag_resource call with 12 tags.
var tagArgs = func() string {
	tags := [][2]string{
		{"env", "production"}, {"team", "payments"}, {"cost-center", "CC-4410"},
		{"owner", "okafor@example.org"}, {"service", "checkout-api"}, {"tier", "critical"},
		{"data-classification", "confidential"}, {"backup", "daily-35d"}, {"compliance", "pci-dss"},
		{"managed-by", "terraform"}, {"repo", "github.com/example-org/infra"}, {"created", "2025-03-14"},
	}
	var b strings.Builder
	b.WriteString(`{"resource_id":"arn:aws:ec2:eu-west-3:123456789012:instance/i-0abc123def4567890","tags":{`)
	for i, t := range tags {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%q", t[0], t[1])
	}
	b.WriteString("}}")
	return b.String()
}()

// shapes returns the package's tools in the order of BenchmarkShapes.
func shapes(tb testing.TB) []shape {
	return []shape{
		newShape(tb, "get_issue", GetIssue,
			`{"owner":"example-org","repo":"agentkit","number":4182}`,
			`{"owner":"example-org","repo":"agentkit","number":0}`),
		newShape(tb, "list_tasks", ListTasks,
			`{"project":"release-2.0","include_done":true,"limit":50}`,
			`{"project":"release-2.0","include_done":true,"limit":500}`),
		newShape(tb, "read_file", ReadFile,
			`{"path":"internal/store/cache.go","head":0}`,
			`{"path":"","head":0}`),
		newShape(tb, "search_docs", SearchDocs,
			`{"query":"how do I cancel a slow call with a context deadline","limit":10,"version":"v1.26"}`,
			`{"query":"how do I cancel a slow call","limit":"10"}`),
		newShape(tb, "tag_resource", TagResource, tagArgs,
			`{"resource_id":"","tags":{"env":"production"}}`),
		newShape(tb, "describe_resource", DescribeResource,
			`{"kind":"instance","id":"i-0abc123def4567890","region":"eu-west-3"}`,
			`{"kind":"vm","id":"i-0abc123def4567890","region":"eu-west-3"}`),
		newShape(tb, "find_places", FindPlaces,
			`{"query":"bakery","lat":48.8566,"lng":2.3522,"radius_m":1500,"open_now":false}`,
			`{"query":"bakery","lat":148.8566,"lng":2.3522,"radius_m":1500}`),
		newShape(tb, "list_members", ListMembers,
			`{"org":"example-org","role":"all","per_page":30}`,
			`{"org":"example-org","role":"owner","per_page":30}`),
		newShape(tb, "list_orders", ListOrders,
			`{"customer_id":"3f2a910c-5e7b-4d12-9a01-c4770e5d219b","status":"shipped","limit":20}`,
			`{"customer_id":"3f2a910c-5e7b-4d12-9a01-c4770e5d219b","status":"shipped","limit":"20"}`),
		newShape(tb, "list_issues", ListIssues,
			`{"owner":"example-org","repo":"agentkit","state":"open","per_page":20}`,
			`{"owner":"example-org","repo":"agentkit","state":"open","per_page":20,"sort":"created"}`),
	}
}

func newRegistry(tb testing.TB) *runtime.Registry {
	reg := runtime.NewRegistry(nil)
	if err := reg.Register(Tools()...); err != nil {
		tb.Fatal(err)
	}
	return reg
}

func BenchmarkShapes(b *testing.B) {
	ctx := context.Background()
	reg := newRegistry(b)
	for _, s := range shapes(b) {
		b.Run(s.name+"/toolgen-registry", func(b *testing.B) {
			// A call that fails is never measured as fast.
			if res, err := reg.Execute(ctx, s.name, s.args); err != nil || !res.Success {
				b.Fatalf("the call failed: %v %s", err, res.Error)
			}
			b.ReportAllocs()
			start := cputime.Process() // GC's work on other threads included
			for b.Loop() {
				reg.Execute(ctx, s.name, s.args)
			}
			b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
		})
		b.Run(s.name+"/eino-InferTool", func(b *testing.B) {
			args := string(s.args)
			if _, err := s.eino.InvokableRun(ctx, args); err != nil {
				b.Fatalf("the call failed: %v", err)
			}
			b.ReportAllocs()
			start := cputime.Process()
			for b.Loop() {
				s.eino.InvokableRun(ctx, args)
			}
			b.ReportMetric(float64(cputime.Process()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// TestShapesAgree checks, for each tool, that toolgen's output is the
// same JSON value as Eino's (compared decoded: sonic may order map keys
// otherwise) and the same bytes as encoding/json's with HTML escaping off,
// so that the benchmarks compare like with like; and that toolgen rejects
// bad arguments, which Eino would pass on.
func TestShapesAgree(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t)
	ss := shapes(t)
	if len(ss) != len(Tools()) {
		t.Fatalf("%d shapes for %d tools", len(ss), len(Tools()))
	}
	for _, s := range ss {
		t.Run(s.name, func(t *testing.T) {
			res, err := reg.Execute(ctx, s.name, s.args)
			if err != nil || !res.Success {
				t.Fatalf("toolgen: %v %s", err, res.Error)
			}
			einoOut, err := s.eino.InvokableRun(ctx, string(s.args))
			if err != nil {
				t.Fatalf("eino: %v", err)
			}
			var got, want any
			if err := json.Unmarshal([]byte(res.Output), &got); err != nil {
				t.Fatalf("toolgen's output is no JSON: %v", err)
			}
			if err := json.Unmarshal([]byte(einoOut), &want); err != nil {
				t.Fatalf("eino's output is no JSON: %v", err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("toolgen and eino disagree:\ntoolgen %s\neino    %s", res.Output, einoOut)
			}
			std, err := s.direct()
			if err != nil {
				t.Fatal(err)
			}
			if res.Output != string(std) {
				t.Errorf("toolgen's output is not encoding/json's:\ntoolgen       %s\nencoding/json %s", res.Output, std)
			}
			if bad, err := reg.Execute(ctx, s.name, s.bad); err != nil || bad.Success {
				t.Errorf("toolgen accepts %s: %v %s", s.bad, err, bad.Output)
			}
			t.Logf("%d bytes of output", len(res.Output))
		})
	}
}

// TestShapesAllocs checks how many allocations a call through the
// registry makes: the copy of the argument strings, the output, the
// result's Data and the function's own (tag_resource's map, the text
// list_orders' UUIDs and Money make in their methods), never one of
// toolgen's per element of the result. A time boxed for the encoder cost one each:
// list_issues made 44.
func TestShapesAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops encoders at random, each an allocation or more")
	}
	ctx := context.Background()
	reg := newRegistry(t)
	// list_orders' UUIDs and Money make their text in their own methods,
	// an allocation each, as they would for any library.
	methods := 1 + 2*len(shippedOrders)
	for _, o := range shippedOrders {
		methods += len(o.Items)
	}
	most := map[string]float64{"tag_resource": 8, "list_orders": float64(3 + methods)}
	for _, s := range shapes(t) {
		n := testing.AllocsPerRun(20, func() { reg.Execute(ctx, s.name, s.args) })
		if limit := cmp.Or(most[s.name], 4); n > limit {
			t.Errorf("%s: %v allocations a call, want at most %v", s.name, n, limit)
		}
	}
}

// TestShapesSizes checks that the results have the sizes the benchmarks
// say they have.
func TestShapesSizes(t *testing.T) {
	for _, c := range []struct {
		what    string
		n, want int
	}{
		{"issue body bytes", len(issueDetail.Body), 2048},
		{"tasks", len(allTasks), 50},
		{"Go source bytes", len(goSource), 8192},
		{"search hits", len(docHits), 10},
		{"places", len(places), 20},
		{"members", len(members), 30},
		{"open issues", len(openIssues), 20},
		{"shipped orders", len(shippedOrders), 20},
	} {
		if c.n < c.want*9/10 || c.n > c.want*11/10 {
			t.Errorf("%s: %d, want about %d", c.what, c.n, c.want)
		}
	}
	for _, h := range docHits {
		if n := len([]rune(h.Snippet)); n < 180 || n > 220 {
			t.Errorf("snippet of %q: %d characters, want about 200", h.Title, n)
		}
	}
	var req TagRequest
	if err := json.Unmarshal([]byte(tagArgs), &req); err != nil || len(req.Tags) != 12 {
		t.Errorf("tag_resource arguments: %d tags, %v", len(req.Tags), err)
	}
}
