package toolimpl

import "encoding/json"

// Mark is where a value began, for [Decoder.Unmarshal].
type Mark struct {
	pos      int
	problems int
}

// Mark returns the position of the next value and the problems recorded so
// far. Generated code takes it before it checks a value whose type has its
// own UnmarshalJSON.
func (d *Decoder) Mark() Mark {
	d.ws()
	return Mark{pos: d.pos, problems: len(d.problems) + d.more}
}

// Unmarshal hands the value read since m to v's own UnmarshalJSON, if the
// value met every constraint of its schema: the generated decoder checks
// the shape the type's fields or underlying type imply, then lets the type
// decode itself, as encoding/json would. It reports whether v was decoded.
func (d *Decoder) Unmarshal(m Mark, v json.Unmarshaler) bool {
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
