package cases

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/graph"
)

// maxChainDepth bounds how many producers deep a value is looked for: a
// producer's own inputs may come from another producer, once.
const maxChainDepth = 2

// maxUpstream is how many values of a producer's own input are tried, one
// call each, when that input comes from another producer.
const maxUpstream = 3

// harvester finds real values for tool inputs by calling the producers
// the dependency graph names, in the order graph.Plan gives, and reading
// the mapped fields of their responses. Each distinct call is made once.
type harvester struct {
	ctx   context.Context
	api   *ir.API
	cat   *catalog.Bound
	edges []*graph.Edge
	allow func(op *ir.Operation) bool
	log   func(format string, args ...any)

	calls  map[string]*callResult
	nCalls int
	best   map[string][]candidate
	warned map[string]bool
	// plans holds, per target tool, the producer graph.Plan chose for
	// each consumer input on the way ("tool\x00input" -> producer).
	plans map[string]map[string]string
}

// callResult is the decoded response of one producer call; doc is nil
// when the call failed.
type callResult struct {
	doc any
	// text is the answer as a model reads it: trimmed to the result
	// budget, so items past it are not there.
	text string
}

// candidate is one harvested value for an input.
type candidate struct {
	value any
	// tool and path say where it came from: the producer and the concrete
	// JSON path in its response.
	tool, path string
	label      *Label
	pick       string
	// steps are the calls that found it, ending with the producer's,
	// whose last feed is this value.
	steps []Step
	// item is the object of the producer's response that holds the
	// value: what the API's refusals may say about it ("is deactivated").
	item map[string]any
	// hidden is whether an agent reading the producer's answer (or an
	// earlier step's) could not see the value or the label that names
	// it: the answer was trimmed to its token budget before that item.
	hidden bool
}

func (c candidate) source() Source {
	return Source{Kind: FromHarvested, Tool: c.tool, Path: c.path}
}

func newHarvester(ctx context.Context, cat *catalog.Bound, g *graph.Graph, proposed bool,
	allow func(*ir.Operation) bool, log func(string, ...any)) *harvester {
	h := &harvester{ctx: ctx, api: cat.API, cat: cat, allow: allow, log: log,
		calls: map[string]*callResult{}, best: map[string][]candidate{}, warned: map[string]bool{},
		plans: map[string]map[string]string{}}
	if g != nil {
		for _, e := range g.Edges {
			if e.Status == graph.Approved || proposed && e.Status == graph.Proposed {
				h.edges = append(h.edges, e)
			}
		}
	}
	return h
}

// fillable reports whether some usable edge feeds input of tool.
func (h *harvester) fillable(tool, input string) bool {
	for _, e := range h.edges {
		if e.To != tool {
			continue
		}
		for _, m := range e.Mappings {
			if m.Input == input {
				return true
			}
		}
	}
	return false
}

// plan returns the producers graph.Plan chooses to fill target's inputs,
// and their inputs in turn, among the producers that may be called:
// "tool\x00input" -> producer.
func (h *harvester) plan(target string) map[string]string {
	if p, ok := h.plans[target]; ok {
		return p
	}
	callable := &graph.Graph{}
	for _, e := range h.edges {
		if op := h.api.Operation(e.From); op != nil && (!op.Mutating() || h.allow(op)) {
			callable.Edges = append(callable.Edges, e)
		}
	}
	prefer := map[string]string{}
	if pl, err := graph.Plan(callable, h.api, target, graph.PlanOptions{}); err == nil {
		for _, st := range pl.Steps {
			for _, b := range st.Inputs {
				prefer[st.Tool+"\x00"+b.Input] = b.From
			}
		}
	}
	h.plans[target] = prefer
	return prefer
}

// edgesFor returns the usable edges that feed input of tool, best first:
// the plan's producer, then producers that may be called before those
// that may not, then those that need fewer inputs of their own, then the
// most confident. The others are tried when the plan's call fails.
func (h *harvester) edgesFor(tool, input string, prefer map[string]string) []*graph.Edge {
	var out []*graph.Edge
	for _, e := range h.edges {
		if e.To != tool || e.From == tool {
			continue
		}
		for _, m := range e.Mappings {
			if m.Input == input {
				out = append(out, e)
				break
			}
		}
	}
	rank := func(e *graph.Edge) (int, int) {
		op := h.api.Operation(e.From)
		if op == nil {
			return 2, 0
		}
		blocked := 0
		if op.Mutating() && !h.allow(op) {
			blocked = 1
		}
		req := 0
		for _, a := range h.cat.Args(op.Name) {
			if a.Required {
				req++
			}
		}
		return blocked, req
	}
	sort.SliceStable(out, func(i, j int) bool {
		bi, ri := rank(out[i])
		bj, rj := rank(out[j])
		if bi != bj {
			return bi < bj
		}
		if ri != rj {
			return ri < rj
		}
		if out[i].Confidence != out[j].Confidence {
			return out[i].Confidence > out[j].Confidence
		}
		return out[i].From < out[j].From
	})
	if from, ok := prefer[tool+"\x00"+input]; ok {
		for i, e := range out {
			if e.From == from {
				copy(out[1:i+1], out[:i])
				out[0] = e
				break
			}
		}
	}
	return out
}

// fill returns real values for input of tool from the best edge that
// yields any, or nil.
func (h *harvester) fill(tool, input string) []candidate {
	return h.fillAt(tool, input, 0, map[string]bool{tool: true}, h.plan(tool))
}

func (h *harvester) fillAt(tool, input string, depth int, visiting map[string]bool, prefer map[string]string) []candidate {
	key := tool + "\x00" + input
	if cs, ok := h.best[key]; ok {
		return cs
	}
	var out []candidate
	var blocked []string
	for _, e := range h.edgesFor(tool, input, prefer) {
		if out = h.via(e, input, depth, visiting, prefer); len(out) > 0 {
			break
		}
		if op := h.api.Operation(e.From); op != nil && op.Mutating() && !h.allow(op) {
			blocked = append(blocked, fmt.Sprintf("%s (%s %s)", op.Name, op.Method, op.Path))
		}
	}
	if depth == 0 {
		h.best[key] = out
		if len(out) == 0 && len(blocked) > 0 {
			h.warn("blocked:"+key, "no real values for %s.%s: the producers left change data and are not called without allowing mutations: %s",
				tool, input, strings.Join(blocked, ", "))
		}
	}
	return out
}

// chains returns values for input of tool along every usable edge, for
// multi-step cases: each edge's values, the ones found through a producer
// that needs another producer's value included.
func (h *harvester) chains(tool, input string) [][]candidate {
	var out [][]candidate
	prefer := h.plan(tool)
	for _, e := range h.edgesFor(tool, input, prefer) {
		if cs := h.via(e, input, 0, map[string]bool{tool: true}, prefer); len(cs) > 0 {
			out = append(out, cs)
		}
	}
	return out
}

// via calls the producer of edge e (once per distinct set of arguments)
// and returns the values its mapping for input selects.
func (h *harvester) via(e *graph.Edge, input string, depth int, visiting map[string]bool, prefer map[string]string) []candidate {
	p := h.api.Operation(e.From)
	consumer := h.api.Operation(e.To)
	if p == nil || consumer == nil || visiting[p.Name] || depth >= maxChainDepth {
		return nil
	}
	if p.Mutating() && !h.allow(p) {
		return nil
	}
	var mapping *graph.Mapping
	for i := range e.Mappings {
		if e.Mappings[i].Input == input {
			mapping = &e.Mappings[i]
			break
		}
	}
	if mapping == nil {
		return nil
	}
	// The producer's own required inputs: from further producers where
	// the graph has them, else the spec's example.
	base := map[string]any{}
	upstream := map[string][]candidate{}
	var upNames []string
	inner := map[string]bool{p.Name: true}
	for k := range visiting {
		inner[k] = true
	}
	for _, a := range h.cat.Args(p.Name) {
		if !a.Required {
			continue
		}
		if ups := h.fillAt(p.Name, a.Name, depth+1, inner, prefer); len(ups) > 0 {
			upstream[a.Name] = ups[:min(maxUpstream, len(ups))]
			upNames = append(upNames, a.Name)
			continue
		}
		v := a.Example
		if v == nil || !example.Valid(h.api, a.Schema, v) {
			v = example.Value(h.api, a.Schema, a.Name, example.RequiredOnly)
		}
		base[a.Name] = v
	}
	variants := 1
	for _, n := range upNames {
		variants = max(variants, len(upstream[n]))
	}
	target := inputSchema(h.cat, consumer, input)
	var out []candidate
	seen := map[string]bool{}
	for i := range variants {
		args := make(map[string]any, len(base)+len(upNames))
		for k, v := range base {
			args[k] = v
		}
		var prior []Step
		hiddenBefore := false
		for _, n := range upNames {
			u := upstream[n][i%len(upstream[n])]
			args[n] = u.value
			prior = append(prior, u.steps...)
			hiddenBefore = hiddenBefore || u.hidden
		}
		res := h.call(p, args)
		if res.doc == nil {
			continue
		}
		hits, err := evalPath(res.doc, mapping.Output)
		if err != nil {
			h.warn("path:"+e.Key()+mapping.Output, "edge %s: %v", e.Key(), err)
			continue
		}
		var kept []pathHit
		for _, hit := range hits {
			if !example.Scalar(hit.value) || hit.value == nil {
				continue
			}
			if target != nil && !example.Valid(h.api, target, hit.value) {
				continue
			}
			k := canon(hit.value)
			if seen[k] {
				continue
			}
			seen[k] = true
			kept = append(kept, hit)
		}
		labels := labelsOf(kept)
		// A producer that takes search words finds a named item its
		// unfiltered answer may have trimmed away.
		searchable := slices.ContainsFunc(h.cat.Args(p.Name), func(a toolschema.Arg) bool { return isSearchWords(lowerWords(a.Name)) })
		newest := newestFirst(p.Description)
		for j, hit := range kept {
			pick := ""
			if firstItem(hit.path) {
				pick = "first"
				if newest {
					pick = "latest"
				}
			}
			feed := Feed{Path: hit.path, To: consumer.Name, Input: input, Value: hit.value, Label: labels[j], Pick: pick}
			steps := append(append([]Step(nil), prior...), Step{Tool: p.Name, Args: args, Feeds: []Feed{feed}})
			hidden := hiddenBefore || !searchable && (!res.shows(hit.value) || labels[j] != nil && !res.shows(labels[j].Value))
			out = append(out, candidate{value: hit.value, tool: p.Name, path: hit.path, label: labels[j], pick: pick, steps: steps, item: hit.parent, hidden: hidden})
		}
	}
	return out
}

// call runs a producer once per distinct set of arguments.
func (h *harvester) call(op *ir.Operation, args map[string]any) *callResult {
	raw, _ := json.Marshal(args)
	key := op.Name + " " + string(raw)
	if r, ok := h.calls[key]; ok {
		return r
	}
	r := &callResult{}
	h.calls[key] = r
	t, ok := h.cat.Tool(op.Name)
	if !ok {
		h.warn("notool:"+op.Name, "the catalog has no tool %s", op.Name)
		return r
	}
	h.nCalls++
	c := t.Run(h.ctx, string(raw))
	if !c.Result.OK || c.Response == nil {
		h.warn("fail:"+key, "calling %s %s to find values: %s", op.Name, raw, firstLine(c.Text))
		return r
	}
	dec := json.NewDecoder(bytes.NewReader(c.Response.Raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		h.warn("json:"+key, "calling %s %s: the response is not JSON: %v", op.Name, raw, err)
		return r
	}
	r.doc = example.Normalize(doc)
	r.text = c.Text
	return r
}

// shows reports whether the answer, as a model reads it, holds v as
// JSON writes it: a value past the point where the answer was trimmed
// is not one an agent can carry over.
func (r *callResult) shows(v any) bool {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(v) != nil {
		return false
	}
	return strings.Contains(r.text, strings.TrimSuffix(b.String(), "\n"))
}

func (h *harvester) warn(key, format string, args ...any) {
	if h.warned[key] {
		return
	}
	h.warned[key] = true
	if h.log != nil {
		h.log(format, args...)
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// inputSchema returns the schema of a consumer input: an argument, or a
// dotted path into a body argument ("site.id"); nil when unknown.
func inputSchema(cat *catalog.Bound, op *ir.Operation, input string) *ir.Schema {
	api := cat.API
	parts := strings.Split(input, ".")
	var s *ir.Schema
	for _, a := range cat.Args(op.Name) {
		if a.Name == parts[0] {
			s = a.Schema
		}
	}
	for _, p := range parts[1:] {
		r := api.Resolve(s)
		if r == nil {
			return nil
		}
		prop := r.Property(p)
		if prop == nil {
			return nil
		}
		s = prop.Schema
	}
	return s
}

// labelFields are the fields a person knows an item by, most telling
// first.
var labelFields = []string{"name", "title", "display_name", "displayName", "full_name", "fullName", "email",
	"login", "username", "summary", "subject", "label", "slug", "key"}

// labelsOf picks, for each hit, the first label field of its object whose
// value no other hit's object shares (two people may have one name; then
// their email tells them apart).
func labelsOf(hits []pathHit) []*Label {
	out := make([]*Label, len(hits))
	count := map[string]int{}
	for _, h := range hits {
		for _, f := range labelFields {
			if s, ok := h.parent[f].(string); ok {
				count[f+"\x00"+s]++
			}
		}
	}
	for i, h := range hits {
		for _, f := range labelFields {
			s, ok := h.parent[f].(string)
			if !ok || s == "" || utf8.RuneCountInString(s) > 80 || canon(s) == canon(h.value) || count[f+"\x00"+s] > 1 {
				continue
			}
			out[i] = &Label{Field: f, Path: h.parentPath + propStep(f), Value: s}
			break
		}
	}
	return out
}

// firstItem reports whether the last array index of a concrete path is 0.
func firstItem(path string) bool {
	i := strings.LastIndexByte(path, '[')
	return i >= 0 && strings.HasPrefix(path[i:], "[0]")
}

// newestFirst reports whether a description says the list is sorted
// newest first.
func newestFirst(desc string) bool {
	d := strings.ToLower(desc)
	return strings.Contains(d, "newest first") || strings.Contains(d, "most recent first") || strings.Contains(d, "latest first")
}

// canon is a value's JSON text, for comparing values.
func canon(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
