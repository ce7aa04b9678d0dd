package cli

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/harness/consistency"
	"github.com/agentready/agentready/harness/report"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// undocumentedDates are two date arguments of the example API's spec
// whose format the planted copy leaves out: the schema's format and the
// example go, the description never said it. The server is unchanged,
// and still takes only RFC 3339 dates.
var undocumentedDates = map[string]string{
	`        - name: purchased_after
          in: query
          description: Only assets purchased after this date.
          schema:
            type: string
            format: date
          example: '2025-01-01'
`: `        - name: purchased_after
          in: query
          description: Only assets purchased after this date.
          schema:
            type: string
`,
	`        - name: created_after
          in: query
          description: Only tickets created after this time.
          schema:
            type: string
            format: date-time
          example: '2026-03-01T00:00:00Z'
`: `        - name: created_after
          in: query
          description: Only tickets created after this time.
          schema:
            type: string
`,
}

// TestConsistencyFindsUndocumentedDates runs the check on the demo's
// cases against the example API, on its spec and on a copy with the
// date formats left out: the copy's dates, said as people say them,
// give different calls and answers, and are found; the spec's are not.
func TestConsistencyFindsUndocumentedDates(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the example API's read-only cases three times over")
	}
	dir := t.TempDir()
	w, err := startExample(context.Background(), filepath.Join(dir, "example"), 0, 1, false, io.Discard, func(string, ...any) {})
	if err != nil {
		t.Fatal(err)
	}
	defer w.srv.Close()
	t.Setenv("GLOBEX_BEARER_AUTH", server.DefaultAdminToken)
	spec, err := os.ReadFile(filepath.Join(dir, "example", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	planted := string(spec)
	for from, to := range undocumentedDates {
		if strings.Count(planted, from) != 1 {
			t.Fatalf("the example spec no longer declares\n%s", from)
		}
		planted = strings.Replace(planted, from, to, 1)
	}
	plantedFile := filepath.Join(dir, "planted.yaml")
	if err := os.WriteFile(plantedFile, []byte(planted), 0o644); err != nil {
		t.Fatal(err)
	}
	check := func(spec, out string) []finding.Finding {
		code, stdout, stderr := run(t, "consistency", "--spec", spec, "--cases", w.casesFile, "--base-url", w.srv.URL,
			"--only", "date-format", "--parallel", "2", "--out", out)
		if code != exitOK && code != exitGate {
			t.Fatalf("code %d\nstdout %s\nstderr %s", code, stdout, stderr)
		}
		s, err := consistency.Read(out)
		if err != nil || s == nil {
			t.Fatalf("%s: %v", consistency.File, err)
		}
		t.Logf("%s: %d cases, %d variants, %d differing calls, %d dismissed, %d findings", filepath.Base(spec), s.Cases, s.Variants, s.Differing, s.Differing-s.Reported, len(s.Findings))
		if s.Variants == 0 {
			t.Fatalf("no date said otherwise\n%s", stdout)
		}
		return s.Findings
	}
	dated := func(fs []finding.Finding) map[string]bool {
		out := map[string]bool{}
		for _, f := range fs {
			if f.Source != finding.Consistency || f.Fix == "" || f.Evidence == "" {
				t.Errorf("finding without its source, fix or evidence: %+v", f)
			}
			out[f.Subject()] = true
			t.Logf("%s %s: %s", f.Subject(), f.Kind, f.Fix)
		}
		return out
	}
	clean := dated(check(filepath.Join(dir, "example", "openapi.yaml"), filepath.Join(dir, "clean")))
	found := dated(check(plantedFile, filepath.Join(dir, "planted")))
	for _, subject := range []string{"listAssets.purchased_after", "listTickets.created_after"} {
		if clean[subject] {
			t.Errorf("%s is flagged on the unmodified spec", subject)
		}
	}
	if !found["listAssets.purchased_after"] && !found["listTickets.created_after"] {
		t.Errorf("neither undocumented date was found: %v", found)
	}
	// The findings reach the report's recommendations, marked as the
	// check's.
	b, err := os.ReadFile(filepath.Join(dir, "planted", report.FindingsFile))
	if err != nil {
		t.Fatal(err)
	}
	var saved []finding.Finding
	if err := json.Unmarshal(b, &saved); err != nil || len(saved) == 0 || saved[0].Source != finding.Consistency {
		t.Fatalf("%s: %v %+v", report.FindingsFile, err, saved)
	}
}

func TestConsistencyUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--example", "--only", "synonyms"}, "no kind of phrasing \"synonyms\""},
		{[]string{"--example", "--per-case", "0"}, "--per-case 0"},
		{[]string{"--example", "--limit", "-1"}, "--limit -1"},
		{[]string{"--example", "--repeat", "3"}, "--repeat 3"},
		{[]string{"--example", "--spec", "x.yaml"}, "--example and --spec"},
	} {
		code, _, stderr := run(t, append([]string{"consistency", "--example-dir", t.TempDir()}, tc.args...)...)
		if code != exitUsage || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: code %d, stderr %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
}
