// Package graph infers, stores, checks and uses the tool dependency graph:
// which tool's output feeds which tool's input. Many inputs of an API
// exist only at run time (a user's id, a ticket's key); the graph tells
// test-case generation which tools to call first, and which field of
// their response to pass on.
//
// A graph lives in a YAML file (agentready.graph.yaml) that a person
// reviews and commits:
//
//	edges:
//	  - from: listUsers
//	    to: getUser
//	    mappings:
//	      - output: "$.items[*].id"
//	        input: userId
//	    confidence: 0.95
//	    why: "..."
//	    status: proposed
//
// Infer proposes edges from what the spec says (deterministically); Merge
// folds a new inference into a reviewed file without losing the
// reviewer's decisions; Check validates a hand-edited file against the
// spec; Plan orders the producer calls that fill a tool's inputs.
package graph

import (
	"fmt"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// DefaultFile is the graph file's conventional name.
const DefaultFile = "agentready.graph.yaml"

// Version is the file format version Save writes.
const Version = 1

// Status is a reviewer's decision on an edge.
type Status string

// The statuses. Proposed edges await review; Stale edges were approved,
// rejected or proposed before and no longer fit the spec (Why says why).
const (
	Proposed Status = "proposed"
	Approved Status = "approved"
	Rejected Status = "rejected"
	Stale    Status = "stale"
)

func (s Status) valid() bool {
	switch s {
	case Proposed, Approved, Rejected, Stale:
		return true
	}
	return false
}

// Graph is a dependency graph: its edges sorted by consumer, then
// confidence (highest first), then producer.
type Graph struct {
	// Spec names the OpenAPI document the graph was inferred from.
	Spec string
	// InferredBy says which inference ran: "rules" for the deterministic
	// one, or a model's name.
	InferredBy string
	Edges      []*Edge
	// Patterns records decisions taken on whole patterns (see Pattern)
	// by their IDs: Merge gives edges of a decided pattern that a new
	// inference brings the same status.
	Patterns map[string]Status

	// File is the path the graph was loaded from; problems name it.
	File string

	// api is the API Infer read, for Merge to check old edges against.
	api *ir.API
}

// Edge says that the output of the tool From feeds inputs of the tool To.
type Edge struct {
	From     string
	To       string
	Mappings []Mapping
	// Confidence is how sure inference is of the edge, 0 to 1: the least
	// confident of its mappings.
	Confidence float64
	// Why explains the edge to a reviewer.
	Why    string
	Status Status
	// Source is SourceModel for an edge a model proposed (Propose),
	// empty for one the rules inferred. A model edge is approved one at
	// a time: thresholds and pattern decisions leave it proposed.
	Source string

	pos edgePos
}

// Mapping says which part of the producer's response feeds which input.
type Mapping struct {
	// Output is a JSON path into the producer's success response:
	// "$.id", "$[*].id", "$.items[*].metadata.name".
	Output string
	// Input is the consumer's tool argument; a field inside a body
	// argument is a dotted path ("body.metadata.name", "site.id").
	Input string

	outputPos, inputPos pos
}

// pos is a line and column in the file, from 1; zero when unknown.
type pos struct{ line, col int }

type edgePos struct {
	item, from, to, status, confidence pos
}

// Key identifies an edge: producer and consumer.
func (e *Edge) Key() string { return e.From + " -> " + e.To }

// Line returns the line of the edge in the file it was loaded from, 0
// when it was not loaded from a file.
func (e *Edge) Line() int { return e.pos.item.line }

// Inputs returns the consumer inputs the edge fills, sorted.
func (e *Edge) Inputs() []string {
	var out []string
	for _, m := range e.Mappings {
		out = append(out, m.Input)
	}
	sort.Strings(out)
	return dedupe(out)
}

// Find returns the edge from one tool to another, or nil.
func (g *Graph) Find(from, to string) *Edge {
	for _, e := range g.Edges {
		if e.From == from && e.To == to {
			return e
		}
	}
	return nil
}

// Sort puts the edges in the file's order: by consumer, then confidence
// (highest first), then producer; and each edge's mappings by input.
func (g *Graph) Sort() {
	for _, e := range g.Edges {
		sort.SliceStable(e.Mappings, func(i, j int) bool {
			a, b := e.Mappings[i], e.Mappings[j]
			if a.Input != b.Input {
				return a.Input < b.Input
			}
			return a.Output < b.Output
		})
	}
	sort.SliceStable(g.Edges, func(i, j int) bool {
		a, b := g.Edges[i], g.Edges[j]
		if a.To != b.To {
			return a.To < b.To
		}
		if ca, cb := round2(a.Confidence), round2(b.Confidence); ca != cb {
			return ca > cb
		}
		return a.From < b.From
	})
}

// SetStatus sets the status of the edge from one tool to another; it
// returns an error when there is no such edge.
func (g *Graph) SetStatus(from, to string, s Status) error {
	e := g.Find(from, to)
	if e == nil {
		var near []string
		for _, x := range g.Edges {
			if x.To == to || x.From == from {
				near = append(near, x.From+" "+x.To)
			}
		}
		msg := fmt.Sprintf("no edge from %s to %s", from, to)
		if len(near) > 0 {
			if len(near) > 5 {
				near = append(near[:5], "...")
			}
			msg += "; edges with either tool: " + strings.Join(near, ", ")
		}
		return fmt.Errorf("%s", msg)
	}
	e.Status = s
	return nil
}

// SetPatternStatus sets the status of the proposed edges of the pattern
// with that ID that are at least min confident, and returns how many it
// changed. With min 0 the decision is recorded for the whole pattern, so
// that edges a later inference adds to it get it too.
func (g *Graph) SetPatternStatus(id string, s Status, min float64) (int, error) {
	n, found := 0, false
	for _, e := range g.Edges {
		if PatternID(e) != id {
			continue
		}
		found = true
		if e.Status == Proposed && round2(e.Confidence) >= min && !modelApproval(e, s) {
			e.Status = s
			n++
		}
	}
	if !found {
		return 0, fmt.Errorf("no pattern %s: run \"agentready graph show --patterns\" for the IDs", id)
	}
	if min == 0 {
		if g.Patterns == nil {
			g.Patterns = map[string]Status{}
		}
		g.Patterns[id] = s
	}
	return n, nil
}

// modelApproval reports whether setting s on e would approve a model's
// edge in bulk, which only a decision on the edge itself may do.
func modelApproval(e *Edge, s Status) bool { return e.Source == SourceModel && s == Approved }

// SetStatusAbove sets the status of every proposed edge whose confidence
// is at least min (a model's edges are not approved this way), and
// returns how many it changed.
func (g *Graph) SetStatusAbove(min float64, s Status) int {
	n := 0
	for _, e := range g.Edges {
		if e.Status == Proposed && round2(e.Confidence) >= min && !modelApproval(e, s) {
			e.Status = s
			n++
		}
	}
	return n
}

// SetStatusBelow sets the status of every proposed edge whose confidence
// is below max, and returns how many it changed.
func (g *Graph) SetStatusBelow(max float64, s Status) int {
	n := 0
	for _, e := range g.Edges {
		if e.Status == Proposed && round2(e.Confidence) < max {
			e.Status = s
			n++
		}
	}
	return n
}

// Counts returns the number of edges with each status.
func (g *Graph) Counts() map[Status]int {
	out := map[Status]int{}
	for _, e := range g.Edges {
		out[e.Status]++
	}
	return out
}

func round2(f float64) float64 {
	return float64(int(f*100+0.5)) / 100
}
