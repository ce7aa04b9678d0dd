package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLint runs lint on the example API in each format, and checks the
// exit codes of --fail-on and of bad input.
func TestLint(t *testing.T) {
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")

	code, out, errOut := run(t, "lint", "--spec", spec)
	if code != exitGate {
		t.Fatalf("text: code %d, want %d (the spec has error-level findings)\n%s", code, exitGate, errOut)
	}
	if !strings.Contains(out, "openapi.yaml:529:11: note [prose-relation] listTickets.created_before") ||
		!strings.Contains(out, "fix: ") || !strings.Contains(out, "28 tools:") {
		t.Errorf("text output lacks the finding, its fix or the summary:\n%s", out)
	}

	code, out, _ = run(t, "lint", "--spec", spec, "--json", "--fail-on", "none")
	var findings []map[string]any
	if err := json.Unmarshal([]byte(out), &findings); err != nil || code != exitOK {
		t.Fatalf("--json: code %d, %v\n%s", code, err, out)
	}
	for _, f := range findings {
		for _, key := range []string{"rule", "level", "tool", "class", "place", "message", "fix"} {
			if f[key] == nil || f[key] == "" {
				t.Errorf("finding without %s: %v", key, f)
			}
		}
	}

	sarif := filepath.Join(t.TempDir(), "lint.sarif")
	code, out, errOut = run(t, "lint", "--spec", spec, "--format", "sarif", "--out", sarif, "--fail-on", "none")
	if code != exitOK || out != "" || !strings.Contains(errOut, "findings") {
		t.Fatalf("sarif: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	data, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string
		Runs    []struct {
			Results []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(data, &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != len(findings) {
		t.Fatalf("sarif: %v, %d results for %d findings", err, len(log.Runs[0].Results), len(findings))
	}
	if uri := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != "specs/exampleapi/openapi.yaml" {
		t.Errorf("uri %q, want the spec's path from the repository root", uri)
	}

	if code, _, _ := run(t, "lint", "--spec", spec, "--fail-on", "error", "--op", "listTickets"); code != exitOK {
		t.Errorf("--op listTickets (notes only) --fail-on error: code %d, want 0", code)
	}
	if code, _, _ := run(t, "lint", "--spec", spec, "--fail-on", "note", "--op", "listTickets"); code != exitGate {
		t.Errorf("--op listTickets --fail-on note: code %d, want 1", code)
	}
	for _, bad := range [][]string{
		{"--spec", spec, "--format", "xml"},
		{"--spec", spec, "--fail-on", "fatal"},
		{"--spec", spec, "--json", "--format", "sarif"},
		{"--spec", filepath.Join(t.TempDir(), "missing.yaml")},
	} {
		if code, _, errOut := run(t, append([]string{"lint"}, bad...)...); code != exitError || errOut == "" {
			t.Errorf("%v: code %d, stderr %q; want 2 and a message", bad, code, errOut)
		}
	}
}
