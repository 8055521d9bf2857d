package runtime

import (
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/toolgen-go/toolgen/runtime/internal/session"
)

// Registry holds a program's tools by name: it lists their definitions for
// a model and executes the calls the model makes. It is safe for concurrent
// use, and tools may be added and removed while it serves calls
// ([Registry.Remove], [Registry.Watch]).
type Registry struct {
	// settings are a copy of those given to NewRegistry, with
	// NullOptional set for the OpenAI dialect and no nil Middleware.
	settings Settings
	maxBytes int      // Settings.MaxBytes or its default
	decoding decoding // the settings a cache key holds
	cache    resultCache

	// handler is core wrapped in the middleware, or nil without
	// middleware.
	handler Handler

	abandoned atomic.Int64
	// index is the tools by name for Execute, replaced whole by Register
	// and Remove, so that a call takes no lock.
	index atomic.Pointer[toolIndex]

	mu    sync.RWMutex
	tools map[string]Tool
	defs  []Definition // sorted by name

	watch watchers
}

// NewRegistry returns an empty registry with the settings s; nil means
// the defaults, as does the zero Settings. The registry keeps a copy of *s,
// Middleware included: later changes to the caller's Settings do not reach
// it.
func NewRegistry(s *Settings) *Registry {
	r := &Registry{
		tools: make(map[string]Tool),
	}
	if s != nil {
		r.settings = *s
	}
	r.settings.NullOptional = r.settings.NullOptional || r.settings.Dialect == OpenAI
	r.decoding = decodingOf(&r.settings)
	r.settings.Middleware = slices.DeleteFunc(slices.Clone(r.settings.Middleware), func(m Middleware) bool { return m == nil })
	r.cache.init(r.settings)
	r.maxBytes = cmp.Or(r.settings.MaxBytes, defaultMaxBytes)
	r.index.Store(newToolIndex(nil))
	if len(r.settings.Middleware) > 0 {
		r.handler = r.chain(r.core)
	}
	return r
}

var nameRE = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// Register adds tools to the registry. It adds none of them and returns an
// error if a tool is nil, has an invalid name or no description, has the
// name of a tool already registered or of another tool in the same call,
// or asks for what cannot be done (cache with confirm; retries or cache
// for a streamable tool).
//
// A registry may gain and lose tools while it serves calls: the tools
// added are listed and run from the moment Register returns, and the
// functions given to [Registry.Watch] are told.
func (r *Registry) Register(tools ...Tool) error {
	if err := r.register(tools); err != nil || len(tools) == 0 {
		return err
	}
	r.watch.changed()
	return nil
}

func (r *Registry) register(tools []Tool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	added := make(map[string]bool, len(tools))
	for i, t := range tools {
		if t == nil {
			return fmt.Errorf("runtime: tool %d is nil", i)
		}
		info := t.Info()
		switch {
		case !nameRE.MatchString(info.Name):
			return fmt.Errorf("runtime: invalid tool name %q: want ^[a-zA-Z0-9_-]{1,64}$", info.Name)
		case strings.TrimSpace(info.Description) == "":
			return fmt.Errorf("runtime: tool %s has no description", info.Name)
		case r.tools[info.Name] != nil || added[info.Name]:
			return fmt.Errorf("runtime: duplicate tool name %q", info.Name)
		}
		if _, ok := t.(InvokableTool); !ok {
			return fmt.Errorf("runtime: tool %s is not invokable", info.Name)
		}
		if err := derivable(info); err != nil {
			return err
		}
		if info.Cache > 0 && info.Confirm {
			return fmt.Errorf("runtime: tool %s is marked both cache and confirm: a reused result would skip the approval", info.Name)
		}
		if _, ok := t.(StreamableTool); ok && (info.Cache > 0 || info.Retries > 0) {
			return fmt.Errorf("runtime: tool %s streams its result, so it cannot take retries or cache", info.Name)
		}
		added[info.Name] = true
	}
	index := maps.Clone(r.index.Load().byName)
	if index == nil {
		index = make(map[string]*entry, len(tools))
	}
	for _, t := range tools {
		info := t.Info()
		r.tools[info.Name] = t
		index[info.Name] = r.newEntry(t)
		if params := info.ParametersFor(r.settings.Dialect); params != nil {
			r.defs = append(r.defs, Definition{Name: info.Name, Description: info.Description, Parameters: params})
		}
	}
	r.index.Store(newToolIndex(index))
	slices.SortFunc(r.defs, func(a, b Definition) int { return strings.Compare(a.Name, b.Name) })
	return nil
}

// Remove takes the tools named out of the registry, ignoring names it does
// not have: from the moment it returns they are no longer listed, and a
// call of one of them fails as a call of an unknown tool does, while calls
// that had begun before finish. So that a tool registered again under the
// same name starts afresh, the results of a removed tool marked cache
// are dropped from the registry's own cache (a shared [Cache] keeps them
// until they expire), its calls under way store nothing, and new calls do
// not wait for them. The functions given to [Registry.Watch] are told
// if a tool was removed.
func (r *Registry) Remove(names ...string) {
	if r.remove(names) {
		r.watch.changed()
	}
}

func (r *Registry) remove(names []string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	var index map[string]*entry
	for _, name := range names {
		if _, ok := r.tools[name]; !ok {
			continue
		}
		if index == nil {
			index = maps.Clone(r.index.Load().byName)
		}
		delete(r.tools, name)
		delete(index, name)
		r.cache.drop(name)
	}
	if index == nil {
		return false
	}
	r.index.Store(newToolIndex(index))
	r.defs = slices.DeleteFunc(r.defs, func(d Definition) bool { return r.tools[d.Name] == nil })
	return true
}

// Watch makes the registry call fn after each change of its tools (a
// Register that added tools, a Remove that removed some), so that an
// adapter can tell its clients that the list changed; stop ends that.
//
// fn is called on the goroutine of a Register or Remove, never under the
// registry's lock, so it may use the registry (Definitions, Lookup,
// Register and Remove too). The calls of all of a registry's watchers are
// made one at a time: a change made while they are under way, on the
// same goroutine or another, is reported by another round once they
// return, so one call may stand for several changes, and fn should read
// the list as it is then rather than count changes. When Register or
// Remove returns, fn has been called after its change, unless a round was
// under way already (on another goroutine, or on this one when a watcher
// made the change), which then calls fn again. After stop returns, fn is not called again, except by a round
// that had already begun on another goroutine. A panic in fn goes on to
// the caller of Register or Remove, whose change stands.
func (r *Registry) Watch(fn func()) (stop func()) {
	return r.watch.add(fn)
}

// watchers are the functions given to Registry.Watch, and the state of
// the rounds that call them.
type watchers struct {
	mu      sync.Mutex
	list    []*watcher // replaced, never changed in place, by stop
	running bool       // a round is under way
	pending bool       // a change has been made since the round began
}

type watcher struct {
	fn      func()
	stopped atomic.Bool
}

func (ws *watchers) add(fn func()) (stop func()) {
	w := &watcher{fn: fn}
	ws.mu.Lock()
	defer ws.mu.Unlock()
	ws.list = append(ws.list, w)
	return func() {
		w.stopped.Store(true)
		ws.mu.Lock()
		defer ws.mu.Unlock()
		ws.list = slices.DeleteFunc(slices.Clone(ws.list), func(x *watcher) bool { return x == w })
	}
}

// changed reports a change to the watchers: it runs rounds of calls until
// no change is pending, unless a round is under way, which will run one
// more.
func (ws *watchers) changed() {
	ws.mu.Lock()
	ws.pending = true
	if ws.running {
		ws.mu.Unlock()
		return
	}
	ws.running = true
	done := false
	defer func() {
		if !done { // a watcher panicked: the panic goes on, the next change starts a round
			ws.mu.Lock()
			ws.running = false
			ws.mu.Unlock()
		}
	}()
	for ws.pending {
		ws.pending = false
		list := ws.list
		ws.mu.Unlock()
		for _, w := range list {
			if !w.stopped.Load() {
				w.fn()
			}
		}
		ws.mu.Lock()
	}
	ws.running = false
	done = true
	ws.mu.Unlock()
}

// Definitions returns the definitions of all tools in the registry's
// dialect, sorted by name, so that
// their encoding is the same bytes for every request and prompt caches hit.
// The Parameters of each are shared and must not be modified.
func (r *Registry) Definitions() []Definition {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return slices.Clone(r.defs)
}

// Groups returns the groups of the registry's tools (the group option of
// their directives), sorted, without "" for tools of no group. With many
// tools, a program can first let the model choose a group, then hand it
// only that group's definitions.
func (r *Registry) Groups() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var groups []string
	for _, d := range r.defs {
		if g := r.tools[d.Name].Info().Group; g != "" && !slices.Contains(groups, g) {
			groups = append(groups, g)
		}
	}
	slices.Sort(groups)
	return groups
}

// GroupDefinitions returns the definitions of the tools of group, as
// Definitions does for all; "" stands for the tools of no group.
func (r *Registry) GroupDefinitions(group string) []Definition {
	r.mu.RLock()
	defer r.mu.RUnlock()
	var defs []Definition
	for _, d := range r.defs {
		if r.tools[d.Name].Info().Group == group {
			defs = append(defs, d)
		}
	}
	return defs
}

// Dialect returns the dialect of the schemas that Definitions returns.
func (r *Registry) Dialect() Dialect { return r.settings.Dialect }

// Lookup returns the tool with the given name.
func (r *Registry) Lookup(name string) (Tool, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	t, ok := r.tools[name]
	return t, ok
}

// Execute runs one call of the tool name with the JSON arguments args, as a
// model wrote them, and returns what the model should see.
//
// An unknown tool (or one left out of the registry's dialect, which its
// model was never given), arguments that do not match the tool's schema
// and a failure that the tool reports all come back as a Result with
// Success false and an Error the model can act on, and a nil error. The error is
// non-nil only when ctx ends before or during the call: the program, not
// the model, must handle that. The Result is never nil.
//
// Execute carries out the tool's directive: a tool marked confirm runs only
// after the registry's [Approver] says yes; a tool with retries runs again
// after a failure it marked [Retryable], or a timeout; and the successful
// Result of a tool marked cache is reused for calls with the same
// arguments (the same JSON, whatever its white space, escapes and order of
// arguments) until it expires, and identical calls at the same time run
// the tool once. Each caller gets a Result of its own (see [Cache]).
//
// The registry's middleware ([Settings.Middleware]) wraps the call, outside
// all of this.
func (r *Registry) Execute(ctx context.Context, name string, args json.RawMessage) (*Result, error) {
	res, err := r.execute(ctx, "", name, args, nil)
	return &res, err
}

// ExecuteStream is Execute handing the result to emit as it comes: each
// chunk of a [StreamableTool] as soon as the tool yields it, the result of
// any other tool (or one reused from the cache) as one chunk. emit is
// called one chunk at a time, never after ExecuteStream returns; so a
// call returns, even at its deadline, only once emit has handed out the
// chunk it holds. The Result is the same as Execute's.
func (r *Registry) ExecuteStream(ctx context.Context, name string, args json.RawMessage, emit func(Chunk)) (*Result, error) {
	res, err := r.execute(ctx, "", name, args, emit)
	return &res, err
}

// ExecuteCall is Execute, or ExecuteStream if emit is set, for one call as
// the model made it: its ID reaches the middleware and the approver, as
// the IDs of ExecuteAll's calls do. The call's Tool is ignored.
func (r *Registry) ExecuteCall(ctx context.Context, call Call, emit func(Chunk)) (*Result, error) {
	res, err := r.execute(ctx, call.ID, call.Name, call.Args, emit)
	return &res, err
}

// ExecuteAll runs the calls a model asked for in one turn, all at once,
// each as Execute would, and returns their Results in the calls' order.
// One call's failure does not stop the others. A call whose ID an earlier
// call has is not run (the model could not tell their answers apart, and
// a tool marked confirm would run twice): its Result is a failure that
// says so. The error is non-nil only when ctx ended; every Result is set
// even then. The registry's middleware sees each call with its ID, a
// repeated one too (its next returns the refusal without running the
// tool); the registry ignores the calls' Tool.
func (r *Registry) ExecuteAll(ctx context.Context, calls []Call) ([]Result, error) {
	results := make([]Result, len(calls))
	if len(calls) == 1 {
		var err error
		results[0], err = r.execute(ctx, calls[0].ID, calls[0].Name, calls[0].Args, nil)
		return results, err
	}
	repeated := repeatedIDs(calls)
	errs := make([]error, len(calls))
	var slots chan struct{} // Settings.Concurrency calls at once
	if n := r.settings.Concurrency; n > 0 && n < len(calls) {
		slots = make(chan struct{}, n)
	}
	var wg sync.WaitGroup
	for i, c := range calls {
		if repeated != nil && repeated[i] {
			refusal := Result{Error: fmt.Sprintf("this call repeats the id %q of an earlier call in the same turn, so it was not run", cut(c.ID, maxToolName))}
			if r.handler == nil {
				results[i] = refusal
				continue
			}
			// The middleware sees it too, so that logs, traces and
			// metrics count every call the model made.
			wg.Go(func() { results[i], errs[i] = r.refuse(ctx, c, refusal) })
			continue
		}
		if slots != nil {
			slots <- struct{}{}
		}
		wg.Go(func() {
			if slots != nil {
				defer func() { <-slots }()
			}
			results[i], errs[i] = r.execute(ctx, c.ID, c.Name, c.Args, nil)
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return results, err
		}
	}
	return results, nil
}

// refuse hands the middleware the call c, which the registry does not
// run, for its Result refusal: next returns refusal.
func (r *Registry) refuse(ctx context.Context, c Call, refusal Result) (res Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			res, err = Result{
				Error: panicText,
				Err:   &PanicError{Tool: c.Name, Value: v, Stack: debug.Stack(), Middleware: true},
			}, nil
		}
	}()
	call := Call{ID: c.ID, Name: c.Name, Args: c.Args}
	if t := r.index.Load().get(c.Name); t != nil && t.listed {
		call.Tool = t.info
	}
	return r.chain(func(context.Context, Call) (Result, error) { return refusal, nil })(ctx, call)
}

// repeatedIDs marks the calls whose ID, not empty, an earlier call has;
// it is nil when there are none. A turn's few calls are compared with
// each other; many, through a set, so that a model's thousands cost no
// more than their number.
func repeatedIDs(calls []Call) []bool {
	var repeated []bool
	var seen map[string]bool
	if len(calls) > 16 {
		seen = make(map[string]bool, len(calls))
	}
	for i, c := range calls {
		if c.ID == "" {
			continue
		}
		var again bool
		if seen != nil {
			again = seen[c.ID]
			seen[c.ID] = true
		} else {
			again = slices.ContainsFunc(calls[:i], func(e Call) bool { return e.ID == c.ID })
		}
		if again {
			if repeated == nil {
				repeated = make([]bool, len(calls))
			}
			repeated[i] = true
		}
	}
	return repeated
}

// execute runs the call id of the tool name through the registry's
// middleware, if any.
func (r *Registry) execute(ctx context.Context, id, name string, args json.RawMessage, emit func(Chunk)) (res Result, err error) {
	defer func() {
		// Generated code contains the panics of tools, argument types and
		// approvers; this catches the rest (a tool written by hand, emit,
		// middleware), so that no model input can crash the program.
		// With middleware, the core contains the tool's panics itself
		// (contained), so a panic here is a middleware's.
		if v := recover(); v != nil {
			res, err = Result{
				Error: panicText,
				Err:   &PanicError{Tool: name, Value: v, Stack: debug.Stack(), Middleware: r.handler != nil},
			}, nil
		}
	}()
	if id != "" {
		if t := r.index.Load().get(name); t != nil && t.info.Confirm {
			// The approver sees the call's ID, to match its answer to
			// the model's call.
			ctx = session.WithCallID(ctx, id)
		}
	}
	if r.handler != nil {
		return r.intercept(ctx, id, name, args, emit)
	}
	// The common case, written out here so that the Result is copied
	// through as few frames as can be: a generated tool, not marked cache,
	// not streaming, its arguments within the limit.
	t := r.index.Load().get(name)
	if t == nil || t.direct == nil || emit != nil || len(args) > r.maxBytes {
		return r.run(ctx, name, args, emit)
	}
	res, err = t.direct(ctx, &r.settings, args)
	if res.Err != nil {
		r.count(res.Err)
	}
	if r.settings.MaxOutput > 0 {
		return r.capped(res, err)
	}
	return res, err
}

// run runs a call of the tool name: it refuses an unknown tool and
// arguments over the size limit, and reuses a cached result or calls the
// tool.
// contained is run for the core of the middleware: a panic below it (a
// tool written by hand, emit) fails the call as the tool's, so that the
// middleware sees the Result, and a panic that reaches execute is known
// to be a middleware's.
func (r *Registry) contained(ctx context.Context, name string, args json.RawMessage, emit func(Chunk)) (res Result, err error) {
	defer func() {
		if v := recover(); v != nil {
			res, err = Result{
				Error: panicText,
				Err:   &PanicError{Tool: name, Value: v, Stack: debug.Stack()},
			}, nil
		}
	}()
	return r.run(ctx, name, args, emit)
}

func (r *Registry) run(ctx context.Context, name string, args json.RawMessage, emit func(Chunk)) (Result, error) {
	t := r.index.Load().get(name)
	if t == nil || !t.listed {
		// A tool left out of the registry's dialect is not one the model
		// was given.
		return Result{Error: r.unknownTool(name)}, nil
	}
	if max := r.maxBytes; len(args) > max {
		p := Problem{Message: fmt.Sprintf("the arguments are %d bytes long; the limit is %d", len(args), max)}
		return Result{Error: "invalid arguments: " + p.Message, Problems: []Problem{p}}, nil
	}
	if t.info.Cache <= 0 || r.cache.store == nil {
		return r.capped(r.call(ctx, t, args, emit))
	}
	return r.cached(ctx, t, t.info, args, emit)
}

// capped fails a result longer than Settings.MaxOutput, and cuts to it (1
// KiB at the least) the Error of a failure, which the model reads as well:
// the text of a Go error may quote all a failing service answered.
func (r *Registry) capped(res Result, err error) (Result, error) {
	limit := r.settings.MaxOutput
	switch {
	case limit <= 0:
	case len(res.Output) > limit:
		return Result{
			Error: fmt.Sprintf("the tool's result is %d bytes long, over the limit of %d: ask for less", len(res.Output), limit),
			Err:   fmt.Errorf("result of %d bytes over Settings.MaxOutput %d", len(res.Output), limit),
		}, err
	case len(res.Error) > max(limit, minErrorText) && res.Problems == nil:
		// Not the problems of bad arguments, which the model needs
		// whole and which are bounded, nor the registry's own few words.
		res.Error = cutText(res.Error, max(limit, minErrorText))
	}
	return res, err
}

// minErrorText is the shortest a failure's Error is cut to, whatever
// Settings.MaxOutput: room for the registry's own messages.
const minErrorText = 1024

// cutText returns s, longer than n bytes, cut to at most n bytes at a
// character's boundary, "…" marking the cut where there is room for it.
func cutText(s string, n int) string {
	const mark = "…"
	if n > len(mark) {
		return cut(s, n-len(mark))
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// count counts the calls abandoned at their deadline.
func (r *Registry) count(err error) {
	var t *TimeoutError
	if errors.As(err, &t) && t.Abandoned {
		r.abandoned.Add(1)
	}
}

// Abandoned returns how many calls' functions had not returned at their
// deadline, so that their results were dropped while they went on running
// on goroutines of their own. A number that keeps growing means a tool
// ignores its context. A call counts once, by its last attempt: an
// attempt of a tool with retries abandoned before another succeeds is not
// counted (its TimeoutError never reaches the registry).
func (r *Registry) Abandoned() int64 { return r.abandoned.Load() }

// defaultMaxBytes is the longest argument text a registry takes when its
// Settings say nothing (toolimpl's default too).
const defaultMaxBytes = 1 << 20

// defaultMaxMemory is the memory budget of a call when the registry's
// Settings say nothing (toolimpl's default too).
const defaultMaxMemory = 16 << 20

// settingsCaller is what generated tools implement beside Invoke: a call
// with the settings of the registry that runs it. Tools written by hand
// have only Invoke, and their own settings.
type settingsCaller interface {
	Call(ctx context.Context, s *Settings, args json.RawMessage, emit func(Chunk)) (Result, error)
}

// directCaller is what a generated invokable tool implements beside
// settingsCaller: its call as the function it is, which Execute calls
// without going through the tool's methods (a frame, and a copy of the
// Result, fewer).
type directCaller interface {
	DirectCall() func(ctx context.Context, s *Settings, args json.RawMessage) (Result, error)
}

// A toolIndex is the registered tools by name, as a call finds them: a
// table of open addressing, at most half full, probed from a hash of the
// name read a word at a time, so that a lookup costs that hash and mostly
// one comparison (a map of a few tools costs a seeded hash and a scan of
// its group, over twice the instructions). The hash needs no seed: only
// registered names go into the table, so a name a model sends can make
// its lookup probe no further than the longest run of registered names.
// A toolIndex is never changed once made.
type toolIndex struct {
	byName map[string]*entry // the same tools, which Register and Remove copy
	slots  []indexSlot       // a power of two long, 1<<(64-shift)
	shift  uint
}

type indexSlot struct {
	name string
	e    *entry // nil for an empty slot
}

func newToolIndex(byName map[string]*entry) *toolIndex {
	n, shift := 8, uint(61)
	for n < 2*len(byName) {
		n, shift = n*2, shift-1
	}
	x := &toolIndex{byName: byName, slots: make([]indexSlot, n), shift: shift}
	for name, e := range byName {
		i := nameHash(name) >> shift
		for x.slots[i].e != nil {
			i = (i + 1) & uint64(n-1)
		}
		x.slots[i] = indexSlot{name, e}
	}
	return x
}

// get returns the tool named name, or nil.
func (x *toolIndex) get(name string) *entry {
	mask := uint64(len(x.slots) - 1)
	for i := nameHash(name) >> x.shift; ; i = (i + 1) & mask {
		if s := &x.slots[i]; s.e == nil || s.name == name {
			return s.e
		}
	}
}

// nameHash hashes a tool's name for a toolIndex, whose slot is its top
// bits: the name's words (the last overlapping the one before; a name of
// under 8 bytes as two halves, or its first, middle and last bytes) and
// its length, each mixed in by a multiplication.
func nameHash(name string) uint64 {
	const m = 0x9e3779b97f4a7c15                          // 2^64 divided by the golden ratio, odd
	b := unsafe.Slice(unsafe.StringData(name), len(name)) // read only
	n := len(b)
	h := uint64(n+1) * m
	switch {
	case n >= 8:
		for i := 0; i+8 < n; i += 8 {
			h = (h ^ binary.LittleEndian.Uint64(b[i:])) * m
			h ^= h >> 32
		}
		h = (h ^ binary.LittleEndian.Uint64(b[n-8:])) * m
	case n >= 4:
		h = (h ^ (uint64(binary.LittleEndian.Uint32(b)) | uint64(binary.LittleEndian.Uint32(b[n-4:]))<<32)) * m
	case n > 0:
		h = (h ^ (uint64(b[0]) | uint64(b[n>>1])<<8 | uint64(b[n-1])<<16)) * m
	}
	return (h ^ h>>29) * m
}

// entry is a registered tool as Execute needs it, worked out once.
type entry struct {
	tool   Tool
	info   *Info
	listed bool           // in the registry's dialect: the model was given it
	caller settingsCaller // nil for a tool written by hand
	stream StreamableTool // nil for a tool that does not stream
	// direct is set for a listed generated tool, neither streaming nor
	// cached: Execute calls it straight (a function tool's call, or a
	// method tool's Call).
	direct func(ctx context.Context, s *Settings, args json.RawMessage) (Result, error)
	// version is, for a tool marked cache, the digest of what decides
	// which arguments it takes and what its results are (its schemas, its
	// leniency), part of its cache keys.
	version []byte
}

func (r *Registry) newEntry(t Tool) *entry {
	e := &entry{tool: t, info: t.Info()}
	e.listed = e.info.ParametersFor(r.settings.Dialect) != nil
	e.caller, _ = t.(settingsCaller)
	e.stream, _ = t.(StreamableTool)
	cached := e.info.Cache > 0 && r.cache.store != nil
	if cached {
		e.version = toolVersion(e.info)
	}
	if e.listed && e.caller != nil && e.stream == nil && !cached {
		if d, ok := t.(directCaller); ok {
			e.direct = d.DirectCall()
		} else {
			// A generated method tool: its Call, without a stream.
			caller := e.caller
			e.direct = func(ctx context.Context, s *Settings, args json.RawMessage) (Result, error) {
				return caller.Call(ctx, s, args, nil)
			}
		}
	}
	return e
}

// call runs one call of t with the registry's settings, streaming if emit
// is set.
func (r *Registry) call(ctx context.Context, t *entry, args json.RawMessage, emit func(Chunk)) (res Result, err error) {
	whole := true // the result goes to emit as one chunk
	switch {
	case t.caller != nil && t.stream != nil:
		res, err = t.caller.Call(ctx, &r.settings, args, emit)
		whole = false
	case t.caller != nil:
		res, err = t.caller.Call(ctx, &r.settings, args, nil)
	case t.stream != nil && emit != nil:
		chunks := &chunkSettler{emit: emit, max: r.settings.MaxOutput}
		defer chunks.stop() // a panic too ends the stream
		res, err = t.stream.Stream(ctx, args, chunks.settle)
		res = chunks.close(settle(res))
		whole = false
	default:
		res, err = t.tool.(InvokableTool).Invoke(ctx, args)
		res = settle(res)
	}
	if res.Err != nil {
		r.count(res.Err) // here, where the tool ran: once for callers sharing one run
	}
	if whole && emit != nil && res.Success {
		// A result over Settings.MaxOutput fails the call: it must not
		// reach emit first.
		if res, err = r.capped(res, err); res.Success {
			emit(Chunk{Text: res.Output, Data: res.Data})
		}
	}
	return res, err
}

// unencodableText is what the model reads of a call whose result has no
// JSON encoding.
const unencodableText = "internal error: the tool's result could not be encoded"

// settle returns the Result of a tool written by hand as a generated
// tool's would be: Data encoded once, here, into Output (Structured), so
// that no program or adapter that sends it finds later that it has no
// JSON encoding (a NaN, a channel, a MarshalJSON that fails), nor Output
// that is not the JSON it claims to be; such a Result becomes a failure
// with Err set, as a generated tool's does. Data beside text Output is
// checked the same way, and encoded again when the Result is. A failure
// with no words gets some: an empty message is no use to a model, and
// some providers refuse it. A Result that a middleware makes is its own:
// checking every call's would cost the time of its output.
func settle(res Result) Result {
	if !res.Success {
		if strings.TrimSpace(res.Error) == "" {
			res.Error = "the tool failed without saying why"
		}
		if res.Data != nil && !isContent(res.Data) {
			// A failure's Data goes out with it; one without a JSON
			// encoding is dropped, the reason kept for the program.
			if _, err := marshalNoEscape(res.Data); err != nil {
				res.Data = nil
				if res.Err == nil {
					res.Err = fmt.Errorf("encoding the failure's data: %w", err)
				}
			}
		}
		return res
	}
	if res.Structured && res.Output != "" {
		if json.Valid([]byte(res.Output)) {
			return res
		}
		if res.Data == nil {
			return Result{Error: unencodableText, Err: errors.New("encoding the result: Output, marked Structured, is not valid JSON")}
		}
		res.Output, res.Structured = "", false // Data's JSON is made again
	}
	if res.Data != nil && !isContent(res.Data) {
		data, err := marshalNoEscape(res.Data)
		if err != nil {
			return Result{Error: unencodableText, Err: fmt.Errorf("encoding the result: %w", err)}
		}
		if res.Output == "" {
			res.Output, res.Structured = string(data), true
		}
	}
	return res
}

// chunkSettler hands the chunks of a streamable tool written by hand to
// the caller's emit as a generated tool's reach it: a chunk whose Data has
// a JSON encoding with it as Text when the tool gave none, one at a time,
// and none after Stream returned. A chunk whose Data has no JSON encoding
// is not emitted, and makes the call a failure (Err says why): the caller
// would fail to send it.
type chunkSettler struct {
	emit   func(Chunk)
	max    int // Settings.MaxOutput: no chunk that takes the text past it is emitted
	mu     sync.Mutex
	closed bool
	n      int   // the bytes of the result emitted (a JSON array's, without its closing bracket)
	over   bool  // a chunk would have taken the text past max
	err    error // the first chunk without a JSON encoding
}

func (c *chunkSettler) settle(ch Chunk) {
	// Encoded outside the lock: a MarshalJSON that emits must not hang.
	var encodeErr error
	structured := false // an element of the Result's JSON array
	if s, ok := ch.Data.(string); ok && ch.Text == "" {
		ch.Text = s // a string chunk as it is, as a generated tool's
	} else if ch.Data != nil && !isContent(ch.Data) {
		_, text := ch.Data.(string)
		structured = !text
		data, err := marshalNoEscape(ch.Data)
		if err != nil {
			encodeErr = fmt.Errorf("encoding a chunk of the result: %w", err)
		} else if ch.Text == "" {
			ch.Text = string(data)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || c.err != nil || c.over {
		return
	}
	if encodeErr != nil {
		c.err = encodeErr
		return
	}
	// Measured as a generated tool's chunks are: text joined, a
	// structured chunk as an element of the Result's JSON array (with the
	// bracket or comma before it, and room for the closing bracket).
	n, closing := len(ch.Text), 0
	if structured {
		n, closing = n+1, 1
	}
	if c.max > 0 && c.n+n+closing > c.max {
		// As a generated tool is, the stream is stopped at the chunk
		// that would take it over the limit, which is not emitted.
		c.over = true
		return
	}
	c.n += n
	c.emit(ch)
}

// stop ends the stream: no chunk reaches emit after it.
func (c *chunkSettler) stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
}

// close ends the stream and returns its Result, a failure if a chunk
// could not be encoded.
func (c *chunkSettler) close(res Result) Result {
	c.stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.err != nil && res.Success:
		return Result{Error: unencodableText, Err: c.err}
	case c.over && res.Success:
		return Result{
			Error: fmt.Sprintf("the tool's result is over the limit of %d bytes: ask for less", c.max),
			Err:   fmt.Errorf("streamed result over Settings.MaxOutput %d", c.max),
		}
	}
	return res
}

// panicText is what the model reads of a call that panicked.
const panicText = "internal error: the tool failed unexpectedly"

// maxToolName is the length of the longest tool name, as providers allow.
const maxToolName = 64

// unknownTool is the message for a call of a tool that is not registered,
// or not listed in the registry's dialect (see [UnknownTool]).
func (r *Registry) unknownTool(name string) string {
	r.mu.RLock()
	names := make([]string, len(r.defs))
	for i, d := range r.defs {
		names[i] = d.Name
	}
	r.mu.RUnlock()
	return UnknownTool(name, names)
}
