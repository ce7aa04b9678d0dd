package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"text/tabwriter"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/eval"
	"github.com/agentready/agentready/harness/models"
	runner "github.com/agentready/agentready/harness/run"
)

// runEval is `agentready eval`: a static suite of requests scored without
// calling the API.
func runEval(e *env, args []string) int {
	fs := newFlags(e, "eval", "[--config agentready.yaml | --spec FILE] --utterances FILE.jsonl [--model M] [--k 10 | --retrieve 10] [--graph FILE] [--json]")
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
	}
	p, api, ok := e.loadAPI(&sf, setFlags(fs))
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
	chat, info, err := models.NewWith(ctx, *modelName, models.Options{Limits: models.NewLimits(concurrency)})
	if err != nil {
		return e.failf("--model %s: %v", *modelName, err)
	}
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
	rs, err := eval.Run(ctx, cs, eval.Options{Catalog: cat, Model: chat, K: kk, Retrieve: *retrieveN, System: runner.DefaultSystem, Shown: shown})
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
	fmt.Fprintf(out, "agentready eval: %s, model %s, given %s\n", *suite, info.Name, mode)
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "KIND\tCASES\tPASS\tRIGHT TOOL\tTARGET GIVEN")
	for _, s := range eval.Summarize(rs) {
		fmt.Fprintf(tw, "%s\t%d\t%.2f\t%.2f\t%.2f\n", s.Kind, s.Cases, ratio(s.Passed, s.Cases), ratio(s.ToolRight, s.Cases), ratio(s.Found, s.Cases))
	}
	tw.Flush()
	return exitOK
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
