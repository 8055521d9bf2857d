package gen

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// TestInvopopParts checks which grammar a jsonschema tag is read in, as
// tool structs in public projects write their tags.
func TestInvopopParts(t *testing.T) {
	for _, c := range []struct {
		tag      string
		keywords []string // nil: a description in the go-sdk's grammar
		errs     int
	}{
		{"the city, e.g. Paris", nil, 0},
		{"required", []string{"required"}, 0},
		{"required, the city name", nil, 0},
		{"nullable,", []string{"nullable"}, 0},
		{"required,nullable", []string{"required", "nullable"}, 0},
		{"minLength=1,required", []string{"minLength=1", "required"}, 0},
		{"required,description=Absolute path (e.g., /home/x)", []string{"required", "description=Absolute path (e.g., /home/x)"}, 0},
		{"required,minLength=1,description=x, y", []string{"required", "minLength=1", "description=x, y"}, 0},
		{"nullable,description=a, b, enum=a", []string{"nullable", "description=a, b", "enum=a"}, 0},
		{"required, minimum=1, maximum=5", []string{"required", "minimum=1", "maximum=5"}, 0},
		{"required,enum=a,b", []string{"required", "enum=a"}, 1},
		// A trailing comma, as public servers write: nothing of the
		// description (it was "A thing,").
		{"description=A thing,", []string{"description=A thing"}, 0},
		{"required,description=a, b, ", []string{"required", "description=a, b"}, 0},
		{"required,", []string{"required"}, 0},
		{"minimum=1,maximum=50,", []string{"minimum=1", "maximum=50"}, 0},
	} {
		errs := 0
		got, ok := invopopParts(c.tag, func(string, ...any) { errs++ })
		if ok != (c.keywords != nil) || !reflect.DeepEqual(got, c.keywords) || errs != c.errs {
			t.Errorf("%q: got %q (invopop %v, %d errors), want %q (%d errors)", c.tag, got, ok, errs, c.keywords, c.errs)
		}
	}
}

// TestCheckKeywords holds the two mistakes checkKeywords reports to
// tags that are not mistakes: keywords given once per value or group, an
// array's defaults, a value whose first word holds an =.
func TestCheckKeywords(t *testing.T) {
	for _, c := range []struct {
		tag     string
		isArray bool
		want    string // the error, "" for none
	}{
		{"minimum=1,minimum=5", false, "minimum= is given twice (1, then 5)"},
		{"description=a,description=b", false, "description= is given twice (a, then b)"},
		{"enum=a,enum=b,example=a,example=b", false, ""},
		{"anyof_required=who,anyof_required=display", false, ""},
		{"oneof_required=a,oneof_required=b", false, ""},
		{"default=1,default=2", true, ""},
		{"example=format=json", false, ""},
		{"default=type=x", false, ""},
		{"enum=aws,enum=gcp description=The cloud", false, `the value of enum is "gcp description=The cloud", which holds description=`},
		{"pattern=^[a-z]+ maxLength=5", false, `which holds maxLength=`},
		{"description=use mode=fast, minimum=2 is fine", false, ""},
	} {
		keywords, ok := invopopParts(c.tag, func(string, ...any) {})
		if !ok {
			t.Fatalf("%s: not an invopop tag", c.tag)
		}
		var got []string
		checkKeywords(keywords, c.isArray, func(format string, args ...any) { got = append(got, fmt.Sprintf(format, args...)) })
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%s: %q, want no error", c.tag, got)
		case c.want != "" && (len(got) != 1 || !strings.Contains(got[0], c.want)):
			t.Errorf("%s: %q, want one error with %q", c.tag, got, c.want)
		}
	}
}

// A time's default= is RFC 3339, its t and z in either case.
func TestTimeLiteral(t *testing.T) {
	a := &analyzer{}
	for val, ok := range map[string]bool{
		"2024-01-01T00:00:00Z": true, "2024-01-01t00:00:00z": true, "2024-01-01T09:30:00.5+02:00": true,
		"2024-01-01": false, "yesterday": false, "2024-01-01T00:00:00,5Z": false,
		"2024-01-01T1:00:00Z": false, "2024-01-01T00:00:00+24:00": false, "2024-01-01T00:00:00-23:59": true,
	} {
		if _, got := a.literal(&Type{Kind: KindTime}, val); got != ok {
			t.Errorf("literal(%q) ok = %v, want %v", val, got, ok)
		}
	}
}

// goOnlyRegexp finds what Go's regexp reads and ECMA 262 does not, and
// nothing in patterns both read alike.
func TestGoOnlyRegexp(t *testing.T) {
	for pattern, want := range map[string]string{
		`^[a-z]+$`:         "",
		`^\p{L}+$`:         "",
		`^\\A$`:            "", // an escaped backslash, then A
		`^(?<year>\d{4})$`: "",
		`\Aabc\z`:          `\A`,
		`abc\z`:            `\z`,
		`\Q1.5\E`:          `\Q…\E`,
		`^\pL+$`:           `\pL`,
		`(?P<year>\d{4})`:  `(?P<name>`,
		`^[[:alpha:]]+$`:   `a POSIX class ([[:alpha:]])`,
		`(?i)^yes$`:        `the inline flag (?i)`,
		`^(?i:yes|no)$`:    `the inline flag (?i:`,
		`^(?:a|b)$`:        "",
		// Inside a class, (?i) and [: are characters; a class may begin
		// with ], which is then one of its characters.
		`^[(?i]+$`:         "",
		`^[(?i)]$`:         "",
		`[(?P<x>)]`:        "",
		`[[:]`:             "",
		`x[[:]y`:           "",
		`^[]a]$`:           "",
		`^[^]a]\z`:         `\z`,
		`[a-z][[:digit:]]`: `a POSIX class ([[:alpha:]])`,
		`(?i`:              `the inline flag (?i`,
	} {
		if got, _ := goOnlyRegexp(pattern); got != want {
			t.Errorf("goOnlyRegexp(%q) = %q, want %q", pattern, got, want)
		}
	}
}

// ecmaOnlyRegexp names the ECMA 262 constructs Go's regexp refuses, and
// nothing else: an unknown flag or an escaped backslash before a digit is
// none of them.
func TestECMAOnlyRegexp(t *testing.T) {
	for pattern, want := range map[string]string{
		`^(?!xn--)[a-z]+$`: "a lookahead",
		`(?=a)`:            "a lookahead",
		`(?<=a)b`:          "a lookbehind",
		`(?<!a)b`:          "a lookbehind",
		`(a)\1`:            "a backreference",
		`(?x)abc`:          "",
		`(?#note)a`:        "",
		`^\\1(a$`:          "",
	} {
		if got := ecmaOnlyRegexp(pattern); got != want {
			t.Errorf("ecmaOnlyRegexp(%q) = %q, want %q", pattern, got, want)
		}
	}
}

// format=date-time on a time.Time restates what the type is, as invopop
// users write it; another format on a time is a mistake that says why.
func TestTimeFormat(t *testing.T) {
	a := &analyzer{}
	for val, want := range map[string]string{"date-time": "", "date": "cannot apply to a time", "email": "cannot apply to a time"} {
		var got []string
		r := &Rules{}
		a.keyword(r, &Type{Kind: KindTime}, "format", val, false, func(format string, args ...any) { got = append(got, fmt.Sprintf(format, args...)) })
		switch {
		case want == "" && len(got) > 0:
			t.Errorf("format=%s on a time: %q, want no error", val, got)
		case want != "" && (len(got) != 1 || !strings.Contains(got[0], want)):
			t.Errorf("format=%s on a time: %q, want one error with %q", val, got, want)
		}
		if r.Format != "" {
			t.Errorf("format=%s on a time: Rules.Format %q, want none (the time's schema says date-time)", val, r.Format)
		}
	}
}
