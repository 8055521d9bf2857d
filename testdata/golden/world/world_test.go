package world

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen-go/toolgen/internal/schematest"
	"github.com/toolgen-go/toolgen/runtime"
)

// docsPerTool is how many distinct argument documents each tool is tried
// with.
const docsPerTool = 1500

// callEvents is the argument object of events, whose arguments are plain
// parameters.
type callEvents struct {
	Namespace string `json:"namespace"`
	Limit     *int   `json:"limit"`
}

// summarizeArgs is SummarizeThread's anonymous argument struct.
type summarizeArgs = struct {
	Messages []string `json:"messages" jsonschema:"minItems=1"`
	MaxWords int      `json:"max_words,omitempty" jsonschema:"minimum=10,maximum=500,default=100"`
}

// targets maps each tool to its Target. Tools that return their arguments
// (as T, *T, or any holding a T) are compared value by value; the others
// (describe, list_pods, apply, logs, exec, events, list_metric_metadata,
// summarize_thread, ping, reset, purge_records) by acceptance.
func targets(reg *runtime.Registry) map[string]schematest.Target {
	return map[string]schematest.Target{
		"describe":             schematest.TargetFor[DescribeParams](reg, "describe"),
		"list_pods":            schematest.TargetFor[ListPodsParams](reg, "list_pods"),
		"apply":                schematest.TargetFor[ApplyParams](reg, "apply"),
		"scale":                schematest.TargetFor[ScaleArgs](reg, "scale"),
		"logs":                 schematest.TargetFor[LogsParams](reg, "logs"),
		"exec":                 schematest.TargetFor[ExecParams](reg, "exec"),
		"events":               schematest.TargetFor[callEvents](reg, "events"),
		"query_logs":           schematest.TargetFor[QueryLogsParams](reg, "query_logs"),
		"list_metric_metadata": schematest.TargetFor[MetricMetadataParams](reg, "list_metric_metadata"),
		"query_cloud_metric":   schematest.TargetFor[CloudMetricParams](reg, "query_cloud_metric"),
		"create_alert_rule":    schematest.TargetFor[AlertRuleParams](reg, "create_alert_rule"),
		"search_traces":        schematest.TargetFor[TraceSearchParams](reg, "search_traces"),
		"web_search":           schematest.TargetFor[WebSearchArguments](reg, "web_search"),
		"find_records":         schematest.TargetFor[PageArgs[Filter]](reg, "find_records"),
		"store_record":         schematest.TargetFor[RecordInput](reg, "store_record"),
		"move_record":          schematest.TargetFor[MoveInput](reg, "move_record"),
		"purge_records":        schematest.TargetFor[PurgeInput](reg, "purge_records"),
		"draft_reply":          schematest.TargetFor[DraftInput](reg, "draft_reply"),
		"summarize_thread":     schematest.TargetFor[summarizeArgs](reg, "summarize_thread"),
		"ping":                 schematest.TargetFor[struct{}](reg, "ping"),
		"reset":                schematest.TargetFor[struct{}](reg, "reset"),
		"find_contact":         schematest.TargetFor[ContactInput](reg, "find_contact"),
		"notify":               schematest.TargetFor[NotifyInput](reg, "notify"),
		"search_products":      schematest.TargetFor[ProductQuery](reg, "search_products"),
		"find_by_tone":         schematest.TargetFor[ToneFilter](reg, "find_by_tone"),
		"list_all":             schematest.TargetFor[Page](reg, "list_all"),
		"between":              schematest.TargetFor[Window[float64]](reg, "between"),
		"list_invoices":        schematest.TargetFor[InvoiceQuery](reg, "list_invoices"),
		"read_file":            schematest.TargetFor[ReadFileInput](reg, "read_file"),
		"getenv":               schematest.TargetFor[struct{ Key string }](reg, "getenv"),
		"calculator":           schematest.TargetFor[struct{ Input string }](reg, "calculator"),
		"set_quoted":           schematest.TargetFor[QuotedInput](reg, "set_quoted"),
		"use_std":              schematest.TargetFor[StdInput](reg, "use_std"),
		"run_batch":            schematest.TargetFor[BatchInput](reg, "run_batch"),
		"version":              schematest.TargetFor[struct{}](reg, "version"),
		"import_graph":         schematest.TargetFor[GraphInput](reg, "import_graph"),
		"record_step":          schematest.TargetFor[Step](reg, "record_step"),
	}
}

func newRegistry(t *testing.T, s runtime.Settings) *runtime.Registry {
	t.Helper()
	s.Approver = func(context.Context, runtime.Call) (bool, error) { return true, nil }
	reg := runtime.NewRegistry(&s)
	if err := reg.Register(Tools(&Billing{}, &Catalog{}, &Cluster{Name: "c1"}, &Records{}, "", Env{"HOME": "/home/a"}, &Observer{Org: "o"})...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestDifferential calls every tool through Registry.Execute with
// documents generated from its standard schema, valid and mutated, and
// requires it to accept exactly those santhosh-tekuri/jsonschema accepts,
// and to decode them as encoding/json does (defaults applied).
func TestDifferential(t *testing.T) {
	reg := newRegistry(t, runtime.Settings{})
	all := targets(reg)
	tools := Tools(&Billing{}, &Catalog{}, &Cluster{}, &Records{}, "", nil, &Observer{})
	if len(tools) != len(all) {
		t.Errorf("%d tools, %d targets", len(tools), len(all))
	}
	var mu sync.Mutex
	totals := map[string]int{}
	for _, tool := range tools {
		info := tool.Info()
		target, ok := all[info.Name]
		if !ok {
			t.Errorf("no target for %s", info.Name)
			continue
		}
		t.Run(info.Name, func(t *testing.T) {
			t.Parallel()
			r := schematest.Run(t, info.Name, info.Parameters, docsPerTool, encodeChecked(t, reg, info.Name, target))
			r.Log(t)
			t.Logf("%s: %d documents, %d valid", info.Name, r.Checked, r.Valid)
			mu.Lock()
			defer mu.Unlock()
			for k, n := range r.Apart {
				totals[k] += n
			}
		})
	}
	t.Cleanup(func() { t.Logf("counted apart: %v", totals) })
}

// encodeChecked wraps target so that each call the tool answers with data
// also has its result written as encoding/json writes the data (without
// HTML escaping, as the runtime writes it).
func encodeChecked(t *testing.T, reg *runtime.Registry, name string, target schematest.Target) schematest.Target {
	decode := target.Decode
	target.Decode = func(args []byte) (any, error) {
		res, err := reg.Execute(context.Background(), name, args)
		if err == nil && res.Success && res.Data != nil {
			var got, want bytes.Buffer
			for _, w := range []struct {
				buf *bytes.Buffer
				v   any
			}{{&got, res}, {&want, res.Data}} {
				enc := json.NewEncoder(w.buf)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(w.v); err != nil {
					t.Errorf("%s %s: %v", name, args, err)
				}
			}
			if !bytes.Contains(got.Bytes(), bytes.TrimSuffix(want.Bytes(), []byte("\n"))) {
				t.Errorf("%s %s: the result is %s, which lacks encoding/json's %s", name, args, got.Bytes(), want.Bytes())
			}
		}
		return decode(args)
	}
	return target
}

// TestCalls spot-checks what the shapes mean for a call.
func TestCalls(t *testing.T) {
	reg := newRegistry(t, runtime.Settings{})
	for _, c := range []struct{ name, args, want string }{
		// A default applies to a field without omitempty, which it makes
		// optional.
		{"list_metric_metadata", `{"datasourceUid":"u","limitPerMetric":1,"metric":"m"}`, `{"success":true,"data":{"m":["u"]}}`},
		// The json tag "-," names a property "-"; json:"-" and
		// jsonschema:"-" leave fields out.
		{"apply", `{"apiVersion":"v1","name":"n","metadata":{"name":"x"},"manifest":{},"-":"d"}`, `{"success":true,"data":{"dash":"d","kind":"","name":"n"}}`},
		{"apply", `{"apiVersion":"v1","name":"n","metadata":{"name":"x"},"manifest":{},"-":"d","hidden":"h"}`, ``},
		{"apply", `{"apiVersion":"v1","name":"n","metadata":{"name":"x"},"manifest":{},"-":"d","Ignored":"h"}`, ``},
		// Without json tags, the Go names are the keys.
		{"scale", `{"Workload":"web","Replicas":3}`, `{"success":true,"data":{"Workload":"web","Replicas":3}}`},
		{"scale", `{"workload":"web","replicas":3}`, ``},
		// An ID with the string option.
		{"store_record", `{"id":"42","point":[1,2],"createdAt":"2025-01-02T03:04:05Z"}`, `{"success":true,"data":{"id":"42","point":[1,2],"createdAt":"2025-01-02T03:04:05Z"}}`},
		{"store_record", `{"id":42,"point":[1,2],"createdAt":"2025-01-02T03:04:05Z"}`, ``},
		// Colliding embedded names: the outer fields win.
		{"move_record", `{"id":"r1","ID":"a1","Region":"eu","owner":"o","reason":"why"}`, `{"success":true,"data":{"id":"r1","owner":"o","ID":"a1","reason":"why","Region":"eu"}}`},
		{"move_record", `{"id":"r1","Id":"a1","Region":"eu"}`, ``},
		{"find_contact", `{"name":"x"}`, ``},
		{"find_contact", `{"phone":"+3312345678"}`, `{"success":true,"data":{"phone":"+3312345678"}}`},
		{"ping", ``, `{"success":true,"output":"pong"}`},
		// required=false beside omitempty is optional (it was read as
		// required, the opposite of what it says); required=true is
		// required, omitempty or not.
		{"record_step", `{"status":"FINISHED","thought":"t"}`, `{"success":true,"data":{"status":"FINISHED","thought":"t"}}`},
		{"record_step", `{"thought":"t","final_answer":"a"}`, ``},
		// uniqueItems=false and nullable=false leave the flags off (both
		// were read as on); =true is the flag.
		{"list_invoices", `{"refs":["a","a"],"coupon":null}`, `{"success":true,"data":{"statuses":["open","paid"],"limit":25,"expand":true,"refs":["a","a"]}}`},
		{"list_invoices", `{"skus":["a","a"]}`, ``},
		{"list_invoices", `{"memo":null}`, ``},
		{"events", `{"namespace":"default"}`, `{"success":true,"data":["default"]}`},
	} {
		res, err := reg.Execute(context.Background(), c.name, json.RawMessage(c.args))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := json.Marshal(res)
		if c.want == "" {
			if res.Success || !strings.HasPrefix(res.Error, "invalid arguments") {
				t.Errorf("%s %s: %s, want invalid arguments", c.name, c.args, got)
			}
			continue
		}
		if data, err := json.Marshal(res.Data); res.Data != nil && (err != nil || !strings.Contains(string(got), string(data))) {
			t.Errorf("%s %s: the result %s does not hold what encoding/json writes of its data, %s (%v)", c.name, c.args, got, data, err)
		}
		if string(got) != c.want {
			t.Errorf("%s %s:\ngot  %s\nwant %s", c.name, c.args, got, c.want)
		}
	}
}
