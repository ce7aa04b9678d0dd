package graph

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/english"
)

// maxBodyDepth bounds how deep inference looks into request bodies for
// identifier fields ("body.spec.template.spec.nodeName" is too deep).
const maxBodyDepth = 3

// inputs returns the inputs of op that take run-time identifiers: path
// parameters; query parameters and body fields whose name, identifier
// type or description says they identify a resource. Header and cookie
// parameters, enums, booleans, dates and free text are left out.
func inputs(api *ir.API, vocab vocabulary, op *ir.Operation) []*input {
	var out []*input
	segs := paramSegments(op.Path)
	var selfNouns []noun // what the last path parameter identifies
	for _, p := range op.Params {
		if p.In != ir.InPath && p.In != ir.InQuery {
			continue
		}
		sc, ok := identifierInput(api, p.Schema)
		flat := join(splitWords(p.Name))
		if !ok || p.In == ir.InQuery && (pagination[flat] || projection[flat] || contentName(p.Name)) {
			continue
		}
		in := &input{op: op, name: p.Arg, param: p.Name, loc: string(p.In), required: p.Required || p.In == ir.InPath,
			kind: sc.Kind, format: sc.Format, ref: refID(api, p.Schema)}
		var context []noun
		if seg := segs[p.Name]; p.In == ir.InPath && len(seg) > 0 {
			context = []noun{{words: seg, weight: 0.95, source: "path"}}
		} else if coll := lastCollection(op.Path); p.In == ir.InQuery && len(coll) > 0 && !endsWithParam(op.Path) {
			// GET /tracks?ids=: the ids are of the collection's items.
			context = []noun{{words: coll, weight: 0.9, source: "path"}}
		}
		if !nameInput(api, vocab, in, p.Name, p.Schema, p.Description+" "+sc.Description, context, true) && p.In != ir.InPath {
			continue
		}
		if len(in.entities) == 0 {
			continue
		}
		out = append(out, in)
		if p.In == ir.InPath && strings.HasSuffix(strings.TrimSuffix(op.Path, "/"), "{"+p.Name+"}") {
			selfNouns = in.entities
		}
	}
	b := op.Body
	if b == nil || (!b.Flatten && b.Arg == "") {
		return out
	}
	if !b.Flatten {
		if in := scalarBody(api, vocab, op, b); in != nil {
			out = append(out, in)
		}
	}
	bs := api.Resolve(b.Schema)
	if bs != nil && bs.Kind == ir.KindObject && len(bs.Properties) > 0 {
		prefix := ""
		if !b.Flatten {
			prefix = b.Arg + "."
		}
		bw := &bodyWalker{api: api, vocab: vocab, op: op, self: selfNouns}
		bw.walk(b.Schema, prefix, nil, true, false, b.Required, 0, map[string]bool{})
		out = append(out, bw.out...)
	}
	return out
}

// operators are the filter operators some APIs append to parameter
// names: "projects.any", "created[gte]".
var operators = map[string]bool{
	"any": true, "all": true, "not": true, "in": true, "nin": true, "eq": true, "ne": true, "neq": true,
	"gt": true, "gte": true, "lt": true, "lte": true, "before": true, "after": true, "contains": true,
}

// pagination are parameter names that page through results: they may
// name a resource ("The last artist ID retrieved") but take a cursor.
var pagination = map[string]bool{
	"after": true, "before": true, "cursor": true, "page": true, "pagetoken": true, "offset": true,
	"limit": true, "since": true, "until": true, "next": true, "previous": true, "prev": true,
	"continue": true, "start": true, "startat": true, "marker": true, "nextpagetoken": true,
	"startingafter": true, "endingbefore": true,
}

// projection are parameter names that shape the response rather than
// pick a resource: "expand", "fields", "sort".
var projection = map[string]bool{
	"expand": true, "fields": true, "include": true, "exclude": true, "sort": true, "sortby": true,
	"orderby": true, "order": true, "select": true, "embed": true, "format": true, "view": true,
	"q": true, "query": true, "search": true, "filter": true,
}

// contentWords end the names of inputs that carry content, not a
// reference: "value", "encrypted_value", "description".
var contentWords = map[string]bool{
	"value": true, "values": true, "data": true, "content": true, "contents": true, "text": true,
	"body": true, "message": true, "description": true, "note": true, "notes": true, "title": true,
	"summary": true, "payload": true,
}

// contentName reports whether a name ends in a content word.
func contentName(name string) bool {
	ws := splitWords(name)
	return len(ws) > 0 && contentWords[ws[len(ws)-1]]
}

// stripOperator removes a trailing filter operator from a parameter name.
func stripOperator(name string) string {
	if i := strings.LastIndexAny(name, ".["); i > 0 {
		if op := strings.TrimSuffix(name[i+1:], "]"); operators[strings.ToLower(op)] {
			return name[:i]
		}
	}
	return name
}

// nameInput works out what an input identifies, from its identifier type
// (UserId), its name (userId, team_slug, owner), the context a bare "id"
// or "name" belongs to (the path segment before it, /pods/{name}; the
// body object holding it), and, when none of these names a resource of
// the API, the first sentence of its description ("Gid of a user."). It
// records them in in and reports whether anything says the input holds
// an identifier: an attribute word, an identifier type, a resource's
// noun, or the description. types says whether a bare name may be a
// type's noun, not only a resource's.
func nameInput(api *ir.API, vocab vocabulary, in *input, name string, s *ir.Schema, desc string, context []noun, types bool) bool {
	facts := vocab.factsOf(desc)
	if facts.credential {
		// "The username to use when authenticating with the private
		// registry": a credential for another system, which the
		// caller holds; no account this API lists.
		return false
	}
	if elsewhereAccount(vocab, name, desc) {
		// "The Twitter username of the company": an account at
		// another system.
		return false
	}
	entity, attrs := nameParts(stripOperator(name))
	in.attrs = attrs
	in.textExample = textExample(s)
	in.qualified = qualifiedName(facts, in.format)
	in.token = facts.token
	in.adds = facts.adds
	in.ownAccount = ownAccountOnly(in)
	identifier := len(attrs) > 0
	known := false
	if rn, _, ok := refNoun(api, s); ok {
		in.entities = append(in.entities, rn)
		identifier, known = true, true
	}
	if len(entity) > 0 {
		in.entities = append(in.entities, noun{words: entity, weight: 1, source: "name"})
		in.bare = len(attrs) == 0
		if in.bare {
			in.described = describedAttrs(desc)
		}
		if vocab.known(join(entity), types) {
			known = true
			identifier = identifier || in.bare
		}
	} else if len(context) > 0 {
		in.entities = append(in.entities, context...)
		known = true
	}
	// The description may say what the input identifies ("Gid of a
	// user.", "The Spotify ID for the track."): the only clue for a name
	// that is no resource's ("assignee", "created_by"), and a second one
	// for a parameter named only by its path segment
	// (/audio-features/{id} takes a track's id).
	byPath := len(entity) == 0 && len(context) > 0 && context[0].source == "path"
	if n, ok := describedNoun(vocab, firstSentence(desc), len(attrs) == 0 && len(entity) > 0); ok && (!known || byPath) {
		dup := false
		for _, e := range in.entities {
			dup = dup || e.key() == n.key()
		}
		if !dup {
			if known {
				n.weight = 0.85
			}
			in.entities = append(in.entities, n)
			identifier = true
		}
	}
	return identifier
}

// credentialRE matches descriptions of an input that is a credential
// for authenticating elsewhere ("The username to use when
// authenticating with the private registry").
var credentialRE = regexp.MustCompile(`(?i)\b(to use|used|needed) (when|for|to) (authenticat|log ?in\b|sign ?in\b)`)

// textExample reports whether the schema's example is a string that is
// no whole number ("1.2.3" for an artifact's version): the input takes
// text, never a numeric id.
func textExample(s *ir.Schema) bool {
	if s == nil {
		return false
	}
	v, ok := s.Example.(string)
	if !ok || v == "" {
		return false
	}
	_, err := strconv.ParseInt(v, 10, 64)
	return err != nil
}

// qualifiedRE matches descriptions of a name qualified by its owner.
var qualifiedRE = regexp.MustCompile(`(?i)\bfull[ _-]name\b|\b(?:owner|org|organization|user)[a-z-]*/(?:repo|repository)[a-z-]*\b`)

// qualifiedName reports whether an input's description (read into
// facts) or format says it takes a name qualified by its owner: "The full
// name (e.g., organization-name/repository-name)", GitHub's format
// repo.nwo.
func qualifiedName(facts descFacts, format string) bool {
	return strings.Contains(format, "nwo") || facts.qualified
}

// markdownLink matches a Markdown link, to keep its text.
var markdownLink = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)

// firstSentence returns a description's first sentence (links reduced to
// their text): what it says the value is, before the details that
// mention other things.
func firstSentence(desc string) string {
	desc = strings.TrimSpace(markdownLink.ReplaceAllString(desc, "$1"))
	for i := 0; i+1 < len(desc); i++ {
		if (desc[i] == '.' || desc[i] == '\n') && (desc[i+1] == ' ' || desc[i+1] == '\n') {
			return desc[:i]
		}
	}
	return desc
}

var (
	// "Gid of a user", "the ID of the issue transition"
	attrOfRE = regexp.MustCompile(`(?i)\b(?:id|ids|gid|gids|uuid|guid|key|keys|identifier|identifiers|slug|login)\s+(?:of|for)\s+(?:a|an|the|one|each)?\s*([a-z]+(?:[ _-][a-z]+){0,2})`)
	// "The name of the branch": for an input named by no attribute
	// (head, base), what it names.
	nameOfRE = regexp.MustCompile(`(?i)\bnames?\s+of\s+(?:a|an|the|one|each)?\s*([a-z]+(?:[ _-][a-z]+){0,2})`)
	// "project gids", "the account ID", "user identifiers"
	nounAttrRE = regexp.MustCompile(`(?i)\b((?:[a-z]+[ _-]){0,1}[a-z]+)[ _-]?(?:id|ids|gid|gids|uuid|guid|key|keys|identifier|identifiers|slug|login)\b`)
	// "strings identifying users"
	identifyingRE = regexp.MustCompile(`(?i)\bidentif(?:y|ies|ying)\s+(?:a|an|the)?\s*([a-z]+(?:[ _-][a-z]+){0,1})`)
)

// describedNoun finds the resource a description says an input
// identifies, if it is one of the API's: the longest run of the words
// after "id of" (or before "id") that names a resource or type.
func describedNoun(vocab vocabulary, desc string, bare bool) (noun, bool) {
	if vocab.described == nil {
		return readDescribedNoun(vocab, desc, bare)
	}
	k := describedKey{desc, bare}
	r, seen := vocab.described[k]
	if !seen {
		r.n, r.ok = readDescribedNoun(vocab, desc, bare)
		vocab.described[k] = r
	}
	n := r.n
	n.words = slices.Clone(n.words)
	return n, r.ok
}

// readDescribedNoun is describedNoun without the memory.
func readDescribedNoun(vocab vocabulary, desc string, bare bool) (noun, bool) {
	res := []*regexp.Regexp{attrOfRE, nounAttrRE, identifyingRE}
	if bare {
		res = append(res, nameOfRE)
	}
	for i, re := range res {
		for _, m := range re.FindAllStringSubmatch(desc, -1) {
			var ws []string
			for _, w := range splitWords(m[1]) {
				ws = append(ws, english.Singular(w))
			}
			// After "of": the noun phrase starts there, longest first;
			// before "id": it ends there, longest first.
			for n := len(ws); n >= 1; n-- {
				cand := ws[:n]
				if i == 1 {
					cand = ws[len(ws)-n:]
				}
				if vocab.known(join(cand), true) {
					return noun{words: cand, weight: 0.9, source: "description"}, true
				}
			}
		}
	}
	return noun{}, false
}

// scalarBody returns the input of a body that is one identifier (Jira's
// addWatcher takes an account id as a bare JSON string): having no name,
// it is named by its description.
func scalarBody(api *ir.API, vocab vocabulary, op *ir.Operation, b *ir.Body) *input {
	sc, ok := identifierScalar(api, b.Schema)
	if !ok {
		return nil
	}
	desc := b.Description
	if desc == "" {
		desc = sc.Description
	}
	m := nounAttrRE.FindStringSubmatch(desc)
	if m == nil {
		return nil
	}
	entity, attrs := nameParts(m[0])
	if len(entity) == 0 || len(attrs) == 0 {
		return nil
	}
	return &input{op: op, name: b.Arg, loc: "body", required: b.Required, kind: sc.Kind, format: sc.Format,
		attrs: attrs, entities: []noun{{words: entity, weight: 0.9, source: "description"}}}
}

type bodyWalker struct {
	api   *ir.API
	vocab vocabulary
	op    *ir.Operation
	// self names the existing resource an update's body describes; nil
	// when the body describes a new resource (its identifiers are new).
	self []noun
	out  []*input
}

// walk collects identifier fields of a body object. ctx names the object
// the fields belong to; top is set for the body itself; meta inside a
// metadata object of the body.
func (bw *bodyWalker) walk(s *ir.Schema, prefix string, ctx []noun, top, meta, required bool, depth int, visiting map[string]bool) {
	if ref := refID(bw.api, s); ref != "" {
		if visiting[ref] {
			return
		}
		visiting[ref] = true
		defer delete(visiting, ref)
	}
	r := scalarOf(bw.api, s)
	if r == nil || r.Kind != ir.KindObject {
		return
	}
	// A body that wraps its fields in one "data" object: the fields are
	// the body's own.
	if top && len(r.Properties) == 1 && genericWords[r.Properties[0].Name] {
		if w := scalarOf(bw.api, r.Properties[0].Schema); w != nil && w.Kind == ir.KindObject {
			p := r.Properties[0]
			bw.walk(p.Schema, prefix+p.Name+".", ctx, true, meta, required && p.Required, depth, visiting)
			return
		}
	}
	picks := pickedKinds(bw.api, r)
	for _, p := range r.Properties {
		ps := bw.api.Resolve(p.Schema)
		if p.Schema.ReadOnly || (ps != nil && ps.ReadOnly) {
			continue
		}
		name := prefix + p.Name
		req := required && p.Required
		if sc, ok := identifierInput(bw.api, p.Schema); ok {
			if credentialPair(p.Name, r.Properties) {
				continue
			}
			if !contentName(p.Name) && !projection[join(splitWords(p.Name))] {
				if in := bw.field(p, name, sc, ctx, top, meta, req); in != nil && picks[p.Name] {
					in.picked = p.Name
				}
			}
			continue
		}
		if depth+1 >= maxBodyDepth || ps == nil {
			continue
		}
		r := scalarOf(bw.api, p.Schema)
		if r == nil || r.Kind != ir.KindObject {
			continue
		}
		if metaWords[p.Name] || isMetaType(typeName(bw.api, p.Schema)) {
			bw.walk(p.Schema, name+".", ctx, false, top || meta, req, depth+1, visiting)
			continue
		}
		var c []noun
		if !genericWords[p.Name] {
			_, ws := listNoun(p.Name)
			c = append(c, noun{words: ws, weight: 0.95, source: "field " + p.Name})
		}
		if tn := typeName(bw.api, p.Schema); tn != "" {
			c = append(c, noun{words: typeNoun(tn), weight: 0.9, source: "type " + tn})
		}
		bw.walk(p.Schema, name+".", c, false, false, req, depth+1, visiting)
	}
}

// field records one identifier field of a body, if it is an input, and
// returns it (nil if it is none).
func (bw *bodyWalker) field(p *ir.Property, name string, sc *ir.Schema, ctx []noun, top, meta, req bool) *input {
	in := &input{op: bw.op, name: name, loc: "body", required: req, kind: sc.Kind, format: sc.Format,
		ref: refID(bw.api, p.Schema)}
	var context []noun
	if entity, attrs := nameParts(p.Name); len(entity) == 0 {
		// A plain "id" or "name": whose?
		switch {
		case top || meta && ctx == nil:
			// The body's own identifier: new on a create; on an
			// update, only the one in its metadata must match the
			// resource's (a top-level name is the new name).
			if !meta || len(bw.self) == 0 {
				return nil
			}
			context = bw.self
		case len(ctx) > 0:
			// The identifier of a nested object, a reference such as
			// site.id; a nested name is more often a label.
			for _, a := range attrs {
				if a == attrName {
					return nil
				}
			}
			context = ctx
		default:
			return nil
		}
	}
	desc := p.Schema.Description + " " + sc.Description
	if !nameInput(bw.api, bw.vocab, in, p.Name, p.Schema, desc, context, false) || len(in.entities) == 0 {
		return nil
	}
	bw.out = append(bw.out, in)
	return in
}

// pickedKinds returns the fields of a body object that its own `type`
// picks between: account_holder's `type` (account or customer) says
// which of its fields `account` and `customer` is set, so each names the
// thing that value names, whatever product the operation is in.
func pickedKinds(api *ir.API, r *ir.Schema) map[string]bool {
	var picks map[string]bool
	for _, p := range r.Properties {
		if p.Name != "type" {
			continue
		}
		s := api.Resolve(p.Schema)
		if s == nil {
			return nil
		}
		for _, v := range s.Enum {
			name, ok := v.(string)
			if !ok {
				continue
			}
			for _, q := range r.Properties {
				if q.Name == name {
					if picks == nil {
						picks = map[string]bool{}
					}
					picks[name] = true
				}
			}
		}
	}
	return picks
}
