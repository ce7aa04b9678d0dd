package cli

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"syscall"
	"text/tabwriter"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/adapt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/report"
	"github.com/agentready/agentready/harness/retrieve"
	runner "github.com/agentready/agentready/harness/run"
)

// inferredHintConfidence is the least confidence of an inferred edge
// whose producer adapt proposes as a hint when no graph was reviewed (the
// graph file's own suggestion for --all-above).
const inferredHintConfidence = 0.6

func runAdapt(e *env, args []string) int {
	fs := newFlags(e, "adapt", "[--config agentready.yaml | --spec FILE] --base-url URL --run DIR [--findings F.json] [--out "+adapt.DefaultFile+"] [--model M] [--repeat k] [flags]")
	var rf runFlags
	rf.register(fs)
	sf, ts := &rf.spec, &rf.settings
	// --out names the overlay here; the trials' runs go below the run.
	out := fs.Lookup("out")
	out.Usage = "the overlay file to write; an existing one is read first and its actions kept as written (default " + adapt.DefaultFile + ")"
	if m := fs.Lookup("model"); m != nil {
		m.Usage = "the model of the trials (default: the run's, from its run.json); a language model also writes the description proposals. " + m.Usage
	}
	runDir := fs.String("run", "", "the run to adapt from (a directory agentready test wrote); adapt.json and the trials go there")
	budget := fs.Int("budget", adapt.DefaultBudget, "trial runs at most (each re-runs the cases one proposal can affect)")
	var ff findingsFlag
	ff.register(fs)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "agentready adapt: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if *runDir == "" {
		return e.usagef("adapt", "--run DIR: the run to adapt from (agentready test --out DIR makes one)")
	}
	if *budget < 1 {
		return e.usagef("adapt", "--budget %d: at least 1 trial run", *budget)
	}
	set := setFlags(fs)
	info, err := runner.ReadInfo(*runDir)
	if err != nil {
		return e.failf("--run %s: %v (give a directory agentready test wrote)", *runDir, err)
	}
	recs, err := runner.ReadResults(filepath.Join(*runDir, runner.ResultsFile))
	if err != nil || len(recs) == 0 {
		return e.failf("--run %s: %v", *runDir, errors.Join(err, adapt.ErrNoCases))
	}
	sameAsRun(ts, info, set)
	if m := runModel(info); !set["model"] && m != "" {
		ts.model = m
	}
	if err := ts.check(); err != nil {
		return e.usagef("adapt", "%v", err)
	}
	overlayOut := ts.out
	if overlayOut == "" {
		overlayOut = adapt.DefaultFile
	}
	found, err := ff.read()
	if err != nil {
		return e.failf("--findings: %v", err)
	}
	p, api, ok := e.loadAPI(sf, set)
	if !ok {
		return exitError
	}
	for _, o := range p.opts.Overlays {
		if same, _ := sameFile(o, overlayOut); same {
			return e.usagef("adapt", "--overlay %s is the file adapt writes (--out): adapt reads it itself and keeps its actions; leave it out of --overlay", o)
		}
	}
	var reviewed []adapt.Action
	if fileExists(overlayOut) {
		if reviewed, err = adapt.ReadOverlay(overlayOut); err != nil {
			return e.failf("%v", err)
		}
	}
	_, cs, ok := e.readCases(cmp.Or(rf.cases, info.Cases.File), p)
	if !ok {
		return exitError
	}
	cs = ranIn(cs, recs)
	mayWrite := p.mayWrite(rf.allow)
	cs, held := runnable(api, cs, mayWrite)
	if held > 0 {
		fmt.Fprintf(e.stderr, "agentready: %d cases change state and are not re-run (--allow-mutations runs them)\n", held)
	}
	hintsFrom, ok := e.hintGraph(rf.graph, p.cfg.Graph, api)
	if !ok {
		return exitError
	}
	loc, err := adapt.Locate(p.opts.Spec, p.opts.Overlays)
	if err != nil {
		return e.failf("%v", err)
	}
	ev := adapt.Evidence{Catalog: catalog.Describe(api), Locator: loc, Records: recs, Findings: found}
	if g := hintsFrom; g != nil {
		ev.Hints = graph.Hints(g, api)
	} else {
		// Without a reviewed graph, producers come from one inferred
		// now, its confident edges only; a hint is still kept only if
		// its trial shows a gain.
		g = graph.Infer(api, graph.Options{})
		g.SetStatusAbove(inferredHintConfidence, graph.Approved)
		ev.Hints = graph.Hints(g, api)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if ev.Writer, err = newDescriptionWriter(ctx, ts.model); err != nil {
		return e.failf("--model: %v", err)
	}
	proposals, err := adapt.Propose(ctx, ev)
	if err != nil {
		return e.failf("%v", err)
	}
	proposals = notReviewed(proposals, reviewed)
	fmt.Fprintf(e.stderr, "agentready: %d proposals for %d failing tools; at most %d trial runs\n", len(proposals), toolCount(proposals), *budget)

	job := testJob{baseURL: p.cfg.BaseURL, mayWrite: mayWrite, settings: *ts, graph: hintsFrom, nonce: info.Nonce}
	trials := adapt.Trials{Dir: filepath.Join(*runDir, "adapt"), Budget: *budget, Noisy: ts.repeat > 1 || ts.model != "baseline", Progress: e.stderr,
		Load: func(ctx context.Context, overlay string) (*adapt.Spec, error) {
			o := p.opts
			if overlay != "" {
				o.Overlays = append(slices.Clone(o.Overlays), overlay)
			}
			a, err := loadStoppable(ctx, o)
			if err != nil {
				return nil, err
			}
			client, err := catalog.NewClient(a, p.cfg.BaseURL)
			if err != nil {
				return nil, err
			}
			cat, err := catalog.Bind(a, client)
			if err != nil {
				return nil, err
			}
			shown, err := shownDefinitions(ctx, cat, hintsFrom, ts.ablate)
			if err != nil {
				return nil, err
			}
			similar := retrieve.SimilarTools(cat.Catalog)
			return &adapt.Spec{API: a, Offered: func(tool string) []string { return similar(tool, ts.k) }, Shown: shown}, nil
		},
		Run: func(ctx context.Context, spec *adapt.Spec, cs []cases.Case, dir string) ([]runner.Record, error) {
			j := job
			j.api, j.cases, j.settings.out = spec.API, cs, dir
			j.settings.resume = false
			_, _, _, err := j.execute(ctx, io.Discard)
			if err != nil {
				return nil, err
			}
			return runner.ReadResults(filepath.Join(dir, runner.ResultsFile))
		}}
	base := recs
	if len(reviewed) > 0 {
		// The run may predate the reviewed actions: measure from where
		// they leave the cases.
		spec, err := trials.Load(ctx, overlayOut)
		if err == nil {
			base, err = trials.Run(ctx, spec, cs, filepath.Join(trials.Dir, "base", "run"))
		}
		if err != nil {
			return e.failf("re-running the cases with %s: %v", overlayOut, err)
		}
	}
	res, err := adapt.Adapt(ctx, cs, base, reviewed, proposals, trials)
	if res == nil {
		return e.failf("%v", err)
	}
	if werr := writeAdapt(*runDir, overlayOut, res, err == nil); werr != nil {
		return e.failf("%v", werr)
	}
	printAdapt(e.stdout, res, overlayOut, *runDir)
	if err != nil {
		// The reports wait: writing them takes longer than an
		// interruption may.
		fmt.Fprintf(e.stderr, "agentready: adapt stopped (%v); what was decided is in %s and %s; agentready report %s writes the reports\n",
			err, overlayOut, filepath.Join(*runDir, adapt.ResultFile), *runDir)
		return exitError
	}
	return exitOK
}

// shownDefinitions renders what a trial's agent is shown of each tool, as
// test's run renders it: the catalog's definitions with the graph's
// producer hints and the run's ablations.
func shownDefinitions(ctx context.Context, cat *catalog.Bound, g *graph.Graph, ablate []string) (map[string][]byte, error) {
	api := cat.API
	var hints map[string]map[string]string
	if g != nil {
		hints = graph.Hints(g, api)
	}
	shown, err := runner.ShownOver(hints, cat.Pointers(), ablate)
	if err != nil {
		return nil, fmt.Errorf("--ablate: %w", err)
	}
	return runner.Definitions(ctx, cat.Catalog, shown)
}

// sameAsRun takes the run's settings for every flag not given, so that
// trials are measured as the run was.
func sameAsRun(ts *testSettings, info *runner.Info, set map[string]bool) {
	s := info.Settings
	if !set["k"] && s.K > 0 {
		ts.k = s.K
	}
	if !set["rounds"] && s.Rounds > 0 {
		ts.rounds = s.Rounds
	}
	if !set["result-tokens"] && s.ResultTokens > 0 {
		ts.resultTokens = s.ResultTokens
	}
	if !set["repeat"] && s.Repeat > 0 {
		ts.repeat = s.Repeat
	}
	if !set["toolset"] && s.Toolset != "" {
		ts.toolset = s.Toolset
	}
	if !set["seed"] {
		ts.seed = info.Seed
	}
	if !set["ablate"] && len(s.Ablation) > 0 {
		ts.ablate = listFlag(s.Ablation)
	}
}

// runModel is the --model that makes the run's model again ("baseline",
// "openai:gpt-4o"), "" when run.json does not say.
func runModel(info *runner.Info) string {
	m, _ := info.Model.(map[string]any)
	kind, _ := m["kind"].(string)
	name, _ := m["name"].(string)
	switch {
	case kind == "" || name == "":
		return ""
	case kind == "baseline":
		return "baseline"
	}
	return kind + ":" + name
}

// ranIn keeps the cases the run has records of.
func ranIn(cs []cases.Case, recs []runner.Record) []cases.Case {
	ran := map[string]bool{}
	for _, r := range recs {
		ran[r.Case] = true
	}
	var out []cases.Case
	for _, c := range cs {
		if ran[c.ID] {
			out = append(out, c)
		}
	}
	return out
}

// notReviewed drops the proposals an existing action already makes (the
// same target and keys): the reviewer's version stands.
func notReviewed(ps, reviewed []adapt.Action) []adapt.Action {
	have := map[string]bool{}
	for _, a := range reviewed {
		have[a.Key()] = true
		have[a.Target] = have[a.Target] || a.Kind == adapt.KindReviewed
	}
	var out []adapt.Action
	for _, p := range ps {
		if !have[p.Key()] && !have[p.Target] {
			out = append(out, p)
		}
	}
	return out
}

func toolCount(ps []adapt.Action) int {
	seen := map[string]bool{}
	for _, p := range ps {
		seen[p.Tool] = true
	}
	return len(seen)
}

// writeAdapt writes the overlay, adapt.json and, with reports, the run's
// reports.
func writeAdapt(dir, overlayOut string, res *adapt.Result, reports bool) error {
	// An overlay needs at least one action: with none kept there is no
	// file to write, and adapt.json says what was tried.
	if f := res.Overlay(); len(f.Actions) > 0 {
		if err := adapt.WriteOverlay(overlayOut, f); err != nil {
			return err
		}
	}
	if err := adapt.Save(dir, res); err != nil {
		return err
	}
	if !reports {
		return nil
	}
	r, err := report.Load(dir)
	if err != nil {
		return err
	}
	return report.Write(dir, r)
}

func printAdapt(w io.Writer, res *adapt.Result, overlayOut, dir string) {
	var changed []int
	for i, t := range res.Tools {
		if t.Before != t.After || t.Actions > 0 {
			changed = append(changed, i)
		}
	}
	if len(changed) > 0 {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "TOOL\tCASES\tNO ERROR BEFORE\tAFTER\tACTIONS KEPT")
		for _, i := range changed {
			t := res.Tools[i]
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\n", t.Tool, t.Cases, t.Before, t.After, t.Actions)
		}
		tw.Flush()
	}
	kept, tried := 0, 0
	for _, d := range res.Decisions {
		if d.Kept {
			kept++
		}
		if d.Tried {
			tried++
		}
	}
	if len(res.Kept()) == 0 {
		overlayOut = "nothing to write to " + overlayOut
	}
	dropped := ""
	if len(res.Dropped) > 0 {
		dropped = fmt.Sprintf("; %d more dropped untried, %s", len(res.Dropped), adapt.NotVisible)
	}
	fmt.Fprintf(w, "%d of %d proposals kept (%d tried in %d trial runs%s): %s; details in %s and %s\n",
		kept, len(res.Decisions), tried, res.Trials, dropped, overlayOut, filepath.Join(dir, adapt.ResultFile), filepath.Join(dir, "report.md"))
}

// sameFile reports whether two paths name the same file.
func sameFile(a, b string) (bool, error) {
	fa, err := os.Stat(a)
	if err != nil {
		return filepath.Clean(a) == filepath.Clean(b), nil
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false, nil
	}
	return os.SameFile(fa, fb), nil
}

// newDescriptionWriter returns the LLM writer of descriptions for a
// language model, nil for the baseline (deterministic proposals).
func newDescriptionWriter(ctx context.Context, spec string) (adapt.Writer, error) {
	if spec == "" || spec == "baseline" {
		return nil, nil
	}
	m, _, err := models.New(ctx, spec)
	if err != nil {
		return nil, err
	}
	return adapt.NewLLM(m), nil
}

// loadStoppable is gen.Load that returns when ctx is done: the parser
// cannot be stopped (a spec with many overlay actions takes seconds), so
// it finishes in the background and its result is dropped.
func loadStoppable(ctx context.Context, o gen.Options) (*ir.API, error) {
	type loaded struct {
		api *ir.API
		err error
	}
	done := make(chan loaded, 1)
	go func() {
		api, _, err := gen.Load(o)
		done <- loaded{api, err}
	}()
	select {
	case l := <-done:
		return l.api, l.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
