package utter

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/agentready/agentready/gen/describe/prose"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/gen/toolschema"
	"github.com/agentready/agentready/harness/cases"
)

// slots are what the phrasing templates fill in. Every argument of the
// case is said in exactly one of them.
type slots struct {
	// Verb is the action's verb ("close"), for the action intent.
	Verb string
	// Resource and Resources name what the tool works on.
	Resource, Resources string
	// Thing is the one resource a request is about: "ticket TCK-1042",
	// "Ada Okafor", `the ticket "VPN drops"`, "the service stats".
	Thing string
	// Things is the collection a list or search is about, with its
	// qualities and owner: "urgent network tickets of user 8d0f...".
	Things string
	// Owner is the resource a collection belongs to, "ticket TCK-1042";
	// empty when none.
	Owner string
	// Details are the other arguments as phrases: "created after 1 March
	// 2026", "tagged vpn and laptop"; With is them joined, with a
	// leading space.
	Details []string
	With    string
	// Changes are the fields an update sets: `the title to "X"`.
	Changes []string
	// Query is a search's words, quoted.
	Query string
}

// phraser turns one case into slots.
type phraser struct {
	api   *ir.API
	op    *ir.Operation
	shape toolShape
	c     *cases.Case
	rng   *rand.Rand
	args  map[string]toolschema.Arg
}

func newPhraser(api *ir.API, op *ir.Operation, c *cases.Case, rng *rand.Rand) *phraser {
	p := &phraser{api: api, op: op, shape: shapeOf(api, op), c: c, rng: rng, args: map[string]toolschema.Arg{}}
	for _, a := range toolschema.Args(api, op) {
		p.args[a.Name] = a
	}
	return p
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
	for i, pp := range sh.params {
		v, ok := p.c.Args[pp.arg]
		if !ok {
			continue
		}
		done[pp.arg] = true
		phrase := p.display(pp.arg, pp.noun, v)
		if sh.target && i == len(sh.params)-1 {
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
	var adjectives []string
	names := make([]string, 0, len(p.c.Args))
	for _, a := range toolschema.Args(p.api, p.op) {
		if _, ok := p.c.Args[a.Name]; ok && !done[a.Name] {
			names = append(names, a.Name)
		}
	}
	// Arguments the schema does not know (user data) come last, sorted.
	var extra []string
	for k := range p.c.Args {
		if _, ok := p.args[k]; !ok {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	names = append(names, extra...)
	if sh.intent == intentSearch {
		for _, n := range names {
			if v, ok := p.c.Args[n].(string); ok && isQuery(n) {
				s.Query = quote(v)
				done[n] = true
				break
			}
		}
	}
	for _, n := range names {
		if done[n] {
			continue
		}
		v := p.c.Args[n]
		if adj, ok := p.adjective(n, v); ok && (sh.intent == intentList || sh.intent == intentSearch) {
			adjectives = append(adjectives, adj)
			continue
		}
		if sh.intent == intentUpdate && p.isBodyField(n) {
			s.Changes = append(s.Changes, p.change(n, v))
			continue
		}
		s.Details = append(s.Details, p.detail(n, v))
	}
	if s.Thing == "" {
		s.Thing = "the " + sh.resource
		if sh.plural {
			s.Thing = "the " + sh.resources
		}
		if s.Owner != "" {
			s.Thing += " of " + s.Owner
		}
	}
	things := sh.resources
	if len(adjectives) > 0 {
		things = strings.Join(adjectives, " ") + " " + things
	}
	if s.Owner != "" {
		things += " of " + s.Owner
	}
	s.Things = things
	if len(s.Details) > 0 {
		s.With = " " + join(s.Details)
	}
	return s
}

func isQuery(name string) bool {
	switch strings.ToLower(name) {
	case "q", "query", "search", "term", "terms", "keyword", "keywords", "text", "search_term", "searchterm":
		return true
	}
	return false
}

func (p *phraser) isBodyField(name string) bool {
	a, ok := p.args[name]
	return ok && a.Param == nil
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

func (p *phraser) schema(name string) *ir.Schema {
	a, ok := p.args[name]
	if !ok {
		return nil
	}
	return p.api.Resolve(a.Schema)
}

// adjective returns the phrase of an argument that reads as a quality of
// the resource: an enum filter ("urgent") or a flag ("active",
// "unassigned").
func (p *phraser) adjective(name string, v any) (string, bool) {
	ws := words(name)
	if len(ws) != 1 {
		return "", false
	}
	switch x := v.(type) {
	case string:
		if s := p.schema(name); s != nil && len(s.Enum) > 0 && adjectiveArgs[ws[0]] && !strings.HasPrefix(x, "-") {
			return say(x), true
		}
	case bool:
		if s := p.schema(name); s != nil && s.Kind == ir.KindBoolean {
			if x {
				return ws[0], true
			}
			return negate(ws[0]), true
		}
	}
	return "", false
}

// pick returns one of the options, seeded.
func (p *phraser) pick(options ...string) string { return options[p.rng.IntN(len(options))] }

// detail phrases one argument.
func (p *phraser) detail(name string, v any) string {
	a, known := p.args[name]
	s := p.schema(name)
	ws := words(name)
	last := ""
	if len(ws) > 0 {
		last = ws[len(ws)-1]
	}
	h := human(name)
	if known && a.Param != nil && a.Param.In == ir.InHeader {
		return fmt.Sprintf("with the %s header set to %s", a.Param.Name, sayValue(v))
	}
	if v == nil {
		return "with no " + h
	}
	if fed, ok := p.fedDisplay(name, v); ok {
		return p.idPhrase(name, fed)
	}
	if _, ok := v.(string); ok && p.identifier(name, s) {
		return p.idPhrase(name, "")
	}
	switch x := v.(type) {
	case bool:
		if strings.HasPrefix(name, "include") || strings.HasPrefix(name, "with") {
			rest := strings.Join(ws[1:], " ")
			if x {
				return "with " + rest
			}
			return "without " + rest
		}
		if len(ws) == 1 {
			if x {
				return p.pick("that are "+h, "only if "+h)
			}
			return p.pick("that are not "+h, "only if not "+h)
		}
		return fmt.Sprintf("with %s set to %t", h, x)
	case float64:
		n := sayNumber(x)
		switch {
		case last == "page" && len(ws) == 1:
			return "on page " + n
		case strings.Contains(strings.ToLower(name), "per") && last == "page" || last == "size" && ws[0] == "page":
			return p.pick(n+" per page", n+" to a page")
		case last == "limit" || last == "max" || strings.HasPrefix(name, "max") || last == "top":
			return p.pick("at most "+n, "no more than "+n)
		case (last == "offset" || last == "skip") && x == 0:
			return "starting at offset 0"
		case last == "offset" || last == "skip":
			return p.pick("skipping the first "+n, "starting after the first "+n)
		}
		return p.pick("with "+h+" "+n, "with a "+h+" of "+n)
	case []any:
		items := make([]string, len(x))
		for i, e := range x {
			items[i] = sayValue(e)
		}
		if last == "tags" || last == "labels" || last == "tag" || last == "label" {
			return "tagged " + joinWith(items, "and")
		}
		if s != nil && s.Items != nil {
			if it := p.api.Resolve(s.Items); it != nil && len(it.Enum) > 0 {
				return fmt.Sprintf("with %s %s", singularPhrase(h), joinWith(items, "or"))
			}
		}
		return fmt.Sprintf("with %s %s", h, joinWith(items, "and"))
	case map[string]any:
		var parts []string
		for _, k := range sortedKeys(x) {
			parts = append(parts, leafPhrases(h, k, x[k])...)
		}
		if len(parts) == 0 {
			return "with an empty " + h
		}
		return "with " + joinWith(parts, "and")
	case string:
		return p.stringDetail(name, x, s)
	}
	return fmt.Sprintf("with %s %s", h, sayValue(v))
}

// stringDetail phrases a string argument by what its name and format say
// it holds.
func (p *phraser) stringDetail(name, x string, s *ir.Schema) string {
	ws := words(name)
	last := ws[len(ws)-1]
	h := human(name)
	format := ""
	if s != nil {
		format = s.Format
	}
	if strings.HasPrefix(x, "-") && (last == "sort" || last == "order" || strings.HasPrefix(name, "sort") || strings.HasPrefix(name, "order")) {
		return p.pick("sorted by "+say(x[1:])+" in descending order", "in descending order of "+say(x[1:]))
	}
	if x == "" {
		return "with an empty " + h
	}
	switch {
	case format == "date-time" || format == "date":
		d := sayTime(x)
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
		return p.pick("titled "+quote(x), "called "+quote(x))
	case last == "name" && len(ws) == 1:
		return p.pick("named "+x, "called "+x)
	case last == "description" || last == "body" || last == "comment" || last == "message" || last == "note" ||
		last == "notes" || last == "text" || last == "content" || last == "details" || last == "resolution" || last == "reason":
		if last == "reason" {
			return p.pick("because "+quote(x), "giving the reason "+quote(x))
		}
		return p.pick("saying "+quote(x), "with the "+h+" "+quote(x))
	case last == "email" || format == "email":
		return p.pick("with email "+x, "whose email is "+x)
	case last == "location" || last == "city" || last == "office" || last == "site" || last == "country":
		return "in " + x
	case p.identifier(name, s):
		return p.idPhrase(name, "")
	}
	if s != nil && len(s.Enum) > 0 {
		return p.pick("with "+h+" "+say(x), "with "+say(x)+" as the "+h)
	}
	return p.pick("with "+h+" "+x, "with the "+h+" "+x)
}

// identifier reports whether an argument takes an identifier.
func (p *phraser) identifier(name string, s *ir.Schema) bool {
	ws := words(name)
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
func (p *phraser) idPhrase(name, said string) string {
	e := entity(name)
	lastE := e
	if f := strings.Fields(e); len(f) > 0 {
		lastE = f[len(f)-1]
	}
	bare, named := said, said
	if said == "" {
		bare = sayValue(p.c.Args[name])
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
func (p *phraser) change(name string, v any) string {
	h := human(name)
	if fed, ok := p.fedDisplay(name, v); ok {
		return "the " + entity(name) + " to " + fed
	}
	switch x := v.(type) {
	case nil:
		return "the " + h + " to nothing (clear it)"
	case string:
		s := p.schema(name)
		switch {
		case s != nil && (s.Format == "date-time" || s.Format == "date"):
			ws := words(name)
			if l := ws[len(ws)-1]; len(ws) > 1 && (l == "at" || l == "on") {
				h = strings.Join(ws[:len(ws)-1], " ") + " date"
			}
			return "the " + h + " to " + sayTime(x)
		case s != nil && len(s.Enum) > 0:
			return "the " + h + " to " + say(x)
		case x == "":
			return "the " + h + " to an empty text"
		case strings.Contains(x, " "):
			return "the " + h + " to " + quote(x)
		}
		return "the " + h + " to " + x
	case bool:
		return fmt.Sprintf("%s to %t", h, x)
	case []any:
		items := make([]string, len(x))
		for i, e := range x {
			items[i] = sayValue(e)
		}
		if len(items) == 0 {
			return "the " + h + " to none"
		}
		return "the " + h + " to " + joinWith(items, "and")
	}
	return "the " + h + " to " + sayValue(v)
}

// fedDisplay returns how a chain case says an argument's value: by the
// label of the item it was found in, or as the picked item of a list
// found by another label ("the latest ticket of Ada Okafor").
func (p *phraser) fedDisplay(arg string, v any) (string, bool) {
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
	if fed, ok := p.fedDisplay(arg, v); ok {
		return fed
	}
	return noun + " " + sayValue(v)
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

func leafPhrases(prefix, key string, v any) []string {
	h := human(key)
	switch x := v.(type) {
	case map[string]any:
		var out []string
		for _, k := range sortedKeys(x) {
			out = append(out, leafPhrases(h, k, x[k])...)
		}
		return out
	case []any:
		items := make([]string, len(x))
		for i, e := range x {
			items[i] = sayValue(e)
		}
		return []string{h + " " + joinWith(items, "and")}
	case nil:
		return []string{"no " + h}
	}
	return []string{h + " " + sayValue(v)}
}

func singularPhrase(h string) string {
	ws := strings.Fields(h)
	if len(ws) == 0 {
		return h
	}
	ws[len(ws)-1] = singular(ws[len(ws)-1])
	return strings.Join(ws, " ")
}

// say writes an enum or identifier-like value as words: underscores and
// dashes between words become spaces ("in_stock" -> "in stock").
func say(v string) string {
	if strings.ContainsAny(v, " ") || !strings.ContainsAny(v, "_") {
		return v
	}
	return strings.ReplaceAll(v, "_", " ")
}

// sayValue writes a value as a person would type it.
func sayValue(v any) string {
	switch x := v.(type) {
	case string:
		if _, err := time.Parse(time.RFC3339, x); err == nil {
			return sayTime(x)
		}
		return x
	case float64:
		return sayNumber(x)
	case nil:
		return "nothing"
	}
	return fmt.Sprint(v)
}

func sayNumber(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// sayTime writes a date or date-time as people do: "1 March 2026", "14
// March 2030 at 09:30 UTC".
func sayTime(s string) string {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		d := fmt.Sprintf("%d %s %d", t.Day(), t.Month(), t.Year())
		if t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 {
			return d
		}
		zone := t.Format("Z07:00")
		if zone == "Z" {
			zone = "UTC"
		}
		return d + " at " + t.Format("15:04") + " " + zone
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return fmt.Sprintf("%d %s %d", t.Day(), t.Month(), t.Year())
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

func joinWith(xs []string, conj string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " " + conj + " " + xs[len(xs)-1]
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
