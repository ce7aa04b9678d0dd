package cli

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/agentready/agentready/gen/catalog"
	genexample "github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/harness/models"
	runner "github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/harness/utter"
	"github.com/agentready/agentready/internal/oneshot"
)

// defaultCasesFile is where cases go when neither --out nor the config file
// says.
var defaultCasesFile = filepath.Join("testdata", "agentready", "cases.jsonl")

func runCases(e *env, args []string) int {
	fs := newFlags(e, "cases", "[--config agentready.yaml | --spec FILE] [--graph FILE] [--base-url URL] [--out FILE] [flags]")
	var sf specFlags
	sf.register(fs)
	var graphFile string
	registerGraph(fs, &graphFile)
	var out string
	fs.StringVar(&out, "out", "", "the cases file to write (default: the config's cases:, else "+defaultCasesFile+")")
	shortForm(fs, "o", "out")
	var perTool int
	registerPerTool(fs, &perTool)
	chains := fs.Int("chains", cases.DefaultChains, "multi-step cases per tool whose inputs the graph fills (0: none)")
	var seed uint64
	registerSeed(fs, &seed)
	dataFile := fs.String("data", "", "YAML or JSON file of test data per tool or argument, kept as it is")
	var allow bool
	registerAllowMutations(fs, &allow)
	proposed := fs.Bool("use-proposed", false, "also use the graph's proposed edges, not only the approved ones")
	offline := fs.Bool("offline", false, "call nothing: synthesized values only, no multi-step cases")
	noAsk := fs.Bool("no-ask", false, "make no multi-turn (ask) cases, whose first message leaves out a value the agent must ask for")
	noVerify := fs.Bool("no-verify", false, "do not make each case's direct call to check that it holds (it succeeds, with data where the tool returns data)")
	perCase := fs.Int("utterances", utter.DefaultPerCase, "utterances per case")
	modelName := fs.String("model", "", "write utterances with this chat model and keep those its judge rates accurate and natural (default: templates; see --model-concurrency, --max-tokens, --max-cost, --record, --replay)")
	var use modelUse
	use.register(fs)
	var timeout time.Duration
	registerTimeout(fs, &timeout, 30*time.Second)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "agentready cases: unexpected argument %q\n", fs.Arg(0))
		return exitUsage
	}
	if perTool < 1 {
		return e.failf("--per-tool %d: must be at least 1", perTool)
	}
	if *perCase < 1 {
		return e.failf("--utterances %d: must be at least 1", *perCase)
	}
	if err := use.check(); err != nil {
		return e.usagef("cases", "%v", err)
	}
	p, api, ok := e.loadAPI(&sf, setFlags(fs))
	if !ok {
		return exitError
	}
	if out == "" {
		out = p.cfg.Cases
	}
	if out == "" {
		out = defaultCasesFile
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var err error
	warn := func(format string, args ...any) { fmt.Fprintf(e.stderr, "warning: "+format+"\n", args...) }
	opts := cases.Options{PerTool: perTool, Chains: *chains, Seed: seed, UseProposed: *proposed, Log: warn, Verify: !*noVerify, NoAsk: *noAsk}
	if *chains == 0 {
		opts.Chains = -1
	}
	if *dataFile != "" {
		if opts.Data, err = cases.LoadData(*dataFile); err != nil {
			return e.failf("test data: %v", err)
		}
	}
	if !*offline {
		g, ok := e.casesGraph(graphFile, p.cfg.Graph, api)
		if !ok {
			return exitError
		}
		opts.Graph = g
		mayMutate := p.mayWrite(allow)
		opts.AllowMutations = mayMutate
		// The API is called to check each case and, with a graph, to find
		// real values.
		client, err := catalog.NewClient(api, p.cfg.BaseURL, toolrt.WithTimeout(timeout))
		if err != nil {
			return e.failf("%v (or make the cases without the API: --offline)", err)
		}
		cat, err := catalog.Bind(api, client, allowWrites(api, mayMutate))
		if err != nil {
			return e.failf("%v", err)
		}
		if err := runner.Preflight(ctx, cat); err != nil {
			return e.failf("%v (cases call the API to find real values and to check each case: --offline makes them without it)", err)
		}
		opts.Catalog = cat
	}
	cs, rep, err := cases.Generate(ctx, api, opts)
	if err != nil {
		return e.failf("%v", err)
	}
	// The cases are made: what follows checks no value against a schema,
	// and the checkers compiled for that would only be marked by every
	// collection until the command ends.
	genexample.Forget(api)
	// Utterances are written and judged in a heap a fraction of what
	// making the cases held: they may fill what the process already
	// holds before a collection (oneshot), and the pace is put back
	// when the command ends.
	defer oneshot.Saved()()
	oneshot.AfterLoad()
	tmpl, err := utter.NewTemplates(utter.TemplateOptions{Seed: seed, PerCase: *perCase})
	if err != nil {
		return e.failf("%v", err)
	}
	var writer utter.Generator = tmpl
	var llm *usedModel
	if *modelName != "" {
		if kind, _, _ := strings.Cut(strings.TrimSpace(*modelName), ":"); kind == models.KindBaseline || kind == "" {
			return e.failf("--model %s: utterances need a language model (openai:NAME, anthropic:MODEL, ...); leave --model out for template utterances", *modelName)
		}
		if llm, err = use.open(ctx, *modelName, p.cfg.Prices); err != nil {
			return e.failf("%v", err)
		}
		defer llm.close()
		fmt.Fprintf(e.stderr, "agentready: utterances written by %s and judged by it\n", llm.info.Name)
		if writer, err = utter.NewLLM(llm, utter.LLMOptions{Name: *modelName, PerCase: *perCase, Fallback: tmpl}); err != nil {
			return e.failf("%v", err)
		}
	}
	described := opts.Catalog
	if described == nil {
		described = catalog.Describe(api)
	}
	cs, judged, err := utter.Annotate(ctx, described, cs, writer)
	if err != nil {
		return e.failf("utterances: %v", err)
	}
	if err := cases.Write(out, cs); err != nil {
		return e.failf("%v", err)
	}
	tools := map[string]bool{}
	counts := map[cases.Scenario]int{}
	for _, c := range cs {
		tools[c.Tool] = true
		counts[c.Scenario]++
	}
	fmt.Fprintf(e.stdout, "wrote %d cases for %d tools to %s (required %d, subset %d, all %d, chain %d, ask %d)\n",
		len(cs), len(tools), out, counts[cases.Required], counts[cases.Subset], counts[cases.All], counts[cases.Chain], counts[cases.Ask])
	if opts.Catalog != nil {
		fmt.Fprintf(e.stdout, "real values for %d tools from %d producer calls\n", len(rep.Harvested), rep.Calls)
	}
	printVerification(e.stdout, rep, "")
	fmt.Fprintf(e.stdout, "utterances: %s\n", judged)
	if llm != nil {
		fmt.Fprintf(e.stdout, "model usage: %s\n", llm.Usage())
		if stopped := llm.Stopped(); stopped != nil {
			fmt.Fprintf(e.stderr, "agentready: stopped calling the model at the budget (%v): the cases after that have template utterances\n", stopped)
		}
	}
	return exitOK
}

// printVerification says how the check of the cases' direct calls went:
// how many held, were repaired, were not checked, and why cases were
// dropped, grouped by tool and reason.
func printVerification(w io.Writer, rep *cases.Report, indent string) {
	if rep.Verified+rep.Unverified+len(rep.Dropped) == 0 {
		return
	}
	fmt.Fprintf(w, "%sground truths: %d direct calls held (%d after a repair), %d dropped", indent, rep.Verified, rep.Repaired, len(rep.Dropped))
	if rep.Unverified > 0 {
		fmt.Fprintf(w, ", %d not checked (they change state; --allow-mutations checks them)", rep.Unverified)
	}
	fmt.Fprintln(w)
	type group struct {
		tool, reason string
		n            int
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, d := range rep.Dropped {
		k := d.Tool + "\x00" + d.Reason
		if byKey[k] == nil {
			byKey[k] = &group{tool: d.Tool, reason: d.Reason}
			groups = append(groups, byKey[k])
		}
		byKey[k].n++
	}
	for _, g := range groups {
		fmt.Fprintf(w, "%s  dropped %d %s: %s\n", indent, g.n, g.tool, g.reason)
	}
}

// hintGraph reads the dependency graph whose producers a run names in
// the tools' descriptions: the flag's file, else the config's, else
// graph.DefaultFile when present; nil when there is none. ok is false
// when the file cannot be read, which has been reported.
func (e *env) hintGraph(flagPath, cfgPath string, api *ir.API) (g *graph.Graph, ok bool) {
	path := cmp.Or(flagPath, cfgPath)
	found := path == "" && fileExists(graph.DefaultFile)
	if found {
		path = graph.DefaultFile
	}
	if path == "" {
		return nil, true
	}
	if g, ok = e.loadGraph(path); !ok {
		return nil, false
	}
	if graph.Foreign(g, api) {
		what := foreignGraph(path, g)
		if found {
			// Left here by a run on another spec: not this one's.
			fmt.Fprintf(e.stderr, "warning: %s; ignored (pass --graph FILE for this spec's graph)\n", what)
			return nil, true
		}
		e.failf("%s: pass the graph inferred from this spec (agentready graph infer --out FILE)", what)
		return nil, false
	}
	printProblems(e.stderr, graph.Check(g, api), path)
	return g, true
}

// maxWarnedProblems is how many problems of a graph a command that only
// uses it prints; graph check lists them all.
const maxWarnedProblems = 20

// printProblems prints a graph's problems as warnings, at most
// maxWarnedProblems of them, and says how to see the rest.
func printProblems(w io.Writer, ps graph.Problems, path string) {
	for i, p := range ps {
		if i == maxWarnedProblems {
			fmt.Fprintf(w, "warning: %d more problems in %s (agentready graph check --graph %s lists them all); the edges that fit are used\n", len(ps)-i, path, path)
			return
		}
		fmt.Fprintf(w, "warning: %v\n", p)
	}
}

// foreignGraph says that the graph file at path belongs to another API.
func foreignGraph(path string, g *graph.Graph) string {
	from := ""
	if g.Spec != "" {
		from = fmt.Sprintf(" (inferred from %s)", g.Spec)
	}
	return fmt.Sprintf("%s%s names none of this spec's tools in its %d edges: it is the graph of another API", path, from, len(g.Edges))
}

// producerHints are the producer hints of the graph hintGraph finds, per
// tool and input; nil without a graph.
func (e *env) producerHints(flagPath, cfgPath string, api *ir.API) (map[string]map[string]string, bool) {
	g, ok := e.hintGraph(flagPath, cfgPath, api)
	if !ok || g == nil {
		return nil, ok
	}
	return graph.Hints(g, api), true
}

// casesGraph reads the dependency graph: the flag's file, else the
// config's, else graph.DefaultFile when present. No graph is not an error
// (cases then use synthesized values only); a graph that does not fit the
// spec is reported and used for what does fit. ok is false when the file
// cannot be read, which has been reported.
func (e *env) casesGraph(flagPath, cfgPath string, api *ir.API) (g *graph.Graph, ok bool) {
	if g, ok = e.hintGraph(flagPath, cfgPath, api); !ok {
		return nil, false
	}
	if g == nil {
		fmt.Fprintf(e.stderr, "warning: no dependency graph (run agentready graph infer, review it, pass --graph): values are synthesized only\n")
		return nil, true
	}
	if n := g.Counts()[graph.Approved]; n == 0 {
		fmt.Fprintf(e.stderr, "warning: %s has no approved edges: review it (agentready graph approve) or pass --use-proposed\n", g.File)
	}
	return g, true
}
