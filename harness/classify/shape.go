package classify

import (
	"bytes"
	"encoding/json"
	"maps"
	"math"
	"mime"
	"net/http"
	"slices"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
)

// Body summarises a JSON response body: its type, whether it is empty and
// its shape, which is what output checks need, without keeping the body.
type Body struct {
	// Type is the JSON type of the whole body: object, array, string,
	// integer, number, boolean or null.
	Type string `json:"type"`
	// Empty is set for [], {}, null and for a small wrapper object whose
	// lists are all empty ({"items": [], "total": 0}).
	Empty bool `json:"empty,omitempty"`
	// Items counts the elements of the body (an array) or of its longest
	// top-level list.
	Items int `json:"items,omitempty"`
	// Keys identify the data: the identifiers (id, key, uuid, number,
	// slug, name, in that order of preference) of the items of the body
	// (an array) or of its longest top-level list, or of the body itself
	// when it is one object; sorted, at most shapeMaxKeys. Two calls whose
	// bodies have the same keys returned the same things.
	Keys []string `json:"keys,omitempty"`
	// One is set when the body is one item (an object with an
	// identifier), whose identifier is Keys[0].
	One bool `json:"one,omitempty"`
	// Paths are the values present, each as "path:type": "items[].id:string".
	// An object key is listed when every object at that place has it (all
	// items of a list), so a field missing from one item is absent.
	// Several types are joined by "|" ("items[].due_at:null|string").
	Paths []string `json:"paths,omitempty"`
}

// Limits of a body summary.
const (
	shapeMaxDepth = 5
	shapeMaxPaths = 400
)

// Summarize returns the summary of a response body, or nil when it is not
// JSON.
func Summarize(raw []byte, header http.Header) *Body {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil
	}
	if ct := header.Get("Content-Type"); ct != "" {
		media, _, _ := mime.ParseMediaType(ct)
		if !strings.HasSuffix(media, "/json") && !strings.HasSuffix(media, "+json") {
			return nil
		}
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&v) != nil || dec.More() {
		return nil
	}
	b := &Body{Type: jsonType(v), Empty: cases.EmptyJSON(v)}
	switch x := v.(type) {
	case []any:
		b.Items = len(x)
	case map[string]any:
		for _, e := range x {
			if y, ok := e.([]any); ok {
				b.Items = max(b.Items, len(y))
			}
		}
	}
	b.Keys, b.One = dataKeys(v)
	n := &shapeNode{}
	n.add(v)
	n.emit("", 0, &b.Paths)
	return b
}

// shapeMaxKeys bounds Body.Keys.
const shapeMaxKeys = 200

// idFields are the fields that identify an item, most telling first.
var idFields = []string{"id", "key", "uuid", "number", "slug", "name"}

// dataKeys returns the identifiers of what a body holds: its own when it
// is one object with an identifier (one is then set), else its items' (a
// list's, or the longest top-level list's of an object).
func dataKeys(v any) (keys []string, one bool) {
	var items []any
	switch x := v.(type) {
	case []any:
		items = x
	case map[string]any:
		if id := itemKey(x); id != "" {
			return []string{id}, true
		}
		longest := -1
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if l, ok := x[k].([]any); ok && len(l) > longest {
				items, longest = l, len(l)
			}
		}
	}
	var out []string
	for _, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			if s := scalarText(it); s != "" {
				out = append(out, s)
			}
			continue
		}
		if id := itemKey(m); id != "" {
			out = append(out, id)
		}
		if len(out) >= shapeMaxKeys {
			break
		}
	}
	sort.Strings(out)
	return out, false
}

// itemKey returns an object's identifier as text, "" when it has none.
func itemKey(m map[string]any) string {
	for _, f := range idFields {
		if s := scalarText(m[f]); s != "" {
			return s
		}
	}
	return ""
}

func scalarText(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case float64, bool:
		b, _ := json.Marshal(x)
		return string(b)
	}
	return ""
}

// jsonType names the JSON type of a decoded value (numbers decoded as
// json.Number or float64).
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return "integer"
		}
		if f, err := x.Float64(); err == nil && f == math.Trunc(f) && !strings.ContainsAny(x.String(), ".") {
			return "integer"
		}
		return "number"
	case float64:
		if x == math.Trunc(x) {
			return "integer"
		}
		return "number"
	case int, int64, int32:
		return "integer"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "unknown"
}

// shapeNode merges the values found at one place of a body.
type shapeNode struct {
	types   map[string]bool
	objects int // how many objects were seen here
	keys    map[string]*shapeNode
	seen    map[string]int // in how many of those objects each key is
	elem    *shapeNode
}

func (n *shapeNode) add(v any) {
	if n.types == nil {
		n.types = map[string]bool{}
	}
	n.types[jsonType(v)] = true
	switch x := v.(type) {
	case map[string]any:
		n.objects++
		if n.keys == nil {
			n.keys, n.seen = map[string]*shapeNode{}, map[string]int{}
		}
		for k, e := range x {
			c := n.keys[k]
			if c == nil {
				c = &shapeNode{}
				n.keys[k] = c
			}
			n.seen[k]++
			c.add(e)
		}
	case []any:
		if n.elem == nil && len(x) > 0 {
			n.elem = &shapeNode{}
		}
		for _, e := range x {
			n.elem.add(e)
		}
	}
}

func (n *shapeNode) emit(path string, depth int, out *[]string) {
	if len(*out) >= shapeMaxPaths {
		return
	}
	if path != "" {
		ts := make([]string, 0, len(n.types))
		for t := range n.types {
			ts = append(ts, t)
		}
		sort.Strings(ts)
		*out = append(*out, path+":"+strings.Join(ts, "|"))
	}
	if depth >= shapeMaxDepth {
		return
	}
	keys := make([]string, 0, len(n.keys))
	for k := range n.keys {
		if n.seen[k] == n.objects {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		n.keys[k].emit(joinPath(path, k), depth+1, out)
	}
	if n.elem != nil {
		n.elem.emit(path+"[]", depth+1, out)
	}
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// shapeIndex maps the paths of a summary to their types.
func shapeIndex(b *Body) map[string]map[string]bool {
	idx := map[string]map[string]bool{}
	for _, p := range b.Paths {
		i := strings.LastIndexByte(p, ':')
		if i < 0 {
			continue
		}
		ts := map[string]bool{}
		for _, t := range strings.Split(p[i+1:], "|") {
			ts[t] = true
		}
		idx[p[:i]] = ts
	}
	return idx
}

// promise is one value a response schema says is always there.
type promise struct {
	path     string
	kind     ir.Kind // empty: any type
	nullable bool
}

// promises lists the required values of a response schema, to depth
// shapeMaxDepth, following array items and named types (once each per
// branch).
func promises(api *ir.API, s *ir.Schema) []promise {
	var out []promise
	var walk func(path string, s *ir.Schema, depth int, seen map[string]bool)
	walk = func(path string, s *ir.Schema, depth int, seen map[string]bool) {
		if s == nil || depth >= shapeMaxDepth {
			return
		}
		if s.Ref != "" {
			if seen[s.Ref] || api == nil {
				return
			}
			seen = copySet(seen, s.Ref)
			nullable := s.Nullable
			s = api.Resolve(s)
			if s == nil {
				return
			}
			if nullable && !s.Nullable {
				c := *s
				c.Nullable = true
				s = &c
			}
		}
		switch s.Kind {
		case ir.KindObject:
			for _, p := range s.Properties {
				if !p.Required || p.Schema == nil {
					continue
				}
				child := p.Schema
				if child.Ref != "" && api != nil && !seen[child.Ref] {
					if r := api.Resolve(child); r != nil {
						if r.WriteOnly {
							continue
						}
						out = append(out, promise{path: joinPath(path, p.Name), kind: r.Kind, nullable: r.Nullable || child.Nullable})
					}
				} else if child.Ref == "" {
					if child.WriteOnly {
						continue
					}
					out = append(out, promise{path: joinPath(path, p.Name), kind: child.Kind, nullable: child.Nullable})
				}
				walk(joinPath(path, p.Name), child, depth+1, seen)
			}
		case ir.KindArray:
			walk(path+"[]", s.Items, depth+1, seen)
		}
	}
	walk("", s, 0, map[string]bool{})
	return out
}

func copySet(m map[string]bool, add string) map[string]bool {
	c := make(map[string]bool, len(m)+1)
	for k := range m {
		c[k] = true
	}
	c[add] = true
	return c
}

// kindFits reports whether a value of JSON type t satisfies a schema kind.
func kindFits(k ir.Kind, nullable bool, t string) bool {
	switch {
	case t == "null":
		return nullable || k == ir.KindNull || k == ir.KindAny || k == ir.KindUnion || k == ""
	case k == "" || k == ir.KindAny || k == ir.KindUnion:
		return true
	case k == ir.KindNumber:
		return t == "number" || t == "integer"
	}
	return string(k) == t
}

// parentOf returns the path of the value that holds path ("" for the
// body itself).
func parentOf(path string) string {
	if strings.HasSuffix(path, "[]") {
		return path[:len(path)-2]
	}
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		return path[:i]
	}
	return ""
}

// topKeys lists the top-level keys of an object body's summary.
func topKeys(b *Body) []string {
	var out []string
	for _, p := range b.Paths {
		name := p[:strings.LastIndexByte(p, ':')]
		if !strings.ContainsAny(name, ".[") {
			out = append(out, name)
		}
	}
	return out
}
