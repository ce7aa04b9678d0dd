package toolschema

import (
	"slices"

	"github.com/agentready/agentready/gen/ir"
)

// typeGraph is the graph of named types reachable from a tool's roots,
// numbered in the order first met: an edge for each type a type's inline
// schema refers to, with how many times it does.
type typeGraph struct {
	ids    []string
	roots  []edge   // references the roots make themselves
	out    [][]edge // per type, the types it refers to
	inline []int    // per type, its schema nodes other than references
}

type edge struct{ to, n int }

// newTypeGraph collects the types reachable from the references the
// roots make (direct), taking each type's references from m.
func newTypeGraph(m *Memo, direct map[string]int) *typeGraph {
	g := &typeGraph{}
	index := map[string]int{}
	num := func(id string) int {
		i, ok := index[id]
		if !ok {
			i = len(g.ids)
			index[id] = i
			g.ids = append(g.ids, id)
		}
		return i
	}
	toEdges := func(refs map[string]int) []edge {
		ids := make([]string, 0, len(refs))
		for id := range refs {
			ids = append(ids, id)
		}
		slices.Sort(ids) // numbering independent of map order
		out := make([]edge, len(ids))
		for i, id := range ids {
			out[i] = edge{num(id), refs[id]}
		}
		return out
	}
	g.roots = toEdges(direct)
	for i := 0; i < len(g.ids); i++ {
		r := m.refsOf(g.ids[i])
		g.out = append(g.out, toEdges(r.refs))
		g.inline = append(g.inline, r.inline)
	}
	return g
}

// recursive returns the types of g that can contain themselves: the
// members of a strongly connected component of the type graph with a
// cycle (Tarjan's algorithm). Only references through input properties
// count, as Build writes no readOnly property.
func (g *typeGraph) recursive() []bool {
	n := len(g.ids)
	t := &tarjan{g: g, index: make([]int, n), low: make([]int, n), on: make([]bool, n), out: make([]bool, n)}
	for i := range t.index {
		t.index[i] = -1
	}
	for i := 0; i < n; i++ {
		if t.index[i] < 0 {
			t.visit(i)
		}
	}
	return t.out
}

type tarjan struct {
	g          *typeGraph
	n          int
	index, low []int
	on, out    []bool
	stack      []int
}

func (t *tarjan) visit(v int) {
	t.index[v], t.low[v] = t.n, t.n
	t.n++
	t.stack = append(t.stack, v)
	t.on[v] = true
	self := false
	for _, e := range t.g.out[v] {
		switch {
		case e.to == v:
			self = true
		case t.index[e.to] < 0:
			t.visit(e.to)
			t.low[v] = min(t.low[v], t.low[e.to])
		case t.on[e.to]:
			t.low[v] = min(t.low[v], t.index[e.to])
		}
	}
	if t.low[v] != t.index[v] {
		return
	}
	first := len(t.stack) - 1
	for t.stack[first] != v {
		first--
	}
	comp := t.stack[first:]
	t.stack = t.stack[:first]
	for _, m := range comp {
		t.on[m] = false
		t.out[m] = len(comp) > 1 || self
	}
}

// minShared is the least size, in schema nodes, of a type written once
// under $defs because a tool uses it more than once.
const minShared = 8

// countCap bounds the use counts and sizes below: past it a type is shared
// wherever it can be, and no spec can make the arithmetic overflow.
const countCap = 1 << 40

// sharedTypes adds to leaves (the recursive types) the large types that
// the tool's schema would otherwise write more than once. It takes one
// type a round, the largest of those used twice or more, and counts again,
// so that the parts of a type already shared are not shared on their own.
//
// A round counts uses on the type graph, not on the schema written out:
// a leaf is written once under $defs, any other type wherever it is used,
// so a type's uses are its references from the roots, plus those from
// each leaf that is used, plus those from each other type times that
// type's own uses. The other types form an acyclic graph (every cycle is
// made of recursive types, which are leaves), so one pass in topological
// order counts them all, in time linear in the types reachable, however
// large the written-out schema would be.
func sharedTypes(g *typeGraph, leaves []bool) []bool {
	out := slices.Clone(leaves)
	uses := make([]int, len(g.ids))
	size := make([]int, len(g.ids))
	for round := 0; round < 64; round++ {
		g.uses(out, uses)
		clear(size)
		best, bestSize := -1, 0
		for i, id := range g.ids {
			if uses[i] < 2 || out[i] {
				continue
			}
			sz := g.sizeOf(i, out, size)
			if sz < minShared {
				continue
			}
			if sz > bestSize || sz == bestSize && id < g.ids[best] {
				best, bestSize = i, sz
			}
		}
		if best < 0 {
			break
		}
		out[best] = true
	}
	return out
}

// uses sets uses[i] to how many times type i is referenced in the schema
// written with leaves under $defs and every other type inline.
func (g *typeGraph) uses(leaves []bool, uses []int) {
	clear(uses)
	add := func(from []edge, times int) {
		for _, e := range from {
			uses[e.to] = min(uses[e.to]+min(e.n*times, countCap), countCap)
		}
	}
	add(g.roots, 1)
	// Leaves are written once whatever their uses; the rest as many times
	// as they are used, which is known once every non-leaf type that uses
	// them has been counted.
	pending := make([]int, len(g.ids))
	for i := range g.ids {
		if leaves[i] {
			add(g.out[i], 1)
			continue
		}
		for _, e := range g.out[i] {
			if !leaves[e.to] {
				pending[e.to]++
			}
		}
	}
	var ready []int
	for i := range g.ids {
		if !leaves[i] && pending[i] == 0 {
			ready = append(ready, i)
		}
	}
	for len(ready) > 0 {
		i := ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		add(g.out[i], uses[i])
		for _, e := range g.out[i] {
			if leaves[e.to] {
				continue
			}
			if pending[e.to]--; pending[e.to] == 0 {
				ready = append(ready, e.to)
			}
		}
	}
}

// sizeOf is the number of schema nodes type i takes written inline, its
// leaf types counting one each; size (zero for "not yet") memoizes it for
// one set of leaves.
func (g *typeGraph) sizeOf(i int, leaves []bool, size []int) int {
	if size[i] > 0 {
		return size[i]
	}
	size[i] = 1 // a cycle through non-leaves cannot occur; guard anyway
	n := g.inline[i]
	for _, e := range g.out[i] {
		part := 1
		if !leaves[e.to] {
			part = g.sizeOf(e.to, leaves, size)
		}
		n = min(n+min(e.n*part, countCap), countCap)
	}
	size[i] = max(n, 1)
	return size[i]
}

// countRefs adds to m the references schema s makes directly: its own
// Ref, or those met in its inline subschemas, without following them, and
// returns how many nodes of s are not references.
func countRefs(s *ir.Schema, m map[string]int) int {
	if s == nil {
		return 0
	}
	if s.Ref != "" {
		m[s.Ref]++
		return 0
	}
	n := 1
	n += countRefs(s.Items, m)
	n += countRefs(s.AdditionalProperties, m)
	for _, p := range InputProperties(s) {
		n += countRefs(p.Schema, m)
	}
	for _, v := range s.Variants {
		n += countRefs(v, m)
	}
	return n
}
