package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runR calls runReport directly and returns the exit code and both
// outputs.
func runR(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runReport(&env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr}, args)
	return code, stdout.String(), stderr.String()
}

// fixtureRun copies one of harness/report's fixture runs into a new
// directory.
func fixtureRun(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"run.json", "results.jsonl"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "..", "harness", "report", "testdata", "runs", name, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestReportWritesTheThreeFiles(t *testing.T) {
	dir := fixtureRun(t, "new")
	code, out, errOut := runR(t, dir)
	if code != exitOK {
		t.Fatalf("code %d\n%s", code, errOut)
	}
	for _, f := range []string{"report.html", "report.md", "junit.xml"} {
		st, err := os.Stat(filepath.Join(dir, f))
		if err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
		if !strings.Contains(out, filepath.Join(dir, f)) {
			t.Errorf("output does not name %s:\n%s", f, out)
		}
	}
	if !strings.Contains(out, "14 cases (and 1 skipped), no-error fraction 0.29") || !strings.Contains(out, "4 in 0-25%") {
		t.Errorf("summary:\n%s", out)
	}
}

func TestReportAgainst(t *testing.T) {
	old, cur := fixtureRun(t, "old"), fixtureRun(t, "new")
	// One case lost and one gained is within noise...
	if code, out, errOut := runR(t, "--against", old, cur); code != exitOK || !strings.Contains(out, "within noise") {
		t.Errorf("one lost, one gained: code %d\n%s\n%s", code, out, errOut)
	}
	// ...unless any drop counts.
	code, out, errOut := runR(t, "--against", old, cur, "--strict")
	if code != exitGate || !strings.Contains(errOut, "regressed") {
		t.Fatalf("a regression: code %d\n%s", code, errOut)
	}
	for _, want := range []string{"regressed listUsers/type (listUsers): parameter type mismatch", "improved  listTickets/clean", "verdict: REGRESSED", "wrote " + filepath.Join(cur, "comparison.md")} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	md, err := os.ReadFile(filepath.Join(cur, "comparison.md"))
	if err != nil || !strings.Contains(string(md), "## Regressions: passed before, fail now") {
		t.Errorf("comparison.md: %v\n%s", err, md)
	}
	// The flag after the directory, and the gate turned off.
	if code, _, errOut := runR(t, cur, "--against", old, "--strict", "--fail-on-regression=false"); code != exitOK {
		t.Errorf("--fail-on-regression=false: code %d\n%s", code, errOut)
	}
	// A run compared with itself has not regressed.
	if code, out, _ := runR(t, "--against", cur, cur); code != exitOK || !strings.Contains(out, "verdict: no regression") {
		t.Errorf("a run against itself: code %d\n%s", code, out)
	}
}

func TestReportErrors(t *testing.T) {
	if code, _, errOut := runR(t); code != exitUsage || !strings.Contains(errOut, "give a run directory") {
		t.Errorf("no directory: code %d, %q", code, errOut)
	}
	if code, _, errOut := runR(t, "a", "b"); code != exitUsage || !strings.Contains(errOut, "give one run directory") {
		t.Errorf("two directories: code %d, %q", code, errOut)
	}
	missing := filepath.Join(t.TempDir(), "nope")
	if code, _, errOut := runR(t, missing); code != exitError || !strings.Contains(errOut, "no such run directory") {
		t.Errorf("missing directory: code %d, %q", code, errOut)
	}
	if code, _, errOut := runR(t, "--against", missing, fixtureRun(t, "new")); code != exitError || !strings.Contains(errOut, "no such run directory") {
		t.Errorf("missing old directory: code %d, %q", code, errOut)
	}
	if code, _, _ := runR(t, "-h"); code != exitOK {
		t.Errorf("-h: code %d", code)
	}
	// A torn last line is reported, and the rest is used.
	dir := fixtureRun(t, "new")
	f, err := os.OpenFile(filepath.Join(dir, "results.jsonl"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"case":"x/1","tool":"x`)
	f.Close()
	if code, _, errOut := runR(t, dir); code != exitOK || !strings.Contains(errOut, "note: The last line of results.jsonl is incomplete") {
		t.Errorf("torn line: code %d, %q", code, errOut)
	}
}
