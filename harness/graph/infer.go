package graph

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/english"
)

// Options tune inference.
type Options struct {
	// MinConfidence prunes candidate mappings below it; default 0.5.
	MinConfidence float64
	// MaxProducers keeps at most this many producers for each consumer
	// input, the most confident first; default 4. Negative means no cap.
	MaxProducers int
	// MaxDepth bounds how many properties deep inference looks into a
	// response; default 5.
	MaxDepth int
	// Spec is recorded in the graph as the document it was inferred from.
	Spec string
}

// The defaults of Options.
const (
	DefaultMinConfidence = 0.5
	DefaultMaxProducers  = 6
	DefaultMaxDepth      = 5
)

func (o Options) withDefaults() Options {
	if o.MinConfidence == 0 {
		o.MinConfidence = DefaultMinConfidence
	}
	if o.MaxProducers == 0 {
		o.MaxProducers = DefaultMaxProducers
	}
	if o.MaxDepth == 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	return o
}

// InferredByRules is Graph.InferredBy for the deterministic inference.
const InferredByRules = "rules"

// Infer proposes the edges of api's dependency graph from what the spec
// says, deterministically. For every input that takes a run-time
// identifier (see inputs) it finds the operations whose success response
// carries values for it:
//
//  1. Producers of the resource itself: operations that return the
//     resource the input identifies (itself, a list of it, or a page of
//     it), matched by noun: the input's name ("userId", "issue_number"),
//     the path segment before a bare parameter ("/pods/{name}"), or an
//     identifier type such as UserId; against the response's type name
//     ("simple-user", "io.k8s.api.core.v1.Pod"), list property and path.
//     The mapped field is the resource's own identifier of the kind the
//     input asks for (id, key, name, login, slug, number; for a bare noun
//     like "namespace" or "repo" its natural key), looking through
//     metadata objects ($.items[*].metadata.name).
//  2. Only when no operation returns the resource: fields that refer to
//     it by role elsewhere in responses ($[*].owner.login for "owner",
//     $.spec.containers[*].name for "container", a leadAccountId field).
//
// An operation never produces a value it needs itself (readPod does not
// produce pod names), nor feeds itself, and DELETE operations produce
// nothing. Candidates are scored from how well the nouns and attributes
// agree, whether the schemas' types and formats and identifier types
// agree, and how safe the producer is to call (a GET list is preferred to
// a POST that creates); those below MinConfidence are pruned and each
// input keeps its MaxProducers best producers.
func Infer(api *ir.API, opts Options) *Graph {
	opts = opts.withDefaults()
	x := newInferrer(api, opts)
	g := &Graph{Spec: opts.Spec, InferredBy: InferredByRules, api: api}
	type pair struct{ from, to string }
	chosen := map[pair][]candidate{}
	var order []pair
	for _, group := range x.byConsumer() {
		for _, c := range x.choose(group) {
			k := pair{c.p.op.Name, c.in.op.Name}
			if _, ok := chosen[k]; !ok {
				order = append(order, k)
			}
			chosen[k] = append(chosen[k], c)
		}
	}
	kept := map[*input]int{}
	for _, k := range order {
		e := &Edge{From: k.from, To: k.to, Status: Proposed, Confidence: 1}
		var whys []string
		for _, c := range oneToOne(chosen[k], kept) {
			e.Mappings = append(e.Mappings, Mapping{Output: c.l.path, Input: c.in.name})
			e.Confidence = min(e.Confidence, confidence(c.score))
			whys = append(whys, x.why(c.in, c.e, c.h, c.byRole, c.sameRef))
		}
		var ins []string
		for _, m := range e.Mappings {
			ins = append(ins, m.Input)
		}
		e.Confidence = round2(calibrate(e.Confidence, classOf(api.Operation(k.from), api.Operation(k.to), ins)))
		e.Why = strings.Join(whys, "; ")
		g.Edges = append(g.Edges, e)
	}
	g.Sort()
	return g
}

type inferrer struct {
	api       *ir.API
	opts      Options
	vocab     vocabulary
	producers []*producer
	inputs    []*input
	// byNoun indexes the identifier leaves of primary resources by the
	// nouns naming them; byRef by their identifier type.
	byNoun map[string][]hit
	// refs indexes every leaf by the nouns it refers to by role, for
	// the fallback.
	refs     map[string][]hit
	nounKeys []string
	refKeys  []string
	matches  map[string][]nounHit
	// clash caches kindClash.
	clash map[string]int
	// indexed are the segments that name a resource collection.
	indexed map[string]bool
	// products are the products of the API's types; returns is the type
	// of the primary resource each operation returns.
	products products
	returns  map[*ir.Operation]string
	// returnNoun caches returnedNoun.
	returnNoun map[*ir.Operation]string
	// filterKinds caches filterKinds; typeByName indexes the API's
	// named types by name.
	filterKindsOf map[*input]map[string]bool
	typeByName    map[string]*ir.Type
	// facts are what the API's types say of themselves; getOf indexes
	// the GET operations by path, gotByParam the collections a GET
	// reads one item of by a parameter (see tags.go).
	facts      typeFacts
	getOf      map[string]*ir.Operation
	gotByParam map[string]bool
}

type hit struct {
	p *producer
	l *leaf
	n noun
}

type nounHit struct {
	key   string
	score float64
}

func newInferrer(api *ir.API, opts Options) *inferrer {
	x := &inferrer{api: api, opts: opts, vocab: buildVocabulary(api),
		byNoun: map[string][]hit{}, refs: map[string][]hit{}, matches: map[string][]nounHit{}, clash: map[string]int{},
		products: buildProducts(api), returns: map[*ir.Operation]string{}, indexed: indexedSegments(api),
		facts: buildTypeFacts(api)}
	x.getOf, x.gotByParam = getsByPath(api)
	ff := newFieldFacts(api, x.vocab, buildShapes(api))
	inputsOf := map[*ir.Operation][]*input{}
	for _, op := range api.Operations {
		ins := inputs(api, x.vocab, op)
		inputsOf[op] = ins
		x.inputs = append(x.inputs, ins...)
	}
	for _, op := range api.Operations {
		if op.Method == "DELETE" {
			continue
		}
		ls := outputs(api, x.vocab, ff, op, opts.MaxDepth)
		if len(ls) == 0 {
			continue
		}
		p := &producer{op: op, leaves: ls, foreign: foreignProducer(op) && !isSearch(op)}
		for _, l := range ls {
			if l.obj.primary {
				p.names = l.obj.names
				x.returns[op] = l.obj.typeName
				break
			}
		}
		single := (op.Method == "GET" || op.Method == "HEAD") && singleResource(ls)
		for _, in := range inputsOf[op] {
			// A GET of one resource by optional query parameters
			// (Jira's getUser?accountId=) needs one of them all the same.
			if in.required || single {
				p.requires = append(p.requires, in)
			}
		}
		p.kind, p.weight = producerKind(op, p.requires)
		x.producers = append(x.producers, p)
		for _, l := range ls {
			if l.obj.primary && l.identity(x.vocab) {
				for _, n := range l.obj.names {
					x.byNoun[n.key()] = append(x.byNoun[n.key()], hit{p, l, n})
				}
				if len(l.entity) > 0 {
					n := noun{words: l.entity, weight: 0.9, source: "field " + l.field}
					x.byNoun[n.key()] = append(x.byNoun[n.key()], hit{p, l, n})
				}
			}
			for _, n := range roleNouns(l) {
				x.refs[n.key()] = append(x.refs[n.key()], hit{p, l, n})
			}
		}
	}
	for k := range x.byNoun {
		x.nounKeys = append(x.nounKeys, k)
	}
	for k := range x.refs {
		x.refKeys = append(x.refKeys, k)
	}
	sort.Strings(x.nounKeys)
	sort.Strings(x.refKeys)
	return x
}

// singleResource reports whether the leaves' primary resource is one
// object (not the items of a list).
func singleResource(ls []*leaf) bool {
	for _, l := range ls {
		if l.obj.primary {
			return l.obj.path == "$"
		}
	}
	return false
}

// roleNouns returns the nouns a leaf refers to other than as its
// primary resource's identifier: the resource its name refers to
// ("requester" for requester_id, "namespace"), or the role and type of
// the embedded object it identifies ("owner" and "user" for
// $.owner.login).
func roleNouns(l *leaf) []noun {
	var out []noun
	if len(l.entity) > 0 {
		out = append(out, noun{words: l.entity, weight: 1, source: "field " + l.field})
	}
	if l.attr != attrNone && len(l.entity) == 0 && !l.obj.primary {
		out = append(out, l.obj.names...)
	}
	return out
}

// producerKind says how safe an operation is to call to get data, as a
// weight: a GET that needs no identifiers is best, then a GET that does,
// then a POST that creates, then other writes.
func producerKind(op *ir.Operation, requires []*input) (string, float64) {
	switch op.Method {
	case "GET", "HEAD":
		if len(requires) == 0 {
			return "returns", 1
		}
		return "returns", 0.97
	case "POST":
		if !endsWithParam(op.Path) {
			return "creates", 0.9
		}
		return "returns", 0.85
	}
	return "returns", 0.85
}

// candidate is one producer's best field for one input.
type candidate struct {
	in    *input
	p     *producer
	l     *leaf
	score float64
	// byRole is set for a field found by role, the fallback.
	byRole bool
	// e, h and sameRef are what the explanation (inferrer.why) reads,
	// written only for the candidates chosen.
	e       noun
	h       hit
	sameRef bool
}

// byConsumer groups the inputs by their operation, in API order.
func (x *inferrer) byConsumer() [][]*input {
	var out [][]*input
	for i, in := range x.inputs {
		if i == 0 || x.inputs[i-1].op != in.op {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], in)
	}
	return out
}

// choose picks the producers of one consumer's inputs. A producer that
// also fills the consumer's other inputs gains a little, so that the
// owner and the repo of /repos/{owner}/{repo} come from the same list of
// repositories. Keys are kept whole (see wholeKeys): where a producer
// gives every part of a key from one item, producers that give only a
// part are dropped, and each chosen producer brings the other parts.
func (x *inferrer) choose(group []*input) []candidate {
	all := make([][]candidate, len(group))
	fills := map[*producer]int{}
	for i, in := range group {
		all[i] = x.candidates(in)
		for _, c := range all[i] {
			fills[c.p]++
		}
	}
	x.roleCompanions(group, all, fills)
	for i := range group {
		for j := range all[i] {
			all[i][j].score += 0.02 * float64(min(fills[all[i][j].p]-1, 3))
		}
	}
	k := newKeys(group, all)
	var out []candidate
	for i := range group {
		cs := k.whole(i)
		for _, c := range x.prune(cs) {
			out = append(out, c)
			out = append(out, k.companions(i, c)...)
		}
	}
	return withScope(group, k, out)
}

// withScope drops the candidates for a path identifier scoped by a key
// (the issue_number of /repos/{owner}/{repo}/issues/{issue_number})
// whose producer neither needs the key nor gives it: an issue number
// from a search without its repository names no issue.
func withScope(group []*input, k *keys, out []candidate) []candidate {
	fills := map[*producer]map[string]bool{}
	for _, c := range out {
		if fills[c.p] == nil {
			fills[c.p] = map[string]bool{}
		}
		fills[c.p][c.in.name] = true
	}
	kept := out[:0]
	for _, c := range out {
		if scopeMissing(group, k, c, fills[c.p]) {
			continue
		}
		kept = append(kept, c)
	}
	return kept
}

// scopeMissing reports whether c fills a path input that comes after a
// key in its path while its producer gives no part of that key.
func scopeMissing(group []*input, k *keys, c candidate, fills map[string]bool) bool {
	if c.in.loc != "path" {
		return false
	}
	at := strings.Index(c.in.op.Path, "{"+c.in.param+"}")
	for i, s := range group {
		if s == c.in || s.loc != "path" || len(k.key[i]) == 0 {
			continue
		}
		if j := strings.Index(c.in.op.Path, "{"+s.param+"}"); j < 0 || j > at {
			continue
		}
		if !fills[s.name] && !c.p.needs(s.name) {
			return true
		}
	}
	return false
}

// roleCompanions adds, for each path input filled only by role (an
// owner), the fields of the producers of the consumer's other path inputs
// that give it by role from the same item: the repositories that give
// /networks/{owner}/{repo}'s repo give its owner too, though networks
// are not what they list.
func (x *inferrer) roleCompanions(group []*input, all [][]candidate, fills map[*producer]int) {
	for i, in := range group {
		if in.loc != "path" || !allByRole(all[i]) {
			continue
		}
		items := map[*producer][]*leaf{}
		for j, cs := range all {
			if j == i || group[j].loc != "path" || allByRole(cs) {
				continue
			}
			for _, c := range cs {
				items[c.p] = append(items[c.p], c.l)
			}
		}
		have := map[*producer]bool{}
		for _, c := range all[i] {
			have[c.p] = true
		}
		best := map[*producer]candidate{}
		for _, e := range in.entities {
			for _, nh := range x.nounMatches(e.words, x.refKeys, "ref") {
				if x.otherSpecies(in, e, x.refs[nh.key][0].n) {
					continue
				}
				for _, h := range x.refs[nh.key] {
					if have[h.p] || !tiedToAny(h.l, items[h.p]) {
						continue
					}
					c, ok := x.score(in, e, h, nh.score, true)
					if ok && c.score >= x.opts.MinConfidence && c.score > best[h.p].score {
						best[h.p] = c
					}
				}
			}
		}
		for _, c := range best {
			all[i] = append(all[i], c)
			fills[c.p]++
		}
		sort.Slice(all[i], func(a, b int) bool { return all[i][a].p.op.Name < all[i][b].p.op.Name })
	}
}

func allByRole(cs []candidate) bool {
	for _, c := range cs {
		if !c.byRole {
			return false
		}
	}
	return true
}

func tiedToAny(l *leaf, ls []*leaf) bool {
	for _, o := range ls {
		if tied(l, o) {
			return true
		}
	}
	return false
}

// keys holds one consumer's candidates by input and producer, and which
// path inputs make up a key together.
type keys struct {
	group []*input
	all   [][]candidate
	by    []map[*producer]candidate
	// key[i] are the other inputs that, with input i, make up the key an
	// item must give whole.
	key [][]int
}

// newKeys finds the keys of one consumer. Two path inputs make up one
// key when one of them is filled only by role (no tool returns owners:
// a repository's owner.login gives the owner of /repos/{owner}/{repo})
// and some producer gives both from one item: the role's field sits in
// an object directly inside the object holding the other's field
// ($[*].owner.login beside $[*].name).
func newKeys(group []*input, all [][]candidate) *keys {
	k := &keys{group: group, all: all, by: make([]map[*producer]candidate, len(group)), key: make([][]int, len(group))}
	byRole := make([]bool, len(group))
	for i, cs := range all {
		k.by[i] = map[*producer]candidate{}
		byRole[i] = len(cs) > 0 && allByRole(cs)
		for _, c := range cs {
			k.by[i][c.p] = c
		}
	}
	// Inputs tied by some producer join one key, transitively: a task
	// listed with its owner belongs to a repository too.
	comp := make([]int, len(group))
	for i := range comp {
		comp[i] = i
	}
	find := func(i int) int {
		for comp[i] != i {
			i = comp[i]
		}
		return i
	}
	for i, a := range group {
		for j, b := range group {
			if i >= j || a.loc != "path" || b.loc != "path" || !(byRole[i] || byRole[j]) {
				continue
			}
			for p, c := range k.by[i] {
				if d, ok := k.by[j][p]; ok && tied(c.l, d.l) {
					comp[find(i)] = find(j)
					break
				}
			}
		}
	}
	for i := range group {
		for j := range group {
			if i != j && find(i) == find(j) {
				k.key[i] = append(k.key[i], j)
			}
		}
	}
	return k
}

// tied reports whether two leaves come from one item: one's object sits
// directly inside the other's.
func tied(a, b *leaf) bool {
	if a.path == b.path {
		return false
	}
	return parentObject(a.obj.path) == b.obj.path || parentObject(b.obj.path) == a.obj.path
}

// parentObject returns the path of the object that holds the object at
// path: "$[*]" for "$[*].owner" and for "$[*].labels[*]".
func parentObject(path string) string {
	if i := strings.LastIndex(path, "."); i > 0 {
		return path[:i]
	}
	return ""
}

// fillsKey reports whether c's producer gives every other part of input
// i's key, from c's item or because it needs that part itself (issues of
// one repository give issue numbers scoped to that repository).
func (k *keys) fillsKey(i int, c candidate) bool {
	for _, j := range k.key[i] {
		if d, ok := k.by[j][c.p]; ok && tied(c.l, d.l) {
			continue
		}
		if c.p.needs(k.group[j].name) {
			continue
		}
		return false
	}
	return true
}

// whole returns input i's candidates, without those that give only part
// of its key when others give all of it.
func (k *keys) whole(i int) []candidate {
	cs := k.all[i]
	if len(k.key[i]) == 0 {
		return cs
	}
	var out []candidate
	for _, c := range cs {
		if k.fillsKey(i, c) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cs
	}
	return out
}

// companions returns the candidates of c's producer for the other parts
// of input i's key that it gives from c's item.
func (k *keys) companions(i int, c candidate) []candidate {
	var out []candidate
	for _, j := range k.key[i] {
		if d, ok := k.by[j][c.p]; ok && tied(c.l, d.l) {
			out = append(out, d)
		}
	}
	return out
}

// sibling returns the producer's field of that name in l's object, or
// nil.
func (p *producer) sibling(l *leaf, field string) *leaf {
	for _, o := range p.leaves {
		if o.obj == l.obj && o.field == field {
			return o
		}
	}
	return nil
}

// needs reports whether the producer requires an input of that name.
func (p *producer) needs(name string) bool {
	for _, r := range p.requires {
		if r.name == name {
			return true
		}
	}
	return false
}

// oneToOne keeps, of one edge's candidates, one for each input, and
// one output field only for inputs that name the same thing: a team's
// id is its id or its parent's, never both in one call (teams[*].id to
// team_id and parent_team_id would make a team its own parent), while a
// namespace's name fills both the path's namespace and the body's
// metadata.namespace, which must agree.
//
// kept counts, across the consumer's edges, how many fill each input:
// where one field could fill either of two body or query inputs within
// the margin, the one no edge fills yet wins, so that one list of
// branches gives a pull request its head and another its base (path
// inputs go by score: they come whole with their keys).
func oneToOne(cs []candidate, kept map[*input]int) []candidate {
	rank := func(c candidate) float64 {
		if c.in.loc == "path" {
			return c.score
		}
		return c.score - margin*float64(min(kept[c.in], 1))
	}
	sort.SliceStable(cs, func(i, j int) bool { return rank(cs[i]) > rank(cs[j]) })
	ins := map[string]bool{}
	outs := map[string]*input{}
	byObj := map[*object][]*input{}
	var out []candidate
	for _, c := range cs {
		if ins[c.in.name] {
			continue
		}
		if other := outs[c.l.path]; other != nil && !sameThing(other, c.in) {
			continue
		}
		if relatedToAny(byObj[c.l.obj], c.in) {
			continue
		}
		byObj[c.l.obj] = append(byObj[c.l.obj], c.in)
		ins[c.in.name] = true
		kept[c.in]++
		if outs[c.l.path] == nil {
			outs[c.l.path] = c.in
		}
		out = append(out, c)
	}
	return out
}

// sameThing reports whether two inputs may take the same value in one
// call: not when their names say opposite things (ids to add and ids to
// remove), nor when one names a thing related to the other's
// ("parent_team_id" beside "team_id": its entity words end in the
// other's and say more), nor when the call needs both and they name
// different things (a pull request's head and base: a branch merged
// into itself). Optional inputs of different roles may share a value
// (a ticket's assignee and requester).
func sameThing(a, b *input) bool {
	if opposed(lastName(a.name), lastName(b.name)) {
		return false
	}
	ea, _ := nameParts(lastName(a.name))
	eb, _ := nameParts(lastName(b.name))
	if len(ea) < len(eb) {
		ea, eb = eb, ea
	}
	if len(eb) == 0 {
		return true
	}
	if len(ea) == len(eb) {
		return !a.required || !b.required || slicesEqual(singulars(ea), singulars(eb))
	}
	return !slicesEqual(ea[len(ea)-len(eb):], eb)
}

// relatedToAny reports whether the input names the parent of what one
// of the others names ("parent_team_slug" beside "team_id": its entity
// words are the other's after "parent"): two fields of one item (a
// team's id and its slug) would fill both, making the item its own
// parent. Other relations may hold between an item and itself in a
// reader's eyes (an issue's duplicate is labelled from the same list
// of issues) and are left alone.
func relatedToAny(others []*input, in *input) bool {
	for _, o := range others {
		ea, _ := nameParts(lastName(o.name))
		eb, _ := nameParts(lastName(in.name))
		if len(ea) < len(eb) {
			ea, eb = eb, ea
		}
		if len(eb) > 0 && len(ea) == len(eb)+1 && ea[0] == "parent" && slicesEqual(ea[1:], eb) {
			return true
		}
	}
	return false
}

// opposites are words of names that undo each other: one value in both
// (repository_ids_to_add and repository_ids_to_remove) makes a call that
// contradicts itself.
var opposites = map[string]string{"add": "remove", "remove": "add", "include": "exclude", "exclude": "include",
	"allow": "deny", "deny": "allow", "enable": "disable", "disable": "enable", "grant": "revoke", "revoke": "grant"}

// opposed reports whether two names say opposite things: one has a word
// whose opposite the other has.
func opposed(a, b string) bool {
	bw := map[string]bool{}
	for _, w := range splitWords(b) {
		bw[w] = true
	}
	for _, w := range splitWords(a) {
		if o, ok := opposites[w]; ok && bw[o] && !bw[w] {
			return true
		}
	}
	return false
}

// singulars returns the singular of each word.
func singulars(ws []string) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = english.Singular(w)
	}
	return out
}

// lastName returns the last part of a dotted input name, without a
// filter operator: "namespace" for "body.metadata.namespace".
func lastName(name string) string {
	name = stripOperator(name)
	return name[strings.LastIndex(name, ".")+1:]
}

// nounMatches returns the indexed noun keys that match the words, with
// their match scores (cached).
func (x *inferrer) nounMatches(words []string, keys []string, cache string) []nounHit {
	ck := cache + "\x00" + strings.Join(words, " ")
	if m, ok := x.matches[ck]; ok {
		return m
	}
	var out []nounHit
	idx := x.byNoun
	if cache == "ref" {
		idx = x.refs
	}
	for _, k := range keys {
		hs := idx[k]
		if len(hs) == 0 {
			continue
		}
		if s := nounMatch(words, hs[0].n.words); s > 0 {
			out = append(out, nounHit{k, s})
		}
	}
	x.matches[ck] = out
	return out
}

// candidates returns every producer for one input above MinConfidence.
func (x *inferrer) candidates(in *input) []candidate {
	best := map[*producer]candidate{}
	consider := func(c candidate) {
		if c.score < x.opts.MinConfidence {
			return
		}
		if old, ok := best[c.p]; !ok || c.score > old.score || c.score == old.score && len(c.l.path) < len(old.l.path) {
			best[c.p] = c
		}
	}
	for _, e := range in.entities {
		for _, nh := range x.nounMatches(e.words, x.nounKeys, "noun") {
			if x.otherSpecies(in, e, x.byNoun[nh.key][0].n) {
				continue
			}
			for _, h := range x.byNoun[nh.key] {
				if c, ok := x.score(in, e, h, nh.score, false); ok {
					consider(c)
				}
			}
		}
	}
	if len(best) == 0 && (in.loc == "path" || x.knownNoun(in)) {
		context := pathNouns(in.op.Path)
		about := map[*producer]bool{}
		for _, e := range in.entities {
			for _, nh := range x.nounMatches(e.words, x.refKeys, "ref") {
				if x.otherSpecies(in, e, x.refs[nh.key][0].n) {
					continue
				}
				for _, h := range x.refs[nh.key] {
					ok, seen := about[h.p]
					if !seen {
						ok = h.p.about(context)
						about[h.p] = ok
					}
					if !ok {
						continue
					}
					if c, ok := x.score(in, e, h, nh.score, true); ok {
						consider(c)
					}
				}
			}
		}
	}
	out := make([]candidate, 0, len(best))
	for _, c := range best {
		out = append(out, c)
	}
	return preferCollection(in, preferOwn(out))
}

// preferOwn drops the candidates from foreign producers (what the
// caller starred or watches, another user's or everyone's things; a
// search is not foreign here) when another candidate lists the caller's
// own: judged GitHub edges from foreign producers were right one time in
// four, mostly where nothing else gave the value.
func preferOwn(cs []candidate) []candidate {
	own := false
	for _, c := range cs {
		own = own || !c.p.foreign
	}
	if !own {
		return cs
	}
	out := cs[:0]
	for _, c := range cs {
		if !c.p.foreign {
			out = append(out, c)
		}
	}
	return out
}

// prune ranks one input's candidates, keeps the best MaxProducers and
// drops those far behind the best.
func (x *inferrer) prune(out []candidate) []candidate {
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.score != b.score {
			return a.score > b.score
		}
		// On a tie the cap keeps the producers that need less and
		// give the field more directly.
		if len(a.p.requires) != len(b.p.requires) {
			return len(a.p.requires) < len(b.p.requires)
		}
		if a.l.depth != b.l.depth {
			return a.l.depth < b.l.depth
		}
		return a.p.op.Name < b.p.op.Name
	})
	if x.opts.MaxProducers > 0 && len(out) > x.opts.MaxProducers {
		out = out[:x.opts.MaxProducers]
	}
	// Producers far behind the best are other things by the same name
	// (check runs for a workflow run id, review comments for an issue
	// comment id) more often than not.
	for i := range out {
		if out[i].score < out[0].score-margin {
			out = out[:i]
			break
		}
	}
	return out
}

// confidence turns a score, which bonuses may push past 1 for ranking,
// into the confidence a reviewer reads: at most 0.99, two decimals.
func confidence(score float64) float64 {
	return round2(min(0.99, score))
}

// margin is how far behind an input's best producer another may be.
const margin = 0.2

// consensus adds a little for each other name of the leaf's object that
// agrees with the input's noun: a list of "repos" of type repository is
// surer than a list of "starred" of type repository.
func (x *inferrer) consensus(e noun, h hit) float64 {
	extra := 0.0
	for _, n := range h.l.obj.names {
		if !joinedEqual(n.words, h.n.words, false) && nounMatch(e.words, n.words) >= 0.8 {
			extra += 0.03
		}
	}
	return min(extra, 0.06)
}

// score rates one leaf of one producer for an input that names the
// resource e; match is how well e matches the noun the leaf was found
// by. byRole marks the fallback; otherwise the object's other names add
// their consensus, worked out only for a leaf no check rules out.
func (x *inferrer) score(in *input, e noun, h hit, match float64, byRole bool) (candidate, bool) {
	p, l := h.p, h.l
	if p.op == in.op || x.circular(p, in) || selfOnly(in) && p.op.Path != authenticatedUserRoot ||
		ownerClash(p.op.Path, in) || writesThrough(p, in) || tokenClash(in, l) || globalIDClash(in, l) ||
		x.productClash(in, e, l, byRole) || x.givesBackKey(p, l) ||
		otherScopeFilter(p.op.Path, in) || outsiders(p.op.Path, in) ||
		addsExisting(p.op, in) || x.filterKindClash(in, l) || x.selfKindClash(in, l) || x.previews(p, l) ||
		othersThings(p.op.Path, in) || intoOwnWrite(p.op.Path, x.getOf, in) || describedSHA(in, l) || genericHead(in, e, h.n) ||
		secretByName(in, l) || x.collectionKindClash(in, l) || x.pickedKindClash(in, l) || x.newOwnName(p, in, l) {
		return candidate{}, false
	}
	switch x.kindClash(p.op.Path, in) {
	case clashKind:
		return candidate{}, false
	case clashNamespace:
		if !p.carriesOwner(l, in) {
			return candidate{}, false
		}
	}
	a := attrScore(in, l)
	if a == 0 {
		return candidate{}, false
	}
	if in.qualified && l.attr == attrName {
		// "org/repo" is the item's full_name, if it has one.
		if full := p.sibling(l, "full_name"); full != nil {
			l = full
		} else {
			a *= 0.8
		}
	}
	t := typeScore(in, l)
	if t == 0 {
		return candidate{}, false
	}
	if !byRole {
		match += x.consensus(e, h)
	}
	s := 0.95 * match * e.weight * h.n.weight * a * t * p.weight
	sameRef := in.ref != "" && in.ref == l.ref
	if sameRef {
		s = min(1, s+0.05)
	}
	if byRole {
		if l.obj.inside > 0 || x.echoes(p, in, l) {
			// A field of a resource embedded in another embedded one
			// is that resource's business: the mandate of
			// $.invoice.charge.payment_method_details.card is not the
			// payment intent's (rule 4 of testdata/labels/README.md).
			return candidate{}, false
		}
		// Deeper is less direct: $[*].owner.login beats
		// $[*].payload.forkee.owner.login.
		s *= 0.8 - 0.03*float64(max(0, l.depth-1))
	}
	s *= pathAffinity(p.op.Path, in)
	h.l = l
	return candidate{in: in, p: p, l: l, score: s, byRole: byRole, e: e, h: h, sameRef: sameRef}, true
}

// echoes reports whether l is the body field in itself as a thing of
// the kind the consumer makes gives it back: the radar_options.session
// of a listed payment method is what its creator sent, not something
// to send when creating another.
func (x *inferrer) echoes(p *producer, in *input, l *leaf) bool {
	t := x.returns[p.op]
	return in.loc == "body" && t != "" && t == x.returns[in.op] &&
		strings.HasSuffix(strings.ReplaceAll(l.path, "[*]", ""), "."+strings.ReplaceAll(in.name, "[*]", ""))
}

// pathNouns returns the nouns of a path's literal segments: the
// resources the operation works within.
func pathNouns(path string) [][]string {
	var out [][]string
	for _, seg := range strings.Split(path, "/") {
		if seg == "" || strings.HasPrefix(seg, "{") || skipSegments[seg] || versionRE.MatchString(seg) {
			continue
		}
		var ws []string
		for _, w := range splitWords(seg) {
			ws = append(ws, english.Singular(w))
		}
		out = append(out, ws)
	}
	return out
}

// about reports whether the producer's resource is one of the nouns: the
// fallback reads a role only off the kind of resource the consumer works
// within (a repository's owner for /repos/{owner}/{repo}, a pod's
// containers for /pods/{name}/log), not off anything that has one.
func (p *producer) about(nouns [][]string) bool {
	for _, n := range p.names {
		for _, c := range nouns {
			if nounMatch(c, n.words) >= 0.8 {
				return true
			}
		}
	}
	return false
}

// knownNoun reports whether one of the input's nouns names a resource of
// the API (a path segment or a type): the fallback to fields that refer
// to a resource by role is only worth it for those, or for path
// parameters, which always identify something.
func (x *inferrer) knownNoun(in *input) bool {
	for _, e := range in.entities {
		if x.vocab.known(e.key(), in.loc != "body") {
			return true
		}
	}
	return false
}

// pathAffinity favours producers close to the consumer in the path
// hierarchy: the collection a path parameter indexes
// (GET /repos/{owner}/{repo}/issues for .../issues/{issue_number}) most,
// then producers sharing a longer literal prefix (org secrets for
// /orgs/{org}/... rather than a user's codespaces secrets).
func pathAffinity(producer string, in *input) float64 {
	ps := pathShape(producer)
	cs := pathShape(in.op.Path)
	if in.loc == "path" {
		for i, seg := range strings.Split(strings.Trim(in.op.Path, "/"), "/") {
			if seg == "{"+in.name+"}" || seg == "{"+in.param+"}" {
				if i == len(ps) && slicesEqual(ps, cs[:i]) {
					return 1.08
				}
				break
			}
		}
	}
	shared := 0
	for i := 0; i < len(ps) && i < len(cs) && ps[i] == cs[i]; i++ {
		if ps[i] != "{}" {
			shared++
		}
	}
	return 1 + 0.015*float64(min(shared, 4))
}

// pathShape returns a path's segments with parameters as "{}".
func pathShape(path string) []string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i, s := range segs {
		if strings.HasPrefix(s, "{") {
			segs[i] = "{}"
		}
	}
	return segs
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// circular reports whether p needs the very value it would produce for
// in: one of its required inputs identifies the same resource.
func (x *inferrer) circular(p *producer, in *input) bool {
	for _, r := range p.requires {
		if !attrsOverlap(r, in) {
			continue
		}
		for _, a := range r.entities {
			for _, b := range in.entities {
				if nounMatch(a.words, b.words) >= 0.8 {
					return true
				}
			}
		}
	}
	return false
}

// givesBackKey reports whether l is the identifier p needed to be
// called at all: a GET of one resource by the last parameter of its path
// (/v1/shipping_rates/{shipping_rate_token}) returns that resource's id,
// which the caller already had, whatever the parameter is called (rule
// 2 of testdata/labels/README.md). So does an action on one resource
// (POST /v1/customers/{customer}/sources/{id}/verify): a literal after
// the resource's parameter that is no resource of its own (nothing reads
// it), returning the kind the resource is. A read by name still gives
// the uid: the parameter takes a value of another type or attribute (a
// repository's integer id from /repos/{owner}/{repo}).
func (x *inferrer) givesBackKey(p *producer, l *leaf) bool {
	if !l.obj.primary || l.obj.path != "$" || l.attr != attrID || len(l.entity) > 0 {
		return false
	}
	segs := strings.Split(strings.Trim(p.op.Path, "/"), "/")
	last := segs[len(segs)-1]
	switch {
	case p.op.Method == "GET" && isParam(last):
	case p.op.Method != "GET" && len(segs) > 2 && !isParam(last) && isParam(segs[len(segs)-2]) && x.actsOn(p.op, l):
		last = segs[len(segs)-2]
	default:
		return false
	}
	for _, r := range p.requires {
		if r.loc != "path" || "{"+r.param+"}" != last || r.kind != l.kind {
			continue
		}
		if len(r.attrs) == 0 {
			return true
		}
		for _, a := range r.attrs {
			if a == attrID || a == attrKey {
				return true
			}
		}
	}
	return false
}

// actsOn reports whether op, a call at a literal after a resource's
// parameter, is an action on that resource rather than a resource of its
// own: no GET reads its path or an item under it, and the GET of the
// resource returns the kind of l's object (itself or one of a union:
// a customer's source is an account, a bank account, a card or a
// source).
func (x *inferrer) actsOn(op *ir.Operation, l *leaf) bool {
	if x.getOf[op.Path] != nil || x.gotByParam[strings.Join(pathShape(op.Path), "/")] {
		return false
	}
	get := x.getOf[op.Path[:strings.LastIndex(op.Path, "/")]]
	if get == nil || l.obj.typeName == "" {
		return false
	}
	r := get.SuccessResponse()
	if r == nil || r.Schema == nil {
		return false
	}
	if typeName(x.api, r.Schema) == l.obj.typeName {
		return true
	}
	if u := x.api.Resolve(r.Schema); u != nil && u.Kind == ir.KindUnion {
		for _, v := range u.Variants {
			if typeName(x.api, v) == l.obj.typeName {
				return true
			}
		}
	}
	return false
}

// newOwnName reports whether in, a create's own identifying field, takes
// the same field of the things it creates, listed: the domain_name of a
// new Apple Pay domain, the name of a new label, is new; one already
// registered is no value to send.
func (x *inferrer) newOwnName(p *producer, in *input, l *leaf) bool {
	if in.loc != "body" || in.op.Method != "POST" || strings.Contains(in.name, ".") || in.name != l.field {
		return false
	}
	segs := strings.Split(strings.Trim(in.op.Path, "/"), "/")
	if isParam(segs[len(segs)-1]) {
		return false
	}
	t := x.returns[in.op]
	return t != "" && l.obj.primary && l.obj.typeName == t && x.returns[p.op] == t && l.identity(x.vocab)
}

// otherScopeFilter reports whether in filters the list its operation
// makes by a value that the same list under another scope gives: the
// runner names of /repos/{owner}/{repo}/actions/runners name none of
// /orgs/{org}/actions/runners, which a filter of the organisation's
// list would find.
func otherScopeFilter(producerPath string, in *input) bool {
	if in.loc != "query" || in.op.Method != "GET" {
		return false
	}
	ps, pt := scopeOf(producerPath)
	cs, ct := scopeOf(in.op.Path)
	return ps != "" && cs != "" && ps != cs && pt != "" && pt == ct
}

// outsiders reports whether the producer lists people outside a
// membership (/orgs/{org}/outside_collaborators: collaborators who are
// not members of the organisation; /orgs/{org}/blocks: users it
// blocked, which removes them) for an input of a members' or
// memberships' path: an outside collaborator or a blocked user is no
// team member to remove or look up.
func outsiders(producerPath string, in *input) bool {
	last := lastSegment(producerPath)
	if !strings.HasPrefix(last, "outside_") && !strings.HasPrefix(last, "outside-") && last != "blocks" {
		return false
	}
	return hasSegment(in.op.Path, "members", "memberships")
}

// addsRE matches descriptions of inputs that name things to add to the
// resource ("ID of the team or teams to add to the repository").
var addsRE = regexp.MustCompile(`(?i)\bto (be )?add(ed)? to (the|this)\b`)

// addsExisting reports whether in names things to add to the resource
// its operation works on and the producer lists those the resource
// already has (/repos/{owner}/{repo}/teams for the team_ids a transfer
// of /repos/{owner}/{repo} adds): adding what is there already changes
// nothing.
func addsExisting(producer *ir.Operation, in *input) bool {
	if !in.adds || producer.Method != "GET" {
		return false
	}
	ps := pathShape(producer.Path)
	own := resourceShape(in.op.Path)
	return len(own) > 0 && len(ps) == len(own)+1 && !isParam(ps[len(own)]) && slicesEqual(ps[:len(own)], own)
}

// resourceShape is the shape of a path up to its last parameter: the
// resource an operation works on (/repos/{}/{} for
// /repos/{owner}/{repo}/transfer).
func resourceShape(path string) []string {
	s := pathShape(path)
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == "{}" {
			return s[:i+1]
		}
	}
	return nil
}

// filterKindClash reports whether in filters a list by a field that
// holds one of several kinds of thing and l's object is none of them: a
// balance transaction's source is the charge, refund, transfer or
// payout behind it, so GET /v1/balance_transactions?source= takes none
// of the payment Sources POST /v1/sources makes.
func (x *inferrer) filterKindClash(in *input, l *leaf) bool {
	kinds := x.filterKinds(in)
	return kinds != nil && l.obj.typeName != "" && !kinds[l.obj.typeName]
}

// filterKinds returns the names of the kinds a query input of a list
// may take when the listed items' field of that name is a union of two
// or more named types, or nil.
func (x *inferrer) filterKinds(in *input) map[string]bool {
	if kinds, ok := x.filterKindsOf[in]; ok {
		return kinds
	}
	var kinds map[string]bool
	if in.loc == "query" && in.op.Method == "GET" {
		if x.typeByName == nil {
			x.typeByName = map[string]*ir.Type{}
			for _, t := range x.api.Types {
				if t.Name != "" {
					x.typeByName[t.Name] = t
				}
			}
		}
		if t := x.typeByName[x.returns[in.op]]; t != nil {
			if r := x.api.Resolve(t.Schema); r != nil {
				for _, prop := range r.Properties {
					if prop.Name == in.name {
						kinds = unionKinds(x.api, prop.Schema)
					}
				}
			}
		}
	}
	if x.filterKindsOf == nil {
		x.filterKindsOf = map[*input]map[string]bool{}
	}
	x.filterKindsOf[in] = kinds
	return kinds
}

// unionKinds returns the names of a union's named variants when it has
// two or more, or nil.
func unionKinds(api *ir.API, s *ir.Schema) map[string]bool {
	kinds := map[string]bool{}
	for _, v := range unwrapUnion(api, s) {
		if n := typeName(api, v); n != "" {
			kinds[n] = true
		}
	}
	if len(kinds) < 2 {
		return nil
	}
	return kinds
}

// scopeWidths are the path roots that scope what follows them, with how
// many segments the scope takes: /repos/{owner}/{repo}/actions/runners
// is a repository's runners, /orgs/{org}/actions/runners an
// organisation's.
var scopeWidths = map[string]int{"repos": 3, "orgs": 2, "enterprises": 2, "users": 2, "user": 1}

// scopeOf splits a path into its scope root and the shape of the rest,
// or "" when it has no scope root.
func scopeOf(path string) (scope, rest string) {
	shape := pathShape(path)
	n := scopeWidths[shape[0]]
	if n == 0 || len(shape) <= n {
		return "", ""
	}
	for _, s := range shape[1:n] {
		if s != "{}" {
			return "", ""
		}
	}
	return shape[0], strings.Join(shape[n:], "/")
}

// attrsOverlap reports whether two inputs may take the same attribute of
// a resource (a bare noun takes any).
func attrsOverlap(a, b *input) bool {
	if len(a.attrs) == 0 || len(b.attrs) == 0 {
		return true
	}
	for _, x := range a.attrs {
		for _, y := range b.attrs {
			if attrCompat(x, y) > 0 {
				return true
			}
		}
	}
	return false
}

// attrCompat says how well two attribute classes agree: 1 for the same,
// less for a login given as a name.
func attrCompat(a, b string) float64 {
	switch {
	case a == b:
		return 1
	case a == attrName && b == attrLogin, a == attrLogin && b == attrName:
		return 0.85
	}
	return 0
}

// naturalKey ranks the attributes a bare noun input ("owner", "repo",
// "namespace") most likely takes.
var naturalKeyString = map[string]float64{attrLogin: 1, attrSlug: 0.95, attrKey: 0.95, attrName: 0.95, attrID: 0.85, attrNumber: 0.8}
var naturalKeyInteger = map[string]float64{attrID: 1, attrNumber: 0.95}

func attrScore(in *input, l *leaf) float64 {
	if l.attr == attrNone {
		// A field named by a noun alone ("namespace") holds that
		// resource's natural key: fine for a bare input, or one asking
		// for a name or key.
		if in.bare {
			return 0.9
		}
		for _, a := range in.attrs {
			if a == attrName || a == attrKey {
				return 0.8
			}
		}
		return 0
	}
	if len(in.attrs) == 0 {
		// The description may say which: "a milestone by its number".
		if len(in.described) > 0 {
			if in.described[l.attr] {
				return 1
			}
			return 0.8 * naturalKeyString[l.attr]
		}
		if in.kind == ir.KindInteger {
			return naturalKeyInteger[l.attr]
		}
		// A string "id" is the key (Stripe's customers); an integer one,
		// or a uid beside a name, is not what a string input takes
		// (GitHub's repo is its name, a Kubernetes namespace its name).
		if l.field == "id" && l.kind == ir.KindString {
			return 1
		}
		return naturalKeyString[l.attr]
	}
	best := 0.0
	for _, a := range in.attrs {
		best = max(best, attrCompat(a, l.attr))
	}
	return best
}

// typeScore says how well the types and formats agree: 1 for the same,
// less for an integer passed as a string, 0 for formats that cannot
// both hold.
func typeScore(in *input, l *leaf) float64 {
	if in.textExample && l.kind == ir.KindInteger {
		// A ruleset history's integer version_id is no artifact
		// version like "1.2.3".
		return 0
	}
	s := 1.0
	if in.kind != l.kind {
		if in.kind == ir.KindInteger {
			s = 0.85 // a string field read as an integer may not parse
		} else {
			s = 0.95
		}
	}
	if in.format != "" && l.format != "" && in.format != l.format {
		intFormats := map[string]bool{"int32": true, "int64": true}
		if !(intFormats[in.format] && intFormats[l.format]) {
			return 0
		}
	}
	if in.format == "uuid" && l.format == "" {
		s *= 0.9
	}
	return s
}

// why explains a mapping to a reviewer.
func (x *inferrer) why(in *input, e noun, h hit, byRole, sameRef bool) string {
	var b strings.Builder
	attr := "natural key"
	if len(in.attrs) > 0 {
		attr = strings.Join(in.attrs, " or ")
	}
	src := e.source
	if src == "path" {
		src = "path " + in.op.Path
	}
	fmt.Fprintf(&b, "%s %s is the %s of %s (%s); ", in.op.Name, in.name, attr, article(e.String()), src)
	l := h.l
	if byRole {
		fmt.Fprintf(&b, "no tool returns %ss, but %s gives %s (%s)", e, h.p.op.Name, l.path, h.n.source)
	} else {
		kind := h.p.kind
		if strings.Contains(l.obj.path, "[*]") && kind == "returns" {
			kind = "lists"
		}
		fmt.Fprintf(&b, "%s %s %ss (%s): %s", h.p.op.Name, kind, h.n, h.n.source, l.path)
	}
	if sameRef {
		fmt.Fprintf(&b, "; both typed %s", refName(x.api, in.ref))
	}
	return b.String()
}

// article puts "a" or "an" before a noun.
func article(n string) string {
	if n != "" && strings.ContainsRune("aeio", rune(n[0])) {
		return "an " + n
	}
	return "a " + n
}

func refName(api *ir.API, ref string) string {
	if t := api.Type(ref); t != nil && t.Name != "" {
		return t.Name
	}
	return ref
}
