package toolrt

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuntimeIsALeaf keeps the runtime small for the packages generated
// code is built into: it imports nothing of the generator (gen/) or the
// harness, only its own packages and the project's small leaves
// (internal/), and none of its packages grows past 3,000 lines of code.
func TestRuntimeIsALeaf(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	const module = "github.com/agentready/agentready/"
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		rest, ours := strings.CutPrefix(p, module)
		if !ours {
			continue
		}
		if rest != "gen/toolrt" && !strings.HasPrefix(rest, "gen/toolrt/") && !strings.HasPrefix(rest, "internal/") {
			t.Errorf("the runtime depends on %s; move what it needs into gen/toolrt or a leaf under internal/", p)
		}
	}
	dirs, err := exec.Command("go", "list", "-f", "{{.Dir}}", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dir := range strings.Fields(string(dirs)) {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		lines := 0
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			lines += bytes.Count(b, []byte("\n"))
		}
		t.Logf("%s: %d lines", filepath.Base(dir), lines)
		if lines > 3000 {
			t.Errorf("%s has %d lines of code, over 3,000: split it by job", dir, lines)
		}
	}
}
