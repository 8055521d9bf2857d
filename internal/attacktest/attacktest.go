// Package attacktest holds tools built to be attacked: argument types whose
// own methods panic, a tool that panics, an approver's tool, a result whose
// MarshalJSON panics, a streamable tool that panics part way, a tool that
// ignores its deadline, a cached tool, a flaky tool and a tool that calls
// another registry. Its tests send hostile input through every entry point
// of the runtime (Registry.Execute, ExecuteAll, ExecuteStream, a tool's own
// Invoke and Stream) and load the call path from many goroutines.
package attacktest

import (
	"context"
	"encoding/json"
	"errors"
	"iter"
	"sync"
	"sync/atomic"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
)

// Boom is the value that makes the argument types of this package panic.
const Boom = "boom"

// JSONBomb is a string that decodes itself, and panics on "boom".
type JSONBomb string

// UnmarshalJSON reads a string, panicking on "boom".
func (b *JSONBomb) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	if s == Boom {
		panic("JSONBomb.UnmarshalJSON: " + s)
	}
	*b = JSONBomb(s)
	return nil
}

// TextBomb is a string read by its UnmarshalText, which panics on "boom".
type TextBomb string

// UnmarshalText reads the text, panicking on "boom".
func (b *TextBomb) UnmarshalText(text []byte) error {
	if string(text) == Boom {
		panic("TextBomb.UnmarshalText: " + string(text))
	}
	*b = TextBomb(text)
	return nil
}

// KeyBomb is a map key read by its UnmarshalText, which panics on "boom".
type KeyBomb string

// UnmarshalText reads the key, panicking on "boom".
func (k *KeyBomb) UnmarshalText(text []byte) error {
	if string(text) == Boom {
		panic("KeyBomb.UnmarshalText: " + string(text))
	}
	*k = KeyBomb(text)
	return nil
}

// HostileArgs are arguments whose types decode themselves and panic on
// "boom".
type HostileArgs struct {
	// J decodes itself with UnmarshalJSON.
	J JSONBomb `json:"j,omitempty"`
	// T decodes itself with UnmarshalText.
	T TextBomb `json:"t,omitempty"`
	// K has keys that decode themselves with UnmarshalText.
	K map[KeyBomb]int `json:"k,omitempty"`
}

// HostileArgsTool takes arguments whose own methods panic on "boom".
//
//tool:export hostile_args readonly
func HostileArgsTool(ctx context.Context, in HostileArgs) (string, error) {
	return "ok", nil
}

// Explode panics, always.
//
//tool:export readonly
func Explode(ctx context.Context) (string, error) {
	panic("explode: the tool's function panicked")
}

// ConfirmOp changes something outside the program (it says so), so it runs
// only once approved.
//
//tool:export confirm_op confirm
func ConfirmOp(ctx context.Context, what string) (string, error) {
	return "done: " + what, nil
}

// BadResult is a result whose MarshalJSON panics.
type BadResult struct {
	N int `json:"n"`
}

// MarshalJSON panics, always.
func (BadResult) MarshalJSON() ([]byte, error) {
	panic("BadResult.MarshalJSON panicked")
}

// BadResultTool returns a result that cannot be encoded without a panic.
//
//tool:export bad_result readonly
func BadResultTool(ctx context.Context) (BadResult, error) {
	return BadResult{N: 1}, nil
}

// StreamBoom yields a chunk, then panics.
//
//tool:export stream_boom readonly
func StreamBoom(ctx context.Context) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		if !yield("first ", nil) {
			return
		}
		panic("StreamBoom: the iterator panicked")
	}
}

// StreamWords yields n words, one chunk each.
//
//tool:export stream_words readonly
func StreamWords(ctx context.Context, n int) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		for range n {
			if !yield("word ", nil) {
				return
			}
		}
	}
}

// StreamLate yields one chunk after ms milliseconds, ignoring its context,
// under a 50 ms deadline.
//
//tool:export stream_late timeout=50ms readonly
func StreamLate(ctx context.Context, ms int) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		time.Sleep(time.Duration(ms) * time.Millisecond)
		yield("late", nil)
	}
}

// Add returns a plus b.
//
//tool:export readonly
func Add(ctx context.Context, a int, b int) (int, error) {
	return a + b, nil
}

// Echo returns its text.
//
//tool:export readonly
func Echo(ctx context.Context, text string) (string, error) {
	return text, nil
}

// Sum returns the sum of the numbers.
//
//tool:export readonly
func Sum(ctx context.Context, nums []int) (int, error) {
	total := 0
	for _, n := range nums {
		total += n
	}
	return total, nil
}

// Sleepy sleeps ms milliseconds, ignoring its context, under a 50 ms
// deadline.
//
//tool:export sleepy timeout=50ms readonly
func Sleepy(ctx context.Context, ms int) (string, error) {
	time.Sleep(time.Duration(ms) * time.Millisecond)
	return "awake", nil
}

// Stall sleeps ms milliseconds, ignoring its context, under a 2 ms
// deadline.
//
//tool:export stall timeout=2ms readonly
func Stall(ctx context.Context, ms int) (string, error) {
	time.Sleep(time.Duration(ms) * time.Millisecond)
	return "awake", nil
}

// Lookup is the result of cached_lookup: mutable parts a caller might
// change.
type Lookup struct {
	Key   string         `json:"key"`
	Items []string       `json:"items"`
	Tags  map[string]int `json:"tags"`
}

// runs counts the calls of CachedLookup's function by key.
var runs sync.Map // string -> *atomic.Int64

// Runs returns how many times CachedLookup's function ran for key.
func Runs(key string) int64 {
	n, ok := runs.Load(key)
	if !ok {
		return 0
	}
	return n.(*atomic.Int64).Load()
}

// CachedLookup looks a key up, slowly, and its result is kept a minute.
//
//tool:export cached_lookup cache=1m readonly
//tool:param delay milliseconds to take
func CachedLookup(ctx context.Context, key string, delay int) (Lookup, error) {
	n, _ := runs.LoadOrStore(key, new(atomic.Int64))
	n.(*atomic.Int64).Add(1)
	time.Sleep(time.Duration(delay) * time.Millisecond)
	return Lookup{Key: key, Items: []string{"a", "b"}, Tags: map[string]int{"x": 1}}, nil
}

// attempts counts the attempts of Flaky by key.
var attempts sync.Map // string -> *atomic.Int64

// errFlaky is the transient failure of Flaky.
var errFlaky = errors.New("flaky: try again")

// Flaky fails with a retryable error on its first two attempts for a key,
// then succeeds.
//
//tool:export flaky retries=2 readonly
func Flaky(ctx context.Context, key string) (string, error) {
	n, _ := attempts.LoadOrStore(key, new(atomic.Int64))
	if n.(*atomic.Int64).Add(1) <= 2 {
		return "", runtime.Retryable(errFlaky)
	}
	attempts.Delete(key)
	return "ok " + key, nil
}

// Nest is the receiver of call_inner, the registry it calls, and of
// balance, a tenant's store.
type Nest struct {
	Inner *runtime.Registry
	// Tenant is the store's tenant, which balance answers with.
	Tenant string
	// BalanceRuns counts the calls of Balance's function.
	BalanceRuns atomic.Int64
}

// Balance is an account's balance in a tenant's store.
type Balance struct {
	Tenant  string `json:"tenant"`
	Account string `json:"account"`
	Cents   int    `json:"cents"`
}

// Balance returns an account's balance, from the receiver's tenant: a
// method tool marked cache, whose answer depends on its receiver.
//
//tool:export balance cache=1m readonly
//tool:param account The account number.
func (n *Nest) Balance(ctx context.Context, account string) (Balance, error) {
	n.BalanceRuns.Add(1)
	return Balance{Tenant: n.Tenant, Account: account, Cents: 100}, nil
}

// BatchItem is one line of a batch.
type BatchItem struct {
	Name string `json:"name"`
	Qty  int    `json:"qty"`
	Note string `json:"note"`
}

// tallyRuns counts the calls of Tally's function.
var tallyRuns atomic.Int64

// TallyRuns returns how many times Tally's function ran.
func TallyRuns() int64 { return tallyRuns.Load() }

// Tally counts the items of a batch, whose items cost memory: what a
// registry accepts of it depends on its Settings.MaxMemory.
//
//tool:export tally cache=1m readonly
func Tally(ctx context.Context, items []BatchItem) (int, error) {
	tallyRuns.Add(1)
	n := 0
	for _, it := range items {
		n += it.Qty
	}
	return n, nil
}

// InnerResult is what call_inner saw of the inner registry's call.
type InnerResult struct {
	Success bool   `json:"success"`
	Output  string `json:"output,omitempty"`
	Error   string `json:"error,omitempty"`
	// NoApprover reports that the inner call failed for lack of an
	// approver.
	NoApprover bool `json:"no_approver,omitempty"`
}

// CallInner calls a tool of another registry from inside this tool.
//
//tool:export call_inner readonly
func (n *Nest) CallInner(ctx context.Context, tool string, args json.RawMessage) (InnerResult, error) {
	res, err := n.Inner.Execute(ctx, tool, args)
	if err != nil {
		return InnerResult{}, err
	}
	return InnerResult{
		Success:    res.Success,
		Output:     res.Output,
		Error:      res.Error,
		NoApprover: errors.Is(res.Err, runtime.ErrNoApprover),
	}, nil
}

// ExplodeTimed panics, always, under a deadline (on a goroutine of its
// own).
//
//tool:export explode_timed timeout=1s readonly
func ExplodeTimed(ctx context.Context) (string, error) {
	panic("explode_timed: the tool's function panicked")
}

// BadNested is a result that toolgen encodes itself, with a field whose
// MarshalJSON panics.
type BadNested struct {
	Name  string    `json:"name"`
	Inner BadResult `json:"inner"`
}

// BadNestedTool returns a result whose field cannot be encoded without a
// panic.
//
//tool:export bad_nested readonly
func BadNestedTool(ctx context.Context) (BadNested, error) {
	return BadNested{Name: "x"}, nil
}

// BadResultTimed returns a result whose MarshalJSON panics, under a
// deadline.
//
//tool:export bad_result_timed timeout=1s readonly
func BadResultTimed(ctx context.Context) (BadResult, error) {
	return BadResult{N: 2}, nil
}

// EchoArgs are strings with each kind of check that shows the model's
// value in its problem.
type EchoArgs struct {
	// Code matches a pattern and has a length limit.
	Code string `json:"code,omitempty" jsonschema:"pattern=^[a-z]*$,maxLength=10"`
	// Slug only matches a pattern.
	Slug string `json:"slug,omitempty" jsonschema:"pattern=^[a-z-]*$"`
	// Mail is an email address.
	Mail string `json:"mail,omitempty" jsonschema:"format=email"`
	// Color is one of a set.
	Color string `json:"color,omitempty" jsonschema:"enum=red,enum=green"`
	// Size is one of a set, and short.
	Size string `json:"size,omitempty" jsonschema:"enum=s,enum=m,maxLength=5"`
	// Count is a small number.
	Count int `json:"count,omitempty" jsonschema:"maximum=9"`
}

// EchoArgsTool takes strings whose problems show the model's value.
//
//tool:export echo_args readonly
func EchoArgsTool(ctx context.Context, in EchoArgs) (string, error) {
	return in.Code, nil
}

// Record is a large item whose every field is optional, so that `{}` is a
// valid one: 3 bytes of arguments for some 200 bytes of memory.
type Record struct {
	Name   string            `json:"name,omitempty"`
	Owner  string            `json:"owner,omitempty"`
	Team   string            `json:"team,omitempty"`
	Region string            `json:"region,omitempty"`
	Zone   string            `json:"zone,omitempty"`
	Host   string            `json:"host,omitempty"`
	Image  string            `json:"image,omitempty"`
	Tag    string            `json:"tag,omitempty"`
	Size   int               `json:"size,omitempty"`
	Labels map[string]string `json:"labels,omitempty"`
	Ports  []int             `json:"ports,omitempty"`
}

// Batch is many records: in a slice, by pointer, and by name.
type Batch struct {
	Records []Record           `json:"records,omitempty"`
	Refs    []*Record          `json:"refs,omitempty"`
	Named   map[string]Record  `json:"named,omitempty"`
	Pointed map[string]*Record `json:"pointed,omitempty"`
}

// Import counts the records of a batch.
//
//tool:export readonly
func Import(ctx context.Context, in Batch) (int, error) {
	return len(in.Records) + len(in.Refs) + len(in.Named) + len(in.Pointed), nil
}

// Shelf is a large item holding large items.
type Shelf struct {
	Name    string   `json:"name,omitempty"`
	Records []Record `json:"records,omitempty"`
	Notes   string   `json:"notes,omitempty"`
}

// Change is a small item pointing to large ones.
type Change struct {
	Before *Record `json:"before,omitempty"`
	After  *Record `json:"after,omitempty"`
}

// Stock is what the nested and indirect kinds of items come in.
type Stock struct {
	Shelves []Shelf  `json:"shelves,omitempty"`
	Changes []Change `json:"changes,omitempty"`
	Values  []any    `json:"values,omitempty"`
}

// Restock counts the items of a stock.
//
//tool:export readonly
func Restock(ctx context.Context, in Stock) (int, error) {
	return len(in.Shelves) + len(in.Changes) + len(in.Values), nil
}
