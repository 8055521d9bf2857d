package runtime

import "time"

// Settings configure a [Registry]: [NewRegistry] takes them, and the
// registry hands them to each call of its tools as an explicit argument,
// never through a context: the limits on the arguments, how strictly they
// are read, the provider's dialect, who approves calls of tools marked
// confirm, the middleware around each call, and how calls run. A
// registry's settings reach its own tools only, so a registry used inside
// another registry's tool never inherits the outer one's. The zero value
// holds the defaults.
//
// A tool's directive overrides the registry-wide defaults for that tool
// (its timeout=, for one).
type Settings struct {
	// MaxBytes is the longest argument text accepted; 0 means 1 MiB.
	MaxBytes int
	// MaxMemory is the most memory the items of a call's arguments may
	// take once decoded, counting the items of slices and maps that cost
	// 24 bytes or more each (structs, slices, maps, values of any type):
	// `[{},{},...]` is 3 bytes an item of the arguments, but a struct's
	// size in memory. The objects and arrays inside a value of any type
	// count too, at what encoding/json makes of them. Past it the call
	// fails, telling the model how many such items fit. 0 means 16 MiB.
	MaxMemory int
	// MaxDepth is the deepest nesting of objects and arrays accepted; 0
	// means 64.
	MaxDepth int
	// Lenient makes every tool take what models really send: numbers and
	// booleans as strings ("5", "true"), one value where an array is
	// expected, null for an optional field ("" and "null" too, where it
	// can be neither), and an array or object inside a string
	// ("[\"a\"]"). A tool's lenient option
	// makes that tool lenient whatever this says.
	Lenient bool
	// Dialect is the provider dialect the registry speaks: Definitions
	// returns the tools' schemas in it, leaving out the tools omitted from
	// it, and in the OpenAI dialect calls take null for an absent optional
	// field (NullOptional). The default is Standard.
	Dialect Dialect
	// NullOptional takes null for an absent optional field, as OpenAI's
	// strict mode makes models send it. In the OpenAI Dialect it is on
	// whatever this says.
	NullOptional bool
	// Approver decides on calls of tools marked confirm. Without one,
	// such calls never run: their Result says so, with [ErrNoApprover] as
	// its Err.
	Approver Approver
	// Middleware wraps every call the registry runs (see [Middleware]).
	// The first is the outermost: with {a, b}, a sees each call before b
	// does and its Result after b. Nil entries are skipped; without
	// middleware a call costs nothing more.
	Middleware []Middleware
	// RetryDelay is the wait before the first retry of a tool with
	// retries; each later wait doubles, up to 32 times it. 0 means 100 ms.
	RetryDelay time.Duration
	// ErrorText says what the model reads when a tool returns an error
	// other than [Fail]'s, or a type's own UnmarshalJSON or UnmarshalText
	// refuses a value: by default the error's own text, which a model can
	// often act on ("connection refused", "no such order"), but which may
	// name files, hosts or queries a program keeps to itself. The Result's
	// Err keeps the error either way; [Fail] text always reaches the model.
	ErrorText func(tool *Info, err error) string
	// Timeout is the deadline of each attempt of a call of a tool whose
	// directive sets no timeout=; 0 means none. A call returns at its
	// deadline even if the tool's function ignores its context (see
	// Registry.Abandoned).
	Timeout time.Duration
	// MaxOutput, if positive, is the longest result text a call may hand
	// the model; a longer one fails the call, telling the model to ask for
	// less. The Error of a failure longer than it and than 1 KiB (a Go
	// error that quotes all a failing service answered) is cut to the
	// longer of the two. A streamable tool is stopped at the chunk that would take its
	// result over it, which does not reach emit. The media of multimodal
	// Content (an image's bytes) are not text and do not count: each
	// provider limits them in its own way, which its adapter keeps to.
	MaxOutput int
	// Concurrency, if positive, is how many calls of one ExecuteAll run at
	// once; by default all of them do.
	Concurrency int
	// CacheSize is how many results the registry's own cache, in memory,
	// keeps for tools marked cache, the least recently used going first
	// when it is full; 0 means 1,024. A negative number turns caching off,
	// Cache included: each call of a tool marked cache then runs it.
	CacheSize int
	// CacheBytes is how much the registry's own cache may hold: its
	// results' text (multimodal Content's media included) and keys; 0
	// means 64 MiB. The least recently used results go first when a new
	// one would take it over; a result larger than an eighth of it is
	// not kept, so that one call cannot empty the cache.
	CacheBytes int
	// Cache, if set, stores the results of tools marked cache instead of
	// the registry's own cache: one shared by a fleet of processes, say.
	// Identical calls at the same time run the tool once either way. See
	// [Cache] for what callers get from a reused result.
	//
	// Registries that share a Cache share results by tool name, the
	// tool's schemas, arguments and the settings that decide what a call
	// accepts. Where a tool of
	// one name answers differently in each, as a method tool does on a
	// receiver per tenant, give each registry its own CacheNamespace, or
	// one registry's results reach another's callers.
	Cache Cache
	// CacheNamespace is part of every cache key the registry makes, so
	// that registries sharing a Cache reuse each other's results only
	// when their namespaces are equal: a tenant's ID, say. The default,
	// "", is a namespace like any other.
	CacheNamespace string
}
