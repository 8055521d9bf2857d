package runtime

import (
	"cmp"
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"hash/crc32"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Cache stores the results of calls of tools marked cache, so that a
// registry can reuse them ([Settings].Cache). A registry has one of its
// own, in memory; a Cache shared by many processes (Redis, memcached) lets
// a fleet reuse each other's results. Its methods are called concurrently,
// on the caller's goroutine with the call's context, outside the tool's
// timeout: a call waits for them, so they must return soon, and once ctx
// ends (a Get that ignores it holds the call past its deadline).
//
// A key is the tool's name, a colon and the hex SHA-256 of the name, the
// registry's CacheNamespace, its settings that decide what a call accepts
// (Lenient, NullOptional, the OpenAI dialect, MaxMemory), the format of
// its values, the tool's schemas (Parameters and Output) and leniency, so
// that two versions of a tool whose arguments or results differ never
// share results, and the call's arguments in a canonical form, so that
// arguments that differ only in white space, the order of the arguments or
// the escapes of strings share it. A value is opaque bytes: a byte that
// says what kind of result it is, its text (Output, or the JSON of
// multimodal Content) and a CRC-32C of both; its ttl is the cache=
// duration of the tool's directive. The registry modifies
// neither a value it passes to Set nor one Get returns, so a Cache may
// keep and return them as they are. A store's errors are the Cache's to
// handle: a Get that fails is a miss, a Set that fails stores nothing.
//
// A value that Get returns and that cannot be what a registry stored is a
// miss, counted by [Registry.BadCacheValues]: truncated or garbled (its
// checksum does not match), of no kind the registry writes, text that is
// not UTF-8, a structured result that is not JSON, or JSON that is not
// that of Content. The tool runs and its result replaces the value. (A
// value longer than Settings.MaxOutput, which a registry with a larger
// limit may store, is no bad value: the call fails asking for less, as
// the tool's own result of that length would make it.) The checks cost a pass or two over the
// value, no more. They find what a store garbles, not what it is told: a
// well-formed value that something else writes under a registry's key is
// served as the tool's result, so a shared store must be trusted as the
// tools are. (A text result that is not UTF-8, from a tool written by
// hand, is not given to a Cache.)
//
// Only successful results are stored, and a reused result is rebuilt from
// its value, so that no caller can change what another receives: its
// Success, Output and Structured are as the tool's call made them; Data,
// for a structured result, is a json.RawMessage of its own holding Output
// (decode it into the tool's type to get the value), for multimodal
// [Content] a copy of the Content, and for text nil. So that a program
// sees one type whether or not a result was reused, while caching is on
// the Data of every structured result of a tool marked cache is such a
// json.RawMessage, also for the call that ran the tool.
//
// Calls with the same key that run at the same time share one call of the
// tool, whatever the Cache: the first runs it, the others wait for its
// result, each until its own context ends. If that call fails, they fail
// the same way (the failure is not stored; its Data, if any, reaches each
// of them as a copy: multimodal Content as Content, other data as a
// json.RawMessage of its JSON); if its caller's context
// ended, one of them runs the tool instead. A result that cannot be
// stored, a tool written by hand whose Result has both text Output and
// Data, is not shared either: each of those calls runs the tool.
type Cache interface {
	// Get returns the value stored under key, unless there is none or it
	// has expired.
	Get(ctx context.Context, key string) (value []byte, ok bool)
	// Set stores value under key for ttl.
	Set(ctx context.Context, key string, value []byte, ttl time.Duration)
}

// resultCache is a registry's cache: its Cache and the calls of tools
// marked cache under way, by key.
type resultCache struct {
	store Cache        // nil when caching is off
	mem   *memoryCache // store, when it is the registry's own
	// bad counts the values of store that cannot be what a registry
	// stored (Registry.BadCacheValues).
	bad atomic.Int64

	mu      sync.Mutex
	flights map[string]*flight
}

// flight is a call of a tool marked cache under way, which calls with the
// same key wait for.
type flight struct {
	done    chan struct{} // closed when the fields below are set
	sent    bool          // done is closed; only the leader uses it
	waiters int           // how many calls joined it, under resultCache.mu
	// state says what the waiters do: reuse entry, return failure, run
	// the tool themselves (alone), or try again.
	state flightState
	entry cacheEntry
	fail  Result
}

type flightState int

const (
	flightAgain  flightState = iota // the leader's context ended
	flightStored                    // entry holds the result
	flightFailed                    // fail holds the failure
	flightAlone                     // a result that cannot be stored
)

// init sets up the cache that the settings s ask for.
func (c *resultCache) init(s Settings) {
	switch {
	case s.CacheSize < 0:
	case s.Cache != nil:
		c.store = s.Cache
	default:
		c.mem = &memoryCache{size: cmp.Or(s.CacheSize, 1024), bytes: cmp.Or(s.CacheBytes, 64<<20), now: time.Now}
		c.store = c.mem
	}
}

// cached runs a call of the tool t marked cache: it reuses the result
// stored for the call's key, waits for a call with the same key under
// way, or runs the tool and stores its result.
func (r *Registry) cached(ctx context.Context, t *entry, info *Info, args []byte, emit func(Chunk)) (Result, error) {
	key, ok := cacheKey(info.Name, t.version, args, r.decoding)
	if !ok {
		// Not JSON: the tool refuses the call, and failures are not stored.
		return r.capped(r.call(ctx, t, args, emit))
	}
	c := &r.cache
	if c.mem != nil {
		// The registry's own cache answers at once, with no flight to
		// join; a miss joins one, whose leader looks again.
		if res, ok := c.get(ctx, key); ok {
			return r.reuse(res, emit)
		}
	}
	for {
		// The flight is joined before a shared store is asked, so that
		// identical calls made while the first waits for the store wait
		// for it too, rather than each asking the store and, missing,
		// running the tool.
		f, lead := c.join(key)
		if lead {
			res, err := r.lead(ctx, t, info, args, key, f)
			if emit != nil && res.Success {
				emit(Chunk{Text: res.Output, Data: res.Data})
			}
			return res, err
		}
		select {
		case <-f.done:
		case <-ctx.Done():
			err := ctx.Err()
			return Result{Error: "the call was canceled: " + err.Error(), Err: err}, err
		}
		switch f.state {
		case flightStored:
			res, _ := f.entry.result(false)
			return r.reuse(res, emit)
		case flightFailed:
			res := f.fail
			res.Problems = slices.Clone(res.Problems)
			switch data := res.Data.(type) {
			case json.RawMessage:
				res.Data = slices.Clone(data)
			case Content:
				res.Data = cloneContent(data)
			}
			return res, nil
		case flightAlone:
			return r.capped(r.call(ctx, t, args, emit))
		}
		// The leader's context ended: one of the waiters leads now.
	}
}

// reuse returns a result rebuilt from a cache entry, as Execute would.
func (r *Registry) reuse(res Result, emit func(Chunk)) (Result, error) {
	res, _ = r.capped(res, nil)
	if emit != nil && res.Success {
		emit(Chunk{Text: res.Output, Data: res.Data})
	}
	return res, nil
}

// lead runs the call of flight f, the first with its key, stores its
// result and hands it to the calls that wait for it. Whatever happens,
// even a panic, f ends.
func (r *Registry) lead(ctx context.Context, t *entry, info *Info, args []byte, key string, f *flight) (res Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			res, err = Result{
				Error: panicText,
				Err:   &PanicError{Tool: info.Name, Value: v, Stack: debug.Stack()},
			}, nil
		}
		if !f.sent {
			switch {
			case !res.Success && (err != nil || ctx.Err() != nil):
				f.state = flightAgain
			case !res.Success:
				// The waiters' copies of the failure share nothing with
				// the caller's, which it may change.
				f.state = flightFailed
				f.fail = Result{Output: res.Output, Error: res.Error, Structured: res.Structured, Problems: slices.Clone(res.Problems), Err: res.Err}
				switch data := res.Data.(type) {
				case nil:
				case Content:
					f.fail.Data = cloneContent(data)
				default:
					if text, err := marshalNoEscape(data); err == nil {
						f.fail.Data = json.RawMessage(text)
					}
				}
			default:
				f.state = flightAlone
			}
			f.sent = true
			close(f.done)
		}
		r.cache.land(key, f)
	}()
	if e, res, ok := r.cache.entry(ctx, key); ok {
		f.state, f.entry, f.sent = flightStored, e, true
		close(f.done)
		return r.capped(res, nil)
	}
	res, err = r.capped(r.call(ctx, t, args, nil))
	if err != nil || !res.Success {
		return res, err
	}
	e, own, ok := entryOf(res)
	if !ok {
		return res, nil
	}
	f.state, f.entry, f.sent = flightStored, e, true
	close(f.done)
	if r.index.Load().get(info.Name) == t {
		// Not for a tool removed while it ran: one registered again
		// under its name starts afresh.
		r.cache.set(ctx, key, e, info.Cache)
	}
	return own, nil
}

// join returns the flight of key and whether the caller leads it, having
// started it.
func (c *resultCache) join(key string) (*flight, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f := c.flights[key]; f != nil {
		f.waiters++
		return f, false
	}
	if c.flights == nil {
		c.flights = make(map[string]*flight)
	}
	f := &flight{done: make(chan struct{})}
	c.flights[key] = f
	return f, true
}

// land removes the flight f of key, which has ended.
func (c *resultCache) land(key string, f *flight) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.flights[key] == f {
		delete(c.flights, key)
	}
}

// get returns the result stored under key.
func (c *resultCache) get(ctx context.Context, key string) (Result, bool) {
	_, res, ok := c.entry(ctx, key)
	return res, ok
}

// entry returns the entry stored under key and its result. A value of a
// shared store that cannot be what a registry stored is a miss, and
// counted.
func (c *resultCache) entry(ctx context.Context, key string) (cacheEntry, Result, bool) {
	if c.mem != nil {
		e, ok := c.mem.lookup(key)
		if !ok {
			return cacheEntry{}, Result{}, false
		}
		res, ok := e.result(false)
		return e, res, ok
	}
	value, ok := c.store.Get(ctx, key)
	if !ok {
		return cacheEntry{}, Result{}, false
	}
	e, ok := decodeValue(value)
	var res Result
	if ok {
		res, ok = e.result(true)
	}
	if !ok {
		// Garbled in the store, or written by something else: served, it
		// would reach the model and the program as the tool's result.
		// The tool runs, and its result replaces it.
		c.bad.Add(1)
		return cacheEntry{}, Result{}, false
	}
	return e, res, true
}

// set stores e under key for ttl. A shared store is not given an entry
// that its reader would refuse (text that is not UTF-8, from a tool
// written by hand), which every call would count as bad.
func (c *resultCache) set(ctx context.Context, key string, e cacheEntry, ttl time.Duration) {
	if c.mem != nil {
		c.mem.store(key, e, ttl)
		return
	}
	if e.valid() {
		c.store.Set(ctx, key, e.value(), ttl)
	}
}

// BadCacheValues returns how many values the registry's [Cache] returned
// that cannot be what a registry stored: truncated or garbled in the store
// (their checksum says so), or well formed but of no kind of result a
// registry writes (text that is not UTF-8, a structured result that is
// not JSON, multimodal Content whose JSON is not that of Content). Each
// was a miss: the tool ran, and its
// result, stored, replaced the value. A number that grows means that the
// store garbles values or that something else writes under the registry's
// keys. The registry's own cache has none.
func (r *Registry) BadCacheValues() int64 { return r.cache.bad.Load() }

// drop forgets the tool name: its results in the registry's own cache,
// and its calls under way, which calls made from now on do not join.
func (c *resultCache) drop(name string) {
	prefix := name + ":" // a name has no colon
	if c.mem != nil {
		c.mem.drop(prefix)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for key := range c.flights {
		if strings.HasPrefix(key, prefix) {
			delete(c.flights, key)
		}
	}
}

// cacheEntry is a stored result: its kind and its text.
type cacheEntry struct {
	kind byte
	text string
}

// The kinds of cache entries, the first byte of a value.
const (
	kindText    = 't' // text is Output
	kindJSON    = 'j' // text is Output, the JSON of a structured result
	kindContent = 'c' // text is the JSON of Content
)

// castagnoli is the table of CRC-32C, which CPUs work out in hardware.
var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// value returns the value of e that a Cache stores: its kind, its text and
// the CRC-32C of both, big-endian. (Keys say so: decodeChecksum.)
func (e cacheEntry) value() []byte {
	value := make([]byte, 0, 1+len(e.text)+4)
	value = append(append(value, e.kind), e.text...)
	return binary.BigEndian.AppendUint32(value, crc32.Checksum(value, castagnoli))
}

// decodeValue returns the entry of a value that a Cache returned, or false
// if the value cannot be one a registry stored: too short, not matching
// its checksum (truncated or garbled), or not valid.
func decodeValue(value []byte) (cacheEntry, bool) {
	n := len(value) - 4
	if n < 1 || crc32.Checksum(value[:n], castagnoli) != binary.BigEndian.Uint32(value[n:]) {
		return cacheEntry{}, false
	}
	if !validText(value[0], value[1:n]) {
		return cacheEntry{}, false
	}
	return cacheEntry{kind: value[0], text: string(value[1:n])}, true
}

// valid reports whether e can be what a registry stored (validText).
func (e cacheEntry) valid() bool { return validText(e.kind, []byte(e.text)) }

// validText reports whether text can be that of an entry of kind kind that
// a registry stored: a known kind, UTF-8, and JSON for a structured result
// (json.Valid does not look at UTF-8, and a structured Output is written
// out as it is, so the model would get broken JSON). Whether the text of
// Content is the JSON of Content, result tells. The work is a pass over
// the text, two for a structured result.
func validText(kind byte, text []byte) bool {
	switch kind {
	case kindText, kindContent:
		return utf8.Valid(text)
	case kindJSON:
		return utf8.Valid(text) && json.Valid(text)
	}
	return false
}

// entryOf returns the cache entry of the successful result res and the
// result that the call that made it returns, or false if res cannot be
// rebuilt from an entry.
func entryOf(res Result) (e cacheEntry, own Result, ok bool) {
	switch data := res.Data.(type) {
	case nil:
		if res.Structured && res.Output != "" {
			break
		}
		return cacheEntry{kindText, res.Output}, Result{Success: true, Output: res.Output}, true
	case Content:
		if res.Output != data.String() {
			return cacheEntry{}, res, false
		}
		text, err := marshalNoEscape(data)
		if err != nil {
			return cacheEntry{}, res, false
		}
		e := cacheEntry{kindContent, string(text)}
		if again, ok := e.result(true); !ok || again.Output != res.Output {
			// Content whose JSON does not rebuild it as it was (a part
			// with empty, non-nil Data, "0 bytes", loses it): reused, its
			// Output would not be the call's.
			return cacheEntry{}, res, false
		}
		return e, Result{Success: true, Output: res.Output, Data: data}, true
	default:
		if res.Structured && res.Output != "" {
			break
		}
		if res.Output != "" {
			return cacheEntry{}, res, false // both text and data: a Result made by hand
		}
		text, err := marshalNoEscape(data)
		if err != nil {
			return cacheEntry{}, res, false
		}
		res.Output = string(text)
	}
	e = cacheEntry{kindJSON, res.Output}
	own, _ = e.result(false)
	return e, own, true
}

// result rebuilds the result of e, with its own copy of anything a caller
// could modify; strict for a value of a shared store, whose Content must
// be JSON as a registry writes it (decodeContent).
func (e cacheEntry) result(strict bool) (Result, bool) {
	switch e.kind {
	case kindText:
		return Result{Success: true, Output: e.text}, true
	case kindJSON:
		return Result{Success: true, Structured: true, Output: e.text, Data: json.RawMessage(e.text)}, true
	case kindContent:
		var c Content
		if strict {
			var ok bool
			if c, ok = decodeContent(e.text); !ok {
				return Result{}, false
			}
		} else if err := json.Unmarshal([]byte(e.text), &c); err != nil {
			return Result{}, false
		}
		return Result{Success: true, Output: c.String(), Data: c}, true
	}
	return Result{}, false
}

// decodeContent decodes the JSON of Content as a registry writes it: an
// array of parts (or null) with no field a Part does not have, no data
// that is empty rather than absent (which the JSON of a Part leaves out),
// and nothing after it.
func decodeContent(text string) (Content, bool) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.DisallowUnknownFields()
	var c Content
	if err := dec.Decode(&c); err != nil || dec.InputOffset() != int64(len(text)) {
		return nil, false
	}
	for _, p := range c {
		if p.Data != nil && len(p.Data) == 0 {
			return nil, false
		}
	}
	return c, true
}

// memoryCache is a registry's own Cache: the most recently used results,
// in memory, until they expire.
type memoryCache struct {
	mu      sync.Mutex
	size    int // the most entries it holds
	bytes   int // the most memory its entries take, as memoryEntry.bytes counts
	used    int // what its entries take now
	now     func() time.Time
	entries map[string]*list.Element // of *memoryEntry
	lru     list.List                // most recently used first
}

// entryOverhead is about what an entry takes beside its key and text: the
// memoryEntry, its list element and its place in the map.
const entryOverhead = 160

type memoryEntry struct {
	key     string
	e       cacheEntry
	expires time.Time
}

// entryBytes is what the entry of key holding e takes.
func entryBytes(key string, e cacheEntry) int {
	return len(key) + len(e.text) + entryOverhead
}

func (m *memoryCache) Get(ctx context.Context, key string) ([]byte, bool) {
	e, ok := m.lookup(key)
	if !ok {
		return nil, false
	}
	return e.value(), true
}

func (m *memoryCache) Set(ctx context.Context, key string, value []byte, ttl time.Duration) {
	if e, ok := decodeValue(value); ok {
		m.store(key, e, ttl)
	}
}

// lookup returns the entry of key, unless it has expired.
func (m *memoryCache) lookup(key string) (cacheEntry, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	el, ok := m.entries[key]
	if !ok {
		return cacheEntry{}, false
	}
	me := el.Value.(*memoryEntry)
	if !m.now().Before(me.expires) {
		m.remove(el)
		return cacheEntry{}, false
	}
	m.lru.MoveToFront(el)
	return me.e, true
}

// store keeps e under key for ttl, dropping the least recently used
// entries while the cache would hold too many or take too much. An entry
// larger than an eighth of the cache's bytes is not kept (nor one it held
// under key before).
func (m *memoryCache) store(key string, e cacheEntry, ttl time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.entries[key]; ok {
		m.remove(el)
	}
	n := entryBytes(key, e)
	if n > m.bytes/8 {
		return
	}
	if m.entries == nil {
		m.entries = make(map[string]*list.Element)
	}
	for m.lru.Len() > 0 && (m.lru.Len() >= m.size || m.used+n > m.bytes) {
		m.remove(m.lru.Back())
	}
	m.entries[key] = m.lru.PushFront(&memoryEntry{key, e, m.now().Add(ttl)})
	m.used += n
}

// remove takes the entry el out of the cache.
func (m *memoryCache) remove(el *list.Element) {
	me := el.Value.(*memoryEntry)
	m.lru.Remove(el)
	delete(m.entries, me.key)
	m.used -= entryBytes(me.key, me.e)
}

// drop removes the entries whose keys begin with prefix.
func (m *memoryCache) drop(prefix string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for key, el := range m.entries {
		if strings.HasPrefix(key, prefix) {
			m.remove(el)
		}
	}
}

// cacheKey returns the key of a call of the tool name, of the version
// given by toolVersion, with the arguments args, or false if args are not
// JSON nested at most maxDepth deep.
func cacheKey(name string, version, args []byte, dec decoding) (string, bool) {
	cz := canonPool.Get().(*canonicalizer)
	defer canonPool.Put(cz)
	canon, ok := cz.canonical(args, dec.maxDepth) // deeper arguments are refused, not stored
	if !ok {
		return "", false
	}
	h := sha256.New()
	h.Write([]byte(name))
	h.Write(dec.prefix)
	h.Write(version)
	h.Write(canon)
	var sum [sha256.Size]byte
	key := make([]byte, 0, len(name)+1+2*sha256.Size)
	key = append(append(key, name...), ':')
	return string(hex.AppendEncode(key, h.Sum(sum[:0]))), true
}

// toolVersion returns the digest of what a cache key holds of the tool of
// info besides its name: the schema of its arguments, its leniency and
// the schema of its results, so that processes sharing a Cache with two
// versions of a tool (a fleet being upgraded) never reuse each other's
// results of another shape, nor of arguments one of them would refuse.
func toolVersion(info *Info) []byte {
	h := sha256.New()
	for _, b := range [][]byte{info.Parameters, info.Output} {
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(b))))
		h.Write(b)
	}
	if info.Lenient {
		h.Write([]byte{1})
	} else {
		h.Write([]byte{0})
	}
	return h.Sum(nil)
}

// decoding is what a registry's cache keys hold besides the tool's name
// and the arguments: prefix, its namespace and the settings that decide
// which arguments its calls accept, so that registries sharing a store
// never reuse a result of another namespace, nor of arguments the other
// would refuse; and maxDepth, which the key needs not hold, as arguments
// deeper than it are never stored.
type decoding struct {
	prefix   []byte
	maxDepth int
}

const (
	decodeLenient = 1 << iota
	decodeNullOptional
	// decodeChecksum is in every key: its values end with a checksum, so
	// that registries whose values had none, sharing a store with this
	// one (a fleet being upgraded), never read its values nor it theirs.
	decodeChecksum = 1 << 7
)

func decodingOf(s *Settings) decoding {
	flags := byte(decodeChecksum)
	if s.Lenient {
		flags |= decodeLenient
	}
	if s.NullOptional {
		flags |= decodeNullOptional
	}
	// A 0 after the name, which has none, then fields of fixed length
	// before the namespace, the only one of any length: no two settings
	// write the same bytes.
	p := []byte{0, flags}
	p = binary.BigEndian.AppendUint64(p, uint64(cmp.Or(s.MaxMemory, defaultMaxMemory)))
	p = binary.BigEndian.AppendUint64(p, uint64(len(s.CacheNamespace)))
	p = append(p, s.CacheNamespace...)
	return decoding{prefix: append(p, 0), maxDepth: cmp.Or(s.MaxDepth, 64)}
}

var canonPool = sync.Pool{New: func() any { return new(canonicalizer) }}

// canonicalizer writes JSON in a canonical form: no white space between
// tokens; the members of the arguments object in the order of their keys,
// compared as by strings.EqualFold, those with equal keys in the order
// given (a decoder may match keys regardless of case, and the last of
// repeated keys may win); strings with escapes for ", \ and control
// characters only, as \b, \f, \n, \r, \t or \u00xx, and a lone surrogate
// escape as U+FFFD, as the decoder reads it; numbers as written. Two texts
// with the same canonical form decode to the same arguments.
//
// Only the outermost object, whose keys are the names of the arguments, is
// sorted: a nested object may be a map whose key type reads two keys as
// one (time.Time reads 2024-01-01T00:00:00Z and 2024-01-01T00:00:00.0Z
// alike), where the order of the members decides which value stays. An
// outermost object of more members than any tool has arguments is not
// sorted either: it will be refused, and sorting it would cost more than
// refusing it.
type canonicalizer struct {
	in      []byte
	pos     int
	depth   int
	top     int // depth outside the outermost object
	out     []byte
	members []member // of the objects being written, innermost last
	tmp     []byte
}

// member is where an object member is in out: its key from start to
// colon, the value after colon up to end.
type member struct{ start, colon, end int }

// canonical returns the canonical form of the JSON text in, valid until
// the next use of cz, or false if in is not JSON nested at most maxDepth
// deep. Empty text (or white space) stands for {}, as for the decoder.
func (cz *canonicalizer) canonical(in []byte, maxDepth int) ([]byte, bool) {
	*cz = canonicalizer{in: in, depth: maxDepth, top: maxDepth, out: cz.out[:0], members: cz.members[:0], tmp: cz.tmp[:0]}
	defer func() { cz.in = nil }()
	cz.ws()
	if cz.pos == len(in) {
		return append(cz.out, "{}"...), true
	}
	if !cz.value() {
		return nil, false
	}
	cz.ws()
	return cz.out, cz.pos == len(in)
}

func (cz *canonicalizer) ws() {
	for cz.pos < len(cz.in) {
		switch cz.in[cz.pos] {
		case ' ', '\t', '\n', '\r':
			cz.pos++
		default:
			return
		}
	}
}

func (cz *canonicalizer) value() bool {
	if cz.pos >= len(cz.in) {
		return false
	}
	switch c := cz.in[cz.pos]; {
	case c == '{':
		return cz.object()
	case c == '[':
		return cz.array()
	case c == '"':
		return cz.string()
	case c == '-' || '0' <= c && c <= '9':
		return cz.number()
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(cz.in)-cz.pos >= len(lit) && string(cz.in[cz.pos:cz.pos+len(lit)]) == lit {
			cz.out = append(cz.out, lit...)
			cz.pos += len(lit)
			return true
		}
	}
	return false
}

// open starts an object or array, if it is not too deep.
func (cz *canonicalizer) open() bool {
	if cz.depth == 0 {
		return false
	}
	cz.depth--
	cz.out = append(cz.out, cz.in[cz.pos])
	cz.pos++
	cz.ws()
	return true
}

func (cz *canonicalizer) array() bool {
	if !cz.open() {
		return false
	}
	for n := 0; ; n++ {
		if cz.pos < len(cz.in) && cz.in[cz.pos] == ']' {
			break
		}
		if n > 0 {
			if cz.pos >= len(cz.in) || cz.in[cz.pos] != ',' {
				return false
			}
			cz.out = append(cz.out, ',')
			cz.pos++
			cz.ws()
		}
		if !cz.value() {
			return false
		}
		cz.ws()
	}
	cz.out = append(cz.out, ']')
	cz.pos++
	cz.depth++
	return true
}

func (cz *canonicalizer) object() bool {
	if !cz.open() {
		return false
	}
	base := len(cz.members)
	body := len(cz.out)
	for n := 0; ; n++ {
		if cz.pos < len(cz.in) && cz.in[cz.pos] == '}' {
			break
		}
		if n > 0 {
			if cz.pos >= len(cz.in) || cz.in[cz.pos] != ',' {
				return false
			}
			cz.out = append(cz.out, ',')
			cz.pos++
			cz.ws()
		}
		start := len(cz.out)
		if cz.pos >= len(cz.in) || cz.in[cz.pos] != '"' || !cz.string() {
			return false
		}
		colon := len(cz.out)
		cz.ws()
		if cz.pos >= len(cz.in) || cz.in[cz.pos] != ':' {
			return false
		}
		cz.out = append(cz.out, ':')
		cz.pos++
		cz.ws()
		if !cz.value() {
			return false
		}
		cz.members = append(cz.members, member{start, colon, len(cz.out)})
		cz.ws()
	}
	cz.pos++
	cz.depth++
	ms := cz.members[base:]
	less := func(a, b member) int { return foldCompare(cz.out[a.start+1:a.colon-1], cz.out[b.start+1:b.colon-1]) }
	if cz.depth == cz.top && len(ms) <= maxSorted && !slices.IsSortedFunc(ms, less) {
		slices.SortStableFunc(ms, less)
		cz.tmp = append(cz.tmp[:0], cz.out[body:]...)
		cz.out = cz.out[:body]
		for i, m := range ms {
			if i > 0 {
				cz.out = append(cz.out, ',')
			}
			cz.out = append(cz.out, cz.tmp[m.start-body:m.end-body]...)
		}
	}
	cz.members = cz.members[:base]
	cz.out = append(cz.out, '}')
	return true
}

// maxSorted is the most members of an arguments object whose order the
// canonical form sorts.
const maxSorted = 256

func (cz *canonicalizer) number() bool {
	in, i := cz.in, cz.pos
	digits := func() bool {
		start := i
		for i < len(in) && '0' <= in[i] && in[i] <= '9' {
			i++
		}
		return i > start
	}
	if in[i] == '-' {
		i++
	}
	switch {
	case i < len(in) && in[i] == '0':
		i++
	case !digits():
		return false
	}
	if i < len(in) && in[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(in) && (in[i] == 'e' || in[i] == 'E') {
		i++
		if i < len(in) && (in[i] == '+' || in[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	cz.out = append(cz.out, in[cz.pos:i]...)
	cz.pos = i
	return true
}

// string writes the string at cz.pos, which starts with '"'.
func (cz *canonicalizer) string() bool {
	in := cz.in
	i := cz.pos + 1
	cz.out = append(cz.out, '"')
	for i < len(in) {
		c := in[i]
		switch {
		case c == '"':
			cz.out = append(cz.out, '"')
			cz.pos = i + 1
			return true
		case c < 0x20:
			return false
		case c < utf8.RuneSelf && c != '\\':
			cz.out = append(cz.out, c)
			i++
			continue
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRune(in[i:])
			if r == utf8.RuneError && size == 1 {
				return false // the decoder refuses invalid UTF-8
			}
			cz.out = append(cz.out, in[i:i+size]...)
			i += size
			continue
		}
		if i+1 >= len(in) {
			return false
		}
		var r rune
		switch e := in[i+1]; e {
		case '"', '\\', '/':
			r = rune(e)
		case 'b':
			r = '\b'
		case 'f':
			r = '\f'
		case 'n':
			r = '\n'
		case 'r':
			r = '\r'
		case 't':
			r = '\t'
		case 'u':
			var ok bool
			if r, ok = hex4(in, i+2); !ok {
				return false
			}
			i += 6
			if utf16.IsSurrogate(r) {
				// As the decoder reads it: a valid pair is one rune, a
				// lone surrogate U+FFFD.
				r2, ok := hex4(in, i+2)
				if dec := utf16.DecodeRune(r, r2); ok && in[i] == '\\' && in[i+1] == 'u' && dec != utf8.RuneError {
					r = dec
					i += 6
				} else {
					r = utf8.RuneError
				}
			}
			cz.writeRune(r)
			continue
		default:
			return false
		}
		cz.writeRune(r)
		i += 2
	}
	return false
}

// writeRune writes r in a string, escaped if it must be.
func (cz *canonicalizer) writeRune(r rune) {
	const hexDigits = "0123456789abcdef"
	switch r {
	case '"', '\\':
		cz.out = append(cz.out, '\\', byte(r))
	case '\b':
		cz.out = append(cz.out, '\\', 'b')
	case '\f':
		cz.out = append(cz.out, '\\', 'f')
	case '\n':
		cz.out = append(cz.out, '\\', 'n')
	case '\r':
		cz.out = append(cz.out, '\\', 'r')
	case '\t':
		cz.out = append(cz.out, '\\', 't')
	default:
		if r < 0x20 {
			cz.out = append(cz.out, '\\', 'u', '0', '0', hexDigits[r>>4], hexDigits[r&0xf])
		} else {
			cz.out = utf8.AppendRune(cz.out, r)
		}
	}
}

// hex4 reads the four hex digits of a \u escape at in[i:].
func hex4(in []byte, i int) (rune, bool) {
	if i+4 > len(in) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(in[i:i+4]), 16, 16)
	return rune(n), err == nil
}

// foldCompare compares the strings a and b as if each rune were the
// smallest of those that Unicode case folding makes equal to it: 0 if
// strings.EqualFold(a, b).
func foldCompare(a, b []byte) int {
	for len(a) > 0 && len(b) > 0 {
		ra, na := rune(a[0]), 1
		if ra >= utf8.RuneSelf {
			ra, na = utf8.DecodeRune(a)
		}
		rb, nb := rune(b[0]), 1
		if rb >= utf8.RuneSelf {
			rb, nb = utf8.DecodeRune(b)
		}
		if c := cmp.Compare(foldRune(ra), foldRune(rb)); c != 0 {
			return c
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
}

// foldRune returns the same rune for all the runes that Unicode case
// folding makes equal: the least of them, in lower case if it is ASCII.
func foldRune(r rune) rune {
	if r >= utf8.RuneSelf {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		r = least
	}
	if 'A' <= r && r <= 'Z' {
		r += 'a' - 'A'
	}
	return r
}

// cloneContent returns a copy of c that shares no memory with it.
func cloneContent(c Content) Content {
	c = slices.Clone(c)
	for i := range c {
		c[i].Data = slices.Clone(c[i].Data)
	}
	return c
}
