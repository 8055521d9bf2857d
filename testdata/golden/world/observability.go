// Package world holds tools in the shapes that public Go MCP servers and
// agent projects give their argument structs: invopop keyword tags with
// escaped commas, whole-tag descriptions, validate and mapstructure tags
// beside json ones, embedded structs from another package, aliases,
// generics, maps, times, and results of every kind.
package world

import (
	"context"
	"time"

	"github.com/toolgen-go/toolgen/testdata/golden/world/common"
)

// This file: an observability server in the style of mcp-grafana, with
// invopop keyword tags (escaped commas, quotes inside descriptions,
// non-ASCII text) and tools that are methods of a client.

// Observer queries datasources.
type Observer struct {
	Org string
}

// QueryLogsParams are the parameters of a log query.
type QueryLogsParams struct {
	DatasourceUID string `json:"datasourceUid" jsonschema:"required,description=The UID of the log datasource to query. Use list_datasources to find one."`
	Query         string `json:"query" jsonschema:"required,description=The query to run. Supports stream selectors\\, line filters\\, and pipes."`
	StartRFC3339  string `json:"startRfc3339,omitempty" jsonschema:"description=Optionally\\, the start of the range in RFC3339 (defaults to 1 hour ago)"`
	EndRFC3339    string `json:"endRfc3339,omitempty" jsonschema:"description=Optionally\\, the end of the range in RFC3339 (defaults to now)"`
	Limit         int    `json:"limit,omitempty" jsonschema:"default=10,description=Most lines to return (at most 1000),minimum=1,maximum=1000"`
	Direction     string `json:"direction,omitempty" jsonschema:"enum=forward,enum=backward,default=backward"`
}

// QueryLogs runs a log query and returns the lines as read.
//
//tool:export readonly
func (o *Observer) QueryLogs(ctx context.Context, args QueryLogsParams) (QueryLogsParams, error) {
	return args, nil
}

// MetricMetadataParams asks for metric metadata.
type MetricMetadataParams struct {
	DatasourceUID  string `json:"datasourceUid" jsonschema:"required,description=The UID of the datasource to query"`
	Limit          int    `json:"limit" jsonschema:"default=10,description=The maximum number of metrics to return"`
	LimitPerMetric int    `json:"limitPerMetric" jsonschema:"description=The maximum number of entries per metric"`
	Metric         string `json:"metric" jsonschema:"description=The metric to query"`
}

// ListMetricMetadata lists metadata of metrics, keyed by metric name.
//
//tool:export readonly
func (o *Observer) ListMetricMetadata(ctx context.Context, args MetricMetadataParams) (map[string][]string, error) {
	return map[string][]string{args.Metric: {args.DatasourceUID}}, nil
}

// CloudMetricParams queries a cloud metric.
type CloudMetricParams struct {
	DatasourceUID string            `json:"datasourceUid" jsonschema:"required,description=The UID of the cloud datasource. Use list_datasources to find available UIDs."`
	Namespace     string            `json:"namespace" jsonschema:"required,description=Metric namespace (e.g. AWS/ECS\\, AWS/EC2\\, AWS/RDS)"`
	Dimensions    map[string]string `json:"dimensions,omitempty" jsonschema:"description=Dimensions as key-value pairs (e.g. {\"ClusterName\": \"my-cluster\"})"`
	Statistic     string            `json:"statistic,omitempty" jsonschema:"enum=Average,enum=Sum,enum=Maximum,enum=Minimum,enum=SampleCount,default=Average"`
	Period        *int              `json:"period,omitempty" jsonschema:"description=Period in seconds (default 300),minimum=1"`
	Step          string            `json:"step,omitempty" jsonschema:"description=Resolution step. Valid units are 'ns'\\, 'us' (or 'µs')\\, 'ms'\\, 's'\\, 'm'\\, 'h'."`
}

// QueryCloudMetric reads one metric of a cloud datasource.
//
//tool:export readonly
func (o *Observer) QueryCloudMetric(ctx context.Context, args CloudMetricParams) (CloudMetricParams, error) {
	return args, nil
}

// AlertRuleParams creates an alert rule.
type AlertRuleParams struct {
	Title     string `json:"title" jsonschema:"required,title=Rule title,description=The rule's title. Example: High CPU (no quotes).,minLength=1,maxLength=190"`
	FolderUID string `json:"folderUid,omitempty" jsonschema:"required"`
	// Labels are extra labels for the notifications.
	Labels      map[string]string `json:"labels,omitempty" jsonschema_extras:"x-order=50"`
	Annotations map[string]string `json:"annotations,omitempty" jsonschema:"description=Annotations such as summary and runbook_url"`
	For         time.Duration     `json:"for,omitempty" jsonschema:"description=How long the condition must hold"`
	NoDataState string            `json:"noDataState,omitempty" jsonschema:"title=No data state,enum=NoData,enum=Alerting,enum=OK,default=NoData" jsonschema_extras:"secret=false,order=3"`
	Paused      *bool             `json:"paused,omitempty" jsonschema:"default=false"`
	Auth        string            `json:"_auth" jsonschema:"bearer token of the caller" jsonschema_extras:"required=true"`
	common.Meta
}

// CreateAlertRule creates an alert rule in a folder.
//
//tool:export confirm
func (o *Observer) CreateAlertRule(ctx context.Context, args *AlertRuleParams) (*AlertRuleParams, error) {
	return args, nil
}

// TraceSearchParams searches traces.
type TraceSearchParams struct {
	DatasourceUID string `json:"datasourceUid" jsonschema:"required,description=UID of the trace datasource"`
	Query         string `json:"query" jsonschema:"required,description=Trace query string"`
	common.TimeRange
	MinDurationMS uint32  `json:"minDurationMs,omitempty" jsonschema:"description=Shortest span duration in ms"`
	SampleRate    float32 `json:"sampleRate,omitempty" jsonschema:"minimum=0,maximum=1,description=Sampling ratio between 0 and 1"`
}

// SearchTraces finds traces matching a query.
//
//tool:export readonly
func (o *Observer) SearchTraces(ctx context.Context, args TraceSearchParams) (TraceSearchParams, error) {
	return args, nil
}

// WebSearchArguments are the arguments of a web search (descriptions in
// Chinese, as some Eino projects write them).
type WebSearchArguments struct {
	Query      string `json:"query" validate:"required" jsonschema:"required" jsonschema_description:"搜索关键词"`
	MaxResults int    `json:"max_results,omitempty" jsonschema_description:"读取内容的结果数量，默认 3，最大 10" jsonschema:"minimum=1,maximum=10,default=3"`
	Language   string `json:"language,omitempty" jsonschema_description:"语言代码（例如 zh、en）"`
}

// WebSearch searches the web: «résumé» of each hit, in its language.
//
//tool:export readonly
func WebSearch(ctx context.Context, args WebSearchArguments) (WebSearchArguments, error) {
	return args, nil
}
