// Package orderedjson reads a JSON document with its objects' keys in the
// order written, which JSON Schemas need: property order is the order a
// model reads a tool's arguments in. The caller says how an object is
// held, so the runtime's schema compiler and the dialect converter each
// keep their own object type over one decoder.
package orderedjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// maxDepth bounds nesting, so that a hostile document cannot exhaust the
// stack.
const maxDepth = 10000

// Decode reads one JSON document: numbers as json.Number, arrays as
// []any, and each object as what newObject returns, filled by set in the
// order the keys are written (a repeated key's later value wins, at its
// first place, as set decides).
func Decode[O any](data []byte, newObject func() O, set func(O, string, any)) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	d := decoder[O]{dec: dec, newObject: newObject, set: set}
	v, err := d.value(tok, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("extra text after the JSON value")
	}
	return v, nil
}

type decoder[O any] struct {
	dec       *json.Decoder
	newObject func() O
	set       func(O, string, any)
}

func (d decoder[O]) value(tok json.Token, depth int) (any, error) {
	if depth > maxDepth {
		return nil, errors.New("nested too deeply")
	}
	delim, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	if delim == '[' {
		out := []any{}
		for d.dec.More() {
			t, err := d.dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := d.value(t, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		_, err := d.dec.Token()
		return out, err
	}
	obj := d.newObject()
	for d.dec.More() {
		kt, err := d.dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := kt.(string)
		t, err := d.dec.Token()
		if err != nil {
			return nil, err
		}
		v, err := d.value(t, depth+1)
		if err != nil {
			return nil, err
		}
		d.set(obj, key, v)
	}
	_, err := d.dec.Token()
	return obj, err
}
