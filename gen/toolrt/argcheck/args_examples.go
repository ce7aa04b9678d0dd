package argcheck

import (
	"errors"
	"slices"

	"github.com/agentready/agentready/gen/toolrt/internal/jsonval"
	"github.com/agentready/agentready/gen/toolrt/internal/orderedjson"
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
	// The values are read only where they are placed: most are in
	// definitions another checker of the Shared already compiled.
	var given []placement
	isObject, err := orderedjson.EachMember(examples, func(ptr string, raw []byte) {
		given = append(given, placement{ptr, raw})
	})
	if err != nil {
		return nil, err
	}
	if !isObject {
		return nil, errors.New("not a JSON object from JSON pointers to values")
	}
	var missed []string
	var inDefs []string
	// Last first: of a pointer given twice, the later value is placed
	// and the earlier finds an example there.
	for _, p := range slices.Backward(given) {
		if name, ok := defs.defName(p.ptr); ok {
			if _, deferred := defs.defs.vals[name].(*deferredDef); deferred {
				if len(defs.examples[name]) == 0 {
					inDefs = append(inDefs, name)
				}
				defs.examples[name] = append(defs.examples[name], p)
				continue
			}
		}
		target, found := jsonPointer(doc, p.ptr)
		o, isObject := target.(*object)
		if !found || !isObject {
			missed = append(missed, jsonval.Quote(p.ptr))
			continue
		}
		if _, has := o.vals["example"]; !has {
			o.set("example", decodeValid(p.raw))
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
	slices.Sort(missed)
	return slices.Compact(missed), nil
}
