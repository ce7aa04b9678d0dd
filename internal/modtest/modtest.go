// Package modtest is for tests: it finds this repository and the shared
// specs beside it (failing, or skipping under AGENTREADY_SKIP_SHARED,
// when they are missing), and builds and vets generated packages inside
// a throwaway Go module that uses this repository through a replace
// directive, the way a user's module would. It works offline: the module
// reuses this repository's go.mod requirements and go.sum.
package modtest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// RepoRoot returns the repository root (the directory holding go.mod).
func RepoRoot(t testing.TB) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Dir(file)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("modtest: cannot find the repository root")
		}
		dir = parent
	}
}

// SharedSpecs returns ../shared/specs beside the repository. It fails the
// test when the folder is missing, unless AGENTREADY_SKIP_SHARED is set,
// in which case the test is skipped.
func SharedSpecs(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(filepath.Dir(RepoRoot(t)), "shared", "specs")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("AGENTREADY_SKIP_SHARED") != "" {
			t.Skipf("%s is missing and AGENTREADY_SKIP_SHARED is set", dir)
		}
		t.Fatalf("%s is missing: the tests read the shared specs from ../shared beside the repository "+
			"(set AGENTREADY_SKIP_SHARED=1 to skip these tests)", dir)
	}
	return dir
}

// NewModule creates an empty module in a temporary directory whose go.mod
// requires this repository (replaced by its local copy) and everything the
// repository requires, and returns its path.
func NewModule(t testing.TB, name string) string {
	t.Helper()
	root := RepoRoot(t)
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var b bytes.Buffer
	fmt.Fprintf(&b, "module %s\n\n", name)
	for _, line := range strings.Split(string(gomod), "\n") {
		if strings.HasPrefix(line, "module ") {
			continue
		}
		b.WriteString(line + "\n")
	}
	fmt.Fprintf(&b, "require github.com/agentready/agentready v0.0.0\n\nreplace github.com/agentready/agentready => %s\n", root)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// WriteFiles writes files (slash-separated paths relative to dir, and
// their contents) into dir, creating their folders.
func WriteFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Go runs the go command in dir and returns its combined output; it fails
// the test on error.
func Go(t testing.TB, dir string, args ...string) string {
	t.Helper()
	out, err := GoErr(dir, args...)
	if err != nil {
		t.Fatalf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	return out
}

// GoErr runs the go command in dir and returns its output and error.
func GoErr(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	// -mod=mod lets the throwaway module settle its requirements from
	// the copied go.sum without a separate `go mod tidy`.
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	return string(out), err
}
