package adapt

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/harness/stats"
)

// DefaultBudget is how many trial runs adapt makes at most by default.
const DefaultBudget = 40

// Spec is the spec as one trial sees it.
type Spec struct {
	API *ir.API
	// Offered returns the tools an agent working on a case of tool is
	// given (the tool and the ones most like it).
	Offered func(tool string) []string
	// Shown is what the agent is shown of each tool, by name, rendered
	// as the run renders it (run.Definitions: the catalog's definition
	// with the run's producer hints and ablations). Nil stands for
	// describe.Definition of each operation.
	Shown map[string][]byte
}

// Trials is how actions are measured.
type Trials struct {
	// Load loads the spec with the overlay file at path applied after the
	// user's overlays ("" for none).
	Load func(ctx context.Context, overlay string) (*Spec, error)
	// Run runs the cases on spec into dir and returns their records.
	Run func(ctx context.Context, spec *Spec, cs []cases.Case, dir string) ([]run.Record, error)
	// Dir holds each trial's overlay and run.
	Dir string
	// Budget is the most trial runs (DefaultBudget when 0).
	Budget int
	// Noisy judges by McNemar's test at Alpha (stats.DefaultAlpha when
	// 0), as the CI gate does: for repeated runs or a real model. A
	// deterministic model needs no test: any gain is real.
	Noisy bool
	Alpha float64
	// Progress gets one line per trial (nil: none).
	Progress io.Writer
}

// Delta is how a set of cases did before and after an action.
type Delta struct {
	// Cases counts the case runs compared (cases times trials); Before
	// and After how many had no error.
	Cases  int `json:"cases"`
	Before int `json:"before"`
	After  int `json:"after"`
	// Gained and Lost count the runs that went from failing to passing
	// and back; P is McNemar's p-value for them.
	Gained int     `json:"gained"`
	Lost   int     `json:"lost"`
	P      float64 `json:"p"`
}

// Decision is what became of one proposal.
type Decision struct {
	Action Action `json:"action"`
	Kept   bool   `json:"kept"`
	// Tried is false when it was not run (budget spent, stopped, or it
	// did not apply); Reason says why it was kept or not.
	Tried  bool   `json:"tried"`
	Reason string `json:"reason"`
	// Own are the tool's own cases; Others the other cases whose agent
	// could see a changed definition.
	Own    Delta `json:"own"`
	Others Delta `json:"others"`
	// Changed are the tools whose definition the action changed.
	Changed []string `json:"changed,omitempty"`
	// Fixed are the error classes of the tool's cases that went away,
	// with their arguments: "parameter_value_mismatch (priority)".
	Fixed []string `json:"fixed,omitempty"`
	// Trial is the trial's directory, relative to Trials.Dir.
	Trial string `json:"trial,omitempty"`
}

// Comment is the one-line account of a decision for the overlay file:
// "closeTicket: no-error 2/6 -> 5/6; parameter_value_mismatch (resolution) fixed".
func (d Decision) Comment() string {
	who := d.Action.Tool
	if len(d.Changed) > 1 {
		// A shared declaration: the numbers are over every tool it changed.
		who = fmt.Sprintf("%s and %d tools sharing it", who, len(d.Changed)-1)
	}
	s := fmt.Sprintf("%s: no-error %d/%d -> %d/%d", who, d.Own.Before, d.Own.Cases, d.Own.After, d.Own.Cases)
	if d.Others.Cases > 0 {
		s += fmt.Sprintf(", other cases %d/%d -> %d/%d", d.Others.Before, d.Others.Cases, d.Others.After, d.Others.Cases)
	}
	if len(d.Fixed) > 0 {
		s += "; fixed " + strings.Join(d.Fixed, ", ")
	}
	return s
}

// Result is what adapt decided.
type Result struct {
	// Reviewed are the actions of the existing overlay file, kept as
	// written; Decisions one per proposal, in the order tried.
	Reviewed  []Action   `json:"reviewed,omitempty"`
	Decisions []Decision `json:"decisions"`
	// Trials counts the trial runs made.
	Trials int `json:"trials"`
	// Dropped are the proposals not tried because they change nothing
	// the agent is shown (see Screen), each with the reason.
	Dropped []Dropped `json:"dropped,omitempty"`
	// Stopped says why adapt stopped before trying every proposal.
	Stopped string `json:"stopped,omitempty"`
	// Tools are the before/after no-error counts per tool with cases.
	Tools []ToolRow `json:"tools"`
}

// Kept returns the reviewed actions and the kept proposals, in order:
// the overlay adapt writes.
func (r *Result) Kept() []Action {
	out := slices.Clone(r.Reviewed)
	for _, d := range r.Decisions {
		if d.Kept {
			out = append(out, d.Action)
		}
	}
	return out
}

// ToolRow is one tool's no-error count before adapt and with the kept
// actions.
type ToolRow struct {
	Tool   string `json:"tool"`
	Cases  int    `json:"cases"`
	Before int    `json:"before"`
	After  int    `json:"after"`
	// Actions counts the kept actions for the tool.
	Actions int `json:"actions"`
}

// state is the latest record of every case run, by case and trial.
type state map[string]run.Record

func key(r run.Record) string { return r.Case + "#" + strconv.Itoa(r.Trial) }

func newState(recs []run.Record) state {
	s := state{}
	for _, r := range recs {
		s[key(r)] = r
	}
	return s
}

// counted reports whether a record takes part in the numbers.
func counted(r run.Record) bool {
	st := r.Status()
	return st != classify.Invalid && st != classify.Skipped
}

func passed(r run.Record) bool { return r.Status() == classify.Passed }

// Adapt tries each proposal in turn on top of the reviewed actions and
// those kept before it, re-running the cases it can affect, and keeps it
// when the tool's own cases improved and no other case got worse (judged
// by McNemar's test when t.Noisy). base are the records of the cases as
// they stand with the reviewed actions. When ctx is cancelled it returns
// what was decided so far with Stopped set, and ctx's error.
func Adapt(ctx context.Context, cs []cases.Case, base []run.Record, reviewed, proposals []Action, t Trials) (*Result, error) {
	if t.Budget == 0 {
		t.Budget = DefaultBudget
	}
	alpha := t.Alpha
	if alpha == 0 {
		alpha = stats.DefaultAlpha
	}
	res := &Result{Reviewed: reviewed}
	byID := map[string]cases.Case{}
	for _, c := range cs {
		byID[c.ID] = c
	}
	now := newState(base)
	start := newState(base)
	kept := slices.Clone(reviewed)
	spec, err := t.load(ctx, kept, filepath.Join(t.Dir, "base"))
	if err != nil {
		return nil, fmt.Errorf("the spec with the reviewed actions: %w", err)
	}
	prints := fingerprints(spec)
	// A proposal that changes nothing the agent is shown is dropped
	// before any trial: its trial would measure noise.
	var stopErr error
	proposals, res.Dropped, stopErr = t.screen(ctx, kept, prints, proposals)
	if t.Progress != nil && len(res.Dropped) > 0 {
		fmt.Fprintf(t.Progress, "adapt: %d of %d proposals dropped untried, %s; %d to try\n",
			len(res.Dropped), len(res.Dropped)+len(proposals), NotVisible, len(proposals))
	}
	for i, p := range proposals {
		d := Decision{Action: p}
		switch {
		case stopErr != nil:
			d.Reason = "not tried: stopped"
			res.Decisions = append(res.Decisions, d)
			continue
		case res.Trials >= t.Budget:
			d.Reason = fmt.Sprintf("not tried: the budget of %d trial runs was spent", t.Budget)
			res.Stopped = d.Reason
			res.Decisions = append(res.Decisions, d)
			continue
		}
		d.Trial = fmt.Sprintf("trial-%02d", i+1)
		dir := filepath.Join(t.Dir, d.Trial)
		next, err := t.load(ctx, append(slices.Clone(kept), p), dir)
		if err != nil {
			if ctx.Err() != nil {
				stopErr = ctx.Err()
				d.Reason = "not tried: stopped"
			} else {
				d.Reason = "not tried: " + err.Error()
			}
			res.Decisions = append(res.Decisions, d)
			continue
		}
		nextPrints := fingerprints(next)
		d.Changed = changedTools(prints, nextPrints)
		if len(d.Changed) == 0 {
			// Screen found it visible on its own: an action kept since
			// says the same.
			d.Reason = "not tried: " + NotVisible + " once the actions kept before it are applied"
			res.Decisions = append(res.Decisions, d)
			continue
		}
		affected := affectedCases(cs, now, next, d.Changed)
		if !slices.ContainsFunc(affected, func(c cases.Case) bool { return slices.Contains(d.Changed, c.Tool) }) {
			d.Reason = "not tried: no case of " + strings.Join(d.Changed, ", ") + " can be re-run (those that change state need --allow-mutations)"
			res.Decisions = append(res.Decisions, d)
			continue
		}
		// A trial's run directory is adapt's own scratch: an earlier
		// adapt of the same run left one there, and this trial replaces it.
		runDir := filepath.Join(dir, "run")
		if err := os.RemoveAll(runDir); err != nil {
			d.Reason = "not decided: clearing the run of an earlier adapt: " + err.Error()
			res.Decisions = append(res.Decisions, d)
			continue
		}
		recs, err := t.Run(ctx, next, affected, runDir)
		res.Trials++
		if err != nil {
			if ctx.Err() != nil {
				stopErr = ctx.Err()
				d.Reason = "not tried: stopped during its run"
			} else {
				d.Reason = "not decided: its run failed: " + err.Error()
			}
			res.Decisions = append(res.Decisions, d)
			continue
		}
		d.Tried = true
		after := newState(recs)
		d.Own, d.Others, d.Fixed = compare(d.Changed, now, after)
		d.Kept, d.Reason = judge(d.Own, d.Others, t.Noisy, alpha)
		if t.Progress != nil {
			verdict := "rejected"
			if d.Kept {
				verdict = "kept"
			}
			fmt.Fprintf(t.Progress, "adapt: %s %s: %s (%s)\n", d.Trial, p.Label(), verdict, d.Comment())
		}
		if d.Kept {
			kept = append(kept, p)
			prints = nextPrints
			for k, r := range after {
				now[k] = r
			}
		}
		res.Decisions = append(res.Decisions, d)
	}
	res.Tools = toolRows(start, now, res.Kept())
	if stopErr != nil {
		res.Stopped = "interrupted"
		return res, stopErr
	}
	return res, nil
}

// load writes the actions as an overlay in dir and loads the spec with it.
func (t Trials) load(ctx context.Context, acts []Action, dir string) (*Spec, error) {
	if len(acts) == 0 {
		return t.Load(ctx, "")
	}
	path := filepath.Join(dir, "overlay.yaml")
	if err := WriteOverlay(path, File{Actions: acts}); err != nil {
		return nil, err
	}
	return t.Load(ctx, path)
}

// fingerprints hash what the agent is shown of each tool: spec.Shown,
// or describe.Definition without it.
func fingerprints(spec *Spec) map[string][32]byte {
	out := map[string][32]byte{}
	if spec.Shown != nil {
		for name, def := range spec.Shown {
			out[name] = sha256.Sum256(def)
		}
		return out
	}
	for _, op := range spec.API.Operations {
		name, desc, schema := describe.Definition(spec.API, op)
		out[op.Name] = sha256.Sum256([]byte(name + "\x00" + desc + "\x00" + string(schema)))
	}
	return out
}

func changedTools(before, after map[string][32]byte) []string {
	var out []string
	for name, h := range after {
		if before[name] != h {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// affectedCases are the cases whose agent could see a changed tool: the
// tools' own, and those of tools it was offered beside (in the run, or
// on the changed spec).
func affectedCases(cs []cases.Case, now state, spec *Spec, changed []string) []cases.Case {
	hit := map[string]bool{}
	for _, c := range changed {
		hit[c] = true
	}
	seen := map[string]bool{}
	for _, r := range now {
		if hit[r.Tool] || r.Agent != nil && slices.ContainsFunc(r.Agent.Tools, func(t string) bool { return hit[t] }) {
			seen[r.Case] = true
		}
	}
	var out []cases.Case
	for _, c := range cs {
		if !seen[c.ID] && spec.Offered != nil && slices.ContainsFunc(spec.Offered(c.Tool), func(t string) bool { return hit[t] }) {
			seen[c.ID] = true
		}
		if seen[c.ID] {
			out = append(out, c)
		}
	}
	return out
}

// compare pairs the case runs of after with their records in before.
// Own are the cases of the tools whose definition changed (one, unless
// the action changed a shared declaration), others the rest.
func compare(changed []string, before, after state) (own, others Delta, fixed []string) {
	lostClasses := map[string]bool{}
	afterClasses := map[string]bool{}
	for k, a := range after {
		b, ok := before[k]
		if !ok || !counted(a) || !counted(b) {
			continue
		}
		d := &others
		if slices.Contains(changed, a.Tool) {
			d = &own
			for _, l := range b.Labels {
				lostClasses[labelText(l)] = true
			}
			for _, l := range a.Labels {
				afterClasses[labelText(l)] = true
			}
		}
		d.Cases++
		pb, pa := passed(b), passed(a)
		if pb {
			d.Before++
		}
		if pa {
			d.After++
		}
		switch {
		case pa && !pb:
			d.Gained++
		case pb && !pa:
			d.Lost++
		}
	}
	own.P, others.P = stats.McNemar(own.Lost, own.Gained), stats.McNemar(others.Lost, others.Gained)
	for c := range lostClasses {
		if !afterClasses[c] {
			fixed = append(fixed, c)
		}
	}
	slices.Sort(fixed)
	return own, others, fixed
}

func labelText(l classify.Label) string {
	if len(l.Params) == 0 {
		return string(l.Class)
	}
	return string(l.Class) + " (" + strings.Join(l.Params, ", ") + ")"
}

// judge keeps an action when the tool's own cases gained more than they
// lost and no other case got worse; with noise, the gain must be
// significant and a loss elsewhere counts only when it is.
func judge(own, others Delta, noisy bool, alpha float64) (bool, string) {
	switch {
	case own.Cases == 0:
		return false, "rejected: none of the tool's own cases could be compared"
	case own.Gained <= own.Lost:
		return false, fmt.Sprintf("rejected: the tool's cases did not improve (%d gained, %d lost)", own.Gained, own.Lost)
	case noisy && own.P >= alpha:
		return false, fmt.Sprintf("rejected: the gain (%d gained, %d lost) is within noise (McNemar p=%.3f, alpha %.2g)", own.Gained, own.Lost, own.P, alpha)
	case !noisy && others.Lost > 0:
		return false, fmt.Sprintf("rejected: %d other cases regressed", others.Lost)
	case noisy && others.Lost > others.Gained && others.P < alpha:
		return false, fmt.Sprintf("rejected: other cases regressed (%d lost, %d gained, McNemar p=%.3f)", others.Lost, others.Gained, others.P)
	}
	if noisy {
		return true, fmt.Sprintf("kept: %d gained, %d lost (McNemar p=%.3f)", own.Gained, own.Lost, own.P)
	}
	return true, fmt.Sprintf("kept: %d gained, %d lost, no other case regressed", own.Gained, own.Lost)
}

// toolRows counts each tool's no-error runs at the start and now.
func toolRows(start, now state, kept []Action) []ToolRow {
	rows := map[string]*ToolRow{}
	for k, b := range start {
		if !counted(b) {
			continue
		}
		r := rows[b.Tool]
		if r == nil {
			r = &ToolRow{Tool: b.Tool}
			rows[b.Tool] = r
		}
		r.Cases++
		if passed(b) {
			r.Before++
		}
		if a, ok := now[k]; ok && passed(a) {
			r.After++
		}
	}
	for _, a := range kept {
		if r := rows[a.Tool]; r != nil {
			r.Actions++
		}
	}
	var out []ToolRow
	for _, name := range sortedKeys(rows) {
		out = append(out, *rows[name])
	}
	return out
}

// ErrNoCases is returned when the run has no records to start from.
var ErrNoCases = errors.New("the run has no results to adapt from: run agentready test first")
