package baseline

import (
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
	"github.com/cloudwego/eino/schema"
)

// This file is the baseline's multi-step reasoning: when the tool a
// request needs takes an identifier the request gives only by name ("the
// latest ticket of Anika Moreau"), it calls the tools that give the
// identifier first, one at a time, and carries the value over from their
// answers. It knows which tool gives what only from the tool definitions:
// an argument description that names another tool ("Find it with
// listUsers (`items[].id`)"), else a read tool that takes a query.

// maxChainDepth bounds how many calls a plan puts before the one asked
// for.
const maxChainDepth = 3

// maxCalls bounds the calls the baseline makes for one request.
const maxCalls = 6

// pointerSentence is a sentence of a description that points to another
// tool for the value ("Find it with listUsers (`items[].id`)."): no
// list of the value's own.
var pointerSentence = regexp.MustCompile(`(?i)(?:^|[.!?]\s+)Find it with [^.]*(?:\.|$)`)

// withoutPointers is a description without its pointer sentences.
func withoutPointers(desc string) string {
	return strings.TrimSpace(pointerSentence.ReplaceAllString(desc, " "))
}

// mentionedTool finds a tool's name in a description, followed by the
// path of the value in backquotes.
var mentionedTool = regexp.MustCompile("([A-Za-z_][A-Za-z0-9_.-]*)(?:\\s*\\(`([^`]*)`\\))?")

// producersNamed are the tools other than t a description names, with
// the path that follows each.
func (k *toolkit) producersNamed(t *toolSpec, desc string) []producer {
	var out []producer
	for _, m := range mentionedTool.FindAllStringSubmatch(desc, -1) {
		if m[1] == t.name || k.byName[m[1]] == nil || len(m[1]) < 4 {
			continue
		}
		if !slices.ContainsFunc(out, func(p producer) bool { return p.tool == m[1] }) {
			out = append(out, producer{tool: m[1], path: m[2]})
		}
	}
	return out
}

// made is one call the baseline made since the user's message, with its
// answer.
type made struct {
	tool string
	args map[string]any
	// answer is the tool result as the model read it; data its JSON,
	// nil when it has none.
	answer string
	data   any
}

// madeCalls lists the calls since message from, with their answers.
func madeCalls(in []*schema.Message, from int) []made {
	answers := map[string]string{}
	for _, m := range in[from:] {
		if m != nil && m.Role == schema.Tool {
			answers[m.ToolCallID] = m.Content
		}
	}
	var out []made
	for _, m := range in[from:] {
		if m == nil || m.Role != schema.Assistant {
			continue
		}
		for _, tc := range m.ToolCalls {
			var args map[string]any
			_ = json.Unmarshal([]byte(tc.Function.Arguments), &args)
			ans := answers[tc.ID]
			out = append(out, made{tool: tc.Function.Name, args: args, answer: ans, data: answerData(ans)})
		}
	}
	return out
}

// answerData is the JSON of a tool answer ("200 OK\n{...}"), nil when the
// answer holds none or is an error.
func answerData(answer string) any {
	if strings.HasPrefix(answer, "Invalid arguments for ") {
		return nil
	}
	i := strings.IndexAny(answer, "{[")
	if i < 0 {
		return nil
	}
	if status := strings.Fields(answer[:i]); len(status) > 0 && !strings.HasPrefix(status[0], "2") {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(answer[i:]))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil
	}
	return v
}

// chain is what a request needs beside the tool: the name it gives a
// thing ("Anika Moreau", a quoted title) and which item of a list it
// means ("the latest ticket of ...": pick).
type chain struct {
	request string
	name    string
	pick    string
	// keys are the tokens of values the request gives that the tool
	// asked for cannot take and a source of its identifier can ("the
	// tickets of the user with email X").
	keys []int
	// picked says whether the request picks an item by place, at any
	// depth of the plan (pick is cleared below the first step).
	picked bool
	// nameAt are the name's tokens in the request.
	nameAt []int
	made   []made
	// vocab is the toolkit's (utterance.vocab).
	vocab map[string]bool
}

// sourceRequest is the request as a source of a value reads it: the
// name held back, as it goes to a query or names the item sought, not
// an identifier ("team Identity & Access" is no teamId "Identity"), and
// the request's verb too, which is the last call's.
func (c *chain) sourceRequest() *utterance {
	u := readUtterance(c.request)
	u.vocab = c.vocab
	for _, i := range c.nameAt {
		u.used[i] = true
	}
	if _, verb := requestVerb(u); verb != "" {
		// The verb asks for the last call's action: "follow
		// @anika@mastodon.social" looks the account up, not the
		// accounts one follows.
		for _, w := range u.words {
			if w.stem == verb {
				u.used[w.tok] = true
				break
			}
		}
	}
	return u
}

// newChain is what the request gives for a chain toward t, filled by f,
// and the filler the chain's call of t uses: f, or, when t needs an
// identifier the request gives by a name of several words and f took
// part of that name for another argument, a fill with the whole name
// held back ("the first member of team Identity & Access" is no
// category access: the name is the team's).
func (k *toolkit) newChain(request string, t *toolSpec, f *filler, made []made) (*chain, *filler) {
	c := &chain{request: request, name: f.u.namePhrase(), pick: f.u.pickOf(), made: made, nameAt: f.u.nameTokens(), vocab: k.vocab}
	c.picked = c.pick != ""
	if t.takesIdentifier(f) {
		u := k.read(request)
		for i, tok := range u.toks {
			// Keep what f took but capitalised words: the name's run.
			u.used[i] = f.u.used[i] && (tok.quoted || !capitalized(tok.raw))
		}
		at := u.nameTokens()
		u = k.read(request)
		taken := 0
		for _, i := range at {
			if f.u.used[i] {
				taken++
			}
		}
		if len(at) > 1 && taken > 0 && taken < len(at) {
			for _, i := range at {
				u.used[i] = true
			}
			c.name, c.nameAt = strings.Join(rawTokens(u, at), " "), at
			f = fill(t, u, nil)
		}
	}
	if c.name == "" && t.takesIdentifier(f) {
		i := f.u.slugName()
		if i < 0 && t.needsNumbersOnly(f) {
			i = f.u.keyName()
		}
		if i >= 0 {
			c.name, c.nameAt = f.u.toks[i].raw, []int{i}
		}
	}
	for _, p := range t.params {
		if p.required && p.ident && !f.has(p) {
			c.keys = append(c.keys, k.lookupKeys(p, f.u)...)
		}
	}
	return c, f
}

// listedName gives a list's optional name filter (queryParam) the name the
// request gives one of the things it lists, when no other argument took
// it: "tag the checkout-web project" with only the projects' list at
// hand lists them with name checkout-web, as a model finds the one
// thing before acting on it. The name is the quoted or capitalised one
// (namePhrase), else a slug (slugName) said beside the noun of the
// things listed.
func (f *filler) listedName() {
	q := queryParam(f.tool)
	if q == nil || q.required || f.has(q) || toolAction(f.tool.name, f.tool.desc) != "read" {
		return
	}
	at := f.u.nameTokens()
	said := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(f.tool.desc), func(r rune) bool { return !isLetter(r) && (r < '0' || r > '9') }) {
		said[english.Stem(w)] = true
	}
	if slices.IndexFunc(at, func(i int) bool { return !said[english.Stem(f.u.toks[i].lower)] }) < 0 {
		// "which APIs were updated" names the things listed, not one:
		// the tool's description says its every word ("Get all APIs").
		at = nil
	}
	if len(at) == 0 {
		if i := f.u.slugName(); i >= 0 && f.besideObject(i) {
			at = []int{i}
		}
	}
	if len(at) == 0 {
		return
	}
	if f.set(q, strings.Join(rawTokens(f.u, at), " ")) {
		for _, i := range at {
			f.u.used[i] = true
		}
		f.notes = append(f.notes, q.name+" is the name of the thing sought")
	}
}

// besideObject says whether token i is said right before or after a
// noun of the things the tool lists ("the checkout-web project",
// "project checkout-web"): a slug said elsewhere ("it came up in the
// stand-up") names none of them.
func (f *filler) besideObject(i int) bool {
	near := []int{i - 1, i + 1}
	if i >= 2 && (f.u.toks[i-1].lower == "called" || f.u.toks[i-1].lower == "named") {
		// "the droplet called web-03".
		near = append(near, i-2)
	}
	for _, j := range near {
		if j < 0 || j >= len(f.u.toks) || (j < i && f.u.toks[j].clauseEnd) || (j > i && f.u.toks[i].clauseEnd) {
			continue
		}
		if f.tool.objects[english.Stem(f.u.toks[j].lower)] {
			return true
		}
	}
	return false
}

// slugName is the token, not placed, that names a thing as operators
// write names in lower case: a handle ("@gargron", "@anika@mastodon.social"),
// a word after "called" or "named", or one word joined by dashes, dots,
// slashes or colons ("billing-api", "acme/webapp:package.json", a URL), no
// identifier, number or email. It is what a tool that needs the thing's
// identifier looks up when the request gives no quoted or capitalised
// name; -1 when there is none.
func (u *utterance) slugName() int {
	for i, t := range u.toks {
		if u.used[i] || t.quoted {
			continue
		}
		if handleWritten(t.raw) {
			// "@gargron", "@anika@mastodon.social": a handle names its
			// account.
			return i
		}
		if i > 0 && !u.toks[i-1].clauseEnd && (u.toks[i-1].lower == "called" || u.toks[i-1].lower == "named") &&
			strings.IndexFunc(t.raw, isLetter) >= 0 && !retrieve.IsStopWord(t.lower) {
			// "the account called anika".
			return i
		}
		if idLike(t.raw) || strings.Contains(t.raw, "@") || !nameShaped(t) {
			continue
		}
		if _, num := asNumber(t.raw); num {
			continue
		}
		return i
	}
	return -1
}

// needsNumbersOnly says whether every required identifier t still
// needs is a number (linodeId, an integer): a word joined to digits
// ("web-01") cannot be one, and names the thing instead.
func (t *toolSpec) needsNumbersOnly(f *filler) bool {
	for _, p := range t.params {
		if p.required && p.ident && !f.has(p) && p.scalarType() != "integer" {
			return false
		}
	}
	return true
}

// keyName is the first token, not placed, written as a word and a number
// joined by a dash ("web-01", as a tracker key OPS-311 is written): the
// name of a thing whose identifier is a number; -1 when there is none.
func (u *utterance) keyName() int {
	for i, t := range u.toks {
		if !u.used[i] && !t.quoted && reKey.MatchString(t.raw) {
			return i
		}
	}
	return -1
}

// handleWritten reports whether raw is written as a person's handle: "@"
// and a name, with the server after a second "@" as the fediverse writes
// it ("@anika@mastodon.social").
func handleWritten(raw string) bool {
	name, server, two := strings.Cut(strings.TrimPrefix(raw, "@"), "@")
	if !strings.HasPrefix(raw, "@") || name == "" || strings.IndexFunc(name, isLetter) < 0 || two && !strings.Contains(server, ".") {
		return false
	}
	return !strings.ContainsAny(name, "/:#?")
}

// rawTokens are the tokens at, as written.
func rawTokens(u *utterance, at []int) []string {
	out := make([]string, len(at))
	for i, tok := range at {
		out[i] = u.toks[tok].raw
	}
	return out
}

// lookupKeys are the tokens of the things a request names (an email, an
// identifier) that the tool's filler u left unplaced and that a tool
// p's description names as its source takes: "the tickets of the user
// with email X" looks the user up by that email (listUsers' email
// filter), then carries the one user's id.
func (k *toolkit) lookupKeys(p *param, u *utterance) []int {
	left := u.unplacedThingTokens(nil)
	if len(left) == 0 {
		return nil
	}
	var out []int
	for _, pr := range p.producers {
		src := k.byName[pr.tool]
		if src == nil {
			continue
		}
		sf := fill(src, k.read(u.text), nil)
		if src.takesIdentifier(sf) {
			continue
		}
		for _, i := range left {
			if sf.u.used[i] && !slices.Contains(out, i) {
				out = append(out, i)
			}
		}
	}
	return out
}

// takesKey says whether a source, filled from the request, takes one of
// the chain's keys.
func (c *chain) takesKey(sf *filler) bool {
	return slices.ContainsFunc(c.keys, func(i int) bool { return i < len(sf.u.used) && sf.u.used[i] })
}

// pickWords say which item of a list a request means.
var pickWords = map[string]string{"first": "first", "latest": "first", "newest": "first", "recent": "first",
	"last": "first", "top": "first", "oldest": "last", "earliest": "last"}

// pickOf is the item a request picks from a list: "first", "last" or "".
func (u *utterance) pickOf() string {
	for _, w := range u.words {
		if pick := pickWords[w.lower]; pick != "" {
			return pick
		}
	}
	return ""
}

// step is the next call of a plan.
type step struct {
	tool *toolSpec
	args map[string]any
	why  string
}

// plan returns the next call toward t: t itself with every identifier
// it needs, or the first call that gives a missing one. ok is false when
// a required identifier can be found neither in earlier answers nor by
// a call not made yet.
func (k *toolkit) plan(t *toolSpec, f *filler, c *chain, depth int) (step, bool) {
	if depth > 0 && c.pick != "" {
		// The place picks the item the tool asked for needs ("the
		// latest ticket"); the steps below find the list by name.
		below := *c
		below.pick = ""
		c = &below
	}
	args := maps.Clone(f.args)
	for _, p := range t.params {
		if !p.required || !p.ident || f.has(p) {
			continue
		}
		if v, from, ok := k.carried(t, p, c); ok {
			args[p.name] = v
			f.notes = append(f.notes, fmt.Sprintf("%s from %s's answer", p.name, from))
			continue
		}
		if depth >= maxChainDepth || c.name == "" && c.pick == "" && len(c.keys) == 0 {
			// Nothing to look up: the request does not say which.
			return step{}, false
		}
		srcs := k.sources(t, p, c)
		if slices.ContainsFunc(srcs, c.called) {
			// A source was asked and its answer did not give the
			// value: a model does not try every other.
			return step{}, false
		}
		for _, src := range srcs {
			sf := fill(src, c.sourceRequest(), nil)
			scoped := src.takesIdentifier(sf)
			if scoped && !c.picked {
				// Without a place ("the first member of ..."), the name
				// is the thing p identifies, not the scope of a list of
				// them: "assign asset X to Lucas Johansson" does not
				// look a team up by that name.
				continue
			}
			if c.name == "" && c.pick == "" && !scoped && !c.takesKey(sf) {
				// Looked up by a value the request gives: only a
				// source that takes it finds the thing.
				continue
			}
			if q := queryParam(src); q != nil && c.name != "" && !scoped {
				sf.args[q.name] = c.name
			}
			if next, ok := k.plan(src, sf, c, depth+1); ok {
				if next.tool == src {
					next.why = fmt.Sprintf("%s needs %s, which %s gives", t.name, p.name, src.name)
				}
				return next, true
			}
		}
		return step{}, false
	}
	return step{tool: t, args: args}, true
}

// takesIdentifier says whether a tool needs a required identifier the
// filler has not found: such a tool is scoped by that identifier, and a
// name goes to the tool that finds it.
func (t *toolSpec) takesIdentifier(f *filler) bool {
	for _, p := range t.params {
		if p.required && p.ident && !f.has(p) {
			return true
		}
	}
	return false
}

// sources are the tools that may give p's value, best first: the ones
// its description names; else the read tools that take a query, when
// the request has a name to look up. With a pick ("the first member of
// team X") a list scoped by another identifier comes first: the name is
// that identifier's, and the pick the list's; without one, a tool that
// takes the name as its query does.
func (k *toolkit) sources(t *toolSpec, p *param, c *chain) []*toolSpec {
	var out []*toolSpec
	for _, pr := range p.producers {
		if src := k.byName[pr.tool]; src != nil && src != t {
			out = append(out, src)
		}
	}
	if len(out) > 0 && c.name != "" && c.pick == "" {
		// A name, and the named sources list without a filter that
		// takes it ("the ticket “DNS fails”" with listTickets): a tool
		// that lists the same things and takes a query finds it.
		for _, src := range k.listsOf(t, p) {
			if queryParam(src) != nil && !slices.Contains(out, src) &&
				!slices.ContainsFunc(out, func(o *toolSpec) bool { return queryParam(o) != nil }) {
				out = append(out, src)
			}
		}
	}
	if len(out) == 0 && c.name != "" {
		// The list of the things p identifies comes first ("close the
		// v2.0 milestone": list the milestones, find v2.0 among them),
		// then any tool that looks things up by name.
		out = append(out, k.listsOf(t, p)...)
		for _, src := range k.lookupTools() {
			if src != t && !slices.Contains(out, src) {
				out = append(out, src)
			}
		}
	}
	lists := k.listsOf(t, p)
	scoped := func(src *toolSpec) int {
		score := 0
		if c.name != "" && slices.Contains(lists, src) {
			// "delete the 'QA bot' token": the tokens' list finds it,
			// not the members' search that happens to take a filter.
			score = 4
		}
		if queryParam(src) != nil {
			score++
		}
		required := false
		for _, q := range src.params {
			required = required || q.required && q.ident
		}
		if required == (c.pick != "") {
			score += 2
		}
		return -score
	}
	slices.SortStableFunc(out, func(a, b *toolSpec) int { return scoped(a) - scoped(b) })
	return out
}

// listsOf are the read tools, other than t, whose name's object is what
// p identifies (list-milestones for milestone_number, or for the id of
// a tool whose object is a milestone), by name.
func (k *toolkit) listsOf(t *toolSpec, p *param) []*toolSpec {
	var out []*toolSpec
	for _, n := range slices.Sorted(maps.Keys(k.byName)) {
		src := k.byName[n]
		if src == t || toolAction(src.name, src.desc) != "read" {
			continue
		}
		stems := p.stems
		if generic(p) {
			// An id names the tool's own object: orgGetLabel's id a label.
			stems = []string{t.object}
		}
		for _, st := range stems {
			if !idWords[st] && st != "number" && src.objects[st] {
				out = append(out, src)
				break
			}
		}
	}
	return out
}

// lookupTools are the tools that look things up by name: read tools
// (or searches) with a query argument, by name.
func (k *toolkit) lookupTools() []*toolSpec {
	var out []*toolSpec
	for _, n := range slices.Sorted(maps.Keys(k.byName)) {
		t := k.byName[n]
		if queryParam(t) != nil && (toolAction(t.name, t.desc) == "read" || t.topic["search"]) {
			out = append(out, t)
		}
	}
	return out
}

// queryParam is the tool's text argument that looks things up by name
// (q, query, search, name, ...): a top-level one, else one in an object
// of filters ("filters": {"name": ...}, as a POST list takes its
// filters in the body); nil when it has none.
func queryParam(t *toolSpec) *param {
	var nested *param
	for _, p := range t.params {
		if p.scalarType() != "string" || len(p.enum) > 0 || !queryWords[strings.ToLower(p.key)] {
			continue
		}
		if len(p.path) == 1 {
			return p
		}
		if len(p.path) == 2 && nested == nil && filterObjects[strings.ToLower(p.path[0])] {
			nested = p
		}
	}
	return nested
}

// filterObjects name an object argument that holds a list's filters.
var filterObjects = map[string]bool{"filter": true, "filters": true, "query": true, "search": true, "where": true}

// carried finds p's value in an earlier answer: the identifier of the
// item the request names, or, with a pick, of the list's first (or last)
// item, or of the one item a lookup found. It reads the answers of the
// tools p's description names, else of any call made.
func (k *toolkit) carried(t *toolSpec, p *param, c *chain) (any, string, bool) {
	var lists []*toolSpec
	for i := len(c.made) - 1; i >= 0; i-- {
		m := c.made[i]
		if m.data == nil {
			continue
		}
		path := ""
		named := true
		if len(p.producers) > 0 {
			at := slices.IndexFunc(p.producers, func(pr producer) bool { return pr.tool == m.tool })
			if at >= 0 {
				path = p.producers[at].path
			} else {
				// A tool that lists the things p identifies, not named
				// by its description (a search that took the name):
				// only the item that says the name.
				if lists == nil {
					lists = k.listsOf(t, p)
				}
				if c.name == "" || !slices.ContainsFunc(lists, func(l *toolSpec) bool { return l.name == m.tool }) {
					continue
				}
				named = false
			}
		}
		items, field := itemsAt(m.data, path)
		if len(items) == 0 {
			continue
		}
		var item map[string]any
		if c.name != "" {
			// The item whose text field is the name, else one that
			// holds all its words.
			for _, loose := range []bool{false, true} {
				if at := slices.IndexFunc(items, func(it map[string]any) bool { return namesItem(it, c.name, loose) }); at >= 0 {
					item = items[at]
					break
				}
			}
		}
		lookedUp := c.name != "" && slices.ContainsFunc(slices.Collect(maps.Values(m.args)), func(v any) bool { s, _ := v.(string); return s == c.name })
		switch {
		case item != nil:
		case !named:
			continue
		case len(items) == 1 && (lookedUp || len(m.args) > 0):
			item = items[0]
		case c.pick == "first" && !lookedUp:
			item = items[0]
		case c.pick == "last" && !lookedUp:
			item = items[len(items)-1]
		default:
			continue
		}
		if v, ok := fieldValue(item, field, p); ok && p.fits(v) {
			return v, m.tool, true
		}
	}
	return nil, "", false
}

// itemsAt are the items of an answer a path ("items[].id") walks
// through, and the field of each that holds the value ("id"). Without a
// path the items are the answer's first list of objects (or the answer
// itself when it is one object), and the field is found by fieldValue.
func itemsAt(data any, path string) ([]map[string]any, string) {
	if path != "" {
		if i := strings.LastIndex(path, "[]"); i >= 0 {
			list := walk(data, strings.Trim(path[:i], "."))
			return objects(list), strings.Trim(path[i+2:], ".")
		}
		obj, _ := data.(map[string]any)
		if obj == nil {
			return nil, ""
		}
		return []map[string]any{obj}, path
	}
	switch v := data.(type) {
	case []any:
		return objects(v), ""
	case map[string]any:
		for _, key := range slices.Sorted(maps.Keys(v)) {
			if list, ok := v[key].([]any); ok && len(objects(list)) > 0 {
				return objects(list), ""
			}
		}
		return []map[string]any{v}, ""
	}
	return nil, ""
}

// walk follows a dotted path of object keys.
func walk(data any, path string) any {
	if path == "" {
		return data
	}
	for _, key := range strings.Split(path, ".") {
		obj, ok := data.(map[string]any)
		if !ok {
			return nil
		}
		data = obj[key]
	}
	return data
}

func objects(v any) []map[string]any {
	list, _ := v.([]any)
	var out []map[string]any
	for _, x := range list {
		if obj, ok := x.(map[string]any); ok {
			out = append(out, obj)
		}
	}
	return out
}

// namesItem says whether an item is the one a name names: a text field
// equal to it, or, loose, for a name of two words or more, holding all
// its words among its text fields ("Anika Moreau" for first_name and
// last_name).
func namesItem(item map[string]any, name string, loose bool) bool {
	want := retrieve.Words(name)
	have := map[string]bool{}
	for _, v := range item {
		s, ok := v.(string)
		if !ok {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(s), strings.TrimSpace(name)) {
			return true
		}
		for _, w := range retrieve.Words(s) {
			have[w] = true
		}
	}
	if !loose || len(want) < 2 {
		return false
	}
	for _, w := range want {
		if !have[w] {
			return false
		}
	}
	return true
}

// fieldValue is the value of an item's field (a dotted path); without
// one, its "id", else the one field named like p ("ticket_id" for
// ticketId).
func fieldValue(item map[string]any, field string, p *param) (any, bool) {
	if field != "" {
		v := walk(item, field)
		return v, v != nil
	}
	if v, ok := item["id"]; ok && v != nil {
		return v, true
	}
	for key, v := range item {
		if equalStrings(readParam(key, nil).fullStems, p.fullStems) && v != nil {
			return v, true
		}
	}
	return nil, false
}

// called says whether the tool was called.
func (c *chain) called(t *toolSpec) bool {
	return slices.ContainsFunc(c.made, func(m made) bool { return m.tool == t.name })
}

// madeAlready says whether a call of the tool with these arguments was
// made.
func (c *chain) madeAlready(tool string, args map[string]any) bool {
	want := encodeArgs(args)
	for _, m := range c.made {
		if m.tool == tool && encodeArgs(m.args) == want {
			return true
		}
	}
	return false
}

// fits says whether a value may be the argument's: a string that matches
// its pattern, when it has one.
func (p *param) fits(v any) bool {
	s, ok := v.(string)
	return !ok || p.pattern == nil || p.pattern.MatchString(s)
}

// continuation is the tool a request goes on to once the tool it read
// as asked for was called and turned out to be a lookup: a tool scoring
// within askMargin of it, not called yet, that needs a required
// identifier a call made gives (its description names that tool), and
// whose name's first noun (what it gives) the request says and the
// called tool's name does not ("Which tickets of the user with email X": listUsers found
// the user, listTicketsForUser lists the tickets; "show the user with
// email X" asks nothing listUsers did not answer). nil when none is.
func (k *toolkit) continuation(hits []retrieve.Hit, called *toolSpec, done []made, u *utterance) *toolSpec {
	said := map[string]bool{}
	for _, w := range u.words {
		said[w.stem] = true
	}
	own := map[string]bool{}
	for _, w := range retrieve.Words(called.name) {
		own[english.Stem(w)] = true
	}
	for _, h := range hits[1:] {
		if h.Score < hits[0].Score-askMargin {
			break
		}
		t := k.byName[h.Name]
		if t == nil || slices.ContainsFunc(done, func(m made) bool { return m.tool == t.name }) {
			continue
		}
		fed := slices.ContainsFunc(t.params, func(p *param) bool {
			return p.required && p.ident && slices.ContainsFunc(p.producers, func(pr producer) bool {
				return slices.ContainsFunc(done, func(m made) bool { return m.tool == pr.tool && m.data != nil })
			})
		})
		if !fed {
			continue
		}
		if head := nameHead(t.name); head != "" && said[head] && !own[head] {
			return t
		}
	}
	return nil
}

// nameHead is the stem of the first noun of a tool's name, after its
// verb: what the tool gives ("ticket" for listTicketsForUser); "" when
// the name has none.
func nameHead(name string) string {
	for _, w := range retrieve.Words(name) {
		st := english.Stem(w)
		if _, isVerb := verbClasses[st]; isVerb || retrieve.IsStopWord(w) || len(w) < 2 {
			continue
		}
		return st
	}
	return ""
}
