package runtime

import (
	"crypto/sha256"
	"slices"
	"sync"
	"time"
)

// resultCache keeps the successful results of calls of tools marked cache,
// by tool and arguments, until they expire or, when it is full, until
// they are the least recently stored.
type resultCache struct {
	mu      sync.Mutex
	size    int
	entries map[cacheKey]cacheEntry
	order   []cacheKey // each key of entries once, least recently stored first
}

// cacheKey identifies a call: a hash of the tool's name and the arguments'
// bytes, so that large arguments are not kept.
type cacheKey [sha256.Size]byte

type cacheEntry struct {
	res     Result
	expires time.Time
}

func keyOf(name string, args []byte) cacheKey {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{0})
	h.Write(args)
	var k cacheKey
	h.Sum(k[:0])
	return k
}

// get returns the result kept for k, if it has not expired at now.
func (c *resultCache) get(k cacheKey, now time.Time) (Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[k]
	if !ok || !now.Before(e.expires) {
		return Result{}, false
	}
	return e.res, true
}

// put keeps res for k until expires, dropping the oldest entry if the
// cache is full.
func (c *resultCache) put(k cacheKey, res Result, expires time.Time) {
	if c.size <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[cacheKey]cacheEntry)
	}
	if _, ok := c.entries[k]; ok {
		i := slices.Index(c.order, k)
		c.order = slices.Delete(c.order, i, i+1)
	} else if len(c.entries) == c.size {
		delete(c.entries, c.order[0])
		c.order = c.order[1:]
	}
	c.order = append(c.order, k)
	c.entries[k] = cacheEntry{res: res, expires: expires}
}
