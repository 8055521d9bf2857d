package toolimpl

import (
	"fmt"
	"unsafe"
)

// The memory a call's arguments take once decoded is bounded, not only
// their length: `[{},{},...]` is three bytes an item, but each item of a
// []T takes T's size, and for a struct of 1 KB that made some 350 MB out of
// 1 MiB of arguments, enough for a few calls at once to end the process.
// Generated code charges each item of a slice or map whose type is large
// (32 bytes or more on a 64-bit platform; for a pointer, what it points
// to) to a budget of budgetPerByte times the length of the arguments plus
// budgetBase; past it the call fails, telling the model to send fewer
// items. A small item is not charged: it takes at most some ten times
// its shortest JSON.
//
// A slice or map of large items is made for as many items as its JSON
// holds, counted ahead, as far as the budget has room, so that it never
// grows: append's growth would allocate up to five times what the items
// take. The fast path and then the full decoder may each spend the budget
// on one call, so a call's large items take at most twice it.

const (
	budgetBase    = 1 << 20
	budgetPerByte = 8
)

// budgetFor is the memory budget of the large items of arguments n bytes
// long.
func budgetFor(n int) int { return budgetBase + budgetPerByte*n }

// KeepLarge is [Decoder.Keep] for an item of a large type (see budget.go):
// it also charges the size of a T, what item points to, to the call's
// memory budget, and once that is spent, the call fails and nothing more is
// kept. item is not read; it may be nil.
func KeepLarge[T any](d *Decoder, item *T) bool {
	return d.Keep() && d.spend(int(unsafe.Sizeof(*item)))
}

// spend charges n bytes to the call's memory budget, and reports whether
// it holds them; if not, decoding stops with a message that says so.
func (d *Decoder) spend(n int) bool {
	if d.budget == 0 {
		d.budget = budgetFor(len(d.data))
	}
	if d.spent += n; d.spent <= d.budget {
		return true
	}
	if d.syntax == "" {
		d.syntax = fmt.Sprintf("the arguments hold too many items: once decoded they would take more than %s of memory; send fewer items at a time", mebibytes(d.budget))
	}
	return false
}

// mebibytes writes n bytes in MiB, to one decimal.
func mebibytes(n int) string {
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// FastKeep charges the size of a T, what item points to, to the memory
// budget of a fast path's call (see KeepLarge), and reports whether the budget holds
// it; once it does not, the fast path gives the arguments up to the full
// decoder, which says why it refuses them.
func FastKeep[T any](st *Strings, item *T) bool {
	st.spent += int(unsafe.Sizeof(*item))
	return st.spent <= st.budget
}

// FastCountLarge is [FastCount] for a slice or map of large items of type
// T (see budget.go), which item points to (it may be nil; it is not
// read): how many the array or object that starts at i holds, exactly, as
// far as the budget has room, and at most one more than it has.
func FastCountLarge[T any](st *Strings, data []byte, i int, empty bool, item *T) int {
	n, _ := countItems(data, i, empty)
	return min(n, max(st.budget-st.spent, 0)/int(unsafe.Sizeof(*item))+1)
}

// CountLarge is FastCountLarge for the full decoder, right after
// [Decoder.Array] or [Decoder.Object] returned true. The bytes it looks at
// in one call add up to at most the arguments' length, as those of
// [Decoder.Members] do; past that it says 0, and the items grow the slice
// or map as they come.
func CountLarge[T any](d *Decoder, item *T) int {
	if d.depth > 0 && d.top().single {
		return 1
	}
	if d.counted >= len(d.data) || d.pos >= len(d.data) {
		return 0
	}
	n, end := countItems(d.data, d.pos, false)
	d.counted += end - d.pos
	if d.budget == 0 {
		d.budget = budgetFor(len(d.data))
	}
	return min(n, max(d.budget-d.spent, 0)/int(unsafe.Sizeof(*item))+1)
}
