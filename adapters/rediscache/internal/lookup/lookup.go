// Package lookup has tools marked cache for the tests of rediscache: they
// count how many times their functions ran, by key, so that a test can
// tell a reused result from a computed one.
package lookup

//go:generate go tool toolgen

import (
	"context"
	"sync"
	"time"
)

// Counter counts the runs of its tools' functions by key.
type Counter struct {
	mu   sync.Mutex
	runs map[string]int
	// Delay is how long each run takes.
	Delay time.Duration
}

// Runs returns how many times a function of c ran for key.
func (c *Counter) Runs(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.runs[key]
}

// Total returns how many times the functions of c ran, all keys together.
func (c *Counter) Total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.runs {
		n += v
	}
	return n
}

func (c *Counter) run(ctx context.Context, key string) error {
	c.mu.Lock()
	if c.runs == nil {
		c.runs = make(map[string]int)
	}
	c.runs[key]++
	c.mu.Unlock()
	if c.Delay > 0 {
		t := time.NewTimer(c.Delay)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// Answer is what Lookup finds.
type Answer struct {
	Key   string `json:"key"`
	Value string `json:"value"`
	Run   int    `json:"run"` // which run of the function made it
}

// Lookup looks a key up; its result is kept a minute.
//
//tool:export lookup cache=1m readonly
//tool:param key The key to look up, such as "user:42".
func (c *Counter) Lookup(ctx context.Context, key string) (*Answer, error) {
	if err := c.run(ctx, key); err != nil {
		return nil, err
	}
	return &Answer{Key: key, Value: "value of " + key, Run: c.Runs(key)}, nil
}

// Brief looks a key up; its result is kept half a second.
//
//tool:export brief cache=500ms readonly
//tool:param key The key to look up, such as "user:42".
func (c *Counter) Brief(ctx context.Context, key string) (string, error) {
	if err := c.run(ctx, "brief:"+key); err != nil {
		return "", err
	}
	return "brief value of " + key, nil
}
