package toolimpl

import (
	"math/big"
	"strconv"
	"unicode/utf8"
)

// Helpers for the checks of generated decoders.

// Duplicate reports the first two equal items of s, for uniqueItems.
func Duplicate[T comparable](s []T) (i, j int, found bool) {
	if len(s) <= 16 {
		for j := 1; j < len(s); j++ {
			for i := range j {
				if s[i] == s[j] {
					return i, j, true
				}
			}
		}
		return 0, 0, false
	}
	seen := make(map[T]int, len(s))
	for j, v := range s {
		if i, ok := seen[v]; ok {
			return i, j, true
		}
		seen[v] = j
	}
	return 0, 0, false
}

// MultipleOf reports whether x is a multiple of k, written as a decimal,
// exactly: 0.3 is a multiple of 0.1, as JSON Schema means it, although
// 0.3/0.1 is not an integer in floating point. x is taken at its shortest
// decimal form, which is what the model wrote.
func MultipleOf(x float64, k string) bool {
	return multipleOf(strconv.FormatFloat(x, 'g', -1, 64), k)
}

// MultipleOf32 is MultipleOf for a float32, taken at its shortest decimal
// form as a float32: 19.99, not the 19.989999771118164 that its float64
// widening would write.
func MultipleOf32(x float32, k string) bool {
	return multipleOf(strconv.FormatFloat(float64(x), 'g', -1, 32), k)
}

func multipleOf(x, k string) bool {
	xr, ok := new(big.Rat).SetString(x)
	if !ok {
		return false
	}
	kr, ok := new(big.Rat).SetString(k)
	if !ok || kr.Sign() == 0 {
		return false
	}
	return xr.Quo(xr, kr).IsInt()
}

// Length records a problem if s has fewer than min or more than max
// characters (runes); a negative max means no maximum. The messages are
// those of minLength and maxLength.
func (d *Decoder) Length(s string, min, max int) {
	n := utf8.RuneCountInString(s)
	if n < min {
		d.Errorf("must be at least %s long, got %d", plural(min, "character"), n)
	}
	if max >= 0 && n > max {
		d.Errorf("must be at most %s long, got %d", plural(max, "character"), n)
	}
}

// FastLength reports whether s has from min to max characters (runes); a
// negative max means no maximum. Fast paths call it for minLength and
// maxLength.
func FastLength(s []byte, min, max int) bool {
	n := utf8.RuneCount(s)
	return n >= min && (max < 0 || n <= max)
}

// plural writes n and its noun, with an s if n is not 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
