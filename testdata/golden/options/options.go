// Package options uses every option of the directive.
package options

import "context"

// Query is a query.
type Query struct {
	Q string `json:"q"`
}

// Search searches.
//
//tool:export web-search timeout=1m30s retries=2 cache=10m group=web
func Search(ctx context.Context, q Query) (string, error) { return q.Q, nil }

// Deploy deploys the service.
//
//tool:export deploy_service confirm lenient group=ops timeout=250ms
func Deploy(ctx context.Context, q Query) error { return nil }

// HTTPGetURLs fetches pages; its default name is snake_case.
//
//tool:export
func HTTPGetURLs(ctx context.Context, q Query) (string, error) { return "", nil }
