package toolimpl

import (
	"net/mail"
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"time"
)

var formats = map[string]func(string) bool{
	"date-time": func(s string) bool {
		_, ok := parseDateTime(s)
		return ok
	},
	"date": func(s string) bool {
		_, err := time.Parse(time.DateOnly, s)
		return err == nil
	},
	"time": func(s string) bool {
		_, ok := parseRFC3339(s, "15:04:05.999999999Z07:00", 0)
		return ok
	},
	"email": func(s string) bool {
		a, err := mail.ParseAddress(s)
		return err == nil && a.Address == s
	},
	"uri": func(s string) bool {
		u, err := url.Parse(s)
		return err == nil && u.Scheme != ""
	},
	"uuid": uuidRE.MatchString,
	"ipv4": func(s string) bool {
		a, err := netip.ParseAddr(s)
		return err == nil && a.Is4()
	},
	"ipv6": func(s string) bool {
		a, err := netip.ParseAddr(s)
		return err == nil && a.Is6() && a.Zone() == ""
	},
	"hostname": hostname,
}

var formatWords = map[string]string{
	"date-time": "a date-time in RFC 3339 format (2006-01-02T15:04:05Z)",
	"date":      "a date in YYYY-MM-DD format",
	"time":      "a time in RFC 3339 format (15:04:05Z)",
	"email":     "an email address",
	"uri":       "an absolute URI",
	"uuid":      "a UUID",
	"ipv4":      "an IPv4 address",
	"ipv6":      "an IPv6 address",
	"hostname":  "a host name",
}

// parseDateTime parses s as an RFC 3339 date-time, as the JSON Schema
// format date-time and time.Time's UnmarshalJSON read it.
func parseDateTime(s string) (time.Time, bool) {
	return parseRFC3339(s, time.RFC3339Nano, len("2006-01-02"))
}

// parseRFC3339 parses s with layout, one of RFC 3339's, as the RFC reads
// it where Go's time.Parse differs: the separator at index sep (when sep
// is not 0) and the zone may be written "t" and "z" (RFC 3339, 5.6), and a
// numeric offset's hours run to 23 only (Go's accept 24 to 99).
func parseRFC3339(s, layout string, sep int) (time.Time, bool) {
	if n := len(s); n > sep && (sep > 0 && s[sep] == 't' || s[n-1] == 'z') {
		b := []byte(s)
		if sep > 0 && b[sep] == 't' {
			b[sep] = 'T'
		}
		if b[n-1] == 'z' {
			b[n-1] = 'Z'
		}
		s = string(b)
	}
	if n := len(s); n >= 6 && (s[n-6] == '+' || s[n-6] == '-') && s[n-3] == ':' && s[n-5] >= '2' && (s[n-5] > '2' || s[n-4] > '3') {
		return time.Time{}, false
	}
	t, err := time.Parse(layout, s)
	return t, err == nil
}

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// hostname checks RFC 1123 host names.
func hostname(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, c := range label {
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// FormatError records that s is not in the named format. Generated
// decoders call it when ValidFormat says no.
func (d *Decoder) FormatError(format, s string) {
	d.Errorf("must be %s, got %q", formatWords[format], echo(s))
}
