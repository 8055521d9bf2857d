package toolimpl

import (
	"fmt"
	"reflect"
	goruntime "runtime"
	"strings"
	"sync"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

type boxOrder struct {
	ID    string
	Tags  []string
	Total float64
	Paid  bool
}

// TestBoxWithText checks the interface values boxWithText makes: they
// assert, compare, print and reflect as the result they hold, and outlive
// a collection that only they keep the box from.
func TestBoxWithText(t *testing.T) {
	check := func(t *testing.T, want any, got any, text string) {
		t.Helper()
		if !reflect.DeepEqual(got, want) || fmt.Sprint(got) != fmt.Sprint(want) || reflect.TypeOf(got) != reflect.TypeOf(want) {
			t.Errorf("got %#v, want %#v", got, want)
		}
		if text != `{"json":true}` {
			t.Errorf("text %q", text)
		}
	}
	json := []byte(`{"json":true}`)
	order := boxOrder{ID: "A-1", Tags: []string{"x", "y"}, Total: 12.5, Paid: true}
	text, v := boxWithText(order, json)
	check(t, order, v, text)
	if got := v.(boxOrder); got.Tags[1] != "y" {
		t.Errorf("asserted %+v", got)
	}
	arr := [3]int{1, 2, 3}
	text, va := boxWithText(arr, json)
	check(t, arr, va, text)
	pair := struct{ A, B string }{"a", "b"}
	text, vp := boxWithText(pair, json)
	check(t, pair, vp, text)

	// Only the interfaces and strings hold the boxes while the collector
	// runs, many times, from several goroutines.
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			var texts []string
			var values []any
			for i := range 2000 {
				o := boxOrder{ID: fmt.Sprint(g, "-", i), Tags: []string{fmt.Sprint(i)}, Total: float64(i)}
				s, v := boxWithText(o, []byte(o.ID))
				texts, values = append(texts, s), append(values, v)
				if i%500 == 0 {
					goruntime.GC()
				}
			}
			goruntime.GC()
			for i, v := range values {
				o := v.(boxOrder)
				if want := fmt.Sprint(g, "-", i); o.ID != want || texts[i] != want || o.Tags[0] != fmt.Sprint(i) || o.Total != float64(i) {
					t.Errorf("box %d: %+v %q", i, o, texts[i])
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestFillBoxes checks that fill puts a small struct result and its JSON
// in one allocation, and a large or pointer-shaped one as before.
func TestFillBoxes(t *testing.T) {
	encode := func(e *Encoder, o boxOrder) { e.Raw(`{"id":`); e.String(o.ID); e.Byte('}') }
	o := boxOrder{ID: "A-1042"}
	res := new(runtime.Result)
	n := testing.AllocsPerRun(100, func() { fill(res, o, encode) })
	if n != 1 || res.Output != `{"id":"A-1042"}` || res.Data.(boxOrder).ID != "A-1042" || !res.Success || !res.Structured {
		t.Errorf("%v allocations, %+v", n, res)
	}
	long := boxOrder{ID: strings.Repeat("x", 100)}
	fill(res, long, encode)
	if res.Data.(boxOrder).ID != long.ID || res.Output != `{"id":"`+long.ID+`"}` {
		t.Errorf("long: %+v", res)
	}
	p := &boxOrder{ID: "p"}
	fill(res, p, func(e *Encoder, o *boxOrder) { e.Raw(`{"id":`); e.String(o.ID); e.Byte('}') })
	if res.Data.(*boxOrder) != p || res.Output != `{"id":"p"}` {
		t.Errorf("pointer: %+v", res)
	}
}
