package toolimpl

import (
	"testing"
	"time"
)

// TestFormatRFC3339 checks the edges where RFC 3339, which the JSON Schema
// formats date-time and time name, and Go's time.Parse differ: the RFC
// allows "t" and "z" (5.6) and numeric offsets up to 23:59 only.
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
	} {
		if got := ValidFormat(c.format, c.s); got != c.ok {
			t.Errorf("ValidFormat(%q, %q) = %v, want %v", c.format, c.s, got, c.ok)
		}
	}
	want := time.Date(2024, 1, 2, 10, 0, 0, 0, time.UTC)
	if got, ok := parseDateTime("2024-01-02t10:00:00z"); !ok || !got.Equal(want) {
		t.Errorf("parseDateTime: %v, %v; want %v", got, ok, want)
	}
}
