package cases

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// itemList is the first list of objects in a tool's own response, and the
// JSON path of that list: what the tool's filters are likely to filter on.
type itemList struct {
	path  string
	items []map[string]any
}

// ownItems calls a read-only tool that needs no arguments and returns the
// items of its response, so that its filters can take values that match
// something ("department Finance" where someone works in Finance) instead
// of synthesized ones that match nothing.
func (h *harvester) ownItems(op *ir.Operation, args []toolschema.Arg) *itemList {
	if h == nil || h.cat == nil || op.Mutating() || len(args) == 0 {
		return nil // nothing to filter, or not safe to call
	}
	for _, a := range args {
		if a.Required {
			return nil
		}
	}
	r := h.call(op, map[string]any{})
	if r.doc == nil {
		return nil
	}
	return findItems(r.doc, "$", 0)
}

// findItems returns the first array of objects in doc, looking at an
// object's keys in sorted order.
func findItems(doc any, at string, depth int) *itemList {
	if depth > 3 {
		return nil
	}
	switch v := doc.(type) {
	case []any:
		var items []map[string]any
		for _, x := range v {
			if m, ok := x.(map[string]any); ok {
				items = append(items, m)
			}
		}
		if len(items) > 0 {
			return &itemList{path: at, items: items}
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if l := findItems(v[k], at+propStep(k), depth+1); l != nil {
				return l
			}
		}
	}
	return nil
}

// fromOwnItem fills the optional filters of a case that nothing else
// filled from one item of the tool's own response: a field of the same
// name whose value the filter accepts (a scalar, or one value for a list
// filter). All values come from the same item, so that the filters match
// it together.
func (tg *toolGen) fromOwnItem(rng *rand.Rand, args map[string]any, src map[string]Source) {
	if tg.own == nil {
		return
	}
	i := rng.IntN(len(tg.own.items))
	item := tg.own.items[i]
	for _, a := range tg.args {
		if a.Required || args[a.Name] == nil || src[a.Name].Kind == FromUser || src[a.Name].Kind == FromHarvested {
			continue
		}
		v, ok := item[a.Name]
		if !ok || v == nil {
			continue
		}
		if _, isMap := v.(map[string]any); isMap {
			continue
		}
		if _, isList := v.([]any); !isList && tg.api.Resolve(a.Schema) != nil && tg.api.Resolve(a.Schema).Kind == ir.KindArray {
			v = []any{v}
		}
		if !example.Valid(tg.api, a.Schema, v) {
			continue
		}
		args[a.Name] = v
		src[a.Name] = Source{Kind: FromHarvested, Tool: tg.op.Name, Path: fmt.Sprintf("%s[%d]%s", tg.own.path, i, propStep(a.Name))}
	}
}
