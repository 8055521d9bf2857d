package toolimpl

import (
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"time"
)

var formats = map[string]func(string) bool{
	"date-time": func(s string) bool {
		_, ok := rfc3339(s, true)
		return ok
	},
	"date": func(s string) bool {
		_, err := time.Parse(time.DateOnly, s)
		return err == nil
	},
	"time": func(s string) bool {
		_, ok := rfc3339(s, false)
		return ok
	},
	"email": email,
	"uri": func(s string) bool {
		u, err := url.Parse(s)
		if err != nil || u.Scheme == "" {
			return false
		}
		// url.Parse takes an IPv6 host with a zone (fe80::1%25en0),
		// which no URI has.
		if host := u.Hostname(); strings.Contains(host, ":") {
			a, err := netip.ParseAddr(host)
			return err == nil && a.Is6() && a.Zone() == ""
		}
		return true
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
// format date-time reads it and time.Time holds it: a leap second, which
// the format allows and a time.Time cannot hold, is refused.
func parseDateTime(s string) (time.Time, bool) {
	if leap, ok := rfc3339(s, true); !ok || leap {
		return time.Time{}, false
	}
	if s[10] == 't' || s[len(s)-1] == 'z' {
		b := []byte(s)
		b[10] = 'T'
		if b[len(b)-1] == 'z' {
			b[len(b)-1] = 'Z'
		}
		s = string(b)
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	return t, err == nil
}

// rfc3339 reports whether s is a date-time (date true) or a full-time of
// RFC 3339, 5.6, as the JSON Schema formats of those names read them,
// where Go's time.Parse is looser or stricter: each number has exactly its
// digits (no 1-digit hour), a fraction follows a dot (no comma), "T" and
// "Z" may be lower case, an offset runs to 23:59, and a second of 60, a
// leap second (leap), is allowed where it can fall: at 23:59 UTC.
func rfc3339(s string, date bool) (leap, ok bool) {
	num := func(i, n int) int { // the n digits at i, or -1
		if len(s) < i+n {
			return -1
		}
		v := 0
		for _, c := range []byte(s[i : i+n]) {
			if c < '0' || c > '9' {
				return -1
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	i := 0
	if date {
		if len(s) < 11 || s[4] != '-' || s[7] != '-' || s[10] != 'T' && s[10] != 't' {
			return false, false
		}
		y, mo, d := num(0, 4), num(5, 2), num(8, 2)
		if y < 0 || mo < 1 || mo > 12 || d < 1 || d > time.Date(y, time.Month(mo)+1, 0, 0, 0, 0, 0, time.UTC).Day() {
			return false, false
		}
		i = 11
	}
	if len(s) < i+8 || s[i+2] != ':' || s[i+5] != ':' {
		return false, false
	}
	h, m, sec := num(i, 2), num(i+3, 2), num(i+6, 2)
	if h < 0 || h > 23 || m < 0 || m > 59 || sec < 0 || sec > 60 {
		return false, false
	}
	i += 8
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && '0' <= s[j] && s[j] <= '9' {
			j++
		}
		if j == i+1 {
			return false, false
		}
		i = j
	}
	offset := 0 // minutes east of UTC
	switch {
	case len(s) == i+1 && (s[i] == 'Z' || s[i] == 'z'):
	case len(s) == i+6 && (s[i] == '+' || s[i] == '-') && s[i+3] == ':':
		oh, om := num(i+1, 2), num(i+4, 2)
		if oh < 0 || oh > 23 || om < 0 || om > 59 {
			return false, false
		}
		if offset = oh*60 + om; s[i] == '-' {
			offset = -offset
		}
	default:
		return false, false
	}
	if sec == 60 {
		if utc := ((h*60+m-offset)%1440 + 1440) % 1440; utc != 23*60+59 {
			return false, false
		}
		leap = true
	}
	return leap, true
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

// email checks an address close to RFC 5321's Mailbox, which is what the
// JSON Schema format email names: a local part of dot-separated atoms or
// a quoted string (without quoted pairs: no backslash inside, as the JSON
// Schema validators also refuse), an @, and a host name or an address in
// brackets ([192.0.2.1], [IPv6:2001:db8::1]); no display name, no
// comments, no empty local part. The address has at most 254 bytes and
// its local part at most 64.
func email(s string) bool {
	at := strings.LastIndexByte(s, '@')
	if at < 0 || len(s) > 254 || at > 64 {
		return false
	}
	local, domain := s[:at], s[at+1:]
	if n := len(local); n >= 2 && local[0] == '"' && local[n-1] == '"' {
		for _, c := range []byte(local[1 : n-1]) {
			if c == '"' || c == '\\' || c < ' ' || c > '~' {
				return false
			}
		}
	} else {
		for _, atom := range strings.Split(local, ".") {
			if atom == "" {
				return false
			}
			for _, c := range []byte(atom) {
				if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", c) >= 0) {
					return false
				}
			}
		}
	}
	if n := len(domain); n >= 2 && domain[0] == '[' && domain[n-1] == ']' {
		literal := domain[1 : n-1]
		if v6, ok := strings.CutPrefix(literal, "IPv6:"); ok {
			a, err := netip.ParseAddr(v6)
			return err == nil && a.Is6() && a.Zone() == ""
		}
		a, err := netip.ParseAddr(literal)
		return err == nil && a.Is4()
	}
	return hostname(domain)
}

// FormatError records that s is not in the named format. Generated
// decoders call it when ValidFormat says no.
func (d *Decoder) FormatError(format, s string) {
	d.Errorf("must be %s, got %q", formatWords[format], echo(s))
}
