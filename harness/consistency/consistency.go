// Package consistency checks ToolFuzz's correctness failures
// (research.md, section 2): a case's request with one of its values said
// in another, synonymous way ("2026-03-01" as "March 1, 2026", in_stock
// as "in stock", TCK-1078 as "1078") must give the same call and the
// same output. The ways of saying a value come from its schema
// (Phrasings), never from a table of one API's words.
//
// Each case runs through the agent as it is and once per phrasing, right
// after, on the same direct leg (harness/run's Variants, as
// harness/perturb runs its perturbations), with the same tools shown. A
// pair is reported only when three things agree, which keeps the false
// discovery rate low as the paper did: the calls differ after
// normalisation by the tool's schema (Normalize), the outputs of the
// calls through the real API differ (and the classifier did not find
// both runs right against the case's direct call, the ground truth), and,
// when there is one, a judge (a model: Judge) says the two requests
// should give the same result. Every
// differing pair is kept in consistency.json with the verdict that
// dismissed or reported it.
package consistency

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/run"
)

// File is the check's summary in the run directory; Subdir holds one run
// directory per variant slot (V1, V2, ...).
const (
	File   = "consistency.json"
	Subdir = "consistency"
)

// DefaultPerCase is how many phrasings of each case run when
// Options.PerCase is 0.
const DefaultPerCase = 3

// Options configure a check.
type Options struct {
	// Run are the options of the run as the cases are; the variants'
	// records go in Run.Dir/consistency/V1, V2, ...
	Run run.Options
	// Seed picks the phrasings of a case, when it has more than PerCase.
	Seed int64
	// PerCase is how many phrasings of a case run at most
	// (DefaultPerCase when 0).
	PerCase int
	// Kinds are the kinds of phrasing to run (Kinds when empty).
	Kinds []string
	// Judge, when set, decides whether two requests should give the same
	// result; only pairs it judges equivalent are reported. Nil leaves
	// the schema oracle alone.
	Judge Judge
	// Progress gets the run's progress; nil is silent.
	Progress io.Writer
}

// Judge decides whether two requests to a tool should give the same
// result (an LLM, in practice: NewLLMJudge).
type Judge interface {
	// Name names the judge, for the summary.
	Name() string
	// Equivalent reports whether requests a and b to the tool described
	// should give the same result, and why.
	Equivalent(ctx context.Context, tool, description, a, b string) (bool, string, error)
}

// The verdicts of a differing pair (Pair.Verdict).
const (
	// Reported: the calls differ after normalisation, the outputs differ
	// and the judge, if any, calls the requests equivalent.
	Reported = "reported"
	// Normalised: the calls differ only in how they write the same values.
	Normalised = "same after normalisation"
	// SameOutput: the calls differ, the outputs do not.
	SameOutput = "same output"
	// BothRight: the classifier judged both runs right against the case's
	// direct call, the ground truth (the agent got the same data another
	// way: another tool, an equivalent filter).
	BothRight = "both right by the ground truth"
	// JudgedDifferent: the judge says the requests ask different things.
	JudgedDifferent = "judged different"
	// JudgeFailed: the judge gave no verdict; only judged pairs are
	// reported.
	JudgeFailed = "judge failed"
)

// Summary is consistency.json: what the check ran, and every pair of
// calls that differed, with its verdict.
type Summary struct {
	Seed    int64  `json:"seed"`
	PerCase int    `json:"perCase"`
	Oracle  string `json:"oracle"`
	// Cases counts the cases with at least one phrasing; Variants the
	// variant runs compared with their case's; NotCompared those that
	// could not be (a leg skipped or invalid).
	Cases       int `json:"cases"`
	Variants    int `json:"variants"`
	NotCompared int `json:"notCompared,omitempty"`
	// SameCall counts the variants whose call was the case's, word for
	// word; Differing those whose call was not.
	SameCall  int `json:"sameCall"`
	Differing int `json:"differing"`
	// Dismissed counts the differing pairs the oracle dismissed, by
	// verdict: the false-discovery guard.
	Dismissed map[string]int `json:"dismissed"`
	// Reported counts the pairs reported; Findings are them, one per
	// tool, argument and kind of phrasing.
	Reported int `json:"reported"`
	// Kinds break the counts down by kind of phrasing, in Kinds' order.
	Kinds []KindCount `json:"kinds"`
	// Compared lists every variant compared: what its phrasing changed
	// and how its call came out.
	Compared []Compared        `json:"compared"`
	Pairs    []Pair            `json:"pairs,omitempty"`
	Findings []finding.Finding `json:"findings"`
}

// SameCall is the verdict (Compared.Verdict) of a variant whose call
// was the case's word for word.
const SameCall = "same call"

// Compared is one variant compared with its case.
type Compared struct {
	Case     string   `json:"case"`
	Slot     string   `json:"slot"`
	Phrasing Phrasing `json:"phrasing"`
	// Verdict is SameCall or the verdict of the differing pair.
	Verdict string `json:"verdict"`
}

// KindCount are the counts of one kind of phrasing.
type KindCount struct {
	Kind      string `json:"kind"`
	Variants  int    `json:"variants"`
	Differing int    `json:"differing"`
	Reported  int    `json:"reported"`
}

// Pair is a case's call and its variant's, when they differ.
type Pair struct {
	Case     string   `json:"case"`
	Tool     string   `json:"tool"`
	Slot     string   `json:"slot"`
	Phrasing Phrasing `json:"phrasing"`
	// Utterances are the case's request and the variant's.
	Utterances [2]string `json:"utterances"`
	// Calls are the arguments of the last call of the case's tool in
	// each ("" when the agent did not call it); Outputs what it gave.
	Calls   [2]string `json:"calls"`
	Outputs [2]string `json:"outputs"`
	Verdict string    `json:"verdict"`
	// Why is the judge's reason, when it judged.
	Why string `json:"why,omitempty"`
}

// Check runs cs as they are and under each of their phrasings, compares
// each variant with its case, and writes and returns the summary. The
// phrasings and the comparisons read the tools' arguments from the
// catalog the cases run against (o.Run.Catalog), which must carry its IR.
// When ctx is canceled it stops and returns ctx's error.
func Check(ctx context.Context, cs []cases.Case, o Options) (*Summary, error) {
	cat := o.Run.Catalog
	if cat == nil || cat.API == nil {
		return nil, errors.New("consistency: the run's catalog has no IR to phrase the cases from (bind it with catalog.Bind)")
	}
	if o.PerCase <= 0 {
		o.PerCase = DefaultPerCase
	}
	pk := &picker{cat: cat, seed: o.Seed, perCase: o.PerCase, kinds: o.Kinds, applied: map[string]Phrasing{}}
	slots := 0
	for i := range cs {
		slots = max(slots, len(pk.pick(&cs[i], run.PickUtterance(&cs[i], o.Seed))))
	}
	base := o.Run
	base.Progress, base.Seed = o.Progress, o.Seed
	for slot := range slots {
		name := fmt.Sprintf("V%d", slot+1)
		base.Variants = append(base.Variants, run.Variant{Name: name, Dir: filepath.Join(base.Dir, Subdir, name), Shown: base.Shown,
			Request: pk.hook(slot), Applies: func(c *cases.Case) bool { return len(pk.pick(c, run.PickUtterance(c, o.Seed))) > slot }})
	}
	if _, err := run.Run(ctx, cs, base); err != nil {
		return nil, err
	}
	baseRecs, err := run.ReadResults(filepath.Join(base.Dir, run.ResultsFile))
	if err != nil {
		return nil, err
	}
	byID := map[string]*run.Record{}
	for i := range baseRecs {
		byID[baseRecs[i].ID()] = &baseRecs[i]
	}
	oracle := "schema"
	if o.Judge != nil {
		oracle = "schema + " + o.Judge.Name()
	}
	sum := &Summary{Seed: o.Seed, PerCase: o.PerCase, Oracle: oracle, Dismissed: map[string]int{}}
	withVariant := map[string]bool{}
	byCase := map[string]*cases.Case{}
	for i := range cs {
		byCase[cs[i].ID] = &cs[i]
	}
	for slot, v := range base.Variants {
		recs, err := run.ReadResults(filepath.Join(v.Dir, run.ResultsFile))
		if err != nil {
			return nil, err
		}
		for i := range recs {
			vr := &recs[i]
			if vr.Skipped == run.SkipNotApplied {
				continue
			}
			withVariant[vr.Case] = true
			b := byID[vr.ID()]
			p, ok := pk.phrasingOf(byCase[vr.Case], slot, v.Name, b, vr)
			if !ok || !comparable(b) || !comparable(vr) {
				sum.NotCompared++
				continue
			}
			sum.Variants++
			kc := kindCount(sum, p.Kind)
			kc.Variants++
			pair, same := compare(ctx, cat, o.Judge, b, vr, p)
			if same {
				sum.SameCall++
				sum.Compared = append(sum.Compared, Compared{Case: vr.Case, Slot: v.Name, Phrasing: p, Verdict: SameCall})
				continue
			}
			sum.Compared = append(sum.Compared, Compared{Case: vr.Case, Slot: v.Name, Phrasing: p, Verdict: pair.Verdict})
			pair.Slot = v.Name
			sum.Differing++
			kc.Differing++
			if pair.Verdict == Reported {
				sum.Reported++
				kc.Reported++
			} else {
				sum.Dismissed[pair.Verdict]++
			}
			sum.Pairs = append(sum.Pairs, pair)
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
	}
	sum.Cases = len(withVariant)
	sort.SliceStable(sum.Pairs, func(i, j int) bool { return sum.Pairs[i].Case < sum.Pairs[j].Case })
	sum.Findings = Findings(cat, sum.Pairs)
	if err := Write(base.Dir, sum); err != nil {
		return nil, err
	}
	return sum, nil
}

// kindCount returns the counts of kind in sum, added in Kinds' order
// when missing.
func kindCount(sum *Summary, kind string) *KindCount {
	for i := range sum.Kinds {
		if sum.Kinds[i].Kind == kind {
			return &sum.Kinds[i]
		}
	}
	sum.Kinds = append(sum.Kinds, KindCount{Kind: kind})
	sort.SliceStable(sum.Kinds, func(i, j int) bool { return kindRank(sum.Kinds[i].Kind) < kindRank(sum.Kinds[j].Kind) })
	return kindCount(sum, kind)
}

// comparable reports whether a record's agent leg ran and was classified.
func comparable(r *run.Record) bool {
	s := r.Status()
	return s != classify.Skipped && s != classify.Invalid && r.Agent != nil
}

// picker picks each case's phrasings and remembers which one each
// variant's leg applied.
type picker struct {
	cat     *catalog.Bound
	seed    int64
	perCase int
	kinds   []string
	mu      sync.Mutex
	applied map[string]Phrasing // case ID, NUL, slot name
}

// pick returns up to perCase phrasings of the case's request text: one
// of each kind first, in an order the seed and the case decide.
func (pk *picker) pick(c *cases.Case, text string) []Phrasing {
	if pk.cat.API.Operation(c.Tool) == nil || text == "" {
		return nil
	}
	var all []Phrasing
	for _, p := range Phrasings(pk.cat.API, pk.cat.Args(c.Tool), text, c.Args) {
		if len(pk.kinds) == 0 || slices.Contains(pk.kinds, p.Kind) {
			all = append(all, p)
		}
	}
	h := fnv.New64a()
	h.Write([]byte(c.ID))
	rng := rand.New(rand.NewPCG(uint64(pk.seed), h.Sum64()))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	seen := map[string]bool{}
	var first, rest []Phrasing
	for _, p := range all {
		if seen[p.Kind+p.Arg] {
			rest = append(rest, p)
			continue
		}
		seen[p.Kind+p.Arg] = true
		first = append(first, p)
	}
	out := append(first, rest...)
	return out[:min(len(out), pk.perCase)]
}

// phrasingOf is the phrasing variant slot (named name) applied to case
// c in the record vr: the one its hook noted, or, for a record of an
// earlier, resumed run, the one the slot picks from the case's own
// request b when it gives vr's. False when there is no case's record b
// or the phrasing cannot be told.
func (pk *picker) phrasingOf(c *cases.Case, slot int, name string, b, vr *run.Record) (Phrasing, bool) {
	if c == nil || b == nil {
		return Phrasing{}, false
	}
	pk.mu.Lock()
	p, ok := pk.applied[c.ID+"\x00"+name]
	pk.mu.Unlock()
	if ok {
		return p, true
	}
	ps := pk.pick(c, b.Utterance)
	if slot < len(ps) && ps[slot].Apply(b.Utterance) == vr.Utterance {
		return ps[slot], true
	}
	return Phrasing{}, false
}

// hook is the Request hook of variant slot: the request with the slot's
// phrasing applied.
func (pk *picker) hook(slot int) func(c *cases.Case, text string) (string, []string) {
	name := fmt.Sprintf("V%d", slot+1)
	return func(c *cases.Case, text string) (string, []string) {
		ps := pk.pick(c, text)
		if slot >= len(ps) {
			return text, nil
		}
		pk.mu.Lock()
		pk.applied[c.ID+"\x00"+name] = ps[slot]
		pk.mu.Unlock()
		return ps[slot].Apply(text), nil
	}
}

// compare compares a case's record with a variant's; same is set when
// the two calls of the case's tool are the same word for word.
func compare(ctx context.Context, cat *catalog.Bound, j Judge, b, v *run.Record, p Phrasing) (Pair, bool) {
	api := cat.API
	ca, cb := lastCall(b), lastCall(v)
	pair := Pair{Case: b.Case, Tool: b.Tool, Phrasing: p, Utterances: [2]string{b.Utterance, v.Utterance},
		Calls: [2]string{argsText(ca), alignFresh(argsText(cb), v.Args, b.Args)}, Outputs: [2]string{output(ca), output(cb)}}
	if pair.Calls[0] == pair.Calls[1] {
		return pair, true
	}
	args := cat.Args(b.Tool)
	description := ""
	if op := api.Operation(b.Tool); op != nil {
		description = strings.TrimSpace(op.Summary + "\n" + op.Description)
	}
	switch {
	case ca != nil && cb != nil && canonical(Normalize(api, args, callArgs(ca))) == canonical(Normalize(api, args, parsed(pair.Calls[1]))):
		pair.Verdict = Normalised
	case pair.Outputs[0] == pair.Outputs[1]:
		pair.Verdict = SameOutput
	case b.Status() == classify.Passed && v.Status() == classify.Passed:
		pair.Verdict = BothRight
	default:
		pair.Verdict = Reported
		if j != nil {
			same, why, err := j.Equivalent(ctx, b.Tool, description, b.Utterance, v.Utterance)
			pair.Why = why
			if err != nil {
				pair.Verdict, pair.Why = JudgeFailed, err.Error()
			} else if !same {
				pair.Verdict = JudgedDifferent
			}
		}
	}
	return pair, false
}

// lastCall is the last call of the record's tool in its agent leg, nil
// when the agent did not call it.
func lastCall(r *run.Record) *classify.Call {
	if r.Agent == nil {
		return nil
	}
	for i := len(r.Agent.Calls) - 1; i >= 0; i-- {
		if r.Agent.Calls[i].Tool == r.Tool {
			return &r.Agent.Calls[i]
		}
	}
	return nil
}

// callArgs are a call's arguments as sent, else as the model wrote them.
func callArgs(c *classify.Call) map[string]any {
	if c.Args != nil {
		return c.Args
	}
	var m map[string]any
	_ = json.Unmarshal([]byte(c.RawArgs), &m) // arguments that are not JSON are compared as absent
	return m
}

// alignFresh writes the fresh values of a leg (a name made unique per
// run and leg: cases.Case.Fresh) in a call as the other leg has them, so
// that they do not make two calls differ: each string argument whose
// value differs between the legs' arguments is replaced.
func alignFresh(call string, from, to map[string]any) string {
	for k, fv := range from {
		f, ok1 := fv.(string)
		t, ok2 := to[k].(string)
		if ok1 && ok2 && f != t && f != "" {
			fj, tj := canonical(f), canonical(t)
			call = strings.ReplaceAll(call, fj[1:len(fj)-1], tj[1:len(tj)-1])
		}
	}
	return call
}

// parsed reads arguments written as JSON; nil when they are not.
func parsed(s string) map[string]any {
	var m map[string]any
	_ = json.Unmarshal([]byte(s), &m) // not JSON: compared as absent
	return m
}

func argsText(c *classify.Call) string {
	if c == nil {
		return ""
	}
	return canonical(callArgs(c))
}

// output is what a call gave, in a form two outputs compare in: a
// successful JSON answer as canonical JSON, another answer by its kind
// and status (an error's body carries a request ID that differs every
// time).
func output(c *classify.Call) string {
	if c == nil {
		return "no call"
	}
	if c.Result.OK {
		// The model reads a status line, then the body.
		status, body, found := strings.Cut(c.Text, "\n")
		if !found {
			status, body = "", c.Text
		}
		var v any
		if json.Unmarshal([]byte(body), &v) == nil {
			return strings.TrimSpace(status + " " + canonical(v))
		}
		return c.Text
	}
	if c.Result.Status != 0 {
		return fmt.Sprintf("%s %d", c.Result.Kind, c.Result.Status)
	}
	return c.Result.Kind
}

// Write writes s to dir's consistency.json.
func Write(dir string, s *Summary) error { return run.WriteJSON(filepath.Join(dir, File), s) }

// Read reads dir's consistency.json; a directory without one gives nil and no
// error.
func Read(dir string) (*Summary, error) { return run.ReadJSON[Summary](filepath.Join(dir, File)) }
