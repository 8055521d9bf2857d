package mcptools

import (
	"net/netip"
	"net/url"
	"strings"
)

// origins decides whose requests HTTPHandler serves, by their Origin
// header. The MCP transport spec (Streamable HTTP, Security Warning):
// "Servers MUST validate the Origin header on all incoming connections to
// prevent DNS rebinding attacks. If the Origin header is present and
// invalid, servers MUST respond with HTTP 403 Forbidden."
type origins struct {
	any    bool            // "*" was listed: every origin is served
	listed map[string]bool // the listed origins, as canonicalOrigin gives them
}

// newOrigins returns the origins that allow loopback origins and those of
// allowed ([HTTPOptions.AllowedOrigins]).
func newOrigins(allowed []string) origins {
	o := origins{listed: make(map[string]bool, len(allowed))}
	for _, a := range allowed {
		if a == "*" {
			o.any = true
		}
		c, _ := canonicalOrigin(a)
		o.listed[c] = true
	}
	return o
}

// allows reports whether a request whose Origin header is origin is
// served: it is listed, or loopback (http or https, host localhost,
// 127.0.0.0/8 or [::1], any port).
func (o origins) allows(origin string) bool {
	if o.any {
		return true
	}
	c, u := canonicalOrigin(origin)
	if o.listed[c] {
		return true
	}
	if u == nil || u.Scheme != "http" && u.Scheme != "https" {
		return false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// canonicalOrigin returns origin in the form origins compare: scheme and
// host in lower case, without the scheme's default port, and the origin
// parsed; for what is no origin of the form scheme://host[:port] (such
// as "null", which browsers send from sandboxed pages and files), origin
// in lower case and nil.
func canonicalOrigin(origin string) (string, *url.URL) {
	lower := strings.ToLower(origin)
	u, err := url.Parse(lower)
	if err != nil || u.Scheme == "" || u.Host == "" || u.Opaque != "" || u.User != nil ||
		u.Path != "" || u.RawQuery != "" || u.ForceQuery || u.Fragment != "" {
		return lower, nil
	}
	switch port := u.Port(); {
	case u.Scheme == "http" && port == "80", u.Scheme == "https" && port == "443":
		u.Host = strings.TrimSuffix(u.Host, ":"+port)
	}
	return u.Scheme + "://" + u.Host, u
}
