package toolimpl

import (
	"testing"
	"time"
)

// TestFormatRFC3339 checks the edges where RFC 3339, which the JSON Schema
// formats date-time and time name, and Go's time.Parse differ: the RFC
// allows "t" and "z" (5.6), leap seconds, and numeric offsets up to 23:59
// only, and writes each number with all its digits; and the edges of email
// and uri.
func TestFormatRFC3339(t *testing.T) {
	for _, c := range []struct {
		format, s string
		ok        bool
	}{
		{"date-time", "2024-01-02T10:00:00Z", true},
		{"date-time", "2024-01-02t10:00:00z", true},
		{"date-time", "2024-01-02t10:00:00.5+02:00", true},
		{"date-time", "2024-01-02T10:00:00+23:59", true},
		{"date-time", "2024-01-02T10:00:00-23:00", true},
		{"date-time", "2024-01-02T10:00:00+24:00", false},
		{"date-time", "2024-01-02T10:00:00-99:00", false},
		{"date-time", "2024-01-02 10:00:00Z", false},
		{"date-time", "2024-01-02T10:00:00", false},
		{"date-time", "t", false},
		{"date-time", "", false},
		{"time", "10:00:00z", true},
		{"time", "10:00:00+24:00", false},
		// Digits exactly as many as the RFC writes; a fraction after a dot.
		{"date-time", "2024-01-02T1:00:00Z", false},
		{"date-time", "2024-1-02T10:00:00Z", false},
		{"date-time", "2024-01-02T10:00:00,5Z", false},
		{"date-time", "2024-01-02T10:00:00.Z", false},
		{"date-time", "2024-01-02T10:00:00.123456789123Z", true},
		{"date-time", "2024-01-02T10:00:00+01:60", false},
		{"date-time", "2024-01-02T10:00:00+1:00", false},
		{"date-time", "2024-02-30T10:00:00Z", false},
		{"date-time", "2024-02-29T10:00:00Z", true},
		{"date-time", "2023-02-29T10:00:00Z", false},
		{"date-time", "2024-13-01T10:00:00Z", false},
		{"time", "1:00:00Z", false},
		{"time", "10:00:00,5Z", false},
		// A leap second where it can fall: 23:59:60 UTC.
		{"date-time", "2016-12-31T23:59:60Z", true},
		{"date-time", "2016-12-31T15:59:60-08:00", true},
		{"date-time", "2016-12-31T23:58:60Z", false},
		{"time", "23:59:60Z", true},
		{"time", "00:59:60+01:00", true},
		{"time", "12:00:60Z", false},
		// email, as RFC 5321 writes a mailbox.
		{"email", "joe@example.com", true},
		{"email", "first.last+tag@sub.example.org", true},
		{"email", `"joe smith"@example.com`, true},
		{"email", "joe@[192.0.2.1]", true},
		{"email", "joe@[IPv6:2001:db8::1]", true},
		{"email", "Joe <joe@example.com>", false},
		{"email", "joe.@example.com", false},
		{"email", "jo..e@example.com", false},
		{"email", "joe@-example.com", false},
		{"email", "joe(comment)@example.com", false},
		{"email", "joe", false},
		// uri: absolute, and no zone in an IPv6 host.
		{"uri", "https://example.com/a?b#c", true},
		{"uri", "http://[2001:db8::1]:8080/", true},
		{"uri", "http://[fe80::1%25en0]/", false},
		{"uri", "/relative", false},
	} {
		if got := ValidFormat(c.format, c.s); got != c.ok {
			t.Errorf("ValidFormat(%q, %q) = %v, want %v", c.format, c.s, got, c.ok)
		}
	}
	want := time.Date(2024, 1, 2, 10, 0, 0, 0, time.UTC)
	if got, ok := parseDateTime("2024-01-02t10:00:00z"); !ok || !got.Equal(want) {
		t.Errorf("parseDateTime: %v, %v; want %v", got, ok, want)
	}
	// A time.Time cannot hold a leap second.
	if got, ok := parseDateTime("2016-12-31T23:59:60Z"); ok {
		t.Errorf("parseDateTime of a leap second: %v, want refused", got)
	}
}
