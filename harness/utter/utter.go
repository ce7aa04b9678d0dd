// Package utter writes the utterances of test cases: what a user would
// say to get a case's call made ("Close the latest ticket of Ada Okafor
// as fixed"), not a list of parameters.
//
// Two generators implement Generator. Templates is deterministic: per
// intent of the tool (list, get, create, update, delete, search, action)
// a template file holds several phrasings, and a seeded choice picks
// among them; the arguments are woven in as phrases shaped by what their
// names, formats and enums say ("created after 1 March 2026", "tagged vpn
// and laptop", "including archived ones"), values are written as people
// write them (dates in words, small objects as phrases, larger ones as
// compact JSON), and a multi-step case names what a person knows (a name,
// a title) instead of an identifier. LLM asks a chat model (any
// CloudWeGo Eino model) to write utterances and a judge model to rate
// each one's accuracy, per argument, and naturalness, keeping the
// accurate ones rated 4 or more.
//
// Annotate judges every utterance with the deterministic judge
// (harness/judge): one that does not let a reader recover every value of
// the call is written again (another phrasing, then one that adds the
// missing values in clauses of their own) or dropped, and a case left
// without an utterance is dropped, so that no case blames a tool for
// what its utterance never said.
//
// An ask case (cases.Ask) is phrased from its arguments without the ones
// it withholds, and an utterance that gives one away is dropped; the
// reply of each withheld value, what the simulated user says when the
// agent asks, is written from templates/utterances/reply.tmpl whatever
// the generator, and judged to give the value.
//
// Each utterance records the generator that wrote it
// ("template:get/2", "template:get/2+added/1" for one that had values
// added, "llm:<model>").
package utter

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
	"github.com/agentready/agentready/templates"
)

// files holds the phrasing templates and the LLM prompts
// (templates/utterances).
var files = templates.Dir(templates.Utterances)

// Generator writes the utterances of one case.
type Generator interface {
	// Utter returns the case's utterances, reading the tool's arguments
	// from cat; the case is not changed.
	Utter(ctx context.Context, cat *catalog.Bound, c *cases.Case) ([]cases.Utterance, error)
}

// Rewriter is a Generator that can write a case's utterance again when
// the judge finds that one does not say every value the call needs.
type Rewriter interface {
	Generator
	// Rewrite returns another utterance for the case, given the one that
	// failed and the judge's verdict on it; attempt counts from 1. It
	// returns false when it has nothing more to try.
	Rewrite(ctx context.Context, cat *catalog.Bound, c *cases.Case, failed cases.Utterance, missing judge.Verdict, attempt int) (cases.Utterance, bool, error)
}

// rewrites is how many times Annotate asks a Rewriter for another
// utterance before it drops the one that failed.
const rewrites = 3

// Stats counts what Annotate's judge did. Passed, Rewritten and Dropped
// add up to Cases.
type Stats struct {
	// Cases is the number of cases judged.
	Cases int
	// Passed counts the cases whose every utterance passed as first
	// written.
	Passed int
	// Rewritten counts the cases kept with an utterance written again or
	// dropped.
	Rewritten int
	// Dropped counts the cases dropped because none of their utterances
	// passed, even rewritten.
	Dropped int
	// Blind counts the dropped cases whose utterances said every value
	// but nothing that tells the case's tool from a nearby one
	// (judge.Confusion.Blind): no agent could pick the tool, so a verdict
	// on it would blame the tool for the utterance.
	Blind int
	// Utterances is the number of utterances kept; Levels counts them by
	// naturalness (index 1 to 5; a model's judge rates what it writes,
	// judge.Naturalness the rest).
	Utterances int
	Levels     [6]int
}

// String says the counts in one line: "1829 cases judged: 1800 passed
// first time, 20 rewritten, 9 dropped".
func (s Stats) String() string {
	out := fmt.Sprintf("%d cases judged: %d passed first time, %d rewritten, %d dropped", s.Cases, s.Passed, s.Rewritten, s.Dropped)
	if s.Blind > 0 {
		out += fmt.Sprintf(" (%d of them for saying nothing that tells their tool from a nearby one)", s.Blind)
	}
	var levels []string
	for l := 5; l >= 1; l-- {
		if s.Levels[l] > 0 {
			levels = append(levels, fmt.Sprintf("%d at %d", s.Levels[l], l))
		}
	}
	if len(levels) > 0 {
		out += "; utterances kept by naturalness: " + strings.Join(levels, ", ")
	}
	return out
}

// Concurrent is a Generator that may write (and rewrite) the utterances
// of several cases at once, each exactly as it would alone: Annotate then
// works on every CPU. Templates is one (each case's choices come from its
// ID); a model's generator is not, so that its calls stay in case order.
type Concurrent interface {
	Generator
	// Concurrent reports whether the generator is safe to call for
	// several cases at once.
	Concurrent() bool
}

// Annotate writes the utterances of every case with g and judges each:
// one that fails the judge is written again when g is a Rewriter, and
// dropped when it still fails. It returns the cases that kept at least
// one utterance, in order, and the counts. cat gives the tools'
// arguments (catalog.Describe of the API will do: nothing is called). A
// case whose tool the API does not have is an error.
func Annotate(ctx context.Context, cat *catalog.Bound, cs []cases.Case, g Generator) ([]cases.Case, Stats, error) {
	j := judge.New(cat)
	rw, _ := g.(Rewriter)
	results := make([]annotation, len(cs))
	workers := 1
	if c, ok := g.(Concurrent); ok && c.Concurrent() {
		workers = runtime.GOMAXPROCS(0)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(cs) {
					return
				}
				if results[i].err = ctx.Err(); results[i].err == nil {
					results[i] = annotate(ctx, cat, j, g, rw, &cs[i])
				}
				if results[i].err != nil {
					// Later cases are not worth starting.
					next.Store(int64(len(cs)))
					return
				}
			}
		}()
	}
	wg.Wait()
	var st Stats
	out := cs[:0:0]
	for _, r := range results {
		if r.err != nil {
			return nil, st, r.err
		}
		st.Cases++
		switch {
		case r.dropped:
			st.Dropped++
			if r.blind {
				st.Blind++
			}
			continue
		case r.changed:
			st.Rewritten++
		default:
			st.Passed++
		}
		st.Utterances += len(r.c.Utterances)
		for _, u := range r.c.Utterances {
			if u.Naturalness >= 1 && u.Naturalness <= 5 {
				st.Levels[u.Naturalness]++
			}
		}
		out = append(out, r.c)
	}
	return out, st, nil
}

// annotation is what Annotate made of one case: the case with its
// utterances, or dropped (none passed), whether any was written again or
// dropped, or why it failed.
type annotation struct {
	c                cases.Case
	dropped, changed bool
	// blind is set for a case dropped only because its utterances do
	// not tell its tool from a nearby one.
	blind bool
	err   error
}

// annotate writes and judges the utterances of one case (see Annotate).
func annotate(ctx context.Context, cat *catalog.Bound, j *judge.Judge, g Generator, rw Rewriter, c *cases.Case) annotation {
	api := cat.API
	if api.Operation(c.Tool) == nil {
		return annotation{err: fmt.Errorf("case %s: the API has no tool %q", c.ID, c.Tool)}
	}
	// An ask case's first message is written and judged without the
	// values it withholds.
	shown := shownCase(c)
	us, err := g.Utter(ctx, cat, shown)
	if err != nil {
		return annotation{err: fmt.Errorf("case %s: %w", c.ID, err)}
	}
	kept, changed, blind, err := judged(ctx, cat, j, rw, shown, us)
	if err != nil {
		return annotation{err: fmt.Errorf("case %s: %w", c.ID, err)}
	}
	if ok := withoutGiveaways(j, c, kept); len(ok) < len(kept) {
		kept, changed = ok, true
	}
	if len(kept) == 0 {
		return annotation{dropped: true, blind: blind}
	}
	rated := *shown
	rated.Utterances = kept
	j.RateNaturalness(&rated)
	lowerPurposeClauses(rated.Utterances)
	cc := *c
	cc.Utterances = rated.Utterances
	if len(c.Withheld) > 0 {
		if cc.Withheld, err = writeReplies(cat, j, c); err != nil {
			return annotation{err: fmt.Errorf("case %s: %w", c.ID, err)}
		}
	}
	return annotation{c: cc, changed: changed}
}

// lowerPurposeClauses rates an utterance that was given what it is for
// in the summary's words ("... I mean: disable vulnerability alerts.")
// one level less natural than its text alone reads: people do not
// restate a tool's summary, and a model matches those words to the tool,
// so a result on it should not count as one on a request typed freely.
func lowerPurposeClauses(us []cases.Utterance) {
	for i, u := range us {
		if strings.Contains(u.Generator, "+"+purpose+"/") {
			us[i].Naturalness = max(u.Naturalness-1, 1)
		}
	}
}

// judged returns the utterances that pass the judge, rewritten where
// they failed and rw can, whether any was rewritten or dropped, and
// whether every one that said all the values was dropped for saying
// nothing that tells the tool from a nearby one (blindTo).
func judged(ctx context.Context, cat *catalog.Bound, j *judge.Judge, rw Rewriter, c *cases.Case, us []cases.Utterance) ([]cases.Utterance, bool, bool, error) {
	var kept []cases.Utterance
	seen := map[string]bool{}
	changed := len(us) == 0
	blind := false
	pass := func(u *cases.Utterance) (judge.Verdict, bool) {
		v := j.Check(c, u)
		if !v.OK() {
			return v, false
		}
		if blindTo(j, c, u) != "" {
			blind = true
			return v, false
		}
		return v, true
	}
	for _, u := range us {
		v, ok := pass(&u)
		if ok && !seen[u.Text] {
			seen[u.Text] = true
			kept = append(kept, u)
			continue
		}
		changed = true
		for attempt := 1; rw != nil && attempt <= rewrites; attempt++ {
			nu, ok, err := rw.Rewrite(ctx, cat, c, u, v, attempt)
			if err != nil {
				return nil, true, false, err
			}
			if !ok {
				continue
			}
			if !seen[nu.Text] && rewritePasses(j, c, &nu, &blind) {
				seen[nu.Text] = true
				kept = append(kept, nu)
				break
			}
		}
	}
	return kept, changed, blind && len(kept) == 0, nil
}

// rewritePasses reports whether a rewritten utterance passes, as pass
// in judged does, and sets *blind as pass does. Its verdict is not
// needed, so once one utterance of the case was found blind (blind
// cases are most of DocuSign's rewrites, and another phrasing of one is
// mostly blind too), the cheaper question comes first: a blind rewrite
// fails whatever the judge says of its values, and only sets *blind,
// which is already set.
func rewritePasses(j *judge.Judge, c *cases.Case, u *cases.Utterance, blind *bool) bool {
	if *blind && blindTo(j, c, u) != "" {
		return false
	}
	if !j.Check(c, u).OK() {
		return false
	}
	if !*blind && blindTo(j, c, u) != "" {
		*blind = true
		return false
	}
	return true
}

// blindTo returns a tool near the case's that the utterance says nothing
// to tell the case's tool from ("Disable repo X" for
// repos/disable-vulnerability-alerts beside
// repos/disable-private-vulnerability-reporting), "" when there is none.
// A case whose tool the request does not point to judges the utterance,
// not the tool, so such an utterance is written again or dropped as one
// that leaves out a value is.
func blindTo(j *judge.Judge, c *cases.Case, u *cases.Utterance) string {
	return j.Blind(c.Tool, u.Text)
}
