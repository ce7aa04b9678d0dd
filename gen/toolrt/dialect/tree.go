package dialect

import (
	"strings"

	"github.com/agentready/agentready/gen/toolrt/internal/orderedjson"
	"github.com/agentready/agentready/internal/jsonptr"
	"github.com/agentready/agentready/internal/jsonw"
)

// node is a JSON object of a schema with its keys in the order written:
// property order is the order a model reads the arguments in, so it is
// kept through every rewrite.
type node struct {
	keys []string
	vals map[string]any
}

func newNode() *node { return &node{vals: map[string]any{}} }

func (n *node) get(k string) (any, bool) {
	v, ok := n.vals[k]
	return v, ok
}

func (n *node) has(k string) bool {
	_, ok := n.vals[k]
	return ok
}

func (n *node) str(k string) string {
	s, _ := n.vals[k].(string)
	return s
}

func (n *node) obj(k string) *node {
	o, _ := n.vals[k].(*node)
	return o
}

// set replaces k's value, or appends k when it is new.
func (n *node) set(k string, v any) {
	if _, ok := n.vals[k]; !ok {
		n.keys = append(n.keys, k)
	}
	n.vals[k] = v
}

func (n *node) del(k string) {
	if _, ok := n.vals[k]; !ok {
		return
	}
	delete(n.vals, k)
	for i, key := range n.keys {
		if key == k {
			n.keys = append(n.keys[:i:i], n.keys[i+1:]...)
			return
		}
	}
}

// decode reads one JSON document: objects as *node, numbers as
// json.Number, arrays as []any.
func decode(data []byte) (any, error) {
	return orderedjson.Decode(data, newNode, (*node).set)
}

// OrderedKeys and Member make a node a jsonw.Ordered object, written
// in its key order.
func (n *node) OrderedKeys() []string { return n.keys }

// Member is the value of key k (see OrderedKeys).
func (n *node) Member(k string) any { return n.vals[k] }

// encode writes v as compact JSON, objects in their key order, without
// HTML escaping.
func encode(v any) []byte { return jsonw.Append(nil, v) }

// pointer appends JSON Pointer tokens (RFC 6901) to base.
func pointer(base string, tokens ...string) string {
	var b strings.Builder
	b.WriteString(base)
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(jsonptr.Escape(t))
	}
	return b.String()
}

// clone copies a decoded tree deeply.
func clone(v any) any {
	switch x := v.(type) {
	case *node:
		out := &node{keys: append([]string(nil), x.keys...), vals: make(map[string]any, len(x.vals))}
		for k, e := range x.vals {
			out.vals[k] = clone(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = clone(e)
		}
		return out
	}
	return v
}

// types returns the schema's "type" as a list ("string" or
// ["string","null"]); nil when it has none.
func types(n *node) []string {
	switch t := n.vals["type"].(type) {
	case string:
		return []string{t}
	case []any:
		out := make([]string, 0, len(t))
		for _, e := range t {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
