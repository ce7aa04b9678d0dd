package toolrt

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// flaky answers 503 (with retryAfter, when set) to the first fails
// requests, then 200, and counts the requests.
func flaky(t *testing.T, fails int, retryAfter string) (*Client, *atomic.Int64) {
	t.Helper()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if n.Add(1) <= int64(fails) {
			if retryAfter != "" {
				w.Header().Set("Retry-After", retryAfter)
			}
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write([]byte(`{"message":"busy"}`))
			return
		}
		w.Write([]byte(`{"ok":true}`))
	}))
	t.Cleanup(srv.Close)
	c, err := NewClient(srv.URL, nil, WithoutEnvironment(), WithRetry(RetryPolicy{Attempts: 3, Base: time.Millisecond, MaxWait: 2 * time.Second}))
	if err != nil {
		t.Fatal(err)
	}
	return c, &n
}

var (
	getThing  = &Operation{Name: "getThing", Method: http.MethodGet, Path: "/things"}
	makeThing = &Operation{Name: "makeThing", Method: http.MethodPost, Path: "/things"}
	keyThing  = &Operation{Name: "keyThing", Method: http.MethodPost, Path: "/things",
		Params: []Param{{Name: "Idempotency-Key", In: "header", Style: "simple"}}}
)

func TestRetries(t *testing.T) {
	ctx := context.Background()
	// A read is sent again after transient answers, and gets through.
	c, n := flaky(t, 2, "")
	if resp, err := c.Call(ctx, getThing, nil); err != nil || resp.StatusCode != 200 || n.Load() != 3 {
		t.Errorf("GET after two 503s: %v, %d requests", err, n.Load())
	}
	// Three strikes: the last answer is returned.
	c, n = flaky(t, 5, "")
	if _, err := c.Call(ctx, getThing, nil); err == nil || n.Load() != 3 {
		t.Errorf("GET after five 503s: %v, %d requests", err, n.Load())
	}
	// A write is never sent twice...
	c, n = flaky(t, 1, "")
	if _, err := c.Call(ctx, makeThing, nil); err == nil || n.Load() != 1 {
		t.Errorf("POST after a 503: %v, %d requests", err, n.Load())
	}
	// ...unless the spec declares an idempotency key, which the runtime
	// then sends, the same on every attempt.
	var keys []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		keys = append(keys, r.Header.Get("Idempotency-Key"))
		if len(keys) == 1 {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}))
	defer srv.Close()
	kc, _ := NewClient(srv.URL, nil, WithoutEnvironment(), WithRetry(RetryPolicy{Attempts: 3, Base: time.Millisecond}))
	if resp, err := kc.Call(ctx, keyThing, map[string]any{}); err != nil || resp.StatusCode != 201 || len(keys) != 2 || keys[0] == "" || keys[0] != keys[1] {
		t.Errorf("POST with an idempotency key: %v, keys %q", err, keys)
	}
	// A Retry-After within the policy is honoured; a longer one ends the
	// retries at once.
	c, n = flaky(t, 1, "1")
	start := time.Now()
	if _, err := c.Call(ctx, getThing, nil); err != nil || n.Load() != 2 || time.Since(start) < 900*time.Millisecond {
		t.Errorf("Retry-After 1: %v, %d requests in %v", err, n.Load(), time.Since(start))
	}
	c, n = flaky(t, 1, "3600")
	if _, err := c.Call(ctx, getThing, nil); err == nil || n.Load() != 1 {
		t.Errorf("Retry-After 3600: %v, %d requests", err, n.Load())
	}
	// Ctrl-C during a wait stops at once.
	c, _ = flaky(t, 5, "2")
	cctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	start = time.Now()
	if _, err := c.Call(cctx, getThing, nil); err == nil || time.Since(start) > time.Second {
		t.Errorf("canceled during a wait: %v after %v", err, time.Since(start))
	}
	// A refused connection is retried too.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	dc, _ := NewClient("http://"+addr, nil, WithoutEnvironment(), WithRetry(RetryPolicy{Attempts: 3, Base: time.Millisecond}))
	if _, err := dc.Call(ctx, getThing, nil); err == nil {
		t.Error("a closed port answered")
	} else if te, ok := err.(*TransportError); !ok || te.Attempts != 3 {
		t.Errorf("closed port: %T %v", err, err)
	}
}

// A write that timed out tells the model it may have been applied.
func TestWriteTimeoutMayHaveApplied(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(300 * time.Millisecond)
	}))
	defer srv.Close()
	c, _ := NewClient(srv.URL, nil, WithoutEnvironment(), WithHTTPClient(&http.Client{Timeout: 50 * time.Millisecond}),
		WithRetry(RetryPolicy{Attempts: 1}))
	resp, err := c.Call(context.Background(), makeThing, nil)
	r := NewResult(resp, err, ResultOptions{})
	if r.Kind != ResultTimeout || !strings.Contains(r.Text, "may have reached the API") || strings.Contains(r.Text, "try again later") {
		t.Errorf("POST timeout: %s: %s", r.Kind, r.Text)
	}
	resp, err = c.Call(context.Background(), getThing, nil)
	if r := NewResult(resp, err, ResultOptions{}); r.Kind != ResultTimeout || !strings.Contains(r.Text, "try again later") {
		t.Errorf("GET timeout: %s: %s", r.Kind, r.Text)
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		header map[string]string
		want   time.Duration
		ok     bool
	}{
		{map[string]string{}, 0, false},
		{map[string]string{"Retry-After": "7"}, 7 * time.Second, true},
		{map[string]string{"Retry-After": "1.5"}, 1500 * time.Millisecond, true},
		{map[string]string{"Retry-After": "Sun, 01 Mar 2026 12:00:30 GMT"}, 30 * time.Second, true},
		{map[string]string{"Retry-After": "Sun, 01 Mar 2026 11:00:00 GMT"}, 0, true}, // in the past
		{map[string]string{"Retry-After-Ms": "250", "Retry-After": "9"}, 250 * time.Millisecond, true},
		{map[string]string{"Retry-After": "soon"}, 0, false},
		{map[string]string{"Retry-After": "-3"}, 0, false},
		{map[string]string{"Retry-After": "1e300"}, 0, false}, // would overflow a Duration
	} {
		h := http.Header{}
		for k, v := range tc.header {
			h.Set(k, v)
		}
		got, ok := RetryAfter(h, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("RetryAfter(%v) = %v, %v; want %v, %v", tc.header, got, ok, tc.want, tc.ok)
		}
	}
}
