package toolschema

import "github.com/agentready/agentready/gen/ir"

// recursive returns the named types reachable in g that can contain
// themselves: the members of a strongly connected component of the type
// graph with a cycle (Tarjan's algorithm). Only references through input
// properties count, as Build writes no readOnly property.
func (g *typeGraph) recursive() map[string]bool {
	t := &tarjan{g: g, index: map[string]int{}, low: map[string]int{}, on: map[string]bool{}}
	for _, id := range g.order {
		if _, seen := t.index[id]; !seen {
			t.visit(id)
		}
	}
	return t.out
}

type tarjan struct {
	g     *typeGraph
	n     int
	index map[string]int
	low   map[string]int
	on    map[string]bool
	stack []string
	out   map[string]bool
}

func (t *tarjan) visit(id string) {
	t.index[id] = t.n
	t.low[id] = t.n
	t.n++
	t.stack = append(t.stack, id)
	t.on[id] = true
	next := t.g.refs[id]
	for m := range next {
		if _, seen := t.index[m]; !seen {
			t.visit(m)
			t.low[id] = min(t.low[id], t.low[m])
		} else if t.on[m] {
			t.low[id] = min(t.low[id], t.index[m])
		}
	}
	if t.low[id] != t.index[id] {
		return
	}
	var comp []string
	for {
		m := t.stack[len(t.stack)-1]
		t.stack = t.stack[:len(t.stack)-1]
		t.on[m] = false
		comp = append(comp, m)
		if m == id {
			break
		}
	}
	if len(comp) > 1 || next[id] > 0 {
		if t.out == nil {
			t.out = map[string]bool{}
		}
		for _, m := range comp {
			t.out[m] = true
		}
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
func sharedTypes(g *typeGraph, leaves map[string]bool) map[string]bool {
	out := make(map[string]bool, len(leaves))
	for id := range leaves {
		out[id] = true
	}
	for round := 0; round < 64; round++ {
		uses := g.uses(out)
		size := map[string]int{}
		best, bestSize := "", 0
		for _, id := range g.order {
			if uses[id] < 2 || out[id] {
				continue
			}
			sz := g.sizeOf(id, out, size)
			if sz < minShared {
				continue
			}
			if sz > bestSize || sz == bestSize && id < best {
				best, bestSize = id, sz
			}
		}
		if best == "" {
			break
		}
		out[best] = true
	}
	return out
}

// typeGraph is the graph of named types reachable from a tool's roots:
// an edge for each reference met in a type's inline schema, with its
// multiplicity.
type typeGraph struct {
	api   *ir.API
	roots map[string]int            // references made by the roots themselves
	refs  map[string]map[string]int // type -> referenced type -> times
	order []string                  // reachable types, in the order first met
}

// newTypeGraph collects the types reachable from the references the
// roots make (direct), taking each type's references from m.
func newTypeGraph(m *Memo, direct map[string]int) *typeGraph {
	g := &typeGraph{api: m.api, roots: direct, refs: map[string]map[string]int{}}
	queue := make([]string, 0, len(direct))
	for id := range direct {
		g.refs[id] = nil
		queue = append(queue, id)
	}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		g.order = append(g.order, id)
		next := m.refsOf(id)
		g.refs[id] = next
		for to := range next {
			if _, seen := g.refs[to]; !seen {
				g.refs[to] = nil
				queue = append(queue, to)
			}
		}
	}
	return g
}

// countRefs adds to m the references schema s makes directly: its own
// Ref, or those met in its inline subschemas, without following them.
func countRefs(s *ir.Schema, m map[string]int) {
	if s == nil {
		return
	}
	if s.Ref != "" {
		m[s.Ref]++
		return
	}
	countRefs(s.Items, m)
	countRefs(s.AdditionalProperties, m)
	for _, p := range InputProperties(s) {
		countRefs(p.Schema, m)
	}
	for _, v := range s.Variants {
		countRefs(v, m)
	}
}

// uses counts how many times each reachable type is referenced in the
// schema written with leaves under $defs and every other type inline.
func (g *typeGraph) uses(leaves map[string]bool) map[string]int {
	uses := make(map[string]int, len(g.order))
	add := func(from map[string]int, times int) {
		for id, n := range from {
			uses[id] = min(uses[id]+min(n*times, countCap), countCap)
		}
	}
	add(g.roots, 1)
	// Leaves are written once whatever their uses; the rest as many times
	// as they are used, which is known once every non-leaf type that uses
	// them has been counted.
	pending := map[string]int{}
	for _, id := range g.order {
		if leaves[id] {
			add(g.refs[id], 1)
			continue
		}
		for to := range g.refs[id] {
			if !leaves[to] {
				pending[to]++
			}
		}
	}
	var ready []string
	for _, id := range g.order {
		if !leaves[id] && pending[id] == 0 {
			ready = append(ready, id)
		}
	}
	done := 0
	for len(ready) > 0 {
		id := ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		done++
		add(g.refs[id], uses[id])
		for to := range g.refs[id] {
			if leaves[to] {
				continue
			}
			if pending[to]--; pending[to] == 0 {
				ready = append(ready, to)
			}
		}
	}
	return uses
}

// sizeOf is the number of schema nodes type id takes written inline, its
// leaf types counting one each; size memoizes it for one set of leaves.
func (g *typeGraph) sizeOf(id string, leaves map[string]bool, size map[string]int) int {
	if n, ok := size[id]; ok {
		return n
	}
	size[id] = 1 // a cycle through non-leaves cannot occur; guard anyway
	n := 1
	if t := g.api.Type(id); t != nil {
		n = g.nodeSize(t.Schema, leaves, size)
	}
	size[id] = n
	return n
}

func (g *typeGraph) nodeSize(s *ir.Schema, leaves map[string]bool, size map[string]int) int {
	if s == nil {
		return 0
	}
	if s.Ref != "" {
		if leaves[s.Ref] {
			return 1
		}
		return g.sizeOf(s.Ref, leaves, size)
	}
	n := 1
	n += g.nodeSize(s.Items, leaves, size)
	n += g.nodeSize(s.AdditionalProperties, leaves, size)
	for _, p := range InputProperties(s) {
		n += g.nodeSize(p.Schema, leaves, size)
	}
	for _, v := range s.Variants {
		n += g.nodeSize(v, leaves, size)
	}
	return min(n, countCap)
}
