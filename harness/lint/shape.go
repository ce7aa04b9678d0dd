package lint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/ir"
)

// checkReturnShapes compares what tools on the same resource return: the
// operations of one path (GET /things/{id} and PATCH /things/{id}; GET
// /things lists what POST /things creates). A list is compared by its
// items, a wrapper object ({total, items: [...]}) by what it wraps. Two
// results of named types that differ, whose fields overlap less than
// half, make a finding on the tool that changes state (or the later
// name).
func checkReturnShapes(c *checker) {
	byPath := map[string][]*ir.Operation{}
	for _, op := range c.api.Operations {
		byPath[op.Path] = append(byPath[op.Path], op)
	}
	for _, path := range sortedKeys(byPath) {
		ops := byPath[path]
		sort.Slice(ops, func(i, j int) bool { return ops[i].Name < ops[j].Name })
		var reader *ir.Operation
		for _, op := range ops {
			if op.Method == "GET" {
				reader = op
				break
			}
		}
		if reader == nil {
			continue
		}
		want := resultFields(c.api, reader)
		if len(want) < 3 {
			continue
		}
		for _, op := range ops {
			if op == reader || op.Method == "DELETE" {
				continue
			}
			got := resultFields(c.api, op)
			if len(got) < 3 {
				continue
			}
			if overlap(want, got) >= 0.5 {
				continue
			}
			c.add(RuleReturnShape, op, place{sub: "responses"},
				fmt.Sprintf("%s returns fields %s; %s on the same path returns %s", op.Name, fieldList(got), reader.Name, fieldList(want)),
				fmt.Sprintf("return the resource as %s does (one schema for one resource), or say in the description what the result holds", reader.Name),
				reader.Name)
		}
	}
}

// resultFields are the top-level field names of what op returns, after
// unwrapping lists and wrapper objects; nil when it returns no object.
func resultFields(api *ir.API, op *ir.Operation) map[string]bool {
	r := op.SuccessResponse()
	if r == nil || r.Schema == nil {
		return nil
	}
	s := api.Resolve(r.Schema)
	for range 3 {
		if s == nil {
			return nil
		}
		if s.Kind == ir.KindArray {
			s = api.Resolve(s.Items)
			continue
		}
		if inner := wrapped(api, s); inner != nil {
			s = inner
			continue
		}
		break
	}
	if s == nil || s.Kind != ir.KindObject {
		return nil
	}
	out := map[string]bool{}
	for _, p := range s.Properties {
		out[p.Name] = true
	}
	return out
}

// wrapped returns the item schema of a wrapper object: one whose only
// array property holds objects and whose other properties are scalars
// (a count, a cursor).
func wrapped(api *ir.API, s *ir.Schema) *ir.Schema {
	if s.Kind != ir.KindObject {
		return nil
	}
	var items *ir.Schema
	for _, p := range s.Properties {
		ps := api.Resolve(p.Schema)
		if ps == nil {
			continue
		}
		switch ps.Kind {
		case ir.KindArray:
			if items != nil {
				return nil
			}
			items = api.Resolve(ps.Items)
		case ir.KindObject:
			return nil
		}
	}
	if items == nil || items.Kind != ir.KindObject {
		return nil
	}
	return items
}

// overlap is the Jaccard index of two field sets.
func overlap(a, b map[string]bool) float64 {
	inter := 0
	for k := range a {
		if b[k] {
			inter++
		}
	}
	union := len(a) + len(b) - inter
	if union == 0 {
		return 1
	}
	return float64(inter) / float64(union)
}

// fieldList names up to 5 fields of a set, sorted.
func fieldList(m map[string]bool) string {
	keys := sortedKeys(m)
	if len(keys) > 5 {
		return strings.Join(keys[:5], ", ") + fmt.Sprintf(" and %d more", len(keys)-5)
	}
	return strings.Join(keys, ", ")
}
