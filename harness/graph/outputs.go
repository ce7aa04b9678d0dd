package graph

import (
	"slices"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/english"
)

// walker collects the identifier fields of one operation's success
// response.
type walker struct {
	api      *ir.API
	vocab    vocabulary
	maxDepth int
	shapes   *shapes
	fields   *fieldFacts
	leaves   []*leaf
	seen     map[string]bool // leaf paths
	visits   int             // properties looked at
}

// maxVisits bounds the properties one response's walk looks at: Stripe
// can expand nearly every reference into its object.
const maxVisits = 5000

// maxLeaves bounds the fields collected from one response (GitHub's
// repository embeds users, organisations, templates and licences).
const maxLeaves = 4000

// outputs returns the identifier fields of op's success response.
func outputs(api *ir.API, vocab vocabulary, ff *fieldFacts, op *ir.Operation, maxDepth int) []*leaf {
	r := op.SuccessResponse()
	if r == nil || r.Schema == nil {
		return nil
	}
	w := &walker{api: api, vocab: vocab, shapes: ff.shapes, fields: ff, maxDepth: maxDepth, seen: map[string]bool{}}
	pathNoun := lastCollection(op.Path)
	write := op.Mutating()
	if oneOfResources(api, r.Schema) {
		// One of several kinds of thing (Stripe's payment_source: an
		// account, a bank account, a card or a source): its id is the
		// union's, not that of the first kind listed.
		w.primary(r.Schema, "$", "", pathNoun, write)
		return w.leaves
	}
	for _, v := range unwrapUnion(api, r.Schema) {
		w.find(v, "$", "", pathNoun, write, 0)
	}
	return w.leaves
}

// oneOfResources reports whether a response is one of several kinds of
// resource: a union of two or more object types, each with an
// identifier of its own, not all named by one head noun.
func oneOfResources(api *ir.API, s *ir.Schema) bool {
	vs := unwrapUnion(api, s)
	if len(vs) < 2 {
		return false
	}
	heads := map[string]bool{}
	for _, v := range vs {
		r := api.Resolve(v)
		n := typeNoun(typeName(api, v))
		if r == nil || r.Kind != ir.KindObject || !hasIdentifier(r) || len(n) == 0 {
			return false
		}
		heads[n[len(n)-1]] = true
	}
	// A private or a public user is a user all the same.
	return len(heads) > 1
}

// find locates the resources a response returns and walks each as
// primary: the response itself; the items of a response array; what a
// {"data": {...}} wrapper holds; the items of the one list of a page
// envelope, however deeply paged ({"albums": {"items": [...]}}); the
// items of each list of a response made of lists of different things
// (a search that returns albums, artists and tracks).
func (w *walker) find(s *ir.Schema, path, listProp string, pathNoun []string, write bool, depth int) {
	rv := w.api.Resolve(s)
	if rv == nil || depth > 3 {
		return
	}
	switch rv.Kind {
	case ir.KindArray:
		if it := scalarOf(w.api, rv.Items); it != nil && (it.Kind == ir.KindObject || it.Kind == ir.KindUnion) {
			w.primary(rv.Items, path+"[*]", listProp, pathNoun, write)
		}
		return
	case ir.KindObject:
	default:
		return
	}
	if prop := wrapper(w.api, rv); prop != nil {
		w.find(prop.Schema, path+"."+prop.Name, listProp, pathNoun, write, depth+1)
		return
	}
	if lists := w.lists(rv, depth); len(lists) > 0 {
		for _, p := range lists {
			w.find(p.Schema, path+"."+p.Name, p.Name, pathNoun, write && len(lists) == 1, depth+1)
		}
		return
	}
	if depth > 0 && listProp != "" {
		// A page object whose list was not found: nothing to walk.
		return
	}
	w.primary(s, path, listProp, pathNoun, write)
}

// lists returns the properties of an object without an identifier of its
// own that hold lists of objects, directly or in a page object of their
// own; nil when the object is a resource.
func (w *walker) lists(s *ir.Schema, depth int) []*ir.Property {
	var out []*ir.Property
	for _, p := range s.Properties {
		r := scalarOf(w.api, p.Schema)
		if r == nil {
			continue
		}
		if ent, attrs := nameParts(p.Name); len(attrs) > 0 && r.Kind != ir.KindObject && r.Kind != ir.KindArray &&
			(len(ent) == 0 || slices.Contains(attrs, attrID)) {
			// An object with an identifier is a resource, also one
			// named for its kind (a security advisory's ghsa_id): its
			// lists (the advisory's collaborating users) are its own
			// business, not what the operation returns.
			return nil
		}
		if metaWords[p.Name] {
			if hasIdentifier(r) {
				return nil // so is one whose metadata holds its name
			}
			continue
		}
		switch {
		case r.Kind == ir.KindArray:
			if it := scalarOf(w.api, r.Items); it != nil && it.IsObject() {
				out = append(out, p)
			}
		case r.Kind == ir.KindObject && depth < 2 && len(w.lists(r, depth+1)) == 1:
			out = append(out, p)
		}
	}
	return out
}

// primary walks the resource an operation returns. The path names it
// too, unless the operation writes and its response has a type of its
// own: POST /issues/{n}/assignees returns the issue, not an assignee.
func (w *walker) primary(s *ir.Schema, path, listProp string, pathNoun []string, write bool) {
	if p := w.itemWrapper(s, listProp, pathNoun); p != nil {
		// {"added_at": ..., "track": {...}}: the item holds the resource.
		w.primary(p.Schema, path+"."+p.Name, p.Name, pathNoun, write)
		return
	}
	obj := &object{primary: true, path: path, plain: map[string]bool{}}
	if tn := typeName(w.api, s); tn != "" {
		obj.typeName = tn
		obj.names = append(obj.names, noun{words: typeNoun(tn), weight: 1, source: "type " + tn})
		if write {
			pathNoun = nil
		}
	}
	obj.names = append(obj.names, w.shapes.alias(w.api, s)...)
	if listProp != "" && !genericWords[listProp] {
		_, ws := listNoun(listProp)
		obj.names = append(obj.names, noun{words: ws, weight: 0.95, source: "list " + listProp})
	}
	if len(pathNoun) > 0 {
		obj.names = append(obj.names, noun{words: pathNoun, weight: 0.9, source: "path"})
	}
	w.object(s, path, obj, 0, map[string]bool{})
}

// hasIdentifier reports whether an object has a property named "id",
// "name", "key" or the like.
func hasIdentifier(s *ir.Schema) bool {
	for _, p := range s.Properties {
		if ent, attrs := nameParts(p.Name); len(ent) == 0 && len(attrs) > 0 {
			if p.Schema != nil && p.Schema.Kind != ir.KindObject && p.Schema.Kind != ir.KindArray {
				return true
			}
		}
	}
	return false
}

// itemWrapper returns the property of a list item that holds the listed
// resource when the item is a record about it rather than the resource
// (a saved track: when it was saved, and the track): an item without an
// identifier of its own with an object property named like the list
// ("tracks" of /me/tracks, or the item's type, SavedTrackObject).
func (w *walker) itemWrapper(s *ir.Schema, listProp string, pathNoun []string) *ir.Property {
	r := scalarOf(w.api, s)
	if r == nil || r.Kind != ir.KindObject {
		return nil
	}
	var names [][]string
	if tn := typeName(w.api, s); tn != "" {
		names = append(names, typeNoun(tn))
	}
	if listProp != "" && !genericWords[listProp] {
		_, ws := listNoun(listProp)
		names = append(names, ws)
	}
	if len(pathNoun) > 0 {
		names = append(names, pathNoun)
	}
	var found *ir.Property
	for _, p := range r.Properties {
		if ent, attrs := nameParts(p.Name); len(ent) == 0 && len(attrs) > 0 && attrs[0] != attrName {
			return nil
		}
		pr := scalarOf(w.api, p.Schema)
		if pr == nil || (pr.Kind != ir.KindObject && pr.Kind != ir.KindUnion) {
			continue
		}
		_, pw := listNoun(p.Name)
		for _, n := range names {
			if nounMatch(pw, n) >= 0.8 && found == nil {
				found = p
			}
		}
	}
	return found
}

// listNoun returns the singular words of a list property's name.
func listNoun(prop string) (string, []string) {
	var ws []string
	for _, w := range splitWords(prop) {
		ws = append(ws, english.Singular(w))
	}
	return join(ws), ws
}

// wrapper returns the property of a response that wraps the resource in
// an object of its own ({"data": {...}}): the one object or array
// property, with a generic name and declared properties, beside no
// identifier and nothing but links and metadata.
func wrapper(api *ir.API, s *ir.Schema) *ir.Property {
	var wrap *ir.Property
	for _, p := range s.Properties {
		r := scalarOf(api, p.Schema)
		if r == nil {
			continue
		}
		if r.Kind == ir.KindObject || r.Kind == ir.KindArray {
			if metaWords[p.Name] || p.Name == "links" {
				continue
			}
			if wrap != nil || !genericWords[p.Name] || !r.IsObject() {
				return nil
			}
			wrap = p
			continue
		}
		if ent, attrs := nameParts(p.Name); len(ent) == 0 && len(attrs) > 0 {
			return nil
		}
	}
	return wrap
}

// object walks the properties of an object schema at path, recording
// identifier fields as belonging to obj.
func (w *walker) object(s *ir.Schema, path string, obj *object, depth int, visiting map[string]bool) {
	if len(w.leaves) >= maxLeaves || w.visits >= maxVisits {
		return
	}
	if ref := refID(w.api, s); ref != "" {
		if visiting[ref] {
			return
		}
		visiting[ref] = true
		defer delete(visiting, ref)
	}
	for _, v := range unwrapUnion(w.api, s) {
		r := w.api.Resolve(v)
		if r == nil {
			continue
		}
		if r.Kind == ir.KindUnion {
			for _, vv := range r.Variants {
				w.object(vv, path, obj, depth, visiting)
			}
			continue
		}
		if r.Kind != ir.KindObject {
			continue
		}
		fs := w.fields.of(r)
		for _, a := range fs.plain {
			// Whatever its type, a property named "id" (or "key", ...)
			// is the object's own identifier.
			obj.plain[a] = true
		}
		// The object's own fields first, then what is nested: the
		// walk's budget goes to the shallow identifiers first.
		for i := range fs.ordered {
			w.property(&fs.ordered[i], path, obj, depth, visiting)
		}
	}
}

func (w *walker) property(f *field, path string, obj *object, depth int, visiting map[string]bool) {
	w.visits++
	switch f.kind {
	case fieldLeaf:
		at := path + "." + f.p.Name
		if w.seen[at] {
			return
		}
		w.seen[at] = true
		w.leaves = append(w.leaves, &leaf{path: at, field: f.p.Name, entity: f.entity, attr: f.attr, obj: obj,
			ref: f.ref, kind: f.sc.Kind, format: f.sc.Format, depth: depth})
		return
	case fieldNone:
		return
	}
	if depth+1 >= w.maxDepth {
		return
	}
	childPath := path + "." + f.p.Name
	if f.list {
		childPath += "[*]"
	}
	// Metadata describes its parent: its fields belong to obj.
	if f.kind == fieldMeta {
		w.object(f.child, childPath, obj, depth+1, visiting)
		return
	}
	c := &object{path: childPath, plain: map[string]bool{}, typeName: f.typeName, inside: obj.inside, role: f.role, names: f.names}
	if !obj.primary && len(obj.plain) > 0 {
		c.inside++
	}
	w.object(f.child, childPath, c, depth+1, visiting)
}

// fieldFacts holds what a walk reads of each object schema's
// properties, worked out once for an API: a walk of Stripe's responses
// meets the same few hundred objects about a million times in all.
type fieldFacts struct {
	api    *ir.API
	vocab  vocabulary
	shapes *shapes
	of_    map[*ir.Schema]*objectFields
}

// objectFields are the facts of one object schema's properties.
type objectFields struct {
	// plain are the attribute classes of its plain identifier fields
	// ("id", "key"), in the order of its properties.
	plain []string
	// ordered are its properties, the identifier scalars first.
	ordered []field
}

// fieldKind says what a walk does with a property.
type fieldKind uint8

const (
	fieldNone   fieldKind = iota // nothing: neither an identifier nor an object
	fieldLeaf                    // an identifier field of the object
	fieldNested                  // an object (or a list of them) of its own
	fieldMeta                    // metadata whose fields belong to the object
)

// field is what a walk needs of one property.
type field struct {
	p    *ir.Property
	kind fieldKind
	// A leaf's scalar schema, name parts, attribute class and reference.
	sc     *ir.Schema
	entity []string
	attr   string
	ref    string
	// A nested object's schema (the items of a list), whether it is a
	// list's items, and the names, role and type name of the object.
	child    *ir.Schema
	list     bool
	typeName string
	role     string
	names    []noun
}

func newFieldFacts(api *ir.API, vocab vocabulary, sh *shapes) *fieldFacts {
	return &fieldFacts{api: api, vocab: vocab, shapes: sh, of_: map[*ir.Schema]*objectFields{}}
}

// of returns the facts of an object schema's properties.
func (ff *fieldFacts) of(r *ir.Schema) *objectFields {
	if fs, ok := ff.of_[r]; ok {
		return fs
	}
	fs := &objectFields{}
	for _, p := range r.Properties {
		if ent, attrs := nameParts(p.Name); len(ent) == 0 && len(attrs) > 0 {
			fs.plain = append(fs.plain, attrs[0])
		}
	}
	for _, scalars := range []bool{true, false} {
		for _, p := range r.Properties {
			if _, ok := identifierScalar(ff.api, p.Schema); ok == scalars {
				fs.ordered = append(fs.ordered, ff.field(p))
			}
		}
	}
	ff.of_[r] = fs
	return fs
}

// field works out what a walk does with a property.
func (ff *fieldFacts) field(p *ir.Property) field {
	api := ff.api
	f := field{p: p}
	if sc, ok := identifierScalar(api, p.Schema); ok {
		entity, attrs := nameParts(p.Name)
		attr := attrNone
		if len(attrs) > 0 {
			attr = attrs[0]
		} else if !ff.vocab.known(join(entity), true) {
			return f
		}
		f.kind, f.sc, f.entity, f.attr, f.ref = fieldLeaf, sc, entity, attr, refID(api, p.Schema)
		return f
	}
	r := scalarOf(api, p.Schema)
	if r == nil {
		return f
	}
	child := p.Schema
	if r.Kind == ir.KindArray {
		child, f.list = r.Items, true
		r = scalarOf(api, r.Items)
		if r == nil {
			return f
		}
	}
	if r.Kind != ir.KindObject && r.Kind != ir.KindUnion {
		return f
	}
	tn := typeName(api, child)
	if tn == "" && r.Kind == ir.KindObject {
		tn = typeName(api, p.Schema)
	}
	f.child = child
	if metaWords[p.Name] || (tn != "" && isMetaType(tn)) {
		f.kind = fieldMeta
		return f
	}
	f.kind, f.typeName = fieldNested, tn
	f.names = append(f.names, ff.shapes.alias(api, child)...)
	_, role := listNoun(p.Name)
	if !genericWords[p.Name] {
		f.role = join(role)
		f.names = append(f.names, noun{words: role, weight: 0.95, source: "field " + p.Name})
	}
	if tn != "" {
		f.names = append(f.names, noun{words: typeNoun(tn), weight: 1, source: "type " + tn})
	}
	return f
}

// isMetaType reports whether a type name ends in meta or metadata
// (ObjectMeta, ListMeta).
func isMetaType(name string) bool {
	ws := splitWords(name)
	return len(ws) > 0 && metaWords[ws[len(ws)-1]]
}

// shapes finds, for an object, the named types it is a kind of by
// shape: those whose properties it has (all of them, and they make up
// most of its own). GitHub's team-member is simple-user with two more
// properties, so a list of team members lists users.
type shapes struct {
	types []shapeType
	cache map[string][]noun
}

type shapeType struct {
	name  string
	props map[string]bool
}

// minShape is the fewest properties a type must have to be recognised
// by shape alone.
const minShape = 8

func buildShapes(api *ir.API) *shapes {
	sh := &shapes{cache: map[string][]noun{}}
	for _, t := range api.Types {
		if t.Name == "" || t.Schema == nil || t.Schema.Kind != ir.KindObject || len(t.Schema.Properties) < minShape {
			continue
		}
		st := shapeType{name: t.Name, props: map[string]bool{}}
		for _, p := range t.Schema.Properties {
			st.props[p.Name] = true
		}
		sh.types = append(sh.types, st)
	}
	sort.Slice(sh.types, func(i, j int) bool { return sh.types[i].name < sh.types[j].name })
	return sh
}

// alias returns the nouns of the other named types s has the shape of.
func (sh *shapes) alias(api *ir.API, s *ir.Schema) []noun {
	if sh == nil || len(sh.types) == 0 {
		return nil
	}
	r := api.Resolve(s)
	if r == nil || r.Kind != ir.KindObject || len(r.Properties) < minShape {
		return nil
	}
	own := typeName(api, s)
	key := own
	if key == "" {
		names := make([]string, len(r.Properties))
		for i, p := range r.Properties {
			names[i] = p.Name
		}
		key = strings.Join(names, ",")
	}
	if out, ok := sh.cache[key]; ok {
		return out
	}
	props := map[string]bool{}
	for _, p := range r.Properties {
		props[p.Name] = true
	}
	var out []noun
	seen := map[string]bool{join(typeNoun(own)): true}
	for _, t := range sh.types {
		if t.name == own || len(t.props)*4 < len(props)*3 || len(t.props) > len(props) || productSiblings(own, t.name) {
			continue
		}
		all := true
		for p := range t.props {
			if !props[p] {
				all = false
				break
			}
		}
		n := typeNoun(t.name)
		if all && !seen[join(n)] {
			seen[join(n)] = true
			out = append(out, noun{words: n, weight: 0.9, source: "shape of " + t.name})
		}
	}
	sh.cache[key] = out
	return out
}
