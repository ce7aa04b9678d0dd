package cases

import (
	"maps"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/agentready/agentready/gen/example"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
)

// A value gen/example synthesizes from a name it cannot read is the
// name's words and a number: "customer-71" for customer, "ending-before-4"
// for ending_before. A request that says "for customer customer-71" tells
// the model which argument the value belongs to, which no request a
// person types does, and flatters every verdict made on such cases. So
// the strings of a synthesized value that carry a word of their field's
// name are replaced by values shaped like those real APIs hold:
// identifiers an opaque token (behind the prefix the spec's examples give
// such identifiers, "cus_"), or a match of the field's pattern; names a
// plain name ("billing-api").

// echoes reports whether s carries a word of name: inside one of its
// own words for a name's word of three letters or more ("pretty" in
// "pretty-94"), as a word of its own for a shorter one ("id" in "id-51").
func echoes(name, s string) bool {
	ls := strings.ToLower(s)
	own := lowerWords(s)
	for _, w := range lowerWords(name) {
		if len(w) >= 3 && strings.Contains(ls, w) || len(w) == 2 && slices.Contains(own, w) {
			return true
		}
	}
	return false
}

// plain returns v, a value synthesized for a, with the strings in it that
// echo their field's name replaced (see above). The value is returned
// unchanged when the replaced one would not validate against a's schema.
func (tg *toolGen) plain(values *example.Random, rng *rand.Rand, a toolschema.Arg, v any) any {
	w, changed := tg.unecho(values, rng, a.Schema, a.Name, v, 0)
	// A value with nothing to replace is kept without asking again
	// whether it is valid.
	if !changed || !example.Valid(tg.api, a.Schema, w) {
		return v
	}
	return w
}

// unecho is plain for a value v of schema use (nil when unknown) named
// name, depth levels down; changed reports whether it replaced any
// string.
func (tg *toolGen) unecho(values *example.Random, rng *rand.Rand, use *ir.Schema, name string, v any, depth int) (_ any, changed bool) {
	if depth > 16 {
		return v, false
	}
	s := tg.api.Resolve(use)
	switch x := v.(type) {
	case string:
		if !echoes(name, x) || (s != nil && (len(s.Enum) > 0 || s.Format != "")) {
			return x, false
		}
		return tg.plainString(values, rng, s, name), true
	case []any:
		var item *ir.Schema
		if s != nil {
			item = s.Items
		}
		out := make([]any, len(x))
		for i, e := range x {
			var c bool
			out[i], c = tg.unecho(values, rng, item, name, e, depth+1)
			changed = changed || c
		}
		return out, changed
	case map[string]any:
		out := make(map[string]any, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			var c bool
			out[k], c = tg.unecho(values, rng, propertySchema(s, k), k, x[k], depth+1)
			changed = changed || c
		}
		return out, changed
	}
	return v, false
}

// propertySchema is the schema of s's property k, or nil.
func propertySchema(s *ir.Schema, k string) *ir.Schema {
	if s == nil {
		return nil
	}
	for _, p := range s.Properties {
		if p.Name == k {
			return p.Schema
		}
	}
	return s.AdditionalProperties
}

// plainString is a string of schema s (nil when unknown) for a field
// named name that does not carry the name: a match of s's pattern, a
// plain name for a name, else an identifier.
func (tg *toolGen) plainString(values *example.Random, rng *rand.Rand, s *ir.Schema, name string) string {
	if s != nil && s.Pattern != "" && toolschema.ValidPattern(s.Pattern) {
		for range 4 {
			if m, ok := values.Match(s.Pattern); ok && !echoes(name, m) && example.Valid(tg.api, s, m) {
				return m
			}
		}
	}
	ws := lowerWords(name)
	if len(ws) > 0 && nameWords[ws[len(ws)-1]] {
		return fitToken(s, values.ThingName(), rng)
	}
	return fitToken(s, tg.prefixes[noun(ws)]+token(rng, 14), rng)
}

// nameWords end the names of fields that hold a name a person gives a
// thing.
var nameWords = map[string]bool{"name": true, "names": true, "title": true, "label": true, "alias": true, "nickname": true}

// token is an opaque identifier of n letters and digits.
func token(rng *rand.Rand, n int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// fitToken fits v to s's length bounds: cut to its maxLength, padded with
// letters and digits to its minLength.
func fitToken(s *ir.Schema, v string, rng *rand.Rand) string {
	if s == nil {
		return v
	}
	if s.MaxLength != nil && int64(utf8.RuneCountInString(v)) > *s.MaxLength {
		v = string([]rune(v)[:max(*s.MaxLength, 0)])
	}
	if s.MinLength != nil {
		if short := *s.MinLength - int64(utf8.RuneCountInString(v)); short > 0 && short < 1<<16 {
			v += token(rng, int(short))
		}
	}
	return v
}

// refSuffixes end a field name that refers to a thing by its identifier:
// the words before them name the thing.
var refSuffixes = map[string]bool{"id": true, "ids": true, "uid": true, "identifier": true}

// noun is the thing a field's words name: customer_id and customer both
// name a customer.
func noun(ws []string) string {
	for len(ws) > 1 && refSuffixes[ws[len(ws)-1]] {
		ws = ws[:len(ws)-1]
	}
	return strings.Join(ws, "_")
}

// prefixedID is an identifier behind a short prefix, as in "cus_NffrFeUfNV2Hib".
var prefixedID = regexp.MustCompile(`^([a-z]{2,8}_)[A-Za-z0-9]{6,}$`)

// idPrefixes are the prefixes the spec's examples give the identifiers
// of each thing, by the thing (noun): an example "cus_NffrFeUfNV2Hib"
// of a customer_id, or of the id of a Customer, makes "cus_" the prefix
// of customers. The first example of each thing, in the spec's order,
// wins.
func idPrefixes(api *ir.API) map[string]string {
	out := map[string]string{}
	add := func(ws []string, ex any) {
		s, ok := ex.(string)
		if !ok {
			return
		}
		m := prefixedID.FindStringSubmatch(s)
		if m == nil {
			return
		}
		if n := noun(ws); n != "" && out[n] == "" {
			out[n] = m[1]
		}
	}
	examples := func(s *ir.Schema) []any {
		if s == nil {
			return nil
		}
		return []any{s.Example, api.Resolve(s).Example}
	}
	for _, t := range api.Types {
		if t.Schema == nil {
			continue
		}
		for _, p := range t.Schema.Properties {
			ws := lowerWords(p.Name)
			if len(ws) == 1 && refSuffixes[ws[0]] {
				ws = lowerWords(t.GoName)
			}
			for _, e := range examples(p.Schema) {
				add(ws, e)
			}
		}
	}
	for _, op := range api.Operations {
		for _, p := range op.Params {
			for _, e := range append([]any{p.Example}, examples(p.Schema)...) {
				add(lowerWords(p.Name), e)
			}
		}
	}
	return out
}
