package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/agentready/agentready/gen/toolrt/dialect"
)

// toolsDialect prints, for `tools --dialect D`, whether the dialect takes
// each tool as it is, after adaptation, or refuses it, with every change
// adaptation made, and a summary line with the counts.
func (e *env) toolsDialect(rows []toolRow, d dialect.Dialect, asJSON bool) int {
	counts := map[dialect.Verdict]int{}
	warnings := 0
	for i := range rows {
		res, err := dialect.Adapt(rows[i].Name, rows[i].Schema, d)
		if err != nil {
			return e.failf("%v", err)
		}
		rows[i].Dialect, rows[i].Schema = res, res.Schema
		counts[res.Verdict]++
		warnings += len(res.Warnings)
	}
	if asJSON {
		return e.printRows(rows)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "TOOL\t%s\tCHANGES\n", d)
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%d\n", r.Name, r.Dialect.Verdict, len(r.Dialect.Warnings))
	}
	if err := tw.Flush(); err != nil {
		return e.failf("%v", err)
	}
	for _, r := range rows {
		if r.Dialect.Verdict == dialect.Refused {
			fmt.Fprintf(e.stdout, "\n%s: refused: %s\n", r.Name, r.Dialect.Reason)
			continue
		}
		if len(r.Dialect.Warnings) == 0 {
			continue
		}
		fmt.Fprintf(e.stdout, "\n%s:\n", r.Name)
		for _, w := range r.Dialect.Warnings {
			at := w.Pointer
			if at == "" {
				at = "(root)"
			}
			fmt.Fprintf(e.stdout, "  %s %s: %s\n", at, w.Keyword, w.Action)
		}
	}
	fmt.Fprintf(e.stdout, "\n%s: %d tools: %d accepted as they are, %d after adaptation, %d refused (%d changes, each listed above)\n",
		d, len(rows), counts[dialect.AsIs], counts[dialect.Adapted], counts[dialect.Refused], warnings)
	return exitOK
}
