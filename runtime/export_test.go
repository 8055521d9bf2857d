package runtime

import (
	"encoding/json"
	"time"
)

// SetNow sets the clock of r's own cache, for tests.
func SetNow(r *Registry, now func() time.Time) {
	if r.cache.mem != nil {
		r.cache.mem.now = now
	}
}

// CacheKey is the key of a call of the tool name with args, or "" if args
// are not JSON.
func CacheKey(name string, args json.RawMessage) string {
	key, _ := cacheKey(name, nil, args, decodingOf(&Settings{}))
	return key
}

// Canonical is the canonical form of the JSON text in, or "" if it is not
// JSON.
func Canonical(in string) string {
	var cz canonicalizer
	out, ok := cz.canonical([]byte(in), 64)
	if !ok {
		return ""
	}
	return string(out)
}

// Waiters returns how many calls have joined r's calls under way.
func Waiters(r *Registry) int {
	r.cache.mu.Lock()
	defer r.cache.mu.Unlock()
	n := 0
	for _, f := range r.cache.flights {
		n += f.waiters
	}
	return n
}

// Direct reports whether Execute calls the tool name straight.
func Direct(r *Registry, name string) bool {
	t := r.index.Load().get(name)
	return t != nil && t.direct != nil
}

// CacheKeyOf is the key of a call of the tool name with args in r, as if
// r had no tool of that name where it has none.
func (r *Registry) CacheKeyOf(name string, args json.RawMessage) string {
	var version []byte
	if t := r.index.Load().get(name); t != nil {
		version = t.version
	}
	key, _ := cacheKey(name, version, args, r.decoding)
	return key
}

// CacheUse returns how many results r's own cache holds and the bytes they
// take, as it counts them.
func CacheUse(r *Registry) (results, bytes int) {
	r.cache.mem.mu.Lock()
	defer r.cache.mem.mu.Unlock()
	return r.cache.mem.lru.Len(), r.cache.mem.used
}
