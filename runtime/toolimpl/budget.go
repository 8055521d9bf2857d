package toolimpl

import (
	"fmt"
	"strings"

	"github.com/toolgen-go/toolgen/runtime"
)

// The memory a call's arguments take once decoded is bounded, not only
// their length: `[{},{},...]` is three bytes an item, but each item of a
// []T takes T's size, and for a struct of 168 bytes that made 289 MiB out
// of 1 MiB of arguments, enough for a few calls at once to end the
// process. Generated code charges each item of a slice or map whose type
// costs 24 bytes or more to Settings.MaxMemory (16 MiB by default): the
// item's size, and what its pointers, maps and interfaces would hold at
// the least, as toolgen reckons it for a 64-bit platform (the cost, a
// constant in the generated code). An item is charged as it is read,
// whether it is kept or not, so that neither valid nor invalid items can
// cost more; past the budget the call fails, saying where and how many
// items fit. Smaller items (numbers, strings, bools) take at most some
// five times their shortest JSON.
//
// A slice or map of such items is made for as many items as its JSON
// holds, counted ahead, as far as the budget has room, so that append
// seldom grows it. When the fast path goes over the budget, the full
// decoder that follows keeps no item (see Decoder.Begin): it only finds
// where the budget ran out, for the model's message.

// defaultMaxMemory is the budget of Settings.MaxMemory 0.
const defaultMaxMemory = 16 << 20

// KeepLarge is [Decoder.Keep] for an item that costs cost bytes (see
// budget.go): it charges them to the call's memory budget, and once that is
// spent, the call fails and decoding stops.
func KeepLarge(d *Decoder, cost int) bool {
	return d.spend(cost) && d.Keep() && !d.dry
}

// spend charges n bytes to the call's memory budget, and reports whether
// it holds them; if not, decoding stops with a problem that says so.
func (d *Decoder) spend(n int) bool {
	if d.budget == 0 {
		d.budget = defaultMaxMemory
	}
	if d.spent += n; d.spent <= d.budget {
		return true
	}
	if d.syntax == "" {
		// A problem at the item's path, with the others found so far,
		// even past the twentieth: it is why the call stopped.
		msg := fmt.Sprintf("too many items: once decoded the arguments would take more than %s of memory, at %d bytes an item here; send at most %d such items in a call", byteSize(d.budget), n, max(d.budget/n, 1))
		d.problems = append(d.problems, runtime.Problem{Path: d.path(), Message: msg})
		d.syntax, d.halted = msg, true
	}
	return false
}

// The least memory encoding/json takes for the containers of a value it
// decodes into an any, on a 64-bit platform: a map[string]any, its first
// group of eight slots (a key and a value of 16 bytes each, and their
// control bytes), and each member after the first; a []any in an
// interface, and each of its items.
const (
	anyObject      = 48
	anyFirstMember = 8*(16+16) + 8
	anyMember      = 16 + 16 + 8
	anyArray       = 24
	anyItem        = 16
)

// spendAny charges the memory budget for the objects and arrays of raw, a
// JSON value that Decoder.Any is about to decode into an any, as
// encoding/json makes them, before they are made: `[{},{},...]` is three
// bytes an item, but a map of 48 bytes and an interface of 16 once
// decoded. Numbers, strings and booleans take at most a few times their
// JSON and are not charged.
func (d *Decoder) spendAny(raw []byte) bool {
	var openBuf [16]bool // of the containers raw is in: whether an object
	open := openBuf[:0]
	fresh := false // the innermost container has no item yet
	item := func() bool {
		if len(open) == 0 {
			return true
		}
		switch object := open[len(open)-1]; {
		case !object:
			return d.spend(anyItem)
		case fresh:
			return d.spend(anyFirstMember)
		}
		return d.spend(anyMember)
	}
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case ' ', '\t', '\n', '\r', ':':
			continue
		case '}', ']':
			open = open[:len(open)-1]
			fresh = false
			continue
		case ',':
			if !item() {
				return false
			}
			continue
		}
		if fresh && !item() {
			return false
		}
		fresh = false
		switch c := raw[i]; c {
		case '{', '[':
			cost := anyArray
			if c == '{' {
				cost = anyObject
			}
			if !d.spend(cost) {
				return false
			}
			open = append(open, c == '{')
			fresh = true
		case '"':
			for i++; i < len(raw) && raw[i] != '"'; i++ {
				if raw[i] == '\\' {
					i++
				}
			}
		}
	}
	return true
}

// mebibytes writes n bytes in MiB, to one decimal where it has one.
func byteSize(n int) string {
	unit, size := " MiB", 1<<20
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		unit, size = " KiB", 1<<10
	}
	s := fmt.Sprintf("%.1f", float64(n)/float64(size))
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		s = s[:len(s)-2]
	}
	return s + unit
}

// CountLarge returns, right after [Decoder.Array] or [Decoder.Object]
// returned true, how many items of cost bytes the slice or map to be made
// should have room for: as many as the array or object holds that start
// with one of the bytes of first (any item if first is empty: the bytes
// that can start the item type's JSON, '{' for a struct), counted ahead,
// as far as the budget has room, and 0 once the call has failed. Items of
// the wrong kind, which the call will refuse, are not counted: [1,1,...]
// for a slice of structs made a slice as large as the budget, twice (fast
// path and full decoder), 37 MiB for 1 MiB of arguments. The bytes it
// looks at in one call add up to at most four times the arguments'
// length, enough for slices of large items in slices of them; past that
// it says 0, and the items grow the slice or map as they come. After a
// fast path gave the arguments up, it says at most maxPresize.
func CountLarge(d *Decoder, cost int, first string) int {
	if !d.Keep() || d.dry {
		return 0
	}
	if d.depth > 0 && d.top().single {
		return 1
	}
	if d.countedLarge >= 4*len(d.data) || d.pos >= len(d.data) {
		return 0
	}
	n, end := countLike(d.data, d.pos, first)
	d.countedLarge += end - d.pos
	if d.budget == 0 {
		d.budget = defaultMaxMemory
	}
	n = min(n, max(d.budget-d.spent, 0)/cost+1)
	if d.afterFast {
		// The fast path gave these arguments up, most likely as the call
		// will refuse them ({"qty":1} items without their required
		// fields): not a second slice as large as the first.
		n = min(n, maxPresize)
	}
	return n
}

// countLike counts the items of the array or object whose first item is
// at i, or after white space from i (of an object, its first member's
// key), whose value starts with one of the bytes of first (any if first
// is empty), and returns where it stopped; 0 items if the array or object
// does not end. It passes over strings eight bytes at a time (plainRun)
// and over nested values by their brackets.
func countLike(data []byte, i int, first string) (n, end int) {
	j := i - 1
	for j >= 0 && isSpace(data[j]) {
		j--
	}
	object := j >= 0 && data[j] == '{'
	depth := 0
	start := !object // the next byte outside white space starts a value
	for ; i < len(data); i++ {
		c := data[i]
		if start && !isSpace(c) {
			start = false
			if c != ']' && c != '}' && (first == "" || strings.IndexByte(first, c) >= 0) {
				n++
			}
		}
		switch c {
		case '"':
			for i = plainRun(data, i+1); i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++ // the escaped character, which may be a quote
				}
			}
		case '[', '{':
			depth++
		case ']', '}':
			if depth == 0 {
				return n, i
			}
			depth--
		case ',':
			if depth == 0 && !object {
				start = true // an element follows
			}
		case ':':
			if depth == 0 && object {
				start = true // a member's value follows
			}
		}
	}
	return 0, i
}

// FastKeep charges an item of cost bytes to the memory budget of a fast
// path's call (see KeepLarge), and reports whether the budget holds it;
// once it does not, the fast path gives the arguments up to the full
// decoder, which says why it refuses them.
func FastKeep(st *Strings, cost int) bool {
	st.spent += cost
	return st.spent <= st.budget
}

// FastCountLarge is [FastCount] for a slice or map of items of cost bytes
// (see budget.go): how many items that start with a byte of first (see
// CountLarge) the array or object whose first item is at i holds, as far
// as the budget has room.
func FastCountLarge(st *Strings, data []byte, i int, empty bool, cost int, first string) int {
	if empty {
		return 0
	}
	n, _ := countLike(data, i, first)
	return min(n, max(st.budget-st.spent, 0)/cost+1)
}
