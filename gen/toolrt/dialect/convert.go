package dialect

import (
	"encoding/json"
	"maps"
	"math/big"
	"strconv"
	"strings"
)

// converter rewrites one schema for one dialect's rules.
type converter struct {
	r    rules
	tool string
	// defs are the original's "$defs"; inlining holds those being
	// written inline (Gemini), to cut a type that contains itself.
	defs     *node
	inlining map[string]bool
	// defMaps are the value maps of the definitions kept under $defs,
	// made before the definitions are converted so that recursive ones
	// can share them.
	defMaps  map[string]*valueMap
	warnings []Warning
	seen     map[Warning]bool
}

// warn records one change, once.
func (c *converter) warn(at, keyword, action string) {
	w := Warning{Tool: c.tool, Pointer: at, Keyword: keyword, Action: action}
	if c.seen == nil {
		c.seen = map[Warning]bool{}
	}
	if c.seen[w] {
		return
	}
	c.seen[w] = true
	c.warnings = append(c.warnings, w)
}

// root converts the root schema, an object, and its definitions.
func (c *converter) root(n *node) (*node, *valueMap) {
	out, vm := c.schema(n, "", true)
	o := out.(*node)
	if c.defs != nil && !c.r.noRefs {
		defs := newNode()
		for _, name := range c.defs.keys {
			d, dvm := c.schema(c.defs.vals[name], pointer("/$defs", name), false)
			defs.set(name, d)
			if m := c.defMaps[name]; m != nil && dvm != nil {
				*m = *dvm
				m.isRef = true
			}
		}
		o.del("$defs")
		o.set("$defs", defs)
	} else {
		o.del("$defs")
	}
	if vm.empty() {
		vm = nil
	}
	return o, vm
}

// schema converts the schema v found at pointer at.
func (c *converter) schema(v any, at string, root bool) (any, *valueMap) {
	n, ok := v.(*node)
	if !ok {
		if b, isBool := v.(bool); isBool && b {
			n = newNode()
		} else {
			return v, nil
		}
	}
	if ref := n.str("$ref"); ref != "" {
		return c.ref(n, ref, at)
	}
	ts := types(n)
	nullable := n.vals["nullable"] == true
	var base []string
	for _, t := range ts {
		if t == "null" {
			nullable = true
		} else {
			base = append(base, t)
		}
	}
	if variants, ok := n.vals["anyOf"].([]any); ok {
		return c.union(n, variants, nullable, at)
	}
	if len(base) > 1 || len(base) == 0 && !n.has("enum") && !n.has("const") && len(ts) == 0 {
		if !c.r.typed {
			return c.copyOpen(n, at), nil
		}
		what := "any JSON value"
		if len(base) > 1 {
			what = "a JSON value of type " + strings.Join(base, " or ")
		}
		c.warn(at, "type", "no single type: asked for as JSON text in a string ("+what+"), decoded back")
		return c.text(n, what, nullable), &valueMap{jsonText: true}
	}
	t := ""
	if len(base) == 1 {
		t = base[0]
	}
	switch t {
	case "object":
		return c.object(n, nullable, at, root)
	case "array":
		return c.array(n, nullable, at)
	}
	if t == "" && len(ts) == 0 {
		t = enumType(n)
	}
	if t == "" && nullable && c.r.singleType {
		// Only null: the dialect has no null type.
		o, notes := c.keywords(n, "string", at, nil)
		c.warn(at, "type", "the dialect has no null type: a nullable string that is always null")
		c.typeAndDesc(o, n.str("description"), "string", true, append(notes, "Always null"))
		return o, nil
	}
	if t == "" && len(ts) > 0 {
		o := clone(n).(*node)
		return o, nil
	}
	o, notes := c.keywords(n, t, at, nil)
	c.finish(o, n, t, nullable, notes, at)
	return o, nil
}

// enumType is the type an enum without one implies: the JSON type all
// its values share, "" when they differ.
func enumType(n *node) string {
	var vals []any
	if e, ok := n.vals["enum"].([]any); ok {
		vals = e
	} else if cv, ok := n.vals["const"]; ok {
		vals = []any{cv}
	}
	t := ""
	for _, v := range vals {
		vt := ""
		switch x := v.(type) {
		case nil:
			continue
		case string:
			vt = "string"
		case bool:
			vt = "boolean"
		case json.Number:
			vt = "number"
			if _, err := x.Int64(); err == nil {
				vt = "integer"
			}
		default:
			return ""
		}
		switch {
		case t == "" || t == vt:
			t = vt
		case t == "integer" && vt == "number" || t == "number" && vt == "integer":
			t = "number"
		default:
			return ""
		}
	}
	return t
}

// handled are the keywords that the kind-specific code writes; "enum"
// too, on scalars.
var handled = set("type", "nullable", "description", "properties", "required", "additionalProperties", "items",
	"anyOf", "$defs", "$ref")

// keywords copies n's other keywords the dialect takes and turns those
// it does not into notes for the description. skip lists keywords the
// caller writes itself.
func (c *converter) keywords(n *node, t, at string, skip map[string]bool) (*node, []string) {
	o := newNode()
	var notes []string
	for _, k := range n.keys {
		if handled[k] || skip[k] || k == "enum" && t != "object" && t != "array" && t != "" {
			continue
		}
		v := n.vals[k]
		switch {
		case k == "format" && c.r.formats != nil && !c.r.formats[t][text2(v)]:
			notes = append(notes, phrase(k, v))
			c.warn(at, k, "format "+text2(v)+" is not among the dialect's formats for "+typeName(t)+": moved into the description")
		case (k == "exclusiveMinimum" || k == "exclusiveMaximum") && c.r.keywords != nil && !c.r.keywords[k] && t == "integer" && c.r.keywords["minimum"]:
			if b, ok := intBound(v, k == "exclusiveMinimum"); ok {
				inclusive := "minimum"
				if k == "exclusiveMaximum" {
					inclusive = "maximum"
				}
				o.set(inclusive, b)
				c.warn(at, k, "rewritten as "+inclusive+" "+string(b)+" (the same integers)")
				continue
			}
			notes = append(notes, phrase(k, v))
			c.warn(at, k, "moved into the description")
		case c.r.keywords != nil && !c.r.keywords[k]:
			if p := phrase(k, v); p != "" {
				notes = append(notes, p)
				c.warn(at, k, "moved into the description")
			} else {
				c.warn(at, k, "removed: it says nothing a model needs")
			}
		default:
			o.set(k, clone(v))
		}
	}
	return o, notes
}

// finish writes a scalar's type, enum, nullability and description.
func (c *converter) finish(o, n *node, t string, nullable bool, notes []string, at string) {
	if enum, ok := n.vals["enum"].([]any); ok {
		var vals []any
		for _, e := range enum {
			if e == nil {
				nullable = true
			} else {
				vals = append(vals, e)
			}
		}
		if c.r.stringEnums && (t != "string" || !allStrings(vals)) {
			notes = append(notes, phrase("enum", vals))
			c.warn(at, "enum", "the dialect takes enums of strings only: moved into the description")
		} else {
			if nullable && !c.r.singleType {
				vals = append(vals, nil)
			}
			o.set("enum", vals)
		}
	}
	c.typeAndDesc(o, n.str("description"), t, nullable, notes)
}

// typeAndDesc puts type (with null) and the description in front of o's
// other keywords.
func (c *converter) typeAndDesc(o *node, desc, t string, nullable bool, notes []string) {
	front := newNode()
	switch {
	case t == "":
	case nullable && c.r.singleType:
		front.set("type", t)
		front.set("nullable", true)
	case nullable:
		front.set("type", []any{t, "null"})
	default:
		front.set("type", t)
	}
	if d := join(desc, notes...); d != "" {
		front.set("description", d)
	}
	for _, k := range o.keys {
		front.set(k, o.vals[k])
	}
	*o = *front
}

// copyOpen copies a schema a dialect without type rules takes as it is,
// converting what is nested in it.
func (c *converter) copyOpen(n *node, at string) *node {
	return clone(n).(*node)
}

// text is the schema of a value asked for as JSON text in a string.
func (c *converter) text(n *node, what string, nullable bool) *node {
	o := newNode()
	c.typeAndDesc(o, n.str("description"), "string", nullable, []string{"Send " + what + " as JSON text"})
	return o
}

// object converts an object schema.
func (c *converter) object(n *node, nullable bool, at string, root bool) (any, *valueMap) {
	props := n.obj("properties")
	addl, hasAddl := n.vals["additionalProperties"]
	closed := hasAddl && addl == false
	if props == nil || len(props.keys) == 0 {
		switch {
		case root || closed && !c.r.propsNeeded:
			o, notes := c.keywords(n, "object", at, nil)
			o.set("properties", newNode())
			if c.r.strict && !closed {
				c.warn(at, "additionalProperties", "closed, as strict mode needs: undeclared keys can no longer be sent")
			}
			if c.r.strict || closed {
				o.set("required", []any{})
				o.set("additionalProperties", false)
			}
			c.typeAndDesc(o, n.str("description"), "object", nullable, notes)
			return o, nil
		case c.r.strict || c.r.propsNeeded:
			what := "a JSON object"
			if closed {
				what = "an empty JSON object, {}"
			} else if an, ok := addl.(*node); ok {
				if ts := types(an); len(ts) > 0 {
					what += " whose values are of type " + strings.Join(ts, " or ")
				}
			}
			c.warn(at, "properties", "an object without declared properties cannot be described: asked for as JSON text in a string ("+what+"), decoded back")
			_, notes := c.keywords(n, "object", at, nil)
			o := c.text(n, what, nullable)
			if d := join(o.str("description"), notes...); d != "" {
				o.set("description", d)
			}
			return o, &valueMap{jsonText: true}
		}
		o, notes := c.keywords(n, "object", at, nil)
		if hasAddl {
			a, _ := c.schema(addl, pointer(at, "additionalProperties"), false)
			o.set("additionalProperties", a)
		}
		c.typeAndDesc(o, n.str("description"), "object", nullable, notes)
		return o, nil
	}
	o, notes := c.keywords(n, "object", at, nil)
	vm := &valueMap{keys: map[string]bool{}}
	required := map[string]bool{}
	var reqOrder []any
	if rs, ok := n.vals["required"].([]any); ok {
		for _, r := range rs {
			if s, ok := r.(string); ok && props.has(s) && !required[s] {
				required[s] = true
				reqOrder = append(reqOrder, s)
			}
		}
	}
	op := newNode()
	for _, name := range props.keys {
		pat := pointer(at, "properties", name)
		ps, pvm := c.schema(props.vals[name], pat, false)
		if c.r.strict && !required[name] {
			ps = c.nullable(ps)
			if vm.absentAsNull == nil {
				vm.absentAsNull = map[string]bool{}
			}
			vm.absentAsNull[name] = true
			c.warn(pat, "optional", "made required and nullable: null stands for leaving it out")
		}
		op.set(name, ps)
		vm.keys[name] = true
		if !pvm.empty() {
			if vm.props == nil {
				vm.props = map[string]*valueMap{}
			}
			vm.props[name] = pvm
		}
	}
	o.set("properties", op)
	if c.r.strict {
		all := make([]any, 0, len(props.keys))
		for _, name := range props.keys {
			all = append(all, name)
		}
		o.set("required", all)
	} else if len(reqOrder) > 0 {
		o.set("required", reqOrder)
	}
	switch {
	case c.r.strict:
		if hasAddl && !closed {
			notes = append(notes, "No other keys")
			c.warn(pointer(at, "additionalProperties"), "additionalProperties", "strict mode closes every object: other keys can no longer be sent")
		} else if !hasAddl {
			c.warn(at, "additionalProperties", "closed, as strict mode needs: undeclared keys can no longer be sent")
		}
		o.set("additionalProperties", false)
	case c.r.keywords != nil && !c.r.keywords["additionalProperties"]:
		if hasAddl {
			if closed {
				notes = append(notes, "No other keys")
			} else {
				notes = append(notes, otherKeys(addl))
			}
			c.warn(pointer(at, "additionalProperties"), "additionalProperties", "not in the dialect: moved into the description")
		}
	case hasAddl:
		a, _ := c.schema(addl, pointer(at, "additionalProperties"), false)
		o.set("additionalProperties", a)
	}
	c.typeAndDesc(o, n.str("description"), "object", nullable, notes)
	// The map is kept even when it changes nothing: a union picks an
	// object variant by its keys.
	return o, vm
}

// otherKeys says what undeclared keys an object takes.
func otherKeys(addl any) string {
	if an, ok := addl.(*node); ok {
		if ts := types(an); len(ts) > 0 {
			return "Other keys allowed, with values of type " + strings.Join(ts, " or ")
		}
	}
	return "Other keys allowed"
}

// array converts an array schema.
func (c *converter) array(n *node, nullable bool, at string) (any, *valueMap) {
	o, notes := c.keywords(n, "array", at, nil)
	var vm *valueMap
	items, ok := n.vals["items"]
	if in, isNode := items.(*node); !ok || isNode && len(in.keys) == 0 || items == true {
		switch {
		case c.r.typed:
			c.warn(pointer(at, "items"), "items", "items of any type: each asked for as JSON text in a string, decoded back")
			o.set("items", c.text(newNode(), "any JSON value", false))
			vm = &valueMap{items: &valueMap{jsonText: true}}
		case c.r.itemsNeeded:
			c.warn(pointer(at, "items"), "items", "added as {} (any value): the dialect needs items")
			o.set("items", newNode())
		case ok:
			o.set("items", clone(items))
		}
	} else {
		is, ivm := c.schema(items, pointer(at, "items"), false)
		o.set("items", is)
		if !ivm.empty() {
			vm = &valueMap{items: ivm}
		}
	}
	c.typeAndDesc(o, n.str("description"), "array", nullable, notes)
	return o, vm
}

// union converts an anyOf.
func (c *converter) union(n *node, variants []any, nullable bool, at string) (any, *valueMap) {
	var vs []any
	vm := &valueMap{}
	for i, v := range variants {
		if vn, ok := v.(*node); ok && len(vn.keys) == 1 && vn.str("type") == "null" {
			nullable = true
			continue
		}
		cv, cvm := c.schema(v, pointer(at, "anyOf", strconv.Itoa(i)), false)
		vs = append(vs, cv)
		vm.variants = append(vm.variants, cvm)
		vm.kinds = append(vm.kinds, kindOf(cv, cvm))
	}
	o, notes := c.keywords(n, "", at, nil)
	desc := join(n.str("description"), notes...)
	if c.r.unionAlone {
		if len(o.keys) > 0 || desc != "" {
			c.warn(at, "anyOf", "the dialect takes nothing beside anyOf: the description goes to each variant")
		}
		if len(vs) == 1 {
			v := vs[0]
			if vn, ok := v.(*node); ok {
				c.describe(vn, desc, nullable)
			}
			return v, only(vm)
		}
		for _, v := range vs {
			if vn, ok := v.(*node); ok {
				c.describe(vn, desc, nullable)
			}
		}
		out := newNode()
		out.set("anyOf", vs)
		return out, only(vm)
	}
	if nullable {
		vs = append(vs, typeNull())
	}
	o.set("anyOf", vs)
	c.typeAndDesc(o, desc, "", false, nil)
	return o, only(vm)
}

// only returns a union's value map, nil when no variant changes anything.
func only(vm *valueMap) *valueMap {
	for _, v := range vm.variants {
		if !v.empty() {
			return vm
		}
	}
	return nil
}

// kindOf says what a converted union variant takes, for valueMap.variant.
func kindOf(v any, vm *valueMap) string {
	if vm != nil && vm.jsonText {
		return "text"
	}
	n, ok := v.(*node)
	if !ok {
		return ""
	}
	for _, t := range types(n) {
		switch t {
		case "object", "array", "string":
			return t
		}
	}
	return ""
}

// describe prepends desc to a converted schema's description and makes
// it nullable (Gemini's unions, which take nothing beside anyOf).
func (c *converter) describe(n *node, desc string, nullable bool) {
	if variants, ok := n.vals["anyOf"].([]any); ok {
		for _, v := range variants {
			if vn, ok := v.(*node); ok {
				c.describe(vn, desc, nullable)
			}
		}
		return
	}
	if desc != "" {
		n.set("description", join(desc, n.str("description")))
	}
	if nullable && n.has("type") {
		n.set("nullable", true)
	}
}

// ref converts a use of a definition.
func (c *converter) ref(n *node, ref, at string) (any, *valueMap) {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	var def *node
	if ok && c.defs != nil {
		def = c.defs.obj(name)
	}
	if def == nil {
		if !c.r.typed {
			return clone(n), nil
		}
		c.warn(at, "$ref", "reference "+ref+" does not resolve: asked for as JSON text in a string")
		return c.text(n, "a JSON value", false), &valueMap{jsonText: true}
	}
	desc := n.str("description")
	if c.r.noRefs {
		if c.inlining[name] {
			c.warn(at, "$ref", name+" contains itself and the dialect has no references: from here it is asked for as JSON text in a string, decoded back")
			what := "a JSON object of type " + name + " (its fields are shown above)"
			return c.text(n, what, false), &valueMap{jsonText: true}
		}
		c.warn(at, "$ref", "the dialect has no references: "+name+" written inline")
		c.inlining[name] = true
		use := def
		if desc != "" {
			// The use's own text replaces the type's.
			use = &node{keys: def.keys, vals: maps.Clone(def.vals)}
			if !use.has("description") {
				use.keys = append(append([]string(nil), def.keys...), "description")
			}
			use.vals["description"] = desc
		}
		out, vm := c.schema(use, pointer("/$defs", name), false)
		delete(c.inlining, name)
		return out, vm
	}
	vm := c.defMap(name)
	o, notes := c.keywords(n, "", at, set("$ref"))
	if d := join(desc, notes...); d != "" || len(o.keys) > 0 {
		if c.r.strict {
			// Strict mode takes nothing beside $ref: the description
			// goes on a one-variant union around it.
			u := newNode()
			if d != "" {
				u.set("description", d)
			}
			ref := newNode()
			ref.set("$ref", n.vals["$ref"])
			u.set("anyOf", []any{ref})
			return u, vm
		}
		out := newNode()
		out.set("$ref", n.vals["$ref"])
		if d != "" {
			out.set("description", d)
		}
		for _, k := range o.keys {
			out.set(k, o.vals[k])
		}
		return out, vm
	}
	out := newNode()
	out.set("$ref", n.vals["$ref"])
	return out, vm
}

// defMap returns the value map shared by the uses of a definition kept
// under $defs.
func (c *converter) defMap(name string) *valueMap {
	if c.defMaps == nil {
		c.defMaps = map[string]*valueMap{}
	}
	m := c.defMaps[name]
	if m == nil {
		m = &valueMap{isRef: true}
		c.defMaps[name] = m
	}
	return m
}

// nullable makes a converted schema also take null (strict mode's
// optional properties).
func (c *converter) nullable(v any) any {
	n, ok := v.(*node)
	if !ok {
		return v
	}
	if n.has("$ref") {
		u := newNode()
		u.set("anyOf", []any{n, typeNull()})
		return u
	}
	if variants, ok := n.vals["anyOf"].([]any); ok {
		for _, e := range variants {
			if en, ok := e.(*node); ok && en.str("type") == "null" {
				return n
			}
		}
		n.set("anyOf", append(variants, typeNull()))
		return n
	}
	switch t := n.vals["type"].(type) {
	case string:
		if t != "null" {
			n.set("type", []any{t, "null"})
		}
	case []any:
		has := false
		for _, e := range t {
			has = has || e == "null"
		}
		if !has {
			n.set("type", append(t, "null"))
		}
	}
	if enum, ok := n.vals["enum"].([]any); ok {
		has := false
		for _, e := range enum {
			has = has || e == nil
		}
		if !has {
			n.set("enum", append(enum, nil))
		}
	}
	if cv, ok := n.vals["const"]; ok {
		n.del("const")
		n.set("enum", []any{cv, nil})
	}
	return n
}

func typeNull() *node {
	n := newNode()
	n.set("type", "null")
	return n
}

// intBound turns an exclusive integer bound into the inclusive one.
func intBound(v any, lower bool) (json.Number, bool) {
	num, ok := v.(json.Number)
	if !ok {
		return "", false
	}
	r, ok := new(big.Rat).SetString(string(num))
	if !ok {
		return "", false
	}
	f := new(big.Int).Quo(r.Num(), r.Denom()) // truncated toward zero
	fr := new(big.Rat).SetInt(f)
	switch {
	case lower && fr.Cmp(r) <= 0:
		f.Add(f, big.NewInt(1))
	case !lower && fr.Cmp(r) >= 0:
		f.Sub(f, big.NewInt(1))
	}
	return json.Number(f.String()), true
}

func allStrings(vs []any) bool {
	for _, v := range vs {
		if _, ok := v.(string); !ok {
			return false
		}
	}
	return true
}

func typeName(t string) string {
	if t == "" {
		return "values"
	}
	return t + "s"
}

// text2 is a keyword's value as plain text.
func text2(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return string(encode(v))
}
