package toolimpl

import "encoding/json"

// Mark is where a value began, for [Decoder.Unmarshal].
type Mark struct {
	pos      int
	problems int  // len(problems) then
	more     int  // the problems past the cap then
	lenient  bool // the decoder's leniency, which Unmarshal restores
}

// Mark returns the position of the next value and the problems recorded so
// far. Generated code takes it before it checks a value whose type has its
// own UnmarshalJSON.
//
// The value is checked strictly, lenient call or not: its bytes go to the
// type's own method as they are, and a lenient form ("5" for an integer)
// would pass the check only to be refused there. In a lenient call, a
// value the check refuses goes to the method all the same (see Unmarshal).
func (d *Decoder) Mark() Mark {
	d.ws()
	m := Mark{pos: d.pos, problems: len(d.problems), more: d.more, lenient: d.lenient}
	d.lenient = false
	return m
}

// Unmarshal hands the value read since m to v's own UnmarshalJSON, if the
// value met every constraint of its schema: the generated decoder checks
// the shape the type's fields or underlying type imply, then lets the type
// decode itself, as encoding/json would. It reports whether v was decoded.
//
// In a lenient call, a value the check refused (the string "5" where the
// schema says integer, one value where it says array) is handed to the
// method too, as encoding/json would hand it: such types are often written
// to take loose forms. If the method takes it, the check's problems are
// dropped; if not, they are what the call reports, the method's error
// being of less help to a model than the schema's words.
func (d *Decoder) Unmarshal(m Mark, v json.Unmarshaler) bool {
	d.lenient = m.lenient
	if d.syntax != "" || m.pos > d.pos {
		return false
	}
	raw := d.data[m.pos:d.pos]
	if len(d.problems) != m.problems || d.more != m.more {
		if !m.lenient || d.more != m.more || d.halted || d.panicked != nil {
			return false
		}
		if d.method(func() error { return v.UnmarshalJSON(raw) }) != nil || d.panicked != nil {
			return false
		}
		d.problems = d.problems[:m.problems]
		return true
	}
	if err := d.method(func() error { return v.UnmarshalJSON(raw) }); err != nil {
		d.methodError("", err)
		return false
	}
	return true
}
