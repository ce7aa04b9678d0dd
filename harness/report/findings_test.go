package report_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/harness/report"
	"github.com/agentready/agentready/harness/run"
)

// Findings given to a run are merged (a repeat counted once), capped per
// tool, marked when the tool failed in their class, escaped, and those
// about tools the run did not test are counted, not listed.
func TestFindingsInTheReport(t *testing.T) {
	dir := copyRun(t, "new")
	r := load(t, dir)
	if len(r.Recommendations) == 0 {
		t.Fatal("the fixture run has no recommendations")
	}
	failing := r.Recommendations[0] // a tool and a class it failed in
	var fs []finding.Finding
	for i := range 10 {
		fs = append(fs, finding.Finding{Source: finding.Lint, Rule: "missing-example", Level: finding.Warning, Tool: "listUsers",
			Argument: fmt.Sprintf("arg%02d", i), Class: "parameter_value_mismatch", Message: "no example", Fix: "add one"})
	}
	fs = append(fs, fs[0], // a repeat
		finding.Finding{Source: finding.Fuzz, Kind: "under-specified", Level: finding.Error, Tool: failing.Tool, Argument: "x",
			Class: string(failing.Class), Message: "the API refused <script>alert(1)</script>", Fix: "document it"},
		finding.Finding{Source: finding.Lint, Rule: "long-description", Level: finding.Warning, Tool: "notInThisRun", Message: "long", Fix: "cut"})
	all, err := report.AddFindings(dir, fs)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 12 {
		t.Errorf("%d findings kept, want 12 (the repeat once)", len(all))
	}
	r = load(t, dir)
	if len(r.Findings) != 12 {
		t.Fatalf("Load read %d findings, want 12", len(r.Findings))
	}
	if err := report.Write(dir, r); err != nil {
		t.Fatal(err)
	}
	md, _ := os.ReadFile(filepath.Join(dir, report.MarkdownFile))
	html, _ := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	if n := strings.Count(string(md), "**from lint** `missing-example`"); n != 8 {
		t.Errorf("%d of listUsers' 10 findings listed, want 8", n)
	}
	if !strings.Contains(string(md), "… and 2 more findings of lint or fuzz") {
		t.Error("the findings past the cap are not counted")
	}
	if !strings.Contains(string(md), "**from fuzz** `under-specified` on `x` ("+failingName(t, r, failing.Tool)+", as failed in this run)") {
		t.Errorf("the fuzz finding on %s is not marked as failed in this run:\n%s", failing.Tool, md)
	}
	if !strings.Contains(string(md), "1 finding of lint or fuzz is about 1 tool this run did not test") || strings.Contains(string(md), "notInThisRun") {
		t.Error("the finding about a tool outside the run is listed, or not counted")
	}
	if strings.Contains(string(html), "<script>alert(1)") || !strings.Contains(string(html), `<span class="source">from fuzz</span>`) {
		t.Error("report.html does not escape a finding's message, or does not mark its source")
	}
	checkWellFormed(t, html)

	// A file that is not findings: the error names it and the fix.
	bad := filepath.Join(dir, run.ResultsFile)
	if _, err := report.ReadFindings([]string{bad}); err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "lint --json") {
		t.Errorf("results.jsonl as findings: %v", err)
	}
}

// failingName is the class name report.md gives the recommendation of tool.
func failingName(t *testing.T, r *report.Run, tool string) string {
	t.Helper()
	for _, rec := range r.Recommendations {
		if rec.Tool == tool {
			if n := rec.Class.Info().Name; n != "" {
				return n
			}
			return string(rec.Class)
		}
	}
	t.Fatalf("no recommendation for %s", tool)
	return ""
}
