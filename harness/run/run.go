// Package run executes test cases twice, as IBM Research's framework for
// testing REST APIs as LLM tools does, and records everything.
//
// The direct run calls the case's tool with the case's arguments: the
// ground truth. The agent run gives the case's utterance to a CloudWeGo
// Eino ReAct agent whose tools are the target and the K tools of the same
// API most like it, and records every message, tool call, tool result,
// token count and latency, and the final answer. An ask case
// (cases.Ask) is a conversation: when the agent's run ends with text
// while the values its first message withheld are unsaid, a simulated
// user answers with the case's replies (all of them, in one message) and
// the agent runs again on the whole conversation; it answers once more
// if the agent asks again without calling the tool, and no more. The
// trace's messages hold every turn, the user's replies among them.
// harness/classify then labels the agent run against the direct one.
//
// A run lives in a directory (runs/ID):
//
//   - run.json: the model, the settings, the seed, the start time and the
//     hash of the cases;
//   - results.jsonl: one line per case (Record), appended and synced to
//     disk as each case finishes, in the order they finish.
//
// An interrupted run resumes where it stopped (Options.Resume): cases
// already in results.jsonl are skipped, and a case cut short by the
// interruption is not written, so it runs again. Secrets never enter the
// files: results hold no headers, and credentials are not arguments.
package run

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/replay"
	"github.com/agentready/agentready/metatools"
)

// Defaults of Options.
const (
	DefaultK         = 10
	DefaultRounds    = 5
	DefaultMaxNotRun = 0.05
)

// File names in a run directory.
const (
	RunFile     = "run.json"
	ResultsFile = "results.jsonl"
)

// Options configure a run.
type Options struct {
	// Dir is the run's directory (runs/ID); it is created when missing.
	Dir string
	// Catalog holds the tools of the API, bound to a client with its
	// credentials, and their IR (catalog.Bind), for the checks against
	// output schemas (a nil Catalog.API leaves them out).
	Catalog *catalog.Bound
	// Model is the agent's chat model; ModelInfo describes it in run.json
	// (any JSON-encodable value: name, provider, settings).
	Model     model.ToolCallingChatModel
	ModelInfo any
	// Similar returns the names of the k tools of the API most like tool,
	// best first (retrieval); the agent gets the target and these. Nil
	// gives the agent the target alone.
	Similar func(tool string, k int) []string
	// Shown rewrites what the model is shown of each tool (its name,
	// description and parameter schema), for ablation studies such as
	// Ablation's; the tool itself, its argument checks included, is
	// unchanged. Nil shows the tools as they are. It is called once per
	// tool and run, and what it returns is shown for the whole run: it
	// must depend on the tool alone, and not be changed afterwards.
	Shown func(*schema.ToolInfo) (*schema.ToolInfo, error)
	// K is how many similar tools the agent gets beside the target
	// (DefaultK when 0; negative for none). A dynamic toolset has no use
	// for it.
	K int
	// Toolset is how the agent reaches the tools: ToolsetStatic (the
	// default, "" too) gives it the target and its K similar tools;
	// ToolsetDynamic gives it the three meta-tools of package metatools
	// (search_tools, describe_tool, call_tool) over the whole catalog;
	// describe_tool shows a tool as Shown rewrites it.
	Toolset string
	// Rounds is how many times the agent may call tools (DefaultRounds
	// when 0); the ReAct graph runs at most 2*Rounds+1 steps.
	Rounds int
	// Parallel is how many cases run at once (1 when 0).
	Parallel int
	// Seed picks the utterance of cases that have several; it is recorded.
	Seed int64
	// CasesFile is the path of the cases file, recorded in run.json.
	CasesFile string
	// ResultTokens is the budget of one tool result the classifier holds
	// results to (toolrt.DefaultResultTokens when 0); set it to the
	// catalog's budget.
	ResultTokens int
	// System is the system prompt; DefaultSystem when empty.
	System string
	// CaseTimeout bounds one case's agent run (5 minutes when 0).
	CaseTimeout time.Duration
	// Resume skips the cases already in the directory's results.jsonl.
	// Without it, a directory that already holds results is an error.
	Resume bool
	// Progress receives progress: one line per case, or a one-line bar
	// redrawn in place when it is a terminal. Nil is silent.
	Progress io.Writer
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// MaxNotRun is the fraction of the cases that may fail to run because
	// of the API or the network before the run stops (DefaultMaxNotRun
	// when 0; negative: no case may).
	MaxNotRun float64
	// Ablation names what Shown leaves out, for run.json.
	Ablation []string
	// Request rewrites the utterance the agent is given, once this run's
	// fresh values are in it; c holds the arguments as this run sends
	// them. It returns the utterance and the arguments it no longer says,
	// which the classifier takes as not given (an agent that asks for
	// them did not ask for something given; one that makes them up
	// guessed instead of asking). Returned rewrites what the model reads of a tool's answer
	// (the classifier still judges the API's answer). Both serve
	// robustness studies (harness/perturb); nil changes nothing.
	// Perturbation names what they and Shown do, for run.json.
	Request      func(c *cases.Case, utterance string) (string, []string)
	Returned     func(tool, text string) string
	Perturbation string
	// Variants run every case's agent leg again right after its own, on
	// the same direct leg, each with what the model reads changed, and
	// write their records to run directories of their own. Running them
	// side by side, case by case, keeps any drift of the API's state
	// over a run out of their comparison.
	Variants []Variant
	// Hints is how many inputs Shown gives a producer hint, for run.json.
	Hints int
	// Nonce makes this run's fresh values (cases.Case.Fresh) differ from
	// every other run's (cases.NewNonce); zero draws one at random, as it
	// should be against an API that keeps what earlier runs made. It is
	// recorded in run.json, where a replay finds it.
	Nonce uint64
	// Repeat runs every case this many times (1 when 0), both legs each
	// time: each trial is a record of its own (Record.Trial), so that
	// pass@k, pass^k and per-trial rates can be read (classify.Trials).
	Repeat int
	// Price is what the model's tokens cost (nil: unknown), for the
	// usage of the run in run.json and the report, and for Budget.MaxCost.
	Price *Price
	// Budget stops the run cleanly (ErrBudget) when it has used this much
	// of the model: the cases running finish and are written; no more start.
	Budget Budget
	// Shard runs only the cases of one shard of the suite (see Shard);
	// the zero value runs them all.
	Shard Shard
	// Record writes every call of the agent's model to the directory's
	// cassette (replay.File), for a later replay: give such a run a Model
	// from replay.Load(dir).Player(), the recorded run's Nonce and its
	// settings, and it gives the same results without calling any model.
	Record bool
	// APIRecorder, when Record is set, is the transport of the catalog's
	// client: Run opens it on the directory's API cassette
	// (replay.APIFile), so that a replay can answer the API too (its
	// client's transport from replay.LoadAPI(dir).Transport()). Cases
	// then replay exactly even against an API that makes other IDs each
	// run, or in another order when cases run in parallel.
	APIRecorder *replay.APIRecorder
}

// Variant is another agent leg of every case of a run (Options.Variants):
// a perturbation of a robustness study (harness/perturb).
type Variant struct {
	// Name names it (in its run.json, as Settings.Perturbation); Dir is
	// its run directory.
	Name, Dir string
	// Shown, Request and Returned replace the run's own for its leg.
	Shown    func(*schema.ToolInfo) (*schema.ToolInfo, error)
	Request  func(c *cases.Case, utterance string) (string, []string)
	Returned func(tool, text string) string
	// Applies reports whether the variant has anything to change in a
	// case (nil: every case); the agent is not run again for a case it
	// does not apply to, whose record says so (SkipNotApplied).
	Applies func(c *cases.Case) bool
}

// SkipNotApplied is why a variant's record of a case it does not apply
// to (Variant.Applies) was not run.
const SkipNotApplied = "the variant does not apply to the case"

// variant returns the options of v's leg: the run's, with v's hooks.
func (o Options) variant(v Variant) Options {
	vo := o
	vo.Dir, vo.Perturbation, vo.Variants = v.Dir, v.Name, nil
	vo.Shown, vo.Request, vo.Returned = v.Shown, v.Request, v.Returned
	return vo
}

// DefaultSystem is the system prompt of the agent.
const DefaultSystem = "You help the user by calling the tools you are given. " +
	"Call a tool when the request needs data or an action the tools provide, with arguments taken from the request " +
	"or from earlier tool results. When you have what the user asked for, answer in a few plain sentences."

// Info is the content of run.json.
type Info struct {
	Started  time.Time `json:"started"`
	Model    any       `json:"model,omitempty"`
	Settings Settings  `json:"settings"`
	Seed     int64     `json:"seed"`
	// Nonce made the run's fresh values (Options.Nonce).
	Nonce uint64    `json:"nonce,omitempty"`
	Cases CasesInfo `json:"cases"`
	API   string    `json:"api,omitempty"`
	Tools int       `json:"tools"`
	// Resumed lists the times the run was resumed.
	Resumed []time.Time `json:"resumed,omitempty"`
	// Shard is the share of the cases this run ran (Options.Shard); nil
	// for all of them.
	Shard *Shard `json:"shard,omitempty"`
	// Merged lists the shard runs this run was merged from (Merge).
	Merged []string `json:"merged,omitempty"`
	// Price is what the model's tokens cost (Options.Price), when known.
	Price *Price `json:"price,omitempty"`
}

// The toolsets of Options.Toolset.
const (
	ToolsetStatic  = "static"
	ToolsetDynamic = "dynamic"
)

// ToolsetOf is the toolset a run used: static when its run.json is older
// than the choice.
func ToolsetOf(s Settings) string {
	if s.Toolset == "" {
		return ToolsetStatic
	}
	return s.Toolset
}

// Settings are the run's settings.
type Settings struct {
	K            int    `json:"k"`
	Rounds       int    `json:"rounds"`
	MaxStep      int    `json:"maxStep"`
	Parallel     int    `json:"parallel"`
	ResultTokens int    `json:"resultTokens"`
	System       string `json:"system"`
	Retrieval    bool   `json:"retrieval"`
	// Ablation names what the tools shown to the model left out.
	Ablation []string `json:"ablation,omitempty"`
	// Hints is how many inputs the model saw a producer hint on (where
	// their values come from, by the dependency graph).
	Hints int `json:"hints,omitempty"`
	// Repeat is how many times each case ran (omitted for once).
	Repeat int `json:"repeat,omitempty"`
	// Perturbation names what was changed in what the model read, for a
	// robustness study (Options.Perturbation).
	Perturbation string `json:"perturbation,omitempty"`
	// Toolset is how the agent reached the tools: static or dynamic
	// (Options.Toolset; omitted in runs older than the choice: static).
	Toolset string `json:"toolset,omitempty"`
}

// CasesInfo identifies the cases a run ran.
type CasesInfo struct {
	File string `json:"file,omitempty"`
	// SHA256 is the hash of the cases as the cases file writes them.
	SHA256 string `json:"sha256"`
	Count  int    `json:"count"`
}

// Record is one line of results.jsonl: one case, run both ways.
type Record struct {
	Case string `json:"case"`
	// Trial is which run of the case this is, from 1, when the run ran
	// each case several times (Options.Repeat); 0 when it ran it once.
	Trial    int    `json:"trial,omitempty"`
	Tool     string `json:"tool"`
	Scenario string `json:"scenario,omitempty"`
	// Utterance is what the agent was asked; Naturalness its level (1-5)
	// when it was rated.
	Utterance   string `json:"utterance,omitempty"`
	Naturalness int    `json:"naturalness,omitempty"`
	// Args are the case's arguments, the ground truth.
	Args   map[string]any  `json:"args"`
	Direct *classify.Call  `json:"direct,omitempty"`
	Agent  *classify.Trace `json:"agent,omitempty"`
	// Labels are the classes of the agent run; none for a clean case.
	Labels []classify.Label `json:"labels"`
	// Recovered are the mistakes the agent fixed before its last, right
	// call of the tool: with no Labels, the case passed after recovery.
	Recovered []classify.Label `json:"recovered,omitempty"`
	// Note says what a reader should know of a pass (another tool gave
	// the same data).
	Note string `json:"note,omitempty"`
	// Skipped says why the case was not classified (no utterance, a tool
	// not in the catalog, an agent that failed before calling a tool).
	Skipped string `json:"skipped,omitempty"`
	// Invalid says why the case's ground truth did not hold in this run,
	// in the API's words where it gave some: its direct call failed (or,
	// for a negative case, did not fail as expected), came back empty
	// where the tool returns data, or could not be prepared; or the
	// case's own values do not fit the schema. The agent is not run, and
	// metrics leave the case out.
	Invalid string `json:"invalid,omitempty"`
	// Prep are the calls made around the two runs of the case: each
	// one's setup, steps and cleanup.
	Prep []PrepCall `json:"prep,omitempty"`
	// Mutating is set when the case's tool changes state.
	Mutating bool `json:"mutating,omitempty"`

	// infra is a call that failed for the infrastructure's reasons: the
	// case did not run, and the record is not written.
	infra *toolrt.Call
	// variants are the case's records in each of Options.Variants.
	variants []*Record
}

// noteInfra notes the first of calls that failed for the
// infrastructure's reasons; it reports whether there was one.
//
// A call a replay's recording lacks (replay.ErrNotRecorded) ends the
// case too, skipped with the reason, as a model call it lacks does: the
// case must be recorded again.
func (r *Record) noteInfra(calls ...*toolrt.Call) bool {
	for _, c := range calls {
		var nr *replay.NotRecordedError
		if c != nil && errors.As(c.Err, &nr) {
			r.Skipped = nr.Error()
			return true
		}
	}
	for _, c := range calls {
		if Infrastructure(c) != "" {
			r.infra = c
			return true
		}
	}
	return false
}

// PrepCall is one call made to prepare a run of a case or to clean up
// after it.
type PrepCall struct {
	// Leg is the run it was made for: "direct" or "agent".
	Leg     string          `json:"leg"`
	Tool    string          `json:"tool"`
	RawArgs string          `json:"rawArgs"`
	Result  classify.Result `json:"result"`
	// Text is the start of what the call answered.
	Text string `json:"text,omitempty"`
}

// SkipNoTool is why a case whose tool the API no longer has is skipped.
const SkipNoTool = "the tool is not in the catalog"

// Outcome returns what metrics need of the record.
func (r *Record) Outcome() classify.Outcome {
	return classify.Outcome{Case: r.Case, Tool: r.Tool, Labels: r.Labels, Recovered: r.Recovered, Naturalness: r.Naturalness,
		Scenario: r.Scenario, Skipped: r.Skipped != "", Invalid: r.Invalid != "", Mutating: r.Mutating}
}

// Status returns how the case ended.
func (r *Record) Status() classify.Status { return r.Outcome().Status() }

// Summary is what Run did.
type Summary struct {
	// Total is the number of case runs (cases times Options.Repeat);
	// Resumed those found in the results already; Ran those run and
	// written now.
	Total, Resumed, Ran int
	// NotRun counts the cases that could not run because of the API or the
	// network (Infrastructure): they are not written, so Resume runs them
	// again; NotRunWhy says why, for the first few.
	NotRun    int
	NotRunWhy []string
	// NotRecorded counts the cases of a replay that made a model call the
	// recording does not hold (their records say why): they must be
	// recorded again.
	NotRecorded int
	// Metrics are over every record in the results file.
	Metrics classify.Metrics
}

// Run runs every case of cs and writes the results to opts.Dir. When ctx
// is canceled it stops, keeps every case already written and returns
// ctx's error; Resume then continues.
func Run(ctx context.Context, cs []cases.Case, opts Options) (*Summary, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		return nil, err
	}
	hash, err := CasesHash(cs)
	if err != nil {
		return nil, err
	}
	var todo []*cases.Case
	seen := map[string]bool{}
	for i := range cs {
		c := &cs[i]
		if seen[c.ID] || !o.Shard.Has(c.ID) {
			continue
		}
		seen[c.ID] = true
		todo = append(todo, c)
	}
	if o.Shard.active() {
		o.Shard.Cases = len(todo)
	}
	w, done, err := openResults(filepath.Join(o.Dir, ResultsFile), o.Resume)
	if err != nil {
		return nil, err
	}
	defer w.close()
	o.Nonce = cases.NewNonce(o.Nonce)
	if err := o.writeInfo(hash, len(cs)); err != nil {
		return nil, err
	}
	if o.Record {
		// Opened once the results file is ours: a run that may not write
		// there must not empty its cassette.
		rec, err := replay.OpenRecorder(o.Dir, o.Resume)
		if err != nil {
			return nil, err
		}
		defer rec.Close()
		o.Model = rec.Wrap(o.Model)
		if o.APIRecorder != nil {
			if err := o.APIRecorder.Open(o.Dir, o.Resume); err != nil {
				return nil, err
			}
			defer o.APIRecorder.Close()
		}
	}

	total := len(todo) * o.Repeat
	s := &Summary{Total: total}
	r := &runner{opts: o, classifier: classify.New(o.Catalog, classify.Options{ResultTokens: o.ResultTokens}),
		nonce: o.Nonce}
	if o.Toolset == ToolsetDynamic {
		if r.meta, err = metatools.New(o.Catalog.Catalog); err != nil {
			return nil, err
		}
	}
	var vws []*resultsWriter
	for _, v := range o.Variants {
		vo := o.variant(v)
		if err := os.MkdirAll(vo.Dir, 0o755); err != nil {
			return nil, err
		}
		vw, _, err := openResults(filepath.Join(vo.Dir, ResultsFile), o.Resume)
		if err != nil {
			return nil, err
		}
		defer vw.close()
		if err := vo.writeInfo(hash, len(cs)); err != nil {
			return nil, err
		}
		vws = append(vws, vw)
		r.variants = append(r.variants, &runner{opts: vo, classifier: r.classifier, nonce: o.Nonce, variant: v.Name, meta: r.meta, applies: v.Applies})
	}

	var mu sync.Mutex
	var firstErr error
	spent := &spend{budget: o.Budget, price: o.Price}
	runCtx, stopRun := context.WithCancel(ctx)
	defer stopRun()
	maxNotRun := int(o.MaxNotRun * float64(total))
	phases := o.trials(splitPhases(o.Catalog.API, todo), done)
	s.Resumed = total
	for _, phase := range phases {
		s.Resumed -= len(phase)
	}
	prog := newProgress(o.Progress, total, s.Resumed)
	for i, phase := range phases {
		parallel := o.Parallel
		if i == len(phases)-1 {
			parallel = 1
		}
		jobs := make(chan trial)
		var wg sync.WaitGroup
		for range parallel {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for t := range jobs {
					rec, infra := r.runCase(runCtx, t)
					if runCtx.Err() != nil {
						continue // cut short: not written, so a resume runs it again
					}
					if infra != "" {
						// Not the tool's doing: not a result. A resume runs it
						// again; too many stop the run.
						mu.Lock()
						s.NotRun++
						if len(s.NotRunWhy) < 5 {
							s.NotRunWhy = append(s.NotRunWhy, t.id()+": "+infra)
						}
						if s.NotRun > maxNotRun && firstErr == nil {
							firstErr = fmt.Errorf("%w: %d cases got no usable answer from the API (past %.0f%% of %d), the last %s",
								ErrInfrastructure, s.NotRun, o.MaxNotRun*100, total, infra)
							stopRun()
						}
						mu.Unlock()
						prog.notRun(t.id(), infra)
						continue
					}
					mu.Lock()
					if err := w.append(rec); err != nil && firstErr == nil {
						firstErr = err
					}
					for i, vr := range rec.variants {
						if err := vws[i].append(vr); err != nil && firstErr == nil {
							firstErr = err
						}
						if err := spent.add(vr); err != nil && firstErr == nil {
							firstErr = err
						}
					}
					if err := spent.add(rec); err != nil && firstErr == nil {
						firstErr = err // no more cases start; those running finish
					}
					s.Ran++
					mu.Unlock()
					prog.done(rec)
				}
			}()
		}
	feed:
		for _, c := range phase {
			mu.Lock()
			failed := firstErr != nil
			mu.Unlock()
			if failed {
				break
			}
			select {
			case jobs <- c:
			case <-runCtx.Done():
				break feed
			}
		}
		close(jobs)
		wg.Wait()
		if runCtx.Err() != nil || firstErr != nil {
			break
		}
	}
	prog.finish()
	if firstErr != nil {
		if recs, err := ReadResults(filepath.Join(o.Dir, ResultsFile)); err == nil {
			s.Metrics, s.NotRecorded = Metrics(recs), notRecorded(recs)
		}
		return s, firstErr
	}
	recs, err := ReadResults(filepath.Join(o.Dir, ResultsFile))
	if err != nil {
		return s, err
	}
	s.Metrics, s.NotRecorded = Metrics(recs), notRecorded(recs)
	if err := ctx.Err(); err != nil {
		return s, err
	}
	return s, nil
}

// splitPhases orders cases so that every direct result is the same
// whatever the parallelism: first the cases that only read (in
// parallel: nothing changes under them), then those that change objects
// of their own, made by their setup or by their own call (in parallel:
// no two share an object), last the others, which change objects other
// cases may use or follow steps to them, one at a time in file order.
func splitPhases(api *ir.API, cs []*cases.Case) [][]*cases.Case {
	var reads, own, shared []*cases.Case
	for _, c := range cs {
		switch {
		case !changes(api, c):
			reads = append(reads, c)
		case len(c.Steps) == 0 && (len(c.Setup) > 0 || creates(api, c)):
			own = append(own, c)
		default:
			shared = append(shared, c)
		}
	}
	return [][]*cases.Case{reads, own, shared}
}

// changes reports whether running c changes state: its tool, or a step
// or setup call of it, does.
func changes(api *ir.API, c *cases.Case) bool {
	if c.Mutating || len(c.Setup) > 0 {
		return true
	}
	if api == nil {
		return false
	}
	for _, st := range c.Steps {
		if op := api.Operation(st.Tool); op != nil && op.Mutating() {
			return true
		}
	}
	return false
}

// creates reports whether c's tool makes new objects and acts on no
// existing one: a POST to a collection with no path parameters.
func creates(api *ir.API, c *cases.Case) bool {
	if api == nil {
		return false
	}
	op := api.Operation(c.Tool)
	if op == nil || op.Method != "POST" {
		return false
	}
	for _, p := range op.Params {
		if p.In == ir.InPath {
			return false
		}
	}
	return true
}

// Metrics computes the metrics of records.
func Metrics(recs []Record) classify.Metrics {
	out := make([]classify.Outcome, len(recs))
	for i := range recs {
		out[i] = recs[i].Outcome()
	}
	return classify.Compute(out)
}

// Recommend writes the recommendations for the tools that failed in
// records.
func Recommend(recs []Record) []classify.Recommendation {
	out := make([]classify.Outcome, len(recs))
	for i := range recs {
		out[i] = recs[i].Outcome()
	}
	return classify.Recommend(out)
}

func (o Options) withDefaults() (Options, error) {
	if o.Dir == "" {
		return o, errors.New("run: no directory (Options.Dir)")
	}
	if o.Catalog == nil {
		return o, errors.New("run: no catalog (Options.Catalog)")
	}
	if o.Model == nil {
		return o, errors.New("run: no model (Options.Model)")
	}
	if o.Budget.MaxCost > 0 && o.Price == nil {
		return o, errors.New("run: a cost budget needs the model's price (Options.Price): give it under prices: in the configuration file")
	}
	switch o.Toolset {
	case "", ToolsetStatic:
		o.Toolset = ToolsetStatic
	case ToolsetDynamic:
	default:
		return o, fmt.Errorf("run: unknown toolset %q (Options.Toolset): use %q or %q", o.Toolset, ToolsetStatic, ToolsetDynamic)
	}
	if o.K == 0 {
		o.K = DefaultK
	}
	if o.K < 0 {
		o.K = 0
	}
	if o.Rounds <= 0 {
		o.Rounds = DefaultRounds
	}
	if o.Parallel <= 0 {
		o.Parallel = 1
	}
	if o.Repeat <= 0 {
		o.Repeat = 1
	}
	if o.ResultTokens <= 0 {
		o.ResultTokens = toolrt.DefaultResultTokens
	}
	if o.System == "" {
		o.System = DefaultSystem
	}
	if o.MaxNotRun == 0 {
		o.MaxNotRun = DefaultMaxNotRun
	}
	if o.MaxNotRun < 0 {
		o.MaxNotRun = 0
	}
	if o.CaseTimeout <= 0 {
		o.CaseTimeout = 5 * time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o, nil
}

// maxStep is the ReAct graph's step limit: a model step and a tools step
// per round, and a last model step to answer.
func (o Options) maxStep() int { return 2*o.Rounds + 1 }

// writeInfo writes run.json, or on resume checks that the cases are the
// ones the run started with and notes the resumption.
func (o Options) writeInfo(hash string, n int) error {
	path := filepath.Join(o.Dir, RunFile)
	now := o.Now().UTC()
	if o.Resume {
		if info, err := ReadInfo(o.Dir); err == nil {
			d := Differences(*info, o.describe(hash, n))
			if was, now := shardOf(info.Shard), shardOf(o.describe(hash, n).Shard); was != now {
				d = append(d, fmt.Sprintf("shard: %s vs %s", was, now))
			}
			if len(d) > 0 {
				return fmt.Errorf("run: cannot resume %s with other cases or settings, its results would mix them (%s): resume with the run's own, or start a new run",
					o.Dir, strings.Join(d, "; "))
			}
			info.Resumed = append(info.Resumed, now)
			return writeJSONFile(path, info)
		} else if !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	info := o.describe(hash, n)
	info.Started = now
	return writeJSONFile(path, info)
}

// describe returns run.json's content for a run of these options over
// cases of the given hash and count, without its times.
func (o Options) describe(hash string, n int) Info {
	info := Info{
		Model: o.ModelInfo,
		Settings: Settings{K: o.K, Rounds: o.Rounds, MaxStep: o.maxStep(), Parallel: o.Parallel,
			ResultTokens: o.ResultTokens, System: o.System, Retrieval: o.Similar != nil, Ablation: o.Ablation, Hints: o.Hints,
			Repeat: repeatOf(o.Repeat), Perturbation: o.Perturbation, Toolset: o.Toolset},
		Seed:  o.Seed,
		Nonce: o.Nonce,
		Cases: CasesInfo{File: o.CasesFile, SHA256: hash, Count: n},
	}
	if o.Shard.active() {
		shard := o.Shard
		info.Shard = &shard
	}
	info.Price = o.Price
	if o.Catalog != nil {
		info.Tools = len(o.Catalog.Tools)
	}
	return info
}

// Describe returns what run.json will say of a run of cs with opts (its
// times aside), for checking before the run that it can be compared with
// another (Differences).
func Describe(cs []cases.Case, opts Options) (Info, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return Info{}, err
	}
	hash, err := CasesHash(cs)
	if err != nil {
		return Info{}, err
	}
	return o.describe(hash, len(cs)), nil
}

// CasesHash is the SHA-256 of cases as the cases file writes them.
func CasesHash(cs []cases.Case) (string, error) {
	encoded, err := cases.Encode(cs)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(encoded)
	return hex.EncodeToString(sum[:]), nil
}

// Differences lists what makes the results of two runs not comparable
// case by case: other cases, another model, other settings that change
// what the agent sees or may do, another seed (which picks utterances).
// Parallelism is not among them: it changes no result.
func Differences(a, b Info) []string {
	var out []string
	diff := func(what string, x, y any) {
		xs, ys := canonJSON(x), canonJSON(y)
		if xs != ys {
			out = append(out, fmt.Sprintf("%s: %s vs %s", what, xs, ys))
		}
	}
	diff("cases (sha256)", short(a.Cases.SHA256), short(b.Cases.SHA256))
	diff("model", a.Model, b.Model)
	diff("k", a.Settings.K, b.Settings.K)
	diff("rounds", a.Settings.Rounds, b.Settings.Rounds)
	diff("result tokens", a.Settings.ResultTokens, b.Settings.ResultTokens)
	diff("retrieval", a.Settings.Retrieval, b.Settings.Retrieval)
	diff("ablation", a.Settings.Ablation, b.Settings.Ablation)
	diff("producer hints", a.Settings.Hints, b.Settings.Hints)
	diff("system prompt", a.Settings.System, b.Settings.System)
	diff("seed", a.Seed, b.Seed)
	diff("repeat", repeatOf(a.Settings.Repeat), repeatOf(b.Settings.Repeat))
	diff("perturbation", a.Settings.Perturbation, b.Settings.Perturbation)
	diff("toolset", ToolsetOf(a.Settings), ToolsetOf(b.Settings))
	return out
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// canonJSON writes a value as compact JSON with sorted keys.
func canonJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	var x any
	if json.Unmarshal(b, &x) != nil {
		return string(b)
	}
	b, _ = json.Marshal(x)
	return string(b)
}

// offered returns the names of the tools the agent gets for a case: the
// target, the tools of its chain's steps (a multi-step request needs
// them all), and up to K similar ones that are in the catalog, sorted by
// name so that the target's place says nothing.
func (o Options) offered(c *cases.Case) []string {
	target := c.Tool
	names := []string{target}
	seen := map[string]bool{target: true}
	for _, s := range c.Steps {
		if _, ok := o.Catalog.Tool(s.Tool); ok && !seen[s.Tool] {
			seen[s.Tool] = true
			names = append(names, s.Tool)
		}
	}
	steps := len(names) - 1
	if o.Similar != nil && o.K > 0 {
		for _, n := range o.Similar(target, o.K+1) {
			if len(names) > o.K+steps {
				break
			}
			if _, ok := o.Catalog.Tool(n); ok && !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	sort.Strings(names)
	return names
}

// notRecorded counts the records of cases a replay did not have.
func notRecorded(recs []Record) int {
	n := 0
	for i := range recs {
		if strings.HasPrefix(recs[i].Skipped, replay.ErrNotRecorded.Error()+":") {
			n++
		}
	}
	return n
}
