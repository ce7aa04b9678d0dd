package graph

import (
	"fmt"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// PlanOptions tune Plan.
type PlanOptions struct {
	// ApprovedOnly uses approved edges only; otherwise approved and
	// proposed ones (approved first).
	ApprovedOnly bool
	// RequiredOnly fills only the target's required inputs; otherwise
	// every input of the target that some edge feeds.
	RequiredOnly bool
}

// CallPlan is the calls that give a target tool its run-time inputs: the
// producers in an order that calls each after those it needs, then the
// target. Each step says which of its inputs come from which earlier
// step's response.
type CallPlan struct {
	Target string
	Steps  []Step
	// Unfilled lists the inputs ("tool.input") that take run-time data
	// but that no usable edge fills, or only through a cycle.
	Unfilled []string
}

// Step is one call of a plan.
type Step struct {
	Tool   string
	Inputs []Binding
}

// Binding says that an input of a step takes the value at Output in the
// response of the earlier step From.
type Binding struct {
	Input  string
	From   string
	Output string
}

// String formats the plan one step a line.
func (p CallPlan) String() string {
	var b strings.Builder
	for i, s := range p.Steps {
		fmt.Fprintf(&b, "%d. %s", i+1, s.Tool)
		for j, in := range s.Inputs {
			if j == 0 {
				b.WriteString(" with ")
			} else {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s = %s %s", in.Input, in.From, in.Output)
		}
		b.WriteString("\n")
	}
	if len(p.Unfilled) > 0 {
		fmt.Fprintf(&b, "unfilled: %s\n", strings.Join(p.Unfilled, ", "))
	}
	return b.String()
}

// Plan orders the producer calls that fill the target's inputs, using
// the graph's usable edges. For every input it tries the candidate
// producers best first (approved before proposed, a producer already in
// the plan, one that fills more of the inputs, then confidence), and
// takes the first whose own required inputs can be filled in turn. A
// producer that would need the target (or another producer on the way)
// first is a cycle and is skipped; inputs left without a producer are
// listed in Unfilled. api says which inputs each tool requires; with a
// nil api, only the inputs the graph feeds are considered and producers
// are taken to need nothing.
func Plan(g *Graph, api *ir.API, target string, opts PlanOptions) (CallPlan, error) {
	p := &planner{g: g, api: api, opts: opts, done: map[string]bool{}, stack: map[string]bool{}, required: map[string][]string{}, budget: 100000}
	if api != nil {
		if api.Operation(target) == nil {
			return CallPlan{}, fmt.Errorf("no tool named %q in the API", target)
		}
		vocab := buildVocabulary(api)
		for _, op := range api.Operations {
			for _, in := range inputs(api, vocab, op) {
				if in.required {
					p.required[op.Name] = append(p.required[op.Name], in.name)
				}
			}
		}
	} else if !p.known(target) {
		return CallPlan{}, fmt.Errorf("no edge leads to or from %q", target)
	}
	var need []string
	if opts.RequiredOnly {
		need = p.required[target]
	} else {
		need = dedupe(append(append([]string(nil), p.required[target]...), p.fed(target)...))
	}
	p.call(target, need)
	sort.Strings(p.unfilled)
	return CallPlan{Target: target, Steps: p.steps, Unfilled: dedupe(p.unfilled)}, nil
}

type planner struct {
	g        *Graph
	api      *ir.API
	opts     PlanOptions
	required map[string][]string // tool -> required run-time inputs
	steps    []Step
	done     map[string]bool // tools already in steps
	stack    map[string]bool // tools being resolved
	unfilled []string
	budget   int // resolvable calls left, against pathological graphs
}

func (p *planner) known(tool string) bool {
	for _, e := range p.g.Edges {
		if e.From == tool || e.To == tool {
			return true
		}
	}
	return false
}

// usable reports whether the plan may use the edge.
func (p *planner) usable(e *Edge) bool {
	return e.Status == Approved || !p.opts.ApprovedOnly && e.Status == Proposed
}

// fed returns the inputs of tool that usable edges feed, sorted.
func (p *planner) fed(tool string) []string {
	var out []string
	for _, e := range p.g.Edges {
		if e.To == tool && p.usable(e) {
			out = append(out, e.Inputs()...)
		}
	}
	sort.Strings(out)
	return dedupe(out)
}

// call adds tool to the plan after the producers that fill need, and
// reports whether every input in need was filled.
func (p *planner) call(tool string, need []string) bool {
	p.stack[tool] = true
	defer delete(p.stack, tool)
	var bindings []Binding
	filled := map[string]bool{}
	complete := true
	for _, in := range need {
		if filled[in] {
			continue
		}
		e := p.producer(tool, in, need, filled)
		if e == nil {
			p.unfilled = append(p.unfilled, tool+"."+in)
			complete = false
			continue
		}
		for _, m := range e.Mappings {
			if !filled[m.Input] && contains(need, m.Input) {
				filled[m.Input] = true
				bindings = append(bindings, Binding{Input: m.Input, From: e.From, Output: m.Output})
			}
		}
	}
	sort.Slice(bindings, func(i, j int) bool { return bindings[i].Input < bindings[j].Input })
	if !p.done[tool] {
		p.done[tool] = true
		p.steps = append(p.steps, Step{Tool: tool, Inputs: bindings})
	}
	return complete
}

// producer picks the edge that fills input in of tool, calling its
// producer into the plan first; nil when none can.
func (p *planner) producer(tool, in string, need []string, filled map[string]bool) *Edge {
	var cands []*Edge
	for _, e := range p.g.Edges {
		if e.To != tool || !p.usable(e) || p.stack[e.From] {
			continue
		}
		for _, m := range e.Mappings {
			if m.Input == in {
				cands = append(cands, e)
				break
			}
		}
	}
	covers := func(e *Edge) int {
		n := 0
		for _, m := range e.Mappings {
			if contains(need, m.Input) && !filled[m.Input] {
				n++
			}
		}
		return n
	}
	sort.SliceStable(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		if (a.Status == Approved) != (b.Status == Approved) {
			return a.Status == Approved
		}
		if p.done[a.From] != p.done[b.From] {
			return p.done[a.From]
		}
		if ca, cb := covers(a), covers(b); ca != cb {
			return ca > cb
		}
		if a.Confidence != b.Confidence {
			return a.Confidence > b.Confidence
		}
		if pa, pb := p.nearness(a.From, tool), p.nearness(b.From, tool); pa != pb {
			return pa > pb
		}
		return a.From < b.From
	})
	// The first producer whose own needs are all met; failing that, the
	// best one, with what it lacks reported.
	for _, e := range cands {
		if p.done[e.From] {
			return e
		}
		if p.resolvable(e.From, map[string]bool{tool: true}) {
			p.call(e.From, p.required[e.From])
			return e
		}
	}
	if len(cands) > 0 {
		p.call(cands[0].From, p.required[cands[0].From])
		return cands[0]
	}
	return nil
}

// nearness is how many leading path segments the producer shares with
// the consumer: /tickets lists what /tickets/{ticketId} takes, more
// surely than /exports/tickets does.
func (p *planner) nearness(producer, consumer string) int {
	if p.api == nil {
		return 0
	}
	a, b := p.api.Operation(producer), p.api.Operation(consumer)
	if a == nil || b == nil {
		return 0
	}
	pa, pb := pathShape(a.Path), pathShape(b.Path)
	n := 0
	for n < len(pa) && n < len(pb) && pa[n] == pb[n] {
		n++
	}
	return n
}

// resolvable reports, without changing the plan, whether every required
// input of tool can be filled by producers that are not on the way.
func (p *planner) resolvable(tool string, way map[string]bool) bool {
	if p.done[tool] {
		return true
	}
	if p.budget--; p.budget < 0 {
		return false
	}
	way = copySet(way)
	way[tool] = true
	for _, in := range p.required[tool] {
		ok := false
		for _, e := range p.g.Edges {
			if e.To != tool || !p.usable(e) || way[e.From] || p.stack[e.From] {
				continue
			}
			feeds := false
			for _, m := range e.Mappings {
				feeds = feeds || m.Input == in
			}
			if feeds && p.resolvable(e.From, way) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

func copySet(m map[string]bool) map[string]bool {
	c := make(map[string]bool, len(m)+1)
	for k, v := range m {
		c[k] = v
	}
	return c
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
