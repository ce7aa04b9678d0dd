package toolschema

import "github.com/agentready/agentready/gen/ir"

// recursiveTypes returns the named types reachable from roots that can
// contain themselves: the members of a strongly connected component of the
// type graph with a cycle (Tarjan's algorithm). Only edges through input
// properties count, as Build writes no readOnly property.
func recursiveTypes(api *ir.API, roots []*ir.Schema) map[string]bool {
	t := &tarjan{api: api, index: map[string]int{}, low: map[string]int{}, on: map[string]bool{}, edges: map[string][]string{}}
	for _, r := range roots {
		for _, id := range t.refsOf(r) {
			if _, seen := t.index[id]; !seen {
				t.visit(id)
			}
		}
	}
	return t.out
}

type tarjan struct {
	api   *ir.API
	n     int
	index map[string]int
	low   map[string]int
	on    map[string]bool
	stack []string
	edges map[string][]string
	out   map[string]bool
}

func (t *tarjan) visit(id string) {
	t.index[id] = t.n
	t.low[id] = t.n
	t.n++
	t.stack = append(t.stack, id)
	t.on[id] = true
	var next []string
	if ty := t.api.Type(id); ty != nil {
		next = t.refsOf(ty.Schema)
	}
	t.edges[id] = next
	for _, m := range next {
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
	cyclic := len(comp) > 1
	if !cyclic {
		for _, m := range t.edges[id] {
			if m == id {
				cyclic = true
			}
		}
	}
	if cyclic {
		if t.out == nil {
			t.out = map[string]bool{}
		}
		for _, m := range comp {
			t.out[m] = true
		}
	}
}

// refsOf lists the type IDs that schema s uses directly, not following
// Refs: s's own Ref, or the Refs met walking its inline subschemas.
func (t *tarjan) refsOf(s *ir.Schema) []string {
	var out []string
	var walk func(s *ir.Schema)
	walk = func(s *ir.Schema) {
		if s == nil {
			return
		}
		if s.Ref != "" {
			out = append(out, s.Ref)
			return
		}
		walk(s.Items)
		walk(s.AdditionalProperties)
		for _, p := range InputProperties(s) {
			walk(p.Schema)
		}
		for _, v := range s.Variants {
			walk(v)
		}
	}
	walk(s)
	return out
}

// minShared is the least size, in schema nodes, of a type written once
// under $defs because a tool uses it more than once.
const minShared = 8

// sharedTypes adds to leaves (the recursive types) the large types that
// the tool's schema would otherwise write more than once. It takes one
// type a round, the largest of those used twice or more, and counts again,
// so that the parts of a type already shared are not shared on their own.
func sharedTypes(api *ir.API, roots []*ir.Schema, leaves map[string]bool) map[string]bool {
	out := make(map[string]bool, len(leaves))
	for id := range leaves {
		out[id] = true
	}
	for round := 0; round < 64; round++ {
		c := &counter{api: api, leaves: out, uses: map[string]int{}, walked: map[string]bool{}, size: map[string]int{}}
		for _, r := range roots {
			c.walk(r, 0)
		}
		best, bestSize := "", 0
		for id, n := range c.uses {
			if n < 2 || out[id] {
				continue
			}
			sz := c.sizeOf(id)
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

// counter counts the uses of named types in a schema written with leaves
// under $defs and everything else inline.
type counter struct {
	api    *ir.API
	leaves map[string]bool
	uses   map[string]int
	walked map[string]bool
	size   map[string]int
	nodes  int
}

// walkLimit bounds a count's walk: a schema this large is shared
// wherever it can be anyway.
const walkLimit = 1 << 20

func (c *counter) walk(s *ir.Schema, depth int) {
	if s == nil || c.nodes > walkLimit || depth > 200 {
		return
	}
	c.nodes++
	if s.Ref != "" {
		c.uses[s.Ref]++
		t := c.api.Type(s.Ref)
		if t == nil {
			return
		}
		if c.leaves[s.Ref] {
			if c.walked[s.Ref] {
				return
			}
			c.walked[s.Ref] = true
		}
		c.walk(t.Schema, depth+1)
		return
	}
	c.walk(s.Items, depth+1)
	c.walk(s.AdditionalProperties, depth+1)
	for _, p := range InputProperties(s) {
		c.walk(p.Schema, depth+1)
	}
	for _, v := range s.Variants {
		c.walk(v, depth+1)
	}
}

// sizeOf is the number of schema nodes type id takes written inline, its
// leaf types counting one each.
func (c *counter) sizeOf(id string) int {
	if n, ok := c.size[id]; ok {
		return n
	}
	c.size[id] = 1 // a cycle through non-leaves cannot occur; guard anyway
	t := c.api.Type(id)
	n := 1
	if t != nil {
		n = c.nodeSize(t.Schema, 0)
	}
	c.size[id] = n
	return n
}

func (c *counter) nodeSize(s *ir.Schema, depth int) int {
	if s == nil || depth > 200 {
		return 0
	}
	if s.Ref != "" {
		if c.leaves[s.Ref] {
			return 1
		}
		return c.sizeOf(s.Ref)
	}
	n := 1
	n += c.nodeSize(s.Items, depth+1)
	n += c.nodeSize(s.AdditionalProperties, depth+1)
	for _, p := range InputProperties(s) {
		n += c.nodeSize(p.Schema, depth+1)
	}
	for _, v := range s.Variants {
		n += c.nodeSize(v, depth+1)
	}
	return min(n, walkLimit)
}
