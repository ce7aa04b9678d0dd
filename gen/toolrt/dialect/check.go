package dialect

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Violation is one place where a schema breaks a dialect's rules.
type Violation struct {
	// Pointer is the place in the schema checked (RFC 6901).
	Pointer string `json:"pointer"`
	// Rule says what the dialect refuses there.
	Rule string `json:"rule"`
}

func (v Violation) String() string {
	at := v.Pointer
	if at == "" {
		at = "(root)"
	}
	return at + ": " + v.Rule
}

// Check lists what dialect d refuses in schema, a tool's parameter
// schema as JSON: nothing when the provider accepts it as it is. It
// applies the rules on its own, without the converter, so that tests can
// hold Adapt's output to them.
func Check(schema []byte, d Dialect) ([]Violation, error) {
	if _, err := Parse(string(d)); err != nil {
		return nil, err
	}
	doc, err := decode(schema)
	if err != nil {
		return nil, fmt.Errorf("dialect: parameter schema: %w", err)
	}
	return check(doc, rulesOf(d)), nil
}

// checker walks one schema.
type checker struct {
	r    rules
	out  []Violation
	defs *node
}

func (k *checker) fail(at, format string, args ...any) {
	k.out = append(k.out, Violation{Pointer: at, Rule: fmt.Sprintf(format, args...)})
}

func check(doc any, r rules) []Violation {
	k := &checker{r: r}
	root, ok := doc.(*node)
	if !ok {
		k.fail("", "the root is not a schema object")
		return k.out
	}
	if ts := types(root); len(ts) != 1 || ts[0] != "object" {
		k.fail("", `the root must have "type": "object"`)
	}
	for _, u := range []string{"anyOf", "oneOf", "allOf"} {
		if root.has(u) {
			k.fail("", "no %s at the root", u)
		}
	}
	k.defs = root.obj("$defs")
	k.walk(root, "", true)
	if k.defs != nil {
		for _, name := range k.defs.keys {
			k.walk(k.defs.vals[name], pointer("/$defs", name), false)
		}
	}
	if r.limits != (limits{}) {
		k.limits(root)
	}
	return k.out
}

var typeNames = set("string", "number", "integer", "boolean", "object", "array", "null")

// walk checks one schema and what it holds.
func (k *checker) walk(v any, at string, root bool) {
	n, ok := v.(*node)
	if !ok {
		if _, isBool := v.(bool); isBool && k.r.typed {
			k.fail(at, "a boolean schema has no type")
		}
		return
	}
	r := k.r
	if r.keywords != nil {
		for _, key := range n.keys {
			if key == "$defs" && root && !r.noRefs {
				continue
			}
			if !r.keywords[key] {
				k.fail(at, "keyword %q is not supported", key)
			}
		}
	}
	ts := types(n)
	switch tv := n.vals["type"].(type) {
	case nil:
	case string:
		if !typeNames[tv] {
			k.fail(at, "unknown type %q", tv)
		}
	case []any:
		if r.singleType {
			k.fail(at, "type must be one name, not a list")
		}
		for _, e := range tv {
			if s, ok := e.(string); !ok || !typeNames[s] {
				k.fail(at, "unknown type %v", e)
			}
		}
	default:
		k.fail(at, "type is neither a name nor a list")
	}
	if r.singleType && len(ts) == 1 && ts[0] == "null" {
		k.fail(at, "there is no null type: use nullable")
	}
	if nv, ok := n.vals["nullable"]; ok {
		if _, isBool := nv.(bool); !isBool {
			k.fail(at, "nullable must be a boolean")
		}
	}
	_, hasUnion := n.vals["anyOf"]
	ref := n.str("$ref")
	if r.typed && len(ts) == 0 && !hasUnion && ref == "" {
		k.fail(at, "a schema needs a type")
	}
	if r.unionAlone && hasUnion && len(n.keys) > 1 {
		k.fail(at, "anyOf must be the only field of its schema")
	}
	if ref != "" {
		k.checkRef(n, ref, at)
	}
	has := func(t string) bool {
		for _, x := range ts {
			if x == t {
				return true
			}
		}
		return false
	}
	if f, ok := n.vals["format"].(string); ok && r.formats != nil {
		allowed := false
		for _, t := range ts {
			allowed = allowed || r.formats[t][f]
		}
		if !allowed {
			k.fail(at, "format %q is not supported for type %s", f, strings.Join(ts, "/"))
		}
	}
	if enum, ok := n.vals["enum"].([]any); ok && r.stringEnums {
		if !has("string") || len(ts) != 1 {
			k.fail(at, "enum is for strings only")
		}
		for _, e := range enum {
			if _, isString := e.(string); !isString {
				k.fail(at, "enum value %s is not a string", value(e))
				break
			}
		}
	}
	props := n.obj("properties")
	if has("object") {
		k.checkObject(n, props, at, root)
	}
	if has("array") && r.itemsNeeded && !n.has("items") {
		k.fail(at, "an array needs items")
	}
	if props != nil {
		for _, name := range props.keys {
			k.walk(props.vals[name], pointer(at, "properties", name), false)
		}
	}
	if items, ok := n.vals["items"]; ok {
		k.walk(items, pointer(at, "items"), false)
	}
	if a, ok := n.vals["additionalProperties"].(*node); ok {
		k.walk(a, pointer(at, "additionalProperties"), false)
	}
	for _, u := range []string{"anyOf", "oneOf", "allOf"} {
		if vs, ok := n.vals[u].([]any); ok {
			for i, e := range vs {
				k.walk(e, pointer(at, u, fmt.Sprint(i)), false)
			}
		}
	}
}

// checkObject checks what a dialect asks of an object.
func (k *checker) checkObject(n, props *node, at string, root bool) {
	r := k.r
	if r.propsNeeded && !root && (props == nil || len(props.keys) == 0) {
		k.fail(at, "an object needs properties")
	}
	req := map[string]bool{}
	if rs, ok := n.vals["required"].([]any); ok {
		for _, e := range rs {
			s, _ := e.(string)
			if props == nil || !props.has(s) {
				k.fail(at, "required names %q, which is no property", s)
			}
			req[s] = true
		}
	} else if n.has("required") {
		k.fail(at, "required must be a list")
	}
	if !r.strict {
		return
	}
	if n.vals["additionalProperties"] != false {
		k.fail(at, "additionalProperties must be false")
	}
	if props != nil {
		for _, name := range props.keys {
			if !req[name] {
				k.fail(at, "property %q must be required", name)
			}
		}
	}
}

// checkRef checks a reference: it resolves, and in strict mode stands
// alone.
func (k *checker) checkRef(n *node, ref, at string) {
	if k.r.strict && len(n.keys) > 1 {
		k.fail(at, "$ref must stand alone")
	}
	if ref == "#" {
		return
	}
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok || k.defs == nil || !k.defs.has(name) {
		k.fail(at, "$ref %q does not resolve", ref)
	}
}

// limits checks the size limits of a dialect (OpenAI strict): counts over
// the schema as written, and the depth of nested objects with references
// followed until they repeat.
func (k *checker) limits(root *node) {
	l := k.r.limits
	var props, enums, chars int
	var count func(v any)
	count = func(v any) {
		switch x := v.(type) {
		case *node:
			if p := x.obj("properties"); p != nil {
				props += len(p.keys)
				for _, name := range p.keys {
					chars += utf8.RuneCountInString(name)
				}
			}
			if e, ok := x.vals["enum"].([]any); ok {
				enums += len(e)
				n := 0
				for _, v := range e {
					if s, ok := v.(string); ok {
						n += utf8.RuneCountInString(s)
					}
				}
				chars += n
				if len(e) > l.bigEnum && n > l.bigEnumChars {
					k.fail("", "an enum of %d values has %d characters (at most %d past %d values)", len(e), n, l.bigEnumChars, l.bigEnum)
				}
			}
			if s, ok := x.vals["const"].(string); ok {
				chars += utf8.RuneCountInString(s)
			}
			for _, key := range x.keys {
				if key == "enum" || key == "const" || key == "description" {
					continue
				}
				count(x.vals[key])
			}
		case []any:
			for _, e := range x {
				count(e)
			}
		}
	}
	count(root)
	if k.defs != nil {
		for _, name := range k.defs.keys {
			chars += utf8.RuneCountInString(name)
		}
	}
	if props > l.properties {
		k.fail("", "%d object properties (at most %d)", props, l.properties)
	}
	if enums > l.enumValues {
		k.fail("", "%d enum values (at most %d)", enums, l.enumValues)
	}
	if chars > l.stringChars {
		k.fail("", "%d characters of names and enum values (at most %d)", chars, l.stringChars)
	}
	if d := k.depth(root, map[string]bool{}); d > l.depth {
		k.fail("", "objects nested %d levels deep (at most %d)", d, l.depth)
	}
}

// depth is the most levels of objects one inside another below v, v's
// own included; a reference already being followed counts nothing more.
func (k *checker) depth(v any, following map[string]bool) int {
	n, ok := v.(*node)
	if !ok {
		return 0
	}
	if ref := n.str("$ref"); ref != "" {
		name := strings.TrimPrefix(ref, "#/$defs/")
		if following[name] || k.defs == nil {
			return 0
		}
		following[name] = true
		d := k.depth(k.defs.vals[name], following)
		delete(following, name)
		return d
	}
	most := 0
	var children []any
	if p := n.obj("properties"); p != nil {
		for _, name := range p.keys {
			children = append(children, p.vals[name])
		}
	}
	if it, ok := n.vals["items"]; ok {
		children = append(children, it)
	}
	if vs, ok := n.vals["anyOf"].([]any); ok {
		children = append(children, vs...)
	}
	if a, ok := n.vals["additionalProperties"].(*node); ok {
		children = append(children, a)
	}
	for _, c := range children {
		most = max(most, k.depth(c, following))
	}
	for _, t := range types(n) {
		if t == "object" {
			return most + 1
		}
	}
	return most
}
