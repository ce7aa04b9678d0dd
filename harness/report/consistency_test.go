package report_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/consistency"
	"github.com/agentready/agentready/harness/report"
)

// TestConsistencySection: a run with consistency.json shows the check's
// counts and a row per kind of phrasing in both reports; one without
// shows no section.
func TestConsistencySection(t *testing.T) {
	dir := copyRun(t, "new")
	s := &consistency.Summary{Oracle: "schema", Cases: 7, Variants: 12, SameCall: 9, Differing: 3, Reported: 1,
		Dismissed: map[string]int{consistency.SameOutput: 2},
		Kinds:     []consistency.KindCount{{Kind: consistency.DateFormat, Variants: 5, Differing: 3, Reported: 1}}}
	if err := consistency.Write(dir, s); err != nil {
		t.Fatal(err)
	}
	r := writeAll(t, dir)
	if r.Consistency == nil || r.Consistency.Reported != 1 {
		t.Fatalf("Load read %+v", r.Consistency)
	}
	md, _ := os.ReadFile(filepath.Join(dir, report.MarkdownFile))
	html, _ := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	for name, page := range map[string]string{"report.md": string(md), "report.html": string(html)} {
		for _, want := range []string{"Consistency", "12 phrasings compared", "same output 2", "date-format"} {
			if !strings.Contains(page, want) {
				t.Errorf("%s lacks %q", name, want)
			}
		}
	}
	plain := writeAll(t, copyRun(t, "new"))
	if plain.Consistency != nil {
		t.Errorf("a run without the check has %+v", plain.Consistency)
	}
}
