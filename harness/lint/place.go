package lint

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/jsonptr"
)

// Locator finds where a tool's parts are declared in the spec's YAML (or
// JSON) tree, following local $refs, so that a finding points at the
// parameter or field to fix rather than at its operation.
type Locator struct {
	file string
	root *yaml.Node
}

// NewLocator locates in the document tree root (libopenapi's root node,
// or any yaml.Node of the whole document) of the file named file.
func NewLocator(file string, root *yaml.Node) *Locator {
	for root != nil && root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	return &Locator{file: file, root: root}
}

// Locate resolves a place: the declaration of the argument when it is
// found, else the operation's.
func (l *Locator) Locate(at place) ir.Origin {
	op := at.op
	o := op.Origin
	if l == nil || l.root == nil {
		return o
	}
	if o.File == "" {
		o.File = l.file
	}
	ptr := op.Origin.Pointer
	if at.arg == "" {
		if at.sub != "" {
			if k, _ := l.resolve(ptr + "/" + at.sub); k != nil {
				return l.origin(ptr+"/"+at.sub, o)
			}
		}
		return l.origin(ptr, o)
	}
	if !at.body {
		// The operation's own parameters, then its path item's.
		for _, base := range []string{ptr, parentPointer(ptr)} {
			if p, ok := l.findParam(base, at.arg, at.in); ok {
				return l.origin(p, o)
			}
		}
		return l.origin(ptr, o)
	}
	if p, ok := l.findBodyField(ptr, at.arg); ok {
		return l.origin(p, o)
	}
	return l.origin(ptr, o)
}

// origin is fallback with the pointer ptr and the line and column of its
// node.
func (l *Locator) origin(ptr string, fallback ir.Origin) ir.Origin {
	key, val := l.resolve(ptr)
	n := key
	if n == nil {
		n = val
	}
	if n == nil {
		return fallback
	}
	return ir.Origin{File: l.file, Line: n.Line, Column: n.Column, Pointer: ptr}
}

// findParam looks in the parameters list under base for the one named
// name (in location in, when set) and returns its pointer, after $refs.
func (l *Locator) findParam(base, name string, in ir.Location) (string, bool) {
	_, list := l.resolve(base + "/parameters")
	if list == nil || list.Kind != yaml.SequenceNode {
		return "", false
	}
	for i, item := range list.Content {
		ptr := base + "/parameters/" + strconv.Itoa(i)
		ptr, item = l.follow(ptr, item)
		if item == nil || item.Kind != yaml.MappingNode {
			continue
		}
		if scalar(item, "name") == name && (in == "" || scalar(item, "in") == string(in)) {
			return ptr, true
		}
	}
	return "", false
}

// findBodyField returns the pointer of the property name of the
// operation's request body schema (OpenAPI 3's requestBody, 2.0's body
// parameter), following $refs and allOf.
func (l *Locator) findBodyField(op, name string) (string, bool) {
	var schemas []string
	if rb, n := l.follow(op+"/requestBody", l.node(op+"/requestBody")); n != nil {
		if content := child(n, "content"); content != nil && content.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(content.Content); i += 2 {
				schemas = append(schemas, rb+"/content/"+jsonptr.Escape(content.Content[i].Value)+"/schema")
			}
		}
	}
	if _, list := l.resolve(op + "/parameters"); list != nil && list.Kind == yaml.SequenceNode {
		for i, item := range list.Content {
			ptr, item := l.follow(op+"/parameters/"+strconv.Itoa(i), item)
			if item != nil && scalar(item, "in") == "body" {
				schemas = append(schemas, ptr+"/schema")
			}
		}
	}
	for _, s := range schemas {
		if p, ok := l.findProperty(s, name, 0); ok {
			return p, true
		}
	}
	return "", false
}

// findProperty finds property name in the schema at ptr or in its allOf
// parts.
func (l *Locator) findProperty(ptr, name string, depth int) (string, bool) {
	if depth > 4 {
		return "", false
	}
	ptr, n := l.follow(ptr, l.node(ptr))
	if n == nil || n.Kind != yaml.MappingNode {
		return "", false
	}
	if props := child(n, "properties"); props != nil && child(props, name) != nil {
		return ptr + "/properties/" + jsonptr.Escape(name), true
	}
	if all := child(n, "allOf"); all != nil && all.Kind == yaml.SequenceNode {
		for i := range all.Content {
			if p, ok := l.findProperty(ptr+"/allOf/"+strconv.Itoa(i), name, depth+1); ok {
				return p, true
			}
		}
	}
	return "", false
}

// follow resolves n when it is a local $ref, a few times at most,
// returning the pointer and node it ends at.
func (l *Locator) follow(ptr string, n *yaml.Node) (string, *yaml.Node) {
	for range 8 {
		if n == nil || n.Kind != yaml.MappingNode {
			return ptr, n
		}
		ref := scalar(n, "$ref")
		if !strings.HasPrefix(ref, "#/") {
			return ptr, n
		}
		ptr, n = ref, l.node(ref)
	}
	return ptr, n
}

// node returns the node at pointer ptr, nil when there is none.
func (l *Locator) node(ptr string) *yaml.Node {
	_, v := l.resolve(ptr)
	return v
}

// resolve walks the pointer ptr ("#/paths/~1pets/get") from the root and
// returns the key node of its last step (nil for array items) and the
// value node.
func (l *Locator) resolve(ptr string) (key, val *yaml.Node) {
	if l == nil || l.root == nil || !strings.HasPrefix(ptr, "#") {
		return nil, nil
	}
	val = l.root
	rest := strings.TrimPrefix(strings.TrimPrefix(ptr, "#"), "/")
	if rest == "" {
		return nil, val
	}
	for _, seg := range strings.Split(rest, "/") {
		seg = jsonptr.Unescape(seg)
		switch val.Kind {
		case yaml.MappingNode:
			key = nil
			var next *yaml.Node
			for i := 0; i+1 < len(val.Content); i += 2 {
				if val.Content[i].Value == seg {
					key, next = val.Content[i], val.Content[i+1]
					break
				}
			}
			if next == nil {
				return nil, nil
			}
			val = next
		case yaml.SequenceNode:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(val.Content) {
				return nil, nil
			}
			key, val = nil, val.Content[i]
		default:
			return nil, nil
		}
		if val.Kind == yaml.AliasNode && val.Alias != nil {
			val = val.Alias
		}
	}
	return key, val
}

// child returns the value of key in mapping n.
func child(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// scalar returns the scalar value of key in mapping n, "" when absent.
func scalar(n *yaml.Node, key string) string {
	if c := child(n, key); c != nil && c.Kind == yaml.ScalarNode {
		return c.Value
	}
	return ""
}

func parentPointer(ptr string) string {
	if i := strings.LastIndex(ptr, "/"); i > 0 {
		return ptr[:i]
	}
	return ptr
}

// Argument returns where op's argument arg is declared: a parameter
// (named in location in, when in is set) or, with body set, a property
// of the request body, after $refs and allOf; else the operation's own
// place. Its Pointer is the JSON pointer of that declaration.
func (l *Locator) Argument(op *ir.Operation, arg string, in ir.Location, body bool) ir.Origin {
	return l.Locate(place{op: op, arg: arg, in: in, body: body})
}

// Follow returns the pointer ptr ends at after its local $refs: where a
// change to what ptr declares must be made.
func (l *Locator) Follow(ptr string) string {
	p, _ := l.follow(ptr, l.node(ptr))
	return p
}

// Has reports whether the document has a node at pointer ptr.
func (l *Locator) Has(ptr string) bool { return l.node(ptr) != nil }
