package toolrt

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// countingListener counts the connections it accepts.
type countingListener struct {
	net.Listener
	accepted atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.accepted.Add(1)
	}
	return c, err
}

// connectionsFor makes calls GETs from 50 goroutines through a client
// made with opts, against a server on 127.0.0.1, and returns how many
// TCP connections the server accepted.
func connectionsFor(t *testing.T, calls int, opts ...Option) int64 {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	cl := &countingListener{Listener: ln}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok":true}`)
	}))
	srv.Listener = cl
	srv.Start()
	defer srv.Close()
	c, err := NewClient(srv.URL, nil, append([]Option{WithoutEnvironment()}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	op := &Operation{Name: "ping", Method: http.MethodGet, Path: "/ping"}
	const goroutines = 50
	var wg sync.WaitGroup
	var failed atomic.Int64
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; i < calls; i += goroutines {
				if _, err := c.Call(context.Background(), op, nil); err != nil {
					failed.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	if n := failed.Load(); n > 0 {
		t.Fatalf("%d of %d calls failed", n, calls)
	}
	return cl.accepted.Load()
}

// TestDefaultClientPoolsConnections: 50 goroutines calling at once reuse
// their connections with the default client, where Go's default
// transport (two idle connections per host) opens new ones again and
// again.
func TestDefaultClientPoolsConnections(t *testing.T) {
	calls := 20_000
	if testing.Short() {
		calls = 2_000
	}
	start := time.Now()
	pooled := connectionsFor(t, calls)
	pooledTime := time.Since(start)
	start = time.Now()
	goDefault := connectionsFor(t, calls, WithHTTPClient(&http.Client{Timeout: time.Minute}))
	t.Logf("%d calls from 50 goroutines: %d new TCP connections with the default client (%v), %d with Go's default transport (%v)",
		calls, pooled, pooledTime.Round(time.Millisecond), goDefault, time.Since(start).Round(time.Millisecond))
	if pooled > 2*50 {
		t.Errorf("the default client opened %d connections for 50 concurrent callers; want at most 100", pooled)
	}
}

// stallingServer is a server on 127.0.0.1 that never answers: it holds
// each request until the client gives up or the test ends.
func stallingServer(t *testing.T) *httptest.Server {
	t.Helper()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(func() {
		close(release)
		srv.Close()
	})
	return srv
}

// TestResultTimeoutBoundsTheCall: a tool with ResultOptions.Timeout stops
// waiting for a server that does not answer, and says how long it waited.
func TestResultTimeoutBoundsTheCall(t *testing.T) {
	srv := stallingServer(t)
	c, err := NewClient(srv.URL, nil, WithoutEnvironment())
	if err != nil {
		t.Fatal(err)
	}
	tl, err := NewTool(c, &Operation{Name: "slow", Method: http.MethodGet, Path: "/slow", Schema: `{"type":"object"}`},
		WithResultOptions(ResultOptions{Timeout: 200 * time.Millisecond}))
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	call := tl.Run(context.Background(), `{}`)
	took := time.Since(start)
	if took > time.Second {
		t.Errorf("the call took %v with a 200ms timeout", took)
	}
	if call.Result.Kind != ResultTimeout || !strings.Contains(call.Text, "after 200ms") {
		t.Errorf("result %s: %q; want a timeout after 200ms", call.Result.Kind, call.Text)
	}
}

func TestNewClientWithoutBaseURLSaysWhatToPass(t *testing.T) {
	_, err := NewClient(" ", nil)
	if err == nil || !strings.Contains(err.Error(), "DefaultBaseURL") {
		t.Errorf("NewClient(\" \") = %v; want an error that names DefaultBaseURL", err)
	}
}

func TestWithTimeoutKeepsThePooledTransport(t *testing.T) {
	srv := stallingServer(t)
	c, err := NewClient(srv.URL, nil, WithoutEnvironment(), WithTimeout(150*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if tr, ok := c.http.Transport.(*http.Transport); !ok || tr.MaxIdleConnsPerHost != DefaultMaxIdleConnsPerHost {
		t.Errorf("transport %T: want the pooled default", c.http.Transport)
	}
	start := time.Now()
	_, err = c.Call(context.Background(), &Operation{Name: "slow", Method: http.MethodGet, Path: "/slow"}, nil)
	// The timeout is of each attempt: a GET is tried again (three
	// attempts, with waits of well under a second).
	if err == nil || !strings.Contains(err.Error(), "Timeout") || time.Since(start) > 3*time.Second {
		t.Errorf("call returned %v after %v with a 150ms timeout per attempt", err, time.Since(start))
	}
	if _, err := NewClient(srv.URL, nil, WithTimeout(-time.Second)); err == nil {
		t.Error("WithTimeout(-1s) was accepted")
	}
}
