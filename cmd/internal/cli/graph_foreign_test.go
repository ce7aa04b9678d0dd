package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestForeignGraph checks what the commands do with a graph file of
// another API: graph infer refuses to merge into it (and leaves it as it
// was), a command given it explicitly refuses it, and one that only finds
// agentready.graph.yaml in its folder says so once and goes on without it.
func TestForeignGraph(t *testing.T) {
	example := repoFile(t, "specs/exampleapi/openapi.yaml")
	petstore := repoFile(t, "specs/golden/petstore20.yaml")
	dir := t.TempDir()
	file := filepath.Join(dir, "agentready.graph.yaml")
	if code, _, errOut := runG(t, "infer", "--spec", example, "-o", file); code != exitOK {
		t.Fatalf("infer: code %d\n%s", code, errOut)
	}
	before, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}

	code, _, errOut := runG(t, "infer", "--spec", petstore, "-o", file)
	if code != exitError || !strings.Contains(errOut, "graph of another API") || !strings.Contains(errOut, "nothing written") {
		t.Errorf("infer into another API's graph: code %d, %q", code, errOut)
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
		t.Error("infer changed the other API's graph file")
	}

	code, _, errOut = run(t, "tools", "--spec", petstore, "--graph", file)
	if code != exitError || !strings.Contains(errOut, "graph of another API") {
		t.Errorf("tools --graph of another API: code %d, %q", code, errOut)
	}

	t.Chdir(dir)
	code, _, errOut = run(t, "tools", "--spec", petstore)
	if code != exitOK || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "ignored") {
		t.Errorf("tools beside another API's graph: code %d, want one warning line, got %q", code, errOut)
	}
	// The graph of this spec is still found and used.
	code, _, errOut = run(t, "tools", "--spec", example)
	if code != exitOK || strings.Contains(errOut, "another API") {
		t.Errorf("tools beside its own graph: code %d, %q", code, errOut)
	}
}

// TestPrintProblemsCapped checks that a command using a graph prints at
// most maxWarnedProblems of its problems and points to graph check.
func TestPrintProblemsCapped(t *testing.T) {
	example := repoFile(t, "specs/exampleapi/openapi.yaml")
	file := filepath.Join(t.TempDir(), "g.yaml")
	var b strings.Builder
	b.WriteString("version: 1\nedges:\n")
	// One edge that fits keeps the file this API's; the rest name inputs
	// getUser does not have.
	b.WriteString("  - from: listUsers\n    to: getUser\n    mappings:\n      - output: \"$.items[*].id\"\n        input: userId\n    status: approved\n")
	for i := range maxWarnedProblems + 5 {
		b.WriteString("  - from: listUsers\n    to: getUser" + "\n    mappings:\n      - output: \"$.items[*].id\"\n        input: nope" + strings.Repeat("x", i+1) + "\n    status: approved\n")
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := run(t, "tools", "--spec", example, "--graph", file)
	if code != exitOK {
		t.Fatalf("tools: code %d\n%s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if len(lines) != maxWarnedProblems+1 || !strings.Contains(lines[len(lines)-1], "more problems") {
		t.Errorf("want %d warning lines ending with the count of the rest, got %d:\n%s", maxWarnedProblems+1, len(lines), errOut)
	}
}
