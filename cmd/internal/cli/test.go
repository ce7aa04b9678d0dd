package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/report"
	"github.com/agentready/agentready/harness/retrieve"
	runner "github.com/agentready/agentready/harness/run"
)

// testSettings are what `agentready test` and `agentready demo` share.
type testSettings struct {
	model        string
	out          string
	parallel     int
	k            int
	rounds       int
	seed         int64
	resume       bool
	resultTokens int
	timeout      time.Duration
	ablate       listFlag
}

func (s *testSettings) register(fs *flag.FlagSet) {
	fs.StringVar(&s.model, "model", "baseline", `the agent's model: "baseline" (offline, deterministic), "openai:NAME" (OPENAI_BASE_URL, OPENAI_API_KEY) or "ollama:NAME" (OLLAMA_HOST)`)
	fs.StringVar(&s.out, "out", "", "run directory (default runs/<time>)")
	fs.IntVar(&s.parallel, "parallel", 4, "cases run at once")
	fs.IntVar(&s.k, "k", runner.DefaultK, "similar tools the agent gets beside the target")
	fs.IntVar(&s.rounds, "rounds", runner.DefaultRounds, "tool calls the agent may make per case")
	fs.Int64Var(&s.seed, "seed", 1, "seed (which utterance of a case is used)")
	fs.BoolVar(&s.resume, "resume", false, "continue an interrupted run in --out, skipping the cases it recorded")
	fs.IntVar(&s.resultTokens, "result-tokens", toolrt.DefaultResultTokens, "token budget of one tool result")
	fs.DurationVar(&s.timeout, "timeout", 30*time.Second, "give up on one API request after this long")
	fs.Var(&s.ablate, "ablate", "hide parts of every tool definition from the model to measure what they are worth: example, constraints, meanings (comma-separated)")
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
}

// execute runs the cases and returns the run directory and its summary.
func (j *testJob) execute(ctx context.Context, progress io.Writer) (string, *runner.Summary, models.Info, error) {
	chat, info, err := models.New(ctx, j.settings.model)
	if err != nil {
		return "", nil, info, fmt.Errorf("--model %s: %w", j.settings.model, err)
	}
	opts := append([]toolrt.Option{toolrt.WithHTTPClient(&http.Client{Timeout: j.settings.timeout})}, j.clientOp...)
	client, err := catalog.NewClient(j.api, j.baseURL, opts...)
	if err != nil {
		return "", nil, info, err
	}
	cat, err := catalog.New(j.api, client,
		allowWrites(j.api, j.mayWrite),
		toolrt.WithResultOptions(toolrt.ResultOptions{MaxTokens: j.settings.resultTokens, Timeout: j.settings.timeout}))
	if err != nil {
		return "", nil, info, err
	}
	similar := retrieve.SimilarTools(cat)
	shown, err := runner.Ablation(j.settings.ablate)
	if err != nil {
		return "", nil, info, fmt.Errorf("--ablate: %w", err)
	}
	dir := j.settings.out
	if dir == "" {
		dir = filepath.Join("runs", time.Now().UTC().Format("2006-01-02T150405"))
	}
	sum, err := runner.Run(ctx, j.cases, runner.Options{
		Dir: dir, Catalog: cat, API: j.api, Model: chat, ModelInfo: info, Similar: similar,
		Shown: shown, K: j.settings.k, Rounds: j.settings.rounds, Parallel: j.settings.parallel, Seed: j.settings.seed,
		CasesFile: j.file, ResultTokens: j.settings.resultTokens, Resume: j.settings.resume, Progress: progress,
		Nonce: j.nonce,
	})
	return dir, sum, info, err
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
	var sf specFlags
	sf.register(fs)
	var ts testSettings
	ts.register(fs)
	casesFile := fs.String("cases", "", "the cases file (default: the config's cases:, else "+defaultCasesFile+")")
	allow := fs.Bool("allow-mutations", false, "run cases of tools that change state (POST, PUT, PATCH, DELETE): only against a system you may change")
	minNoError := fs.Float64("min-no-error", 0, "fail (exit 1) when the fraction of cases without any error is below this")
	against := fs.String("against", "", "a baseline run directory: fail (exit 1) when a tool's pass rate falls below it")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "agentready test: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	p, api, ok := e.loadAPI(&sf, setFlags(fs))
	if !ok {
		return exitError
	}
	file := *casesFile
	if file == "" {
		file = p.cfg.Cases
	}
	if file == "" {
		file = defaultCasesFile
	}
	cs, err := cases.Read(file)
	if err != nil {
		return e.failf("%v (make cases with agentready cases)", err)
	}
	mayWrite := p.mayWrite(*allow)
	keep, held := runnable(api, cs, mayWrite)
	if held > 0 {
		fmt.Fprintf(e.stderr, "agentready: %d of %d cases change state and were left out (--allow-mutations runs them)\n", held, len(cs))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	job := &testJob{api: api, baseURL: p.cfg.BaseURL, cases: keep, file: file, mayWrite: mayWrite, settings: ts}
	dir, sum, info, err := job.execute(ctx, e.stderr)
	if err != nil {
		return e.failf("%v", err)
	}
	code := e.finishRun(dir, sum, info)
	if *minNoError > 0 && sum.Metrics.NoErrorRate < *minNoError {
		fmt.Fprintf(e.stderr, "agentready: FAIL: no-error fraction %.2f is below --min-no-error %.2f\n", sum.Metrics.NoErrorRate, *minNoError)
		code = exitGate
	}
	if *against != "" {
		if regressed, err := e.compareRuns(*against, dir); err != nil {
			return e.failf("--against %s: %v", *against, err)
		} else if regressed {
			code = exitGate
		}
	}
	return code
}

// finishRun writes the reports of a run and prints its summary.
func (e *env) finishRun(dir string, sum *runner.Summary, info models.Info) int {
	m := sum.Metrics
	fmt.Fprintf(e.stdout, "\nagentready: model %s; %d cases (%d run now, %d from before), %d skipped\n",
		info.Name, sum.Total, sum.Ran, sum.Resumed, m.Skipped)
	fmt.Fprintf(e.stdout, "no error: %d of %d cases (%.2f)", m.NoError, m.Cases, m.NoErrorRate)
	if m.Recovered > 0 {
		fmt.Fprintf(e.stdout, "; passed after recovering from an error: %d more (%.2f)", m.Recovered, m.RecoveredRate)
	}
	fmt.Fprintln(e.stdout)
	if m.Invalid > 0 {
		fmt.Fprintf(e.stdout, "invalid: %d cases whose direct call did not hold (failed, or came back empty) are left out of every rate; the report says why\n", m.Invalid)
	}
	fmt.Fprintln(e.stdout)
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ERROR CLASS\tCASES\tRATE")
	for _, c := range m.Classes {
		if c.Cases > 0 {
			fmt.Fprintf(tw, "%s\t%d\t%.2f\n", c.Class.Info().Name, c.Cases, c.Rate)
		}
	}
	tw.Flush()
	fmt.Fprintln(e.stdout)
	for _, b := range m.Bands {
		fmt.Fprintf(e.stdout, "tools passing %s%% of their cases: %d (%.2f)\n", b.Band, b.Tools, b.Fraction)
	}
	r, err := writeReports(dir)
	if err != nil {
		return e.failf("report: %v", err)
	}
	if n := unanswered(r); n > 0 && n == len(r.Records) {
		fmt.Fprintf(e.stderr, "agentready: warning: no direct call got a response from the API: is --base-url (or base_url) right, and is the API up?\n")
	}
	fmt.Fprintf(e.stdout, "\nrun recorded in %s; report: %s\n", dir, filepath.Join(dir, "report.html"))
	return exitOK
}

// writeReports writes report.html, report.md and junit.xml into a run
// directory and returns the run they were made from.
func writeReports(dir string) (*report.Run, error) {
	r, err := report.Load(dir)
	if err != nil {
		return nil, err
	}
	return r, report.Write(dir, r)
}

// unanswered counts the cases whose direct call, or a call made to
// prepare it, got no response at all.
func unanswered(r *report.Run) int {
	silent := func(kind string) bool {
		return kind == string(toolrt.ResultUnreachable) || kind == string(toolrt.ResultTimeout)
	}
	n := 0
	for _, rec := range r.Records {
		hit := rec.Direct != nil && silent(rec.Direct.Result.Kind)
		for _, p := range rec.Prep {
			hit = hit || p.Leg == "direct" && silent(p.Result.Kind)
		}
		if hit {
			n++
		}
	}
	return n
}

// compareRuns compares a run with a baseline run, prints the summary and
// writes comparison.md in the new run; it reports whether anything
// regressed.
func (e *env) compareRuns(oldDir, newDir string) (bool, error) {
	old, err := report.Load(oldDir)
	if err != nil {
		return false, err
	}
	cur, err := report.Load(newDir)
	if err != nil {
		return false, err
	}
	c := report.Compare(old, cur)
	fmt.Fprintln(e.stdout, c.Summary())
	if err := os.WriteFile(filepath.Join(newDir, "comparison.md"), []byte(c.Markdown()), 0o644); err != nil {
		return false, err
	}
	return c.Regressed(), nil
}
