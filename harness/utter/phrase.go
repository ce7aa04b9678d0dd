package utter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"maps"
	"math"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
	"github.com/agentready/agentready/internal/english"
)

// slots are what the phrasing templates fill in. Every argument of the
// case is said in exactly one of them.
type slots struct {
	// Verb is the action's verb ("close"), for the action intent.
	Verb string
	// Resource and Resources name what the tool works on.
	Resource, Resources string
	// Thing is the one resource a request is about: "ticket TCK-1042",
	// "Ada Okafor", `the ticket "VPN drops"`, "the service stats". It
	// does not say what the resource belongs to: Owner does.
	Thing string
	// Things is the collection a list or search is about, with its
	// qualities and owner: "urgent network tickets of user 8d0f...".
	Things string
	// Owner is what the resource or collection belongs to: "project
	// mobile-app", "environment production in project mobile-app"; empty
	// when nothing.
	Owner string
	// Details are the other arguments as phrases: "created after 1 March
	// 2026", "tagged vpn and laptop"; With is them joined, with a
	// leading space.
	Details []string
	With    string
	// Changes are the fields an update sets: `the title to "X"`.
	Changes []string
	// Also are the other things an update does, as clauses of their
	// own: "turn notifications off", "clear the custom fields".
	Also []string
	// Query is a search's words, quoted.
	Query string
	// Few says how many of a list, and which, a request wants: "first
	// 20", "5 most recently created"; empty when it wants them all.
	Few string
}

// phraser turns one case into slots.
type phraser struct {
	api   *ir.API
	op    *ir.Operation
	shape toolShape
	c     *cases.Case
	rng   *rand.Rand
	args  map[string]toolschema.Arg
	order []toolschema.Arg
	// forms records the words that stand for a value the text does not
	// give as it is (cases.Utterance.Forms).
	forms map[string]string
	// key draws the choices that do not use rng (the case's ID, and the
	// phrasing's name when there is one): another phrasing of the case
	// may draw otherwise.
	key string
	// nouns says every owner with its noun ("in namespace shop", "in
	// repo acme/webapp"): set for a rewrite of an utterance the judge
	// could not tell from a nearby tool's, where the noun may be what
	// tells them apart.
	nouns bool
	// codes are the values written as JSON so far by the phrasings of
	// the case (nil: none kept).
	codes *codes
}

func newPhraser(cat *catalog.Bound, op *ir.Operation, c *cases.Case, rng *rand.Rand) *phraser {
	api := cat.API
	p := &phraser{api: api, op: op, shape: shapeOf(api, op), c: c, rng: rng, args: map[string]toolschema.Arg{},
		forms: map[string]string{}, key: c.ID}
	if full := fullerName(api, p.shape.resource); full != "" && chance(c.ID, "fuller name", 3) {
		// Some requests name the resource as the spec's own text does
		// at more length: "the support ticket TCK-1042".
		p.shape.rename(full)
	}
	p.order = cat.Args(op.Name)
	for _, a := range p.order {
		p.args[a.Name] = a
	}
	return p
}

// field is one value to phrase: a top-level argument, or a field of a
// body the tool takes whole.
type field struct {
	// path is the value's place in the arguments ("body.name"); name the
	// key it is known by ("name").
	path, name string
	schema     *ir.Schema
	// header is the header's name for a header parameter.
	header string
	// top is set for a top-level argument; body is set for what goes in
	// the request body, and whole for a body the tool takes whole.
	top, body, whole bool
	v                any
}

// adjectiveArgs are argument names whose enum values read as adjectives
// of the resource: "urgent tickets", "laptop assets".
var adjectiveArgs = map[string]bool{"status": true, "state": true, "priority": true, "severity": true, "type": true,
	"kind": true, "category": true, "visibility": true, "level": true, "role": true}

func (p *phraser) slots() slots {
	sh := p.shape
	s := slots{Verb: sh.verb, Resource: sh.resource, Resources: sh.resources}
	done := map[string]bool{}
	// Path parameters: the thing acted on, and its owners.
	var owners []string
	joined := p.joinedParams()
	for i, pp := range sh.params {
		v, ok := p.c.Args[pp.arg]
		if !ok || done[pp.arg] {
			continue
		}
		done[pp.arg] = true
		thing := sh.target && i == len(sh.params)-1
		phrase := p.display(pp.arg, pp.noun, v)
		if second, ok := joined[pp.arg]; ok && i+1 < len(sh.params) && sh.params[i+1].arg == second {
			// "acme/webapp", as people write an owner and a repo; the
			// second's noun is said of the thing acted on, and of an
			// owner one time in two ("in repo acme/webapp").
			done[second] = true
			thing = sh.target && i+1 == len(sh.params)-1
			phrase = fmt.Sprint(v) + "/" + fmt.Sprint(p.c.Args[second])
			if thing || p.nouns || p.named(sh.params[i+1].noun) || !chance(p.key, "bare pair", 2) {
				phrase = sh.params[i+1].noun + " " + phrase
			}
		} else if !thing && !p.nouns && i == 0 && sayBare(v) && !p.named(pp.noun) && chance(p.key, "bare owner", 3) {
			if _, fed := p.fedDisplay(pp.arg); !fed {
				// "pod web-7f9c in shop": the outermost owner's name
				// says what it is from where it stands, as people
				// write it, one time in three.
				phrase = p.literal(v)
			}
		}
		if thing {
			s.Thing = phrase
		} else {
			owners = append(owners, phrase)
		}
	}
	for i := len(owners) - 1; i >= 0; i-- {
		if s.Owner != "" {
			s.Owner += " in "
		}
		s.Owner += owners[i]
	}
	fields := p.fields(done)
	if sh.intent == intentSearch {
		for i, f := range fields {
			if v, ok := f.v.(string); ok && f.top && isQuery(f.name) && v != "" {
				s.Query = quote(v)
				fields = append(fields[:i:i], fields[i+1:]...)
				break
			}
		}
	}
	if sh.intent == intentList {
		s.Few, fields = p.few(fields)
	}
	if sh.intent == intentList || sh.intent == intentSearch {
		var order string
		if order, fields = p.sortOrder(fields); order != "" {
			s.Details = append(s.Details, order)
		}
	}
	var adjectives []adjectivePhrase
	asDone := false
	for _, f := range fields {
		if sh.intent == intentList || sh.intent == intentSearch || sh.intent == intentCreate {
			if adj, ok := p.adjective(f); ok {
				adjectives = append(adjectives, adj)
				continue
			}
		}
		if sh.intent == intentAction && !asDone {
			if as, ok := p.asValue(f); ok {
				asDone = true
				s.Details = append([]string{as}, s.Details...)
				continue
			}
		}
		if sh.intent == intentUpdate && f.body && !f.whole {
			if also, ok := p.also(f); ok {
				s.Also = append(s.Also, also)
			} else if also, ok := p.enumChange(f); ok {
				s.Also = append(s.Also, also)
			} else {
				s.Changes = append(s.Changes, p.change(f))
			}
			continue
		}
		s.Details = append(s.Details, p.detail(f))
	}
	if sh.intent == intentCreate && len(adjectives) > 0 {
		s.Resource = joinAdjectives(adjectives) + " " + s.Resource
		adjectives = nil
	}
	if s.Thing == "" {
		s.Thing = "the " + sh.resource
		if sh.plural {
			s.Thing = "the " + sh.resources
		}
	}
	things := sh.resources
	if len(adjectives) > 0 {
		things = joinAdjectives(adjectives) + " " + things
	}
	if s.Owner != "" {
		things += " of " + s.Owner
	}
	s.Things = things
	if len(s.Details) > 0 {
		s.With = p.withDetails(s.Details)
	}
	return s
}

// fields lists the case's arguments that are not in the path, in the
// tool's order (unknown ones last, sorted); a body the tool takes whole
// is opened into its fields when it is an object.
func (p *phraser) fields(done map[string]bool) []field {
	var out []field
	add := func(name string, a *toolschema.Arg) {
		v := p.c.Args[name]
		f := field{path: name, name: name, top: true, v: v}
		if a != nil {
			f.schema = p.api.Resolve(a.Schema)
			f.body = a.Param == nil
			f.whole = a.Param == nil && a.Property == nil
			if a.Param != nil && a.Param.In == ir.InHeader {
				f.header = a.Param.Name
			}
			// A whole body that is an object is said field by field.
			if m, ok := v.(map[string]any); ok && a.Param == nil && a.Property == nil && len(m) > 0 {
				if _, fed := p.fedDisplay(name); !fed {
					for _, k := range slices.Sorted(maps.Keys(m)) {
						out = append(out, field{path: name + "." + k, name: k, schema: p.property(f.schema, k), body: true, v: m[k]})
					}
					return
				}
			}
		}
		out = append(out, f)
	}
	for i := range p.order {
		a := &p.order[i]
		if _, ok := p.c.Args[a.Name]; ok && !done[a.Name] {
			add(a.Name, a)
		}
	}
	// Arguments the schema does not know (user data) come last, sorted.
	for _, k := range slices.Sorted(maps.Keys(p.c.Args)) {
		if _, ok := p.args[k]; !ok && !done[k] {
			add(k, nil)
		}
	}
	return out
}

// property returns the resolved schema of an object schema's field.
func (p *phraser) property(s *ir.Schema, name string) *ir.Schema {
	if s == nil {
		return nil
	}
	return p.api.Resolve(p.api.FieldSchema(s, name))
}

func isQuery(name string) bool {
	switch strings.ToLower(name) {
	case "q", "query", "search", "term", "terms", "keyword", "keywords", "text", "search_term", "searchterm":
		return true
	}
	return false
}

// words returns an argument's name as lower-case words.
func words(name string) []string { return prose.Words(name) }

// human is an argument's name as words: "created_after" -> "created after".
func human(name string) string { return strings.Join(words(name), " ") }

// entity is what an identifier argument names: "requester_id" ->
// "requester", "userId" -> "user".
func entity(name string) string {
	ws := trimID(words(name))
	return strings.Join(ws, " ")
}

// adjective returns the phrase of an argument that reads as a quality of
// the resource: an enum filter ("urgent", "open or pending", "high
// priority") or a flag ("active", "unassigned"). A list or search takes
// its filters, a create the body fields that say what kind of thing it
// makes ("a public comment", "a laptop asset").
func (p *phraser) adjective(f field) (adjectivePhrase, bool) {
	ws := words(f.name)
	if len(ws) > 1 && f.top && p.filtering() && adjectiveArgs[ws[len(ws)-1]] {
		// "npm packages" for package_type=npm: the kind said before the
		// things, where people leave the argument's name unsaid.
		if x, ok := f.v.(string); ok {
			last := ws[len(ws)-1]
			a, ok := p.enumWord(f, last, x, f.path)
			return adjectivePhrase{a, rankOf(last)}, ok
		}
	}
	if a, ok := p.bareEnum(f); ok {
		return adjectivePhrase{a, 2}, true
	}
	if len(ws) != 1 || f.header != "" || !f.top && !(p.shape.intent == intentCreate && f.body && !f.whole) {
		return adjectivePhrase{}, false
	}
	switch x := f.v.(type) {
	case string:
		a, ok := p.enumWord(f, ws[0], x, f.path)
		return adjectivePhrase{a, rankOf(ws[0])}, ok
	case []any:
		// A filter of several enum values: "open or pending tickets".
		if p.shape.intent == intentCreate || len(x) == 0 || len(x) > 3 {
			return adjectivePhrase{}, false
		}
		var items *ir.Schema
		if f.schema != nil {
			items = p.api.Resolve(f.schema.Items)
		}
		out := make([]string, len(x))
		for i, e := range x {
			v, ok := e.(string)
			a, ok2 := "", false
			if ok {
				a, ok2 = p.enumWord(field{name: f.name, schema: items, v: v}, ws[0], v, fmt.Sprintf("%s[%d]", f.path, i))
			}
			if !ok2 {
				// Nothing recorded must outlive a list said otherwise.
				for k := range x {
					delete(p.forms, fmt.Sprintf("%s[%d]", f.path, k))
				}
				return adjectivePhrase{}, false
			}
			out[i] = a
		}
		return adjectivePhrase{orList(out), rankOf(ws[0])}, true
	case bool:
		if s := f.schema; s != nil && s.Kind == ir.KindBoolean && adjectiveWord(ws[0]) && p.shape.intent != intentCreate {
			a := ws[0]
			if !x {
				a = negate(ws[0])
			}
			p.forms[f.path] = a
			return adjectivePhrase{a, 0}, true
		}
	}
	return adjectivePhrase{}, false
}

// pick returns one of the options, seeded.
func (p *phraser) pick(options ...string) string { return options[p.rng.IntN(len(options))] }

// detail phrases one argument.
func (p *phraser) detail(f field) string {
	s := f.schema
	ws := words(f.name)
	if len(ws) == 0 {
		ws = []string{"value"}
	}
	last := ws[len(ws)-1]
	h := strings.Join(ws, " ")
	v := f.v
	if f.header != "" {
		return fmt.Sprintf("with the %s header set to %s", f.header, p.literal(v))
	}
	if f.top {
		if fed, ok := p.fedDisplay(f.name); ok {
			return p.idPhrase(f.name, f.v, fed)
		}
	}
	if phrase, ok := p.lookup(f); ok {
		return phrase
	}
	if empty(v) {
		// An empty value is sent, not left out: "with an empty
		// description"; null is no value.
		if v != nil || f.whole {
			if ws := strings.Fields(h); english.IsPlural(ws[len(ws)-1]) {
				return "with empty " + h
			}
			return "with an empty " + h
		}
		return p.pick("with no "+h, "without any "+h)
	}
	if _, ok := v.(string); ok && identifier(f.name, s) {
		return p.idPhrase(f.name, v, "")
	}
	switch x := v.(type) {
	case bool:
		return p.flag(f, x)
	case float64:
		n := sayNumber(x)
		switch {
		case last == "page" && len(ws) == 1:
			return "on page " + n
		case strings.Contains(strings.ToLower(f.name), "per") && last == "page" || last == "size" && ws[0] == "page":
			return p.pick(n+" per page", n+" to a page")
		case last == "limit" || last == "max" || strings.HasPrefix(f.name, "max") || last == "top":
			return p.pick("at most "+n, "no more than "+n)
		case (last == "offset" || last == "skip") && x == 0:
			return "starting at offset 0"
		case last == "offset" || last == "skip":
			return p.pick("skipping the first "+n, "starting after the first "+n)
		}
		if d, rest, ok := p.lengthOfTime(f, ws, x); ok {
			// "a timeout of 10 minutes" for 600 seconds.
			p.forms[f.path] = d
			if len(rest) == 0 {
				return "for " + d
			}
			return p.numberDetail(rest, d)
		}
		if main, ok := p.mainUnits(f, x); ok {
			// "costing 49.99" for 4999 cents, as people say money.
			p.forms[f.path] = main
			n = main
		}
		return p.numberDetail(ws, n)
	case []any:
		if f.whole {
			if p.shape.intent == intentUpdate {
				return "with the changes " + p.code(x)
			}
			return "with the payload " + p.code(x)
		}
		items, ok := p.listPhrase(s, x)
		if !ok {
			return "with the " + h + " " + p.code(x)
		}
		if last == "tags" || last == "labels" || last == "tag" || last == "label" {
			return "tagged " + items
		}
		if s != nil && s.Items != nil {
			if it := p.api.Resolve(s.Items); it != nil && len(it.Enum) > 0 {
				if selects(ws) {
					// A selection asks for every item it names: "with
					// their author id, created at and entities".
					return fmt.Sprintf("with their %s", join(p.sayAll(it, x)))
				}
				return fmt.Sprintf("with %s %s", singularPhrase(h), orList(p.sayAll(it, x)))
			}
		}
		return fmt.Sprintf("with %s %s", h, items)
	case map[string]any:
		if f.whole {
			return "with the payload " + p.code(x)
		}
		if ph, ok := p.objectPhrase(s, x); ok {
			return fmt.Sprintf("where the %s has %s", h, ph)
		}
		return "with the " + h + " " + p.code(x)
	case string:
		return p.stringDetail(f, x)
	}
	return fmt.Sprintf("with %s %s", h, p.render(s, v))
}

// selects reports whether a list argument's name says it selects what
// the response holds (fields, expansions) rather than filters the items.
func selects(ws []string) bool {
	for _, w := range ws {
		switch w {
		case "fields", "field", "expansions", "expand", "expands", "attributes", "properties", "select":
			return true
		}
	}
	return false
}

// flag phrases a boolean argument as what it means: "including archived
// ones", "that are not active", "with dry run turned off".
func (p *phraser) flag(f field, on bool) string {
	ws := words(f.name)
	h := strings.Join(ws, " ")
	var phrase string
	rest := strings.Join(ws[1:], " ")
	// One flag in six that the rules below say in words is said by its
	// name, as some people do.
	last := ws[len(ws)-1]
	literal := len(ws) > 1 && (ws[0] == "exclude" || flagVerbs[ws[0]] || last == "enabled" || last == "disabled") &&
		chance(p.key, "literal flag "+f.path, 6)
	switch {
	case len(ws) > 1 && (ws[0] == "include" || ws[0] == "with" || ws[0] == "expand"):
		if on {
			phrase = p.pick("including "+rest, "with "+rest+" included")
		} else {
			phrase = p.pick("without "+rest, "leaving out "+rest)
		}
	case len(ws) > 1 && ws[0] == "show":
		if on {
			phrase = "showing " + rest
		} else {
			phrase = "without showing " + rest
		}
	case len(ws) > 1 && (ws[0] == "is" || ws[0] == "has"):
		verb := map[string][2]string{"is": {"that are ", "that are not "}, "has": {"that have ", "that have no "}}[ws[0]]
		if on {
			phrase = verb[0] + rest
		} else {
			phrase = verb[1] + rest
		}
	case literal:
		phrase = p.onOff(h, on)
	case len(ws) > 1 && ws[0] == "exclude":
		if on {
			phrase = "excluding " + rest
		} else {
			phrase = "including " + rest
		}
	case len(ws) > 1 && flagVerbs[ws[0]]:
		// "notifying the users", "without deleting the posts".
		doing := english.Gerund(ws[0]) + " " + rest
		if on {
			phrase = doing
		} else {
			phrase = p.pick("without "+doing, "not "+doing)
		}
	case len(ws) > 1 && (last == "enabled" || last == "disabled"):
		// "with wiki disabled" for wiki_enabled=false.
		state := last
		if !on {
			state = map[string]string{"enabled": "disabled", "disabled": "enabled"}[state]
		}
		phrase = "with " + strings.Join(ws[:len(ws)-1], " ") + " " + state
	case len(ws) == 1 && (flagVerbs[h] || loneVerbs[h]) && !chance(p.key, "literal flag "+f.path, 4):
		// "watching them" for watch=true: a flag named by a verb is
		// the doing, as people ask it, its name not a setting; one in
		// four keeps "with watch turned on".
		it := "it"
		if p.filtering() || p.shape.plural {
			it = "them"
		}
		if on {
			phrase = english.Gerund(h) + " " + it
		} else {
			phrase = "without " + english.Gerund(h) + " " + it
		}
	case h == "on" || h == "off":
		if on == (h == "on") {
			phrase = p.pick("switched on", "turned on")
		} else {
			phrase = p.pick("switched off", "turned off")
		}
	case len(ws) == 1 && adjectiveWord(ws[0]) && (p.shape.intent == intentList || p.shape.intent == intentSearch):
		if on {
			phrase = p.pick("that are "+h, "only if "+h)
		} else {
			phrase = p.pick("that are not "+h, "only if not "+h)
		}
	case h == "enabled" || h == "active":
		word := h
		if !on {
			word = map[string]string{"enabled": "disabled", "active": "inactive"}[h]
		}
		phrase = p.pick("marked as "+word, "set as "+word)
	case len(ws) == 1 && adjectiveWord(ws[0]):
		if on {
			phrase = "marked as " + h
		} else {
			phrase = "not marked as " + h
		}
	default:
		phrase = p.onOff(h, on)
	}
	p.forms[f.path] = phrase
	return phrase
}

// onOff says a flag by its name: "with dry run turned on".
func (p *phraser) onOff(h string, on bool) string {
	if on {
		return p.pick("with "+h+" turned on", "with "+h+" switched on")
	}
	return p.pick("with "+h+" turned off", "with "+h+" switched off")
}

// flagVerbs are verbs a flag's name starts with when it says what the
// call does besides its main work: notify_users, delete_posts,
// allow_forking. The flag is said as the doing: "notifying users",
// "without deleting posts".
var flagVerbs = map[string]bool{"notify": true, "send": true, "delete": true, "remove": true, "block": true, "force": true,
	"skip": true, "allow": true, "keep": true, "return": true, "use": true, "require": true, "enforce": true, "run": true,
	"follow": true, "ignore": true, "validate": true, "preserve": true, "purge": true, "overwrite": true, "replace": true,
	"lock": true, "hide": true, "create": true, "update": true, "sync": true, "reset": true, "restrict": true,
	"publish": true, "archive": true, "subscribe": true, "mute": true, "track": true, "inherit": true, "propagate": true,
	"verify": true, "suppress": true, "retain": true, "apply": true, "accept": true, "collapse": true, "strip": true,
	"enable": true, "disable": true, "orphan": true, "close": true, "reopen": true, "invite": true}

// loneVerbs are verbs that name a flag on their own (watch=true, export,
// follow): the flag asks the call to do that too.
var loneVerbs = map[string]bool{"watch": true, "export": true, "download": true, "stream": true, "wait": true,
	"follow": true, "recurse": true, "notify": true}

// also phrases what an update does beside setting a value: a flag
// turned on or off, a field cleared.
func (p *phraser) also(f field) (string, bool) {
	h := human(f.name)
	if h == "" {
		return "", false
	}
	switch x := f.v.(type) {
	case bool:
		ws := words(f.name)
		var phrase string
		switch {
		case h == "on":
			phrase = map[bool]string{true: "switch it on", false: "switch it off"}[x]
		case h == "enabled":
			phrase = map[bool]string{true: "enable it", false: "disable it"}[x]
		case h == "active":
			phrase = map[bool]string{true: "make it active", false: "make it inactive"}[x]
		case len(ws) > 1 && ws[0] == "is":
			rest := strings.Join(ws[1:], " ")
			if x {
				phrase = "mark it as " + rest
			} else {
				phrase = "mark it as not " + rest
			}
		case len(ws) > 1 && flagVerbs[ws[0]] && !chance(p.key, "literal flag "+f.path, 6):
			// "set it to notify users", "set it not to use default":
			// "set" keeps the request a change.
			if x {
				phrase = "set it to " + h
			} else {
				phrase = "set it not to " + h
			}
		default:
			if x {
				phrase = p.pick("turn "+h+" on", "switch "+h+" on")
			} else {
				phrase = p.pick("turn "+h+" off", "switch "+h+" off")
			}
		}
		p.forms[f.path] = phrase
		return phrase, true
	}
	if empty(f.v) {
		phrase := p.pick("clear the "+h, "empty the "+h)
		p.forms[f.path] = phrase
		return phrase, true
	}
	return "", false
}

// lookups are the suffixes of filter names in the style of Django
// (NetBox and others): name__ic is "whose name contains".
var lookups = map[string][2]string{
	"n": {"whose %s is not %s", ""}, "ic": {"whose %s contains %s", ""}, "nic": {"whose %s does not contain %s", ""},
	"ie": {"whose %s is exactly %s, ignoring case", ""}, "nie": {"whose %s is not %s, ignoring case", ""},
	"isw": {"whose %s starts with %s", ""}, "nisw": {"whose %s does not start with %s", ""},
	"iew": {"whose %s ends with %s", ""}, "niew": {"whose %s does not end with %s", ""},
	"gt": {"with %s above %s", "with %s after %s"}, "gte": {"with %s of at least %s", "with %s on or after %s"},
	"lt": {"with %s below %s", "with %s before %s"}, "lte": {"with %s of at most %s", "with %s on or before %s"},
	"regex": {"whose %s matches the pattern %s", ""}, "iregex": {"whose %s matches the pattern %s, ignoring case", ""},
}

// lookup phrases a filter named in the style of Django, name__ic.
func (p *phraser) lookup(f field) (string, bool) {
	base, op, ok := strings.Cut(f.name, "__")
	if !ok || base == "" || strings.Contains(op, "__") {
		return "", false
	}
	forms, ok := lookups[op]
	if !ok || empty(f.v) {
		return "", false
	}
	if _, isBool := f.v.(bool); isBool {
		return "", false
	}
	val := p.render(f.schema, f.v)
	if list, ok := f.v.([]any); ok {
		val = orList(p.sayAll(nil, list))
	}
	if str, ok := f.v.(string); ok && strings.ContainsAny(str, " ,") {
		val = quote(str)
	}
	form := forms[0]
	if forms[1] != "" && (strings.HasSuffix(base, "created") || strings.HasSuffix(base, "updated") || strings.HasSuffix(base, "date") ||
		strings.HasSuffix(base, "_at") || strings.HasSuffix(base, "time")) {
		form = forms[1]
	}
	return fmt.Sprintf(form, human(base), val), true
}

// stringDetail phrases a string argument by what its name and format say
// it holds.
func (p *phraser) stringDetail(f field, x string) string {
	ws := words(f.name)
	if len(ws) == 0 {
		ws = []string{"value"}
	}
	last := ws[len(ws)-1]
	h := strings.Join(ws, " ")
	format := ""
	s := f.schema
	if s != nil {
		format = s.Format
	}
	name := f.name
	if sortName(name, ws) {
		if phrase, ok := p.sortPhrase(f, x); ok {
			return phrase
		}
	}
	if strings.HasPrefix(x, "-") && (last == "sort" || last == "order" || strings.HasPrefix(name, "sort") || strings.HasPrefix(name, "order")) {
		if most, ok := p.amountOrder(f.path, x[1:], true); ok {
			return most
		}
		return p.pick("sorted by "+say(x[1:])+" in descending order", "in descending order of "+say(x[1:]))
	}
	if _, err := time.Parse(time.RFC3339, x); err == nil && format == "" {
		format = "date-time"
	}
	switch {
	case format == "date-time" || format == "date":
		d := p.sayTime(x)
		switch last {
		case "after", "before", "since", "until", "from", "to":
			return h + " " + d
		case "expires", "ends", "starts", "begins", "expiry", "expiration":
			return h + " on " + d
		case "at", "on", "date", "time":
			verb := strings.Join(ws[:len(ws)-1], " ")
			if verb == "" {
				return "on " + d
			}
			return verb + " on " + d
		}
		return "with " + h + " " + d
	case last == "sort" || last == "order" || strings.HasPrefix(name, "sort") || strings.HasPrefix(name, "order"):
		switch x {
		case "asc", "ascending":
			return "in ascending order"
		case "desc", "descending":
			return "in descending order"
		}
		return "sorted by " + say(x)
	case isQuery(name):
		return p.pick("matching "+quote(x), "that match "+quote(x))
	case last == "title" || last == "summary" || last == "subject" || last == "headline":
		// "called" is a name's word: a thing with a name and a title
		// would be called twice.
		return "titled " + quote(x)
	case last == "name" && len(ws) == 1:
		if strings.ContainsAny(x, ",\u201c\u201d\"") || len(x) <= 3 {
			return p.pick("named "+quote(x), "called "+quote(x))
		}
		return p.pick("named "+x, "called "+x)
	case last == "description" || last == "body" || last == "comment" || last == "message" || last == "note" ||
		last == "notes" || last == "text" || last == "content" || last == "details" || last == "resolution" || last == "reason":
		return p.textDetail(last, quote(x))
	case last == "selector" && (p.filtering() || p.shape.intent == intentDelete) && !p.otherSelector(f) &&
		!chance(p.key, "literal selector "+f.path, 3):
		// "pods matching app=web": a selector says what it selects,
		// as people ask it, its name unsaid two times in three; where
		// the request has two selectors, their names tell them apart.
		if strings.ContainsAny(x, " ,") {
			return "matching " + quote(x)
		}
		return "matching " + x
	case last == "email" || format == "email":
		return p.emailDetail(h, x)
	case last == "location" || last == "city" || last == "office" || last == "site" || last == "country":
		if ordinary(x) {
			return "in " + quote(x)
		}
		return "in " + x
	case identifier(name, s):
		return p.idPhrase(name, x, "")
	}
	if s != nil && len(s.Enum) > 0 {
		return p.enumDetail(h, say(x))
	}
	if strings.ContainsAny(x, " ,") || ordinary(x) {
		return p.plainDetail(h, quote(x))
	}
	return p.plainDetail(h, x)
}

// otherSelector reports whether the case sets another selector than f
// ("labelSelector" beside "fieldSelector").
func (p *phraser) otherSelector(f field) bool {
	for k := range p.c.Args {
		if ws := words(k); k != f.name && len(ws) > 0 && ws[len(ws)-1] == "selector" {
			return true
		}
	}
	return false
}

// identifier reports whether an argument takes an identifier.
func identifier(name string, s *ir.Schema) bool {
	ws := words(name)
	if len(ws) == 0 {
		return false
	}
	if l := ws[len(ws)-1]; l == "id" || l == "ids" || l == "key" || l == "uuid" {
		return true
	}
	return s != nil && s.Format == "uuid"
}

// fromWords, toWords: identifier arguments whose entity says the
// direction of the request.
var (
	fromWords = map[string]bool{"author": true, "creator": true, "sender": true, "reporter": true, "submitter": true}
	toWords   = map[string]bool{"assignee": true, "recipient": true, "target": true}
)

// idPhrase phrases an identifier argument. said is how a chain case
// names the value ("Ada Okafor"); when empty, the identifier is given
// with its entity ("requester 8d0f...") unless the connecting words
// already say the role ("raised by 8d0f...").
func (p *phraser) idPhrase(name string, v any, said string) string {
	e := entity(name)
	lastE := e
	if f := strings.Fields(e); len(f) > 0 {
		lastE = f[len(f)-1]
	}
	bare, named := said, said
	if said == "" {
		bare = p.literal(v)
		named = e + " " + bare
	}
	switch {
	case lastE == "assignee" && p.shape.intent == intentList:
		return "assigned to " + bare
	case lastE == "requester" && p.shape.intent == intentList:
		return "raised by " + bare
	case lastE == "owner" && p.shape.intent == intentList:
		return "owned by " + bare
	case fromWords[lastE]:
		return "from " + named
	case toWords[lastE] || p.shape.intent == intentAction && (p.shape.verb == "assign" || p.shape.verb == "transfer" || p.shape.verb == "move") && (lastE == "user" || lastE == "owner"):
		return "to " + named
	case lastE == "requester" || lastE == "manager":
		return p.pick("for "+named, "on behalf of "+named)
	}
	return "for " + named
}

// adjectives are flag names that read as a quality of a resource though
// their ending does not say so.
var adjectives = map[string]bool{"active": true, "public": true, "private": true, "hidden": true, "visible": true,
	"open": true, "primary": true, "default": true, "new": true, "free": true, "temporary": true, "paid": true,
	"internal": true, "external": true, "global": true, "local": true, "online": true, "offline": true, "valid": true,
	"blocked": true, "urgent": true, "draft": true, "mandatory": true, "required": true, "optional": true}

// adjectiveWord reports whether a one-word flag name reads as a quality
// of the resource ("archived flags", "active users"), not as a thing
// ("summary", "details").
func adjectiveWord(w string) bool {
	if adjectives[w] {
		return true
	}
	if len(w) < 5 {
		return false
	}
	for _, suf := range []string{"ed", "ive", "able", "ible", "ful", "ous", "ent", "ant", "ic", "al"} {
		if strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// negate is the word for a flag that is off: "inactive", "assigned"
// (for unassigned), "non-archived".
func negate(w string) string {
	switch {
	case w == "active":
		return "inactive"
	case strings.HasPrefix(w, "un") && len(w) > 4:
		return w[2:]
	}
	return "non-" + w
}

// change phrases a field an update sets.
func (p *phraser) change(f field) string {
	h := human(f.name)
	if h == "" {
		h = "value"
	}
	if f.top {
		if fed, ok := p.fedDisplay(f.name); ok {
			return "the " + entity(f.name) + " to " + fed
		}
	}
	switch x := f.v.(type) {
	case string:
		s := f.schema
		_, isTime := time.Parse(time.RFC3339, x)
		switch {
		case s != nil && (s.Format == "date-time" || s.Format == "date") || isTime == nil:
			ws := words(f.name)
			if l := ws[len(ws)-1]; len(ws) > 1 && (l == "at" || l == "on") {
				h = strings.Join(ws[:len(ws)-1], " ") + " date"
			}
			return "the " + h + " to " + p.sayTime(x)
		case s != nil && len(s.Enum) > 0:
			return "the " + h + " to " + say(x)
		case strings.ContainsAny(x, " ,"):
			return "the " + h + " to " + quote(x)
		}
		return "the " + h + " to " + x
	case []any:
		items, ok := p.listPhrase(f.schema, x)
		if !ok {
			return "the " + h + " to " + p.code(x)
		}
		return "the " + h + " to " + items
	case map[string]any:
		if ph, ok := p.objectPhrase(f.schema, x); ok {
			return "the " + h + " to " + ph
		}
		return "the " + h + " to " + p.code(x)
	}
	return "the " + h + " to " + p.render(f.schema, f.v)
}

// fedDisplay returns how a chain case says an argument's value: by the
// label of the item it was found in, or as the picked item of a list
// found by another label ("the latest ticket of Ada Okafor").
func (p *phraser) fedDisplay(arg string) (string, bool) {
	if p.c.Scenario != cases.Chain {
		return "", false
	}
	f, step := findFeed(p.c, arg)
	if f == nil {
		return "", false
	}
	noun := entity(arg)
	if up := upstream(p.c, step); f.Pick != "" && up != nil && up.Label != nil {
		prod := p.api.Operation(p.c.Steps[step].Tool)
		pn := noun
		if prod != nil {
			pn = shapeOf(p.api, prod).resource
		}
		upNoun := entity(up.Input)
		if prod != nil {
			for _, pp := range shapeOf(p.api, prod).params {
				if pp.arg == up.Input {
					upNoun = pp.noun
				}
			}
		}
		return fmt.Sprintf("the %s %s of %s", f.Pick, pn, labelDisplay(upNoun, up.Label)), true
	}
	if f.Label != nil {
		return labelDisplay(noun, f.Label), true
	}
	return "", false
}

// display says a path parameter's value with its noun: "ticket TCK-1042",
// or by label in a chain case.
func (p *phraser) display(arg, noun string, v any) string {
	if fed, ok := p.fedDisplay(arg); ok {
		return fed
	}
	return noun + " " + p.literal(v)
}

// findFeed returns the feed that gives a chain case's argument, and the
// index of its step.
func findFeed(c *cases.Case, arg string) (*cases.Feed, int) {
	for i := len(c.Steps) - 1; i >= 0; i-- {
		for j := range c.Steps[i].Feeds {
			f := &c.Steps[i].Feeds[j]
			if f.To == c.Tool && f.Input == arg {
				return f, i
			}
		}
	}
	return nil, -1
}

// upstream returns the feed that gave the step's producer its input.
func upstream(c *cases.Case, step int) *cases.Feed {
	if step <= 0 {
		return nil
	}
	prod := c.Steps[step].Tool
	for i := step - 1; i >= 0; i-- {
		for j := range c.Steps[i].Feeds {
			if f := &c.Steps[i].Feeds[j]; f.To == prod && canon(f.Value) == canon(c.Steps[step].Args[f.Input]) {
				return f
			}
		}
	}
	return nil
}

// personNouns name resources that are people: a person's name alone says
// who.
var personNouns = map[string]bool{"user": true, "person": true, "member": true, "employee": true, "customer": true,
	"author": true, "owner": true, "assignee": true, "requester": true, "contact": true, "manager": true,
	"agent": true, "admin": true, "staff": true, "reporter": true, "creator": true, "lead": true}

// labelDisplay says a resource by its label: "Ada Okafor", "team Endpoint
// Support", `the ticket "VPN drops"`, "the user with email ada@...".
func labelDisplay(noun string, l *cases.Label) string {
	f := strings.ToLower(strings.ReplaceAll(l.Field, "_", ""))
	last := noun
	if ws := strings.Fields(noun); len(ws) > 0 {
		last = ws[len(ws)-1]
	}
	switch f {
	case "title", "summary", "subject":
		return "the " + noun + " " + quote(l.Value)
	case "email":
		return "the " + noun + " with email " + l.Value
	case "name", "displayname", "fullname", "login", "username":
		if personNouns[last] {
			return l.Value
		}
		return noun + " " + l.Value
	}
	return noun + " " + l.Value
}

func singularPhrase(h string) string {
	ws := strings.Fields(h)
	if len(ws) == 0 {
		return h
	}
	ws[len(ws)-1] = english.Singular(ws[len(ws)-1])
	return strings.Join(ws, " ")
}

// say writes an enum or identifier-like value as words: underscores
// between words become spaces ("in_stock" -> "in stock"); a value that
// is a common word is quoted, so that it reads as a value ("ff “all”").
func say(v string) string {
	if ordinary(v) {
		return quote(v)
	}
	if strings.ContainsAny(v, " ") || !strings.ContainsAny(v, "_") {
		return v
	}
	return strings.ReplaceAll(v, "_", " ")
}

// ordinary reports whether a value reads as an ordinary word of a
// sentence ("all", "me"); in capitals ("IT", "US") it does not.
func ordinary(v string) bool {
	return commonWords[strings.ToLower(v)] && (len(v) < 2 || strings.ToUpper(v) != v)
}

// commonWords are values that read as ordinary words of a sentence
// unless quoted.
var commonWords = map[string]bool{"a": true, "an": true, "the": true, "all": true, "any": true, "none": true, "some": true,
	"each": true, "every": true, "on": true, "off": true, "in": true, "out": true, "to": true, "of": true,
	"or": true, "and": true, "me": true, "my": true, "no": true, "yes": true, "it": true, "is": true, "be": true, "as": true,
	"at": true, "by": true, "do": true, "one": true, "new": true, "i": true, "we": true, "us": true, "for": true}

// empty reports whether a value holds nothing: null, "", {} or [].
func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case map[string]any:
		return len(x) == 0
	case []any:
		return len(x) == 0
	}
	return false
}

// render writes a value as a person would type it: dates in words, enum
// values as words, numbers as written, lists joined with "and", small
// objects as phrases ("Ada Okafor (slug ada-okafor)") and anything larger
// as compact JSON in backticks. It never writes Go syntax.
func (p *phraser) render(s *ir.Schema, v any) string {
	switch x := v.(type) {
	case nil:
		return "nothing"
	case string:
		return p.sayString(s, x)
	case float64:
		return sayNumber(x)
	case json.Number:
		return x.String()
	case []any:
		if items, ok := p.listPhrase(s, x); ok {
			return items
		}
	case map[string]any:
		if ph, ok := p.objectPhrase(s, x); ok {
			return ph
		}
	}
	return p.code(v)
}

// literal writes an identifier or a header's value as it is; containers
// as JSON.
func (p *phraser) literal(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return sayNumber(x)
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	}
	return p.code(v)
}

// sayString writes a string value: a date or date-time in words, an
// enum value as words, anything else as it is.
func (p *phraser) sayString(s *ir.Schema, x string) string {
	if _, err := time.Parse(time.RFC3339, x); err == nil {
		return p.sayTime(x)
	}
	if s != nil && s.Format == "date" {
		return p.sayTime(x)
	}
	if s != nil && len(s.Enum) > 0 || ordinary(x) {
		return say(x)
	}
	return x
}

// sayAll writes each item of a list.
func (p *phraser) sayAll(items *ir.Schema, xs []any) []string {
	out := make([]string, len(xs))
	for i, e := range xs {
		out[i] = p.render(items, e)
	}
	return out
}

// listPhrase writes a list as words: "vpn, laptop and printer", or
// objects by their labels ("Ada (slug ada) and Bo (slug bo)"). It fails
// for what reads better as JSON: lists of flags, of lists, of objects
// without a label.
func (p *phraser) listPhrase(s *ir.Schema, xs []any) (string, bool) {
	if len(xs) == 0 {
		return "", false
	}
	var items *ir.Schema
	if s != nil {
		items = p.api.Resolve(s.Items)
	}
	out := make([]string, len(xs))
	for i, e := range xs {
		switch x := e.(type) {
		case string:
			if x == "" {
				return "", false
			}
			out[i] = p.sayString(items, x)
			if strings.ContainsAny(x, ",") {
				out[i] = quote(x)
			}
		case float64, json.Number:
			out[i] = p.render(items, x)
		case map[string]any:
			ph, ok := p.objectPhrase(items, x)
			if !ok || labelKey(x) == "" {
				return "", false
			}
			out[i] = ph
		default:
			return "", false
		}
	}
	return join(out), true
}

// labelKeys are the fields that name an object.
var labelKeys = []string{"name", "title", "label", "display_name", "displayName"}

// labelKey returns the field that names an object, when it has one that
// holds a non-empty string.
func labelKey(m map[string]any) string {
	for _, k := range labelKeys {
		if s, ok := m[k].(string); ok && s != "" {
			return k
		}
	}
	return ""
}

// objectPhrase writes a small flat object as words: "Ada Okafor (color
// be2b48, slug ada-okafor)" when it has a name, else "api key X and host
// URL Y". It fails for objects that read better as JSON: more than four
// fields, nested objects, empty values, flags with a short name.
func (p *phraser) objectPhrase(s *ir.Schema, m map[string]any) (string, bool) {
	if len(m) == 0 || len(m) > 4 {
		return "", false
	}
	label := labelKey(m)
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if k == label {
			continue
		}
		h := human(k)
		if len(h) < 3 {
			return "", false
		}
		ks := p.property(s, k)
		switch x := m[k].(type) {
		case string:
			if x == "" {
				return "", false
			}
			v := p.sayString(ks, x)
			if strings.ContainsAny(x, " ,()") {
				v = quote(x)
			}
			parts = append(parts, h+" "+v)
		case float64, json.Number:
			parts = append(parts, h+" "+p.render(ks, x))
		case bool:
			if x {
				parts = append(parts, h+" yes")
			} else {
				parts = append(parts, h+" no")
			}
		case []any:
			items, ok := p.listPhrase(ks, x)
			if !ok {
				return "", false
			}
			parts = append(parts, h+" "+items)
		default:
			return "", false
		}
	}
	if label == "" {
		return join(parts), true
	}
	name := m[label].(string)
	if strings.ContainsAny(name, ",()") {
		name = quote(name)
	}
	if len(parts) == 0 {
		return name, true
	}
	return name + " (" + strings.Join(parts, ", ") + ")", true
}

// codes keeps the JSON a case's phrasings write of its objects and
// lists, each text by the container it is of: every phrasing of a case
// says the same body, and writing a large one again for each costs more
// than the rest of the phrasing. A container is kept with its text, so
// that its address cannot be reused by another while the texts are
// kept; the case's values are not changed while it is phrased.
type codes struct {
	texts map[codeKey]codeText
}

// codeKey is a container's identity: its address, and a list's length.
type codeKey struct {
	ptr unsafe.Pointer
	n   int
}

type codeText struct {
	v    any
	text string
}

// code writes v as compact JSON in backticks (code), from p.codes where
// it was written before for the case.
func (p *phraser) code(v any) string {
	if p.codes == nil {
		return code(v)
	}
	var k codeKey
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 0 {
			return code(v)
		}
		k = codeKey{reflect.ValueOf(x).UnsafePointer(), -1}
	case []any:
		if len(x) == 0 {
			return code(v)
		}
		k = codeKey{unsafe.Pointer(unsafe.SliceData(x)), len(x)}
	default:
		return code(v)
	}
	if t, ok := p.codes.texts[k]; ok {
		return t.text
	}
	text := code(v)
	if p.codes.texts == nil {
		p.codes.texts = map[codeKey]codeText{}
	}
	p.codes.texts[k] = codeText{v, text}
	return text
}

// code writes a value as compact JSON in backticks, as people paste it
// into a chat.
func code(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "`null`"
	}
	return "`" + strings.TrimRight(buf.String(), "\n") + "`"
}

func sayNumber(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// Date styles: the ways people write a date. A request says each date
// in one of them, drawn from the case and the value apart from the
// phraser's random stream: the judge (and the baseline) read all three.
const (
	// dayMonth is "1 March 2026".
	dayMonth = iota
	// monthOrdinal is "March 1st 2026", as people in the US type it.
	monthOrdinal
	// monthShort is "Mar 1 2026".
	monthShort
	dateStyles
)

// sayTime writes a date or date-time in words, in the style the case
// draws for it.
func (p *phraser) sayTime(s string) string {
	h := fnv.New64a()
	h.Write([]byte(p.key))
	h.Write([]byte{0})
	h.Write([]byte(s))
	return sayTimeIn(s, int(h.Sum64()%dateStyles))
}

// sayTimeIn writes a date or date-time in words in a date style: "1
// March 2026", "March 1st 2026", "Mar 1 2026", with the time of day
// after it when it is not midnight ("at 09:30 UTC"). Anything else is
// returned as it is.
func sayTimeIn(s string, style int) string {
	day := func(t time.Time) string {
		switch style {
		case monthOrdinal:
			return fmt.Sprintf("%s %s %d", t.Month(), english.Ordinal(t.Day()), t.Year())
		case monthShort:
			return fmt.Sprintf("%s %d %d", t.Month().String()[:3], t.Day(), t.Year())
		}
		return fmt.Sprintf("%d %s %d", t.Day(), t.Month(), t.Year())
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		d := day(t)
		if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
			return d
		}
		clock := t.Format("15:04")
		if t.Second() != 0 {
			clock = t.Format("15:04:05")
		}
		zone := t.Format("Z07:00")
		if zone == "Z" {
			zone = "UTC"
		}
		return d + " at " + clock + " " + zone
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return day(t)
	}
	return s
}

// canon is a value's JSON text, for comparing values.
func canon(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func quote(s string) string { return "\u201c" + s + "\u201d" }

// join lists phrases: "a", "a and b", "a, b and c".
func join(xs []string) string { return joinWith(xs, "and") }

// orList lists alternatives: "a, b or c".
func orList(xs []string) string { return joinWith(xs, "or") }

func joinWith(xs []string, conj string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + conj + " " + xs[len(xs)-1]
}

// clause says one value in a sentence of its own, for a phrasing that
// left it out: "the project is project-key-5", "please include archived
// ones", "the payload is `[...]`". Containers are said as JSON, so that
// nothing in them is lost.
func (p *phraser) clause(f field) string {
	h := human(f.name)
	if h == "" {
		h = "value"
	}
	if f.top {
		if fed, ok := p.fedDisplay(f.name); ok {
			return "the " + entity(f.name) + " is " + fed
		}
	}
	if f.header != "" {
		return "the " + f.header + " header is " + p.literal(f.v)
	}
	if f.whole {
		h = "payload"
	}
	switch x := f.v.(type) {
	case bool:
		ws := words(f.name)
		rest := strings.Join(ws[1:], " ")
		var phrase string
		switch {
		case len(ws) > 1 && (ws[0] == "include" || ws[0] == "with" || ws[0] == "show" || ws[0] == "expand"):
			verb := map[string]string{"include": "include", "with": "include", "show": "show", "expand": "include"}[ws[0]]
			phrase = map[bool]string{true: "please " + verb + " " + rest, false: "please don't " + verb + " " + rest}[x]
		case len(ws) > 1 && ws[0] == "is":
			phrase = map[bool]string{true: "it should be " + rest, false: "it should not be " + rest}[x]
		case len(ws) > 1 && ws[0] == "has":
			phrase = map[bool]string{true: "it should have " + rest, false: "it should have no " + rest}[x]
		default:
			phrase = map[bool]string{true: h + " should be on", false: h + " should be off"}[x]
		}
		p.forms[f.path] = phrase
		return phrase
	case string:
		if x == "" {
			return "the " + h + " should be empty"
		}
		if identifier(f.name, f.schema) {
			return "the " + entity(f.name) + " is " + x
		}
		if strings.ContainsAny(x, " ,") {
			return "the " + h + " is " + quote(x)
		}
		return "the " + h + " is " + p.sayString(f.schema, x)
	case nil:
		return "the " + h + " should be empty"
	case map[string]any, []any:
		if empty(x) {
			return "the " + h + " should be empty"
		}
		return "the " + h + " is " + p.code(x)
	}
	return "the " + h + " is " + p.literal(f.v)
}

// clauses says, each in a clause of its own, the values at the given
// paths: for each, the argument or body field that holds it.
func (p *phraser) clauses(paths []string) []string {
	fields := p.fields(map[string]bool{})
	var out []string
	said := map[string]bool{}
	for _, path := range paths {
		for _, f := range fields {
			if path != f.path && !strings.HasPrefix(path, f.path+".") && !strings.HasPrefix(path, f.path+"[") {
				continue
			}
			if !said[f.path] {
				said[f.path] = true
				out = append(out, p.clause(f))
			}
			break
		}
	}
	return out
}

// slashPair finds two path parameters written one after the other:
// "/repos/{owner}/{repo}".
var slashPair = regexp.MustCompile(`\{([^{}/]+)\}/\{([^{}/]+)\}`)

// joinedParams maps the first of two path parameters that the path
// writes as "{a}/{b}" to the second, when the case gives both as plain
// words (no slash, no space): people write such a pair as the path does
// ("acme/webapp" for an owner and a repo).
func (p *phraser) joinedParams() map[string]string {
	arg := map[string]string{}
	for _, pp := range p.op.Params {
		if pp.In == ir.InPath {
			arg[pp.Name] = pp.Arg
		}
	}
	out := map[string]string{}
	for _, m := range slashPair.FindAllStringSubmatch(p.op.Path, -1) {
		a, b := arg[m[1]], arg[m[2]]
		va, okA := p.c.Args[a].(string)
		vb, okB := p.c.Args[b].(string)
		if a == "" || b == "" || !okA || !okB || !plainWord(va) || !plainWord(vb) {
			continue
		}
		if _, fed := p.fedDisplay(a); fed {
			continue
		}
		if _, fed := p.fedDisplay(b); fed {
			continue
		}
		out[a] = b
	}
	return out
}

// plainWord reports whether a value is one word of letters, digits and
// dashes, dots or underscores, with at least one letter.
func plainWord(s string) bool {
	letter := false
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letter = true
		case r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.':
		default:
			return false
		}
	}
	return letter
}

// sayBare reports whether an owner's value may be said without its noun:
// a name ("shop", "acme-corp"), not a number or a code, which would not
// say what it is.
func sayBare(v any) bool {
	s, ok := v.(string)
	if !ok || !plainWord(s) {
		return false
	}
	digits := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			digits++
		}
	}
	return digits*3 < len(s)
}

// named reports whether a noun is a word of the tool's name ("org" of
// create-registration-token-for-org): the name says it to tell the tool
// from its neighbours (the same for a repo), so a request says it too.
func (p *phraser) named(noun string) bool {
	return sharesWord(strings.Fields(noun), prose.Words(p.op.Name))
}

// zeroDecimal are the ISO 4217 currencies without a minor unit: their
// smallest unit is the main one (100 is ¥100).
var zeroDecimal = map[string]bool{"bif": true, "clp": true, "djf": true, "gnf": true, "jpy": true, "kmf": true,
	"krw": true, "mga": true, "pyg": true, "rwf": true, "ugx": true, "vnd": true, "vuv": true, "xaf": true,
	"xof": true, "xpf": true}

// mainUnits says an amount of money held in the currency's smallest unit
// (judge.MinorUnits) in its main unit, with two decimals ("49.99" for
// 4999); false for another number, and when the case's currency has no
// minor unit.
func (p *phraser) mainUnits(f field, x float64) (string, bool) {
	if !judge.MinorUnits(p.api.Resolve(f.schema)) || x != math.Trunc(x) || x < 1 {
		return "", false
	}
	for k, v := range p.c.Args {
		if c, ok := v.(string); ok && strings.HasSuffix(strings.ToLower(k), "currency") && zeroDecimal[strings.ToLower(c)] {
			return "", false
		}
	}
	if body, ok := p.c.Args["body"].(map[string]any); ok {
		if c, ok := body["currency"].(string); ok && zeroDecimal[strings.ToLower(c)] {
			return "", false
		}
	}
	return strconv.FormatFloat(x/100, 'f', 2, 64), true
}

// lengthOfTime says a number of seconds, minutes or hours as people say
// a length of time: in the largest unit that holds it whole ("10
// minutes" for 600 seconds, "1 hour" for 3600, "2 days"), where the
// field's name or description says the unit it counts in
// (english.CountsIn). rest is the field's name without the unit's word
// ("timeout" of timeout_seconds). A number no larger unit holds whole
// (up to 100 of it) is said in the field's own unit ("76 seconds"), up to
// 1,000. It fails above that, for a field that counts in no unit or in
// months, and in one case in three, which keeps the number as it is.
func (p *phraser) lengthOfTime(f field, ws []string, x float64) (said string, rest []string, ok bool) {
	if x <= 0 || x != math.Trunc(x) || chance(p.key+"\x00"+f.path, "length of time as a number", 3) {
		return "", nil, false
	}
	desc := ""
	if s := p.api.Resolve(f.schema); s != nil {
		desc = s.Description
	}
	ownUnit := english.CountsIn(ws, prose.Words(desc))
	own := english.UnitSeconds(ownUnit)
	if own <= 0 {
		return "", nil, false
	}
	for _, w := range ws {
		if english.TimeUnit(w) == "" {
			rest = append(rest, w)
		}
	}
	for _, unit := range []string{"week", "day", "hour", "minute"} {
		sec := english.UnitSeconds(unit)
		if sec <= own {
			break
		}
		if n := x * own / sec; n == math.Trunc(n) && n <= 100 {
			return sayNumber(n) + " " + plural(unit, n), rest, true
		}
	}
	if x <= 1000 {
		// No larger unit holds it whole: its own unit says what the
		// number is ("a grace period of 76 seconds").
		return sayNumber(x) + " " + plural(ownUnit, x), rest, true
	}
	return "", nil, false
}

// plural is a unit's word for n of it: "1 minute", "76 seconds".
func plural(unit string, n float64) string {
	if n == 1 {
		return unit
	}
	return unit + "s"
}
