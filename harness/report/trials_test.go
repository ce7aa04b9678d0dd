package report_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/report"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/harness/stats"
)

// writeTrialsRun writes a run of two tools' cases, each run three times:
// outcomes are "P" (passed) or "F" (failed) per trial.
func writeTrialsRun(t *testing.T, dir string, outcomes map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	info := run.Info{Started: fixtureStart, Model: map[string]string{"kind": "baseline", "name": "baseline"},
		Settings: run.Settings{K: 3, Rounds: 5, Repeat: 3}, Cases: run.CasesInfo{SHA256: "f00d", Count: len(outcomes)}}
	data, err := jsonIndent(info)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, run.RunFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, id := range sortedKeys(outcomes) {
		tool, _, _ := strings.Cut(id, "/")
		for i, o := range outcomes[id] {
			rec := run.Record{Case: id, Trial: i + 1, Tool: tool, Args: map[string]any{}}
			if o == 'F' {
				rec.Labels = []classify.Label{{Class: classify.IncorrectToolSelection, Tool: tool, Evidence: "called another tool"}}
			}
			line, err := run.MarshalRecord(&rec)
			if err != nil {
				t.Fatal(err)
			}
			lines = append(lines, string(line))
		}
	}
	if err := os.WriteFile(filepath.Join(dir, run.ResultsFile), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A run of repeated trials reports pass@k, pass^k and the per-trial pass
// rate with Wilson intervals, overall and per tool, in report.md and
// report.html; every trial is a case row of its own.
func TestRepeatedTrialsReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "trials")
	writeTrialsRun(t, dir, map[string]string{
		"getUser/a": "PPP", "getUser/b": "PFP", "getUser/c": "PPP",
		"listUsers/a": "FFF", "listUsers/b": "PFF",
	})
	r, err := report.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Records) != 15 || r.Incomplete() || len(r.Notes) > 0 {
		t.Fatalf("%d records, incomplete %v, notes %q: want 15 trials, complete", len(r.Records), r.Incomplete(), r.Notes)
	}
	if err := report.Write(dir, r); err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(dir, report.MarkdownFile))
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "trials.report.md", md)
	html, err := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Repeated trials (k = 3)", "pass^3", "<td><b>all</b></td><td class=\"num\">5</td><td class=\"num\">15</td><td class=\"num\">60%</td>", "getUser/b#2"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
}

func jsonIndent(v any) ([]byte, error) { return json.MarshalIndent(v, "", "  ") }

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// The gate reads repeated trials case by case: a case is lost when a
// smaller fraction of its trials pass, gained when a larger one does,
// and counts once however many trials it has.
func TestCompareRepeatedTrials(t *testing.T) {
	base := t.TempDir()
	oldDir, newDir := filepath.Join(base, "old"), filepath.Join(base, "new")
	writeTrialsRun(t, oldDir, map[string]string{
		"getUser/a": "PPP", "getUser/b": "PPP", "getUser/c": "PFP", "getUser/d": "PFF", "listUsers/a": "PPP",
	})
	writeTrialsRun(t, newDir, map[string]string{
		"getUser/a": "PFP", "getUser/b": "PPP", "getUser/c": "PPP", "getUser/d": "FFF", "listUsers/a": "PPP",
	})
	o, err := report.Load(oldDir)
	if err != nil {
		t.Fatal(err)
	}
	n, err := report.Load(newDir)
	if err != nil {
		t.Fatal(err)
	}
	c := report.Compare(o, n)
	if c.Lost != 2 || c.Gained != 1 {
		t.Errorf("lost %d, gained %d: want 2 (getUser/a, getUser/d) and 1 (getUser/c)", c.Lost, c.Gained)
	}
	if c.P != stats.McNemar(2, 1) {
		t.Errorf("p-value %g, want McNemar(2, 1) = %g: one pair per case", c.P, stats.McNemar(2, 1))
	}
	var regressed, improved []string
	for _, ch := range c.Regressions {
		regressed = append(regressed, ch.Case)
	}
	for _, ch := range c.Improvements {
		improved = append(improved, ch.Case)
	}
	if strings.Join(regressed, " ") != "getUser/a getUser/d" || strings.Join(improved, " ") != "getUser/c" {
		t.Errorf("regressions %v, improvements %v", regressed, improved)
	}
}
