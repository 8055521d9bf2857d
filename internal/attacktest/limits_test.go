package attacktest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	goruntime "runtime"
	"strings"
	"testing"
	"time"

	"github.com/toolgen-go/toolgen/runtime"
)

// measure runs f once and returns the bytes it allocated and its time.
func measure(f func()) (alloc uint64, took time.Duration) {
	var before, after goruntime.MemStats
	goruntime.GC()
	goruntime.ReadMemStats(&before)
	start := time.Now()
	f()
	took = time.Since(start)
	goruntime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc, took
}

// wrongElements is {"nums":["","",...]}: n strings where sum takes ints.
func wrongElements(n int) json.RawMessage {
	var b bytes.Buffer
	b.WriteString(`{"nums":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`""`)
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

// TestWrongElementsMemory sends sum nearly 1 MiB of wrong elements (an
// array of 349,000 strings where ints are expected) through Execute: the
// call must allocate under 8 MiB, and its Result must list 20 problems and
// "and N more" for the rest.
func TestWrongElementsMemory(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t, nil, nil)
	const n = 349_000
	args := wrongElements(n)
	if len(args) > 1<<20 {
		t.Fatalf("the arguments are %d bytes, over the 1 MiB limit", len(args))
	}
	reg.Execute(ctx, "sum", args) // warm up
	var res *runtime.Result
	alloc, took := measure(func() { res, _ = reg.Execute(ctx, "sum", args) })
	t.Logf("%d wrong elements, %d bytes of arguments: %d bytes allocated (%.2f MiB, %.2f bytes per input byte), %v",
		n, len(args), alloc, float64(alloc)/(1<<20), float64(alloc)/float64(len(args)), took)
	if alloc >= 8<<20 {
		t.Errorf("allocated %d bytes (%.2f MiB), want under 8 MiB", alloc, float64(alloc)/(1<<20))
	}
	if res.Success || res.Err != nil {
		t.Fatalf("Result %+v", res)
	}
	if len(res.Problems) != 20 {
		t.Errorf("%d problems listed, want 20", len(res.Problems))
	}
	want := fmt.Sprintf("; and %d more", n-20)
	if !strings.HasPrefix(res.Error, "invalid arguments: /nums/0: must be an integer, got string") || !strings.HasSuffix(res.Error, want) {
		t.Errorf("Error %q, want the first 20 problems and %q", res.Error, want)
	}
	if len(res.Error) > 2000 {
		t.Errorf("Error is %d bytes long", len(res.Error))
	}
}

// TestHugeInvoke calls tools' own Invoke (no registry, so the default 1 MiB
// limit) and their generated Call with nil settings, with 64 MiB of
// otherwise valid arguments: the call must be refused before the arguments
// are decoded, quickly and with a small allocation, with a message saying
// the limit.
func TestHugeInvoke(t *testing.T) {
	ctx := context.Background()
	const size = 64 << 20
	text := make([]byte, 0, size+16)
	text = append(text, `{"text":"`...)
	text = append(text, bytes.Repeat([]byte("a"), size-len(text)-2)...)
	text = append(text, `"}`...)
	nums := make([]byte, 0, size+16)
	nums = append(nums, `{"nums":[1`...)
	for len(nums) < size-16 {
		nums = append(nums, ",1234567890123"...)
	}
	nums = append(nums, bytes.Repeat([]byte(" "), size-2-len(nums))...)
	nums = append(nums, `]}`...)
	reg := newRegistry(t, nil, nil)
	for _, c := range []struct {
		tool string
		args json.RawMessage
	}{{"echo", text}, {"sum", nums}} {
		tl := tool(t, c.tool)
		for _, entry := range []string{"Invoke", "Call", "Execute"} {
			if entry == "Call" && c.tool == "sum" {
				continue // as Invoke; while the fast path reads it all, 7 s under -race
			}
			var res runtime.Result
			alloc, took := measure(func() {
				switch entry {
				case "Invoke":
					res, _ = tl.(runtime.InvokableTool).Invoke(ctx, c.args)
				case "Call":
					res, _ = tl.(caller).Call(ctx, nil, c.args, nil)
				case "Execute":
					r, _ := reg.Execute(ctx, c.tool, c.args)
					res = *r
				}
			})
			t.Logf("%s %s, %d bytes: %d bytes allocated, %v: %s", entry, c.tool, len(c.args), alloc, took, res.Error)
			if res.Success || !strings.Contains(res.Error, fmt.Sprintf("the arguments are %d bytes long; the limit is 1048576", len(c.args))) {
				t.Errorf("%s %s: Result %+v", entry, c.tool, res.Error)
			}
			if alloc > 64<<10 {
				t.Errorf("%s %s: allocated %d bytes (%.1f MiB) to refuse %d bytes of arguments, want under 64 KiB: the arguments were read before the size was checked", entry, c.tool, alloc, float64(alloc)/(1<<20), len(c.args))
			}
			if took > 20*time.Millisecond {
				t.Errorf("%s %s: took %v to refuse, want under 20ms", entry, c.tool, took)
			}
		}
	}
}

// hostileCase is hostile JSON sent through Execute.
type hostileCase struct {
	name string
	tool string
	args []byte
	// want is in the Error of a refused call; ok means the JSON is valid
	// and accepted as encoding/json does, with Output output.
	want   string
	ok     bool
	output string
}

func hostileCases() []hostileCase {
	str := func(n int, c byte) []byte { return bytes.Repeat([]byte{c}, n) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	b := func(s string) []byte { return []byte(s) }
	return []hostileCase{
		{name: "100k [ as the arguments", tool: "sum", args: str(100_000, '['), want: "invalid arguments"},
		{name: "100k [ in a field", tool: "sum", args: cat(b(`{"nums":`), str(100_000, '[')), want: "invalid arguments"},
		{name: "100k [ closed", tool: "sum", args: cat(b(`{"nums":`), str(100_000, '['), str(100_000, ']'), b(`}`)), want: "invalid arguments"},
		{name: "100k {\"a\": nested", tool: "echo", args: bytes.Repeat(b(`{"a":`), 100_000), want: "invalid arguments"},
		{name: "invalid UTF-8", tool: "echo", args: b("{\"text\":\"a\xff\xfeb\"}"), want: "invalid arguments"},
		{name: "invalid UTF-8 after an escape", tool: "echo", args: b("{\"text\":\"\\n\xc3\x28\"}"), want: "invalid arguments"},
		{name: "invalid UTF-8 in a key", tool: "echo", args: b("{\"te\xffxt\":\"a\"}"), want: "invalid arguments"},
		{name: "overlong UTF-8", tool: "echo", args: b("{\"text\":\"\xc0\xaf\"}"), want: "invalid arguments"},
		{name: "UTF-8 surrogate bytes", tool: "echo", args: b("{\"text\":\"\xed\xa0\x80\"}"), want: "invalid arguments"},
		{name: "lone high surrogate (U+FFFD as encoding/json)", tool: "echo", args: b(`{"text":"\ud800"}`), ok: true, output: "\ufffd"},
		{name: "lone low surrogate (U+FFFD as encoding/json)", tool: "echo", args: b(`{"text":"\udc00x"}`), ok: true, output: "\ufffdx"},
		{name: "reversed surrogates", tool: "echo", args: b(`{"text":"\udc00\ud800"}`), ok: true, output: "\ufffd\ufffd"},
		{name: "lone surrogate in a key", tool: "echo", args: b(`{"\ud800":"a"}`), want: "invalid arguments"},
		{name: "truncated object", tool: "echo", args: b(`{"text":"abc"`), want: "invalid arguments"},
		{name: "truncated string", tool: "echo", args: b(`{"text":"abc`), want: "invalid arguments"},
		{name: "truncated escape", tool: "echo", args: b(`{"text":"\u12`), want: "invalid arguments"},
		{name: "truncated array", tool: "sum", args: b(`{"nums":[1,2`), want: "invalid arguments"},
		{name: "truncated number", tool: "add", args: b(`{"a":1,"b":-`), want: "invalid arguments"},
		{name: "truncated key", tool: "add", args: b(`{"a":1,"b`), want: "invalid arguments"},
		{name: "truncated literal", tool: "echo", args: b(`{"text":nul`), want: "invalid arguments"},
		{name: "only {", tool: "echo", args: b(`{`), want: "invalid arguments"},
		{name: "huge integer", tool: "add", args: b(`{"a":99999999999999999999999999999999,"b":1}`), want: "invalid arguments"},
		{name: "1e400", tool: "add", args: b(`{"a":1e400,"b":1}`), want: "invalid arguments"},
		{name: "exponent 1e999999999", tool: "add", args: b(`{"a":1e999999999,"b":1}`), want: "invalid arguments"},
		{name: "exponent -999999999", tool: "add", args: b(`{"a":1e-999999999,"b":1}`), want: "invalid arguments"},
		{name: "exponent with 500k digits", tool: "add", args: cat(b(`{"a":1e`), str(500_000, '9'), b(`,"b":1}`)), want: "invalid arguments"},
		{name: "500k-digit integer", tool: "add", args: cat(b(`{"a":1`), str(500_000, '0'), b(`,"b":1}`)), want: "invalid arguments"},
		{name: "500k-digit fraction", tool: "add", args: cat(b(`{"a":1.`), str(500_000, '0'), b(`1,"b":1}`)), want: "invalid arguments"},
		{name: "500k zeros then e-500000 (exactly 1)", tool: "add", args: cat(b(`{"a":1`), str(500_000, '0'), b(`e-500000,"b":1}`)), ok: true, output: "2"},
		{name: "120k wrong numbers, huge each", tool: "sum", args: cat(b(`{"nums":[`), bytes.Repeat(b(`1e99999,`), 120_000), b(`1]}`)), want: "and 119980 more"},
		{name: "duplicate keys, last kept", tool: "echo", args: b(`{"text":"a","text":"b"}`), ok: true, output: "b"},
		{name: "duplicate keys, each checked", tool: "echo", args: b(`{"text":5,"text":"b"}`), want: "invalid arguments: /text: must be a string, got number"},
		{name: "200k duplicate keys", tool: "echo", args: cat(b(`{`), bytes.Repeat(b(`"text":"a",`), 90_000), b(`"text":"b"}`)), ok: true, output: "b"},
		{name: "raw NUL in a string", tool: "echo", args: b("{\"text\":\"a\x00b\"}"), want: "invalid arguments"},
		{name: "raw NUL in a key", tool: "echo", args: b("{\"te\x00xt\":\"a\"}"), want: "invalid arguments"},
		{name: "raw NUL after the arguments", tool: "echo", args: b("{\"text\":\"a\"}\x00"), want: "invalid arguments"},
		{name: "raw NUL as the arguments", tool: "echo", args: b("\x00"), want: "invalid arguments"},
		{name: "escaped NUL (valid JSON)", tool: "echo", args: b(`{"text":"a\u0000b"}`), ok: true, output: "a\x00b"},
		{name: "10 MB string", tool: "echo", args: cat(b(`{"text":"`), str(10_000_000, 'x'), b(`"}`)), want: "invalid arguments"},
		{name: "1 MiB string, just over", tool: "echo", args: cat(b(`{"text":"`), str(1<<20, 'x'), b(`"}`)), want: "invalid arguments"},
		{name: "100k escapes", tool: "echo", args: cat(b(`{"text":"`), bytes.Repeat(b(`\u00e9`), 100_000), b(`"`)), want: "invalid arguments"},
		{name: "100k unknown fields", tool: "echo", args: cat(b(`{`), bytes.Repeat(b(`"x":[[[[1]]]],`), 70_000), b(`"text":"a"}`)), want: "and 69980 more"},
		{name: "BOM", tool: "echo", args: b("\xef\xbb\xbf{\"text\":\"a\"}"), want: "invalid arguments"},
		{name: "trailing garbage", tool: "echo", args: b(`{"text":"a"}}`), want: "invalid arguments"},
		{name: "two objects", tool: "echo", args: b(`{"text":"a"}{"text":"b"}`), want: "invalid arguments"},
		{name: "hostile_args: JSONBomb given an object", tool: "hostile_args", args: b(`{"j":{"boom":1}}`), want: "invalid arguments"},
		{name: "hostile_args: key map of 50k keys", tool: "hostile_args", args: cat(b(`{"k":{`), bytes.Repeat(b(`"a":1,`), 50_000), b(`"b":"x"}}`)), want: "invalid arguments: /k/b: must be an integer"},
	}
}

// TestHostileJSON sends hostile JSON through Execute: deep nesting (100k
// [), invalid UTF-8, lone surrogates, truncated input, huge numbers,
// duplicate keys, NUL bytes, a 10 MB string and more. Each must come back
// as a Result with a nil Go error and no panic: a refused call says
// "invalid arguments", with no Err (the model's mistake, not a system
// failure); valid JSON that encoding/json accepts (a lone surrogate's
// U+FFFD, a repeated key, an escaped NUL) is accepted as it does. The time
// must be O(input): under 2 ms per KiB (race detector included) plus 50 ms.
func TestHostileJSON(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t, nil, nil)
	for _, c := range hostileCases() {
		t.Run(c.name, func(t *testing.T) {
			var res *runtime.Result
			var err error
			start := time.Now()
			func() {
				defer func() {
					if v := recover(); v != nil {
						t.Fatalf("Execute panicked: %v", v)
					}
				}()
				res, err = reg.Execute(ctx, c.tool, c.args)
			}()
			took := time.Since(start)
			if err != nil {
				t.Errorf("Go error %v", err)
			}
			limit := 50*time.Millisecond + time.Duration(len(c.args)/1024)*2*time.Millisecond
			if took > limit {
				t.Errorf("took %v for %d bytes, want under %v", took, len(c.args), limit)
			}
			msg := res.Error
			if len(msg) > 300 {
				msg = msg[:300] + "..."
			}
			t.Logf("%d bytes, %v: success %v, %q", len(c.args), took, res.Success, msg)
			if c.ok {
				if !res.Success || res.Output != c.output {
					t.Errorf("got %+v, want success with output %q", res, c.output)
				}
				return
			}
			switch {
			case res.Success:
				t.Errorf("accepted: %+v", res)
			case !strings.Contains(res.Error, c.want):
				t.Errorf("Error %q, want it to contain %q", msg, c.want)
			case !strings.HasPrefix(res.Error, "invalid arguments"):
				t.Errorf("Error %q does not start with \"invalid arguments\"", msg)
			case res.Err != nil:
				t.Errorf("Err %v, want nil for the model's mistake", res.Err)
			case len(res.Problems) == 0:
				t.Errorf("no Problems for programs")
			}
		})
	}
}

// TestEchoBounded sends a 100 KB value to each kind of check that shows
// the model's value in its problem, and a 100 KB tool name: the message
// shows at most 64 bytes of each value, so it stays short however long
// the model's text is (the model knows what it sent).
func TestEchoBounded(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t, nil, nil)
	long := strings.Repeat("A", 100_000)
	for _, c := range []struct{ name, tool, args string }{
		{"pattern and length", "echo_args", `{"code":"` + long + `"}`},
		{"pattern", "echo_args", `{"slug":"` + long + `"}`},
		{"format", "echo_args", `{"mail":"` + long + `"}`},
		{"enum", "echo_args", `{"color":"` + long + `"}`},
		{"enum and length", "echo_args", `{"size":"` + long + `"}`},
		{"number", "echo_args", `{"count":1` + strings.Repeat("0", 100_000) + `}`},
		{"escapes", "echo_args", `{"code":"` + strings.Repeat(`\u00e9`, 20_000) + `"}`},
		{"repeated key", "echo_args", `{` + strings.Repeat(`"code":"`+strings.Repeat("A", 1000)+`",`, 100) + `"slug":"a"}`},
		{"unknown key", "echo_args", `{"` + long + `":1}`},
		{"unknown tool", long, `{}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := reg.Execute(ctx, c.tool, json.RawMessage(c.args))
			if err != nil || res.Success {
				t.Fatalf("got %+v, %v; want a refusal", res, err)
			}
			if len(res.Error) > 2048 {
				t.Errorf("the error is %d bytes long for %d bytes of arguments: %.300q", len(res.Error), len(c.args), res.Error)
			}
		})
	}
}

// emptyItems is the arguments of import with n empty records in the
// container named field: `[{},{},...]`, or for a map `{"0":{},"1":{},...}`.
func emptyItems(field string, n int) json.RawMessage {
	var b bytes.Buffer
	isMap := field == "named" || field == "pointed"
	open, end := byte('['), byte(']')
	if isMap {
		open, end = '{', '}'
	}
	fmt.Fprintf(&b, `{%q:%c`, field, open)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		if isMap {
			fmt.Fprintf(&b, `"%x":`, i)
		}
		b.WriteString(`{}`)
	}
	b.WriteByte(end)
	b.WriteByte('}')
	return b.Bytes()
}

// TestLargeItemsMemory sends import nearly 1 MiB of valid but empty records
// (3 bytes each, about 200 in memory) in each kind of container, through
// Execute and the fast path and the full decoder (lenient, which a string
// where a number goes sends to it): the call must fail with a message that
// says how many fit, having allocated under 36 MiB: Settings.MaxMemory is
// 16 MiB, which the fast path spends, and the full decoder that finds
// where it ran out allocates the items a pointer points to again. The
// records took 289 MiB (585 MiB lenient) before the budget.
func TestLargeItemsMemory(t *testing.T) {
	ctx := context.Background()
	for _, field := range []string{"records", "refs", "named", "pointed"} {
		for _, lenient := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/lenient=%v", field, lenient), func(t *testing.T) {
				reg := newRegistry(t, nil, &runtime.Settings{Lenient: lenient})
				n := (1<<20 - 100) / 3
				if field == "named" || field == "pointed" {
					n = (1<<20 - 100) / 11
				}
				args := emptyItems(field, n)
				if lenient {
					// A value the fast path leaves to the full decoder.
					args = append(args[:len(args)-1], `,"records":[{"size":"1"}]}`...)
				}
				if len(args) > 1<<20 {
					t.Fatalf("the arguments are %d bytes, over the 1 MiB limit", len(args))
				}
				var res *runtime.Result
				alloc, took := measure(func() { res, _ = reg.Execute(ctx, "import", args) })
				t.Logf("%d records, %d bytes of arguments: %.1f MiB allocated, %v", n, len(args), float64(alloc)/(1<<20), took)
				if res.Success {
					t.Fatalf("the call succeeded: %s", res.Output)
				}
				cost := 216 // a Record's 168 bytes and its Labels map's 48
				if field == "refs" || field == "pointed" {
					cost += 8
				}
				want := regexp.MustCompile(fmt.Sprintf(`^invalid arguments: /%s/[0-9a-f]+: too many items: once decoded the arguments would take more than 16 MiB of memory, at %d bytes an item here; send at most %d such items in a call$`,
					field, cost, 16<<20/cost))
				if !want.MatchString(res.Error) {
					t.Errorf("Error %q, want it to match %s", res.Error, want)
				}
				if alloc >= 36<<20 {
					t.Errorf("allocated %.1f MiB, want under 36 MiB", float64(alloc)/(1<<20))
				}
			})
		}
	}
}

// TestLargeItemsWithin sends import as many records as real arguments of
// its size hold, with some content each: the budget must not refuse them.
func TestLargeItemsWithin(t *testing.T) {
	reg := newRegistry(t, nil, nil)
	var b strings.Builder
	b.WriteString(`{"records":[`)
	const n = 20_000
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"r%d"}`, i)
	}
	b.WriteString(`],"named":{"a":{"name":"x"},"b":{}},"refs":[{}],"pointed":{"p":{}}}`)
	res, err := reg.Execute(context.Background(), "import", json.RawMessage(b.String()))
	if err != nil || !res.Success || res.Output != fmt.Sprint(n+4) {
		t.Fatalf("Result %+v, %v", res, err)
	}
}

// repeat is n copies of item, joined by commas.
func repeat(item string, n int) string {
	return strings.TrimSuffix(strings.Repeat(item+",", n), ",")
}

// TestLargeItemsNested sends restock nearly 1 MiB of the shapes that got
// past the first budget: large items after twenty problems (which are not
// kept, and must not be made room for), large items in the second of two
// large items (whose count the first one's used up), small items that
// point to large ones, and values of any type, and the objects and arrays
// inside one value of any type. Each must fail, saying so,
// or stop at twenty problems, having allocated under 36 MiB.
func TestLargeItemsNested(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t, nil, nil)
	fill := func(prefix, item, suffix string) json.RawMessage {
		n := (1<<20 - 200 - len(prefix) - len(suffix)) / (len(item) + 1)
		return json.RawMessage(prefix + repeat(item, n) + suffix)
	}
	for _, tc := range []struct {
		name, want string
		args       json.RawMessage
	}{
		{"after-problems", "invalid arguments: /shelves/0/records/0: must be an object, got number",
			fill(`{"shelves":[{"records":[`+repeat("1", 21)+`]},{"records":[`, `{}`, `]}]}`)},
		{"second-shelf", "invalid arguments: /shelves/1/records/",
			fill(`{"shelves":[{"records":[{},{}]},{"records":[`, `{}`, `]}]}`)},
		{"changes", "invalid arguments: /changes/",
			fill(`{"changes":[`, `{"before":{},"after":{}}`, `]}`)},
		{"values", "invalid arguments: /values/",
			fill(`{"values":[`, `{}`, `]}`)},
		// Inside one value of any type: encoding/json's maps and slices,
		// which the generated code does not see.
		{"in-a-value", "invalid arguments: /values/0: too many items",
			fill(`{"values":[[`, `{}`, `]]}`)},
		{"in-a-value-nested", "invalid arguments: /values/0: too many items",
			fill(`{"values":[{"a":[`, `{"b":{}}`, `]}]}`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var res *runtime.Result
			alloc, took := measure(func() { res, _ = reg.Execute(ctx, "restock", tc.args) })
			t.Logf("%d bytes of arguments: %.1f MiB allocated, %v", len(tc.args), float64(alloc)/(1<<20), took)
			if res.Success || !strings.HasPrefix(res.Error, tc.want) {
				t.Errorf("Result %.300q, want a failure starting %q", res.Error, tc.want)
			}
			if tc.name != "after-problems" && !strings.Contains(res.Error, "too many items") {
				t.Errorf("Error %.300q, want it to say there are too many items", res.Error)
			}
			if alloc >= 36<<20 {
				t.Errorf("allocated %.1f MiB, want under 36 MiB", float64(alloc)/(1<<20))
			}
		})
	}
}

// TestMaxMemory checks that Settings.MaxMemory sets the budget: 20,000
// records with a name each fit in the default 16 MiB, not in 1 MiB, where
// the message says how many do.
func TestMaxMemory(t *testing.T) {
	args := json.RawMessage(`{"records":[` + repeat(`{"name":"record"}`, 20_000) + `]}`)
	reg := newRegistry(t, nil, &runtime.Settings{MaxMemory: 1 << 20})
	res, _ := reg.Execute(context.Background(), "import", args)
	const want = "invalid arguments: /records/4854: too many items: once decoded the arguments would take more than 1 MiB of memory, at 216 bytes an item here; send at most 4854 such items in a call"
	if res.Success || res.Error != want {
		t.Errorf("Result %+v, want the error %q", res, want)
	}
	reg = newRegistry(t, nil, nil)
	if res, _ = reg.Execute(context.Background(), "import", args); !res.Success || res.Output != "20000" {
		t.Errorf("Result %+v with the default MaxMemory, want 20000", res)
	}
}

// TestLenientEncodedTwiceMemory sends sum, in a lenient registry, nearly
// 1 MiB of wrong elements ("" for an int, which a lenient call reads as
// a number in a string): as an array, as an array inside a string (read
// as the array it holds), and with the whole arguments inside a string. A
// copy of the string's contents at most, and the problems found at the
// array's paths, as for the array itself.
func TestLenientEncodedTwiceMemory(t *testing.T) {
	ctx := context.Background()
	reg := newRegistry(t, nil, &runtime.Settings{Lenient: true})
	const n = 200_000
	inner := wrongElements(n)                      // {"nums":["","",...]}
	array := inner[len(`{"nums":`) : len(inner)-1] // ["","",...]
	quotedArray, _ := json.Marshal(string(array))
	quotedArgs, _ := json.Marshal(string(inner))
	for name, args := range map[string][]byte{
		// A lenient call made a Decoder on the heap for each "" read as
		// an integer: 119 MiB for these 200,000.
		"array":                 inner,
		"array in a string":     append(append([]byte(`{"nums":`), quotedArray...), '}'),
		"arguments in a string": quotedArgs,
	} {
		if len(args) > 1<<20 {
			t.Fatalf("%s: the arguments are %d bytes, over the 1 MiB limit", name, len(args))
		}
		reg.Execute(ctx, "sum", args) // warm up
		var res *runtime.Result
		alloc, took := measure(func() { res, _ = reg.Execute(ctx, "sum", args) })
		t.Logf("%s: %d wrong elements, %d bytes of arguments: %d bytes allocated (%.2f MiB), %v", name, n, len(args), alloc, float64(alloc)/(1<<20), took)
		if alloc >= 8<<20 {
			t.Errorf("%s: allocated %d bytes (%.2f MiB), want under 8 MiB", name, alloc, float64(alloc)/(1<<20))
		}
		want := fmt.Sprintf("; and %d more", n-20)
		if res.Success || !strings.HasPrefix(res.Error, "invalid arguments: /nums/0: must be an integer, got string") || !strings.HasSuffix(res.Error, want) {
			t.Errorf("%s: Error %q, want the first 20 problems at /nums/i and %q", name, res.Error, want)
		}
	}
}

// TestWrongItemsMemory sends, in a strict and a lenient registry, nearly
// 1 MiB of each kind of wrong item: numbers and booleans in strings and
// objects in strings, which a lenient call reads in its own way, lone
// values, and scalars and arrays where a slice holds structs. Rejecting
// them costs memory in proportion to the problems listed, not to the
// items: [1,1,...] for a slice of structs made a slice as large as the
// memory budget, twice (fast path and full decoder), 37 MiB in all.
func TestWrongItemsMemory(t *testing.T) {
	ctx := context.Background()
	for _, s := range []*runtime.Settings{nil, {Lenient: true}} {
		reg := newRegistry(t, nil, s)
		for _, c := range []struct{ tool, field, elem string }{
			{"sum", "nums", `"x"`},
			{"sum", "nums", `"1.5"`},
			{"sum", "nums", `" 7x"`},
			{"sum", "nums", `"99999999999999999999"`},
			{"sum", "nums", `"true"`},
			{"sum", "nums", `{}`},
			{"sum", "nums", `"[1]"`},
			{"tally", "items", `1`},
			{"tally", "items", `[]`},
			{"tally", "items", `{"name":1,"qty":"x","note":true}`},
			{"tally", "items", `"{\"name\":1,\"qty\":\"x\"}"`},
			{"tally", "items", `"[]"`},
		} {
			var b bytes.Buffer
			b.WriteString(`{"` + c.field + `":[`)
			for b.Len() < 1<<20-len(c.elem)-4 {
				if b.Bytes()[b.Len()-1] != '[' {
					b.WriteByte(',')
				}
				b.WriteString(c.elem)
			}
			b.WriteString(`]}`)
			args := b.Bytes()
			reg.Execute(ctx, c.tool, args) // warm up
			var res *runtime.Result
			alloc, took := measure(func() { res, _ = reg.Execute(ctx, c.tool, args) })
			lenient := s != nil
			t.Logf("lenient %v, %s %s: %d bytes of arguments: %d bytes allocated (%.2f MiB), %v", lenient, c.tool, c.elem, len(args), alloc, float64(alloc)/(1<<20), took)
			if alloc >= 8<<20 {
				t.Errorf("lenient %v, %s %s: allocated %d bytes (%.2f MiB), want under 8 MiB", lenient, c.tool, c.elem, alloc, float64(alloc)/(1<<20))
			}
			if res.Success || !strings.Contains(res.Error, "more") {
				t.Errorf("lenient %v, %s %s: %.200s, want a failure listing some problems and counting the others", lenient, c.tool, c.elem, res.Error)
			}
		}
	}
}
