package corpus

import (
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

// targets maps each tool to its Target: T is the argument type, into which
// encoding/json decodes each document for comparison (for tools with plain
// parameters, a struct of them). Tools that return their arguments are
// compared value by value; the others (get_order, cancel_order,
// search_orders, summarize, split_text, archive_project) by acceptance.
func targets(reg *runtime.Registry) map[string]schematest.Target {
	return map[string]schematest.Target{
		"track_event":        schematest.TargetFor[EventInput](reg, "track_event"),
		"patch_record":       schematest.TargetFor[PatchInput](reg, "patch_record"),
		"send_webhook":       schematest.TargetFor[WebhookInput](reg, "send_webhook"),
		"run_query":          schematest.TargetFor[QueryInput](reg, "run_query"),
		"merge_config":       schematest.TargetFor[ConfigPatch](reg, "merge_config"),
		"set_thermostat":     schematest.TargetFor[ThermostatInput](reg, "set_thermostat"),
		"create_task":        schematest.TargetFor[TaskInput](reg, "create_task"),
		"start_sync":         schematest.TargetFor[SyncInput](reg, "start_sync"),
		"read_feed":          schematest.TargetFor[FeedInput](reg, "read_feed"),
		"set_alarm":          schematest.TargetFor[AlarmInput](reg, "set_alarm"),
		"current_weather":    schematest.TargetFor[WeatherQuery](reg, "current_weather"),
		"choose_seat":        schematest.TargetFor[SeatRequest](reg, "choose_seat"),
		"search_docs":        schematest.TargetFor[DocSearch](reg, "search_docs"),
		"comment_on_issue":   schematest.TargetFor[IssueComment](reg, "comment_on_issue"),
		"read_lines":         schematest.TargetFor[FileRange](reg, "read_lines"),
		"find_symbol":        schematest.TargetFor[SymbolQuery](reg, "find_symbol"),
		"ask_knowledge_base": schematest.TargetFor[KnowledgeQuery](reg, "ask_knowledge_base"),
		"calculate":          schematest.TargetFor[Expression](reg, "calculate"),
		"open_ticket":        schematest.TargetFor[TicketInput](reg, "open_ticket"),
		"translate":          schematest.TargetFor[TranslateInput](reg, "translate"),
		"find_recipes":       schematest.TargetFor[RecipeSearch](reg, "find_recipes"),
		"list_repos":         schematest.TargetFor[PageArgs](reg, "list_repos"),
		"transfer_money":     schematest.TargetFor[TransferInput](reg, "transfer_money"),
		"schedule_job":       schematest.TargetFor[ScheduleInput](reg, "schedule_job"),
		"add_invoice_lines":  schematest.TargetFor[InvoiceLines](reg, "add_invoice_lines"),
		"update_profile":     schematest.TargetFor[ProfileUpdate](reg, "update_profile"),
		"lookup_order":       schematest.TargetFor[LookupOrderInput](reg, "lookup_order"),
		"search_wiki":        schematest.TargetFor[UntaggedInput](reg, "search_wiki"),
		"book_meeting":       schematest.TargetFor[MeetingInput](reg, "book_meeting"),
		"scale_deployment":   schematest.TargetFor[ClusterScale](reg, "scale_deployment"),
		"list_users":         schematest.TargetFor[ListUsersInput](reg, "list_users"),
		"ship_parcel":        schematest.TargetFor[ShipInput](reg, "ship_parcel"),
		"import_org_chart":   schematest.TargetFor[OrgChart](reg, "import_org_chart"),
		"search_papers":      schematest.TargetFor[PaperSearch](reg, "search_papers"),
		"plan_route":         schematest.TargetFor[RouteInput](reg, "plan_route"),
		"record_reading":     schematest.TargetFor[SensorReading](reg, "record_reading"),
		"start_timer":        schematest.TargetFor[TimerInput](reg, "start_timer"),
		"draw_box":           schematest.TargetFor[BoxInput](reg, "draw_box"),
		"import_orders":      schematest.TargetFor[Page[OrderLine]](reg, "import_orders"),
		"tag_items":          schematest.TargetFor[TagInput](reg, "tag_items"),
		"set_rate_limit":     schematest.TargetFor[RateLimit](reg, "set_rate_limit"),
		"refund_payment":     schematest.TargetFor[RefundInput](reg, "refund_payment"),
		"tail_logs":          schematest.TargetFor[LogQuery](reg, "tail_logs"),
		"convert_currency":   schematest.TargetFor[PriceCheck](reg, "convert_currency"),
		"blame_lines":        schematest.TargetFor[BlameInput](reg, "blame_lines"),
		"get_order":          schematest.TargetFor[GetOrderInput](reg, "get_order"),
		"cancel_order":       schematest.TargetFor[CancelInput](reg, "cancel_order"),
		"search_orders":      schematest.TargetFor[SearchOrdersInput](reg, "search_orders"),
		"validate_order":     schematest.TargetFor[EchoOrderInput](reg, "validate_order"),
		"send_note":          schematest.TargetFor[NoteEcho](reg, "send_note"),
		"resize_image":       schematest.TargetFor[ResizeEcho](reg, "resize_image"),
		"summarize":          schematest.TargetFor[SummaryInput](reg, "summarize"),
		"split_text":         schematest.TargetFor[SplitInput](reg, "split_text"),
		"archive_project":    schematest.TargetFor[ArchiveInput](reg, "archive_project"),
	}
}

func newRegistry(t *testing.T) *runtime.Registry {
	t.Helper()
	reg := runtime.NewRegistry(&runtime.Settings{Approver: func(context.Context, runtime.Call) (bool, error) { return true, nil }})
	if err := reg.Register(Tools(&Store{Prefix: "S-"})...); err != nil {
		t.Fatal(err)
	}
	return reg
}

// TestDifferential calls every tool of the corpus through Registry.Execute
// with documents generated from its standard schema, valid and mutated,
// and requires it to accept exactly those santhosh-tekuri/jsonschema
// accepts, and to decode them as encoding/json does (defaults applied).
// Numbers the Go type cannot hold, and integers written as 1.0 or 1e2 that
// encoding/json refuses, are counted apart and logged.
func TestDifferential(t *testing.T) {
	reg := newRegistry(t)
	all := targets(reg)
	tools := Tools(&Store{})
	if len(tools) != len(all) {
		t.Errorf("%d tools, %d targets", len(tools), len(all))
	}
	var mu sync.Mutex
	totals := map[string]int{}
	var checked, valid int
	t.Cleanup(func() {
		t.Logf("all tools: %d documents, %d valid; counted apart: %v", checked, valid, totals)
	})
	for _, tool := range tools {
		info := tool.Info()
		target, ok := all[info.Name]
		if !ok {
			t.Errorf("no target for %s", info.Name)
			continue
		}
		t.Run(info.Name, func(t *testing.T) {
			t.Parallel()
			r := schematest.Run(t, info.Name, info.Parameters, docsPerTool, target)
			r.Log(t)
			t.Logf("%s: %d documents, %d valid", info.Name, r.Checked, r.Valid)
			mu.Lock()
			defer mu.Unlock()
			checked += r.Checked
			valid += r.Valid
			for k, n := range r.Apart {
				totals[k] += n
			}
		})
	}
}

// TestDescriptions checks what the model reads of a few shapes: a go-sdk
// style tag is the description as written, and a constant commented out of
// a const group is not one of the values, nor part of a description.
func TestDescriptions(t *testing.T) {
	want := map[string]string{
		"current_weather": `"description":"the city, e.g. Paris (or nyc=New York)"`,
		"choose_seat":     `"description":"window | aisle | any"`,
		"search_docs":     `"description":"include docs with updated_at \u003e= this time"`,
	}
	for _, tool := range Tools(&Store{}) {
		info := tool.Info()
		params := string(info.Parameters)
		if strings.Contains(params, "ModeLegacy") || strings.Contains(params, "legacy") {
			t.Errorf("%s: the commented-out ModeLegacy is in the schema: %s", info.Name, params)
		}
		if w, ok := want[info.Name]; ok {
			var v any
			if err := json.Unmarshal(info.Parameters, &v); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(params, w) && !strings.Contains(params, strings.ReplaceAll(w, `\u003e`, ">")) {
				t.Errorf("%s: the schema lacks %s: %s", info.Name, w, params)
			}
		}
	}
}

// TestCalls spot-checks a few calls by hand.
func TestCalls(t *testing.T) {
	reg := newRegistry(t)
	for _, c := range []struct{ name, args, want string }{
		{"current_weather", `{"location":"nyc"}`, `{"success":true,"data":{"location":"nyc"}}`},
		{"convert_currency", `{"base":"eur","targets":["usd"]}`, `{"success":true,"data":{"base":"EUR","targets":["USD"]}}`},
		{"record_reading", `{"channel":1.0,"port":1e2,"sequence":9007199254740993.0,"value":1}`, `{"success":true,"data":{"channel":1,"port":100,"sequence":9007199254740993,"value":1}}`},
		// A float32 is checked as the float32 the tool receives: 0.29 is a
		// multiple of 0.01 and 0.3 at most 0.3, which their widening to
		// float64 (0.28999999165534973, 0.30000001192092896) is not.
		{"set_rate_limit", `{"burst":1,"per_second":0.1,"window":1,"fill":0.29}`, `{"success":true,"data":{"burst":1,"per_second":0.1,"fill":0.29,"window":1}}`},
		{"set_rate_limit", `{"burst":1,"per_second":0.1,"window":1,"fill":0.3}`, `{"success":true,"data":{"burst":1,"per_second":0.1,"fill":0.3,"window":1}}`},
		{"set_rate_limit", `{"burst":1,"per_second":0.1,"window":1,"fill":0.295}`, ``},
		{"get_order", `{"order_id":"A-1"}`, `{"success":true,"data":{"id":"S-A-1","status":"open"}}`},
		{"lookup_order", `{"OrderNumber":"7"}`, ``},
		{"lookup_order", ``, ``},
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
		if string(got) != c.want {
			t.Errorf("%s %s:\ngot  %s\nwant %s", c.name, c.args, got, c.want)
		}
	}
}

// TestDurationCalls: a model's "30s" for a time.Duration is refused with
// the number to send, on the generated fast path and decoder alike, and
// taken by a lenient registry.
func TestDurationCalls(t *testing.T) {
	const args = `{"delay_ms":10,"timeout":"30s","start_at":"2025-06-02T09:00:00Z"}`
	res, err := newRegistry(t).Execute(context.Background(), "start_timer", json.RawMessage(args))
	if want := `invalid arguments: /timeout: must be an integer, a duration in nanoseconds: send 30000000000 for "30s"`; err != nil || res.Error != want {
		t.Errorf("strict: %+v, %v; want %s", res, err, want)
	}
	reg := runtime.NewRegistry(&runtime.Settings{Lenient: true})
	if err := reg.Register(Tools(&Store{})...); err != nil {
		t.Fatal(err)
	}
	res, err = reg.Execute(context.Background(), "start_timer", json.RawMessage(args))
	if err != nil || !res.Success || !strings.Contains(res.Output, `"timeout":30000000000`) {
		t.Errorf("lenient: %+v, %v", res, err)
	}
	// A Duration with bounds (found by a review: it took another path).
	const bounded = `{"delay_ms":10,"grace":"90m","start_at":"2025-06-02T09:00:00Z"}`
	res, _ = newRegistry(t).Execute(context.Background(), "start_timer", json.RawMessage(bounded))
	if want := `invalid arguments: /grace: must be an integer, a duration in nanoseconds: send 5400000000000 for "90m"`; res.Error != want {
		t.Errorf("strict, bounded: %s; want %s", res.Error, want)
	}
	res, _ = reg.Execute(context.Background(), "start_timer", json.RawMessage(bounded))
	if want := `invalid arguments: /grace: must be at most 3600000000000`; !strings.HasPrefix(res.Error, want) {
		t.Errorf("lenient, bounded, over: %s; want %s", res.Error, want)
	}
	res, _ = reg.Execute(context.Background(), "start_timer", json.RawMessage(strings.Replace(bounded, "90m", "30s", 1)))
	if !res.Success || !strings.Contains(res.Output, `"grace":30000000000`) {
		t.Errorf("lenient, bounded: %+v", res)
	}
}
