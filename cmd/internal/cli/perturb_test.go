package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/perturb"
)

// TestPerturbExample runs the study end to end against the example API
// with a few cases: all 15 perturbations, each beside the unperturbed
// run, into perturb.json and the report.
func TestPerturbExample(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example API 16 times")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "study")
	code, stdout, stderr := run(t, "perturb", "--example", "--example-dir", filepath.Join(dir, "example"), "--per-tool", "1",
		"--parallel", "2", "--out", out)
	if code != exitOK {
		t.Fatalf("code %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	s, err := perturb.Read(out)
	if err != nil || s == nil {
		t.Fatalf("perturb.json: %v", err)
	}
	if len(s.Rows) != 15 {
		t.Fatalf("%d rows, want 15", len(s.Rows))
	}
	if s.Base.Cases < 20 {
		t.Fatalf("the unperturbed run classified %d cases", s.Base.Cases)
	}
	rows := map[string]perturb.Row{}
	for _, r := range s.Rows {
		rows[r.Code] = r
		if r.Cases < s.Base.Cases*3/4 {
			t.Errorf("%s: %d paired cases of %d", r.Code, r.Cases, s.Base.Cases)
		}
		if !strings.Contains(stdout, r.Code+" "+r.Name) {
			t.Errorf("the table lacks %s", r.Code)
		}
		if _, err := os.Stat(filepath.Join(out, r.Dir, "results.jsonl")); err != nil {
			t.Errorf("%s: %v", r.Code, err)
		}
	}
	// Wrong types and a request missing its first value break the
	// baseline's calls; an API whose keys are snake_case already reads
	// the same under UK.
	for _, code := range []string{"WT", "RP_F"} {
		if rows[code].Drop <= 0.1 {
			t.Errorf("%s: drop %.2f, want a clear drop", code, rows[code].Drop)
		}
	}
	if r := rows["UK"]; r.Broke != 0 {
		t.Errorf("UK broke %d cases of an API whose keys are snake_case already", r.Broke)
	}
	if r := rows["RP_F"]; r.Changed == nil || *r.Changed == 0 {
		t.Errorf("RP_F changed no request: %+v", r.Changed)
	}
	for _, f := range []string{"report.md", "report.html"} {
		b, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"Perturbations", "RP_F", "wrong type"} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s lacks %q", f, want)
			}
		}
	}
}

// TestPerturbUsage holds bad flags to clear errors, before anything runs.
func TestPerturbUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--example", "--only", "RD,XX"}, `no perturbation "XX": use some of RD, RE`},
		{[]string{"--example", "--spec", "x.yaml"}, "--example and --spec"},
		{[]string{"--example", "--repeat", "2"}, "--repeat 2"},
	} {
		code, _, stderr := run(t, append([]string{"perturb"}, tc.args...)...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: code %d, stderr %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
}
