package toolimpl

import "encoding/json"

// Mark is where a value began, for [Decoder.Unmarshal].
type Mark struct {
	pos      int
	problems int
	lenient  bool // the decoder's leniency, which Unmarshal restores
}

// Mark returns the position of the next value and the problems recorded so
// far. Generated code takes it before it checks a value whose type has its
// own UnmarshalJSON.
//
// The value is checked strictly, lenient call or not: its bytes go to the
// type's own method as they are, and a lenient form ("5" for an integer)
// would pass the check only to be refused there. Nor is a value the check
// refuses handed to the method in a lenient call: the check holds the
// bounds, required fields and enums of its schema, which the method need
// not. Each Mark is followed by an Unmarshal, which restores the call's
// leniency, whatever the check found.
func (d *Decoder) Mark() Mark {
	d.ws()
	m := Mark{pos: d.pos, problems: len(d.problems) + d.more, lenient: d.lenient}
	d.lenient = false
	return m
}

// Unmarshal hands the value read since m to v's own UnmarshalJSON, if the
// value met every constraint of its schema: the generated decoder checks
// the shape the type's fields or underlying type imply, then lets the type
// decode itself, as encoding/json would. It reports whether v was decoded.
func (d *Decoder) Unmarshal(m Mark, v json.Unmarshaler) bool {
	d.lenient = m.lenient
	if d.syntax != "" || len(d.problems)+d.more != m.problems || m.pos > d.pos {
		return false
	}
	raw := d.data[m.pos:d.pos]
	if err := d.method(func() error { return v.UnmarshalJSON(raw) }); err != nil {
		d.methodError("", err)
		return false
	}
	return true
}
