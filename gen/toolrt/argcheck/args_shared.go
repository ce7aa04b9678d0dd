package argcheck

import (
	"strings"
	"sync"

	"github.com/agentready/agentready/gen/toolrt/internal/defkey"
	"github.com/agentready/agentready/gen/toolrt/internal/jsonval"
	"github.com/agentready/agentready/gen/toolrt/internal/orderedjson"
	"github.com/agentready/agentready/internal/jsonptr"
)

// Shared lets the checkers of one API's tools share their compiled
// "$defs": the tools of a big API repeat the same definitions in every
// schema (DocuSign's 402 tool schemas hold 800 definitions, 49 of them
// distinct), and a checker built with a Shared neither reads nor compiles
// a definition another one already compiled. A definition is the same
// when its text, the examples placed in it and those of every definition
// it refers to, directly or not, are. The checkers it builds are the
// ones NewCheckerWithExamples builds, warnings included.
//
// A Shared holds what it compiled for as long as it is reachable: keep
// it with the API whose tools it checks. It is safe for concurrent use.
type Shared struct {
	mu sync.Mutex
	// defs are the compiled definitions by closure key (defKeys.key).
	defs map[[32]byte]*sharedDef
	// missed are, by closure key, the example pointers into a
	// definition that named no schema object there.
	missed map[[32]byte][]string
}

// NewShared returns an empty Shared.
func NewShared() *Shared {
	return &Shared{defs: map[[32]byte]*sharedDef{}, missed: map[[32]byte][]string{}}
}

// NewChecker is NewCheckerWithExamples, sharing the definitions s has
// compiled and keeping those it compiles. A nil Shared shares nothing.
func (s *Shared) NewChecker(tool string, schema, example, examples []byte) (*Checker, error) {
	return newChecker(tool, schema, example, examples, s, false)
}

// NewCheckerValid is NewChecker for a schema its caller knows is valid
// JSON because an encoder wrote it (toolschema's check schemas): it is
// read without the pass that checks it is JSON. A schema that is not
// valid JSON may be misread or panic; use NewChecker for any other text.
func (s *Shared) NewCheckerValid(tool string, schema, example, examples []byte) (*Checker, error) {
	return newChecker(tool, schema, example, examples, s, true)
}

// sharedDef is a compiled definition.
type sharedDef struct {
	node *node
	// events are what compiling it wrote, in order: warnings, and the
	// definitions it referred to, which a checker that has not compiled
	// them yet compiles at that point.
	events []defEvent
	// cost bounds how deep compiling it may go below its start,
	// definitions it refers to included: a definition is shared only
	// where maxSchemaDepth cannot cut it short.
	cost int
}

// defEvent is a warning, or a reference to the definition named ref.
type defEvent struct {
	warning, ref string
}

// deferredDef is a definition not read yet: its JSON text.
type deferredDef struct{ raw []byte }

// defsKey is where a schema keeps its definitions.
const defsKey = "$defs"

// decodeDeferring reads a schema as decodeOrdered does, leaving each
// definition under "$defs" unread (*deferredDef).
func decodeDeferring(data []byte) (any, error) {
	return orderedjson.DecodeDeferring(data, func() *object { return &object{vals: map[string]any{}} }, (*object).set,
		defsKey, func(raw []byte) any { return &deferredDef{raw: raw} })
}

// decodeDeferringValid is decodeDeferring for data known to be valid
// JSON (orderedjson.DecodeDeferringValid).
func decodeDeferringValid(data []byte) (any, error) {
	return orderedjson.DecodeDeferringValid(data, func() *object { return &object{vals: map[string]any{}} }, (*object).set,
		defsKey, func(raw []byte) any { return &deferredDef{raw: raw} })
}

// decodeValid reads the JSON text of a value found in a document read
// as valid JSON.
func decodeValid(raw []byte) any {
	v, err := decodeOrdered(raw)
	if err != nil {
		return nil // not expected: the document was valid JSON
	}
	return v
}

// defsOf are the definitions of one schema document being compiled with
// a Shared.
type defsOf struct {
	shared *Shared
	defs   *object
	// raw are the definitions' texts.
	raw map[string][]byte
	// examples are the examples for each definition's nodes, neither
	// read nor placed until it is (ready).
	examples map[string][]placement
	// keys are the definitions' closure keys.
	keys *defkey.Keys
}

// placement is an example for the schema object at ptr: its JSON text.
type placement struct {
	ptr string
	raw []byte
}

// newDefsOf returns the definitions of doc, nil when it has none
// deferred.
func newDefsOf(doc any, s *Shared) *defsOf {
	root, _ := doc.(*object)
	if root == nil {
		return nil
	}
	defs, _ := root.vals[defsKey].(*object)
	if defs == nil {
		return nil
	}
	d := &defsOf{shared: s, defs: defs, raw: map[string][]byte{}, examples: map[string][]placement{}}
	d.keys = defkey.New(d.raw, d.exampleFields)
	for _, name := range defs.keys {
		if r, ok := defs.vals[name].(*deferredDef); ok {
			d.raw[name] = r.raw
		}
	}
	return d
}

// defName returns the definition a JSON pointer (unescaped from a $ref,
// or an example's) is in, and whether it is one of d's.
func (d *defsOf) defName(ptr string) (string, bool) {
	rest, ok := strings.CutPrefix(ptr, "/"+defsKey+"/")
	if !ok || d == nil {
		return "", false
	}
	name, _, _ := strings.Cut(rest, "/")
	name = jsonptr.Unescape(name)
	_, ok = d.raw[name]
	return name, ok
}

// ready reads the definition name, placing its examples, the first time.
// It returns the pointers among its examples that name no schema object.
func (d *defsOf) ready(name string) []string {
	r, ok := d.defs.vals[name].(*deferredDef)
	if !ok {
		return nil
	}
	v := decodeValid(r.raw)
	d.defs.vals[name] = v
	var missed []string
	for _, p := range d.examples[name] {
		if !placeExample(name, v, p.ptr, p.raw) {
			missed = append(missed, jsonval.Quote(p.ptr))
		}
	}
	return missed
}

// placeExample sets the value whose JSON text is raw as the "example" of
// the schema object at ptr, a pointer from the document's root into the
// definition name (read as def), unless it has one; it reports whether
// ptr names a schema object.
func placeExample(name string, def any, ptr string, raw []byte) bool {
	// The pointer is walked as from the root, so that it means what it
	// would in the whole document.
	root := &object{keys: []string{defsKey}, vals: map[string]any{
		defsKey: &object{keys: []string{name}, vals: map[string]any{name: def}},
	}}
	target, found := jsonPointer(root, ptr)
	o, isObject := target.(*object)
	if !found || !isObject {
		return false
	}
	if _, has := o.vals["example"]; !has {
		o.set("example", decodeValid(raw))
	}
	return true
}

// key returns the closure key of the definition name (defkey.Keys.Key):
// ok is false when it cannot be shared, and it is compiled as usual.
func (d *defsOf) key(name string) ([32]byte, bool) { return d.keys.Key(name) }

// exampleFields writes the fields the examples placed in the definition
// name add to its digest: each one's pointer and JSON text, as given
// (equal values written differently only share less).
func (d *defsOf) exampleFields(name string, field func([]byte)) {
	var ptr []byte
	for _, p := range d.examples[name] {
		ptr = append(ptr[:0], p.ptr...)
		field(ptr)
		field(p.raw)
	}
}

// freshDef is a definition being compiled, with what it writes.
type freshDef struct {
	name    string
	key     [32]byte
	start   int
	deepest int
	events  []defEvent
	node    *node
}

// sharedRef compiles the reference to the definition name from a
// schema node at depth, from s when s holds it; ok is false when it
// does not, and the caller compiles it.
func (c *compiler) sharedRef(name string, depth int) (*node, bool) {
	k, ok := c.defs.key(name)
	if !ok {
		return nil, false
	}
	s := c.defs.shared
	s.mu.Lock()
	e := s.defs[k]
	s.mu.Unlock()
	if e == nil || depth+1+e.cost > maxSchemaDepth {
		return nil, false
	}
	c.replay(name, e)
	return e.node, true
}

// replay takes the shared definition e as the compiled definition name,
// writing what compiling it wrote.
func (c *compiler) replay(name string, e *sharedDef) {
	c.memo[defkey.Prefix+name] = e.node
	for _, ev := range e.events {
		if ev.ref == "" {
			c.addWarning(ev.warning)
			continue
		}
		if _, done := c.memo[defkey.Prefix+ev.ref]; done {
			continue
		}
		k, _ := c.defs.key(ev.ref) // in e's closure: known
		s := c.defs.shared
		s.mu.Lock()
		dep := s.defs[k]
		s.mu.Unlock()
		c.replay(ev.ref, dep) // kept only with what it refers to
	}
}

// keep hands the definitions compiled since the outermost one began to
// the Shared, those that may be kept: each with a known closure key,
// not cut short by depth, referring only to definitions kept too.
func (c *compiler) keep() {
	batch := map[string]*freshDef{}
	for _, f := range c.compiled {
		batch[f.name] = f
	}
	if len(batch) == 0 {
		return
	}
	s := c.defs.shared
	s.mu.Lock()
	defer s.mu.Unlock()
	// cost is Σ(own depth + 1) over a definition's closure, or -1 when
	// one of them cannot be kept.
	var cost func(name string, seen map[string]bool) int
	cost = func(name string, seen map[string]bool) int {
		if seen[name] {
			return 0
		}
		seen[name] = true
		f := batch[name]
		if f == nil {
			k, ok := c.defs.key(name)
			if !ok || s.defs[k] == nil {
				return -1
			}
			// Already kept: its cost covers its own closure.
			return s.defs[k].cost
		}
		total := f.deepest - f.start + 1
		for _, ev := range f.events {
			if ev.ref == "" {
				continue
			}
			n := cost(ev.ref, seen)
			if n < 0 {
				return -1
			}
			total += n
		}
		return total
	}
	// All or none: a definition kept refers only to definitions kept.
	costs := make([]int, len(c.compiled))
	for i, f := range c.compiled {
		costs[i] = cost(f.name, map[string]bool{})
		if costs[i] < 0 || f.start+costs[i] > maxSchemaDepth {
			c.compiled = c.compiled[:0]
			return
		}
	}
	for i, f := range c.compiled {
		if s.defs[f.key] == nil {
			s.defs[f.key] = &sharedDef{node: f.node, events: f.events, cost: costs[i]}
		}
	}
	c.compiled = c.compiled[:0]
}
