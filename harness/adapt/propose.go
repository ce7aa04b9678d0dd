package adapt

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe"
	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/finding"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/names"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/lint"
	"github.com/agentready/agentready/harness/run"
)

// Evidence is what proposals are made from.
type Evidence struct {
	// Catalog describes the tools of the spec as the run saw it (with
	// the user's overlays), with its IR: catalog.Describe of the API
	// will do, proposing calls nothing. Locator finds declarations in
	// that document.
	Catalog *catalog.Bound
	Locator *lint.Locator
	// Records are the run's results.
	Records []run.Record
	// Findings are lint's and fuzz's (optional).
	Findings []finding.Finding
	// Hints are the reviewed graph's producer hints per tool and input
	// (graph.Hints), nil without a graph.
	Hints map[string]map[string]string
	// Writer writes the descriptions; nil writes them deterministically.
	Writer Writer
}

// Writer writes a tool's description from what went wrong with it: an
// LLM through harness/models, with its prompt in templates.
type Writer interface {
	Describe(ctx context.Context, req DescribeRequest) (string, error)
}

// DescribeRequest is what a Writer is told about one tool.
type DescribeRequest struct {
	Tool        string   `json:"tool"`
	Method      string   `json:"method"`
	Path        string   `json:"path"`
	Summary     string   `json:"summary,omitempty"`
	Description string   `json:"description,omitempty"`
	Arguments   []string `json:"arguments"`
	// Confused are the tools the agent picked instead, each with what it
	// does.
	Confused []string `json:"confused,omitempty"`
	// Failures say what went wrong, one line per class.
	Failures []string `json:"failures"`
}

// failures are what went wrong with one tool in a run.
type failures struct {
	tool   string
	cases  int
	failed int
	// chains counts failed cases whose request named a value another
	// tool must find (chain and ask scenarios): a producer hint is the fix.
	chains  int
	classes map[string]int
	// params are the arguments labels name, with their classes.
	params map[string]map[string]bool
	// others are the tools the agent called instead, by count.
	others map[string]int
}

// collect groups the failed records by the case's tool.
func collect(recs []run.Record) map[string]*failures {
	out := map[string]*failures{}
	for _, r := range recs {
		st := r.Status()
		if st == classify.Invalid || st == classify.Skipped {
			continue
		}
		f := out[r.Tool]
		if f == nil {
			f = &failures{tool: r.Tool, classes: map[string]int{}, params: map[string]map[string]bool{}, others: map[string]int{}}
			out[r.Tool] = f
		}
		f.cases++
		if st == classify.Passed {
			continue
		}
		f.failed++
		if r.Scenario == "chain" {
			f.chains++
		}
		for _, l := range r.Labels {
			c := string(l.Class)
			f.classes[c]++
			for _, p := range l.Params {
				if f.params[p] == nil {
					f.params[p] = map[string]bool{}
				}
				f.params[p][c] = true
			}
			if l.Other != "" {
				f.others[l.Other]++
			}
		}
	}
	return out
}

// selection classes are fixed by what the tool's description says.
var selection = map[string]bool{string(classify.IncorrectToolSelection): true, string(classify.ToolNotIdentified): true}

// Propose returns the proposals for every tool with failed cases, the
// tools with most failures first, each tool's actions in a fixed order:
// description, then per argument what the API said (required, enum,
// pattern, format), the producer hint and an example.
func Propose(ctx context.Context, ev Evidence) ([]Action, error) {
	if ev.Catalog == nil || ev.Catalog.API == nil {
		return nil, fmt.Errorf("adapt: no tools to propose for: Evidence.Catalog needs the spec's IR (catalog.Describe)")
	}
	byTool := collect(ev.Records)
	var tools []*failures
	for _, f := range byTool {
		if f.failed > 0 && ev.Catalog.API.Operation(f.tool) != nil {
			tools = append(tools, f)
		}
	}
	sort.Slice(tools, func(i, j int) bool {
		if tools[i].failed != tools[j].failed {
			return tools[i].failed > tools[j].failed
		}
		return tools[i].tool < tools[j].tool
	})
	truth := groundTruth(ev.Records)
	var out []Action
	for _, f := range tools {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		op := ev.Catalog.API.Operation(f.tool)
		acts, err := ev.forTool(ctx, op, f, truth[f.tool])
		if err != nil {
			return out, err
		}
		out = append(out, acts...)
	}
	return dedupe(out), nil
}

func dedupe(acts []Action) []Action {
	seen := map[string]bool{}
	var out []Action
	for _, a := range acts {
		if seen[a.Key()] {
			continue
		}
		seen[a.Key()] = true
		out = append(out, a)
	}
	return out
}

// forTool proposes the actions for one failing tool.
func (ev Evidence) forTool(ctx context.Context, op *ir.Operation, f *failures, truth map[string][]any) ([]Action, error) {
	var out []Action
	opTarget, err := pathTarget(op.Origin.Pointer)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op.Name, err)
	}
	confused := ev.confusedWith(op, f)
	if sel := classesOf(f, selection); len(sel) > 0 || len(confused) > 0 {
		update, why, err := ev.description(ctx, op, f, confused)
		if err != nil {
			return nil, err
		}
		if update != nil {
			out = append(out, Action{Tool: op.Name, Kind: KindDescription, Target: opTarget, Update: update, Why: why, Classes: sel})
		}
	}
	args := ev.Catalog.Args(op.Name)
	for _, a := range args {
		classes, failing := f.params[a.Name]
		learned := ev.learned(op.Name, a.Name)
		// A required input of a tool whose chains failed needs its
		// producer named, whatever the labels say.
		chained := f.chains > 0 && a.Required && ev.Hints[op.Name][a.Name] != ""
		if !failing && !chained && len(learned) == 0 {
			continue
		}
		if chained && len(classes) == 0 {
			classes = map[string]bool{}
			for c := range f.classes {
				classes[c] = true
			}
		}
		cls := sortedKeys(classes)
		ptr := ev.Locator.Argument(op, argWireName(a), argIn(a), a.Param == nil).Pointer
		if ptr == "" || ptr == op.Origin.Pointer {
			continue // not declared where an overlay can reach it on its own
		}
		ptr = ev.Locator.Follow(ptr)
		declTarget, err := pathTarget(ptr)
		if err != nil {
			continue
		}
		schemaTarget := declTarget
		if a.Param != nil {
			if sp := ev.Locator.Follow(ptr + "/schema"); ev.Locator.Has(sp) {
				schemaTarget, _ = pathTarget(sp)
			}
		}
		add := func(kind, target string, update map[string]any, why string) {
			out = append(out, Action{Tool: op.Name, Argument: a.Name, Kind: kind, Target: target, Update: update, Why: why, Classes: cls})
		}
		s := ev.Catalog.API.Resolve(a.Schema)
		if s == nil {
			s = &ir.Schema{}
		}
		for _, l := range learned {
			switch {
			case l.kind == KindRequired && a.Param != nil && !a.Required:
				add(KindRequired, declTarget, map[string]any{"required": true}, l.why)
			case l.kind == KindEnum && len(s.Enum) == 0:
				add(KindEnum, schemaTarget, map[string]any{"enum": l.values}, l.why)
			case l.kind == KindPattern && s.Pattern == "":
				add(KindPattern, schemaTarget, map[string]any{"pattern": l.values[0]}, l.why)
			case l.kind == KindFormat && s.Format != l.values[0]:
				add(KindFormat, schemaTarget, map[string]any{"format": l.values[0]}, l.why)
			}
		}
		if hint := ev.Hints[op.Name][a.Name]; (failing || chained) && hint != "" && !strings.Contains(a.Description, hint) {
			add(KindHint, declTarget, map[string]any{"description": strings.TrimSpace(a.Description + " " + hint)},
				fmt.Sprintf("%s: %s in %d of %d cases (%d chains); the dependency graph names its producer", a.Name, strings.Join(cls, ", "), f.failed, f.cases, f.chains))
		}
		if !failing {
			continue
		}
		if v, ok := pick(truth[a.Name]); ok && a.Example == nil && s.Example == nil {
			add(KindExample, declTarget, map[string]any{"example": v},
				fmt.Sprintf("%s: %s; %s worked in the cases' direct calls", a.Name, strings.Join(cls, ", "), valueText(v)))
		}
	}
	return out, nil
}

// argWireName is the argument's name as the spec declares it.
func argWireName(a toolschema.Arg) string {
	if a.Param != nil {
		return a.Param.Name
	}
	return a.Name
}

func argIn(a toolschema.Arg) ir.Location {
	if a.Param != nil {
		return a.Param.In
	}
	return ""
}

func classesOf(f *failures, want map[string]bool) []string {
	var out []string
	for c := range f.classes {
		if want[c] {
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return out
}

// confusedWith returns the tools the agent picked instead of op, most
// often first, then those lint says op is confused with.
func (ev Evidence) confusedWith(op *ir.Operation, f *failures) []*ir.Operation {
	count := map[string]int{}
	for o, n := range f.others {
		count[o] += n
	}
	for _, fi := range ev.Findings {
		if fi.Tool == op.Name && fi.Source == finding.Lint && fi.Rule == lint.RuleConfusable.ID {
			for _, r := range fi.Related {
				count[r] += 0
			}
		}
	}
	names := sortedKeys(count)
	sort.SliceStable(names, func(i, j int) bool { return count[names[i]] > count[names[j]] })
	var out []*ir.Operation
	for _, n := range names {
		if o := ev.Catalog.API.Operation(n); o != nil && o != op && len(out) < 3 {
			out = append(out, o)
		}
	}
	return out
}

// description returns the update of op's summary and description: what
// it does and what sets it apart from the tools it was confused with.
//
// It writes where the tool's definition shows it: the definition's first
// sentence is the summary's first sentence (describe.Purpose), and of the
// description only one short sentence is added, and only to a summary of
// four words or fewer. So what tells op apart goes into the summary, one
// sentence; a proposal that would change nothing the agent reads is not
// made.
func (ev Evidence) description(ctx context.Context, op *ir.Operation, f *failures, confused []*ir.Operation) (map[string]any, string, error) {
	var others []string
	for _, o := range confused {
		others = append(others, o.Name)
	}
	why := fmt.Sprintf("%d of %d cases failed (%s)", f.failed, f.cases, classList(f.classes))
	if len(others) > 0 {
		why += "; the agent took " + strings.Join(others, ", ") + " instead"
	}
	update := map[string]any{}
	if ev.Writer != nil {
		req := DescribeRequest{Tool: op.Name, Method: op.Method, Path: op.Path, Summary: op.Summary, Description: op.Description}
		for _, a := range ev.Catalog.Args(op.Name) {
			req.Arguments = append(req.Arguments, argLine(a))
		}
		for _, o := range confused {
			req.Confused = append(req.Confused, fmt.Sprintf("%s (%s %s): %s", o.Name, o.Method, o.Path, describe.Purpose(o)))
		}
		for _, c := range sortedKeys(f.classes) {
			req.Failures = append(req.Failures, fmt.Sprintf("%s in %d cases", c, f.classes[c]))
		}
		text, err := ev.Writer.Describe(ctx, req)
		if err != nil {
			return nil, "", fmt.Errorf("writing %s's description: %w", op.Name, err)
		}
		if text = strings.TrimSpace(text); text == "" {
			return nil, "", nil
		}
		// The model's first sentence leads the definition; the rest is
		// the description, for readers of the spec.
		first := strings.TrimSpace(prose.FirstSentence(text))
		update["summary"] = strings.TrimRight(first, " .")
		if rest := strings.TrimSpace(strings.TrimPrefix(text, first)); rest != "" {
			update["description"] = rest
		}
		return update, why + "; written by the model", nil
	}
	purpose := namePurpose(op)
	summary := purpose
	var apart []string
	for _, o := range confused {
		apart = append(apart, o.Name+": "+strings.ToLower(namePurpose(o)))
	}
	if len(apart) > 0 {
		summary += " (not " + strings.Join(apart, "; not ") + ")"
	}
	if summary == strings.TrimRight(op.Summary, " .") {
		return nil, "", nil
	}
	update["summary"] = summary
	return update, why, nil
}

// namePurpose says what op does from its summary, else from its name's
// words and its path: "Close ticket".
func namePurpose(op *ir.Operation) string {
	if p := strings.TrimRight(op.Summary, " ."); p != "" {
		return p
	}
	ws := names.Words(op.Name)
	if len(ws) == 0 {
		return op.Method + " " + op.Path
	}
	s := strings.ToLower(strings.Join(ws, " "))
	return strings.ToUpper(s[:1]) + s[1:]
}

func argLine(a toolschema.Arg) string {
	s := a.Name
	if a.Required {
		s += " (required)"
	}
	if a.Description != "" {
		s += ": " + a.Description
	}
	return s
}

func classList(m map[string]int) string {
	var parts []string
	for _, c := range sortedKeys(m) {
		parts = append(parts, fmt.Sprintf("%s %d", c, m[c]))
	}
	return strings.Join(parts, ", ")
}

// lesson is what fuzz learned about an argument from the API's answer.
type lesson struct {
	kind   string
	values []string
	why    string
}

var (
	reLearnedEnum    = regexp.MustCompile(`enum: \[([^\]]+)\]`)
	reLearnedPattern = regexp.MustCompile(`pattern: (\S+)`)
	reLearnedFormat  = regexp.MustCompile(`format: ([A-Za-z0-9_-]+)`)
)

// learned reads the fixes fuzz learned for tool's argument arg from the
// API's error messages ("status: enum: [open, closed]; mark it required").
func (ev Evidence) learned(tool, arg string) []lesson {
	var out []lesson
	for _, f := range ev.Findings {
		if f.Source != finding.Fuzz || f.Tool != tool || f.Argument != arg && !strings.HasPrefix(f.Fix, arg+": ") {
			continue
		}
		why := fmt.Sprintf("fuzz: the API said %s", clip(f.Evidence+f.Message, 140))
		if strings.Contains(f.Fix, "mark it required") {
			out = append(out, lesson{kind: KindRequired, why: why})
		}
		if m := reLearnedEnum.FindStringSubmatch(f.Fix); m != nil {
			var vals []string
			for _, v := range strings.Split(m[1], ",") {
				if v = strings.TrimSpace(v); v != "" {
					vals = append(vals, v)
				}
			}
			out = append(out, lesson{kind: KindEnum, values: vals, why: why})
		}
		if m := reLearnedPattern.FindStringSubmatch(f.Fix); m != nil {
			out = append(out, lesson{kind: KindPattern, values: []string{strings.TrimRight(m[1], ";")}, why: why})
		}
		if m := reLearnedFormat.FindStringSubmatch(f.Fix); m != nil {
			out = append(out, lesson{kind: KindFormat, values: []string{m[1]}, why: why})
		}
	}
	return out
}

// groundTruth gathers, per tool and argument, the values of the cases'
// direct calls that the API accepted.
func groundTruth(recs []run.Record) map[string]map[string][]any {
	out := map[string]map[string][]any{}
	for _, r := range recs {
		if r.Direct == nil || !r.Direct.Result.OK || r.Invalid != "" {
			continue
		}
		if out[r.Tool] == nil {
			out[r.Tool] = map[string][]any{}
		}
		for k, v := range r.Args {
			out[r.Tool][k] = append(out[r.Tool][k], v)
		}
	}
	return out
}

// pick returns the value seen most often (the first in JSON order on a
// tie); only scalars make examples.
func pick(vals []any) (any, bool) {
	count := map[string]int{}
	byText := map[string]any{}
	for _, v := range vals {
		switch v.(type) {
		case string, float64, bool, json.Number:
		default:
			continue
		}
		b, _ := json.Marshal(v)
		count[string(b)]++
		byText[string(b)] = v
	}
	best := ""
	for _, k := range sortedKeys(count) {
		if best == "" || count[k] > count[best] {
			best = k
		}
	}
	if best == "" {
		return nil, false
	}
	return byText[best], true
}

func valueText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
