package cli

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/report"
	runner "github.com/agentready/agentready/harness/run"

	"github.com/agentready/agentready/specs/exampleapi/server"
)

var updateDemoBaseline = flag.Bool("update-demo-baseline", false, "rewrite testdata/demo-baseline from this run of the demo")

// TestDemoRunsTheWholeLoop runs the demo and holds its results to the
// committed baseline in testdata/demo-baseline, as a user's CI holds theirs:
// a case that passed there and fails now fails the test. After a change
// that is meant to move results, review the comparison and rerun with
// -update-demo-baseline.
func TestDemoRunsTheWholeLoop(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	code, stdout, stderr := run(t, "demo", "--dir", dir, "--per-tool", "3", "--parallel", "2")
	if code != exitOK {
		t.Fatalf("code %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	for _, want := range []string{"listening on http://127.0.0.1:", "generated 28 tools", "approved them all", "made ", "model baseline", "no error:", "ERROR CLASS", "tools passing", "report.html"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the summary lacks %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"openapi.yaml", "servicedesk/tools.go", "agentready.graph.yaml", "cases.jsonl",
		"runs/demo/run.json", "runs/demo/results.jsonl", "runs/demo/report.html", "runs/demo/report.md", "runs/demo/junit.xml"} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}

	runDir := filepath.Join(dir, "runs", "demo")
	baseline := filepath.Join("testdata", "demo-baseline")
	if *updateDemoBaseline {
		writeBaseline(t, runDir, baseline)
	}
	old, err := report.Load(baseline)
	if err != nil {
		t.Fatalf("%v (write it with go test ./cmd/internal/cli -run TestDemoRunsTheWholeLoop -update-demo-baseline)", err)
	}
	cur, err := report.Load(runDir)
	if err != nil {
		t.Fatal(err)
	}
	c := report.Compare(old, cur)
	if c.Regressed() {
		t.Errorf("the demo regressed against testdata/demo-baseline:\n%s", c.Markdown())
	} else if c.Summary() != "" {
		t.Logf("against the baseline:\n%s", c.Summary())
	}
}

// writeBaseline keeps what a comparison needs of a run (its settings, and
// each case's tool, utterance and labels), so the committed baseline stays
// small enough to review.
func writeBaseline(t *testing.T, runDir, baseline string) {
	t.Helper()
	if err := os.MkdirAll(baseline, 0o755); err != nil {
		t.Fatal(err)
	}
	info, err := os.ReadFile(filepath.Join(runDir, "run.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(baseline, "run.json"), info, 0o644); err != nil {
		t.Fatal(err)
	}
	recs, err := runner.ReadResults(filepath.Join(runDir, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].Case < recs[j].Case })
	var b bytes.Buffer
	for i := range recs {
		r := recs[i]
		r.Direct, r.Agent = nil, nil
		line, err := runner.MarshalRecord(&r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		if !bytes.HasSuffix(line, []byte("\n")) {
			b.WriteByte('\n')
		}
	}
	if err := os.WriteFile(filepath.Join(baseline, "results.jsonl"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// exampleCases starts the example API and makes a small set of data-aware
// cases for its user tools through the commands a user runs.
func exampleCases(t *testing.T) (url, spec, casesFile string) {
	t.Helper()
	srv, err := server.Start(context.Background(), server.Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken)
	dir := t.TempDir()
	spec = repoFile(t, "specs/exampleapi/openapi.yaml")
	graphFile := filepath.Join(dir, "graph.yaml")
	casesFile = filepath.Join(dir, "cases.jsonl")
	if code, _, stderr := run(t, "graph", "infer", "--spec", spec, "-o", graphFile); code != exitOK {
		t.Fatalf("graph infer: %s", stderr)
	}
	if code, _, stderr := run(t, "graph", "approve", "-g", graphFile, "--all-above", "0.5"); code != exitOK {
		t.Fatalf("graph approve: %s", stderr)
	}
	if code, _, stderr := run(t, "cases", "--spec", spec, "--graph", graphFile, "--base-url", srv.URL,
		"--op", "listUsers", "--op", "getUser", "--op", "listTicketsForUser", "--op", "createUser", "--per-tool", "4", "-o", casesFile); code != exitOK {
		t.Fatalf("cases: %s", stderr)
	}
	return srv.URL, spec, casesFile
}

func TestTestCommandRecordsReportsAndGatesCI(t *testing.T) {
	url, spec, casesFile := exampleCases(t)
	runs := t.TempDir()
	base := filepath.Join(runs, "base")
	code, stdout, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", base)
	if code != exitOK {
		t.Fatalf("test: code %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "change state and were left out") {
		t.Errorf("the createUser cases ran without --allow-mutations, or nobody was told:\n%s", stderr)
	}
	for _, f := range []string{"results.jsonl", "report.html", "report.md", "junit.xml"} {
		if _, err := os.Stat(filepath.Join(base, f)); err != nil {
			t.Error(err)
		}
	}
	results, _ := os.ReadFile(filepath.Join(base, "results.jsonl"))
	if strings.Contains(string(results), server.DefaultAdminToken) {
		t.Error("the token was written into the run")
	}

	// A threshold no run can meet fails the command.
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(runs, "strict"), "--min-no-error", "1.01")
	if code != exitGate || !strings.Contains(stderr, "below --min-no-error") {
		t.Errorf("--min-no-error 1.01: code %d, stderr %s", code, stderr)
	}

	// Broken credentials make every tool regress against the baseline.
	t.Setenv("GLOBEX_BEARER_AUTH", "revoked-token")
	code, stdout, _ = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(runs, "broken"), "--against", base)
	if code != exitGate {
		t.Errorf("a run that regressed against its baseline exited %d\n%s", code, stdout)
	}
	if _, err := os.Stat(filepath.Join(runs, "broken", "comparison.md")); err != nil {
		t.Error(err)
	}

	// An API that does not answer is called out.
	_, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", "http://127.0.0.1:1", "--out", filepath.Join(runs, "down"))
	if !strings.Contains(stderr, "no direct call got a response") {
		t.Errorf("a run against a closed port gave no warning:\n%s", stderr)
	}

	// Resuming a finished run runs nothing again.
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken)
	code, stdout, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", base, "--resume")
	if code != exitOK || !strings.Contains(stdout, "(0 run now,") {
		t.Errorf("resume: code %d\n%s\n%s", code, stdout, stderr)
	}
}
