package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	runner "github.com/agentready/agentready/harness/run"
)

// Two shards run with test --shard and merged with report --merge give
// one complete run with every case, reported as any other run.
func TestShardsAndMergeCommands(t *testing.T) {
	url, spec, casesFile := exampleCases(t)
	runs := t.TempDir()
	args := []string{"test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--k", "2", "--nonce", "42"}
	whole := filepath.Join(runs, "whole")
	if code, stdout, stderr := run(t, append(args, "--out", whole)...); code != exitOK {
		t.Fatalf("whole run: code %d\n%s\n%s", code, stdout, stderr)
	}
	var shards []string
	for _, s := range []string{"1/2", "2/2"} {
		d := filepath.Join(runs, "shard-"+s[:1])
		code, stdout, stderr := run(t, append(args, "--shard", s, "--out", d)...)
		if code != exitOK || strings.Contains(stdout+stderr, "incomplete") {
			t.Fatalf("shard %s: code %d\n%s\n%s", s, code, stdout, stderr)
		}
		shards = append(shards, d)
	}
	merged := filepath.Join(runs, "merged")
	code, stdout, stderr := run(t, append([]string{"report", "--merge", "--out", merged}, shards...)...)
	if code != exitOK || !strings.Contains(stdout, "merged 2 shard runs") || !strings.Contains(stdout, "0 not run") {
		t.Fatalf("report --merge: code %d\n%s\n%s", code, stdout, stderr)
	}
	got, err := runner.ReadResults(filepath.Join(merged, runner.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	want, err := runner.ReadResults(filepath.Join(whole, runner.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	status := func(recs []runner.Record) map[string]string {
		out := map[string]string{}
		for i := range recs {
			out[recs[i].Case] = string(recs[i].Status())
		}
		return out
	}
	if g, w := status(got), status(want); len(g) != len(w) || len(g) == 0 {
		t.Errorf("merged %d cases, the whole run %d", len(g), len(w))
	} else {
		for id, s := range w {
			if g[id] != s {
				t.Errorf("%s: %s merged, %s whole", id, g[id], s)
			}
		}
	}
	if code, _, stderr := run(t, "report", "--against", whole, merged); code != exitOK {
		t.Errorf("the merged run against the whole one: code %d\n%s", code, stderr)
	}

	for _, bad := range [][]string{
		append(append([]string(nil), args...), "--shard", "3/2", "--out", filepath.Join(runs, "bad")),
		{"report", "--merge", shards[0]},
		{"report", "--out", merged, whole},
	} {
		if code, _, stderr := run(t, bad...); code != exitUsage {
			t.Errorf("%v: code %d, want %d\n%s", bad, code, exitUsage, stderr)
		}
	}
	if code, _, stderr := run(t, "report", "--merge", "--out", filepath.Join(runs, "half"), shards[0]); code != exitError || !strings.Contains(stderr, "shards 2 of 2 are missing") {
		t.Errorf("merging one of two shards: code %d\n%s", code, stderr)
	}
}

// --max-tokens stops the run cleanly with the command that continues it;
// prices: in the config give the run's cost in the summary and report.md.
func TestBudgetAndCostCommands(t *testing.T) {
	url, spec, casesFile := exampleCases(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "agentready.yaml")
	if err := os.WriteFile(cfg, []byte("spec: "+spec+"\nout: ./tools\nprices:\n  baseline: {input: 2.5, output: 10}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "run")
	args := []string{"test", "--config", cfg, "--cases", casesFile, "--base-url", url, "--k", "2", "--parallel", "1"}
	code, stdout, stderr := run(t, append(args, "--out", out, "--max-tokens", "1")...)
	if code != exitError || !strings.Contains(stderr, "stopped at the run's budget") || !strings.Contains(stderr, "--resume --out") {
		t.Fatalf("--max-tokens 1: code %d\n%s\n%s", code, stdout, stderr)
	}
	code, stdout, stderr = run(t, append(args, "--out", out, "--resume")...)
	if code != exitOK || !strings.Contains(stdout, "model usage: ") || !strings.Contains(stdout, "; cost $") {
		t.Fatalf("resume: code %d\n%s\n%s", code, stdout, stderr)
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil || !strings.Contains(string(md), "## Model usage") || !strings.Contains(string(md), "cost per case") {
		t.Errorf("report.md has no costs (%v)", err)
	}
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(dir, "c"), "--max-cost", "1")
	if code != exitUsage || !strings.Contains(stderr, "prices:") {
		t.Errorf("--max-cost without a price: code %d\n%s", code, stderr)
	}
}
