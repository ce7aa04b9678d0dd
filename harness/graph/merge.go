package graph

import (
	"fmt"
	"strings"
)

// Merge folds a new inference into a graph a person may have reviewed and
// edited, and returns the result (neither argument is changed):
//
//   - approved and rejected edges are kept as they are, mappings and all;
//   - a proposed edge that is inferred again takes the new confidence
//     and explanation, keeps the mappings it had for inputs the new
//     inference also maps (they may be a reviewer's edits) and gains the
//     new ones;
//   - a proposed edge no longer inferred is kept while it fits the spec:
//     nothing a reviewer may want is dropped silently;
//   - an edge that no longer fits the spec (a tool, input or response
//     field is gone) becomes stale, its why saying what broke and what it
//     was; a stale edge that is inferred again is proposed afresh;
//   - new edges come in as proposed, or with the decision recorded
//     for their pattern (see Graph.Patterns), as do proposed edges that
//     now fall in a decided pattern.
//
// Whether an edge fits is checked against the API inferred was built
// from; when inferred was not made by Infer, no edge is marked stale.
func Merge(old, inferred *Graph) *Graph {
	out := &Graph{Spec: inferred.Spec, InferredBy: inferred.InferredBy, api: inferred.api}
	if old != nil {
		out.File = old.File
		if out.Spec == "" {
			out.Spec = old.Spec
		}
	}
	fresh := map[string]*Edge{}
	for _, e := range inferred.Edges {
		fresh[e.Key()] = e
	}
	done := map[string]bool{}
	if old != nil {
		for _, o := range old.Edges {
			k := o.Key()
			if done[k] {
				continue // a duplicate; Check reports it
			}
			done[k] = true
			if e := merged(o, fresh[k], inferred); e != nil {
				out.Edges = append(out.Edges, e)
			}
		}
	}
	for _, e := range inferred.Edges {
		if !done[e.Key()] {
			out.Edges = append(out.Edges, e.clone())
		}
	}
	if old != nil && len(old.Patterns) > 0 {
		out.Patterns = map[string]Status{}
		for id, s := range old.Patterns {
			out.Patterns[id] = s
		}
		for _, e := range out.Edges {
			if s, ok := out.Patterns[PatternID(e)]; ok && e.Status == Proposed && !modelApproval(e, s) {
				e.Status = s
			}
		}
	}
	out.Sort()
	return out
}

// merged returns what becomes of the old edge o, given the edge inferred
// for the same tools (nil if none).
func merged(o, n *Edge, inferred *Graph) *Edge {
	e := o.clone()
	var problems []edgeProblem
	if inferred.api != nil {
		problems = checkEdge(inferred.api, o)
	}
	switch o.Status {
	case Approved, Rejected:
		if len(problems) > 0 {
			return stale(e, problems, string(o.Status))
		}
		return e
	case Stale:
		// Proposed afresh when inferred again; kept as it is (with the
		// why that says what it was) otherwise.
		if n != nil {
			return n.clone()
		}
		return e
	}
	// Proposed.
	if n == nil {
		if len(problems) > 0 {
			return stale(e, problems, string(o.Status))
		}
		return e
	}
	e = n.clone()
	if len(problems) > 0 {
		return e
	}
	// Keep the old mapping of every input the new inference maps too
	// (a reviewer may have corrected it) and of every input it no longer
	// maps (it still fits); add the new inputs.
	have := map[string]bool{}
	e.Mappings = nil
	for _, m := range o.Mappings {
		have[m.Input] = true
		e.Mappings = append(e.Mappings, Mapping{Output: m.Output, Input: m.Input})
	}
	for _, m := range n.Mappings {
		if !have[m.Input] {
			e.Mappings = append(e.Mappings, m)
		}
	}
	return e
}

// stale marks e stale, saying why and what it was.
func stale(e *Edge, problems []edgeProblem, was string) *Edge {
	var msgs []string
	for _, p := range problems {
		msgs = append(msgs, p.msg)
	}
	why := "no longer fits the spec: " + strings.Join(msgs, "; ")
	if was != "" {
		why += fmt.Sprintf(" (it was %s", was)
		if e.Why != "" && !strings.HasPrefix(e.Why, "no longer fits") {
			why += ": " + e.Why
		}
		why += ")"
	}
	e.Status = Stale
	e.Why = why
	return e
}

func (e *Edge) clone() *Edge {
	c := *e
	c.Mappings = append([]Mapping(nil), e.Mappings...)
	return &c
}
