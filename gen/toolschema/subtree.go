package toolschema

import (
	"bytes"
	"reflect"
	"unsafe"

	"github.com/agentready/agentready/gen/ir"
)

// A check schema (Options.ForChecking) writes a named object type the
// same way wherever it is inlined: no text is written, and neither the
// depth nor whether the place is optional changes a byte. So the Memo
// keeps each such subtree once it is written, and later builds copy it:
// Microsoft Graph beta's 1,093 tools whose definition is cut each carry
// a full check schema, mostly the same few hundred bodies over again.

// subtreeKey is what a named object type's check subtree depends on:
// the type's schema, the use's own keywords that are written there, and
// which types the tool writes under $defs (the set defsFor returned, by
// identity: the Memo returns one map per set).
type subtreeKey struct {
	s                    *ir.Schema
	shared               unsafe.Pointer
	nullable, deprecated bool
}

// subtree is a recorded check subtree: its JSON, the examples written in
// it (pointers relative to its own), and the uses of $defs types it
// makes, in order.
type subtree struct {
	json     []byte
	examples []pointedExample
	defs     []defUse
}

// defUse is a use of a type under $defs: at is its depth (counting from
// the recorded subtree's, once recorded) and optional whether the place
// is optional within the subtree.
type defUse struct {
	id       string
	at       int
	optional bool
}

// useDef records a use of the $defs type id at depth at (Options.
// OptionalLevels' depth, which counts from the shallowest use of a
// type in $defs), optional within the subtree being recorded if any.
func (b *builder) useDef(id string, at int, optional bool) {
	if b.recording > 0 {
		b.defLog = append(b.defLog, defUse{id, at, optional})
	}
	optional = optional || b.optBase
	if b.defUsed == nil {
		b.defUsed = map[string]bool{}
	}
	if !b.defUsed[id] {
		b.defUsed[id] = true
		b.defs = append(b.defs, id)
		if b.defReq == nil {
			b.defReq, b.defDepth = map[string]bool{}, map[string]int{}
		}
		b.defReq[id], b.defDepth[id] = b.seedReq[id], at
		if d, ok := b.seedDepth[id]; ok {
			b.defDepth[id] = d
		}
	}
	b.defReq[id] = b.defReq[id] || !optional
	b.defDepth[id] = min(b.defDepth[id], at)
}

// subtreeKey returns the key of inlining s, a named type's schema, at
// use, and whether its subtree can be kept: only in check schemas built
// with the API's Memo and none of the options that make the bytes depend
// on the place (depth or optional), and only for objects (whose bytes
// do not depend on the name or example of the use either) without a
// default at the use.
func (b *builder) subtreeKey(use, s *ir.Schema) (subtreeKey, bool) {
	o := b.opts
	if b.naive || !o.ForChecking || o.Memo == nil || o.Memo.api != b.api || o.StopAfter > 0 || o.Probe > 0 || o.OptionalLevels > 0 ||
		o.MaxDepth > 0 || o.NoOptionalEnums || s.Kind != ir.KindObject || use.Default != nil {
		return subtreeKey{}, false
	}
	return subtreeKey{s, reflect.ValueOf(b.shared).UnsafePointer(), use.Nullable, use.Deprecated}, true
}

// inlineType is inline for s, the schema of a named type: a check
// subtree the Memo holds is copied, and one it does not is written and
// kept.
func (b *builder) inlineType(use, s *ir.Schema, desc, name string, depth int) {
	key, ok := b.subtreeKey(use, s)
	if !ok {
		b.inline(use, s, desc, name, depth)
		return
	}
	if v, ok := b.opts.Memo.subtrees.Load(key); ok {
		b.replay(v.(*subtree), depth)
		return
	}
	// The subtree is written as a value whose separator is already
	// written: inline's own begin then writes none. A build that keeps
	// no bytes (CheckingExamples) writes it all the same, to keep it,
	// and drops it after.
	w := &b.w
	w.begin()
	w.afterKey = true
	discard := w.b.discard
	w.b.discard = false
	start, examples, logged, at := w.b.Len(), len(b.examples), len(b.defLog), len(b.at)
	optBase, optional := b.optBase, b.optional
	b.optBase, b.optional = optBase || optional, false
	b.recording++
	b.inline(use, s, desc, name, depth)
	b.recording--
	b.optBase, b.optional = optBase, optional
	t := &subtree{json: bytes.Clone(w.b.Bytes()[start:])}
	if discard {
		w.b.Truncate(start)
		w.b.discard = true
	}
	for _, e := range b.examples[examples:] {
		t.examples = append(t.examples, pointedExample{at: e.pointer()[at:], v: e.v})
	}
	base := depth + b.defBase
	for _, u := range b.defLog[logged:] {
		t.defs = append(t.defs, defUse{u.id, u.at - base, u.optional})
	}
	if b.recording > 0 {
		// The enclosing subtree records these uses too, optional within
		// it where this one was.
		for i := logged; i < len(b.defLog); i++ {
			b.defLog[i].optional = b.defLog[i].optional || optional
		}
	} else {
		b.defLog = b.defLog[:logged]
	}
	b.opts.Memo.subtrees.LoadOrStore(key, t)
}

// replay writes a kept subtree at depth as inline would have written it,
// with its examples and its uses of $defs types.
func (b *builder) replay(t *subtree, depth int) {
	b.itemNext, b.argExample = false, nil
	w := &b.w
	w.begin()
	w.b.Write(t.json)
	prefix := string(b.at)
	for _, e := range t.examples {
		b.examples = append(b.examples, pointedExample{prefix, e.at, e.v})
	}
	base := depth + b.defBase
	for _, u := range t.defs {
		b.useDef(u.id, base+u.at, b.optional || u.optional)
	}
}
