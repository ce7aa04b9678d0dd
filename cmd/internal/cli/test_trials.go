package cli

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/report"
)

// ciText writes the Wilson 95% interval of k in n as "0.41-0.62".
func ciText(k, n int) string { return intervalText(classify.Wilson(k, n)) }

func intervalText(iv classify.Interval) string { return fmt.Sprintf("%.2f-%.2f", iv.Low, iv.High) }

// printTrials prints the repeated trials of a run, overall and per tool:
// pass@k, pass^k and the per-trial pass rate, each with its Wilson 95%
// interval. Nothing when each case ran once.
func printTrials(w io.Writer, r *report.Run) {
	all := r.Trials
	if all == nil {
		return
	}
	k := all.K
	fmt.Fprintf(w, "\nrepeated trials (k = %d): pass@%d %.2f (95%% CI %s), pass^%d %.2f (95%% CI %s), per-trial pass rate %.2f (95%% CI %s) over %d cases\n",
		k, k, all.PassAtK, intervalText(all.PassAtKCI), k, all.PassHatK, intervalText(all.PassHatKCI), all.PassRate, intervalText(all.PassRateCI), all.Cases)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "TOOL\tCASES\tPASS@%d\t95%% CI\tPASS^%d\t95%% CI\tPER TRIAL\t95%% CI\n", k, k)
	for _, m := range r.ToolTrials {
		fmt.Fprintf(tw, "%s\t%d\t%.2f\t%s\t%.2f\t%s\t%.2f\t%s\n", m.Tool, m.Cases, m.PassAtK, intervalText(m.PassAtKCI),
			m.PassHatK, intervalText(m.PassHatKCI), m.PassRate, intervalText(m.PassRateCI))
	}
	tw.Flush()
}
