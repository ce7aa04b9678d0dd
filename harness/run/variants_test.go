package run_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// TestVariants runs each case's agent leg again under two variants, on
// the case's one direct leg: one rewrites the answers the model reads,
// the other says the request lacks an argument it gives.
func TestVariants(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	scs := exampleScenarios()[:2]
	m := scriptedModel(slices.Concat(scs, scs, scs), nil)
	dir := t.TempDir()
	upper := filepath.Join(dir, "upper")
	unsaid := filepath.Join(dir, "unsaid")
	main := runScenarios(t, filepath.Join(dir, "main"), scs, run.Options{Catalog: cat, Model: m, ModelInfo: m.Info(),
		Variants: []run.Variant{
			{Name: "UP", Dir: upper, Returned: func(_, text string) string { return strings.ToUpper(text) }},
			{Name: "UNSAID", Dir: unsaid, Request: func(c *cases.Case, text string) (string, []string) { return text, []string{"q"} }},
		}})
	read := func(dir string) map[string]run.Record {
		recs, err := run.ReadResults(filepath.Join(dir, run.ResultsFile))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]run.Record{}
		for _, r := range recs {
			out[r.Case] = r
		}
		return out
	}
	ups, uns := read(upper), read(unsaid)
	rewritten := 0
	for _, r := range main {
		up, ok := ups[r.Case]
		if !ok || up.Direct == nil || r.Direct == nil || up.Direct.Text != r.Direct.Text || up.Direct.LatencyMS != r.Direct.LatencyMS {
			t.Fatalf("%s: the variant's direct leg is not the run's: %+v", r.Case, up.Direct)
		}
		for i, c := range r.Agent.Calls {
			if c.UnknownTool {
				continue // the runtime's answer, not a tool's
			}
			if c.Text == strings.ToUpper(c.Text) || up.Agent.Calls[i].Text != strings.ToUpper(c.Text) {
				t.Errorf("%s: the run read %q, the variant %q", r.Case, c.Text, up.Agent.Calls[i].Text)
			}
			rewritten++
		}
	}
	if rewritten == 0 {
		t.Error("no tool answer was rewritten")
	}
	// The clean case called listUsers with q, which the variant's request
	// does not say: a guess, not a value asked for.
	got := uns["listUsers/clean"]
	if len(got.Labels) != 1 || got.Labels[0].Class != classify.GuessedInsteadOfAsking {
		t.Errorf("UNSAID labels %v, want guessed instead of asking", labelText(got.Labels))
	}
	info, err := run.ReadInfo(upper)
	if err != nil || info.Settings.Perturbation != "UP" {
		t.Errorf("the variant's run.json: %+v, %v", info, err)
	}
}
