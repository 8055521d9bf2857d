package runtime

import "time"

// SetNow sets the clock of r's cache, for tests.
func SetNow(r *Registry, now func() time.Time) { r.now = now }
