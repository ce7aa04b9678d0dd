package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The findings of a real lint and a real fuzz of the example API, given to
// test, appear in report.md and report.html under the tools of the run,
// each marked with where it came from; report reads them again from the
// run directory, and a file that is not findings is refused.
func TestTestAndReportShowLintAndFuzzFindings(t *testing.T) {
	url, spec, casesFile := exampleCases(t)
	dir := t.TempDir()
	lintFile, fuzzFile := filepath.Join(dir, "lint.json"), filepath.Join(dir, "fuzz.json")
	if code, _, stderr := run(t, "lint", "--spec", spec, "--json", "--out", lintFile, "--fail-on", "none"); code != exitOK {
		t.Fatalf("lint: code %d: %s", code, stderr)
	}
	code, stdout, stderr := run(t, "fuzz", "--spec", spec, "--base-url", url, "--tools", "listUsers,getUser,listTicketsForUser", "--json")
	if code == exitError {
		t.Fatalf("fuzz: %s", stderr)
	}
	if err := os.WriteFile(fuzzFile, []byte(stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	var fuzzed []struct{ Tool, Argument, Kind string }
	if err := json.Unmarshal([]byte(stdout), &fuzzed); err != nil || len(fuzzed) == 0 {
		t.Fatalf("fuzz found nothing to show (%v):\n%s\n%s", err, stdout, stderr)
	}

	runDir := filepath.Join(dir, "run")
	// --allow-mutations runs createUser's cases too (on the test's own
	// server): lint finds its required name undescribed.
	code, stdout, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", runDir,
		"--allow-mutations", "--findings", lintFile+","+fuzzFile)
	if code == exitError {
		t.Fatalf("test: code %d\n%s\n%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(runDir, "findings.json")); err != nil {
		t.Fatalf("the findings were not kept in the run: %v", err)
	}
	check := func(when string) {
		t.Helper()
		md := readText(t, filepath.Join(runDir, "report.md"))
		for _, f := range fuzzed {
			section := toolSection(md, f.Tool)
			if !strings.Contains(section, "**from fuzz** `"+f.Kind+"` on `"+f.Argument+"`") {
				t.Errorf("%s: report.md has no fuzz finding %s on %s.%s under the tool:\n%s", when, f.Kind, f.Tool, f.Argument, section)
			}
		}
		if s := toolSection(md, "createUser"); !strings.Contains(s, "**from lint** `undescribed-required` on `name`") {
			t.Errorf("%s: report.md has no lint finding under createUser:\n%s", when, s)
		}
		if !strings.Contains(md, "tools this run did not test") {
			t.Errorf("%s: the findings about other tools are not counted", when)
		}
		html := readText(t, filepath.Join(runDir, "report.html"))
		if !strings.Contains(html, `<span class="source">from fuzz</span>`) || !strings.Contains(html, `<span class="source">from lint</span>`) {
			t.Errorf("%s: report.html does not mark findings with their source", when)
		}
	}
	check("test --findings")

	// report reads findings.json again; more files add to it.
	if code, _, stderr := run(t, "report", runDir); code != exitOK {
		t.Fatalf("report: %s", stderr)
	}
	check("report")
	if code, _, stderr := run(t, "report", runDir, "--findings", lintFile); code != exitOK || !strings.Contains(stderr, "findings of lint and fuzz") {
		t.Fatalf("report --findings: code %d: %s", code, stderr)
	}
	check("report --findings again")

	// Not findings: a clear error that names the file, before any work.
	code, _, stderr = run(t, "report", runDir, "--findings", casesFile)
	if code != exitError || !strings.Contains(stderr, casesFile) || !strings.Contains(stderr, "lint --json") {
		t.Errorf("cases as findings: code %d: %s", code, stderr)
	}
	code, _, stderr = run(t, "test", "--spec", spec, "--cases", casesFile, "--base-url", url, "--out", filepath.Join(dir, "bad"), "--findings", filepath.Join(dir, "nope.json"))
	if code != exitError || !strings.Contains(stderr, "nope.json") {
		t.Errorf("missing findings file: code %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "bad")); err == nil {
		t.Error("the run started with a missing findings file")
	}
}

// toolSection is the part of report.md under the tool's heading.
func toolSection(md, tool string) string {
	i := strings.Index(md, "### `"+tool+"`\n")
	if i < 0 {
		return ""
	}
	s := md[i+1:]
	if j := strings.Index(s, "\n#"); j >= 0 {
		s = s[:j]
	}
	return s
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
