package runtime

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/toolgen-go/toolgen/internal/derive"
)

// Info is what a tool says about itself: what the model sees (name,
// description, parameters) and how the runtime runs it. Generated code keeps
// one Info per tool in a package-level variable; treat it as read-only.
type Info struct {
	// Name is the tool's name as the model sees it, ^[a-zA-Z0-9_-]{1,64}$.
	Name string
	// Description tells the model what the tool does and when to use it.
	Description string
	// Title is the tool's name for people, for a host's interface (MCP's
	// title). Empty if the directive gives none.
	Title string
	// Parameters is the JSON Schema (2020-12) of the tool's arguments, an
	// object, as MCP takes it. It is shared by every caller and must not be
	// modified.
	Parameters json.RawMessage
	// Dialects are the same schema in the dialects of other providers,
	// or which of them the runtime derives from Parameters: read a
	// dialect's schema with ParametersFor, not from the fields, which
	// generated code leaves nil for a derived dialect.
	Dialects DialectSchemas
	// Output is the JSON Schema (2020-12) of the tool's structured result:
	// the value a successful call's Result holds as Data, whose JSON is
	// Result.Output and the "data" of the Result's JSON. For a streamable
	// tool it is the schema of one chunk's Data; the Result of a whole call
	// holds the chunks as a JSON array of such values. It is nil for a tool
	// with no structured result: one that returns a string (text for the
	// model), only an error, or multimodal Content, or streams strings. MCP
	// takes it as the tool's outputSchema, once it is an object (see
	// OutputObject). It is shared and must not be modified.
	Output json.RawMessage
	// OutputObject reports that every structured result is a JSON object
	// (a struct, returned by value), so that Output can be sent as it is
	// where only an object schema will do, as MCP's outputSchema and
	// structuredContent before protocol version 2026-07-28. Where it is
	// false and Output is set (an array, a map or a pointer, which may be
	// null, a number, a string type, the chunks of a stream), a host that
	// needs an object sends {"result": value} instead, with value the
	// Result's Data, described by OutputWrapper.
	OutputObject bool
	// OutputWrapper is, for a structured result that is not always an
	// object, the JSON Schema of the object {"result": value} that carries
	// it: value is one result, as Output describes it, or for a streamable
	// tool the array of all a call's chunks. Any $defs are at its root. It
	// is nil where OutputObject is true or Output is nil.
	OutputWrapper json.RawMessage
	// Timeout, if positive, is the deadline of one attempt of a call.
	Timeout time.Duration
	// Retries is the number of extra attempts after a failure the tool
	// marked [Retryable], or a timeout.
	Retries int
	// Cache, if positive, is how long a Registry reuses the successful
	// result of a call for calls with the same arguments.
	Cache time.Duration
	// Confirm marks a tool that changes something outside the program: it
	// runs only after the registry's [Approver] says yes. Generated tools
	// ask it once their arguments are valid; a tool written by hand that
	// sets Confirm asks Settings.Approver itself, in a method
	// Call(ctx, *Settings, args, emit) (Result, error), which a registry
	// calls instead of Invoke when a tool has it.
	Confirm bool
	// Group is the tool's domain, for listing tools by group.
	Group string

	// The behaviour hints, as the directive gives them (MCP's tool
	// annotations). They are hints for a host deciding whether to ask
	// before a call, never guarantees: a host must not trust them from a
	// server it does not trust. Where MCP takes a tool that says nothing
	// for the riskier case (destructive, open-world), a nil pointer keeps
	// "not said" apart from false.

	// ReadOnly reports that the tool changes nothing outside the program.
	ReadOnly bool
	// Destructive, where ReadOnly is false, says whether the tool may undo
	// or overwrite what exists (true) or only adds (false); nil when the
	// directive does not say, which MCP reads as true. A tool marked
	// confirm is destructive unless its directive says destructive=false.
	Destructive *bool
	// Idempotent, where ReadOnly is false, reports that calling the tool
	// again with the same arguments changes nothing more.
	Idempotent bool
	// OpenWorld says whether the tool reaches outside entities (the web,
	// another service) or only a closed domain (false); nil when the
	// directive does not say, which MCP reads as true.
	OpenWorld *bool
	// Lenient makes the tool take what models really send: numbers and
	// booleans as strings ("5", "true"), one value where an array is
	// expected, null for an optional field ("" and "null" too, where it
	// can be neither), and an array or object inside a string
	// ("[\"a\"]"). Strict by default.
	Lenient bool
}

// Dialect is a provider's flavour of JSON Schema.
type Dialect int

const (
	// Standard is JSON Schema 2020-12, as MCP takes it.
	Standard Dialect = iota
	// OpenAI is OpenAI's strict function calling: every property
	// required, optional ones as a union with null, no default.
	OpenAI
	// Gemini is Gemini's OpenAPI 3.0 subset: no $ref, no
	// additionalProperties, string enums only.
	Gemini
	// Anthropic is the subset Anthropic's strict tool use keeps.
	Anthropic
)

var dialectNames = []string{"standard", "openai", "gemini", "anthropic"}

func (d Dialect) String() string {
	if d < 0 || int(d) >= len(dialectNames) {
		return "Dialect(" + strconv.Itoa(int(d)) + ")"
	}
	return dialectNames[d]
}

// DialectSchemas holds a tool's argument schema in each provider dialect
// other than Standard, computed when the code was generated, or derived
// from Parameters on first use (Derived). A nil schema that is not derived
// means the tool is left out of that dialect.
//
// Where a dialect cannot carry a constraint (a default, a length, a format),
// its schema says it in the description, and the generated decoder still
// enforces it. Where a dialect cannot express the arguments at all (a map
// or an any value in OpenAI strict mode, a recursive type in Gemini's
// OpenAPI subset), the tool degrades there: its schema in that dialect is
// the standard one, the same bytes as Info.Parameters, and the dialect's
// Degraded flag is set, so that adapters send it in the provider's
// non-strict form (see [Info.Strict]).
type DialectSchemas struct {
	OpenAI    json.RawMessage
	Gemini    json.RawMessage
	Anthropic json.RawMessage

	// OpenAIDegraded reports that OpenAI holds the standard schema, as
	// strict mode cannot express the arguments: the tool is sent to OpenAI
	// with strict false.
	OpenAIDegraded bool
	// GeminiDegraded reports that Gemini holds the standard schema, as
	// Gemini's OpenAPI subset cannot express the arguments: the tool is
	// declared to Gemini with parametersJsonSchema instead of parameters.
	GeminiDegraded bool
	// AnthropicDegraded reports that Anthropic holds the standard schema,
	// as Anthropic's strict tool use cannot express the arguments (a map,
	// or a value of any type): the tool is sent to Anthropic without
	// strict.
	AnthropicDegraded bool

	// Derived lists the dialects whose schema the runtime makes from
	// Parameters when first asked for it (see [Info.ParametersFor]), by
	// the rules toolgen builds the dialects by: the constraints a dialect
	// does not take move into the description, OpenAI's optional
	// properties become unions with null. Generated code lists a dialect
	// here, instead of writing its schema out, where toolgen found the
	// derived schema to be the same bytes as the one it built (toolgen
	// -schemas writes them all). A dialect listed here whose field is set
	// takes the field. A tool written by hand may list dialects here too;
	// a Registry refuses it if a listed schema cannot be derived from its
	// Parameters (the rules cover objects of properties, not unions,
	// references or maps), and ParametersFor leaves it out of that
	// dialect.
	Derived []Dialect

	// Omitted lists the dialects the tool's directive leaves it out of
	// (omit=): its schema there is nil, so a registry in one of them does
	// not list it, and an adapter for one of those providers leaves it
	// out, and refuses a call of it, whatever its registry's dialect.
	Omitted []Dialect
}

// ParametersFor returns the schema of the tool's arguments in dialect d, or
// nil if the tool is left out of it; the standard schema for a dialect it
// does not know. It does not allocate, but the first time it derives a
// schema (see [DialectSchemas]). A tool made by hand, with only
// Parameters, is left out of every dialect but Standard until its
// Dialects are set.
func (i *Info) ParametersFor(d Dialect) json.RawMessage {
	var s json.RawMessage
	switch d {
	case OpenAI:
		s = i.Dialects.OpenAI
	case Gemini:
		s = i.Dialects.Gemini
	case Anthropic:
		s = i.Dialects.Anthropic
	default:
		return i.Parameters
	}
	if s == nil && slices.Contains(i.Dialects.Derived, d) {
		s, _ = derived(i.Parameters, d)
	}
	return s
}

// derivable returns an error if info lists in Derived a dialect whose
// schema cannot be derived from its Parameters.
func derivable(info *Info) error {
	for _, d := range info.Dialects.Derived {
		if info.ParametersFor(d) != nil {
			continue // its own schema, or derived
		}
		if _, err := derived(info.Parameters, d); err != nil {
			return fmt.Errorf("runtime: tool %s lists %s in Dialects.Derived, but its schema there cannot be derived from its Parameters (%v): set Dialects.%s, or leave %s out of Derived", info.Name, d, err, dialectFields[d], d)
		}
	}
	return nil
}

// dialectFields name the fields of DialectSchemas by dialect.
var dialectFields = [...]string{OpenAI: "OpenAI", Gemini: "Gemini", Anthropic: "Anthropic"}

// derivedSchemas holds the schemas ParametersFor derived, by the identity
// of the standard schema they were made from (its first byte, which the
// key keeps alive, and length) and dialect: copies of an Info share them,
// and an Info given other Parameters gets its own. There are at most
// maxDerived; past that, a schema is derived on each request.
var (
	derivedSchemas sync.Map // derivedKey → derivedSchema
	derivedCount   atomic.Int64
)

const maxDerived = 1 << 14

type derivedKey struct {
	first   *byte
	n       int
	dialect Dialect
}

type derivedSchema struct {
	schema json.RawMessage
	err    error
}

// derived returns the schema in dialect d made from params, or why it
// cannot be made.
func derived(params json.RawMessage, d Dialect) (json.RawMessage, error) {
	key := derivedKey{unsafe.SliceData(params), len(params), d}
	if v, ok := derivedSchemas.Load(key); ok {
		ds := v.(derivedSchema)
		return ds.schema, ds.err
	}
	s, err := derive.Schema(int(d), params)
	if err != nil {
		s = nil
	}
	if derivedCount.Load() < maxDerived {
		if _, loaded := derivedSchemas.LoadOrStore(key, derivedSchema{s, err}); !loaded {
			derivedCount.Add(1)
		}
	}
	return s, err
}

// Strict reports whether the tool's schema in dialect d is that dialect's
// own, made for the provider's strict form: OpenAI's strict function
// calling, Gemini's parameters (its OpenAPI subset), Anthropic's strict tool
// use. It is false where the tool degraded to its standard schema (see
// [DialectSchemas]), where it is left out of d, and for Standard, which has
// no strict form. A tool made by hand, with only Parameters, is strict
// nowhere; once its Dialects are set, it is strict in each dialect it has
// a schema for (its own, or Derived) whose Degraded flag is not set.
func (i *Info) Strict(d Dialect) bool {
	switch d {
	case OpenAI:
		return !i.Dialects.OpenAIDegraded && i.ParametersFor(d) != nil
	case Gemini:
		return !i.Dialects.GeminiDegraded && i.ParametersFor(d) != nil
	case Anthropic:
		return !i.Dialects.AnthropicDegraded && i.ParametersFor(d) != nil
	}
	return false
}

// Definition is a tool as a model sees it. It marshals as
// {"name","description","parameters"}, the shape that OpenAI, Anthropic
// (as input_schema) and Gemini function declarations are built from.
type Definition struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	Parameters  json.RawMessage `json:"parameters"`
}

// Tool is the contract every tool meets: it describes itself. What it can be
// asked to do is said by the kind it also implements: [InvokableTool],
// [StreamableTool] for a tool whose result comes in chunks, or
// [EnhancedTool] for one whose result is multimodal [Content].
type Tool interface {
	// Info returns the tool's metadata. The result is shared and must not
	// be modified.
	Info() *Info
}

// InvokableTool is a tool that is called with JSON arguments and returns
// one result.
type InvokableTool interface {
	Tool
	// Invoke decodes and validates args, calls the tool and reports what
	// the model should see in the Result. The error is non-nil only when
	// ctx ended before or during the call; everything else, including bad
	// arguments, failures and panics of the tool, is in the Result.
	//
	// The Result comes back by value, as slog's Record is passed, so that
	// a call costs no allocation for it: a program that runs many calls
	// can keep their Results in one slice.
	Invoke(ctx context.Context, args json.RawMessage) (Result, error)
}
