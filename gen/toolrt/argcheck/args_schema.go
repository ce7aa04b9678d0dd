package argcheck

import (
	"encoding/json"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/dlclark/regexp2"

	"github.com/agentready/agentready/gen/toolrt/internal/defkey"
	"github.com/agentready/agentready/gen/toolrt/internal/jsonval"
	"github.com/agentready/agentready/gen/toolrt/internal/orderedjson"
	"github.com/agentready/agentready/internal/jsonptr"
)

// object is a JSON object from a schema, with its keys in the order
// written: property order is the order parameters are listed to a model.
type object struct {
	keys []string
	vals map[string]any
}

// decodeOrdered reads one JSON document, objects as *object and numbers
// as json.Number.
func decodeOrdered(data []byte) (any, error) {
	return orderedjson.Decode(data, func() *object { return &object{vals: map[string]any{}} }, (*object).set)
}

// set replaces k's value, or appends k when it is new.
func (o *object) set(k string, v any) {
	if _, dup := o.vals[k]; !dup {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// kind is the JSON type of a value; integer is a number written
// without fraction or exponent.
type kind uint8

const (
	akNull kind = iota
	akBool
	akInt
	akNum
	akStr
	akArr
	akObj
)

var kindNames = [...]string{"null", "boolean", "integer", "number", "string", "array", "object"}

var kindWords = [...]string{"null", "a boolean", "a number", "a number", "a string", "an array", "an object"}

func kindByName(s string) (kind, bool) {
	for i, n := range kindNames {
		if n == s {
			return kind(i), true
		}
	}
	return 0, false
}

// kindOf returns the JSON type of a decoded value.
func kindOf(v any) kind {
	switch x := v.(type) {
	case nil:
		return akNull
	case bool:
		return akBool
	case json.Number:
		if jsonval.IsIntLiteral(string(x)) {
			return akInt
		}
		return akNum
	case float64:
		return akNum
	case int, int64:
		return akInt
	case string:
		return akStr
	case []any:
		return akArr
	}
	return akObj
}

// addlMode is what a schema says about properties it does not declare.
type addlMode uint8

const (
	addlAbsent addlMode = iota
	addlTrue
	addlFalse
	addlSchema
)

// bound is a minimum or maximum.
type bound struct {
	v    float64
	lit  string
	excl bool
}

// pattern is a compiled pattern: Go's regexp when the pattern means the
// same there, else regexp2 in ECMAScript mode.
type pattern struct {
	src string
	re  *regexp.Regexp
	re2 *regexp2.Regexp
}

// match reports whether s matches; ok is false when the match could not
// be decided (regexp2 timed out), which Check treats as a match.
func (p *pattern) match(s string) (matched, ok bool) {
	if p.re != nil {
		return p.re.MatchString(s), true
	}
	m, err := p.re2.MatchString(s)
	return m, err == nil
}

type patProp struct {
	pat  *pattern
	node *node
}

// node is one compiled schema. The zero value accepts anything.
type node struct {
	never    bool // the false schema
	types    []kind
	mask     uint8
	nullable bool

	enum    []any
	isConst bool

	ref    *node
	allOf  []*node
	unions [][]*node // each anyOf / oneOf list: one member must hold
	not    *node
	ifS    *node
	thenS  *node
	elseS  *node

	hasProps   bool
	props      map[string]*node
	propOrder  []string
	propIndex  map[string]int
	required   []string
	addl       addlMode
	addlNode   *node
	patProps   []patProp
	minProps   int
	maxProps   int
	depRequire map[string][]string

	items    *node
	prefix   []*node
	minItems int
	maxItems int
	unique   bool

	min, max   *bound
	multipleOf float64
	multLit    string

	minLen, maxLen int
	pattern        *pattern
	format         string

	example    any
	hasExample bool
}

func (n *node) allows(k kind) bool {
	return n.mask&(1<<k) != 0 || (k == akInt && n.mask&(1<<akNum) != 0)
}

func (n *node) isRequired(name string) bool {
	for _, r := range n.required {
		if r == name {
			return true
		}
	}
	return false
}

// compiler turns a schema document into nodes; $refs are compiled
// once each, so recursive schemas make cyclic graphs.
type compiler struct {
	doc      any
	memo     map[string]*node
	warnings []string
	// defs are the document's definitions when they are shared with
	// other checkers (Shared); nil otherwise.
	defs *defsOf
	// compiling are the shared definitions being compiled, innermost
	// last; compiled those done since the outermost began (keep).
	compiling, compiled []*freshDef
}

const maxSchemaDepth = 200

func (c *compiler) warn(ptr, msg string) {
	w := ptr + ": " + msg
	if n := len(c.compiling); n > 0 {
		f := c.compiling[n-1]
		f.events = append(f.events, defEvent{warning: w})
	}
	c.addWarning(w)
}

// addWarning lists w, up to 50 warnings.
func (c *compiler) addWarning(w string) {
	if len(c.warnings) < 50 {
		c.warnings = append(c.warnings, w)
	}
}

func (c *compiler) compileRoot() *node {
	n := newNode()
	c.memo["#"] = n
	c.compileInto(n, c.doc, "#", 0)
	return n
}

func newNode() *node {
	return &node{minProps: -1, maxProps: -1, minItems: -1, maxItems: -1, minLen: -1, maxLen: -1}
}

func (c *compiler) compile(v any, ptr string, depth int) *node {
	n := newNode()
	c.compileInto(n, v, ptr, depth)
	return n
}

func (c *compiler) resolve(ref, ptr string, depth int) *node {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		c.warn(ptr, "$ref "+strconv.Quote(ref)+" is outside this schema; not checked")
		return newNode()
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	key := "#" + strings.TrimSuffix(frag, "/")
	name, isDef := c.defs.defName(frag)
	shared := false
	if c.defs != nil {
		if n := len(c.compiling); n > 0 {
			// Only a plain reference to a definition is in a shared
			// definition (defkey.Refs).
			f := c.compiling[n-1]
			f.events = append(f.events, defEvent{ref: name})
		}
		if isDef && key == defkey.Prefix+name {
			_, shared = c.defs.key(name)
		}
	}
	if n, ok := c.memo[key]; ok {
		return n
	}
	if shared {
		if n, ok := c.sharedRef(name, depth); ok {
			return n
		}
	}
	if c.defs != nil {
		// Read what the pointer reaches; its examples' misses were
		// listed with the others.
		if isDef {
			_ = c.defs.ready(name)
		} else if strings.TrimSuffix(frag, "/") == "/"+defsKey {
			for _, n := range c.defs.defs.keys {
				_ = c.defs.ready(n)
			}
		}
	}
	if shared {
		k, _ := c.defs.key(name)
		f := &freshDef{name: name, key: k, start: depth + 1, deepest: depth + 1, node: newNode()}
		c.compiling = append(c.compiling, f)
		c.memo[key] = f.node
		target, _ := jsonPointer(c.doc, frag)
		c.compileInto(f.node, target, key, depth+1)
		c.compiling = c.compiling[:len(c.compiling)-1]
		c.compiled = append(c.compiled, f)
		if len(c.compiling) == 0 {
			c.keep()
		}
		return f.node
	}
	target, ok := jsonPointer(c.doc, frag)
	if !ok {
		c.warn(ptr, "$ref "+strconv.Quote(ref)+" does not resolve; not checked")
		return newNode()
	}
	n := newNode()
	c.memo[key] = n
	c.compileInto(n, target, key, depth+1)
	return n
}

// jsonPointer finds the value at an RFC 6901 pointer ("" is the document).
func jsonPointer(doc any, ptr string) (any, bool) {
	if ptr == "" || ptr == "/" {
		return doc, true
	}
	if ptr[0] != '/' {
		return nil, false
	}
	cur := doc
	for rest, more := ptr[1:], true; more; {
		var tok string
		tok, rest, more = strings.Cut(rest, "/")
		tok = jsonptr.Unescape(tok)
		switch x := cur.(type) {
		case *object:
			v, ok := x.vals[tok]
			if !ok {
				return nil, false
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil, false
			}
			cur = x[i]
		default:
			return nil, false
		}
	}
	return cur, true
}

func (c *compiler) compileInto(n *node, v any, ptr string, depth int) {
	if k := len(c.compiling); k > 0 && depth > c.compiling[k-1].deepest {
		c.compiling[k-1].deepest = depth
	}
	if depth > maxSchemaDepth {
		c.warn(ptr, "schema nested too deeply; not checked")
		return
	}
	switch x := v.(type) {
	case bool:
		n.never = !x
		return
	case *object:
		c.compileObject(n, x, ptr, depth)
	default:
		c.warn(ptr, "not a schema; not checked")
	}
}

func (c *compiler) compileObject(n *node, o *object, ptr string, depth int) {
	sub := func(key string, v any) *node { return c.compile(v, ptr+"/"+key, depth+1) }
	list := func(key string) []*node {
		a, _ := o.vals[key].([]any)
		var out []*node
		for i, v := range a {
			out = append(out, c.compile(v, ptr+"/"+key+"/"+strconv.Itoa(i), depth+1))
		}
		return out
	}
	for _, key := range o.keys {
		v := o.vals[key]
		switch key {
		case "$ref":
			if s, ok := v.(string); ok {
				n.ref = c.resolve(s, ptr, depth)
			}
		case "type":
			switch t := v.(type) {
			case string:
				c.addType(n, t, ptr)
			case []any:
				for _, e := range t {
					if s, ok := e.(string); ok {
						c.addType(n, s, ptr)
					}
				}
			}
		case "nullable", "x-nullable":
			if b, _ := v.(bool); b {
				n.nullable = true
			}
		case "enum":
			if a, ok := v.([]any); ok {
				n.enum = a
				if n.enum == nil {
					n.enum = []any{}
				}
			}
		case "const":
			n.enum, n.isConst = []any{v}, true
		case "allOf":
			n.allOf = append(n.allOf, list(key)...)
		case "anyOf", "oneOf":
			if l := list(key); len(l) > 0 {
				n.unions = append(n.unions, l)
			}
		case "not":
			n.not = sub(key, v)
		case "if":
			n.ifS = sub(key, v)
		case "then":
			n.thenS = sub(key, v)
		case "else":
			n.elseS = sub(key, v)
		case "properties":
			if po, ok := v.(*object); ok {
				n.hasProps = true
				n.props = make(map[string]*node, len(po.keys))
				n.propIndex = make(map[string]int, len(po.keys))
				for i, name := range po.keys {
					n.propIndex[name] = i
					n.props[name] = c.compile(po.vals[name], ptr+"/properties/"+jsonptr.Escape(name), depth+1)
					n.propOrder = append(n.propOrder, name)
				}
			}
		case "required":
			if a, ok := v.([]any); ok {
				for _, e := range a {
					if s, ok := e.(string); ok && !n.isRequired(s) {
						n.required = append(n.required, s)
					}
				}
			}
		case "additionalProperties":
			switch x := v.(type) {
			case bool:
				n.addl = map[bool]addlMode{true: addlTrue, false: addlFalse}[x]
			case *object:
				n.addl, n.addlNode = addlSchema, sub(key, v)
			}
		case "patternProperties":
			if po, ok := v.(*object); ok {
				for _, src := range po.keys {
					p := c.pattern(src, ptr+"/patternProperties")
					if p == nil {
						continue
					}
					n.patProps = append(n.patProps, patProp{p,
						c.compile(po.vals[src], ptr+"/patternProperties/"+jsonptr.Escape(src), depth+1)})
				}
			}
		case "minProperties":
			n.minProps = schemaInt(v, -1)
		case "maxProperties":
			n.maxProps = schemaInt(v, -1)
		case "dependentRequired":
			if po, ok := v.(*object); ok {
				n.depRequire = map[string][]string{}
				for _, k := range po.keys {
					a, _ := po.vals[k].([]any)
					for _, e := range a {
						if s, ok := e.(string); ok {
							n.depRequire[k] = append(n.depRequire[k], s)
						}
					}
				}
			}
		case "items":
			if _, isList := v.([]any); isList {
				n.prefix = list(key)
			} else {
				n.items = sub(key, v)
			}
		case "prefixItems":
			n.prefix = list(key)
		case "additionalItems":
			if _, isList := o.vals["items"].([]any); isList {
				n.items = sub(key, v)
			}
		case "minItems":
			n.minItems = schemaInt(v, -1)
		case "maxItems":
			n.maxItems = schemaInt(v, -1)
		case "uniqueItems":
			n.unique, _ = v.(bool)
		case "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum":
			c.bound(n, o, key, v)
		case "multipleOf":
			if f, lit, ok := schemaNum(v); ok && f > 0 && !math.IsInf(f, 0) {
				n.multipleOf, n.multLit = f, lit
			}
		case "minLength":
			n.minLen = schemaInt(v, -1)
		case "maxLength":
			n.maxLen = schemaInt(v, -1)
		case "pattern":
			if s, ok := v.(string); ok {
				n.pattern = c.pattern(s, ptr+"/pattern")
			}
		case "format":
			n.format, _ = v.(string)
		case "example":
			if !n.hasExample {
				n.example, n.hasExample = v, true
			}
		case "examples":
			if a, ok := v.([]any); ok && len(a) > 0 {
				n.example, n.hasExample = a[0], true
			}
		}
	}
	if n.nullable && len(n.types) > 0 {
		n.mask |= 1 << akNull
	}
	if d, ok := o.vals["default"]; ok && !n.hasExample {
		n.example, n.hasExample = d, true
	}
}

func (c *compiler) addType(n *node, name, ptr string) {
	k, ok := kindByName(name)
	if !ok {
		c.warn(ptr, "unknown type "+strconv.Quote(name)+"; ignored")
		return
	}
	if n.mask&(1<<k) == 0 {
		n.types = append(n.types, k)
		n.mask |= 1 << k
	}
}

// bound reads minimum/maximum and both forms of exclusive bounds: the
// 2020-12 number and the OpenAPI 3.0 boolean beside minimum/maximum.
func (c *compiler) bound(n *node, o *object, key string, v any) {
	f, lit, ok := schemaNum(v)
	switch key {
	case "minimum", "maximum":
		if !ok {
			return
		}
		ex, _ := o.vals["exclusive"+strings.ToUpper(key[:1])+key[1:]].(bool)
		b := &bound{v: f, lit: lit, excl: ex}
		if key == "minimum" {
			n.min = tighter(n.min, b, true)
		} else {
			n.max = tighter(n.max, b, false)
		}
	case "exclusiveMinimum":
		if ok {
			n.min = tighter(n.min, &bound{v: f, lit: lit, excl: true}, true)
		}
	case "exclusiveMaximum":
		if ok {
			n.max = tighter(n.max, &bound{v: f, lit: lit, excl: true}, false)
		}
	}
}

// tighter returns the stricter of two lower (or upper) bounds.
func tighter(old, b *bound, lower bool) *bound {
	if old == nil {
		return b
	}
	if old.v == b.v {
		if b.excl {
			return b
		}
		return old
	}
	if (b.v > old.v) == lower {
		return b
	}
	return old
}

func schemaNum(v any) (float64, string, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, "", false
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil && !math.IsInf(f, 0) {
		return 0, "", false
	}
	return f, string(n), true
}

func schemaInt(v any, def int) int {
	f, _, ok := schemaNum(v)
	if !ok || f < 0 {
		return def
	}
	if f > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(f)
}

// pattern compiles an ECMA-262 pattern: with Go's regexp when it compiles
// there (linear time), else with regexp2 in ECMAScript mode (lookaround,
// \u escapes), bounded by a match timeout. A pattern neither compiles is
// skipped with a warning.
func (c *compiler) pattern(src, ptr string) *pattern {
	if re, err := regexp.Compile(src); err == nil {
		return &pattern{src: src, re: re}
	}
	re2, err := regexp2.Compile(src, regexp2.ECMAScript)
	if err != nil {
		c.warn(ptr, "pattern "+strconv.Quote(src)+" does not compile ("+err.Error()+"); not checked")
		return nil
	}
	re2.MatchTimeout = 50 * time.Millisecond
	return &pattern{src: src, re2: re2}
}
