package gen

import (
	"go/constant"
	"go/token"
	"go/types"
	"time"
)

// The model: plain structs that describe a package's tools, built by the
// analysis stage (signature.go, types.go, tags.go) from the loaded package
// and consumed by the schema (schema.go) and emit (emit*.go) stages. No
// jennifer here.

// Package is one Go package with tools.
type Package struct {
	Path  string
	Name  string
	Dir   string
	Types *types.Package
	// Constraint is the build constraint every file of the package has
	// (see packageConstraint), which the generated file gets too; "" for
	// none.
	Constraint string
	Tools      []*Tool
	// Receivers are the parameters of Tools(...): the receiver types of
	// method tools, in order of first appearance.
	Receivers []*Receiver
}

// Tool is one function or method marked //tool:export.
type Tool struct {
	Pos         token.Position
	Name        string // as the model sees it
	Description string
	Options     Options

	Func    *types.Func
	Recv    *Receiver // nil for a plain function
	Context bool      // the first parameter is a context.Context
	// Session is the parameter that takes the call's session value
	// (runtime.WithSession), found by its exact type; nil if none. It is
	// never part of the arguments.
	Session *types.Var
	Input   Input
	// Output is the result type, or nil when the function returns only an
	// error; for a streamable tool, the type of its chunks.
	Output types.Type
	// Stream marks a streamable tool: the function returns
	// iter.Seq2[Output, error].
	Stream bool
	// Enhanced marks a tool whose result is the runtime's multimodal
	// Content.
	Enhanced bool
	// Schemas are the compact JSON Schemas of the arguments, one for each
	// dialect (nil for an omitted one); the schema stage fills them.
	Schemas [numDialects][]byte
	// Degraded marks the dialects that cannot express the arguments: their
	// Schemas entry is the Standard one, the same slice, and the tool is
	// sent to that provider in its non-strict form.
	Degraded [numDialects]bool
	// Refused marks the dialects toolgen left the tool out of, though its
	// directive did not (Options.Omit is set for them too): a provider
	// that refuses a request with a name of the tool's (see buildSchemas).
	// A lock does not record them: the tool never reached that provider.
	Refused [numDialects]bool
	// Result is the model of the structured result, as encoding/json
	// writes it, for the output schema: the result type, or a streamable
	// tool's chunk type. It is nil where there is no structured result: a
	// string result, a tool that returns only an error, an enhanced tool.
	Result *Type
	// OutputSchema is the compact JSON Schema of Result (nil without one);
	// OutputWrapper, for a result that is not always a JSON object, that
	// of the object {"result": value} that carries it where only an object
	// will do. Both are made of OutputValue, the schema without its $defs,
	// and OutputDefs, the $defs object (nil if none). The schema stage
	// fills them.
	OutputSchema, OutputWrapper []byte
	OutputValue, OutputDefs     []byte
	// OutputObject reports that every result is a JSON object.
	OutputObject bool
}

// Options are the key=value options of a //tool:export directive.
type Options struct {
	Timeout time.Duration
	Retries int
	Cache   time.Duration
	Confirm bool
	Lenient bool
	Group   string
	// Omit are the dialects the tool is left out of.
	Omit [numDialects]bool
	// NonStrict are the dialects the tool is sent to non-strict, with its
	// standard schema, whether or not they could express it.
	NonStrict [numDialects]bool
	// Title is the tool's name for people.
	Title string
	// The MCP behaviour hints. Destructive and OpenWorld keep "not said"
	// apart, as MCP takes a tool for both when its directive is silent;
	// confirm makes Destructive hintYes unless the directive says it.
	ReadOnly, Idempotent   bool
	Destructive, OpenWorld hint
	// Session names the parameter that takes the call's session value.
	Session string
}

// hint is a behaviour hint a directive may or may not give.
type hint int8

const (
	hintUnsaid hint = iota
	hintYes
	hintNo
)

// Receiver is the receiver of method tools: Tools(...) takes one value of
// each receiver type.
type Receiver struct {
	Type types.Type // as declared: *Searcher or Searcher
	Name string     // the parameter name in Tools(...)
}

// InputKind says how a tool receives its arguments.
type InputKind int

const (
	InputNone   InputKind = iota // no arguments: func F(ctx) (Out, error)
	InputStruct                  // one struct (or pointer to struct) parameter
	InputParams                  // plain parameters, made into an object
)

// Input is how a tool receives its arguments.
type Input struct {
	Kind InputKind
	// Type is the argument struct: the parameter's struct type, or for
	// InputParams a struct synthesised from the parameters.
	Type *Type
	// Pointer reports that the struct parameter is a pointer.
	Pointer bool
}

// Kind is the kind of value a Type decodes.
type Kind int

const (
	KindBool Kind = iota
	KindString
	KindInt
	KindUint
	KindFloat
	KindStruct
	KindPointer
	KindSlice
	KindArray
	KindMap
	KindBytes  // []byte, base64 text
	KindTime   // time.Time, RFC 3339 text
	KindAny    // any
	KindRaw    // json.RawMessage
	KindText   // a type with UnmarshalText: a JSON string
	KindCustom // a type with UnmarshalJSON whose shape toolgen cannot know: its JSON type comes from a tag
)

// Type is a Go type as toolgen decodes it and describes it in a schema.
// Named struct types are shared, so the graph may be cyclic.
type Type struct {
	Kind Kind
	Go   types.Type // the Go type, named if it is
	Bits int        // size of ints, uints and floats
	Elem *Type      // pointer, slice, array, map value
	Len  int64      // array length
	// Fields of a struct, in source order.
	Fields []*Field
	// TextKey marks a map whose key type decodes itself with UnmarshalText.
	TextKey bool
	// Params marks the struct synthesised from plain parameters.
	Params bool
	// Enum are the values of the const group of a named basic type.
	Enum []EnumValue
	// Doc is the doc comment of a named type.
	Doc string
	// SelfDecode marks a type with its own UnmarshalJSON whose JSON shape
	// toolgen knows from its fields or underlying type: the generated
	// decoder checks that shape, then hands the value's bytes to the
	// method, as encoding/json does.
	SelfDecode bool
	// Shape is, for a SelfDecode type other than a string form, the same
	// type without the flag: what the generated decoder checks. A
	// KindCustom type that a oneof_type tag made of a SelfDecode one keeps
	// it, for the schema of its array alternative alone.
	Shape *Type
}

// EnumValue is one allowed value of an enum.
type EnumValue struct {
	Const *types.Const // the declared constant, or nil for a tag value
	Value constant.Value
	Doc   string
}

// Field is one property of an object: a struct field or a plain parameter.
type Field struct {
	Pos      token.Position
	GoName   string // field or parameter name
	JSONName string
	Required bool
	Type     *Type
	// Rules apply to the field's value (through pointers); ItemRules to
	// the elements of a slice or array field, as invopop applies tags.
	Rules     Rules
	ItemRules Rules
	// Path are the embedded fields the field is promoted through, outermost
	// first; empty for a field of the struct itself.
	Path []Step
	// Quoted marks a number or boolean written as a JSON string, by the
	// json tag option "string".
	Quoted bool
	// Omit marks, in a result type, a field whose json tag says omitempty
	// or omitzero: encoding/json leaves it out rather than write null.
	Omit bool
}

// Step is one embedded field on the way to a promoted field.
type Step struct {
	Name    string
	Pointer bool       // the embedded field is a pointer
	Go      types.Type // the embedded struct type
}

// Rules are the schema keywords a field's tags or doc comment give.
type Rules struct {
	Type        string // JSON type of a KindCustom value, from type=
	Title       string
	Description string
	Enum        []constant.Value
	Default     constant.Value // nil if none; for slices see DefaultList
	DefaultList []constant.Value
	Examples    []constant.Value
	Minimum     constant.Value
	Maximum     constant.Value
	ExclMinimum constant.Value
	ExclMaximum constant.Value
	MultipleOf  constant.Value
	MinLength   *uint64
	MaxLength   *uint64
	Pattern     string
	Format      string
	MinItems    *uint64
	MaxItems    *uint64
	UniqueItems bool
	ReadOnly    bool
	WriteOnly   bool
	Deprecated  bool
	Extras      []Extra
	Nullable    bool     // null is allowed
	OneOfType   []string // oneof_type: exactly one of these JSON types
	AnyOfType   []string // anyof_type: any of these JSON types
	OneOfGroup  []string // oneof_required: the groups the field is required in
	AnyOfGroup  []string // anyof_required
}

// Extra is one jsonschema_extras key and value, in tag order.
type Extra struct {
	Key   string
	Value any
}

// Deref follows pointers to the value type.
func (t *Type) Deref() *Type {
	for t.Kind == KindPointer {
		t = t.Elem
	}
	return t
}
