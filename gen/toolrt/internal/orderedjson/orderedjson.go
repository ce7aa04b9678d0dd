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
	"strings"
	"unicode/utf8"
)

// maxDepth bounds nesting, so that a hostile document cannot exhaust the
// stack.
const maxDepth = 10000

// Decode reads one JSON document: numbers as json.Number, arrays as
// []any, and each object as what newObject returns, filled by set in the
// order the keys are written (a repeated key's later value wins, at its
// first place, as set decides).
//
// A valid document is read by a scanner of its own, several times faster
// than encoding/json's tokens (schemas of big APIs run to megabytes, one
// per tool); an invalid one goes through encoding/json, whose error says
// what is wrong and where.
func Decode[O any](data []byte, newObject func() O, set func(O, string, any)) (any, error) {
	if json.Valid(data) {
		f := fast[O]{data: data, newObject: newObject, set: set}
		f.space()
		return f.value(0)
	}
	return decodeTokens(data, newObject, set)
}

// DecodeDeferring is Decode, except that the values of the members of the
// top-level object's member named key (a schema's "$defs") are not read:
// each is deferred(its JSON text, a subslice of data), for the caller to
// read when it needs it. An invalid document is refused as Decode refuses
// it.
func DecodeDeferring[O any](data []byte, newObject func() O, set func(O, string, any), key string, deferred func([]byte) any) (any, error) {
	if !json.Valid(data) {
		return decodeTokens(data, newObject, set)
	}
	return DecodeDeferringValid(data, newObject, set, key, deferred)
}

// DecodeDeferringValid is DecodeDeferring for data its caller knows is
// one valid JSON document, because an encoder wrote it: it skips the
// pass that checks so (on DocuSign, most of a second pass over every
// tool's check schema). Data that is not valid JSON may be misread or
// panic.
func DecodeDeferringValid[O any](data []byte, newObject func() O, set func(O, string, any), key string, deferred func([]byte) any) (any, error) {
	f := fast[O]{data: data, newObject: newObject, set: set, deferKey: key, deferred: deferred}
	f.space()
	return f.value(0)
}

// EachMember calls member with the key and the JSON text (a subslice of
// data) of each member of the object data holds, in the order written, a
// repeated key each time, without reading the values. isObject is false
// when data is valid JSON but not an object; an invalid document is
// refused as Decode refuses it.
func EachMember(data []byte, member func(key string, raw []byte)) (isObject bool, err error) {
	if !json.Valid(data) {
		_, err := decodeTokens(data, func() struct{} { return struct{}{} }, func(struct{}, string, any) {})
		if err == nil {
			err = errors.New("not valid JSON") // not expected: encoding/json finds what json.Valid refused
		}
		return false, err
	}
	f := fast[struct{}]{data: data}
	f.space()
	if f.data[f.i] != '{' {
		return false, nil
	}
	f.step()
	for f.data[f.i] != '}' {
		key := f.str()
		f.space()
		f.step() // ':'
		start := f.i
		f.skip()
		member(key, f.data[start:f.i])
		f.comma()
	}
	return true, nil
}

// decodeTokens is Decode with encoding/json's tokens.
func decodeTokens[O any](data []byte, newObject func() O, set func(O, string, any)) (any, error) {
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

// fast reads a document json.Valid accepts, as decoder does.
type fast[O any] struct {
	data      []byte
	i         int
	newObject func() O
	set       func(O, string, any)
	// deferKey and deferred are DecodeDeferring's.
	deferKey string
	deferred func([]byte) any
}

func (f *fast[O]) space() {
	for f.i < len(f.data) {
		switch f.data[f.i] {
		case ' ', '\t', '\n', '\r':
			f.i++
		default:
			return
		}
	}
}

// step moves past one character and the whitespace after it.
func (f *fast[O]) step() {
	f.i++
	f.space()
}

// comma moves past the comma after a member or an element, if any.
func (f *fast[O]) comma() {
	if f.space(); f.data[f.i] == ',' {
		f.step()
	}
}

func (f *fast[O]) value(depth int) (any, error) {
	if depth > maxDepth {
		return nil, errors.New("nested too deeply")
	}
	switch c := f.data[f.i]; c {
	case '{':
		return f.object(depth, false)
	case '[':
		f.step()
		out := []any{}
		for f.data[f.i] != ']' {
			v, err := f.value(depth + 1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
			f.comma()
		}
		f.step()
		return out, nil
	case '"':
		s := f.str()
		f.space()
		return s, nil
	case 't', 'f', 'n':
		var v any
		switch c {
		case 't':
			v, f.i = true, f.i+4
		case 'f':
			v, f.i = false, f.i+5
		default:
			f.i += 4
		}
		f.space()
		return v, nil
	default:
		start := f.i
		for f.i < len(f.data) && strings.IndexByte("+-.0123456789eE", f.data[f.i]) >= 0 {
			f.i++
		}
		n := json.Number(f.data[start:f.i])
		f.space()
		return n, nil
	}
}

// object reads the object at f.i; with deferMembers, each member's value
// is left unread, as f.deferred of its text.
func (f *fast[O]) object(depth int, deferMembers bool) (any, error) {
	f.step()
	obj := f.newObject()
	for f.data[f.i] != '}' {
		key := f.str()
		f.space()
		f.step() // ':'
		var v any
		var err error
		switch {
		case deferMembers:
			start := f.i
			f.skip()
			v = f.deferred(f.data[start:f.i])
			f.space()
		case depth == 0 && f.deferred != nil && key == f.deferKey && f.data[f.i] == '{':
			v, err = f.object(depth+1, true)
		default:
			v, err = f.value(depth + 1)
		}
		if err != nil {
			return nil, err
		}
		f.set(obj, key, v)
		f.comma()
	}
	f.step()
	return obj, nil
}

// skip moves past the value at f.i, which json.Valid accepted, and no
// further.
func (f *fast[O]) skip() {
	nest := 0
	for {
		switch c := f.data[f.i]; c {
		case '"':
			f.i++
			for f.data[f.i] != '"' {
				if f.data[f.i] == '\\' {
					f.i++
				}
				f.i++
			}
			f.i++
		case '{', '[':
			nest++
			f.i++
		case '}', ']':
			nest--
			f.i++
		default:
			f.i++
			for f.i < len(f.data) && strings.IndexByte(",:]} \t\n\r\"{[", f.data[f.i]) < 0 {
				f.i++
			}
		}
		for nest > 0 && f.i < len(f.data) && strings.IndexByte(" \t\n\r,:", f.data[f.i]) >= 0 {
			f.i++
		}
		if nest == 0 {
			return
		}
	}
}

// str reads the string at f.i; one with escapes or invalid UTF-8 is
// unquoted by encoding/json, as its tokens are.
func (f *fast[O]) str() string {
	start := f.i
	f.i++
	plain := true
	for f.data[f.i] != '"' {
		if f.data[f.i] == '\\' {
			plain = false
			f.i++
		}
		f.i++
	}
	f.i++
	raw := f.data[start:f.i]
	if plain && utf8.Valid(raw) {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	_ = json.Unmarshal(raw, &s) // valid: json.Valid read it
	return s
}
