package cases

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

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

// fromOwnItem fills the optional filters of a case that neither the user
// nor the spec's own example gave from one item of the tool's own
// response, so that together they match that item: a field of the same
// name whose value the filter accepts (a scalar, or one value for a list
// filter), a range bound on either side of the item's value
// (created_after a day before its created_at), and paging at its first
// page. All values come from the same item.
func (tg *toolGen) fromOwnItem(rng *rand.Rand, args map[string]any, src map[string]Source) {
	if tg.own == nil {
		return
	}
	i := rng.IntN(len(tg.own.items))
	item := tg.own.items[i]
	at := fmt.Sprintf("%s[%d]", tg.own.path, i)
	for _, a := range tg.args {
		if a.Required || args[a.Name] == nil || src[a.Name].Kind == FromUser {
			continue
		}
		if v, ok := firstPage(tg.api, a); ok {
			args[a.Name], src[a.Name] = v, Source{Kind: FromSynthesized}
			continue
		}
		v, field, ok := itemValue(tg.api, a, item)
		if !ok {
			continue
		}
		args[a.Name] = v
		src[a.Name] = Source{Kind: FromHarvested, Tool: tg.op.Name, Path: at + propStep(field)}
	}
}

// firstPage returns the value of a paging argument that asks for the
// first page (page 1, offset 0, or the schema's minimum).
func firstPage(api *ir.API, a toolschema.Arg) (any, bool) {
	ws := lowerWords(a.Name)
	if len(ws) != 1 || !example.Paging(ws[0]) || ws[0] == "cursor" {
		return nil, false
	}
	s := api.Resolve(a.Schema)
	if s == nil || s.Kind != ir.KindInteger && s.Kind != ir.KindNumber {
		return nil, false
	}
	v := 0.0
	if ws[0] == "page" {
		v = 1
	}
	if s.Minimum != nil && *s.Minimum > v {
		v = *s.Minimum
	}
	if !example.Valid(api, a.Schema, v) {
		return nil, false
	}
	return v, true
}

// boundWords say on which side of a value a range filter lies: true for
// a lower bound (created_after), false for an upper one.
var boundWords = map[string]bool{"after": true, "since": true, "from": true, "min": true, "minimum": true, "gte": true,
	"gt": true, "start": true, "earliest": true, "before": false, "until": false, "to": false, "max": false,
	"maximum": false, "lte": false, "lt": false, "end": false, "latest": false}

// itemValue returns the value a filter argument takes from one item, and
// the item's field it read: the field of the same name, or, for a range
// bound, the field the bound is about with a margin on the right side.
func itemValue(api *ir.API, a toolschema.Arg, item map[string]any) (any, string, bool) {
	fits := func(v any) bool { return example.Valid(api, a.Schema, v) }
	if v, ok := item[a.Name]; ok && v != nil {
		if _, isMap := v.(map[string]any); isMap {
			return nil, "", false
		}
		if r := api.Resolve(a.Schema); r != nil && r.Kind == ir.KindArray {
			if _, isList := v.([]any); !isList {
				v = []any{v}
			}
		}
		if fits(v) {
			return v, a.Name, true
		}
		return nil, "", false
	}
	ws := lowerWords(a.Name)
	if isSearchWords(ws) {
		// Search words: a word of what people call the item.
		for _, f := range labelFields {
			s, ok := item[f].(string)
			if !ok {
				continue
			}
			for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
				if len(w) >= 4 && fits(w) {
					return w, f, true
				}
			}
		}
		return nil, "", false
	}
	if len(ws) < 2 {
		return nil, "", false
	}
	var base []string
	lower, ok := boundWords[ws[len(ws)-1]]
	switch {
	case ok:
		base = ws[:len(ws)-1]
	default:
		if lower, ok = boundWords[ws[0]]; !ok {
			return nil, "", false
		}
		base = ws[1:]
	}
	for _, field := range slices.Sorted(maps.Keys(item)) {
		fw := lowerWords(field)
		for len(fw) > 1 && (fw[len(fw)-1] == "at" || fw[len(fw)-1] == "on" || fw[len(fw)-1] == "date" || fw[len(fw)-1] == "time") {
			fw = fw[:len(fw)-1]
		}
		if strings.Join(fw, " ") != strings.Join(base, " ") {
			continue
		}
		switch x := item[field].(type) {
		case string:
			t, err := time.Parse(time.RFC3339, x)
			if err != nil {
				continue
			}
			d := 24 * time.Hour
			if lower {
				d = -d
			}
			b := t.Add(d).UTC()
			for _, v := range []string{b.Format(time.RFC3339), b.Format(time.DateOnly)} {
				if fits(v) {
					return v, field, true
				}
			}
		case float64:
			v := x + 1
			if lower {
				v = x - 1
			}
			if fits(v) {
				return v, field, true
			}
		}
	}
	return nil, "", false
}

// isSearchWords reports whether an argument's name words say it takes
// search words.
func isSearchWords(ws []string) bool {
	if len(ws) == 0 {
		return false
	}
	switch ws[len(ws)-1] {
	case "q", "query", "search", "keyword", "keywords", "term", "terms":
		return true
	}
	return false
}
