package cases

import (
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/graph"
)

// A case's ground truth is its direct call, so that call must hold: it
// must succeed, and a tool meant to return data must return some. This
// file plans what makes a case that changes state hold on every run: an
// object of its own, made by the producer the graph names before each
// run and removed after it, and fresh values for the fields the API keeps
// unique. verify.go checks each case against the live API while cases are
// made and repairs or drops those that do not hold.

// targetInput returns the argument of a state-changing operation that
// names the object it acts on: its last path parameter
// (/tickets/{ticketId}/close -> ticketId); "" when its path has none.
func targetInput(op *ir.Operation) string {
	segs := strings.Split(strings.Trim(op.Path, "/"), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		s := segs[i]
		if !strings.HasPrefix(s, "{") || !strings.HasSuffix(s, "}") {
			continue
		}
		name := s[1 : len(s)-1]
		for _, p := range op.Params {
			if p.In == ir.InPath && p.Name == name {
				return p.Arg
			}
		}
		return ""
	}
	return ""
}

// pathParams counts an operation's path parameters.
func pathParams(op *ir.Operation) int {
	n := 0
	for _, p := range op.Params {
		if p.In == ir.InPath {
			n++
		}
	}
	return n
}

// creator is the edge that makes a new object for an input: a POST whose
// response is the one new object, and whose own path names fewer objects
// than the consumer's (it does not act on an object of the same kind).
type creator struct {
	edge    *graph.Edge
	mapping graph.Mapping
	op      *ir.Operation
}

// creatorFor returns the best creator of input of op among the usable
// edges, or nil: one whose path the consumer's path extends first, then
// the most confident, then the one that needs fewest inputs.
func (h *harvester) creatorFor(op *ir.Operation, input string) *creator {
	var out []creator
	for _, e := range h.edges {
		if e.To != op.Name || e.From == op.Name {
			continue
		}
		p := h.api.Operation(e.From)
		if p == nil || p.Method != "POST" || pathParams(p) >= pathParams(op) && pathParams(op) > 0 {
			continue
		}
		for _, m := range e.Mappings {
			if m.Input == input && !strings.Contains(m.Output, "[") {
				out = append(out, creator{edge: e, mapping: m, op: p})
				break
			}
		}
	}
	if len(out) == 0 {
		return nil
	}
	prefix := func(c creator) int {
		if strings.HasPrefix(op.Path, strings.TrimSuffix(c.op.Path, "/")+"/") {
			return 0
		}
		return 1
	}
	sort.SliceStable(out, func(i, j int) bool {
		if pi, pj := prefix(out[i]), prefix(out[j]); pi != pj {
			return pi < pj
		}
		if out[i].edge.Confidence != out[j].edge.Confidence {
			return out[i].edge.Confidence > out[j].edge.Confidence
		}
		return requiredCount(h.cat, out[i].op) < requiredCount(h.cat, out[j].op)
	})
	return &out[0]
}

func requiredCount(cat *catalog.Bound, op *ir.Operation) int {
	n := 0
	for _, a := range cat.Args(op.Name) {
		if a.Required {
			n++
		}
	}
	return n
}

// deleterOf returns the operation that removes what creator op makes,
// with the argument that names it: a DELETE the graph feeds from the same
// output of op; nil when the API has none.
func (h *harvester) deleterOf(op *ir.Operation, output string) (*ir.Operation, string) {
	var best *ir.Operation
	input := ""
	for _, e := range h.edges {
		if e.From != op.Name {
			continue
		}
		d := h.api.Operation(e.To)
		if d == nil || d.Method != "DELETE" {
			continue
		}
		for _, m := range e.Mappings {
			if m.Output == output && m.Input == targetInput(d) && (best == nil || d.Name < best.Name) {
				best, input = d, m.Input
			}
		}
	}
	return best, input
}

// actionsOn returns the state-changing operations other than op and
// deletes that the creator's output feeds as the object they act on:
// the steps that can bring a new object into the state op needs
// (closeTicket before reopenTicket).
func (h *harvester) actionsOn(op *ir.Operation, c *creator) []*ir.Operation {
	var out []*ir.Operation
	seen := map[string]bool{}
	for _, e := range h.edges {
		if e.From != c.op.Name || e.To == op.Name || seen[e.To] {
			continue
		}
		x := h.api.Operation(e.To)
		if x == nil || !x.Mutating() || x.Method == "DELETE" || x == c.op {
			continue
		}
		for _, m := range e.Mappings {
			if m.Output == c.mapping.Output && m.Input == targetInput(x) {
				seen[x.Name] = true
				out = append(out, x)
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// uniqueWords are the last words of field names whose values an API
// usually keeps unique.
var uniqueWords = map[string]bool{"email": true, "username": true, "login": true, "handle": true, "slug": true,
	"serial": true, "sku": true, "isbn": true, "iban": true, "domain": true, "hostname": true}

// uniqueField reports whether a string field is one the API keeps unique,
// from its name and description.
func uniqueField(name, desc string, s *ir.Schema) bool {
	if s == nil || s.Kind != ir.KindString || len(s.Enum) > 0 {
		return false
	}
	ws := lowerWords(name)
	if len(ws) == 0 {
		return false
	}
	last := ws[len(ws)-1]
	if uniqueWords[last] || last == "number" && len(ws) > 1 && ws[len(ws)-2] == "serial" || s.Format == "email" {
		return true
	}
	d := strings.ToLower(desc + " " + s.Description)
	return strings.Contains(d, "unique") || strings.Contains(d, "already exist") || strings.Contains(d, "must not exist")
}

// uniqueFields returns the dotted paths of args, a state-changing call's
// arguments, that hold values the API keeps unique (top-level arguments
// and fields of object arguments), sorted.
func uniqueFields(cat *catalog.Bound, op *ir.Operation, args map[string]any) []string {
	if !op.Mutating() || op.Method == "DELETE" {
		return nil
	}
	api := cat.API
	var out []string
	for _, a := range cat.Args(op.Name) {
		v, ok := args[a.Name]
		if !ok {
			continue
		}
		s := api.Resolve(a.Schema)
		if _, isText := v.(string); isText && uniqueField(a.Name, a.Description, s) {
			out = append(out, a.Name)
			continue
		}
		m, isObj := v.(map[string]any)
		if !isObj || s == nil {
			continue
		}
		for _, p := range toolschema.InputProperties(s) {
			if _, isText := m[p.Name].(string); isText && uniqueField(p.Name, "", api.Resolve(p.Schema)) {
				out = append(out, a.Name+"."+p.Name)
			}
		}
	}
	sort.Strings(out)
	return out
}

// ifMatchArg returns the argument of op that carries an If-Match header,
// or "".
func ifMatchArg(op *ir.Operation) string {
	for _, p := range op.Params {
		if p.In == ir.InHeader && strings.EqualFold(p.Name, "If-Match") {
			return p.Arg
		}
	}
	return ""
}

// ownObject gives a case of a state-changing tool an object of its own:
// Setup calls the creator the graph names (with its own valid, fresh
// arguments) and feeds the new object to the case, and to its If-Match
// header the ETag the creator answers with; Cleanup deletes the object
// where the API can. A case of a creator itself yields what it makes, for
// Cleanup. extra are state-changing steps that bring the new object into
// the state the case needs, made between the creator and the case.
func (g *generator) ownObject(tg *toolGen, c *Case, extra []*ir.Operation) {
	op := tg.op
	c.Setup, c.Cleanup, c.Yields = nil, nil, nil
	if !op.Mutating() || g.h == nil {
		return
	}
	if extra == nil && g.extra[op.Name] != nil {
		extra = []*ir.Operation{g.extra[op.Name]}
	}
	c.Fresh = mergeSorted(c.Fresh, uniqueFields(g.cat, op, c.Args))
	target := targetInput(op)
	if target == "" {
		// A creator: what it makes is removed after each run.
		if op.Method != "POST" {
			return
		}
		out := g.creatorOutput(op)
		if out == "" {
			return
		}
		if del, in := g.h.deleterOf(op, out); del != nil {
			made := "(the " + in + " " + op.Name + " answers with)"
			c.Yields = []Feed{{Path: out, To: del.Name, Input: in, Value: made}}
			c.Cleanup = []Step{g.step(del, c.ID, map[string]any{in: made})}
		}
		return
	}
	if src := c.Sources[target]; src.Kind == FromUser {
		return
	}
	cr := g.h.creatorFor(op, target)
	if cr == nil {
		return
	}
	value := c.Args[target]
	setup := g.step(cr.op, c.ID, nil)
	setup.Feeds = []Feed{{Path: cr.mapping.Output, To: op.Name, Input: target, Value: value}}
	if im := ifMatchArg(op); im != "" && c.Args[im] != nil && c.Sources[im].Kind != FromUser {
		setup.Feeds = append(setup.Feeds, Feed{Path: "header:ETag", To: op.Name, Input: im, Value: c.Args[im]})
	}
	c.Setup = []Step{setup}
	for _, x := range extra {
		st := g.step(x, c.ID, map[string]any{targetInput(x): value})
		c.Setup[0].Feeds = append(c.Setup[0].Feeds, Feed{Path: cr.mapping.Output, To: x.Name, Input: targetInput(x), Value: value})
		c.Setup = append(c.Setup, st)
	}
	c.Sources[target] = Source{Kind: FromSetup, Tool: cr.op.Name, Path: cr.mapping.Output}
	if del, in := g.h.deleterOf(cr.op, cr.mapping.Output); del != nil {
		c.Cleanup = []Step{g.step(del, c.ID, map[string]any{in: value})}
	}
}

// creatorOutput returns the output path of a creator that names what it
// made, as the graph maps it ("$.id"), or "".
func (g *generator) creatorOutput(op *ir.Operation) string {
	counts := map[string]int{}
	for _, e := range g.h.edges {
		if e.From != op.Name {
			continue
		}
		for _, m := range e.Mappings {
			if !strings.Contains(m.Output, "[") {
				counts[m.Output]++
			}
		}
	}
	best := ""
	for out, n := range counts {
		if best == "" || n > counts[best] || n == counts[best] && out < best {
			best = out
		}
	}
	return best
}

// step builds one setup or cleanup call of op: the given arguments, and
// valid values for the other required ones (harvested where the graph
// can, fresh where the API keeps them unique).
func (g *generator) step(op *ir.Operation, caseID string, given map[string]any) Step {
	tg := g.setupGen(op)
	args := map[string]any{}
	if tg != nil {
		built := tg.build(tg.rng("setup", caseID, g.stepTry), Required, false)
		for k, v := range built.Args {
			args[k] = v
		}
	}
	for k, v := range given {
		args[k] = v
	}
	return Step{Tool: op.Name, Args: args, Fresh: uniqueFields(g.cat, op, args)}
}

func mergeSorted(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range append(append([]string(nil), a...), b...) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return out
}
