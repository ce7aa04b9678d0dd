package cli

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/agentready/agentready/harness/report"
	runner "github.com/agentready/agentready/harness/run"
)

const reportSynopsis = `[flags] RUN_DIR
       agentready report --against OLD_RUN_DIR NEW_RUN_DIR [--fail-on-regression=false]
       agentready report --merge --out RUN_DIR SHARD_RUN_DIR...

Writes report.html (self-contained: charts, recommendations, a drill-down from
tool to case to trace), report.md (for PR comments) and junit.xml (one
testsuite per tool, one testcase per case) into RUN_DIR (runs/ID).

With --against, compares NEW_RUN_DIR with OLD_RUN_DIR instead: pass rate per
tool, cases that passed before and fail now (and the reverse), rate per
class and the no-error fraction; prints a summary, writes comparison.md into
NEW_RUN_DIR, and exits 1 when something regressed (a case that passed now
fails, a tool's pass rate or the no-error fraction fell), so CI can gate on
it.

With --merge, combines the runs of the shards of one suite (test --shard
i/n, the same cases, model and settings; every shard once) into the new run
directory --out, as if the suite had run there at once, and writes its
reports.

Exit codes: 0 done; 1 a regression (with --fail-on-regression); 2 an error
or bad usage.`

// runReport is `agentready report`.
func runReport(e *env, args []string) int {
	fs := newFlags(e, "report", reportSynopsis)
	against := fs.String("against", "", "compare with this older run directory instead of writing the reports")
	failOnRegression := fs.Bool("fail-on-regression", true, "with --against: exit 1 when the new run regressed")
	merge := fs.Bool("merge", false, "combine the shard runs given (test --shard i/n) into the run directory --out, then report on it")
	mergeOut := fs.String("out", "", "with --merge: the run directory to write (new, or without results)")
	var gate gateFlags
	gate.register(fs)
	var junit junitFlag
	junit.register(fs)
	var ff findingsFlag
	ff.register(fs)
	pos, code, ok := reportArgs(fs, args)
	if !ok {
		return code
	}
	if err := gate.check(); err != nil {
		return e.usagef("report", "%v", err)
	}
	if err := junit.check(); err != nil {
		return e.usagef("report", "%v", err)
	}
	found, err := ff.read()
	if err != nil {
		return e.failf("--findings: %v", err)
	}
	if *against != "" && len(found) > 0 {
		return e.usagef("report", "--findings and --against: give the findings to the report of one run")
	}
	if *merge {
		if *against != "" {
			return e.usagef("report", "--merge and --against: one or the other (merge first, then compare the merged run)")
		}
		if *mergeOut == "" || len(pos) == 0 {
			return e.usagef("report", "--merge needs --out RUN_DIR and the shard run directories")
		}
		info, notes, err := runner.Merge(*mergeOut, pos)
		if err != nil {
			return e.failf("%v", err)
		}
		for _, n := range notes {
			fmt.Fprintf(e.stderr, "agentready report: note: %s\n", n)
		}
		fmt.Fprintf(e.stdout, "merged %d shard runs into %s (%d cases)\n", len(pos), *mergeOut, info.Cases.Count)
		pos = []string{*mergeOut}
	} else if *mergeOut != "" {
		return e.usagef("report", "--out is for --merge; a report is written into its run directory")
	}
	if len(pos) != 1 {
		if len(pos) == 0 {
			fmt.Fprintln(e.stderr, "agentready report: give a run directory (runs/ID)")
		} else {
			fmt.Fprintf(e.stderr, "agentready report: give one run directory, not %d: %s\n", len(pos), strings.Join(pos, " "))
		}
		fs.Usage()
		return exitUsage
	}
	dir := pos[0]
	if *against != "" {
		return reportCompare(e, *against, dir, *failOnRegression, gate)
	}
	r, err := report.Load(dir)
	if err != nil {
		return e.failf("%v", err)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(e.stderr, "agentready report: note: %s\n", n)
	}
	if len(found) > 0 {
		if r.Findings, ok = e.saveFindings(dir, found); !ok {
			return exitError
		}
	}
	if err := report.WriteWith(dir, r, report.WriteOptions{JUnit: junit.mode}); err != nil {
		return e.failf("%v", err)
	}
	m := r.Metrics
	fmt.Fprintf(e.stdout, "wrote %s, %s and %s\n", filepath.Join(dir, report.HTMLFile), filepath.Join(dir, report.MarkdownFile), filepath.Join(dir, report.JUnitFile))
	skipped := ""
	if m.Skipped > 0 {
		skipped = fmt.Sprintf(" (and %d skipped)", m.Skipped)
	}
	fmt.Fprintf(e.stdout, "%d cases%s, no-error fraction %.2f (%d without error)\n", m.Cases, skipped, m.NoErrorRate, m.NoError)
	notRun := max(0, r.Info.Expected()-len(r.Records))
	fmt.Fprintf(e.stdout, "cases: %d passed, %d passed after recovery, %d failed; %d invalid, %d skipped, %d not run\n",
		m.NoError, m.Recovered, m.Cases-m.NoError-m.Recovered, m.Invalid, m.Skipped, notRun)
	var bands []string
	for _, b := range m.Bands {
		bands = append(bands, fmt.Sprintf("%d in %s%%", b.Tools, b.Band))
	}
	fmt.Fprintf(e.stdout, "tools by pass rate: %s\n", strings.Join(bands, ", "))
	return exitOK
}

// reportCompare compares two runs and writes comparison.md in the new one.
func reportCompare(e *env, oldDir, newDir string, failOnRegression bool, gate gateFlags) int {
	old, err := report.Load(oldDir)
	if err != nil {
		return e.failf("%v", err)
	}
	cur, err := report.Load(newDir)
	if err != nil {
		return e.failf("%v", err)
	}
	if old.Incomplete() && !gate.allowIncomplete {
		return e.failf("%s recorded %d of its %d cases: finish it with --resume, or pass --allow-incomplete", oldDir, len(old.Records), old.Info.Expected())
	}
	if d := runner.Differences(old.Info, cur.Info); len(d) > 0 && !gate.allowDifferent {
		return e.failf("%s and %s are not comparable case by case (%s): pass --allow-different to compare them anyway", oldDir, newDir, strings.Join(d, "; "))
	}
	c := report.CompareWith(old, cur, gate.options())
	fmt.Fprint(e.stdout, c.Summary())
	path := filepath.Join(newDir, report.ComparisonFile)
	if err := report.WriteComparison(newDir, c); err != nil {
		return e.failf("%v", err)
	}
	fmt.Fprintf(e.stdout, "wrote %s\n", path)
	if c.Regressed() && failOnRegression {
		fmt.Fprintln(e.stderr, "agentready report: the new run regressed (--fail-on-regression=false to exit 0 anyway)")
		return exitGate
	}
	return exitOK
}

// reportArgs parses flags given before, between or after the run
// directories, and returns the directories.
func reportArgs(fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var pos []string
	for {
		if code, ok := parseFlags(fs, args); !ok {
			return nil, code, false
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, 0, true
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), 0, true
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
