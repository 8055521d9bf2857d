package toolimpl

import "testing"

func TestMultipleOf(t *testing.T) {
	for _, c := range []struct {
		x    float64
		k    string
		want bool
	}{
		{0.3, "0.1", true}, {1.005, "0.01", false}, {12.5, "2.5", true}, {7, "2", false}, {-6, "3", true}, {0, "0.7", true},
	} {
		if got := MultipleOf(c.x, c.k); got != c.want {
			t.Errorf("MultipleOf(%v, %s) = %v", c.x, c.k, got)
		}
	}
}

func TestMultipleOf32(t *testing.T) {
	for _, c := range []struct {
		x    float32
		k    string
		want bool
	}{
		{19.99, "0.01", true}, {0.29, "0.01", true}, {0.295, "0.01", false}, {16777216, "2", true}, {0.1, "0.1", true}, {1.5, "0.2", false},
	} {
		if got := MultipleOf32(c.x, c.k); got != c.want {
			t.Errorf("MultipleOf32(%v, %s) = %v", c.x, c.k, got)
		}
	}
}

func TestDuplicate(t *testing.T) {
	long := make([]int, 40)
	for i := range long {
		long[i] = i
	}
	long[33] = 7
	for _, c := range []struct {
		s    []int
		i, j int
		dup  bool
	}{{nil, 0, 0, false}, {[]int{1, 2, 1}, 0, 2, true}, {[]int{1, 2, 3}, 0, 0, false}, {long, 7, 33, true}} {
		if i, j, dup := Duplicate(c.s); i != c.i || j != c.j || dup != c.dup {
			t.Errorf("Duplicate(%v) = %d, %d, %v", c.s, i, j, dup)
		}
	}
}
