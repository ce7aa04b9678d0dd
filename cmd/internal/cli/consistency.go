package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/agentready/agentready/harness/consistency"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/report"
)

// runConsistency runs each case as it is and with its values said in
// synonymous ways, and reports the pairs whose calls and outputs differ
// although the oracle says they should not.
func runConsistency(e *env, args []string) int {
	fs := newFlags(e, "consistency", "[--config agentready.yaml | --spec FILE] --cases FILE --base-url URL | --example [--model M] [--per-case N] [--limit N] [--json] [--out runs/ID] [flags]")
	var rf runFlags
	rf.register(fs)
	ts := &rf.settings
	perCase := fs.Int("per-case", consistency.DefaultPerCase, "synonymous phrasings run per case at most")
	limit := fs.Int("limit", 0, "run only the first N cases (0: all)")
	var only listFlag
	fs.Var(&only, "only", "the kinds of phrasing to run, comma-separated (default all: "+strings.Join(consistency.Kinds(), ",")+")")
	asJSON := fs.Bool("json", false, "print the findings as one JSON array (the summary goes to stderr)")
	var ex studyExample
	ex.register(fs, "agentready-consistency")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return e.usagef("consistency", "unexpected argument %q", fs.Arg(0))
	}
	if err := ts.check(); err != nil {
		return e.usagef("consistency", "%v", err)
	}
	switch {
	case ts.replay != "":
		return e.usagef("consistency", "--replay: a check is many runs, each with its own recording; replay one with agentready test")
	case ts.repeat != 1:
		return e.usagef("consistency", "--repeat %d: the check runs each phrasing once; leave --repeat out", ts.repeat)
	case *perCase < 1:
		return e.usagef("consistency", "--per-case %d: give 1 or more", *perCase)
	case *limit < 0:
		return e.usagef("consistency", "--limit %d: give 0 (all cases) or more", *limit)
	}
	kinds, err := consistency.SelectKinds(only)
	if err != nil {
		return e.usagef("consistency", "--only: %v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	job, closeJob, code := e.studyJob(ctx, "consistency", fs, &rf, ex, start, false)
	if job == nil {
		return code
	}
	defer closeJob()
	if *limit > 0 && len(job.cases) > *limit {
		job.cases = job.cases[:*limit]
	}
	if job.settings.out == "" {
		job.settings.out = filepath.Join("runs", "consistency-"+time.Now().UTC().Format("2006-01-02T150405"))
	}
	prep, err := job.prepare(ctx, nil)
	if err != nil {
		return e.failf("%v", err)
	}
	if err := prep.preflight(ctx); err != nil {
		return e.failf("%v", err)
	}
	o := consistency.Options{Run: prep.opts, Seed: ts.seed, PerCase: *perCase, Kinds: kinds, Progress: e.stderr}
	if k := prep.info.Kind; k != models.KindBaseline && k != models.KindScripted {
		o.Judge = consistency.NewLLMJudge(prep.opts.Model, prep.info.Name)
	}
	dir := prep.opts.Dir
	out := e.stdout
	if *asJSON {
		out = e.stderr
	}
	fmt.Fprintf(out, "running %d cases as they are and with their values said otherwise (model %s) in %s\n", len(job.cases), prep.info.Name, dir)
	sum, err := consistency.Check(ctx, job.cases, o)
	if err != nil {
		if ctx.Err() != nil {
			return e.failf("interrupted: the runs finished so far are in %s; continue with --resume --out %s", dir, dir)
		}
		return e.failf("%v", err)
	}
	if _, ok := e.saveFindings(dir, sum.Findings); !ok {
		return exitError
	}
	r, err := report.Load(dir)
	if err != nil {
		return e.failf("report: %v", err)
	}
	if err := report.WriteWith(dir, r, report.WriteOptions{JUnit: report.JUnitTools}); err != nil {
		return e.failf("report: %v", err)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(sum.Findings); err != nil {
			return e.failf("%v", err)
		}
	} else {
		printConsistency(e, sum)
	}
	fmt.Fprintf(out, "\nrecorded in %s (%s; one run per phrasing slot in %s/); report: %s; took %.1fs\n",
		dir, consistency.File, filepath.Join(dir, consistency.Subdir), filepath.Join(dir, "report.html"), time.Since(start).Seconds())
	if len(sum.Findings) > 0 {
		return exitGate
	}
	return exitOK
}

// printConsistency prints the check's counts and its findings.
func printConsistency(e *env, s *consistency.Summary) {
	fmt.Fprintf(e.stdout, "\ncases %d, variants compared %d (not compared %d), same call %d, differing calls %d, reported %d (oracle: %s)\n",
		s.Cases, s.Variants, s.NotCompared, s.SameCall, s.Differing, s.Reported, s.Oracle)
	var verdicts []string
	for v := range s.Dismissed {
		verdicts = append(verdicts, v)
	}
	sort.Strings(verdicts)
	for _, v := range verdicts {
		fmt.Fprintf(e.stdout, "  dismissed, %s: %d\n", v, s.Dismissed[v])
	}
	fmt.Fprintln(e.stdout)
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PHRASING\tVARIANTS\tDIFFERING CALLS\tREPORTED")
	for _, k := range s.Kinds {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\n", k.Kind, k.Variants, k.Differing, k.Reported)
	}
	tw.Flush()
	if len(s.Findings) == 0 {
		fmt.Fprintln(e.stdout, "no findings")
		return
	}
	fmt.Fprintln(e.stdout)
	tw = tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tTOOL\tARGUMENT\tKIND\tMESSAGE")
	for i, f := range s.Findings {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", i+1, f.Tool, f.Argument, f.Kind, f.Message)
	}
	tw.Flush()
	for i, f := range s.Findings {
		fmt.Fprintf(e.stdout, "\n%d. fix: %s\n   evidence: %s\n", i+1, f.Fix, f.Evidence)
	}
}
