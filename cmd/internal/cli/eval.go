package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"

	"github.com/cloudwego/eino/components/model"

	"github.com/agentready/agentready/gen/atomicfile"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/eval"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/replay"
	runner "github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/harness/stats"
)

// runEval is `agentready eval`: a static suite of requests scored without
// calling the API.
func runEval(e *env, args []string) int {
	fs := newFlags(e, "eval", "[--config agentready.yaml | --spec FILE] --utterances FILE.jsonl [--model M] [--k 10 | --retrieve 10] [--graph FILE] [--record DIR | --replay DIR] [--min-pass F] [--against EARLIER.jsonl] [--json]")
	var sf specFlags
	sf.register(fs)
	suite := fs.String("utterances", "", "the suite of requests: one JSON object per line with id, utterance, tool (operationId), args, optional_ok, kind")
	ownCases := fs.String("cases", "", "score agentready's own cases instead (a cases file): each one-call case's first utterance and its ground truth's call, kind = scenario")
	modelName := fs.String("model", "baseline", agentModelUsage)
	var k, concurrency int
	registerK(fs, &k)
	retrieveN := fs.Int("retrieve", 0, "give instead the N tools retrieval finds for each request in the whole API")
	var graphFile string
	registerGraph(fs, &graphFile)
	registerModelConcurrency(fs, &concurrency)
	record := fs.String("record", "", "record the model's answer to every request in DIR/"+replay.File+" (and the model in DIR/"+evalModelFile+"), for --replay")
	replayDir := fs.String("replay", "", replayUsage)
	minPass := fs.Float64("min-pass", 0, "exit 1 when the share of requests passed (0-1) is below this: a CI gate on a team's golden requests")
	parallel := fs.Int("parallel", 4, "cases run at once")
	against := fs.String("against", "", "compare with an earlier run's --json output, case by case (same ids): which requests it gained and lost, and exit 1 when the loss is significant")
	alpha := fs.Float64("alpha", stats.DefaultAlpha, "with --against: a drop is a regression when McNemar's test on the paired cases gives a p-value below this")
	asJSON := fs.Bool("json", false, "print one JSON line per case (id, pass, errors, call, and why when the model says) instead of the table; the summary goes to stderr")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return e.usagef("eval", "unexpected argument %q", fs.Arg(0))
	}
	switch {
	case (*suite == "") == (*ownCases == ""):
		return e.usagef("eval", "give the suite with --utterances FILE.jsonl, or agentready's cases with --cases FILE")
	case k < 0:
		return e.usagef("eval", "--k %d: must be 0 or more", k)
	case *retrieveN < 0:
		return e.usagef("eval", "--retrieve %d: must be 0 or more", *retrieveN)
	case concurrency < 1:
		return e.usagef("eval", "--model-concurrency %d: must be at least 1", concurrency)
	case *record != "" && *replayDir != "":
		return e.usagef("eval", "--record and --replay: one or the other")
	case *parallel < 1:
		return e.usagef("eval", "--parallel %d: must be at least 1", *parallel)
	case *alpha <= 0 || *alpha >= 1:
		return e.usagef("eval", "--alpha %g: a level between 0 and 1, such as 0.05", *alpha)
	case *minPass < 0 || *minPass > 1:
		return e.usagef("eval", "--min-pass %g: a share of the requests, from 0 to 1 (0.9 is nine in ten)", *minPass)
	}
	set := setFlags(fs)
	p, api, ok := e.loadAPI(&sf, set)
	if !ok {
		return exitError
	}
	// The suite is read and checked against the tools before a model is
	// opened; the tools are bound to a client once the model's dialect
	// is known.
	described := catalog.Describe(api)
	var cs []eval.Case
	var err error
	if *ownCases != "" {
		own, err := cases.Read(*ownCases)
		if err != nil {
			return e.failf("%v", err)
		}
		cs = eval.FromCases(described, own)
		*suite = *ownCases
	} else if cs, err = eval.Read(*suite); err != nil {
		return e.failf("%v", err)
	}
	var before map[string]bool
	if *against != "" {
		if before, err = readEvalPasses(*against); err != nil {
			return e.failf("--against: %v", err)
		}
	}
	hints, ok := e.producerHints(graphFile, p.cfg.Graph, api)
	if !ok {
		return exitError
	}
	shown, err := runner.ShownOver(hints, described.Pointers(), nil)
	if err != nil {
		return e.failf("%v", err)
	}
	if ps := eval.Check(described, cs); len(ps) > 0 {
		for _, p := range ps {
			fmt.Fprintf(e.stderr, "%s: %s: %s\n", *suite, p.Case, p.Text)
		}
		return e.failf("%s: %d cases do not fit the spec", *suite, len(ps))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	chat, info, closeModel, err := evalModel(ctx, *modelName, set["model"], *record, *replayDir, concurrency)
	if err != nil {
		return e.failf("%v", err)
	}
	defer closeModel()
	// The tools are never called: a client for a URL nothing answers at.
	client, err := catalog.NewClient(api, "http://127.0.0.1:9", toolrt.WithoutEnvironment())
	if err != nil {
		return e.failf("%v", err)
	}
	cat, err := catalog.Bind(api, client, toolrt.WithDialect(info.Dialect))
	if err != nil {
		return e.failf("%v", err)
	}
	kk := k
	if kk == 0 {
		kk = -1
	}
	rs, err := eval.Run(ctx, cs, eval.Options{Catalog: cat, Model: chat, K: kk, Retrieve: *retrieveN, System: runner.DefaultSystem, Shown: shown, Parallel: *parallel})
	if err != nil {
		return e.failf("%v", err)
	}
	out := e.stdout
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetEscapeHTML(false)
		for _, r := range rs {
			line := struct {
				ID     string       `json:"id"`
				Kind   string       `json:"kind,omitempty"`
				Pass   bool         `json:"pass"`
				Errors []eval.Error `json:"errors"`
				Call   *eval.Call   `json:"call"`
				Why    string       `json:"why,omitempty"`
				// Found says whether the model was given the target,
				// Offered which tools it was given.
				Found   bool     `json:"found"`
				Offered []string `json:"offered,omitempty"`
			}{r.ID, r.Kind, r.Pass, r.Errors, r.Call, r.Why, r.Found, r.Offered}
			if line.Errors == nil {
				line.Errors = []eval.Error{}
			}
			if err := enc.Encode(line); err != nil {
				return e.failf("%v", err)
			}
		}
		out = e.stderr
	} else {
		for _, r := range rs {
			if r.Pass {
				continue
			}
			var errs []string
			for _, er := range r.Errors {
				errs = append(errs, er.String())
			}
			fmt.Fprintf(e.stdout, "FAIL %s: %s\n", r.ID, joinComma(errs))
		}
		fmt.Fprintln(e.stdout)
	}
	mode := fmt.Sprintf("the target and its %d most similar tools", k)
	if *retrieveN > 0 {
		mode = fmt.Sprintf("the %d tools retrieved for each request", *retrieveN)
	}
	from := ""
	if *replayDir != "" {
		from = ", replayed from " + *replayDir
	}
	fmt.Fprintf(out, "agentready eval: %s, model %s%s, given %s\n", *suite, info.Name, from, mode)
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tCASES\tPASS\tRIGHT TOOL\tTARGET GIVEN")
	summary := eval.Summarize(rs)
	for _, s := range summary {
		fmt.Fprintf(tw, "%s\t%d\t%.2f\t%.2f\t%.2f\n", s.Kind, s.Cases, ratio(s.Passed, s.Cases), ratio(s.ToolRight, s.Cases), ratio(s.Found, s.Cases))
	}
	tw.Flush()
	if err := closeModel(); err != nil {
		return e.failf("--record: %v", err)
	}
	passed := summary[len(summary)-1].Passed // the pooled row, "all"
	code := exitOK
	if before != nil && !compareEval(out, e.stderr, *against, before, rs, *alpha) {
		code = exitGate
	}
	if *minPass > 0 && ratio(passed, len(rs)) < *minPass {
		fmt.Fprintf(e.stderr, "agentready eval: %d of %d requests pass (%.2f), below --min-pass %g\n", passed, len(rs), ratio(passed, len(rs)), *minPass)
		return exitGate
	}
	return code
}

// readEvalPasses reads an `eval --json` output: each case's id and
// whether it passed.
func readEvalPasses(path string) (map[string]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]bool{}
	dec := json.NewDecoder(f)
	for line := 1; ; line++ {
		var r struct {
			ID   string `json:"id"`
			Pass *bool  `json:"pass"`
		}
		if err := dec.Decode(&r); err == io.EOF {
			break
		} else if err != nil || r.ID == "" || r.Pass == nil {
			return nil, fmt.Errorf("%s: result %d is not a line of eval --json (an object with id and pass)", path, line)
		}
		out[r.ID] = *r.Pass
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no results; give the output of an earlier eval --json", path)
	}
	return out, nil
}

// compareEval writes to out how the results rs differ from the earlier
// run's passes (read from path): the requests gained and lost, those
// only one run has, and McNemar's test on the pairs. It reports false
// when the loss is significant at alpha, writing why to stderr.
func compareEval(out, stderr io.Writer, path string, before map[string]bool, rs []eval.Result, alpha float64) bool {
	var gained, lost, added []string
	paired := 0
	seen := map[string]bool{}
	for _, r := range rs {
		seen[r.ID] = true
		was, ok := before[r.ID]
		switch {
		case !ok:
			added = append(added, r.ID)
		case was && !r.Pass:
			lost = append(lost, r.ID)
		case !was && r.Pass:
			gained = append(gained, r.ID)
		}
		if ok {
			paired++
		}
	}
	gone := 0
	for id := range before {
		if !seen[id] {
			gone++
		}
	}
	p := stats.McNemar(len(lost), len(gained))
	fmt.Fprintf(out, "against %s: %d requests paired, %d gained, %d lost (McNemar p = %.3g)", path, paired, len(gained), len(lost), p)
	if len(added) > 0 || gone > 0 {
		fmt.Fprintf(out, "; %d only in this run, %d only in that one", len(added), gone)
	}
	fmt.Fprintln(out)
	for _, l := range []struct {
		what string
		ids  []string
	}{{"gained", gained}, {"lost", lost}} {
		if len(l.ids) > 0 {
			fmt.Fprintf(out, "  %s: %s\n", l.what, strings.Join(l.ids, ", "))
		}
	}
	if len(lost) > len(gained) && p < alpha {
		fmt.Fprintf(stderr, "agentready eval: %d requests lost against %d gained since %s: significant (p = %.3g < --alpha %g)\n", len(lost), len(gained), path, p, alpha)
		return false
	}
	return true
}

// evalModelFile is the file beside a recording's cassette that says which
// model answered, so that a replay binds the tools in its dialect.
const evalModelFile = "eval-model.json"

// evalModel opens eval's model: spec (the --model flag; given says it was
// set), recorded in record's cassette, or, with replay, the player of
// that directory's recording, as its evalModelFile describes the model
// (no model built, no key read, nothing sent). The closer it returns
// closes the recording; calling it again does nothing.
func evalModel(ctx context.Context, spec string, given bool, record, replayDir string, concurrency int) (model.ToolCallingChatModel, models.Info, func() error, error) {
	none := func() error { return nil }
	if replayDir != "" {
		var info models.Info
		b, err := os.ReadFile(filepath.Join(replayDir, evalModelFile))
		if err == nil {
			err = json.Unmarshal(b, &info)
		}
		if err != nil || info.Kind == "" {
			return nil, info, none, fmt.Errorf("--replay %s: no model described there (%s); record the suite with eval --record %s first", replayDir, evalModelFile, replayDir)
		}
		if given && !sameModel(spec, info) {
			return nil, info, none, fmt.Errorf("--replay %s: recorded with %s, not --model %s; leave out --model or record again", replayDir, info.Kind+":"+info.Name, spec)
		}
		cassette, err := replay.Load(replayDir)
		if err != nil {
			return nil, info, none, fmt.Errorf("--replay: %w", err)
		}
		return cassette.Player(), info, none, nil
	}
	chat, info, err := models.NewWith(ctx, spec, models.Options{Limits: models.NewLimits(concurrency)})
	if err != nil {
		return nil, info, none, fmt.Errorf("--model %s: %w", spec, err)
	}
	if record == "" {
		return chat, info, none, nil
	}
	if err := os.MkdirAll(record, 0o755); err != nil {
		return nil, info, none, fmt.Errorf("--record: %w", err)
	}
	b, _ := json.MarshalIndent(info, "", "  ")
	if err := atomicfile.Write(filepath.Join(record, evalModelFile), append(b, '\n')); err != nil {
		return nil, info, none, fmt.Errorf("--record: %w", err)
	}
	rec, err := replay.OpenRecorder(record, false)
	if err != nil {
		return nil, info, none, fmt.Errorf("--record: %w", err)
	}
	var once sync.Once
	var closeErr error
	return rec.Wrap(chat), info, func() error {
		once.Do(func() { closeErr = rec.Close() })
		return closeErr
	}, nil
}

// sameModel reports whether the --model spec names the model info
// describes ("openai:gpt-4o", "baseline").
func sameModel(spec string, info models.Info) bool {
	kind, name, _ := strings.Cut(strings.TrimSpace(spec), ":")
	return strings.EqualFold(kind, info.Kind) && (name == "" || name == info.Name)
}

func ratio(n, d int) float64 {
	if d == 0 {
		return 0
	}
	return float64(n) / float64(d)
}

func joinComma(xs []string) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += "; "
		}
		s += x
	}
	return s
}
