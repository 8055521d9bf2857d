package mcptools

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// deadlineWriter is a ResponseWriter that records the read deadlines set
// through http.ResponseController.
type deadlineWriter struct {
	http.ResponseWriter
	deadlines []time.Time
}

func (w *deadlineWriter) SetReadDeadline(t time.Time) error {
	w.deadlines = append(w.deadlines, t)
	return nil
}

// A request's body is read under a deadline, cleared once the body has
// been read to its end, so that the answer of a long call is not cut (the
// handler may run in a server other than ServeHTTP's); a body whose
// reading failed keeps it, and a ResponseWriter that cannot set one gets
// the body as it is.
func TestDeadlineBody(t *testing.T) {
	w := &deadlineWriter{ResponseWriter: httptest.NewRecorder()}
	start := time.Now()
	body := newDeadlineBody(w, io.NopCloser(iotest.OneByteReader(strings.NewReader(`{"jsonrpc":"2.0"}`))), time.Minute)
	if len(w.deadlines) != 1 || w.deadlines[0].Before(start.Add(time.Minute)) {
		t.Fatalf("before the body is read: deadlines %v, want one a minute from now", w.deadlines)
	}
	if b, err := io.ReadAll(body); err != nil || string(b) != `{"jsonrpc":"2.0"}` {
		t.Fatalf("read %q, %v", b, err)
	}
	if len(w.deadlines) != 2 || !w.deadlines[1].IsZero() {
		t.Errorf("once the body is read: deadlines %v, want the first, then none", w.deadlines)
	}

	w = &deadlineWriter{ResponseWriter: httptest.NewRecorder()}
	body = newDeadlineBody(w, io.NopCloser(iotest.ErrReader(os.ErrDeadlineExceeded)), time.Minute)
	if _, err := io.ReadAll(body); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("a failing body: %v", err)
	}
	if len(w.deadlines) != 1 {
		t.Errorf("a body whose reading failed: deadlines %v, want the first kept", w.deadlines)
	}

	plain := io.NopCloser(strings.NewReader("{}"))
	if got := newDeadlineBody(httptest.NewRecorder(), plain, time.Minute); got != plain {
		t.Errorf("a ResponseWriter without read deadlines: the body is wrapped")
	}
}
