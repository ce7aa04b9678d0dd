// Package defkey names the definitions of a JSON Schema document by what
// they mean, so that the checkers of one API's tools can share what they
// compiled: a definition's closure key is a digest of its text (and what
// the caller adds to it) and then of those of every definition it refers
// to, directly or not. It finds the references by scanning the
// definitions' JSON text, without reading it. It is part of the runtime,
// so it imports only the standard library.
package defkey

import (
	"bytes"
	"crypto/sha256"
	"slices"
	"strings"
)

// Prefix starts a plain reference to a definition: "#/$defs/NAME".
const Prefix = "#/$defs/"

// Keys works out the closure keys of one document's definitions,
// remembering each. It is not safe for concurrent use.
type Keys struct {
	// raw are the definitions' texts, by name.
	raw map[string][]byte
	// extra are the fields a definition's own digest holds after its
	// name and text.
	extra func(name string, field func([]byte))
	// keys are the closure keys worked out so far; ok false where a
	// definition cannot be shared.
	keys map[string]key
	// digests are each definition's own digest.
	digests map[string][32]byte
}

type key struct {
	sum [32]byte
	ok  bool
}

// New returns the Keys of the definitions raw (their JSON texts, by
// name). extra, which may be nil, writes with field the fields that a
// definition's own digest holds besides its name and text (field reads
// each before it returns); it is asked once per definition, when its key
// is first needed.
func New(raw map[string][]byte, extra func(name string, field func([]byte))) *Keys {
	return &Keys{raw: raw, extra: extra, keys: map[string]key{}, digests: map[string][32]byte{}}
}

// Key returns the closure key of the definition name: a digest of its
// own digest and then of those of every definition it refers to,
// directly or not, in name order. ok is false when one of them refers to
// anything but a definition by a plain "#/$defs/NAME", or has text a
// plain scan cannot read its references from (escapes).
func (d *Keys) Key(name string) ([32]byte, bool) {
	if k, ok := d.keys[name]; ok {
		return k.sum, k.ok
	}
	seen := map[string]bool{name: true}
	queue := []string{name}
	ok := true
	for i := 0; i < len(queue) && ok; i++ {
		refs, plain := Refs(d.raw[queue[i]])
		ok = plain
		for _, r := range refs {
			if _, known := d.raw[r]; !known {
				ok = false
				break
			}
			if !seen[r] {
				seen[r] = true
				queue = append(queue, r)
			}
		}
	}
	var k key
	if ok {
		// The definition itself first: those in a cycle share a closure.
		slices.Sort(queue[1:])
		h := sha256.New()
		for _, n := range queue {
			dg := d.digest(n)
			h.Write(dg[:])
		}
		h.Sum(k.sum[:0])
		k.ok = true
	}
	d.keys[name] = k
	return k.sum, k.ok
}

// digest is a definition's own digest: its name, text and extra fields.
func (d *Keys) digest(name string) [32]byte {
	if dg, ok := d.digests[name]; ok {
		return dg
	}
	h := sha256.New()
	writeField(h, []byte(name))
	writeField(h, d.raw[name])
	if d.extra != nil {
		d.extra(name, func(f []byte) { writeField(h, f) })
	}
	var dg [32]byte
	h.Sum(dg[:0])
	d.digests[name] = dg
	return dg
}

// writeField writes s to h so that no two lists of fields write the
// same bytes.
func writeField(h interface{ Write([]byte) (int, error) }, b []byte) {
	var n [8]byte
	for i, l := 0, len(b); i < 8; i, l = i+1, l>>8 {
		n[i] = byte(l)
	}
	h.Write(n[:])
	h.Write(b)
}

// Refs returns the definitions the JSON text raw refers to by "$ref".
// plain is false when raw holds an escape (a "$ref" could hide behind
// one) or a "$ref" to anything but a definition by a plain name. A
// "$ref" whose value is not a string is not a reference (a schema
// compiler ignores it).
func Refs(raw []byte) (refs []string, plain bool) {
	if bytes.IndexByte(raw, '\\') >= 0 {
		return nil, false
	}
	const key = `"$ref"`
	for rest := raw; ; {
		i := bytes.Index(rest, []byte(key))
		if i < 0 {
			return refs, true
		}
		rest = bytes.TrimLeft(rest[i+len(key):], " \t\r\n")
		if len(rest) == 0 || rest[0] != ':' {
			continue // a string value "$ref", not a key
		}
		rest = bytes.TrimLeft(rest[1:], " \t\r\n")
		if len(rest) == 0 || rest[0] != '"' {
			continue // not a string
		}
		end := bytes.IndexByte(rest[1:], '"')
		if end < 0 {
			return nil, false
		}
		ref := string(rest[1 : 1+end])
		rest = rest[1+end:]
		name, ok := strings.CutPrefix(ref, Prefix)
		if !ok || name == "" || strings.ContainsAny(name, "/~%") {
			return nil, false
		}
		refs = append(refs, name)
	}
}
