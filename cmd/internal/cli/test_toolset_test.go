package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	runner "github.com/agentready/agentready/harness/run"
)

// test --toolset dynamic runs the agent through the meta-tools, records
// the toolset, and report --against sets both runs' input tokens per turn
// side by side.
func TestTestToolsetDynamic(t *testing.T) {
	url, spec, casesFile := exampleCases(t)
	runs := t.TempDir()
	static, dynamic := filepath.Join(runs, "static"), filepath.Join(runs, "dynamic")
	for _, r := range []struct{ dir, toolset string }{{static, "static"}, {dynamic, "dynamic"}} {
		code, stdout, stderr := run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", r.dir, "--toolset", r.toolset)
		if code != exitOK && code != exitGate {
			t.Fatalf("--toolset %s: code %d\n%s\n%s", r.toolset, code, stdout, stderr)
		}
		info, err := runner.ReadInfo(r.dir)
		if err != nil || info.Settings.Toolset != r.toolset {
			t.Errorf("run.json of --toolset %s: %+v, %v", r.toolset, info, err)
		}
	}
	results, err := os.ReadFile(filepath.Join(dynamic, "results.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var through int
	for _, line := range strings.Split(strings.TrimSpace(string(results)), "\n") {
		var rec runner.Record
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatal(err)
		}
		if rec.Agent == nil {
			continue
		}
		if strings.Join(rec.Agent.Tools, ",") != "search_tools,describe_tool,call_tool" {
			t.Errorf("%s: the agent was offered %v", rec.Case, rec.Agent.Tools)
		}
		for _, c := range rec.Agent.Calls {
			if c.Via == "call_tool" && c.Tool == rec.Tool {
				through++
			}
		}
	}
	if through == 0 {
		t.Errorf("no case's tool was called through call_tool:\n%s", results)
	}
	if md, _ := os.ReadFile(filepath.Join(dynamic, "report.md")); !strings.Contains(string(md), "**Input tokens per turn:**") || !strings.Contains(string(md), "toolset dynamic") {
		t.Errorf("report.md of the dynamic run:\n%s", md)
	}

	code, _, stderr := run(t, "report", "--against", static, dynamic)
	if code != exitError || !strings.Contains(stderr, `toolset: "static" vs "dynamic"`) {
		t.Errorf("two toolsets compared without --allow-different: code %d: %s", code, stderr)
	}
	code, stdout, stderr := run(t, "report", "--against", static, dynamic, "--allow-different", "--fail-on-regression=false")
	if code != exitOK || !strings.Contains(stdout, "input tokens per turn") || !strings.Contains(stdout, "(toolset static -> dynamic)") {
		t.Errorf("report --against: code %d\n%s\n%s", code, stdout, stderr)
	}

	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(runs, "bad"), "--toolset", "lazy")
	if code != exitError || !strings.Contains(stderr, `--toolset "lazy"`) {
		t.Errorf("--toolset lazy: code %d: %s", code, stderr)
	}
}
