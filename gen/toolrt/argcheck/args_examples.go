package argcheck

import (
	"errors"
	"sort"
)

// placeExamples writes examples (a JSON object from JSON pointers into
// doc to values; see NewCheckerWithExamples) into doc as each pointed-at
// schema object's "example", unless it has one. It returns the pointers,
// sorted, that name no schema object.
func placeExamples(doc any, examples []byte) ([]string, error) {
	v, err := decodeOrdered(examples)
	if err != nil {
		return nil, err
	}
	byPointer, ok := v.(*object)
	if !ok {
		return nil, errors.New("not a JSON object from JSON pointers to values")
	}
	var missed []string
	for _, ptr := range byPointer.keys {
		target, found := jsonPointer(doc, ptr)
		o, isObject := target.(*object)
		if !found || !isObject {
			missed = append(missed, quoteJSON(ptr))
			continue
		}
		if _, has := o.vals["example"]; !has {
			o.set("example", byPointer.vals[ptr])
		}
	}
	sort.Strings(missed)
	return missed, nil
}
