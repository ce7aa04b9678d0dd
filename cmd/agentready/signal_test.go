package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C or SIGTERM stops a long command within a second, leaving no
// half-written file: the real binary, on GitHub's spec (about 1,000
// operations), stopped partway through.
func TestSignalStopsLongCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it on a large spec")
	}
	_, file, _, _ := runtime.Caller(0)
	spec := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "specs", "real", "github.json")
	if _, err := os.Stat(spec); err != nil {
		t.Skipf("no GitHub spec beside the repository: %v", err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "agentready")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		name string
		args []string
		sig  os.Signal
	}{
		{"cases", []string{"cases", "--spec", spec, "--offline", "--no-ask", "-o", filepath.Join(dir, "cases", "cases.jsonl")}, syscall.SIGTERM},
		{"cases-interrupt", []string{"cases", "--spec", spec, "--offline", "--no-ask", "-o", filepath.Join(dir, "cases-interrupt", "cases.jsonl")}, os.Interrupt},
		{"gen", []string{"gen", "--spec", spec, "--out", filepath.Join(dir, "gen", "ghtools")}, syscall.SIGTERM},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(bin, tc.args...)
			cmd.Dir = dir
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				t.Skipf("finished before it could be stopped (%v)", err)
			case <-time.After(time.Second):
				// Partway: loading GitHub's spec alone takes longer
				// (gen as a whole now takes about 2.2 s on an idle
				// machine, so a later signal could find it done).
			}
			sent := time.Now()
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			select {
			case err := <-done:
				if err == nil {
					t.Errorf("exit 0 after %v", tc.sig)
				}
				t.Logf("stopped %v after the signal", time.Since(sent).Round(time.Millisecond))
			case <-time.After(time.Second):
				_ = cmd.Process.Kill()
				t.Fatalf("still running a second after %v", tc.sig)
			}
			// Nothing half-written: no file, or none but whole ones.
			out := filepath.Join(dir, tc.name)
			entries, _ := os.ReadDir(out)
			for _, e := range entries {
				t.Errorf("left %s behind", filepath.Join(out, e.Name()))
			}
		})
	}
}
