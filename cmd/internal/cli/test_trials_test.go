package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	runner "github.com/agentready/agentready/harness/run"
)

// --repeat runs every case k times and reports pass@k, pass^k and the
// per-trial rate with Wilson intervals in the summary, report.md and
// report.html; the gate compares it with a baseline of the same k.
func TestRepeatedTrialsCommand(t *testing.T) {
	url, spec, casesFile := exampleCases(t)
	runs := t.TempDir()
	base := filepath.Join(runs, "base")
	args := []string{"test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--k", "2", "--repeat", "2"}
	code, stdout, stderr := run(t, append(args, "--out", base)...)
	if code != exitOK {
		t.Fatalf("test --repeat 2: code %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"cases × 2 trials", "no error: ", "95% CI", "repeated trials (k = 2): pass@2 ", "pass^2 ", "TOOL  ", "PASS^2"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the summary lacks %q:\n%s", want, stdout)
		}
	}
	recs, err := runner.ReadResults(filepath.Join(base, runner.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	trials := map[int]int{}
	for _, r := range recs {
		trials[r.Trial]++
	}
	if len(trials) != 2 || trials[1] != trials[2] || trials[1] == 0 {
		t.Errorf("records per trial: %v, want as many of trial 1 as of trial 2", trials)
	}
	for _, f := range []string{"report.md", "report.html"} {
		data, err := os.ReadFile(filepath.Join(base, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Repeated trials (k = 2)", "pass^2", "95% CI"} {
			if !strings.Contains(string(data), want) {
				t.Errorf("%s lacks %q", f, want)
			}
		}
	}

	code, stdout, stderr = run(t, append(args, "--out", filepath.Join(runs, "again"), "--against", base)...)
	if code != exitOK || !strings.Contains(stdout, "verdict: no regression") {
		t.Errorf("the same repeated run against its baseline: code %d\n%s\n%s", code, stdout, stderr)
	}
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--k", "2", "--out", filepath.Join(runs, "once"), "--against", base)
	if code != exitError || !strings.Contains(stderr, "repeat: 2 vs 0") {
		t.Errorf("a run of one trial against a baseline of two: code %d: %s", code, stderr)
	}
	if code, _, stderr = run(t, append(args[:len(args)-1], "0", "--out", filepath.Join(runs, "zero"))...); code != exitUsage || !strings.Contains(stderr, "--repeat 0") {
		t.Errorf("--repeat 0: code %d: %s", code, stderr)
	}
}
