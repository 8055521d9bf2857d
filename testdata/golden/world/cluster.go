package world

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/testdata/golden/world/common"
)

// This file: a cluster server in the style of the MCP go-sdk's typed
// handlers (whole-tag descriptions, "(required)" and "(optional)" written
// into them, validate tags beside them), with tools that are methods of a
// value receiver and results that are strings, lists, maps and any.

// Cluster talks to one cluster; its tools take it by value.
type Cluster struct {
	Name string
}

// DescribeParams names one resource of a cluster.
type DescribeParams struct {
	Cluster             string   `json:"cluster" validate:"required" jsonschema:"(required) The cluster to connect to."`
	Namespace           string   `json:"namespace" validate:"required" jsonschema:"(required) The namespace of the resource."`
	Name                string   `json:"name" validate:"required" jsonschema:"(required) The resource name."`
	ExcludeFieldsOutput []string `json:"excludeFieldsOutput,omitempty" validate:"omitempty,dive,oneof=metadata spec" jsonschema:"(optional) Fields to leave out, e.g. metadata, spec."`
}

// Describe describes a resource as YAML text.
//
//tool:export readonly
func (c Cluster) Describe(ctx context.Context, in DescribeParams) (string, error) {
	b, err := json.Marshal(in)
	return string(b), err
}

// ListPodsParams lists pods.
type ListPodsParams struct {
	Namespace     string              `json:"namespace,omitempty" jsonschema:"the namespace; all namespaces when empty"`
	LabelSelector string              `json:"labelSelector,omitempty" jsonschema:"a label selector such as app=web,tier!=db (see kubectl -l)"`
	FieldSelector *string             `json:"fieldSelector,omitempty" jsonschema:"field selector, e.g. status.phase=Running"`
	Limit         *int64              `json:"limit,omitempty" jsonschema:"at most this many pods; >= 1"`
	Annotations   *[]string           `json:"annotations,omitempty" jsonschema:"annotation keys to include in the output"`
	Extra         map[string]any      `json:"extra,omitempty" jsonschema:"free-form options passed through to the API"`
	Overrides     []map[string]string `json:"overrides,omitempty" jsonschema:"per-container overrides, one map each"`
}

// ListPods lists the pods of a namespace.
//
//tool:export readonly
func (c Cluster) ListPods(ctx context.Context, in ListPodsParams) ([]ListPodsParams, error) {
	return []ListPodsParams{in}, nil
}

// ResourceRef is a Kubernetes-style object reference.
type ResourceRef struct {
	// APIVersion of the referent, e.g. "apps/v1".
	APIVersion string `json:"apiVersion"`
	// Kind of the referent.
	// +optional
	Kind string `json:"kind,omitempty"`
	// name is the referent's name.
	Name string `json:"name"`
}

// ObjectMeta is the part of an object every kind shares.
type ObjectMeta struct {
	Name   string            `json:"name"`
	Labels map[string]string `json:"labels,omitempty"`
}

// ApplyParams applies a manifest.
type ApplyParams struct {
	ResourceRef `json:",inline"`
	Metadata    ObjectMeta `json:"metadata"`
	// Manifest is the object to apply, as JSON.
	Manifest json.RawMessage `json:"manifest" jsonschema:"the object, as JSON; a YAML string is refused"`
	// Force takes over fields other managers own.
	Force bool `json:"force,omitempty"`
	//lint:ignore SA5008 the property is named "-" on purpose, as encoding/json reads this tag
	Dash    string `json:"-," jsonschema:"a property whose name is a dash"`
	Ignored string `json:"-"`
	Hidden  string `json:"hidden,omitempty" jsonschema:"-"`
	cache   map[string]string
	common.Meta
}

// Apply applies a manifest to the cluster, server-side.
//
//tool:export confirm idempotent
func (c *Cluster) Apply(ctx context.Context, in ApplyParams) (map[string]any, error) {
	_ = in.cache
	return map[string]any{"kind": in.Kind, "name": in.Name, "dash": in.Dash}, nil
}

// ScaleArgs scales a workload. Written with the tags some servers use
// for their config loaders only: yaml and mapstructure, no json.
type ScaleArgs struct {
	Workload string `yaml:"workload" mapstructure:"workload" description:"Deployment or StatefulSet name"`
	Replicas int32  `yaml:"replicas" mapstructure:"replicas" jsonschema:"minimum=0,maximum=500"`
}

// Scale sets the replica count of a workload.
//
//tool:export confirm
func (c *Cluster) Scale(ctx context.Context, in ScaleArgs) (any, error) {
	return in, nil
}

// LogsParams reads container logs.
type LogsParams struct {
	Pod       string `json:"pod" jsonschema:"required,Name of the pod"`
	Container string `json:"container,omitempty" jsonschema:"container name; the pod's only one when empty"`
	TailLines int    `json:"tailLines,omitempty" jsonschema:"how many lines from the end, \"all\" is not accepted"`
	Previous  bool   `json:"previous,omitempty" jsonschema:"read the logs of the previous instance, as kubectl logs --previous=true"`
}

// Logs returns a container's logs.
//
// The text is returned as it is: lines keep their `\n`, and a line such
// as "level=error msg=\"boom\"" is not parsed.
//
//tool:export readonly
func (c Cluster) Logs(ctx context.Context, in LogsParams) (string, error) {
	return fmt.Sprintf("%s/%s %d %v", in.Pod, in.Container, in.TailLines, in.Previous), nil
}

// ExecParams runs a command in a container.
type ExecParams struct {
	Pod     string   `json:"pod"`
	Command []string `json:"command" jsonschema:"argv; the first element is the program. Example: [\"ls\", \"-la\"]"`
	Stdin   []byte   `json:"stdin,omitempty" jsonschema:"example=aGk=,description=bytes for the command's standard input, base64"`
	Env     []uint8  `json:"env,omitempty" jsonschema:"environment as KEY=VALUE lines, base64"`
}

// Exec runs a command in a container and returns what it wrote.
//
//tool:export confirm
func (c *Cluster) Exec(ctx context.Context, in ExecParams) (json.RawMessage, error) {
	b, err := json.Marshal(in)
	return b, err
}

// Events lists the events of a namespace.
//
//tool:export readonly
func (c Cluster) Events(ctx context.Context, namespace string, limit *int) ([]string, error) {
	return []string{strings.Repeat(namespace, 1)}, nil
}
