package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"runtime/debug"
	"time"
)

type ctxKey int

const requestIDKey ctxKey = iota

// requestIDFrom returns the request's id, set by the middleware.
func requestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// statusRecorder remembers the status a handler wrote, for the log line.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// newRequestID returns a random request id.
func newRequestID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "req_" + hex.EncodeToString(b[:])
}

// wrap is the middleware of every route: request id, panic recovery, the
// request log line, authentication and authorization.
func (s *Server) wrap(rt route, next func(http.ResponseWriter, *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-Id")
		if !requestIDRE.MatchString(id) {
			id = newRequestID()
		}
		w.Header().Set("X-Request-Id", id)
		r = r.WithContext(context.WithValue(r.Context(), requestIDKey, id))
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.writeError(rec, r, fmt.Errorf("panic in %s: %v\n%s", rt.operationID, p, debug.Stack()))
			}
			s.log.InfoContext(r.Context(), "request", "op", rt.operationID, "method", r.Method,
				"path", r.URL.Path, "status", rec.status, "duration", time.Since(start), "request_id", id)
		}()
		if err := s.authorize(r, rt); err != nil {
			s.writeError(rec, r, err)
			return
		}
		if err := next(rec, r); err != nil {
			s.writeError(rec, r, err)
		}
	})
}
