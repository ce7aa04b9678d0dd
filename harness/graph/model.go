package graph

import (
	"regexp"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/english"
)

// This file reads an API into what inference matches: the resources each
// tool returns with the identifier fields they carry (outputs), and the
// inputs of each tool that take such identifiers.

// noun is a resource name as a list of singular words, with how sure we
// are that it names the thing (1 for a type or parameter name, less for a
// path segment) and where it came from, for explanations.
type noun struct {
	words  []string
	weight float64
	source string
}

func (n noun) key() string { return join(n.words) }

func (n noun) String() string { return strings.Join(n.words, " ") }

// object is an object in a response: the thing identifier fields belong
// to.
type object struct {
	// names are the nouns that name it: its type, the property that holds
	// it, and for the primary resource the path's collection.
	names []noun
	// primary is set for the resource the operation returns: the response
	// itself, the items of a response array, or the items of the one list
	// in a page envelope.
	primary bool
	// role is the property that holds the object ("owner" for
	// $.owner.login), singular; empty for the primary resource.
	role string
	// path is the JSON path of the object.
	path string
	// typeName is the object's named type, for explanations.
	typeName string
	// plain records the attribute classes of its plain identifier fields
	// ("id", "name"): a field "accountId" is the object's own identifier
	// only when it has no plain "id".
	plain map[string]bool
	// inside counts the resources embedded in the primary one that hold
	// the object: 1 for the charge of $.invoice.charge (an invoice has
	// an identifier of its own), 0 for $.owner.
	inside int
}

// leaf is a scalar field of a response that can hold an identifier.
type leaf struct {
	path  string // "$.items[*].id"
	field string // the property name, "id"
	// entity are the words of the field's name before its attribute
	// ("requester" in requester_id); attr is its attribute class, empty
	// for a field named by a noun only ("namespace", "owner").
	entity []string
	attr   string
	obj    *object
	ref    string
	kind   ir.Kind
	format string
	// depth is how many objects deep the field is in the response.
	depth int
}

// identity reports whether the leaf is its object's own identifier (and
// not a reference to another resource): "id", a field named for the
// object ("ticket_id" on a ticket search hit), or one like "accountId"
// on an object that has no "id" of any type, when accounts are not a
// resource of their own.
func (l *leaf) identity(v vocabulary) bool {
	if len(l.entity) == 0 {
		return l.attr != attrNone
	}
	for _, n := range l.obj.names {
		if nounMatch(l.entity, n.words) >= 0.8 {
			// Also a field named by the object's noun alone: a git
			// ref's "ref".
			return true
		}
	}
	if l.attr == attrNone {
		return false
	}
	// Only a one-word name can be the object's own: "lastModifiedUserAccountId"
	// is a relation.
	if v.known(join(l.entity), false) || l.attr == attrName || len(l.entity) > 1 {
		return false
	}
	return !l.obj.plain[attrID]
}

// producer is an operation with the identifier fields of its response.
type producer struct {
	op     *ir.Operation
	leaves []*leaf
	// requires are the operation's required inputs that carry run-time
	// identifiers: a producer cannot produce what it needs itself.
	requires []*input
	weight   float64
	kind     string // "lists", "returns", "creates", "updates"
	// names are the nouns of the resource it returns.
	names []noun
	// foreign is set for a producer that lists beyond the caller's own
	// things, a search left out (see foreignProducer).
	foreign bool
}

// input is a consumer input that takes run-time data.
type input struct {
	op    *ir.Operation
	name  string // "userId", "body.metadata.name"
	param string // the parameter's name on the wire, for parameters
	loc   string // "path", "query", "body"
	// required is set for required path and query parameters and
	// required body fields of a required body.
	required bool
	// entities are the nouns that may name the resource the input
	// identifies, most likely first; attrs are the attribute classes it
	// takes (none for a bare noun like "owner": its natural key).
	entities []noun
	attrs    []string
	ref      string
	kind     ir.Kind
	format   string
	// bare is set when the input is named by a noun alone ("namespace").
	bare bool
	// described are the attribute classes the input's description
	// names, for a bare input.
	described map[string]bool
	// qualified is set when the input takes a name qualified by its
	// owner ("org/repo": a repository's full_name, not its name).
	qualified bool
	// picked is set for a body field its object's `type` picks by name
	// (account_holder.account when type is "account"): the value of the
	// kind that name is.
	picked string
	// token is set when the description says the input takes a token
	// made on the client, not a stored object's id.
	token bool
	// adds is set when the description says the input names things to
	// add to the resource the operation works on.
	adds bool
	// ownAccount is set for the {username} of a call only that
	// account's owner may make (see ownAccountOnly).
	ownAccount bool
	// textExample is set when the input's example is text that is no
	// whole number: no integer field fills it.
	textExample bool
	// byName holds what the checks of every producer read of the
	// input's name alone, worked out at the first (see nameFacts).
	byName *nameFacts
}

// nameFacts are what the checks of an input against each candidate
// read of its name and path alone.
type nameFacts struct {
	// secret: its name ends in a secret's word (see secretByName).
	secret bool
	// collection: it is named like the last segment of its path, a
	// collection (see collectionKindClash).
	collection bool
}

// named returns the input's nameFacts, working them out the first time.
func (in *input) named() *nameFacts {
	if in.byName != nil {
		return in.byName
	}
	f := &nameFacts{}
	ws := splitWords(lastName(in.name))
	f.secret = len(ws) > 0 && secretWords[ws[len(ws)-1]]
	if in.op != nil {
		last := lastSegment(in.op.Path)
		f.collection = !isParam(last) && join(singulars(ws)) == join(singulars(splitWords(last)))
	}
	in.byName = f
	return f
}

// describedAttrs returns the attribute classes a description mentions as
// words: "refer to a milestone by its number field" gives number.
func describedAttrs(desc string) map[string]bool {
	var out map[string]bool
	for _, w := range splitWords(desc) {
		if a, ok := attrOf(w); ok && a != attrName {
			if out == nil {
				out = map[string]bool{}
			}
			out[a] = true
		}
	}
	return out
}

var versionRE = regexp.MustCompile(`^v[0-9]+([a-z]+[0-9]*)?$`)

// skipSegments are path segments that name no resource.
var skipSegments = map[string]bool{"api": true, "apis": true, "rest": true, "": true}

// vocabulary holds the nouns the API names things by: resources (path
// segments, addressable by URL) and types (also value objects such as
// Visibility).
type vocabulary struct {
	paths, types map[string]bool
	// described remembers describedNoun's answer per description and
	// bareness: DocuSign's 402 operations repeat the same field
	// descriptions thousands of times, and reading one takes four
	// regular expressions.
	described map[describedKey]describedNounResult
	// facts remembers what the regular expressions of nameInput find in
	// each description, for the same reason.
	facts map[string]descFacts
}

// descFacts is what nameInput's regular expressions find in one
// description.
type descFacts struct {
	credential, qualified, token, adds bool
}

// factsOf reads desc's descFacts, once per description when v
// remembers.
func (v vocabulary) factsOf(desc string) descFacts {
	f, seen := v.facts[desc]
	if !seen {
		f = descFacts{credential: credentialRE.MatchString(desc), qualified: qualifiedRE.MatchString(desc),
			token: takesToken(desc), adds: addsRE.MatchString(desc)}
		if v.facts != nil {
			v.facts[desc] = f
		}
	}
	return f
}

type describedKey struct {
	desc string
	bare bool
}

type describedNounResult struct {
	n  noun
	ok bool
}

// known reports whether the noun (joined words) names a resource, or,
// when types is set, also a type.
func (v vocabulary) known(key string, types bool) bool {
	return v.paths[key] || types && v.types[key]
}

func buildVocabulary(api *ir.API) vocabulary {
	v := vocabulary{paths: map[string]bool{}, types: map[string]bool{}, described: map[describedKey]describedNounResult{},
		facts: map[string]descFacts{}}
	for _, op := range api.Operations {
		for _, seg := range strings.Split(op.Path, "/") {
			if seg == "" || strings.HasPrefix(seg, "{") || skipSegments[seg] || versionRE.MatchString(seg) {
				continue
			}
			var ws []string
			for _, w := range splitWords(seg) {
				ws = append(ws, english.Singular(w))
			}
			if len(ws) > 0 {
				v.paths[join(ws)] = true
			}
		}
	}
	for _, t := range api.Types {
		if t.Name != "" {
			v.types[join(typeNoun(t.Name))] = true
		}
	}
	return v
}

// identifierInput is identifierScalar for an input, which may also be a
// list of identifiers (GitHub's assignees: [login]) or a union with an
// identifier among its variants (a milestone "number or title", a label
// "name or object").
func identifierInput(api *ir.API, s *ir.Schema) (*ir.Schema, bool) {
	if sc, ok := identifierScalar(api, s); ok {
		return sc, true
	}
	r := scalarOf(api, s)
	if r == nil {
		return nil, false
	}
	if r.Kind == ir.KindArray {
		r = scalarOf(api, r.Items)
		if sc, ok := identifierScalar(api, r); ok {
			return sc, true
		}
	}
	if r != nil && r.Kind == ir.KindUnion {
		for _, v := range r.Variants {
			if sc, ok := identifierScalar(api, v); ok {
				return sc, true
			}
		}
	}
	return nil, false
}

// identifierScalar reports whether s is a scalar that can hold an
// identifier: a string or integer without an enum, not a date, time,
// binary, URL, email, password or fraction by format. (Some specs type
// integer ids as number.)
func identifierScalar(api *ir.API, s *ir.Schema) (*ir.Schema, bool) {
	r := scalarOf(api, s)
	if r == nil || len(r.Enum) > 0 {
		return r, false
	}
	if r.Kind != ir.KindString && r.Kind != ir.KindInteger && r.Kind != ir.KindNumber {
		return r, false
	}
	switch r.Format {
	case "float", "double", "decimal":
		return r, false
	case "date", "date-time", "time", "duration", "binary", "byte", "uri", "url", "uri-reference",
		"email", "idn-email", "password", "hostname", "ipv4", "ipv6", "html", "markdown", "regex":
		return r, false
	}
	return r, true
}

// pathSegments returns the literal segment right before each path
// parameter, singular: "/users/{userId}/tickets" gives userId: user.
func paramSegments(path string) map[string][]string {
	out := map[string][]string{}
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		if !strings.HasPrefix(seg, "{") || !strings.HasSuffix(seg, "}") || i == 0 {
			continue
		}
		prev := segs[i-1]
		if prev == "" || strings.HasPrefix(prev, "{") || skipSegments[prev] || versionRE.MatchString(prev) {
			continue
		}
		var ws []string
		for _, w := range splitWords(prev) {
			ws = append(ws, english.Singular(w))
		}
		out[seg[1:len(seg)-1]] = ws
	}
	return out
}

// lastCollection returns the path's last literal segment, singular:
// "/teams/{teamId}/members" gives [member].
func lastCollection(path string) []string {
	segs := strings.Split(path, "/")
	for i := len(segs) - 1; i >= 0; i-- {
		seg := segs[i]
		if seg == "" || strings.HasPrefix(seg, "{") {
			continue
		}
		if skipSegments[seg] || versionRE.MatchString(seg) {
			return nil
		}
		var ws []string
		for _, w := range splitWords(seg) {
			ws = append(ws, english.Singular(w))
		}
		return ws
	}
	return nil
}

// endsWithParam reports whether the path ends with a parameter: the
// operation addresses one existing resource.
func endsWithParam(path string) bool {
	return strings.HasSuffix(strings.TrimSuffix(path, "/"), "}")
}

// typeName returns the name of s's named type, or "".
func typeName(api *ir.API, s *ir.Schema) string {
	for i := 0; s != nil && s.Ref != "" && i < 8; i++ {
		t := api.Type(s.Ref)
		if t == nil {
			return ""
		}
		if t.Name != "" {
			return t.Name
		}
		s = t.Schema
	}
	return ""
}

// refNoun returns the noun of an identifier type such as UserId or
// TicketKey: a named scalar type whose name ends with an attribute word.
func refNoun(api *ir.API, s *ir.Schema) (noun, string, bool) {
	if s == nil {
		return noun{}, "", false
	}
	cands := []*ir.Schema{s}
	if r := api.Resolve(s); r != nil && r.Kind == ir.KindUnion {
		cands = append(cands, r.Variants...)
	}
	for _, c := range cands {
		if c.Ref == "" {
			continue
		}
		t := api.Type(c.Ref)
		if t == nil || t.Name == "" {
			continue
		}
		words := splitWords(t.Name)
		if len(words) < 2 {
			continue
		}
		if _, ok := attrWords[words[len(words)-1]]; !ok {
			continue
		}
		n := typeNoun(t.Name)
		if len(n) == 0 {
			continue
		}
		return noun{words: n, weight: 1, source: "type " + t.Name}, c.Ref, true
	}
	return noun{}, "", false
}

// refID returns the Ref of s or of its one non-null variant.
func refID(api *ir.API, s *ir.Schema) string {
	if s == nil {
		return ""
	}
	if s.Ref != "" {
		return s.Ref
	}
	if s.Kind == ir.KindUnion {
		for _, v := range s.Variants {
			if v.Ref != "" {
				return v.Ref
			}
		}
	}
	return ""
}

// unwrapUnion returns the non-null variants of a union (or s itself).
func unwrapUnion(api *ir.API, s *ir.Schema) []*ir.Schema {
	r := api.Resolve(s)
	if r == nil || r.Kind != ir.KindUnion {
		return []*ir.Schema{s}
	}
	var out []*ir.Schema
	for _, v := range r.Variants {
		if rv := api.Resolve(v); rv != nil && rv.Kind != ir.KindNull {
			out = append(out, v)
		}
	}
	return out
}
