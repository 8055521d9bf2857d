package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// keyValue is an attribute as the stdout exporters write it.
type keyValue struct {
	Key   string
	Value struct{ Value any }
}

type span struct {
	Name        string
	SpanContext struct{ TraceID, SpanID string }
	Parent      struct{ TraceID, SpanID string }
	Attributes  []keyValue
	Status      struct{ Code string }
}

type resourceMetrics struct {
	ScopeMetrics []struct {
		Scope   struct{ Name string }
		Metrics []struct {
			Name, Unit string
			Data       struct {
				DataPoints []struct {
					Attributes []keyValue
					Count      int  // of a histogram's point
					Value      *int // of a sum's point
				}
			}
		}
	}
}

func attr(kvs []keyValue, key string) any {
	for _, kv := range kvs {
		if kv.Key == key {
			return kv.Value.Value
		}
	}
	return nil
}

func TestRun(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), &out); err != nil {
		t.Fatal(err)
	}
	// What the model reads, then the spans, then the metrics.
	r := bufio.NewReader(&out)
	var results []string
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(line, "# ") {
			r = bufio.NewReader(io.MultiReader(strings.NewReader(line), r))
			break
		}
		results = append(results, line)
	}
	if len(results) != 3 || !strings.HasPrefix(results[0], "# success=true") || !strings.Contains(results[1], "Atlantis") || !strings.Contains(results[2], "invalid arguments") {
		t.Errorf("results = %q", results)
	}
	dec := json.NewDecoder(r)
	spans := map[string]span{}
	var turn span
	var rm resourceMetrics
	for {
		var raw json.RawMessage
		if err := dec.Decode(&raw); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(raw, []byte(`"ScopeMetrics"`)) {
			if err := json.Unmarshal(raw, &rm); err != nil {
				t.Fatal(err)
			}
			continue
		}
		var s span
		if err := json.Unmarshal(raw, &s); err != nil {
			t.Fatal(err)
		}
		if s.Name == "invoke_agent weather" {
			turn = s
			continue
		}
		id, _ := attr(s.Attributes, "gen_ai.tool.call.id").(string)
		spans[id] = s
	}
	want := map[string]struct{ name, outcome string }{
		"call_1": {"execute_tool get_forecast", "success"},
		"call_2": {"execute_tool get_forecast", "failed"},
		"call_3": {"execute_tool convert_temperature", "bad_arguments"},
	}
	if len(spans) != len(want) || turn.Name == "" {
		t.Fatalf("spans of calls %v, turn %+v", spans, turn)
	}
	for id, w := range want {
		s := spans[id]
		if s.Name != w.name || attr(s.Attributes, "toolgen.tool.outcome") != w.outcome || attr(s.Attributes, "gen_ai.operation.name") != "execute_tool" {
			t.Errorf("span of %s: %+v", id, s)
		}
		if s.Parent.SpanID != turn.SpanContext.SpanID || s.SpanContext.TraceID != turn.SpanContext.TraceID {
			t.Errorf("span of %s is not a child of the turn's", id)
		}
	}
	counted, timed := 0, 0
	for _, sm := range rm.ScopeMetrics {
		for _, m := range sm.Metrics {
			for _, dp := range m.Data.DataPoints {
				switch m.Name {
				case "toolgen.tool.calls":
					if dp.Value != nil {
						counted += *dp.Value
					}
				case "gen_ai.execute_tool.duration":
					if m.Unit != "s" {
						t.Errorf("%s in %q", m.Name, m.Unit)
					}
					timed += dp.Count
				}
			}
		}
	}
	if counted != 3 || timed != 3 {
		t.Errorf("metrics counted %d calls and timed %d, want 3", counted, timed)
	}
}
