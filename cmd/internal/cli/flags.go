package cli

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/agentready/agentready/gen/config"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/graph"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/replay"
	"github.com/agentready/agentready/harness/report"
	runner "github.com/agentready/agentready/harness/run"
)

// The flags several commands take are declared here, once each: a flag
// has one name, default, help text and check in every command that has
// it. TestSharedFlagsAgree walks every command's flags to keep it so.

// registerConfig declares --config, the configuration file.
func registerConfig(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "config", "", "configuration file (default "+config.DefaultFile+" when present and --spec is not given)")
}

// registerGraph declares --graph, the reviewed dependency graph file.
func registerGraph(fs *flag.FlagSet, p *string) {
	fs.StringVar(p, "graph", "", "the reviewed dependency graph file (default: the config's graph:, else "+graph.DefaultFile+" when present)")
}

// registerTimeout declares --timeout, the bound of one request to the
// API, with the command's default.
func registerTimeout(fs *flag.FlagSet, p *time.Duration, def time.Duration) {
	fs.DurationVar(p, "timeout", def, "give up on one API request after this long")
}

// registerAllowMutations declares --allow-mutations, the opt-in without
// which no request that changes state is sent.
func registerAllowMutations(fs *flag.FlagSet, p *bool) {
	fs.BoolVar(p, "allow-mutations", false, "let tools that change state (POST, PUT, PATCH, DELETE) send their requests: only against a system you may change")
}

// registerResultTokens declares --result-tokens, the token budget of
// one tool result; checkResultTokens checks it.
func registerResultTokens(fs *flag.FlagSet, p *int) {
	fs.IntVar(p, "result-tokens", toolrt.DefaultResultTokens, "token budget of one tool result")
}

func checkResultTokens(n int) error {
	if n < 1 {
		return fmt.Errorf("--result-tokens %d: must be at least 1", n)
	}
	return nil
}

// registerPerTool declares --per-tool, how many cases to make per tool.
func registerPerTool(fs *flag.FlagSet, p *int) {
	fs.IntVar(p, "per-tool", cases.DefaultPerTool, "cases per tool, over the required, subset and all scenarios (perturb, consistency: with --example)")
}

// registerK declares --k, how many similar tools the agent gets.
func registerK(fs *flag.FlagSet, p *int) {
	fs.IntVar(p, "k", runner.DefaultK, "similar tools the agent gets beside the target")
}

// agentModelUsage documents --model of the commands whose model plays
// the agent (test and the commands that run cases, eval).
const agentModelUsage = `the agent's model: "baseline" (offline, deterministic), "openai:NAME" (OPENAI_BASE_URL, OPENAI_API_KEY), "ollama:NAME" (OLLAMA_HOST), "azure:DEPLOYMENT" (AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY, AZURE_OPENAI_API_VERSION), "anthropic:MODEL" (ANTHROPIC_API_KEY) or "gemini:MODEL" (GEMINI_API_KEY)`

// registerModelConcurrency declares --model-concurrency.
func registerModelConcurrency(fs *flag.FlagSet, p *int) {
	fs.IntVar(p, "model-concurrency", models.DefaultConcurrency, "requests sent at once to one model provider endpoint, by all the models of the command together (agent, judge, writer)")
}

// replayUsage documents --replay: a directory holding a recording.
const replayUsage = "answer from the recording in DIR, made with --record: every model call (" + replay.File + ") and, where the command calls the API, every API request (" + replay.APIFile + "); no model, API, network or key. A call it lacks fails its case, which must be recorded again"

// modelBudget are the limits of a command that calls a model: how many
// requests at once, and the tokens and dollars it may spend.
type modelBudget struct {
	concurrency int
	maxTokens   int
	maxCost     float64
}

// register declares --model-concurrency, --max-tokens and --max-cost.
func (b *modelBudget) register(fs *flag.FlagSet) {
	registerModelConcurrency(fs, &b.concurrency)
	fs.IntVar(&b.maxTokens, "max-tokens", 0, "stop calling the model once it has used this many tokens, prompt and completion (0: no limit)")
	fs.Float64Var(&b.maxCost, "max-cost", 0, "stop calling the model once it has cost this many US dollars, at the config's prices: for the model (0: no limit)")
}

// check returns what is wrong with the limits, naming the flag.
func (b *modelBudget) check() error {
	switch {
	case b.concurrency < 1:
		return fmt.Errorf("--model-concurrency %d: must be at least 1", b.concurrency)
	case b.maxTokens < 0:
		return fmt.Errorf("--max-tokens %d: must be 0 (no limit) or more", b.maxTokens)
	case b.maxCost < 0:
		return fmt.Errorf("--max-cost %g: must be 0 (no limit) or more", b.maxCost)
	}
	return nil
}

// junitFlag is --junit of test and report: what junit.xml holds.
type junitFlag struct{ mode string }

// register declares --junit.
func (j *junitFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&j.mode, "junit", report.JUnitTools, "what junit.xml holds: tools (one testcase per tool; with test --against, failing when the tool regressed) or cases (one per case, failing when it has an error)")
}

// check returns what is wrong with --junit.
func (j *junitFlag) check() error {
	if j.mode != report.JUnitTools && j.mode != report.JUnitCases {
		return fmt.Errorf("--junit %q: tools or cases", j.mode)
	}
	return nil
}

// seedFlag is --seed. It takes any 64-bit integer, signed or not, so
// that every command accepts the same spellings whether it keeps the
// seed signed (test) or unsigned (cases, fuzz); the bits are kept.
type seedFlag[T int64 | uint64] struct{ p *T }

// registerSeed declares --seed, with 1 as its default.
func registerSeed[T int64 | uint64](fs *flag.FlagSet, p *T) {
	*p = 1
	fs.Var(seedFlag[T]{p}, "seed", "seed of every random choice, a whole `number` (cases: values and utterances; test: which utterance of a case is used; fuzz: the order of the probes): the same inputs and seed give the same result")
}

func (s seedFlag[T]) String() string {
	if s.p == nil {
		return "0"
	}
	return fmt.Sprint(*s.p)
}

func (s seedFlag[T]) Set(v string) error {
	if n, err := strconv.ParseInt(v, 0, 64); err == nil {
		*s.p = T(n)
		return nil
	}
	u, err := strconv.ParseUint(v, 0, 64)
	if err != nil {
		return fmt.Errorf("want a whole number, e.g. 1")
	}
	*s.p = T(u)
	return nil
}

// aliasFlag is another spelling of a flag: it sets the flag, stays out
// of the usage text, and, for an old spelling, says once on stderr to use
// the new one (a short form such as -o is kept quietly).
type aliasFlag struct {
	fs       *flag.FlagSet
	old, new string
	warned   bool
	short    bool
}

// deprecate makes old an alias of the flag new, already declared on fs.
func deprecate(fs *flag.FlagSet, old, new string) {
	fs.Var(&aliasFlag{fs: fs, old: old, new: new}, old, "deprecated: use "+dashed(new))
}

// shortForm makes short (-o) another spelling of the flag long (--out),
// already declared on fs: accepted without a note, as documented
// commands spell it, and left out of the usage text, which shows long.
func shortForm(fs *flag.FlagSet, short, long string) {
	fs.Var(&aliasFlag{fs: fs, old: short, new: long, short: true}, short, "short for "+dashed(long))
}

func (d *aliasFlag) String() string {
	if d == nil || d.fs == nil {
		return ""
	}
	return d.fs.Lookup(d.new).Value.String()
}

func (d *aliasFlag) Set(v string) error {
	if !d.warned && !d.short {
		d.warned = true
		fmt.Fprintf(d.fs.Output(), "agentready %s: %s is deprecated; use %s\n", d.fs.Name(), dashed(d.old), dashed(d.new))
	}
	return d.fs.Set(d.new, v)
}

// IsBoolFlag lets the old spelling of a switch stand without a value.
func (d *aliasFlag) IsBoolFlag() bool {
	b, ok := d.fs.Lookup(d.new).Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// dashed spells a flag as the help texts do: -g, --graph.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// printFlags prints the flags of fs as PrintDefaults does, leaving out
// the other spellings (old ones and short forms).
func printFlags(w io.Writer, fs *flag.FlagSet) {
	shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	shown.SetOutput(w)
	fs.VisitAll(func(f *flag.Flag) {
		if _, old := f.Value.(*aliasFlag); old {
			return
		}
		shown.Var(f.Value, f.Name, f.Usage)
		shown.Lookup(f.Name).DefValue = f.DefValue
	})
	shown.PrintDefaults()
}
