package utter

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/internal/english"
)

// This file holds the rules that say values in the user's words instead
// of naming the argument: an enum value as an adjective ("the pending
// tickets", "a public comment", "close ticket TCK-1 as fixed"), a page
// and its size as "the first 20", a sort by time as "most recently
// created".

// adjectivePhrase is an adjective of a resource and its rank: qualities
// of state come first, degrees next, kinds last ("open high priority
// network tickets").
type adjectivePhrase struct {
	text string
	rank int
}

// degreeArgs are enum arguments whose value is a degree said with the
// argument's name after it: "high priority", "error level".
var degreeArgs = map[string]bool{"priority": true, "severity": true, "level": true, "urgency": true, "importance": true}

// stateArgs are enum arguments whose value is the state of a thing:
// "open", "pending", "public".
var stateArgs = map[string]bool{"status": true, "state": true, "visibility": true}

// rankOf is the place of an argument's adjective before the noun.
func rankOf(name string) int {
	switch {
	case stateArgs[name]:
		return 0
	case degreeArgs[name]:
		return 1
	}
	return 2
}

// joinAdjectives puts adjectives in their order before a noun.
func joinAdjectives(as []adjectivePhrase) string {
	var out []string
	for rank := 0; rank <= 2; rank++ {
		for _, a := range as {
			if a.rank == rank {
				out = append(out, a.text)
			}
		}
	}
	return strings.Join(out, " ")
}

// enumWord says an enum value of an argument named name as an adjective
// of the resource ("pending", "in stock", "high priority") and records
// the words at path when they are not the value as it is, or the value
// is too short to stand out.
func (p *phraser) enumWord(f field, name, x, path string) (string, bool) {
	s := f.schema
	if s == nil || len(s.Enum) == 0 || !adjectiveArgs[name] || strings.HasPrefix(x, "-") || x == "" {
		return "", false
	}
	if ordinary(x) && (x != "new" || p.shape.intent == intentCreate) {
		return "", false
	}
	a := say(x)
	if ordinary(x) {
		a = x
	}
	if st, ok := p.stateWord(name, x, path); ok {
		a = st
	}
	if degreeArgs[name] {
		a += " " + name
	}
	if a != x || len(x) <= 3 {
		p.forms[path] = a
	}
	return a, true
}

// notKinds are words of enum filters' names whose values say how the
// answer is shaped or counted, not which items it holds: "json issues"
// or "day stats" would not say format=json or per=day.
var notKinds = map[string]bool{"format": true, "include": true, "expand": true, "per": true, "period": true, "interval": true,
	"unit": true, "granularity": true, "group": true, "view": true, "layout": true, "mode": true, "encoding": true,
	"content": true, "lang": true, "language": true, "locale": true, "currency": true, "size": true}

// switchValues are enum values that say whether something is on: said
// before the items ("disabled patterns") they would name the items, not
// what the argument turns on or off.
var switchValues = map[string]bool{"enabled": true, "disabled": true, "enable": true, "disable": true, "true": true,
	"false": true, "default": true, "unset": true, "null": true}

// bareEnum says the enum value of a filter whose name adjectiveArgs does
// not know as a word before the items, its name unsaid, as people ask
// for "private repos", "runtime alerts" or "volume snapshots",
// two times in three: the value must be one word that no other argument
// of the tool accepts (else its name says which argument it is for),
// of an enum without a value that reads as a word of the request.
func (p *phraser) bareEnum(f field) (string, bool) {
	x, ok := f.v.(string)
	ws := words(f.name)
	if !ok || !f.top || f.header != "" || !p.filtering() || f.schema == nil || len(f.schema.Enum) == 0 || len(ws) == 0 ||
		adjectiveArgs[ws[len(ws)-1]] || sortName(f.name, ws) || directionOf(f.schema, x) != "" || selects(ws) ||
		len(x) <= 3 || ordinary(x) || switchValues[x] || strings.HasPrefix(x, "-") || len(words(x)) != 1 || strings.ToLower(x) != words(x)[0] {
		return "", false
	}
	for _, w := range ws {
		if notKinds[w] {
			return "", false
		}
	}
	for _, e := range f.schema.Enum {
		if e, ok := e.(string); ok && ordinary(e) {
			// "all latest jobs" would say filter=all as well.
			return "", false
		}
	}
	for _, a := range p.order {
		if a.Name == f.name {
			continue
		}
		if s := p.api.Resolve(a.Schema); s != nil {
			if s.Items != nil {
				s = p.api.Resolve(s.Items)
			}
			if s != nil && slices.Contains(s.Enum, any(x)) {
				return "", false
			}
		}
	}
	if chance(p.key, "named enum "+f.path, 3) {
		return "", false
	}
	return x, true
}

// stateOutcomes are enum arguments whose value says how something ended
// or where it stands: "failure", "success", "completion".
var stateOutcomes = map[string]bool{"status": true, "state": true, "conclusion": true, "result": true, "outcome": true}

// stateNouns are states named by a noun whose adjective people say
// instead: "the failed runs" for status failure, "successful
// deliveries" for success.
var stateNouns = map[string]string{"success": "successful", "error": "errored", "failure": "failed"}

// stateWord says a state value named by a noun as the adjective people
// use for it ("failed" for failure, "successful" for success, "completed"
// for completion, "closed" for closure), two times in three: the rest
// keep the value as the schema spells it, as some people type it. The
// words share a stem with the value, so the judge reads them back.
func (p *phraser) stateWord(name, x, path string) (string, bool) {
	if !stateOutcomes[name] || chance(p.key, "literal state "+path, 3) {
		return "", false
	}
	if a, ok := stateNouns[x]; ok {
		return a, true
	}
	switch {
	case len(x) > 6 && strings.HasSuffix(x, "ure") && !strings.ContainsAny(x[len(x)-4:len(x)-3], "aeiou"):
		// closure -> closed, departure -> departed.
		return x[:len(x)-3] + "ed", true
	case len(x) > 7 && strings.HasSuffix(x, "etion"):
		// completion -> completed, deletion -> deleted.
		return x[:len(x)-3] + "ed", true
	}
	return "", false
}

// asValue says the enum value of an action as what the action makes of
// its thing: "close ticket TCK-1 as fixed", "export the tickets as csv".
func (p *phraser) asValue(f field) (string, bool) {
	x, ok := f.v.(string)
	if !ok || x == "" || f.header != "" || f.whole || f.schema == nil || len(f.schema.Enum) == 0 || ordinary(x) ||
		strings.HasPrefix(x, "-") {
		return "", false
	}
	a := say(x)
	if ws := words(f.name); len(ws) == 1 {
		if st, ok := p.stateWord(ws[0], x, f.path); ok {
			a = st
		}
	}
	if a != x {
		p.forms[f.path] = a
	}
	return "as " + a, true
}

// enumChange says an update of an enum field as what it does to the
// thing: "mark it as pending", "make it urgent priority", "make them an
// admin".
func (p *phraser) enumChange(f field) (string, bool) {
	x, ok := f.v.(string)
	ws := words(f.name)
	if !ok || x == "" || len(ws) != 1 || f.schema == nil || len(f.schema.Enum) == 0 {
		return "", false
	}
	a := say(x)
	if st, ok := p.stateWord(ws[0], x, f.path); ok {
		a = st
	}
	var phrase string
	switch name := ws[0]; {
	case stateArgs[name]:
		phrase = p.pick("mark it as "+a, "mark it "+a)
	case degreeArgs[name] && !ordinary(x):
		phrase = "make it " + a + " " + name
	case name == "role" && personNouns[p.shape.resource] && !ordinary(x):
		phrase = "make them " + article(a)
	default:
		return "", false
	}
	if a != x && !ordinary(x) {
		p.forms[f.path] = a
	}
	return phrase, true
}

// few takes from a list's arguments the ones that say how many items it
// wants, and which: a page size on the first page (or a limit) is "the
// first 20", and with a sort by time, newest first, "the 5 most recently
// created". It returns the words and the arguments left; none taken when
// the request wants a later page or skips items.
func (p *phraser) few(fields []field) (string, []field) {
	page, size, sort, start := -1, -1, -1, -1
	for i, f := range fields {
		if !f.top || f.header != "" {
			continue
		}
		ws := words(f.name)
		if len(ws) == 0 {
			continue
		}
		n, isNum := f.v.(float64)
		last := ws[len(ws)-1]
		switch {
		case isNum && len(ws) == 1 && last == "page":
			page = i
		case isNum && sizeName(f.name, ws) && n >= 1 && n == float64(int(n)):
			size = i
		case last == "offset" || last == "skip" || last == "cursor" || len(ws) == 1 && last == "after":
			if !empty(f.v) && f.v != 0.0 {
				return "", fields
			}
			start = i
		case sortName(f.name, ws):
			sort = i
		}
	}
	if size < 0 || page >= 0 && fields[page].v != 1.0 || fields[size].v == 1.0 {
		return "", fields
	}
	n := sayNumber(fields[size].v.(float64))
	used := map[int]bool{size: true}
	if start >= 0 {
		// "the first 20" starts at the start, where the request starts
		// when it says none.
		d := fields[start].schema
		if d == nil || d.Default == nil || canon(d.Default) != canon(fields[start].v) {
			return "", fields
		}
		used[start] = true
	}
	few := "first " + n
	if sort >= 0 {
		if x, ok := fields[sort].v.(string); ok {
			if verb, ok := recency(x); ok && page < 0 {
				few = n + " most recently " + verb
				p.forms[fields[sort].path] = "most recently " + verb
				used[sort] = true
			}
		}
	}
	if page >= 0 {
		p.forms[fields[page].path] = "first"
		used[page] = true
	}
	var rest []field
	for i, f := range fields {
		if !used[i] {
			rest = append(rest, f)
		}
	}
	return few, rest
}

// sortOrder takes from a list's arguments a sort direction (an enum of
// ascending and descending) and the field it sorts by, and says them as
// people ask an order: "most recently updated first", "earliest created
// first" for a field that holds when something happened; "sorted by
// stars, in descending order" for another; "in descending order" alone
// (not "sorted descending": "sorted" would name the sort field).
// It returns the words and the arguments left; none taken when no
// argument is a direction.
func (p *phraser) sortOrder(fields []field) (string, []field) {
	dir, by := -1, -1
	for i, f := range fields {
		x, ok := f.v.(string)
		if !ok || !f.top || f.header != "" || f.schema == nil {
			continue
		}
		if way := directionOf(f.schema, x); way != "" && dir < 0 {
			dir = i
			continue
		}
		if ws := words(f.name); len(ws) > 0 && sortName(f.name, ws) && x != "" && !strings.HasPrefix(x, "-") && by < 0 {
			by = i
		}
	}
	if dir < 0 {
		return "", fields
	}
	desc := directionOf(fields[dir].schema, fields[dir].v.(string)) == "desc"
	var phrase string
	used := map[int]bool{dir: true}
	switch {
	case by >= 0:
		x := fields[by].v.(string)
		if verb, ok := recency("-" + x); ok || pastParticiple(x) {
			if !ok {
				verb = x
			}
			// "most recently updated first" says both.
			if desc {
				phrase = "most recently " + verb + " first"
			} else {
				phrase = p.pick("earliest "+verb+" first", "least recently "+verb+" first")
			}
			p.forms[fields[by].path] = verb
		} else if most, ok := p.amountOrder(fields[dir].path, x, desc); ok {
			phrase = most
		} else {
			phrase = "sorted by " + say(x) + map[bool]string{true: ", in descending order", false: ", in ascending order"}[desc]
		}
		used[by] = true
	case p.byTime(fields[dir]) && !chance(p.key, "literal direction", 3):
		// "newest first": the list is sorted by when its items came,
		// as the sort's default or the direction's description says.
		if desc {
			phrase = p.pick("newest first", "most recent first", "latest first")
		} else {
			phrase = p.pick("oldest first", "earliest first")
		}
	case desc:
		phrase = p.pick("in descending order", "descending order")
	default:
		phrase = p.pick("in ascending order", "ascending order")
	}
	p.forms[fields[dir].path] = phrase
	var rest []field
	for i, f := range fields {
		if !used[i] {
			rest = append(rest, f)
		}
	}
	return phrase, rest
}

// amountWords are the last words of sort keys that hold an amount, said
// as "highest" or "lowest" first.
var amountWords = map[string]bool{"count": true, "total": true, "score": true, "size": true, "amount": true,
	"rating": true, "popularity": true, "price": true, "rank": true, "number": true}

// amountOrder says a sort by an amount as people ask it, two times in
// three: "most stars first", "fewest comments first", "highest total
// request count first", where "sorted by stars, in descending order"
// would name the direction. Keys that are not counts or amounts (name,
// id) keep their names.
func (p *phraser) amountOrder(path, key string, desc bool) (string, bool) {
	ws := words(key)
	if len(ws) == 0 || strings.HasPrefix(key, "-") || chance(p.key, "literal direction "+path, 3) {
		return "", false
	}
	last := ws[len(ws)-1]
	h := strings.Join(ws, " ")
	switch {
	case english.IsPlural(last) && !strings.HasSuffix(last, "ss") && len(ws) == 1:
		return map[bool]string{true: "most ", false: "fewest "}[desc] + h + " first", true
	case amountWords[last]:
		return map[bool]string{true: "highest ", false: "lowest "}[desc] + h + " first", true
	}
	return "", false
}

// byTime reports whether a list sorted in the direction dir is sorted
// by time when the request names no sort field: the tool's sort
// argument defaults to a field that says when items happened
// ("created"), or the direction's description speaks of the newest or
// oldest items.
func (p *phraser) byTime(dir field) bool {
	if d := dir.schema; d != nil {
		desc := strings.ToLower(d.Description)
		if strings.Contains(desc, "newest") || strings.Contains(desc, "oldest") || strings.Contains(desc, "most recent") {
			return true
		}
	}
	for _, a := range p.order {
		ws := words(a.Name)
		if len(ws) == 0 || !sortName(a.Name, ws) || a.Name == dir.name {
			continue
		}
		if _, set := p.c.Args[a.Name]; set {
			continue
		}
		s := p.api.Resolve(a.Schema)
		if s == nil {
			continue
		}
		if x, ok := s.Default.(string); ok {
			_, recent := recency("-" + strings.TrimPrefix(x, "-"))
			return recent || pastParticiple(x)
		}
	}
	return false
}

// directionOf returns the way ("asc" or "desc") an enum value of a sort
// direction sorts, or "" when the enum is not a direction's (it must
// hold both ways).
func directionOf(s *ir.Schema, x string) string {
	var asc, desc bool
	for _, e := range s.Enum {
		switch strings.ToLower(fmt.Sprint(e)) {
		case "asc", "ascending":
			asc = true
		case "desc", "descending":
			desc = true
		}
	}
	if !asc || !desc {
		return ""
	}
	switch strings.ToLower(x) {
	case "asc", "ascending":
		return "asc"
	case "desc", "descending":
		return "desc"
	}
	return ""
}

// pastParticiple reports whether a sort key is one word that says when
// something happened to the items: created, updated, pushed.
func pastParticiple(x string) bool {
	ws := words(x)
	return len(ws) == 1 && len(ws[0]) > 4 && strings.HasSuffix(ws[0], "ed") && ws[0] == x
}

// sizeName reports whether an argument's name says how many items a
// page or a request holds: per_page, page_size, limit, max_results, top.
func sizeName(name string, ws []string) bool {
	last := ws[len(ws)-1]
	switch {
	case last == "limit" || last == "top" || last == "max" && len(ws) == 1:
		return true
	case last == "page" && len(ws) > 1 && ws[0] == "per":
		return true
	case last == "size" && ws[0] == "page", strings.HasPrefix(strings.ToLower(name), "max") && (last == "results" || last == "items"):
		return true
	}
	return false
}

// sortName reports whether an argument's name says it orders a list.
func sortName(name string, ws []string) bool {
	last := ws[len(ws)-1]
	return last == "sort" || last == "order" || strings.HasPrefix(name, "sort") || strings.HasPrefix(name, "order")
}

// recency returns the verb of a sort key that puts the newest first:
// "-created_at" -> "created", "-updatedAt" -> "updated".
func recency(key string) (string, bool) {
	rest, ok := strings.CutPrefix(key, "-")
	if !ok {
		return "", false
	}
	ws := words(rest)
	if len(ws) == 2 && (ws[1] == "at" || ws[1] == "on" || ws[1] == "date" || ws[1] == "time") && strings.HasSuffix(ws[0], "ed") {
		return ws[0], true
	}
	return "", false
}

// sortPhrase says a sort by time in words: "most recently created first",
// "earliest created first"; false for any other sort.
func (p *phraser) sortPhrase(f field, x string) (string, bool) {
	if verb, ok := recency(x); ok {
		p.forms[f.path] = "most recently " + verb
		return fmt.Sprintf("most recently %s first", verb), true
	}
	if verb, ok := recency("-" + x); ok {
		p.forms[f.path] = "earliest " + verb
		return fmt.Sprintf("earliest %s first", verb), true
	}
	return "", false
}

// filtering reports whether the request is for a list or a search: its
// details qualify the items it wants ("with the Finance department"),
// where another request's describe its thing ("Finance department").
func (p *phraser) filtering() bool {
	return p.shape.intent == intentList || p.shape.intent == intentSearch
}

// textDetail says a free text field by what it is for: "saying “...”",
// "noting “...”", "because “...”".
func (p *phraser) textDetail(last, quoted string) string {
	switch last {
	case "reason":
		return p.pick("because "+quoted, "giving the reason "+quoted)
	case "resolution", "note", "notes":
		return p.pick("noting "+quoted, "saying "+quoted)
	case "description", "details":
		return p.pick("saying "+quoted, "described as "+quoted)
	}
	return "saying " + quoted
}

// emailDetail says an email address: the address alone says what it is,
// except in a filter, which says what it matches.
func (p *phraser) emailDetail(h, x string) string {
	switch {
	case p.filtering():
		return p.pick("with the address "+x, "whose address is "+x)
	case h == "email" || h == "email address":
		return x
	}
	return h + " " + x
}

// enumDetail says an enum value with its argument's name after it, as an
// adjective of the name: "Finance department", "with the assignee
// relationship".
func (p *phraser) enumDetail(h, v string) string {
	if p.filtering() {
		return "with the " + v + " " + h
	}
	return v + " " + h
}

// plainDetail says a string with the argument's name before it, as
// people note an attribute ("serial number PF4Z", "model “X1 Carbon”"),
// or, in a filter, what the items have.
func (p *phraser) plainDetail(h, v string) string {
	if p.filtering() {
		return "with " + h + " " + v
	}
	return h + " " + v
}

// costWords are the last words of argument names that hold what
// something costs.
var costWords = map[string]bool{"cost": true, "price": true, "amount": true, "fee": true, "total": true}

// numberDetail says a number by what its name says it is: "costing
// 371.76", "quantity 3", or in a filter "with quantity 3".
func (p *phraser) numberDetail(ws []string, n string) string {
	h := strings.Join(ws, " ")
	switch {
	case costWords[ws[len(ws)-1]] && !p.filtering():
		return "costing " + n
	case p.filtering():
		return p.pick("with "+h+" "+n, "with "+article(h)+" of "+n)
	}
	return h + " " + n
}

// withDetails joins the phrases of a request's details, with a leading
// space: "a and b" for a few, and for a new thing described by three or
// more, a list as people type one (", model X1, serial number PF4Z, in
// Berlin").
func (p *phraser) withDetails(ds []string) string {
	if len(ds) < 3 || p.shape.intent != intentCreate {
		return " " + join(ds)
	}
	return ", " + strings.Join(ds, ", ")
}
