package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/config"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/harness/models"
	runner "github.com/agentready/agentready/harness/run"
)

// graphCommands are the subcommands of `agentready graph`.
var graphCommands = []struct{ name, summary string }{
	{"infer", "infer the dependency graph from the spec and write it (keeping earlier reviews)"},
	{"show", "print the graph as text, or as a Mermaid or DOT picture"},
	{"approve", "approve edges: FROM TO, --pattern ID, or --all-above CONFIDENCE"},
	{"reject", "reject edges: FROM TO, --pattern ID, or --all-below CONFIDENCE"},
	{"check", "validate the graph file against the spec"},
	{"plan", "print the calls that fill a tool's run-time inputs"},
}

func runGraph(e *env, args []string) int {
	if len(args) == 0 {
		graphUsage(e.stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		graphUsage(e.stdout)
		return exitOK
	case "infer":
		return runGraphInfer(e, args[1:])
	case "show":
		return runGraphShow(e, args[1:])
	case "approve":
		return runGraphDecide(e, "approve", graph.Approved, args[1:])
	case "reject":
		return runGraphDecide(e, "reject", graph.Rejected, args[1:])
	case "check":
		return runGraphCheck(e, args[1:])
	case "plan":
		return runGraphPlan(e, args[1:])
	}
	fmt.Fprintf(e.stderr, "agentready graph: unknown subcommand %q\n\n", args[0])
	graphUsage(e.stderr)
	return exitUsage
}

func graphUsage(w io.Writer) {
	fmt.Fprintln(w, "agentready graph works with the tool dependency graph: which tool's output feeds which tool's input.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: agentready graph <subcommand> [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Subcommands:")
	for _, c := range graphCommands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "The graph file is --graph FILE, else the config's graph: entry, else %s.\n", graph.DefaultFile)
	fmt.Fprintln(w, "Run `agentready graph <subcommand> -h` for a subcommand's flags.")
}

// parseGraphArgs parses flags that may come before, between or after
// the positional arguments, and returns the positional ones.
func parseGraphArgs(fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var pos []string
	for {
		if code, ok := parseFlags(fs, args); !ok {
			return nil, code, false
		}
		rest := fs.Args()
		i := 0
		for i < len(rest) && !strings.HasPrefix(rest[i], "-") {
			pos = append(pos, rest[i])
			i++
		}
		if i == len(rest) {
			return pos, 0, true
		}
		if rest[i] == "--" {
			return append(pos, rest[i+1:]...), 0, true
		}
		args = rest[i:]
	}
}

// graphPath returns the graph file: the --graph flag, else the config's
// graph: entry (or agentready.graph.yaml beside the config), else
// agentready.graph.yaml here.
func graphPath(flagPath, configPath, specPath string) (string, error) {
	if flagPath != "" {
		return flagPath, nil
	}
	path := configPath
	if path == "" && specPath == "" && fileExists(config.DefaultFile) {
		path = config.DefaultFile
	}
	if path != "" {
		c, err := config.Load(path)
		if err != nil {
			return "", err
		}
		if c.Graph != "" {
			return c.Graph, nil
		}
		return filepath.Join(filepath.Dir(path), graph.DefaultFile), nil
	}
	return graph.DefaultFile, nil
}

// loadAPI loads the spec the flags name.
func (e *env) loadAPI(sf *specFlags, set map[string]bool) (*project, *ir.API, bool) {
	p, err := sf.resolve(set)
	if err != nil {
		e.failf("%v", err)
		return nil, nil, false
	}
	api, warnings, err := gen.Load(p.opts)
	e.printWarnings(warnings, p.opts, sf.verbose)
	if err != nil {
		e.reportError(err, p.opts.Spec)
		return nil, nil, false
	}
	return p, api, true
}

// loadGraph loads a graph file, printing its problems.
func (e *env) loadGraph(path string) (*graph.Graph, bool) {
	g, err := graph.Load(path)
	return e.graphLoaded(path, g, err)
}

// graphLoaded is loadGraph's answer for what graph.Load returned.
func (e *env) graphLoaded(path string, g *graph.Graph, err error) (*graph.Graph, bool) {
	if err != nil {
		var ps graph.Problems
		if errors.As(err, &ps) {
			fmt.Fprintln(e.stderr, ps.Error())
			e.failf("%s: %d problems", path, len(ps))
			return nil, false
		}
		e.failf("%v", err)
		return nil, false
	}
	return g, true
}

func runGraphInfer(e *env, args []string) int {
	fs := newFlags(e, "graph infer", "[--config agentready.yaml | --spec FILE] [--out FILE] [flags]")
	var sf specFlags
	sf.register(fs)
	out := fs.String("out", "", "graph file to write (default: the config's graph:, else "+graph.DefaultFile+")")
	shortForm(fs, "o", "out")
	model := fs.String("model", "none", `after the rules, a model proposes the edges they missed ("openai:gpt-4o", any --model of test but baseline; see --model-concurrency, --max-tokens, --max-cost, --record, --replay); "none" runs the deterministic rules only`)
	var use modelUse
	use.register(fs)
	minConf := fs.Float64("min-confidence", graph.DefaultMinConfidence, "prune edges less confident than this")
	maxProducers := fs.Int("max-producers", graph.DefaultMaxProducers, "keep at most this many producers for each input (-1: no cap)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "agentready graph infer: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	withModel := strings.TrimSpace(*model) != "" && strings.TrimSpace(*model) != "none"
	if err := use.check(); err != nil {
		return e.usagef("graph infer", "%v", err)
	}
	if kind, _, _ := strings.Cut(strings.TrimSpace(*model), ":"); withModel && (kind == models.KindBaseline || kind == "") {
		return e.usagef("graph infer", "--model %s: proposing edges needs a language model (openai:NAME, anthropic:MODEL, ...); --model none runs the rules only", *model)
	}
	set := setFlags(fs)
	p, api, ok := e.loadAPI(&sf, set)
	if !ok {
		return exitError
	}
	path := *out
	if path == "" {
		path = p.cfg.Graph
	}
	if path == "" {
		dir := "."
		if p.cfg.File != "" {
			dir = filepath.Dir(p.cfg.File)
		}
		path = filepath.Join(dir, graph.DefaultFile)
	}
	start := time.Now()
	g := graph.Infer(api, graph.Options{MinConfidence: *minConf, MaxProducers: *maxProducers, Spec: graphRelPath(path, p.opts.Spec)})
	inferred := len(g.Edges)
	var before map[graph.Status]int
	if fileExists(path) {
		old, ok := e.loadGraph(path)
		if !ok {
			return exitError
		}
		if graph.Foreign(old, api) {
			// Merging would keep every edge of the other API as stale.
			return e.failf("%s: nothing written; pass --out FILE to write this spec's graph elsewhere, or move that file away", foreignGraph(path, old))
		}
		before = old.Counts()
		g = graph.Merge(old, g)
	}
	if withModel {
		// After the merge, so that the model is not asked about inputs
		// the reviewer's edges fill, and a rejected edge it proposes
		// again stays rejected.
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		if code, ok := e.proposeEdges(ctx, api, g, *model, &use, p.cfg.Prices); !ok {
			return code
		}
	}
	if err := g.Save(path); err != nil {
		return e.failf("%v", err)
	}
	c := g.Counts()
	fmt.Fprintf(e.stdout, "agentready: wrote %s: %d edges (%d proposed, %d approved, %d rejected, %d stale) for %d tools; %d inferred by rules in %s\n",
		path, len(g.Edges), c[graph.Proposed], c[graph.Approved], c[graph.Rejected], c[graph.Stale], len(api.Operations),
		inferred, time.Since(start).Round(time.Millisecond))
	if before != nil {
		fmt.Fprintf(e.stdout, "agentready: kept the %d approved and %d rejected edges of the earlier file; %d edges are stale (see their why)\n",
			before[graph.Approved], before[graph.Rejected], c[graph.Stale])
	}
	return exitOK
}

// graphFileFlags are the flags of the subcommands that read a graph file
// and not necessarily the spec.
type graphFileFlags struct {
	file   string
	config string
}

func (g *graphFileFlags) register(fs *flag.FlagSet) {
	registerGraphFile(fs, &g.file)
	registerConfig(fs, &g.config)
}

// registerGraphFile declares --graph, and -g, its old spelling under
// graph.
func registerGraphFile(fs *flag.FlagSet, p *string) {
	registerGraph(fs, p)
	deprecate(fs, "g", "graph")
}

func runGraphShow(e *env, args []string) int {
	fs := newFlags(e, "graph show", "[--graph FILE] [--format text|mermaid|dot] [--patterns | --stats] [--status S,...] [--tool TOOL] [--min-confidence C]")
	var gf graphFileFlags
	gf.register(fs)
	format := fs.String("format", graph.FormatText, "text, mermaid or dot")
	var statuses listFlag
	fs.Var(&statuses, "status", "show only edges with these statuses (proposed, approved, rejected, stale)")
	tool := fs.String("tool", "", "show only the edges into or out of this tool")
	patterns := fs.Bool("patterns", false, "group the edges by pattern (producer and mappings), the most worth deciding first")
	stats := fs.Bool("stats", false, "print the calibration table: edges per confidence band and how often judged edges in it were right")
	minConf := fs.String("min-confidence", "", "show only edges at least this confident")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "agentready graph show: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if *stats && *patterns {
		fmt.Fprintln(e.stderr, "agentready graph show: --stats and --patterns are two views; pick one")
		return exitUsage
	}
	minC, ok := parseConfidence(e, "show", *minConf)
	if !ok {
		return exitUsage
	}
	path, err := graphPath(gf.file, gf.config, "")
	if err != nil {
		return e.failf("%v", err)
	}
	g, ok := e.loadGraph(path)
	if !ok {
		return exitError
	}
	if *stats {
		if err := graph.RenderStats(e.stdout, g); err != nil {
			return e.failf("%v", err)
		}
		return exitOK
	}
	opts := graph.RenderOptions{Format: *format, Tool: *tool, Patterns: *patterns, MinConfidence: minC}
	for _, s := range statuses {
		opts.Statuses = append(opts.Statuses, graph.Status(s))
	}
	if err := graph.Render(e.stdout, g, opts); err != nil {
		return e.failf("%v", err)
	}
	return exitOK
}

func runGraphDecide(e *env, verb string, status graph.Status, args []string) int {
	fs := newFlags(e, "graph "+verb, "[--graph FILE] FROM TO | --pattern ID[,ID...] [--min-confidence C] | --all-above CONFIDENCE | --all-below CONFIDENCE")
	var gf graphFileFlags
	gf.register(fs)
	above := fs.String("all-above", "", verb+" every proposed edge at least this confident")
	below := fs.String("all-below", "", verb+" every proposed edge less confident than this")
	var patterns listFlag
	fs.Var(&patterns, "pattern", verb+" the proposed edges of these patterns (IDs from graph show --patterns); without --min-confidence the decision also holds for edges a later inference adds to them")
	minConf := fs.String("min-confidence", "", "with --pattern: only edges at least this confident")
	pos, code, ok := parseGraphArgs(fs, args)
	if !ok {
		return code
	}
	bulk := *above != "" || *below != "" || len(patterns) > 0
	if bulk && len(pos) > 0 || !bulk && len(pos) != 2 {
		fmt.Fprintf(e.stderr, "agentready graph %s: give the producer and consumer of one edge (FROM TO), --pattern ID, or --all-above/--all-below CONFIDENCE\n", verb)
		return exitUsage
	}
	minC, ok := parseConfidence(e, verb, *minConf)
	if !ok {
		return exitUsage
	}
	if *minConf != "" && len(patterns) == 0 {
		fmt.Fprintf(e.stderr, "agentready graph %s: --min-confidence goes with --pattern (use --all-above alone for a threshold)\n", verb)
		return exitUsage
	}
	path, err := graphPath(gf.file, gf.config, "")
	if err != nil {
		return e.failf("%v", err)
	}
	g, ok := e.loadGraph(path)
	if !ok {
		return exitError
	}
	n := 0
	for _, b := range []struct {
		v     string
		above bool
	}{{*above, true}, {*below, false}} {
		if b.v == "" {
			continue
		}
		f, err := strconv.ParseFloat(b.v, 64)
		if err != nil || f < 0 || f > 1 {
			fmt.Fprintf(e.stderr, "agentready graph %s: %q is not a confidence from 0 to 1\n", verb, b.v)
			return exitUsage
		}
		if b.above {
			n += g.SetStatusAbove(f, status)
		} else {
			n += g.SetStatusBelow(f, status)
		}
	}
	for _, id := range patterns {
		m, err := g.SetPatternStatus(id, status, minC)
		if err != nil {
			return e.failf("%s: %v", path, err)
		}
		n += m
	}
	if !bulk {
		if err := g.SetStatus(pos[0], pos[1], status); err != nil {
			return e.failf("%s: %v", path, err)
		}
		n = 1
	}
	if err := g.Save(path); err != nil {
		return e.failf("%v", err)
	}
	fmt.Fprintf(e.stdout, "agentready: %s: %d edges %s\n", path, n, status)
	return exitOK
}

func runGraphCheck(e *env, args []string) int {
	fs := newFlags(e, "graph check", "[--config agentready.yaml | --spec FILE] [--graph FILE] [--format text|json|sarif | --json]")
	var sf specFlags
	sf.register(fs)
	var file string
	registerGraphFile(fs, &file)
	var ff formatFlags
	ff.register(fs)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "agentready graph check: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	format, code, ok := ff.resolve(e, "graph check", fs)
	if !ok {
		return code
	}
	path, err := graphPath(file, sf.config, sf.spec)
	if err != nil {
		return e.failf("%v", err)
	}
	var ps graph.Problems
	g, err := graph.Load(path)
	if errors.As(err, &ps) && format != "text" {
		return e.writeGraphFindings(format, path, ps)
	}
	if g, ok = e.graphLoaded(path, g, err); !ok {
		return exitError
	}
	_, api, ok := e.loadAPI(&sf, setFlags(fs))
	if !ok {
		return exitError
	}
	ps = graph.Check(g, api)
	if format != "text" {
		return e.writeGraphFindings(format, path, ps)
	}
	if len(ps) > 0 {
		fmt.Fprintln(e.stderr, ps.Error())
		return e.failf("%s: %d problems", path, len(ps))
	}
	fmt.Fprintf(e.stdout, "agentready: %s: %d edges fit the spec\n", path, len(g.Edges))
	return exitOK
}

// writeGraphFindings prints the problems of the graph file path as
// findings (a JSON array, or SARIF), and fails when there are any.
func (e *env) writeGraphFindings(format, path string, ps graph.Problems) int {
	fs := graph.Findings(ps)
	var err error
	if format == "sarif" {
		err = finding.WriteSARIF(e.stdout, finding.Driver{Name: "agentready graph check"}, fs, finding.RepoRoot(path))
	} else {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(fs)
	}
	if err != nil {
		return e.failf("%v", err)
	}
	if len(ps) > 0 {
		return e.failf("%s: %d problems", path, len(ps))
	}
	return exitOK
}

func runGraphPlan(e *env, args []string) int {
	fs := newFlags(e, "graph plan", "[--config agentready.yaml | --spec FILE] [--graph FILE] [--approved-only] TOOL")
	var sf specFlags
	sf.register(fs)
	var file string
	registerGraphFile(fs, &file)
	approvedOnly := fs.Bool("approved-only", false, "use approved edges only (default: approved and proposed)")
	requiredOnly := fs.Bool("required-only", false, "fill only the tool's required inputs")
	pos, code, ok := parseGraphArgs(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 1 {
		fmt.Fprintln(e.stderr, "agentready graph plan: give one tool name")
		return exitUsage
	}
	path, err := graphPath(file, sf.config, sf.spec)
	if err != nil {
		return e.failf("%v", err)
	}
	g, ok := e.loadGraph(path)
	if !ok {
		return exitError
	}
	_, api, ok := e.loadAPI(&sf, setFlags(fs))
	if !ok {
		return exitError
	}
	plan, err := graph.Plan(g, api, pos[0], graph.PlanOptions{ApprovedOnly: *approvedOnly, RequiredOnly: *requiredOnly})
	if err != nil {
		return e.failf("%v", err)
	}
	fmt.Fprint(e.stdout, plan.String())
	return exitOK
}

// parseConfidence parses an optional confidence flag: "" is 0.
func parseConfidence(e *env, verb, v string) (float64, bool) {
	if v == "" {
		return 0, true
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || f > 1 {
		fmt.Fprintf(e.stderr, "agentready graph %s: --min-confidence %q is not a confidence from 0 to 1\n", verb, v)
		return 0, false
	}
	return f, true
}

// graphRelPath returns target relative to the directory of file, with
// forward slashes, so that the graph file names its spec portably.
func graphRelPath(file, target string) string {
	dir, err1 := filepath.Abs(filepath.Dir(file))
	abs, err2 := filepath.Abs(target)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(target)
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil || strings.HasPrefix(rel, ".."+string(filepath.Separator)+"..") {
		return filepath.ToSlash(target)
	}
	return filepath.ToSlash(rel)
}

// proposeEdges asks the model for the edges g's rules missed and adds
// those that check (graph.Propose), printing what it sent, used and
// kept. A budget reached stops the asking cleanly: what was kept is
// written. ok is false when the model failed, which has been reported.
func (e *env) proposeEdges(ctx context.Context, api *ir.API, g *graph.Graph, spec string, use *modelUse, prices map[string]config.Price) (int, bool) {
	m, err := use.open(ctx, spec, prices)
	if err != nil {
		return e.failf("%v", err), false
	}
	defer m.close()
	rep, err := graph.Propose(ctx, api, g, graph.ProposeOptions{Model: m, Name: spec})
	if err != nil && !errors.Is(err, runner.ErrBudget) {
		return e.failf("graph infer --model %s: %v (nothing written; --model none runs the rules only)", spec, err), false
	}
	fmt.Fprintf(e.stdout, "agentready: %s proposed %d edges over %d prompts (%d resources, %d left out): %d kept as proposed (source: model), %d invalid and dropped, %d duplicates, %d answers not the JSON asked for\n",
		spec, rep.Proposed, rep.Prompts, rep.Resources, rep.LeftOut, rep.Kept, rep.Invalid, rep.Duplicates, rep.Unparsed)
	for _, d := range rep.Dropped {
		fmt.Fprintf(e.stderr, "agentready: dropped %s\n", d)
	}
	fmt.Fprintf(e.stdout, "agentready: model usage: %s\n", m.Usage())
	if stopped := m.Stopped(); stopped != nil {
		fmt.Fprintf(e.stderr, "agentready: stopped asking the model at the budget (%v) after %d answers: the edges kept so far are written\n",
			stopped, m.Usage().Calls)
	}
	return exitOK, true
}
