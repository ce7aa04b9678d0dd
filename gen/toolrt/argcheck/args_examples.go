package argcheck

import (
	"errors"
	"sort"

	"github.com/agentready/agentready/gen/toolrt/internal/jsonval"
)

// placeExamples writes examples (a JSON object from JSON pointers into
// doc to values; see NewCheckerWithExamples) into doc as each pointed-at
// schema object's "example", unless it has one. It returns the pointers,
// sorted, that name no schema object.
//
// With defs, the examples of a definition not read yet are kept for when
// it is (defsOf.ready), and its misses are those the Shared recorded
// when it read the definition last, or it is read now.
func placeExamples(doc any, examples []byte, defs *defsOf) ([]string, error) {
	v, err := decodeOrdered(examples)
	if err != nil {
		return nil, err
	}
	byPointer, ok := v.(*object)
	if !ok {
		return nil, errors.New("not a JSON object from JSON pointers to values")
	}
	var missed []string
	var inDefs []string
	for _, ptr := range byPointer.keys {
		if name, ok := defs.defName(ptr); ok {
			if _, deferred := defs.defs.vals[name].(*deferredDef); deferred {
				if len(defs.examples[name]) == 0 {
					inDefs = append(inDefs, name)
				}
				defs.examples[name] = append(defs.examples[name], placement{ptr, byPointer.vals[ptr]})
				continue
			}
		}
		target, found := jsonPointer(doc, ptr)
		o, isObject := target.(*object)
		if !found || !isObject {
			missed = append(missed, jsonval.Quote(ptr))
			continue
		}
		if _, has := o.vals["example"]; !has {
			o.set("example", byPointer.vals[ptr])
		}
	}
	for _, name := range inDefs {
		k, shared := defs.key(name)
		if shared {
			defs.shared.mu.Lock()
			m, known := defs.shared.missed[k]
			defs.shared.mu.Unlock()
			if known {
				missed = append(missed, m...)
				continue
			}
		}
		m := defs.ready(name)
		missed = append(missed, m...)
		if shared {
			defs.shared.mu.Lock()
			defs.shared.missed[k] = m
			defs.shared.mu.Unlock()
		}
	}
	sort.Strings(missed)
	return missed, nil
}
