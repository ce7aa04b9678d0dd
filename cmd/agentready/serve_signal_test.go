package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C or SIGTERM stops agentready serve within a second, on both
// transports, and a server stopped that way exits 0: stopping is how a
// server ends.
func TestSignalStopsServe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	_, file, _, _ := runtime.Caller(0)
	spec := filepath.Join(filepath.Dir(file), "..", "..", "specs", "exampleapi", "openapi.yaml")
	bin := filepath.Join(t.TempDir(), "agentready")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	serve := []string{"serve", "--spec", spec, "--base-url", "http://127.0.0.1:9"}
	for _, tc := range []struct {
		name  string
		args  []string
		ready string
		sig   os.Signal
	}{
		{"stdio", serve, " on stdio (ready in ", syscall.SIGTERM},
		{"http", append(serve, "--http", "127.0.0.1:0"), "/mcp (ready in ", syscall.SIGTERM},
		{"http-interrupt", append(serve, "--dynamic", "--http", "127.0.0.1:0"), "/mcp (ready in ", os.Interrupt},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(bin, tc.args...)
			stdin, err := cmd.StdinPipe() // held open: stdio serves until stopped
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			ready := make(chan string, 1)
			go func() {
				sc := bufio.NewScanner(stderr)
				for sc.Scan() {
					if strings.Contains(sc.Text(), tc.ready) {
						ready <- sc.Text()
						break
					}
				}
				close(ready)
				_, _ = io.Copy(io.Discard, stderr)
			}()
			select {
			case line, ok := <-ready:
				if !ok {
					t.Fatalf("serve ended without saying it was ready: %v", cmd.Wait())
				}
				t.Log(line)
			case <-time.After(time.Minute):
				_ = cmd.Process.Kill()
				t.Fatal("serve was not ready after a minute")
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			sent := time.Now()
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("after %v: %v, want exit 0", tc.sig, err)
				}
				t.Logf("stopped %v after the signal", time.Since(sent).Round(time.Millisecond))
			case <-time.After(time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("still running a second after %v", tc.sig)
			}
		})
	}
}
