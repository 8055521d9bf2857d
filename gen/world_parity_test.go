package gen

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/invopop/jsonschema"
	"github.com/toolgen-go/toolgen/testdata/golden/world"
)

// worldTypes are the argument types of testdata/golden/world's tools that
// invopop's Reflector can be compared on: the argument structs written in
// the shapes of public Go MCP servers and agent projects. import_graph's
// is left out: its recursive types overflow the stack of invopop's inline
// mode (invopop#165).
var worldTypes = map[string]any{
	"query_logs":           world.QueryLogsParams{},
	"list_metric_metadata": world.MetricMetadataParams{},
	"query_cloud_metric":   world.CloudMetricParams{},
	"create_alert_rule":    world.AlertRuleParams{},
	"search_traces":        world.TraceSearchParams{},
	"web_search":           world.WebSearchArguments{},
	"describe":             world.DescribeParams{},
	"list_pods":            world.ListPodsParams{},
	"apply":                world.ApplyParams{},
	"scale":                world.ScaleArgs{},
	"logs":                 world.LogsParams{},
	"exec":                 world.ExecParams{},
	"find_records":         world.PageArgs[world.Filter]{},
	"store_record":         world.RecordInput{},
	"move_record":          world.MoveInput{},
	"purge_records":        world.PurgeInput{},
	"draft_reply":          world.DraftInput{},
	"find_contact":         world.ContactInput{},
	"notify":               world.NotifyInput{},
	"search_products":      world.ProductQuery{},
	"find_by_tone":         world.ToneFilter{},
	"list_all":             world.Page{},
	"between":              world.Window[float64]{},
	"list_invoices":        world.InvoiceQuery{},
	"read_file":            world.ReadFileInput{},
	"set_quoted":           world.QuotedInput{},
	"use_std":              world.StdInput{},
	"run_batch":            world.BatchInput{},
	"record_step":          world.Step{},
}

// TestWorldInvopopParity compares toolgen's schema of each argument type
// of testdata/golden/world with invopop's Reflector's, as
// TestInvopopParity does for testdata/parity: every difference must be a
// row of the README's table.
func TestWorldInvopopParity(t *testing.T) {
	files, err := Generate(context.Background(), Config{Patterns: []string{"../testdata/golden/world"}})
	if err != nil {
		t.Fatal(err)
	}
	reflector := &jsonschema.Reflector{ExpandedStruct: true, DoNotReference: true}
	for _, v := range worldTypes {
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			name, opts, _ := strings.Cut(rt.Field(i).Tag.Get("json"), ",")
			if slices.Contains(strings.Split(opts, ","), "omitzero") {
				omitzeroFields[name] = true
			}
			for _, part := range splitTag(rt.Field(i).Tag.Get("jsonschema")) {
				switch part {
				case "required=true":
					requiredTrueFields[name] = true
				case "nullable=true", "nullable=false", "uniqueItems=true", "uniqueItems=false":
					flagValueFields[name] = true
				}
			}
		}
	}
	counts := make(map[string]int)
	seen := 0
	for _, tool := range files[0].tools {
		v, ok := worldTypes[tool.Name]
		if !ok {
			continue
		}
		seen++
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			if tag := rt.Field(i).Tag.Get("jsonschema"); tag != "" && !invopopTag(tag) {
				tagDescriptions[tag] = true
			}
		}
		theirs, err := json.Marshal(reflector.Reflect(v))
		if err != nil {
			t.Fatal(err)
		}
		var ours, base any
		mustUnmarshal(t, tool.Schemas[Standard], &ours)
		mustUnmarshal(t, theirs, &base)
		delete(base.(map[string]any), "$schema")
		delete(base.(map[string]any), "$id")
		for _, d := range compareSchemas("", ours, base) {
			if rule := documented(d); rule != "" {
				counts[rule]++
				continue
			}
			t.Errorf("%s (%s): undocumented difference at %s: toolgen %s, invopop %s", tool.Name, rt.Name(), d.path, d.ours, d.theirs)
		}
	}
	for _, r := range slices.Sorted(maps.Keys(counts)) {
		t.Logf("%-28s %d", r, counts[r])
	}
	if seen != len(worldTypes) {
		t.Errorf("compared %d tools, want %d", seen, len(worldTypes))
	}
}

// TestWorldDeterminism generates testdata/golden/world (three files, three
// receivers, a package main below it) ten times, under GOMAXPROCS 1 to 4,
// and requires the same bytes each time.
func TestWorldDeterminism(t *testing.T) {
	if testing.Short() {
		t.Skip("loads packages with the go command")
	}
	var first []File
	for i := range 10 {
		prev := runtime.GOMAXPROCS(1 + i%4)
		files, err := Generate(context.Background(), Config{Patterns: []string{"../testdata/golden/world/..."}})
		runtime.GOMAXPROCS(prev)
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = files
			n := 0
			for _, f := range files {
				n += len(f.tools)
			}
			if n != 39 {
				t.Fatalf("%d tools, want 39 (37 in world, 2 in world/cmd/worldsrv)", n)
			}
			continue
		}
		if len(files) != len(first) {
			t.Fatalf("run %d: %d files, want %d", i, len(files), len(first))
		}
		for j, f := range files {
			if f.Path != first[j].Path || !bytes.Equal(f.Content, first[j].Content) {
				t.Errorf("run %d: %s differs from the first run's %s", i, f.Path, first[j].Path)
			}
		}
	}
}
