package graph

import (
	"os"
	"testing"
)

// The goals the inference must meet on the labelled sets, without a
// model, at the level of (producer, consumer, input) triples.
const (
	goalPrecision = 0.9
	goalRecall    = 0.8
)

// labelSets are the labelled slices in testdata/labels. Spotify is held
// out: it was labelled from the spec after the rules were final and is
// measured, not tuned on; only its precision is held to the goal (see
// testdata/labels/README.md for why its recall falls short).
var labelSets = []struct {
	name    string
	heldOut bool
}{
	{"exampleapi", false},
	{"kubernetes-core", false},
	{"github-issues", false},
	{"jira-issues", false},
	{"asana-tasks", false},
	{"spotify-music", true},
}

// TestLabelledSets measures inference against the links labelled by hand
// in testdata/labels, beside the naive matcher that links every response
// field named like the last word of an input.
func TestLabelledSets(t *testing.T) {
	for _, set := range labelSets {
		t.Run(set.name, func(t *testing.T) {
			ls := readLabels(t, set.name)
			api := loadAPI(t, specPath(t, ls.Spec), ls.Operations)
			want := ls.triples()
			for tr := range want {
				if api.Operation(tr.from) == nil || api.Operation(tr.to) == nil {
					t.Errorf("label %s: unknown tool", tr)
				}
			}
			s := compare(graphTriples(Infer(api, Options{})), want)
			all := compare(graphTriples(Infer(api, Options{MaxProducers: -1})), want)
			base := compare(lastWordBaseline(api), want)
			t.Logf("%-16s %3d ops %3d labelled: precision %.2f recall %.2f (tp %d fp %d fn %d), inputs covered %.2f; uncapped recall %.2f; last-word baseline precision %.2f recall %.2f",
				set.name, len(api.Operations), len(want), s.precision(), s.recall(), s.tp, s.fp, s.fn,
				coverage(graphTriples(Infer(api, Options{})), want), all.recall(), base.precision(), base.recall())
			if os.Getenv("AGENTREADY_GRAPH_DIFF") != "" {
				for _, tr := range s.extra {
					t.Logf("  not labelled: %s", tr)
				}
				for _, tr := range s.missed {
					t.Logf("  missed:       %s", tr)
				}
			}
			if s.precision() < goalPrecision {
				t.Errorf("%s: precision %.2f, want at least %.2f", set.name, s.precision(), goalPrecision)
			}
			if !set.heldOut && s.recall() < goalRecall {
				t.Errorf("%s: recall %.2f, want at least %.2f", set.name, s.recall(), goalRecall)
			}
		})
	}
}

// coverage is the fraction of labelled (consumer, input) pairs that get
// at least one right producer: what test generation needs.
func coverage(got, want map[triple]bool) float64 {
	inputs := map[[2]string]bool{}
	for tr := range want {
		inputs[[2]string{tr.to, tr.input}] = inputs[[2]string{tr.to, tr.input}] || got[tr]
	}
	n := 0
	for _, ok := range inputs {
		if ok {
			n++
		}
	}
	if len(inputs) == 0 {
		return 1
	}
	return float64(n) / float64(len(inputs))
}
