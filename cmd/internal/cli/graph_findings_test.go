package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/finding"
)

// TestGraphCheckFindings checks that graph check --format json writes its
// problems as findings that the report's --findings reads (an edge's
// producer as the tool), and --format sarif as code scanning's log; a
// file that does not parse is reported the same way.
func TestGraphCheckFindings(t *testing.T) {
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	dir := t.TempDir()
	file := filepath.Join(dir, "g.yaml")
	if err := os.WriteFile(file, []byte("version: 1\nedges:\n  - from: listUser\n    to: getUser\n    mappings:\n      - output: \"$.items[*].id\"\n        input: userId\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runG(t, "check", "--spec", spec, "-g", file, "--json")
	if code != exitError || !strings.Contains(errOut, "1 problems") {
		t.Fatalf("check --json: code %d\n%s", code, errOut)
	}
	fs, err := finding.Parse([]byte(out))
	if err != nil || len(fs) != 1 {
		t.Fatalf("findings %q: %v", out, err)
	}
	if f := fs[0]; f.Source != finding.Graph || f.Tool != "listUser" || f.Place.File != file || f.Place.Line != 3 || !strings.Contains(f.Message, "did you mean listUsers?") {
		t.Errorf("finding = %+v", f)
	}
	code, out, _ = runG(t, "check", "--spec", spec, "-g", file, "--format", "sarif")
	if code != exitError || !strings.Contains(out, `"version": "2.1.0"`) || !strings.Contains(out, `"startLine": 3`) {
		t.Errorf("check --format sarif: code %d\n%s", code, out)
	}

	if err := os.WriteFile(file, []byte("version: 1\ncolour: blue\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runG(t, "check", "--spec", spec, "-g", file, "--json")
	if fs, err := finding.Parse([]byte(out)); code != exitError || err != nil || len(fs) != 1 || fs[0].Place.Pointer != "#/colour" {
		t.Errorf("a file that does not parse: code %d, %+v, %v\n%s", code, fs, err, out)
	}
	if code, _, _ := runG(t, "check", "--spec", spec, "-g", file, "--json", "--format", "sarif"); code != exitUsage {
		t.Errorf("--json with --format sarif: code %d", code)
	}
}
