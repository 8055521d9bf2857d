package world

import (
	"testing"

	"github.com/toolgen-go/toolgen/internal/schematest"
)

// TestPaths checks each generated fast path against its full decoder and
// both against the reference validator and encoding/json, with the default
// settings and with those of the OpenAI dialect (null for an absent
// optional field).
func TestPaths(t *testing.T) {
	paths := map[string]schematest.Target{
		"calculator":           schematest.ForPaths(fastCalculatorArgs, decodeCalculatorArgs),
		"query_cloud_metric":   schematest.ForPaths(fastCloudMetricParams, decodeCloudMetricParams),
		"describe":             schematest.ForPaths(fastDescribeParams, decodeDescribeParams),
		"draft_reply":          schematest.ForPaths(fastDraftInput, decodeDraftInput),
		"events":               schematest.ForPaths(fastEventsArgs, decodeEventsArgs),
		"getenv":               schematest.ForPaths(fastGetenvArgs, decodeGetenvArgs),
		"logs":                 schematest.ForPaths(fastLogsParams, decodeLogsParams),
		"list_metric_metadata": schematest.ForPaths(fastMetricMetadataParams, decodeMetricMetadataParams),
		"notify":               schematest.ForPaths(fastNotifyInput, decodeNotifyInput),
		"list_all":             schematest.ForPaths(fastPagination, decodePagination),
		"search_products":      schematest.ForPaths(fastProductQuery, decodeProductQuery),
		"query_logs":           schematest.ForPaths(fastQueryLogsParams, decodeQueryLogsParams),
		"scale":                schematest.ForPaths(fastScaleArgs, decodeScaleArgs),
		"web_search":           schematest.ForPaths(fastWebSearchArguments, decodeWebSearchArguments),
		"between":              schematest.ForPaths(fastPair, decodePair),
	}
	n := 0
	for _, tool := range Tools(&Billing{}, &Catalog{}, &Cluster{}, &Records{}, "", nil, &Observer{}) {
		info := tool.Info()
		target, ok := paths[info.Name]
		if !ok {
			continue
		}
		n++
		t.Run(info.Name, func(t *testing.T) {
			t.Parallel()
			r := schematest.Run(t, info.Name, info.Parameters, docsPerTool, target)
			r.Log(t)
		})
	}
	if n != len(paths) {
		t.Errorf("%d tools with fast paths found, want %d", n, len(paths))
	}
}
