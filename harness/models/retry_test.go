package models

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock records the waits asked of it and never sleeps.
type fakeClock struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (c *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	c.waits = append(c.waits, d)
	c.mu.Unlock()
	return ctx.Err()
}

// flaky answers each request with the next of statuses (200 past the
// end), with the headers given for that status, and records the bodies.
type flaky struct {
	mu       sync.Mutex
	statuses []int
	headers  map[int]http.Header
	bodies   []string
}

func (f *flaky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	b, _ := io.ReadAll(r.Body)
	f.bodies = append(f.bodies, string(b))
	status := http.StatusOK
	if n := len(f.bodies) - 1; n < len(f.statuses) {
		status = f.statuses[n]
	}
	for k, vs := range f.headers[status] {
		w.Header()[k] = vs
	}
	w.WriteHeader(status)
	io.WriteString(w, `{"status":`+http.StatusText(status)+`}`)
}

func post(t *testing.T, c *http.Client, ctx context.Context, url, body string) (*http.Response, error) {
	t.Helper()
	// A body without GetBody, as a streaming SDK may send.
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, io.NopCloser(strings.NewReader(body)))
	if err != nil {
		t.Fatal(err)
	}
	return c.Do(req)
}

func TestRetryStatuses(t *testing.T) {
	date := time.Date(2030, 1, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		statuses  []int
		headers   map[int]http.Header
		policy    Retry
		wantCode  int
		wantWaits []time.Duration
	}{
		{name: "429 then ok, Retry-After in seconds", statuses: []int{429},
			headers:  map[int]http.Header{429: {"Retry-After": {"2"}}},
			wantCode: 200, wantWaits: []time.Duration{2 * time.Second}},
		{name: "Retry-After as an HTTP date", statuses: []int{429},
			headers:  map[int]http.Header{429: {"Retry-After": {date.Add(7 * time.Second).Format(http.TimeFormat)}}},
			wantCode: 200, wantWaits: []time.Duration{7 * time.Second}},
		{name: "retry-after-ms wins", statuses: []int{429},
			headers:  map[int]http.Header{429: {"Retry-After": {"9"}, "Retry-After-Ms": {"250"}}},
			wantCode: 200, wantWaits: []time.Duration{250 * time.Millisecond}},
		{name: "5xx backs off exponentially", statuses: []int{500, 502, 503, 529},
			wantCode: 200, wantWaits: []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second}},
		{name: "backoff capped by Max", statuses: []int{500, 500, 500, 500}, policy: Retry{Max: 1500 * time.Millisecond},
			wantCode: 200, wantWaits: []time.Duration{500 * time.Millisecond, 750 * time.Millisecond, 750 * time.Millisecond, 750 * time.Millisecond}},
		{name: "attempts capped", statuses: []int{503, 503, 503}, policy: Retry{Attempts: 3},
			wantCode: 503, wantWaits: []time.Duration{500 * time.Millisecond, time.Second}},
		{name: "total wait capped", statuses: []int{429, 429, 429},
			headers: map[int]http.Header{429: {"Retry-After": {"40"}}}, policy: Retry{Budget: 90 * time.Second},
			wantCode: 429, wantWaits: []time.Duration{40 * time.Second, 40 * time.Second}},
		{name: "a Retry-After beyond Max is not waited for", statuses: []int{429},
			headers:  map[int]http.Header{429: {"Retry-After": {"3600"}}},
			wantCode: 429},
		{name: "4xx is not retried", statuses: []int{400}, wantCode: 400},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &flaky{statuses: tc.statuses, headers: tc.headers}
			hs := httptest.NewServer(f)
			defer hs.Close()
			clock := &fakeClock{}
			p := tc.policy
			p.Base = time.Second
			p.Sleep = clock.sleep
			p.Jitter = func() float64 { return 0.5 }
			p.Now = func() time.Time { return date }
			resp, err := post(t, p.Client(nil), context.Background(), hs.URL, `{"q":1}`)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.wantCode {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.wantCode)
			}
			if len(clock.waits) != len(tc.wantWaits) {
				t.Fatalf("waits %v, want %v", clock.waits, tc.wantWaits)
			}
			for i := range clock.waits {
				if clock.waits[i] != tc.wantWaits[i] {
					t.Errorf("wait %d = %v, want %v", i, clock.waits[i], tc.wantWaits[i])
				}
			}
			if want := len(tc.wantWaits) + 1; len(f.bodies) != want {
				t.Errorf("%d attempts, want %d", len(f.bodies), want)
			}
			for i, b := range f.bodies {
				if b != `{"q":1}` {
					t.Errorf("attempt %d sent body %q", i+1, b)
				}
			}
		})
	}
}

// TestRetryCancel: a cancelled context ends a long wait at once, with the
// real clock.
func TestRetryCancel(t *testing.T) {
	f := &flaky{statuses: []int{429, 429}, headers: map[int]http.Header{429: {"Retry-After": {"30"}}}}
	hs := httptest.NewServer(f)
	defer hs.Close()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	_, err := post(t, Retry{}.Client(nil), ctx, hs.URL, "{}")
	if err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Errorf("err = %v, want the cancellation", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("cancelled after %v", d)
	}
}

// TestRetryReset: a connection reset mid-answer is retried; a refused
// connection is not waited on.
func TestRetryReset(t *testing.T) {
	var mu sync.Mutex
	n := 0
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		first := n == 1
		mu.Unlock()
		if first {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.(*net.TCPConn).SetLinger(0) // RST, not FIN
			conn.Close()
			return
		}
		io.WriteString(w, "ok")
	}))
	defer hs.Close()
	clock := &fakeClock{}
	resp, err := post(t, Retry{Sleep: clock.sleep}.Client(nil), context.Background(), hs.URL, "{}")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if n != 2 || len(clock.waits) != 1 {
		t.Errorf("%d attempts, waits %v; want 2 and one wait", n, clock.waits)
	}

	url := hs.URL
	hs.Close()
	clock = &fakeClock{}
	if _, err := post(t, Retry{Sleep: clock.sleep}.Client(nil), context.Background(), url, "{}"); err == nil || len(clock.waits) != 0 {
		t.Errorf("refused: err %v, waits %v; want an error at once", err, clock.waits)
	}
}
