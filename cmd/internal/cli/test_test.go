package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	neturl "net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync/atomic"
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
	srv, spec, casesFile := exampleServerCases(t)
	return srv.URL, spec, casesFile
}

// exampleServerCases is exampleCases with the server, for a test that
// closes it.
func exampleServerCases(t *testing.T) (srv *server.Running, spec, casesFile string) {
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
	return srv, spec, casesFile
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
	if !strings.Contains(stdout, "passed after recovery") || !strings.Contains(stdout, "not run") {
		t.Errorf("the summary does not account for every case:\n%s", stdout)
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

	// A threshold the run misses fails the gate (exit 1); one that is not a
	// fraction is refused before anything runs (exit 2).
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(runs, "strict"), "--min-no-error", "1")
	if code != exitGate || !strings.Contains(stderr, "below --min-no-error") {
		t.Errorf("--min-no-error 1: code %d, stderr %s", code, stderr)
	}
	for _, bad := range [][]string{{"--min-no-error", "70"}, {"--min-no-error", "-1"}, {"--alpha", "0"}, {"--junit", "xml"}, {"--against", filepath.Join(runs, "nope")}} {
		out := filepath.Join(runs, "bad")
		code, _, stderr := run(t, append([]string{"test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", out}, bad...)...)
		if code != exitError {
			t.Errorf("%v: code %d, want %d: %s", bad, code, exitError, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: the run started", bad)
		}
	}

	// The same run again passes against the baseline; the junit.xml a CI
	// reads shows no failure.
	again := filepath.Join(runs, "again")
	code, stdout, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", again, "--against", base)
	if code != exitOK || !strings.Contains(stdout, "verdict: no regression") {
		t.Errorf("an identical run against its baseline: code %d\n%s\n%s", code, stdout, stderr)
	}
	if ju, _ := os.ReadFile(filepath.Join(again, "junit.xml")); !strings.Contains(string(ju), `failures="0"`) {
		t.Errorf("junit.xml of a run that passed the gate:\n%s", ju)
	}
	if _, err := os.Stat(filepath.Join(again, "comparison.md")); err != nil {
		t.Error(err)
	}

	// A baseline of other settings is not compared, unless asked.
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(runs, "k3"), "--against", base, "--k", "3")
	if code != exitError || !strings.Contains(stderr, "not comparable") || !strings.Contains(stderr, "k: 10 vs 3") {
		t.Errorf("other k: code %d: %s", code, stderr)
	}
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(runs, "k3b"), "--against", base, "--k", "3", "--allow-different")
	if code == exitError {
		t.Errorf("--allow-different: code %d: %s", code, stderr)
	}
	// Nor is a run resumed with other settings.
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", base, "--resume", "--seed", "2")
	if code != exitError || !strings.Contains(stderr, "cannot resume") || !strings.Contains(stderr, "seed") {
		t.Errorf("resume with another seed: code %d: %s", code, stderr)
	}

	// Resuming a finished run runs nothing again.
	code, stdout, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", base, "--resume")
	if code != exitOK || !strings.Contains(stdout, "(0 run now,") {
		t.Errorf("resume: code %d\n%s\n%s", code, stdout, stderr)
	}
}

// An API that cannot be tested as configured stops the run before its
// first case, with exit code 2 and the fix: a wrong base URL, a wrong or
// missing token, an API that does not answer.
func TestPreflightStopsBeforeTheFirstCase(t *testing.T) {
	url, spec, casesFile := exampleCases(t)
	runs := t.TempDir()
	for _, tt := range []struct {
		name, url, token string
		want             []string
	}{
		{"a wrong base URL path", url + "/v2", server.DefaultAdminToken, []string{"404", "base URL's path is probably wrong", url + "/v2"}},
		{"a wrong token", url, "revoked-token", []string{"401", "GLOBEX_BEARER_AUTH"}},
		{"no token", url, "", []string{"401", "GLOBEX_BEARER_AUTH"}},
		{"a closed port", "http://127.0.0.1:1", server.DefaultAdminToken, []string{"could not connect", "is the base URL"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("GLOBEX_BEARER_AUTH", tt.token)
			out := filepath.Join(runs, strings.ReplaceAll(tt.name, " ", "-"))
			code, _, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", tt.url, "--out", out)
			if code != exitError {
				t.Errorf("code %d, want %d", code, exitError)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, stderr)
				}
			}
			if recs, _ := runner.ReadResults(filepath.Join(out, runner.ResultsFile)); len(recs) > 0 {
				t.Errorf("%d cases ran", len(recs))
			}
			// cases stops the same way.
			code, _, stderr = run(t, "cases", "--spec", spec, "--base-url", tt.url, "--op", "listUsers", "-o", filepath.Join(out, "c.jsonl"))
			if code != exitError || !strings.Contains(stderr, tt.want[1]) {
				t.Errorf("cases: code %d: %s", code, stderr)
			}
		})
	}
}

// A cases file that does not fit the spec, or an operation renamed since
// the baseline, does not pass quietly.
func TestRenamedAndForeignCases(t *testing.T) {
	url, spec, casesFile := exampleCases(t)
	runs := t.TempDir()
	base := filepath.Join(runs, "base")
	if code, _, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", base); code != exitOK {
		t.Fatalf("baseline: %s", stderr)
	}
	// getUser is renamed fetchUser in the spec.
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	renamed := filepath.Join(t.TempDir(), "openapi.yaml")
	if err := os.WriteFile(renamed, []byte(strings.ReplaceAll(string(data), "operationId: getUser\n", "operationId: fetchUser\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := run(t, "test", "--spec", renamed, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(runs, "renamed"), "--against", base)
	if code != exitGate || !strings.Contains(stdout, "cannot run now") {
		t.Errorf("a renamed operation: code %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = run(t, "test", "--spec", renamed, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(runs, "mapped"), "--against", base, "--rename", "getUser=fetchUser")
	if code != exitOK {
		t.Errorf("--rename getUser=fetchUser: code %d\n%s\n%s", code, stdout, stderr)
	}
	code, _, stderr = run(t, "test", "--spec", renamed, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(runs, "allowed"), "--against", base, "--allow-removed")
	if code != exitOK {
		t.Errorf("--allow-removed: code %d\n%s", code, stderr)
	}
	// The cases of another spec are refused before anything runs.
	code, _, stderr = run(t, "test", "--spec", repoFile(t, "specs/golden/inventory31.yaml"), "--cases", casesFile, "--base-url", url, "--out", filepath.Join(runs, "foreign"))
	if code != exitError || !strings.Contains(stderr, "tools the spec does not have") {
		t.Errorf("foreign cases: code %d: %s", code, stderr)
	}
}

// flakyProxy passes requests on to url until it is turned off; then it
// drops every connection, as an API that died would.
type flakyProxy struct {
	URL   string
	after atomic.Int64
	n     atomic.Int64
}

func newFlakyProxy(t *testing.T, url string) *flakyProxy {
	p := &flakyProxy{}
	p.after.Store(-1)
	target, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a := p.after.Load(); a >= 0 && p.n.Add(1) > a {
			if hj, ok := w.(http.Hijacker); ok {
				conn, _, err := hj.Hijack()
				if err == nil {
					conn.Close()
					return
				}
			}
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

// An API that dies mid-run stops the run (exit 2) with what was recorded
// and how to go on; resumed when it is back, the run ends with the same
// results as one that was never interrupted.
func TestAPIDiesMidRun(t *testing.T) {
	url, spec, casesFile := exampleCases(t)
	runs := t.TempDir()
	whole := filepath.Join(runs, "whole")
	if code, _, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", whole, "--parallel", "1"); code != exitOK {
		t.Fatalf("uninterrupted: %s", stderr)
	}
	proxy := newFlakyProxy(t, url)
	proxy.after.Store(12)
	cut := filepath.Join(runs, "cut")
	args := []string{"test", "--spec", spec, "--cases", casesFile, "--base-url", proxy.URL, "--out", cut, "--parallel", "1"}
	code, _, stderr := run(t, args...)
	if code != exitError || !strings.Contains(stderr, "stopped") || !strings.Contains(stderr, "--resume --out "+cut) {
		t.Fatalf("the API died: code %d\n%s", code, stderr)
	}
	recs, _ := runner.ReadResults(filepath.Join(cut, runner.ResultsFile))
	for _, r := range recs {
		if len(r.Labels) > 0 && r.Labels[0].Class == "tool_server_error" || r.Invalid != "" {
			t.Errorf("%s: the dead API became a result: %+v %s", r.Case, r.Labels, r.Invalid)
		}
	}
	proxy.after.Store(-1)
	code, _, stderr = run(t, append(args, "--resume")...)
	if code != exitOK {
		t.Fatalf("resume: code %d\n%s", code, stderr)
	}
	want, got := outcomes(t, whole), outcomes(t, cut)
	if len(got) != len(want) {
		t.Fatalf("resumed run has %d cases, the whole one %d", len(got), len(want))
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: %s after the resume, %s uninterrupted", id, got[id], w)
		}
	}
}

// outcomes maps each case of a run to its status and classes.
func outcomes(t *testing.T, dir string) map[string]string {
	t.Helper()
	recs, err := runner.ReadResults(filepath.Join(dir, runner.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range recs {
		var cls []string
		for _, l := range r.Labels {
			cls = append(cls, string(l.Class))
		}
		out[r.Case] = string(r.Status()) + " " + strings.Join(cls, ",")
	}
	return out
}

// The example API fails every third call of getServiceStats with a 503:
// ten identical runs all pass the gate against a baseline, and their
// junit.xml shows no failure.
func TestScheduled503sDoNotFlakeTheGate(t *testing.T) {
	if testing.Short() {
		t.Skip("ten runs")
	}
	srv, err := server.Start(context.Background(), server.Options{Addr: "127.0.0.1:0"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken)
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	dir := t.TempDir()
	casesFile := filepath.Join(dir, "cases.jsonl")
	if code, _, stderr := run(t, "cases", "--spec", spec, "--base-url", srv.URL, "--offline", "--op", "getServiceStats", "--op", "getHealth", "--op", "listTeams", "--per-tool", "3", "-o", casesFile); code != exitOK {
		t.Fatalf("cases: %s", stderr)
	}
	base := filepath.Join(dir, "base")
	if code, _, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", srv.URL, "--out", base); code != exitOK {
		t.Fatalf("baseline: %s", stderr)
	}
	for i := range 10 {
		out := filepath.Join(dir, fmt.Sprint(i))
		code, stdout, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", srv.URL, "--out", out, "--against", base)
		ju, _ := os.ReadFile(filepath.Join(out, "junit.xml"))
		if code != exitOK || !strings.Contains(string(ju), `failures="0"`) {
			t.Errorf("run %d: code %d\n%s\n%s\n%s", i, code, stdout, stderr, ju)
		}
	}
}

func TestResumeCommand(t *testing.T) {
	got := resumeCommand([]string{"--spec", "api.yaml", "--out", "runs/old", "--model", "openai:gpt 4o", "--resume"}, "runs/x y")
	want := "agentready test --spec api.yaml --model 'openai:gpt 4o' --resume --out 'runs/x y'"
	if got != want {
		t.Errorf("resumeCommand:\n got %s\nwant %s", got, want)
	}
	var stderr bytes.Buffer
	e := &env{stdout: io.Discard, stderr: &stderr}
	if code := e.stopped([]string{"--spec", "a.yaml"}, "runs/r", &runner.Summary{Total: 10, Ran: 4}, context.Canceled); code != exitError ||
		!strings.Contains(stderr.String(), "interrupted: 4 of 10 cases are recorded in runs/r") || !strings.Contains(stderr.String(), "--resume --out runs/r") {
		t.Errorf("interrupted: code %d\n%s", code, stderr.String())
	}
}
