package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a goroutine-safe strings.Builder for stderr.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var listeningRE = regexp.MustCompile(`^listening on (http://127\.0\.0\.1:[0-9]+)$`)

// startCommand runs the command with args until the test ends and returns
// its URL, from the first line it prints.
func startCommand(t *testing.T, args ...string) (url string, stop func() error, stderr *syncBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, w := io.Pipe()
	stderr = &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		err := run(ctx, args, w, stderr)
		w.CloseWithError(io.EOF)
		done <- err
	}()
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		_, _ = io.Copy(io.Discard, out)
	}()
	stopped := false
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			return err
		case <-time.After(10 * time.Second):
			return errors.New("run did not return after its context was cancelled")
		}
	}
	t.Cleanup(func() { _ = stop() })
	select {
	case line, ok := <-lines:
		if !ok {
			t.Fatalf("the command printed nothing; stderr: %s", stderr.String())
		}
		m := listeningRE.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("first line %q, want \"listening on http://127.0.0.1:PORT\"", line)
		}
		return m[1], stop, stderr
	case <-time.After(20 * time.Second):
		t.Fatalf("the command did not print its URL; stderr: %s", stderr.String())
	}
	return "", nil, nil
}

func get(t *testing.T, url, token string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	var m map[string]any
	_ = json.NewDecoder(res.Body).Decode(&m)
	return res.StatusCode, m
}

func TestRunServesAndStops(t *testing.T) {
	url, stop, stderr := startCommand(t, "--addr", "127.0.0.1:0")
	if status, h := get(t, url+"/health", ""); status != 200 || h["status"] != "ok" {
		t.Fatalf("health: %d %v", status, h)
	}
	if status, u := get(t, url+"/users?per_page=1", "demo-token"); status != 200 || u["total"] == nil {
		t.Fatalf("listUsers: %d %v", status, u)
	}
	if status, _ := get(t, url+"/users", "wrong"); status != 401 {
		t.Errorf("wrong token: %d", status)
	}
	if err := stop(); err != nil {
		t.Fatalf("run returned %v", err)
	}
	if _, err := http.Get(url + "/health"); err == nil {
		t.Error("the server still answers after run returned")
	}
	if !strings.Contains(stderr.String(), "op=listUsers") {
		t.Errorf("requests are not logged to stderr: %s", stderr.String())
	}
}

func TestRunFlags(t *testing.T) {
	data := filepath.Join(t.TempDir(), "desk.db")
	url, stop, stderr := startCommand(t, "--addr", "127.0.0.1:0", "--data", data, "--seed", "42",
		"--token", "s3cret", "--readonly-token", "", "--fail-every", "0", "--quiet")
	if status, _ := get(t, url+"/users", "demo-token"); status != 401 {
		t.Errorf("the default token still works: %d", status)
	}
	if status, _ := get(t, url+"/users", "readonly-token"); status != 401 {
		t.Errorf("the disabled read-only token still works: %d", status)
	}
	for range 4 { // --fail-every 0: never 503
		if status, s := get(t, url+"/stats", "s3cret"); status != 200 {
			t.Fatalf("stats: %d %v", status, s)
		}
	}
	_, users := get(t, url+"/users?per_page=1", "s3cret")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stderr.String(), "op=") {
		t.Errorf("--quiet still logs requests: %s", stderr.String())
	}
	// The same data file serves the same data.
	url, _, _ = startCommand(t, "--addr", "127.0.0.1:0", "--data", data, "--token", "s3cret")
	_, again := get(t, url+"/users?per_page=1", "s3cret")
	if users["items"] == nil || again["items"] == nil ||
		users["items"].([]any)[0].(map[string]any)["id"] != again["items"].([]any)[0].(map[string]any)["id"] {
		t.Errorf("the data file was not reused: %v vs %v", users["items"], again["items"])
	}
}

func TestRunErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--token", ""}, "--token must not be empty"},
		{[]string{"--addr", "127.0.0.1:0", "extra"}, "unexpected arguments"},
		{[]string{"--no-such-flag"}, "not defined"},
		{[]string{"--addr", "256.0.0.1:0"}, "listen"},
	} {
		var stderr syncBuffer
		err := run(context.Background(), tc.args, io.Discard, &stderr)
		if err == nil || !strings.Contains(err.Error()+stderr.String(), tc.want) {
			t.Errorf("run %v: %v (stderr %q), want %q", tc.args, err, stderr.String(), tc.want)
		}
	}
	var stderr syncBuffer
	if err := run(context.Background(), []string{"-h"}, io.Discard, &stderr); !errors.Is(err, flag.ErrHelp) || !strings.Contains(stderr.String(), "-addr") {
		t.Errorf("-h: %v %q", err, stderr.String())
	}
}
