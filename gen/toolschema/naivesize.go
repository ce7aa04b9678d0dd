package toolschema

import "github.com/agentready/agentready/gen/ir"

// Past NaiveSample's limit, Naive's expansion is only counted, and a big
// spec's baseline can be hundreds of megabytes a tool (DocuSign's), each
// type expanded at every use. A use of a type that lies on no cycle of
// types expands the same wherever it is met: Naive's cycle cut inside it
// could only depend on the types above it if one of those were below it
// too, and then it would lie on a cycle. So such a use is counted once,
// with its description, and its size added at every later meeting.

// naiveKey is a use of a type and the description it is written with.
type naiveKey struct {
	use  *ir.Schema
	desc string
}

// countedSchema is schema for a use of a type once Naive's output is only
// counted: a use of a type on no cycle is written out the first time and
// its size added at every later meeting.
func (b *builder) countedSchema(use *ir.Schema, desc, name string, depth int) {
	if b.onCycle == nil {
		b.onCycle = typesOnCycles(b.api)
		b.naiveSizes = map[naiveKey]int{}
	}
	if b.onCycle[use.Ref] {
		b.schemaOf(use, desc, name, depth)
		return
	}
	w := &b.w
	key := naiveKey{use, desc}
	if n, ok := b.naiveSizes[key]; ok {
		w.begin()
		w.b.total += n
		return
	}
	// The comma before the value belongs to its place, not to the use.
	comma := !w.afterKey && len(w.first) > 0 && !w.first[len(w.first)-1]
	before := w.b.total
	b.schemaOf(use, desc, name, depth)
	n := w.b.total - before
	if comma {
		n--
	}
	b.naiveSizes[key] = n
}

// typesOnCycles returns the named types of api that can contain
// themselves through any property, readOnly ones included (Naive writes
// them), items, additional properties or variants.
func typesOnCycles(api *ir.API) map[string]bool {
	g := &typeGraph{}
	index := map[string]int{}
	for _, t := range api.Types {
		index[t.ID] = len(g.ids)
		g.ids = append(g.ids, t.ID)
	}
	g.out = make([][]edge, len(g.ids))
	for i, t := range api.Types {
		refs := map[string]int{}
		allRefs(t.Schema, refs)
		for id, n := range refs {
			if j, ok := index[id]; ok {
				g.out[i] = append(g.out[i], edge{j, n})
			}
		}
	}
	out := map[string]bool{}
	for i, rec := range g.recursive() {
		if rec {
			out[g.ids[i]] = true
		}
	}
	return out
}

// allRefs adds to m the references s makes directly, through every
// property.
func allRefs(s *ir.Schema, m map[string]int) {
	if s == nil {
		return
	}
	if s.Ref != "" {
		m[s.Ref]++
		return
	}
	allRefs(s.Items, m)
	allRefs(s.AdditionalProperties, m)
	for _, p := range s.Properties {
		allRefs(p.Schema, m)
	}
	for _, v := range s.Variants {
		allRefs(v, m)
	}
}
