// Package fuzz tests an API's documentation against the API itself, after
// ToolFuzz's runtime failures: for every tool it sends arguments a reader
// of the documentation would think valid (every enum value, the bounds of
// ranges and lengths, formats, unicode, long strings, each optional
// argument left out in turn) and some it rules out (out of range, not in
// the enum, the wrong format or type, a required argument missing),
// through the same tool runtime an agent uses (gen/toolrt), and reports
// where the API's answer and the documentation disagree.
//
// The oracle is the documentation: a valid call the API refuses is an
// "under-specified" finding (the documentation allows what the API does
// not), an invalid one it takes is "unvalidated" (or "over-restrictive"
// when the documentation demands an argument the API does without), and
// a 5xx or no answer is a "server-error". Each finding suggests the
// documentation's fix, learned from the API's message where it says what
// it wants ("must be one of a, b" becomes an enum).
//
// Values come from the schema value synthesizer (gen/example), and every
// probe is checked with the tool's own argument checker: valid probes go
// through Tool.Run as an agent's call would, invalid ones through
// Tool.RunUnchecked, which skips the check for that probe only. Nothing is
// random but the order of a tool's probes, which the seed fixes.
package fuzz

import (
	"context"
	"errors"
	"math/rand/v2"
	"sort"
	"time"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolrt"
	"github.com/agentready/agentready/harness/classify"
)

// Kind is the kind of a finding: finding.Finding's Kind.
type Kind = string

// The kinds of findings.
const (
	// UnderSpecified: the documentation allows a call the API refuses.
	UnderSpecified Kind = "under-specified"
	// Unvalidated: the API takes a value the documentation rules out.
	Unvalidated Kind = "unvalidated"
	// OverRestrictive: the documentation demands what the API does
	// without (a required argument the API answers 2xx without).
	OverRestrictive Kind = "over-restrictive"
	// ServerError: the API failed (5xx) or did not answer in time.
	ServerError Kind = "server-error"
)

// Finding is one disagreement between the documentation and the API: the
// findings type every source shares (Source "fuzz", Kind set; Tool,
// OperationID, Argument, Class, Message, Evidence, Fix, Place) with the
// call that showed it.
//
// Its Evidence is the start of what the API answered, credentials
// removed; its Fix the change to the documentation the answer suggests;
// its Class the error class of harness/classify an agent that trusts the
// documentation would show (see Rules).
type Finding struct {
	finding.Finding
	// Value is the argument's value (long strings shortened, with their
	// length); nil when the argument was left out (Omitted).
	Value   any  `json:"value"`
	Omitted bool `json:"omitted,omitempty"`
	// Probe says what the call tried: "maximum", "not in enum", ...
	Probe string `json:"probe"`
	// Args are the whole arguments sent, to reproduce the call with
	// agentready call (long strings shortened).
	Args map[string]any `json:"args"`
	// Status is the HTTP status, 0 without an answer.
	Status int `json:"status"`
	// Calls is how many calls showed the same finding.
	Calls int `json:"calls"`
}

// Rules describe each kind for SARIF and the report: its level, the error
// class it shows and why it matters.
var Rules = []finding.Rule{
	{ID: UnderSpecified, Level: finding.Warning, Class: string(classify.ParameterValueMismatch),
		Short: "The documentation allows what the API refuses",
		Help: "A call the documentation allows was refused: an agent that follows the documentation fails the same way. " +
			"Document the constraint the API enforces (an enum, a format, a bound, a required argument)."},
	{ID: Unvalidated, Level: finding.Note, Class: string(classify.ParameterValueMismatch),
		Short: "The API takes what the documentation rules out",
		Help: "The API accepted a value the documentation rules out, so an agent's wrong value goes through unnoticed. " +
			"Make the API refuse it with a message that names the argument, or relax the documentation to what the API does."},
	{ID: OverRestrictive, Level: finding.Note, Class: string(classify.MissingParameter),
		Short: "The documentation demands what the API does without",
		Help: "The documentation requires an argument or a bound the API does not: agents ask for or invent values they need not. " +
			"Document what the API really requires."},
	{ID: ServerError, Level: finding.Error, Class: string(classify.ToolServerError),
		Short: "The API failed on a call",
		Help: "The API answered 5xx or not at all: agents see a tool failure they cannot fix. " +
			"Make the API refuse bad input with a 4xx that says what to change."},
}

// SARIFDriver names fuzz and lists its kinds for SARIF.
func SARIFDriver() finding.Driver { return finding.Driver{Name: "agentready fuzz", Rules: Rules} }

// Common returns the shared part of each finding, for the report and SARIF.
func Common(fs []Finding) []finding.Finding {
	out := make([]finding.Finding, len(fs))
	for i := range fs {
		out[i] = fs[i].Finding
	}
	return out
}

// ruleOf returns the rule of kind k.
func ruleOf(k Kind) finding.Rule {
	for _, r := range Rules {
		if r.ID == k {
			return r
		}
	}
	return finding.Rule{ID: k, Level: finding.Warning}
}

// Options configure Run.
type Options struct {
	// Seed orders each tool's probes.
	Seed uint64
	// MaxCalls caps the calls made (DefaultMaxCalls when 0); MaxTime the
	// time spent (DefaultMaxTime when 0). Fuzzing stops at either,
	// reporting what it found.
	MaxCalls int
	MaxTime  time.Duration
	// CallTimeout caps each call (DefaultCallTimeout when 0), so that a
	// hanging API does not hang the fuzzer.
	CallTimeout time.Duration
	// AllowMutation says which tools that change state (POST, PUT,
	// PATCH, DELETE) are fuzzed; nil fuzzes none. The catalog must allow
	// them too (toolrt.AllowMutations), or their calls are not sent.
	AllowMutation func(op *ir.Operation) bool
	// Tools limits fuzzing to these tool names or operationIds; all
	// tools when empty.
	Tools []string
}

// Defaults of Options.
const (
	DefaultMaxCalls    = 2000
	DefaultMaxTime     = 5 * time.Minute
	DefaultCallTimeout = 10 * time.Second
)

// Report is the outcome of Run.
type Report struct {
	// Findings are deduplicated (one per tool, argument and kind), in
	// the order of tools, then arguments, then kinds.
	Findings []Finding `json:"findings"`
	// Calls is the number of calls made, Elapsed the time taken.
	Calls   int           `json:"calls"`
	Elapsed time.Duration `json:"elapsed"`
	// Tools is the number of tools fuzzed; Skipped names the others
	// with the reason.
	Tools   int               `json:"tools"`
	Skipped map[string]string `json:"skipped,omitempty"`
	// Unauthorized counts calls the API refused with 401 or 403: more
	// than a few mean the credentials are missing or too weak.
	Unauthorized int `json:"unauthorized,omitempty"`
	// Unreachable counts calls that found no server: more than a few
	// mean the base URL is wrong or the API is down.
	Unreachable int `json:"unreachable,omitempty"`
	// Stopped says why fuzzing ended early: "call budget", "time
	// budget" or "interrupted"; empty when every probe was sent.
	Stopped string `json:"stopped,omitempty"`
}

// Run fuzzes the tools of cat (catalog.Bind) and returns what it found.
// It stops at the budgets of opts and when ctx is cancelled (Stopped says
// which); the error is for options that name no tool.
func Run(ctx context.Context, cat *catalog.Bound, opts Options) (*Report, error) {
	if cat == nil || cat.API == nil {
		return nil, errors.New("fuzz: no tools with their IR to fuzz: bind them with catalog.Bind(api, client)")
	}
	if opts.MaxCalls <= 0 {
		opts.MaxCalls = DefaultMaxCalls
	}
	if opts.MaxTime <= 0 {
		opts.MaxTime = DefaultMaxTime
	}
	if opts.CallTimeout <= 0 {
		opts.CallTimeout = DefaultCallTimeout
	}
	start := time.Now()
	rep := &Report{Skipped: map[string]string{}}
	runCtx, cancel := context.WithTimeout(ctx, opts.MaxTime)
	defer cancel()
	queues, err := plan(runCtx, cat, opts, rep)
	if err != nil {
		return nil, err
	}
	j := newJudge()
	// Round robin over the tools, so that a budget spreads over all of
	// them; each tool's references come first in its queue.
	for round := 0; ; round++ {
		sent := false
		for _, q := range queues {
			if round >= len(q) {
				continue
			}
			if rep.Calls >= opts.MaxCalls {
				rep.Stopped = "call budget"
				break
			}
			if runCtx.Err() != nil {
				break
			}
			sent = true
			p := q[round]
			call := send(runCtx, p, opts.CallTimeout)
			if runCtx.Err() != nil {
				break // the answer was cut short by the end of the run
			}
			rep.Calls++
			if far := farCall(runCtx, p, call, opts, rep); far != nil {
				j.overRestrictive(p, call, far)
				continue
			}
			j.judge(p, call, rep)
		}
		if rep.Stopped != "" || runCtx.Err() != nil || !sent {
			break
		}
	}
	switch {
	case ctx.Err() != nil:
		rep.Stopped = "interrupted"
	case errors.Is(runCtx.Err(), context.DeadlineExceeded):
		rep.Stopped = "time budget"
	}
	rep.Findings = j.findings()
	rep.Elapsed = time.Since(start)
	if len(rep.Skipped) == 0 {
		rep.Skipped = nil
	}
	return rep, nil
}

// plan lists each selected tool's probes; it stops early, without an
// error, when ctx ends.
func plan(ctx context.Context, cat *catalog.Bound, opts Options, rep *Report) ([][]*probe, error) {
	api := cat.API
	want := map[string]bool{}
	for _, n := range opts.Tools {
		want[n] = true
	}
	var queues [][]*probe
	matched := map[string]bool{}
	for _, t := range cat.Tools {
		if ctx.Err() != nil {
			return queues, nil // Run reports why it stopped
		}
		op := api.Operation(t.Operation().Name)
		if op == nil {
			continue
		}
		if len(want) > 0 && !want[op.Name] && !want[op.ID] {
			continue
		}
		matched[op.Name], matched[op.ID] = true, true
		if t.Operation().Mutating() && (opts.AllowMutation == nil || !opts.AllowMutation(op)) {
			rep.Skipped[op.Name] = "changes state (" + op.Method + "); --allow-mutations fuzzes it"
			continue
		}
		rng := rand.New(rand.NewPCG(opts.Seed, seedOf(op.Name)))
		ps := toolProbes(cat, op, t, rng)
		if len(ps) == 0 {
			rep.Skipped[op.Name] = "no valid arguments can be made from its schema"
			continue
		}
		rep.Tools++
		queues = append(queues, ps)
	}
	var unknown []string
	for n := range want {
		if !matched[n] {
			unknown = append(unknown, n)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, &UnknownToolsError{Names: unknown}
	}
	return queues, nil
}

// UnknownToolsError names tools asked for that the catalog does not have.
type UnknownToolsError struct{ Names []string }

func (e *UnknownToolsError) Error() string {
	return "no tool or operationId " + quoteList(e.Names) + " in the spec (agentready tools lists them)"
}

// seedOf mixes a tool's name into the seed, so that each tool's order is
// its own and does not change when other tools come or go.
func seedOf(name string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(name); i++ {
		h ^= uint64(name[i])
		h *= 1099511628211
	}
	return h
}

// send makes one probe's call, within the per-call timeout: a valid
// probe as an agent's call, checked; an invalid one unchecked.
func send(ctx context.Context, p *probe, timeout time.Duration) *toolrt.Call {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	text := jsonText(p.args)
	if p.valid {
		return p.tool.Run(ctx, text)
	}
	return p.tool.RunUnchecked(ctx, text)
}

// farCall follows up an invalid value just past a bound that the API
// took with one far past it, within the budgets; it returns the answer
// when the API refused that one, nil otherwise.
func farCall(ctx context.Context, p *probe, call *toolrt.Call, opts Options, rep *Report) *toolrt.Call {
	if p.valid || p.far == nil || call.Result.Status < 200 || call.Result.Status > 299 || rep.Calls >= opts.MaxCalls {
		return nil
	}
	f := *p
	f.args = with(p.args, p.arg, p.far)
	far := send(ctx, &f, opts.CallTimeout)
	if ctx.Err() != nil {
		return nil
	}
	rep.Calls++
	if !refusal(far.Result.Status) {
		return nil
	}
	return far
}
