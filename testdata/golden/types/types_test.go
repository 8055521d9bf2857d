package types

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/toolgen-go/toolgen/runtime"
)

func TestPlace(t *testing.T) {
	tool := Tools()[0].(runtime.InvokableTool)
	args := `{"id":"o1","note":"top","by":"ann","named":{"x":3},"count":"7","ratio":"0.5","on":"true","level":"high",
		"addr":"10.0.0.1","price":"12.50 EUR","stock":{"apple":3},"pair":{"first":1,"second":2},"other":{"id":"o2"},
		"wait":1000000000,"names":{"first":"a","second":"b"},"extra":{"k":[{"id":"x"}]},"-":"d","meta":null,"hint":null,"big":123456789012345678901234567890,"scale":["1.5","2"],"sizes":[1,99999999999999999999],
		"labels":{"a":"b","c":"d"},"attrs":{"x":1}}`
	res, err := tool.Invoke(context.Background(), json.RawMessage(args))
	if err != nil || !res.Success {
		t.Fatalf("%+v %v", res, err)
	}
	var want Order
	if err := json.Unmarshal([]byte(args), &want); err != nil {
		t.Fatal(err)
	}
	if got := res.Data.(Order); !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	for _, c := range []struct{ args, want string }{
		{`{"id":"o","named":{"x":1},"count":7,"level":"high","price":"1 X","pair":{"first":1,"second":2},"-":""}`,
			`invalid arguments: /count: must be a string holding an integer, got number`},
		// Inside the quotes, the value alone, as encoding/json and the
		// schema's pattern take it: no white space around it.
		{`{"id":"o","named":{"x":1},"count":" 7","level":"high","price":"1 X","pair":{"first":1,"second":2},"on":"true\n","-":""}`,
			`invalid arguments: /count: must be a string holding an integer, got " 7"; /on: must be a string holding true or false, got "true\n"`},
		{`{"id":"o","named":{"x":1},"count":"7x","level":"mid","price":5,"pair":{"first":1,"second":2},"ratio":"-1","addr":"nope","-":"","big":"12","scale":[3],"sizes":["4"],"labels":{"a":1},"attrs":{"x":"1"}}`,
			`invalid arguments: /addr: invalid value "nope": ParseAddr("nope"): unable to parse IP; /attrs/x: must be an integer, got the string "1": send 1, without quotes; /big: must be an integer, got the string "12": send 12, without quotes; /count: must be a string holding an integer, got "7x"; /labels/a: must be a string, got number; /level: invalid value "mid": want low or high; /price: must be a string, got number; /ratio: must be at least 0, got -1; /scale/0: must be a string, got number; /sizes/0: must be an integer, got the string "4": send 4, without quotes`},
	} {
		res, _ := tool.Invoke(context.Background(), json.RawMessage(c.args))
		if res.Error != c.want {
			t.Errorf("%s:\ngot  %s\nwant %s", c.args, res.Error, c.want)
		}
	}
	// An escaped key passes the call to the full decoder, which fills
	// maps behind pointers too.
	args = `{"id":"o","named":{"x":1},"count":"7","level":"high","price":"1 X","pair":{"first":1,"second":2},"-":"","labels":{"a\u0041":"b"},"attrs":{"x":1}}`
	res, err = tool.Invoke(context.Background(), json.RawMessage(args))
	if err != nil || !res.Success {
		t.Fatalf("%+v %v", res, err)
	}
	if got := res.Data.(Order); !reflect.DeepEqual(*got.Labels, map[string]string{"aA": "b"}) || !reflect.DeepEqual(*got.Attrs, Attrs{"x": 1}) {
		t.Errorf("labels %v, attrs %v; want map[aA:b] and map[x:1]", got.Labels, got.Attrs)
	}
}

// A *big.Int reads every integer its schema allows: 1e3 and 3.0 are
// integers to JSON Schema, and big.Int's UnmarshalJSON gets plain digits.
func TestBigIntegers(t *testing.T) {
	tool := Tools()[0].(runtime.InvokableTool)
	base := `{"id":"o","named":{"x":1},"count":"7","level":"high","price":"1 X","pair":{"first":1,"second":2},"-":"d","big":`
	for in, want := range map[string]string{"1e3": "1000", "3.0": "3", "-2.5e1": "-25", "123456789012345678901234567890": "123456789012345678901234567890"} {
		res, err := tool.Invoke(context.Background(), json.RawMessage(base+in+`}`))
		if err != nil || !res.Success {
			t.Errorf("%s: %+v %v", in, res, err)
			continue
		}
		if got := res.Data.(Order).Big.String(); got != want {
			t.Errorf("%s: %s, want %s", in, got, want)
		}
	}
	res, _ := tool.Invoke(context.Background(), json.RawMessage(base+`1e5000}`))
	if res.Success || !strings.Contains(res.Error, "/big: must be an integer of at most 4096 digits, got 1e5000") {
		t.Errorf("1e5000: %+v", res)
	}
}

// A result's pointer to a type with its own MarshalJSON (*big.Int) is
// written through the pointer, as encoding/json writes it.
func TestTotal(t *testing.T) {
	tool := Tools()[1].(runtime.InvokableTool)
	res, err := tool.Invoke(context.Background(), json.RawMessage(`{"first":2,"second":3}`))
	if err != nil || !res.Success {
		t.Fatalf("%+v %v", res, err)
	}
	want, _ := json.Marshal(res.Data)
	if res.Output != string(want) || res.Output != `{"sum":5}` {
		t.Errorf("output %s, encoding/json %s", res.Output, want)
	}
}

// A *big.Int gets at most 4096 digits however they are written: plain
// digits too, which big.Int reads in time quadratic in their length (1 MiB
// of them took 2 s of a call).
func TestBigIntegerDigits(t *testing.T) {
	tool := Tools()[0].(runtime.InvokableTool)
	base := `{"id":"o","named":{"x":1},"count":"7","level":"high","price":"1 X","pair":{"first":1,"second":2},"-":"","big":`
	res, _ := tool.Invoke(context.Background(), json.RawMessage(base+strings.Repeat("9", 4096)+`}`))
	if !res.Success {
		t.Errorf("4096 digits: %s", res.Error)
	}
	res, _ = tool.Invoke(context.Background(), json.RawMessage(base+strings.Repeat("9", 1<<19)+`}`))
	if res.Success || !strings.Contains(res.Error, "/big: must be an integer of at most 4096 digits, got 9999") {
		t.Errorf("512 KiB of digits: %.300s", res.Error)
	}
}
