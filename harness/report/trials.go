package report

import (
	"fmt"
	"strings"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/run"
)

// trialMetrics computes the metrics of a run's repeated trials, overall
// and per tool; nil when it ran each case once.
func trialMetrics(info run.Info, recs []run.Record) (*classify.TrialMetric, []classify.TrialMetric) {
	k := info.Settings.Repeat
	if k <= 1 {
		return nil, nil
	}
	outs := make([]classify.Outcome, len(recs))
	for i := range recs {
		outs[i] = recs[i].Outcome()
	}
	all, tools := classify.Trials(outs, k)
	return &all, tools
}

// ciFrac writes a Wilson interval as fractions: "0.41–0.62".
func ciFrac(iv classify.Interval) string { return frac(iv.Low) + "–" + frac(iv.High) }

// ciPct writes a Wilson interval as percentages: "41–62%".
func ciPct(iv classify.Interval) string {
	return strings.TrimSuffix(pct(iv.Low), "%") + "–" + pct(iv.High)
}

// trialsMarkdown is report.md's section on repeated trials.
func (r *Run) trialsMarkdown(b *strings.Builder) {
	v := r.trialsView()
	if v == nil {
		return
	}
	k := v.K
	fmt.Fprintf(b, "\n## Repeated trials (k = %d)\n\n", k)
	fmt.Fprintf(b, "Each case ran %d times. pass@%d: at least one of the %d trials of a case passed; pass^%d: all %d did (as tau-bench reports it); "+
		"both over the cases with %d classified trials. The per-trial pass rate is over every classified trial. "+
		"Intervals are Wilson's at 95%%; the per-trial one takes trials as independent, which those of one case are not.\n\n", k, k, k, k, k, k)
	fmt.Fprintf(b, "| tool | cases | trials | per-trial pass rate | 95%% CI | pass@%d | 95%% CI | pass^%d | 95%% CI |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|\n", k, k)
	for _, row := range v.Rows {
		name := "**all**"
		if row.Tool != "" {
			name = mdCode(row.Tool)
		}
		fmt.Fprintf(b, "| %s | %d | %d | %s | %s | %s | %s | %s | %s |\n", name, row.Cases, row.Trials,
			row.Rate, row.RateCI, row.AtK, row.AtKCI, row.HatK, row.HatKCI)
	}
}

// trialsView is report.html's section on repeated trials.
type trialsView struct {
	K    int
	Rows []trialRow
}

// trialRow is one row of it: the run's (Tool empty) or a tool's.
type trialRow struct {
	Tool                                   string
	Cases, Trials                          int
	Rate, RateCI, AtK, AtKCI, HatK, HatKCI string
}

// trialsView returns the section of a run with repeated trials; nil
// without.
func (r *Run) trialsView() *trialsView {
	if r.Trials == nil {
		return nil
	}
	v := &trialsView{K: r.Trials.K}
	for _, m := range append([]classify.TrialMetric{*r.Trials}, r.ToolTrials...) {
		v.Rows = append(v.Rows, trialRow{Tool: m.Tool, Cases: m.Cases, Trials: m.Trials,
			Rate: pct(m.PassRate), RateCI: ciPct(m.PassRateCI), AtK: pct(m.PassAtK), AtKCI: ciPct(m.PassAtKCI),
			HatK: pct(m.PassHatK), HatKCI: ciPct(m.PassHatKCI)})
	}
	return v
}
