package toolimpl

import (
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestFormatsAgreeWithValidator checks ValidFormat against the reference
// validator (santhosh-tekuri/jsonschema, formats asserted) on valid values
// of each format and on every value one edit away from them: a character
// deleted, or replaced by one of a set that formats trip on. The schema
// sent to the model names the format, so the decoder must take what a
// validator takes. Known differences, where toolgen follows the RFCs, are
// skipped: a quoted local part of an email with characters RFC 5321 does
// not allow (control and non-ASCII characters) and an empty local part
// (@example.com), which the validator takes; and numbers written
// with a sign ("10:-0:00Z", "+92.0.2.1"), which the validator's
// strconv.Atoi reads.
func TestFormatsAgreeWithValidator(t *testing.T) {
	seeds := map[string][]string{
		"date-time": {"2024-01-02T10:00:00Z", "2016-12-31T23:59:60Z", "2024-02-29t10:00:00.125+05:30", "2016-12-31T15:59:60-08:00"},
		"time":      {"10:00:00Z", "23:59:60Z", "10:00:00.5-23:59"},
		"date":      {"2024-01-02", "2024-02-29"},
		"email":     {"joe@example.com", "a.b+c@d-e.example.org", `"joe smith"@example.com`, "joe@[192.0.2.1]", "joe@[IPv6:2001:db8::1]"},
		"uri":       {"https://example.com/a?b=c#d", "http://[2001:db8::1]:80/", "urn:isbn:0451450523", "mailto:joe@example.com"},
		"uuid":      {"123e4567-e89b-12d3-a456-426614174000"},
		"ipv4":      {"192.0.2.1", "0.0.0.0"},
		"ipv6":      {"2001:db8::1", "::1", "::ffff:192.0.2.1"},
		"hostname":  {"example.com", "a-b.c", "x."},
	}
	const alphabet = "0a:.-+zZtT @[]\"\\%,/9"
	for format, values := range seeds {
		schema := compileFormat(t, format)
		tried := map[string]bool{}
		for _, v := range values {
			if !ValidFormat(format, v) {
				t.Errorf("%s: seed %q refused", format, v)
			}
			for i := range len(v) {
				tried[v[:i]+v[i+1:]] = true
				for _, c := range []byte(alphabet) {
					tried[v[:i]+string(c)+v[i+1:]] = true
				}
			}
		}
		for s := range tried {
			if format == "email" && (strings.HasPrefix(s, "@") || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r > '~' })) || signedNumber(s) {
				continue
			}
			want := schema.Validate(s) == nil
			if got := ValidFormat(format, s); got != want {
				t.Errorf("%s %q: ValidFormat %v, validator %v", format, s, got, want)
			}
		}
	}
}

func compileFormat(t *testing.T, format string) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	if err := c.AddResource("mem://f.json", map[string]any{"format": format}); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("mem://f.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// signedNumber reports whether s has a sign where a number starts: at the
// start, or after one of :.Tt[+-.
func signedNumber(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if (s[i] == '+' || s[i] == '-') && '0' <= s[i+1] && s[i+1] <= '9' && (i == 0 || strings.IndexByte(":.Tt[+-", s[i-1]) >= 0) {
			return true
		}
	}
	return false
}
