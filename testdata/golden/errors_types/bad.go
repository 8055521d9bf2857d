package bad

import "context"

// Embedded is embedded.
type Embedded struct{ X int }

// In has fields toolgen cannot represent.
type In struct {
	Ch chan int         `json:"ch"`
	Fn func()           `json:"fn"`
	C  complex128       `json:"c"`
	M  map[int]string   `json:"m"`
	I  interface{ M() } `json:"i"`
	PP **int            `json:"pp"`
	Embedded
	Str int    `json:"str,string"`
	A   string `json:"same"`
	B   string `json:"same"`
}

// Custom decodes itself.
type Custom struct{}

// UnmarshalJSON decodes it.
func (c *Custom) UnmarshalJSON([]byte) error { return nil }

type hidden struct{ Y int }

// More has more mistakes.
type More struct {
	C Custom `json:"c"`
	T string `json:"t" jsonschema:"type=integer"`
	U Custom `json:"u" jsonschema:"type=text"`
	*hidden
	// Lists of it need their items' type stated as much.
	CS []Custom   `json:"cs"`
	CA [2]Custom  `json:"ca"`
	CT []Custom   `json:"ct" jsonschema:"type=string"`
	CN [][]Custom `json:"cn"`
}

// UseMore uses More.
//
//tool:export
func UseMore(ctx context.Context, in More) error { return nil }

// Use uses In.
//
//tool:export
func Use(ctx context.Context, in In) error { return nil }

// Opaque decodes itself and shows no fields.
type Opaque struct{ secret string }

// UnmarshalJSON decodes it.
func (o *Opaque) UnmarshalJSON(b []byte) error { o.secret = string(b); return nil }

// UseOpaque takes arguments toolgen cannot describe.
//
//tool:export
func UseOpaque(ctx context.Context, in Opaque) error { return nil }
