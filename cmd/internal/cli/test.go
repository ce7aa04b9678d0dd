package cli

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"github.com/agentready/agentready/harness/graph"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/replay"
	"github.com/agentready/agentready/harness/report"
	"github.com/agentready/agentready/harness/retrieve"
	runner "github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/harness/stats"
)

// testSettings are what `agentready test` and `agentready demo` share.
type testSettings struct {
	model        string
	out          string
	parallel     int
	k            int
	toolset      string
	rounds       int
	seed         int64
	resume       bool
	resultTokens int
	timeout      time.Duration
	ablate       listFlag
	maxNotRun    float64
	record       bool
	replay       string
	repeat       int
	shard        runner.Shard
	nonce        uint64
	modelBudget
}

func (s *testSettings) register(fs *flag.FlagSet) {
	fs.StringVar(&s.model, "model", "baseline", agentModelUsage)
	fs.StringVar(&s.out, "out", "", "run directory (default runs/<time>)")
	fs.IntVar(&s.parallel, "parallel", 4, "cases run at once")
	registerK(fs, &s.k)
	fs.StringVar(&s.toolset, "toolset", runner.ToolsetStatic, `how the agent reaches the tools: "static" (the target and its --k most similar tools) or "dynamic" (three meta-tools over the whole API: search_tools, describe_tool, call_tool, as agentready serve --dynamic serves them)`)
	fs.IntVar(&s.rounds, "rounds", runner.DefaultRounds, "tool calls the agent may make per case")
	registerSeed(fs, &s.seed)
	fs.BoolVar(&s.resume, "resume", false, "continue an interrupted run in --out, skipping the cases it recorded")
	registerResultTokens(fs, &s.resultTokens)
	registerTimeout(fs, &s.timeout, 30*time.Second)
	fs.Var(&s.ablate, "ablate", "hide parts of every tool definition from the model to measure what they are worth: example, constraints, meanings, hints (comma-separated)")
	fs.IntVar(&s.repeat, "repeat", 1, "run each case this many times (both legs each time), and report pass@k, pass^k and the per-trial pass rate")
	fs.BoolVar(&s.record, "record", false, "record every model call and every API exchange of the run in its directory ("+replay.File+", "+replay.APIFile+"; no credential is written), for --replay")
	fs.StringVar(&s.replay, "replay", "", replayUsage)
	fs.Var(shardFlag{&s.shard}, "shard", "run only shard INDEX/COUNT of the cases (e.g. 2/4; by a hash of each case's id), for one suite on several machines; agentready report --merge combines the shards' runs")
	fs.Uint64Var(&s.nonce, "nonce", 0, "fix the run's fresh values (names of what the cases create) instead of drawing them at random; give every shard of a run the same one")
	s.modelBudget.register(fs)
	fs.Float64Var(&s.maxNotRun, "max-not-run", runner.DefaultMaxNotRun, "stop the run (exit 2) when more than this fraction of the cases cannot run because the API or the network fails them")
}

// check returns what is wrong with the settings, before anything runs.
func (s *testSettings) check() error {
	switch {
	case s.parallel < 1:
		return fmt.Errorf("--parallel %d: must be at least 1", s.parallel)
	case s.k < 0:
		return fmt.Errorf("--k %d: must be 0 or more", s.k)
	case s.toolset != runner.ToolsetStatic && s.toolset != runner.ToolsetDynamic:
		return fmt.Errorf("--toolset %q: use %q or %q", s.toolset, runner.ToolsetStatic, runner.ToolsetDynamic)
	case s.rounds < 1:
		return fmt.Errorf("--rounds %d: must be at least 1", s.rounds)
	case s.maxNotRun < 0 || s.maxNotRun > 1:
		return fmt.Errorf("--max-not-run %g: a fraction from 0 to 1", s.maxNotRun)
	case s.repeat < 1:
		return fmt.Errorf("--repeat %d: must be at least 1", s.repeat)
	case s.record && s.replay != "":
		return errors.New("--record and --replay: one or the other")
	}
	if err := checkResultTokens(s.resultTokens); err != nil {
		return err
	}
	if err := s.modelBudget.check(); err != nil {
		return err
	}
	if _, err := runner.Ablation(s.ablate); err != nil {
		return fmt.Errorf("--ablate: %w", err)
	}
	return nil
}

// testJob is one run of cases against an API.
type testJob struct {
	api      *ir.API
	baseURL  string
	cases    []cases.Case
	file     string
	mayWrite func(op *ir.Operation) bool
	settings testSettings
	clientOp []toolrt.Option
	// nonce fixes the run's fresh values (0: random), for an API that
	// starts afresh, as the demo's does.
	nonce uint64
	// graph is the reviewed dependency graph; its approved producers
	// become hints in the inputs' descriptions. Nil gives none.
	graph *graph.Graph
	// price is what the model's tokens cost (the config's prices:), nil
	// when unknown.
	price *runner.Price
}

// prepared is a job ready to run: its options built and checked.
type prepared struct {
	opts runner.Options
	info models.Info
	cat  *catalog.Bound
	// replaying is set with --replay: the API is answered from the
	// recording, and not called.
	replaying bool
}

// preflight checks that the API can be tested (runner.Preflight), but
// for a replay, which calls no API.
func (p *prepared) preflight(ctx context.Context) error {
	if p.replaying {
		return nil
	}
	return runner.Preflight(ctx, p.cat)
}

// prepare builds the model, the catalog and the run's options, without
// calling anything.
func (j *testJob) prepare(ctx context.Context, progress io.Writer) (*prepared, error) {
	am, err := j.settings.newAgentModel(ctx)
	if err != nil {
		return nil, err
	}
	info := am.info
	tapeOpts, apiRec, err := j.settings.apiClient(j.api)
	if err != nil {
		return nil, err
	}
	opts := append(append([]toolrt.Option{toolrt.WithTimeout(j.settings.timeout)}, j.clientOp...), tapeOpts...)
	client, err := catalog.NewClient(j.api, j.baseURL, opts...)
	if err != nil {
		return nil, err
	}
	// The tools are shown in the schema dialect the model's API takes
	// (none for the baseline).
	cat, err := catalog.Bind(j.api, client, toolrt.WithDialect(info.Dialect),
		allowWrites(j.api, j.mayWrite),
		toolrt.WithResultOptions(toolrt.ResultOptions{MaxTokens: j.settings.resultTokens, Timeout: j.settings.timeout}))
	if err != nil {
		return nil, err
	}
	var hints map[string]map[string]string
	if j.graph != nil {
		hints = graph.Hints(j.graph, j.api)
	}
	shown, err := runner.ShownOver(hints, cat.Pointers(), j.settings.ablate)
	if err != nil {
		return nil, fmt.Errorf("--ablate: %w", err)
	}
	dir := j.settings.out
	if dir == "" {
		dir = filepath.Join("runs", time.Now().UTC().Format("2006-01-02T150405"))
	}
	nonce := j.nonce
	if j.settings.nonce != 0 {
		nonce = j.settings.nonce
	}
	var modelInfo any = info
	if am.recorded != nil {
		// A replay makes the recording's fresh values and describes its
		// model as the recording did.
		nonce, modelInfo = am.recorded.Nonce, am.recorded.Model
	}
	p := &prepared{info: info, cat: cat, replaying: am.recorded != nil, opts: runner.Options{
		Dir: dir, Catalog: cat, Model: am.chat, ModelInfo: modelInfo, Record: j.settings.record, APIRecorder: apiRec, Similar: retrieve.SimilarTools(cat.Catalog),
		Shown: shown, Ablation: []string(j.settings.ablate), Hints: hintCount(hints, j.settings.ablate), K: j.settings.k, Toolset: j.settings.toolset, Rounds: j.settings.rounds, Parallel: j.settings.parallel,
		Seed: j.settings.seed, CasesFile: j.file, ResultTokens: j.settings.resultTokens, Resume: j.settings.resume,
		Progress: progress, Nonce: nonce, MaxNotRun: maxNotRun(j.settings.maxNotRun), Repeat: j.settings.repeat, Shard: j.settings.shard,
		Price: j.price, Budget: runner.Budget{MaxTokens: j.settings.maxTokens, MaxCost: j.settings.maxCost},
	}}
	if err := j.replayFits(am, p.opts); err != nil {
		return nil, err
	}
	return p, nil
}

// hintCount is how many inputs the model sees a producer hint on.
func hintCount(hints map[string]map[string]string, ablate []string) int {
	if slices.Contains(ablate, runner.AblateHints) {
		return 0
	}
	n := 0
	for _, inputs := range hints {
		n += len(inputs)
	}
	return n
}

// maxNotRun maps the flag to runner.Options.MaxNotRun, whose zero means
// the default.
func maxNotRun(f float64) float64 {
	if f == 0 {
		return -1
	}
	return f
}

// execute checks that the API can be tested (Preflight) and runs the
// cases; it returns the run directory and its summary.
func (j *testJob) execute(ctx context.Context, progress io.Writer) (string, *runner.Summary, models.Info, error) {
	p, err := j.prepare(ctx, progress)
	if err != nil {
		return "", nil, models.Info{}, err
	}
	if err := p.preflight(ctx); err != nil {
		return p.opts.Dir, nil, p.info, err
	}
	sum, err := runner.Run(ctx, j.cases, p.opts)
	return p.opts.Dir, sum, p.info, err
}

// runFlags are the flags of a command that runs cases against an API
// (test, perturb): the spec, the run's settings, the cases, the graph
// and the permission to change state.
type runFlags struct {
	spec     specFlags
	settings testSettings
	cases    string
	graph    string
	allow    bool
}

func (f *runFlags) register(fs *flag.FlagSet) {
	f.spec.register(fs, true)
	f.settings.register(fs)
	fs.StringVar(&f.cases, "cases", "", "the cases file (default: the config's cases:, else "+defaultCasesFile+")")
	registerGraph(fs, &f.graph)
	registerAllowMutations(fs, &f.allow)
}

// readCases reads the cases file the flag names, else the config's,
// else the default; it reports a failure to e.stderr.
func (e *env) readCases(flagPath string, p *project) (string, []cases.Case, bool) {
	file := cmp.Or(flagPath, p.cfg.Cases, defaultCasesFile)
	cs, err := cases.Read(file)
	if err != nil {
		e.failf("%v (make cases with agentready cases)", err)
		return file, nil, false
	}
	return file, cs, true
}

// runnable splits cases into those that may run and the mutating ones
// that may not.
func runnable(api *ir.API, cs []cases.Case, mayWrite func(*ir.Operation) bool) (keep []cases.Case, held int) {
	for _, c := range cs {
		if c.Mutating || touchesMutation(api, c, mayWrite) {
			if op := api.Operation(c.Tool); op == nil || !mayWrite(op) {
				held++
				continue
			}
		}
		keep = append(keep, c)
	}
	return keep, held
}

// touchesMutation reports whether a case has a step, setup or cleanup
// call that changes state and may not.
func touchesMutation(api *ir.API, c cases.Case, mayWrite func(*ir.Operation) bool) bool {
	for _, steps := range [][]cases.Step{c.Steps, c.Setup, c.Cleanup} {
		for _, s := range steps {
			if op := api.Operation(s.Tool); op != nil && op.Mutating() && !mayWrite(op) {
				return true
			}
		}
	}
	return false
}

func runTest(e *env, args []string) int {
	fs := newFlags(e, "test", "[--config agentready.yaml | --spec FILE] --cases FILE --base-url URL [--model M] [--out runs/ID] [flags]")
	var rf runFlags
	rf.register(fs)
	sf, ts := &rf.spec, &rf.settings
	minNoError := fs.Float64("min-no-error", 0, "fail (exit 1) when the fraction of cases without any error is below this (0 to 1)")
	against := fs.String("against", "", "a baseline run directory: fail (exit 1) when a tool, or the run, regressed against it")
	var gate gateFlags
	gate.register(fs)
	var renames listFlag
	fs.Var(&renames, "rename", "OLD=NEW: run the cases of tool OLD, renamed in the spec, as NEW (repeatable)")
	var junit junitFlag
	junit.register(fs)
	var ff findingsFlag
	ff.register(fs)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "agentready test: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if err := ts.check(); err != nil {
		return e.usagef("test", "%v", err)
	}
	if *minNoError < 0 || *minNoError > 1 {
		return e.usagef("test", "--min-no-error %g: a fraction from 0 to 1 (0.7 for 70%%)", *minNoError)
	}
	if err := gate.check(); err != nil {
		return e.usagef("test", "%v", err)
	}
	if err := junit.check(); err != nil {
		return e.usagef("test", "%v", err)
	}
	found, err := ff.read()
	if err != nil {
		return e.failf("--findings: %v", err)
	}
	var baseline *report.Run
	if *against != "" {
		b, err := report.Load(*against)
		if err != nil {
			return e.failf("--against: %v", err)
		}
		baseline = b
	}
	p, api, ok := e.loadAPI(sf, setFlags(fs))
	if !ok {
		return exitError
	}
	file, cs, ok := e.readCases(rf.cases, p)
	if !ok {
		return exitError
	}
	// The cases as the file has them identify the run: a baseline made
	// before a rename compares with the renamed run.
	encoded, err := cases.Encode(cs)
	if err != nil {
		return e.failf("%v", err)
	}
	original, err := cases.Decode(encoded, file)
	if err != nil {
		return e.failf("%v", err)
	}
	if err := renameTools(cs, renames, api); err != nil {
		return e.failf("--rename: %v", err)
	}
	if err := casesFitSpec(cs, api, file); err != nil {
		return e.failf("%v", err)
	}
	mayWrite := p.mayWrite(rf.allow)
	keep, held := runnable(api, cs, mayWrite)
	keepOriginal, _ := runnable(api, original, mayWrite)
	if held > 0 {
		fmt.Fprintf(e.stderr, "agentready: %d of %d cases change state and were left out (--allow-mutations runs them)\n", held, len(cs))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	hintsFrom, ok := e.hintGraph(rf.graph, p.cfg.Graph, api)
	if !ok {
		return exitError
	}
	job := &testJob{api: api, baseURL: p.cfg.BaseURL, cases: keep, file: file, mayWrite: mayWrite, settings: *ts, graph: hintsFrom}
	if pr, ok := p.cfg.Prices[ts.model]; ok {
		job.price = &runner.Price{Input: pr.Input, Output: pr.Output}
	} else if ts.maxCost > 0 {
		return e.usagef("test", "--max-cost needs the price of %s: add it under prices: in the configuration file, e.g.\n  prices:\n    %s: {input: 2.50, output: 10.00}   # US dollars per million tokens", ts.model, ts.model)
	}
	prep, err := job.prepare(ctx, e.stderr)
	if err != nil {
		return e.failf("%v", err)
	}
	if baseline != nil {
		if err := gate.comparable(baseline, keepOriginal, prep.opts); err != nil {
			return e.failf("--against %s: %v", *against, err)
		}
	}
	if err := prep.preflight(ctx); err != nil {
		return e.failf("%v", err)
	}
	sum, err := runner.Run(ctx, keep, prep.opts)
	dir := prep.opts.Dir
	if err != nil {
		return e.stopped(args, dir, sum, err)
	}
	if _, ok := e.saveFindings(dir, found); !ok {
		return exitError
	}
	g := &report.Gate{MinNoError: *minNoError}
	if baseline != nil {
		cur, err := report.Load(dir)
		if err != nil {
			return e.failf("%v", err)
		}
		c := report.CompareWith(baseline, cur, gate.options())
		g.Comparison = &c
	}
	code := e.finishRun(dir, sum, prep.info, g, junit.mode)
	if g.Comparison != nil {
		fmt.Fprint(e.stdout, "\n"+g.Comparison.Summary())
		if err := report.WriteComparison(dir, *g.Comparison); err != nil {
			return e.failf("%v", err)
		}
		fmt.Fprintf(e.stdout, "wrote %s\n", filepath.Join(dir, report.ComparisonFile))
	}
	if g.Failed() {
		fmt.Fprintf(e.stderr, "agentready: FAIL: %s\n", g.Reason())
		return exitGate
	}
	return code
}

// gateFlags are the flags that set how a comparison judges a change.
type gateFlags struct {
	alpha                           float64
	strict, allowRemoved            bool
	allowDifferent, allowIncomplete bool
}

func (g *gateFlags) register(fs *flag.FlagSet) {
	fs.Float64Var(&g.alpha, "alpha", stats.DefaultAlpha, "with --against: a drop is a regression when McNemar's test on the paired cases gives a p-value below this")
	fs.BoolVar(&g.strict, "strict", false, "with --against: any drop is a regression, however small")
	fs.BoolVar(&g.allowRemoved, "allow-removed", false, "with --against: cases whose tool the API no longer has are not regressions")
	fs.BoolVar(&g.allowDifferent, "allow-different", false, "with --against: compare with a baseline of other cases or settings (model, k, rounds, ablation, seed, result budget)")
	fs.BoolVar(&g.allowIncomplete, "allow-incomplete", false, "with --against: compare with a baseline that did not record all its cases")
}

func (g *gateFlags) check() error {
	if g.alpha <= 0 || g.alpha >= 1 {
		return fmt.Errorf("--alpha %g: a level between 0 and 1, such as 0.05", g.alpha)
	}
	return nil
}

func (g *gateFlags) options() report.CompareOptions {
	return report.CompareOptions{Alpha: g.alpha, Strict: g.strict, AllowRemoved: g.allowRemoved}
}

// comparable checks, before anything runs, that a baseline can be
// compared case by case with a run of cs with opts.
func (g *gateFlags) comparable(baseline *report.Run, cs []cases.Case, opts runner.Options) error {
	if baseline.Incomplete() && !g.allowIncomplete {
		return fmt.Errorf("the baseline recorded %d of its %d cases (it was interrupted, or cases could not run): finish it with --resume, or pass --allow-incomplete",
			len(baseline.Records), baseline.Info.Expected())
	}
	cur, err := runner.Describe(cs, opts)
	if err != nil {
		return err
	}
	if d := runner.Differences(baseline.Info, cur); len(d) > 0 && !g.allowDifferent {
		return fmt.Errorf("it is not comparable with this run (%s): run the baseline again with these cases and settings, or pass --allow-different",
			strings.Join(d, "; "))
	}
	return nil
}

// renameTools applies --rename OLD=NEW to the cases.
func renameTools(cs []cases.Case, renames []string, api *ir.API) error {
	for _, r := range renames {
		old, nw, ok := strings.Cut(r, "=")
		if !ok || old == "" || nw == "" {
			return fmt.Errorf("%q: write OLD=NEW", r)
		}
		if api.Operation(nw) == nil {
			return fmt.Errorf("%q: the spec has no tool %q", r, nw)
		}
		n := 0
		for i := range cs {
			if cs[i].Tool == old {
				cs[i].Tool = nw
				n++
			}
			for j := range cs[i].Steps {
				if cs[i].Steps[j].Tool == old {
					cs[i].Steps[j].Tool = nw
				}
			}
		}
		if n == 0 {
			return fmt.Errorf("%q: no case is of tool %q", r, old)
		}
	}
	return nil
}

// casesFitSpec returns an error when most cases name tools the spec does
// not have: the cases file of another spec, or a spec whose tools were
// renamed (which --rename maps).
func casesFitSpec(cs []cases.Case, api *ir.API, file string) error {
	missing := map[string]int{}
	n := 0
	for _, c := range cs {
		if api.Operation(c.Tool) == nil {
			missing[c.Tool]++
			n++
		}
	}
	if n == 0 || n*2 <= len(cs) {
		return nil
	}
	names := make([]string, 0, len(missing))
	for t := range missing {
		names = append(names, t)
	}
	sort.Strings(names)
	if len(names) > 5 {
		names = append(names[:5], fmt.Sprintf("and %d more", len(names)-5))
	}
	return fmt.Errorf("%s: %d of its %d cases are of tools the spec does not have (%s): is it this spec's cases file? (--rename OLD=NEW runs a renamed tool's cases)",
		file, n, len(cs), strings.Join(names, ", "))
}

// stopped reports a run that ended before its last case: interrupted, or
// stopped because the API or the network failed too many cases. It says
// how many cases were recorded and how to go on, and returns exitError.
func (e *env) stopped(args []string, dir string, sum *runner.Summary, err error) int {
	recorded := 0
	total := 0
	if sum != nil {
		recorded, total = sum.Resumed+sum.Ran, sum.Total
	}
	switch {
	case errors.Is(err, context.Canceled):
		fmt.Fprintf(e.stderr, "agentready: interrupted: %d of %d cases are recorded in %s\n", recorded, total, dir)
	case errors.Is(err, runner.ErrBudget):
		fmt.Fprintf(e.stderr, "agentready: stopped at the run's budget (%v): %d of %d cases are recorded in %s\n", err, recorded, total, dir)
	case errors.Is(err, runner.ErrInfrastructure):
		fmt.Fprintf(e.stderr, "agentready: stopped: %v\n", err)
		for _, w := range sum.NotRunWhy {
			fmt.Fprintf(e.stderr, "  not run: %s\n", w)
		}
		fmt.Fprintf(e.stderr, "agentready: %d of %d cases are recorded in %s; the %d that could not run are not, and run again on resume\n",
			recorded, total, dir, sum.NotRun)
	default:
		return e.failf("%v", err)
	}
	fmt.Fprintf(e.stderr, "agentready: continue with: %s\n", resumeCommand(args, dir))
	return exitError
}

// resumeCommand is the command that continues the run in dir: the same
// arguments, with --resume and --out dir.
func resumeCommand(args []string, dir string) string {
	out := []string{"agentready", "test"}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--resume" || a == "-resume" || strings.HasPrefix(a, "--resume=") || strings.HasPrefix(a, "--out=") || strings.HasPrefix(a, "-out="):
			continue
		case a == "--out" || a == "-out":
			i++
			continue
		}
		out = append(out, shellQuote(a))
	}
	return strings.Join(append(out, "--resume", "--out", shellQuote(dir)), " ")
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '.' || r == '/' || r == ':' || r == '=' || r == ',' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// finishRun writes the reports of a run (junit.xml as junitMode says,
// reflecting the gate g) and prints its summary: every case accounted
// for.
func (e *env) finishRun(dir string, sum *runner.Summary, info models.Info, g *report.Gate, junitMode string) int {
	m := sum.Metrics
	r, err := report.Load(dir)
	if err != nil {
		return e.failf("report: %v", err)
	}
	if k := r.Info.Settings.Repeat; k > 1 {
		fmt.Fprintf(e.stdout, "\nagentready: model %s; %d cases × %d trials = %d runs (%d run now, %d from before); below, a case is a trial\n",
			info.Name, sum.Total/k, k, sum.Total, sum.Ran, sum.Resumed)
	} else {
		fmt.Fprintf(e.stdout, "\nagentready: model %s; %d cases (%d run now, %d from before)\n", info.Name, sum.Total, sum.Ran, sum.Resumed)
	}
	failed := m.Cases - m.NoError - m.Recovered
	fmt.Fprintf(e.stdout, "cases: %d passed, %d passed after recovery, %d failed; %d invalid, %d skipped, %d not run\n",
		m.NoError, m.Recovered, failed, m.Invalid, m.Skipped, sum.Total-sum.Resumed-sum.Ran)
	fmt.Fprintf(e.stdout, "no error: %d of %d cases (%.2f, 95%% CI %s)", m.NoError, m.Cases, m.NoErrorRate, ciText(m.NoError, m.Cases))
	if m.Recovered > 0 {
		fmt.Fprintf(e.stdout, "; passed after recovering from an error: %d more (%.2f, 95%% CI %s)", m.Recovered, m.RecoveredRate, ciText(m.Recovered, m.Cases))
	}
	fmt.Fprintln(e.stdout)
	printUsage(e.stdout, r)
	if sum.NotRecorded > 0 {
		fmt.Fprintf(e.stdout, "not recorded: %d cases must be recorded again: the replayed recording lacks a model or API call of theirs (each is skipped, saying why)\n", sum.NotRecorded)
	}
	if m.Invalid > 0 {
		fmt.Fprintf(e.stdout, "invalid: %d cases whose direct call did not hold (failed, or came back empty) are left out of every rate; the report says why\n", m.Invalid)
	}
	for reason, n := range skipReasons(r) {
		fmt.Fprintf(e.stdout, "skipped: %d cases: %s\n", n, reason)
	}
	fmt.Fprintln(e.stdout)
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ERROR CLASS\tCASES\tRATE\t95% CI")
	for _, c := range m.Classes {
		if c.Cases > 0 {
			fmt.Fprintf(tw, "%s\t%d\t%.2f\t%s\n", c.Class.Info().Name, c.Cases, c.Rate, ciText(c.Cases, m.Cases))
		}
	}
	tw.Flush()
	if len(m.Naturalness) > 0 {
		fmt.Fprintln(e.stdout)
		tw = tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "NATURALNESS\tCASES\tNO ERROR\t95% CI")
		for _, l := range m.Naturalness {
			fmt.Fprintf(tw, "%d\t%d\t%.2f\t%s\n", l.Level, l.Cases, l.NoErrorRate, ciText(l.NoError, l.Cases))
		}
		tw.Flush()
	}
	if len(m.Scenarios) > 0 {
		fmt.Fprintln(e.stdout)
		tw = tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "SCENARIO\tCASES\tNO ERROR\t95% CI\tAFTER RECOVERY")
		for _, sc := range m.Scenarios {
			fmt.Fprintf(tw, "%s\t%d\t%.2f\t%s\t%d\n", sc.Scenario, sc.Cases, sc.NoErrorRate, ciText(sc.NoError, sc.Cases), sc.Recovered)
		}
		tw.Flush()
	}
	fmt.Fprintln(e.stdout)
	for _, b := range m.Bands {
		fmt.Fprintf(e.stdout, "tools passing %s%% of their cases: %d (%.2f)\n", b.Band, b.Tools, b.Fraction)
	}
	printTrials(e.stdout, r)
	if err := report.WriteWith(dir, r, report.WriteOptions{JUnit: junitMode, Gate: g}); err != nil {
		return e.failf("report: %v", err)
	}
	fmt.Fprintf(e.stdout, "\nrun recorded in %s; report: %s\n", dir, filepath.Join(dir, "report.html"))
	if sum.NotRecorded > 0 {
		fmt.Fprintf(e.stderr, "agentready: %d cases must be recorded again (run with --record)\n", sum.NotRecorded)
		return exitError
	}
	return exitOK
}

// skipReasons counts the skipped cases of a run by reason.
func skipReasons(r *report.Run) map[string]int {
	out := map[string]int{}
	for _, rec := range r.Records {
		if rec.Skipped != "" {
			out[rec.Skipped]++
		}
	}
	return out
}

// printUsage prints what the run's model used, and its cost when the
// price is known.
func printUsage(w io.Writer, r *report.Run) {
	u := runner.Usages(r.Records, r.Info.Price)[0]
	if u.Cases == 0 {
		return
	}
	estimated := ""
	if u.Estimated {
		estimated = " (estimated by counting: the model reported no usage)"
	}
	fmt.Fprintf(w, "model usage: %d prompt + %d completion tokens over %d cases, %d per case, %.0f input tokens per turn (toolset %s)%s",
		u.Prompt, u.Completion, u.Cases, u.Tokens()/u.Cases, u.PromptPerTurn(), runner.ToolsetOf(r.Info.Settings), estimated)
	if u.HasCost {
		fmt.Fprintf(w, "; cost $%.4f at $%.2f/$%.2f per million", u.Cost, r.Info.Price.Input, r.Info.Price.Output)
	}
	fmt.Fprintln(w)
}

// shardFlag is --shard i/n, read when the flags are parsed.
type shardFlag struct{ s *runner.Shard }

func (f shardFlag) String() string {
	if f.s == nil || f.s.Count == 0 {
		return ""
	}
	return f.s.String()
}

func (f shardFlag) Set(v string) (err error) {
	*f.s, err = runner.ParseShard(v)
	return err
}
