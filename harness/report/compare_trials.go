package report

import (
	"sort"

	"github.com/agentready/agentready/harness/run"
)

// caseTally is how a case's trials went in one run: once each, unless
// the run repeated its cases (run.Options.Repeat).
type caseTally struct {
	tool string
	// trials counts the classified trials, passed those without any error
	// (statusPass), the only passes the significance test counts.
	trials, passed int
	// removed is set when the case's tool is not in the run's API.
	removed bool
	// shown is the trial a list of changed cases shows: its first failing
	// classified trial, else its first classified one, else its first.
	shown *run.Record
}

// tallies returns the case tallies of a run, by case ID.
func tallies(r *Run) map[string]*caseTally {
	out := map[string]*caseTally{}
	for i := range r.Records {
		rec := &r.Records[i]
		t := out[rec.Case]
		if t == nil {
			t = &caseTally{tool: rec.Tool, shown: rec}
			out[rec.Case] = t
		}
		if rec.Skipped == run.SkipNoTool {
			t.removed = true
		}
		if !classified(rec) {
			continue
		}
		if t.trials == 0 || statusOf(t.shown) != statusFail && statusOf(rec) == statusFail {
			t.shown = rec
		}
		t.trials++
		if statusOf(rec) == statusPass {
			t.passed++
		}
	}
	return out
}

// moved says how a case's pass rate moved from o to n: -1 down (the case
// is lost), +1 up (gained), 0 unchanged or not paired (unclassified in
// either run). Once-run cases move when they pass in one run and not in
// the other; repeated ones when the fraction of their trials that pass
// does: each case is one pair whatever its trials, so McNemar's exact
// test on the counts is the sign test on the cases' rates, and trials of
// one case, which are not independent, are not counted as if they were.
func (o *caseTally) moved(n *caseTally) int {
	if o == nil || n == nil || o.trials == 0 || n.trials == 0 {
		return 0
	}
	was, now := o.passed*n.trials, n.passed*o.trials // the rates, over a common denominator
	switch {
	case now < was:
		return -1
	case now > was:
		return 1
	}
	return 0
}

// sortedCases returns the case IDs of either tally map, sorted.
func sortedCases(a, b map[string]*caseTally) []string {
	var ids []string
	for id := range a {
		ids = append(ids, id)
	}
	for id := range b {
		if a[id] == nil {
			ids = append(ids, id)
		}
	}
	sort.Strings(ids)
	return ids
}
