package cli

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/adapt"
)

// plantedDefect removes the ticket statuses' enum from the example API's
// spec: the values are then said only in prose, and agents leave the
// status out of requests for "open tickets".
const plantedDefect = `overlay: 1.0.0
info: {title: planted defect, version: "1"}
actions:
  - target: $.components.schemas.TicketStatus.enum
    remove: true
`

// TestAdaptExampleEndToEnd runs the loop on the example API (a real
// server on 127.0.0.1) with a planted documentation defect: a run, fuzz
// learning the enum from the API's errors, then adapt. The enum comes
// back as an action, kept with its measured gain; a proposal that does
// not help is rejected; the overlay loads back with --overlay; and a
// second adapt keeps a reviewer's edit as written.
func TestAdaptExampleEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example API several times")
	}
	dir := t.TempDir()
	w, spec := exampleForAdapt(t, dir)
	defect := filepath.Join(dir, "defect.yaml")
	if err := os.WriteFile(defect, []byte(plantedDefect), 0o644); err != nil {
		t.Fatal(err)
	}
	common := []string{"--spec", spec, "--overlay", defect, "--base-url", w.srv.URL, "--cases", w.casesFile,
		"--graph", filepath.Join(dir, "example", "agentready.graph.yaml"), "--nonce", "7"}
	runDir := filepath.Join(dir, "run")
	if code, _, stderr := run(t, append([]string{"test", "--out", runDir}, common...)...); code != exitOK && code != exitGate {
		t.Fatalf("test: code %d\n%s", code, stderr)
	}
	findings := filepath.Join(dir, "fuzz.json")
	code, stdout, stderr := run(t, "fuzz", "--spec", spec, "--overlay", defect, "--base-url", w.srv.URL, "--json")
	if code != exitOK && code != exitGate {
		t.Fatalf("fuzz: code %d\n%s", code, stderr)
	}
	if err := os.WriteFile(findings, []byte(stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	ov := filepath.Join(dir, "agentready.overlay.yaml")
	adaptArgs := append([]string{"adapt", "--run", runDir, "--findings", findings, "--out", ov}, common...)
	code, stdout, stderr = run(t, adaptArgs...)
	if code != exitOK {
		t.Fatalf("adapt: code %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	res, err := adapt.Read(runDir)
	if err != nil || res == nil {
		t.Fatalf("adapt.json: %v", err)
	}
	var enum *adapt.Decision
	rejected := 0
	for i, d := range res.Decisions {
		if d.Action.Kind == adapt.KindEnum && d.Action.Argument == "status" && d.Kept {
			enum = &res.Decisions[i]
		}
		if d.Tried && !d.Kept {
			rejected++
			if d.Own.Gained > d.Own.Lost && d.Others.Lost == 0 {
				t.Errorf("%s was rejected though it helped: %+v", d.Action.Label(), d)
			}
		}
	}
	if enum == nil {
		t.Fatalf("the status enum fuzz learned was not kept:\n%s\n%s", stdout, stderr)
	}
	if enum.Own.After <= enum.Own.Before || enum.Others.Lost != 0 {
		t.Errorf("the kept enum shows no gain: %+v", enum)
	}
	if rejected == 0 && len(res.Dropped) == 0 {
		// A proposal that cannot help is rejected after its trial (a
		// description rewrite of a tool the baseline already picks), or
		// dropped untried (a hint the definitions already show: the
		// chain cases that fail for want of a title filter are missing
		// steps, and their proposal is that hint).
		t.Errorf("no proposal was rejected or dropped:\n%s", stderr)
	}
	text, err := os.ReadFile(ov)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`# listTicketsForUser\S* .*no-error \d+/\d+ -> \d+/\d+.*fixed missing_parameter \(status\)`).Match(text) &&
		!regexp.MustCompile(`# \w+ .*no-error \d+/\d+ -> \d+/\d+.*fixed .*\(status\)`).Match(text) {
		t.Errorf("the kept action's comment lacks its before/after:\n%s", text)
	}
	if !strings.Contains(string(text), "# Tried and not kept") && !strings.Contains(string(text), "# Not tried") {
		t.Errorf("the rejected proposals are not listed:\n%s", text)
	}
	for _, f := range []string{"report.md", "report.html"} {
		b, err := os.ReadFile(filepath.Join(runDir, f))
		if err != nil || !strings.Contains(string(b), "Adapt: before and after") {
			t.Errorf("%s lacks the adapt table (%v)", f, err)
		}
	}

	// The overlay loads back: the tool shows the enum again.
	code, stdout, stderr = run(t, "tools", "--spec", spec, "--overlay", defect, "--overlay", ov, "--json")
	if code != exitOK {
		t.Fatalf("tools --overlay %s: code %d\n%s", ov, code, stderr)
	}
	if !strings.Contains(stdout, `"resolved"`) {
		t.Errorf("the enum is not in the tools after the overlay")
	}

	// A reviewer reorders the enum; adapt keeps it as written and does not
	// propose it again.
	edited := strings.Replace(string(text), "- new\n        - open", "- open\n        - new", 1)
	if edited == string(text) {
		t.Fatalf("the enum is not laid out as expected:\n%s", text)
	}
	if err := os.WriteFile(ov, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = run(t, append(adaptArgs, "--budget", "2")...)
	if code != exitOK {
		t.Fatalf("adapt again: code %d\n%s", code, stderr)
	}
	again, err := os.ReadFile(ov)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(again), "# kept as the reviewer wrote it") || !strings.Contains(string(again), "- open\n        - new") {
		t.Errorf("the reviewer's edit was not kept as written:\n%s", again)
	}
	res, _ = adapt.Read(runDir)
	for _, d := range res.Decisions {
		if d.Action.Target == enum.Action.Target {
			t.Errorf("the reviewed action was proposed again: %+v", d.Action)
		}
		// The first adapt's trial runs are in the run directory; the
		// second replaces them rather than failing on them.
		if strings.HasPrefix(d.Reason, "not decided") {
			t.Errorf("%s: %s", d.Action.Label(), d.Reason)
		}
	}
	var j map[string]any
	if b, _ := os.ReadFile(filepath.Join(runDir, adapt.ResultFile)); json.Unmarshal(b, &j) != nil {
		t.Error("adapt.json is not JSON")
	}
}

// exampleForAdapt starts the example API in the test's process with the
// demo's spec, graph and cases (6 per tool) in dir/example, and returns it
// with the spec's path; the credential is in the environment, as a user's
// would be.
func exampleForAdapt(t *testing.T, dir string) (*example, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	w, err := startExample(ctx, filepath.Join(dir, "example"), 6, 1, false, io.Discard, func(string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.srv.Close() })
	t.Setenv("GLOBEX_BEARER_AUTH", "demo-token")
	return w, filepath.Join(dir, "example", "openapi.yaml")
}

// TestAdaptUsage holds bad flags to clear errors, before anything runs.
func TestAdaptUsage(t *testing.T) {
	dir := t.TempDir()
	ov := filepath.Join(dir, "fixes.yaml")
	if err := os.WriteFile(ov, []byte(plantedDefect), 0o644); err != nil {
		t.Fatal(err)
	}
	runDir := filepath.Join(dir, "run")
	if err := os.MkdirAll(runDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(runDir, "run.json"), []byte(`{"settings":{"k":3}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(runDir, "results.jsonl"), []byte(`{"case":"c1","tool":"getUser","args":{},"labels":[]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := repoFile(t, "specs/exampleapi/openapi.yaml")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--spec", spec}, "--run DIR"},
		{[]string{"--spec", spec, "--run", runDir, "--budget", "0"}, "--budget 0"},
		{[]string{"--spec", spec, "--run", filepath.Join(dir, "none")}, "give a directory agentready test wrote"},
		{[]string{"--spec", spec, "--run", runDir, "--overlay", ov, "--out", ov}, "is the file adapt writes"},
	} {
		code, _, stderr := run(t, append([]string{"adapt"}, tc.args...)...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("adapt %v: code %d, stderr %q; want %q", tc.args, code, stderr, tc.want)
		}
	}
}
