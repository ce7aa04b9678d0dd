package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/perturb"
	"github.com/agentready/agentready/harness/report"
)

// runPerturb runs the cases unperturbed and under each perturbation of
// the parameter-failure study, and reports the drop of each.
func runPerturb(e *env, args []string) int {
	fs := newFlags(e, "perturb", "[--config agentready.yaml | --spec FILE] --cases FILE --base-url URL | --example [--only RD,WT,...] [--model M] [--out runs/ID] [flags]")
	var rf runFlags
	rf.register(fs)
	ts := &rf.settings
	var only listFlag
	fs.Var(&only, "only", "the perturbations to apply, comma-separated (default all 15: "+strings.Join(perturb.Codes(), ",")+")")
	var ex studyExample
	ex.register(fs, "agentready-perturb")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return e.usagef("perturb", "unexpected argument %q", fs.Arg(0))
	}
	if err := ts.check(); err != nil {
		return e.usagef("perturb", "%v", err)
	}
	switch {
	case ts.replay != "":
		return e.usagef("perturb", "--replay: a study is many runs, each with its own recording; replay a perturbation's run with agentready test")
	case ts.repeat != 1:
		return e.usagef("perturb", "--repeat %d: a study runs each case once per perturbation; leave --repeat out", ts.repeat)
	}
	ps, err := perturb.Select(only)
	if err != nil {
		return e.usagef("perturb", "--only: %v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()

	job, closeJob, code := e.studyJob(ctx, "perturb", fs, &rf, ex, start, true)
	if job == nil {
		return code
	}
	defer closeJob()
	if job.settings.out == "" {
		job.settings.out = filepath.Join("runs", "perturb-"+time.Now().UTC().Format("2006-01-02T150405"))
	}
	prep, err := job.prepare(ctx, nil)
	if err != nil {
		return e.failf("%v", err)
	}
	if err := prep.preflight(ctx); err != nil {
		return e.failf("%v", err)
	}
	dir := prep.opts.Dir
	fmt.Fprintf(e.stdout, "running %d cases unperturbed and under %d perturbations (model %s) in %s\n", len(job.cases), len(ps), prep.info.Name, dir)
	sum, err := perturb.Study(ctx, job.cases, perturb.Options{Run: prep.opts, Perturbations: ps, Seed: ts.seed, Progress: e.stderr})
	if err != nil {
		if ctx.Err() != nil {
			return e.failf("interrupted: the runs finished so far are in %s; continue with --resume --out %s", dir, dir)
		}
		return e.failf("%v", err)
	}
	printPerturb(e, sum)
	r, err := report.Load(dir)
	if err != nil {
		return e.failf("report: %v", err)
	}
	if err := report.WriteWith(dir, r, report.WriteOptions{JUnit: report.JUnitTools}); err != nil {
		return e.failf("report: %v", err)
	}
	fmt.Fprintf(e.stdout, "\nstudy recorded in %s (%s; one run per perturbation in %s/); report: %s; took %.1fs\n",
		dir, perturb.File, filepath.Join(dir, perturb.Subdir), filepath.Join(dir, "report.html"), time.Since(start).Seconds())
	return exitOK
}

// studyExample are the --example flags of a study (perturb,
// consistency): run the demo's cases against the example API started in
// this process.
type studyExample struct {
	use     bool
	dir     string
	perTool int
}

// register declares --example, --example-dir (dir by default: each
// study its own) and --per-tool.
func (ex *studyExample) register(fs *flag.FlagSet, dir string) {
	fs.BoolVar(&ex.use, "example", false, "start the example API in this process and use the demo's cases (no --spec, --cases or --base-url)")
	fs.StringVar(&ex.dir, "example-dir", dir, "with --example: where its spec, graph and cases are written")
	registerPerTool(fs, &ex.perTool)
}

// studyJob builds the job of a study command: the example API and the
// demo's cases with --example, else the spec, cases and base URL of the
// flags. Cases that change state are left out unless mutations are
// allowed (--allow-mutations; with --example, everything when
// exampleWrites). It prints what went wrong and returns false; close
// stops the example API.
func (e *env) studyJob(ctx context.Context, cmd string, fs *flag.FlagSet, rf *runFlags, ex studyExample, start time.Time, exampleWrites bool) (job *testJob, close func(), code int) {
	ts := &rf.settings
	if ex.use {
		set := setFlags(fs)
		for _, f := range []string{"spec", "config", "cases", "base-url", "graph"} {
			if set[f] {
				return nil, nil, e.usagef(cmd, "--example and --%s: the example brings its own spec, cases and server; use one or the other", f)
			}
		}
		w, err := startExample(ctx, ex.dir, ex.perTool, ts.seed, false, e.stdout, func(format string, a ...any) {
			fmt.Fprintf(e.stdout, "[%5.1fs] "+format+"\n", append([]any{time.Since(start).Seconds()}, a...)...)
		})
		if err != nil {
			return nil, nil, e.failf("%v", err)
		}
		mayWrite := w.everything
		if !exampleWrites && !rf.allow {
			mayWrite = func(*ir.Operation) bool { return false }
		}
		keep, held := runnable(w.api, w.cases, mayWrite)
		if held > 0 {
			fmt.Fprintf(e.stderr, "agentready: %d of %d cases change state and were left out (--allow-mutations runs them)\n", held, len(w.cases))
		}
		return &testJob{api: w.api, baseURL: w.srv.URL, cases: keep, file: w.casesFile, mayWrite: mayWrite, settings: *ts,
			nonce: demoNonce + 1, graph: w.graph, clientOp: exampleClient()}, func() { w.srv.Close() }, exitOK
	}
	p, api, ok := e.loadAPI(&rf.spec, setFlags(fs))
	if !ok {
		return nil, nil, exitError
	}
	file, cs, ok := e.readCases(rf.cases, p)
	if !ok {
		return nil, nil, exitError
	}
	if err := casesFitSpec(cs, api, file); err != nil {
		return nil, nil, e.failf("%v", err)
	}
	mayWrite := p.mayWrite(rf.allow)
	keep, held := runnable(api, cs, mayWrite)
	if held > 0 {
		fmt.Fprintf(e.stderr, "agentready: %d of %d cases change state and were left out (--allow-mutations runs them)\n", held, len(cs))
	}
	hintsFrom, ok := e.hintGraph(rf.graph, p.cfg.Graph, api)
	if !ok {
		return nil, nil, exitError
	}
	return &testJob{api: api, baseURL: p.cfg.BaseURL, cases: keep, file: file, mayWrite: mayWrite, settings: *ts, graph: hintsFrom}, func() {}, exitOK
}

// printPerturb prints the study's table: a row per perturbation.
func printPerturb(e *env, s *perturb.Summary) {
	fmt.Fprintf(e.stdout, "\nunperturbed: no error in %d of %d cases (%.2f)\n\n", s.Base.NoError, s.Base.Cases, s.Base.NoErrorRate)
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PERTURBATION\tSOURCE\tCASES\tCHANGED\tNO ERROR\tUNPERTURBED\tDROP\tBROKE\tFIXED\tTOP CLASS\tTOOLS HIT HARDEST")
	for _, r := range s.Rows {
		changed := "-"
		if r.Changed != nil {
			changed = fmt.Sprint(*r.Changed)
		}
		fmt.Fprintf(tw, "%s %s\t%s\t%d\t%s\t%.2f\t%.2f\t%+.2f\t%d\t%d\t%s\t%s\n", r.Code, r.Name, r.Source, r.Cases, changed,
			r.NoErrorRate, r.BaseNoErrorRate, r.Drop, r.Broke, r.Fixed, topClass(r), hardestTools(r, 2))
	}
	tw.Flush()
}

// topClass names the class whose rate rose most under a perturbation,
// with its rate, or "-".
func topClass(r perturb.Row) string {
	best, rise := "", 0.0
	for _, c := range r.Classes {
		if d := c.Rate - c.BaseRate; d > rise {
			best, rise = fmt.Sprintf("%s %.2f (+%.2f)", c.Name, c.Rate, d), d
		}
	}
	if best == "" {
		return "-"
	}
	return best
}

// hardestTools names up to n tools whose drop stands out.
func hardestTools(r perturb.Row, n int) string {
	var out []string
	for i, t := range r.Tools {
		if i == n {
			out = append(out, fmt.Sprintf("%d more", len(r.Tools)-n))
			break
		}
		out = append(out, fmt.Sprintf("%s %+.2f", t.Tool, t.Drop))
	}
	if len(out) == 0 {
		return "-"
	}
	return strings.Join(out, ", ")
}
