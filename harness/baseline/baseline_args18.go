package baseline

import (
	"net"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// describedDate reports whether a string argument without a format is a
// date all the same: its description says "Must follow format
// YYYY-MM-DD" or starts with the word date ("date, or null"), its example's value is a date, its name ends in date
// (start_date, due_date), or its name is since, until, before or after
// and its description says date.
func describedDate(p *param) bool {
	if p.scalarType() != "string" || len(p.enum) > 0 || p.pattern != nil {
		return false
	}
	if ex, ok := p.example.(string); ok && p.inExample {
		if _, isDate := asDate(ex); isDate {
			return true
		}
	}
	if strings.Contains(strings.ToUpper(p.desc), "YYYY-MM-DD") || reDateFirst.MatchString(p.desc) {
		return true
	}
	// By its name only at the top: a field of an object
	// (evidence.service_date) is not filled with a date said for
	// something else.
	if len(p.path) != 1 || len(p.words) == 0 {
		return false
	}
	if p.words[len(p.words)-1] == "date" {
		return true
	}
	if len(p.words) == 2 && p.words[0] == "date" && (startNameWords[p.words[1]] || endNameWords[p.words[1]]) {
		// dateFrom, date_to: the date that bounds a range.
		return true
	}
	// A bound alone for a name (since, until, before, after) whose
	// description speaks of a date: "Only commits after or in this
	// date will be returned".
	return len(p.words) == 1 && boundNames[p.words[0]] && p.descStems[english.Stem("date")]
}

// reTimestampFormat is a description that names the format of a
// timestamp: "in RFC 3339 format", "in ISO 8601 format".
var reTimestampFormat = regexp.MustCompile(`(?i)\b(?:RFC[- ]?3339|ISO[- ]?8601)\b`)

// describedDateTime reports whether a string argument without a format
// takes a date-time all the same: its description names a timestamp's
// format ("The beginning of the requested reporting period, in RFC 3339
// format"), and speaks of no duration (ISO 8601 also writes lengths of
// time: "PT30M").
func describedDateTime(p *param) bool {
	if p.scalarType() != "string" || len(p.enum) > 0 || p.pattern != nil || p.array {
		return false
	}
	return reTimestampFormat.MatchString(p.desc) && !p.descStems[english.Stem("duration")] && !strings.Contains(p.desc, "P[n]")
}

// namedDateTime reports whether a string argument that nothing
// describes (no description, format, values, pattern or example) takes a
// date-time by its name, as a model reads it: a time word ends it
// (afterEnqueuedAt, created_at) after a word of when (after, before,
// since, until) or an event's participle ("enqueued", "finished").
func namedDateTime(p *param) bool {
	if p.scalarType() != "string" || len(p.enum) > 0 || p.pattern != nil || p.array || p.format != "" ||
		strings.TrimSpace(p.desc) != "" || p.inExample {
		return false
	}
	ws := p.words
	if len(ws) < 2 || ws[len(ws)-1] != "at" {
		return false
	}
	for _, w := range ws[:len(ws)-1] {
		if w == "after" || w == "before" || w == "since" || w == "until" || strings.HasSuffix(w, "ed") {
			return true
		}
	}
	return false
}

// exampleDateTime reports whether a string argument without a format
// takes a date-time all the same: its value in the tool's example is one
// ("suspend_until":"2025-10-15T13:51:02.867Z"), so "until March 1st 2027"
// goes in as 2027-03-01T00:00:00Z.
func exampleDateTime(p *param) bool {
	if p.scalarType() != "string" || len(p.enum) > 0 || p.pattern != nil || !p.inExample {
		return false
	}
	ex, ok := p.example.(string)
	if !ok {
		return false
	}
	_, isDateTime := asDateTime(ex)
	return isDateTime
}

// reDateFirst is a description whose first word says the value is a
// date: "date, or null", "Date the card is due".
var reDateFirst = regexp.MustCompile(`^(?i)\s*(?:an? |the )?date\b(?:[^-]|$)`)

// boundNames are the names of an argument that is one end of a time range.
var boundNames = map[string]bool{"since": true, "until": true, "before": true, "after": true}

// ipNamed reports whether p takes an IP address: its format says so, or
// its name is ip, ips, ip_address, ipv4, ...
func ipNamed(p *param) bool {
	switch p.format {
	case "ipv4", "ipv6", "ip":
		return true
	case "":
	default:
		return false
	}
	if len(p.enum) > 0 {
		return false
	}
	for _, w := range p.words {
		switch w {
		case "ip", "ips", "ipv4", "ipv6":
			return true
		}
	}
	return false
}

// isIP reports whether s is an IPv4 or IPv6 address.
func isIP(s string) bool {
	return strings.ContainsAny(s, ".:") && net.ParseIP(s) != nil
}

// boundWords are the words before a date that say which end of a range
// it is, and the argument name words of that end.
var (
	startWords     = map[string]bool{"since": true, "from": true, "after": true, "starting": true}
	endWords       = map[string]bool{"until": true, "till": true, "to": true, "before": true, "through": true, "ending": true}
	startNameWords = map[string]bool{"start": true, "from": true, "since": true, "after": true, "begin": true, "min": true, "gte": true}
	endNameWords   = map[string]bool{"end": true, "until": true, "to": true, "before": true, "max": true, "lte": true}
)

// boundFit scores a date at token i for p by the word before it: "since
// 2024-03-01" is a start (start_date, from), "until ..." an end; +1 when
// the argument's name says the same end, -1 when it says the other.
func (u *utterance) boundFit(i int, p *param) float64 {
	if i == 0 || u.toks[i-1].clauseEnd {
		return 0
	}
	prev := u.toks[i-1].lower
	var want, other map[string]bool
	switch {
	case startWords[prev]:
		want, other = startNameWords, endNameWords
	case endWords[prev] || u.saysUpToIncluding(i):
		want, other = endNameWords, startNameWords
	default:
		return 0
	}
	for _, w := range p.words {
		if want[w] {
			return 1 + 0.25*sameInclusion(u.boundInclusive(i), nameInclusive(p))
		}
		if other[w] {
			return -1
		}
	}
	return 0
}

// saysUpToIncluding reports whether "up to and including" ends right
// before token i: the end of a range, the date itself in it.
func (u *utterance) saysUpToIncluding(i int) bool {
	if i < 4 || u.toks[i-1].lower != "including" {
		return false
	}
	for k, w := range []string{"up", "to", "and"} {
		if t := u.toks[i-4+k]; t.lower != w || t.clauseEnd {
			return false
		}
	}
	return true
}

// boundInclusive says whether the words before the date at token i take
// the date itself into the range: "since", "from", "starting",
// "through", "on or after", "on or before" and "up to and including" do
// (+1); "after" and "before" alone do not (-1); other words ("until",
// "to") leave it unsaid (0).
func (u *utterance) boundInclusive(i int) int {
	switch u.toks[i-1].lower {
	case "since", "from", "starting", "through":
		return 1
	case "including":
		if u.saysUpToIncluding(i) {
			return 1
		}
	case "after", "before":
		if i >= 3 && u.toks[i-2].lower == "or" && u.toks[i-3].lower == "on" && !u.toks[i-2].clauseEnd {
			return 1
		}
		return -1
	}
	return 0
}

// nameInclusive says whether an argument that bounds a range takes the
// bound itself, by its name: on_or_after, on_or_before, gte and lte do
// (+1); after, before, gt and lt alone do not (-1); other names leave it
// unsaid (0).
func nameInclusive(p *param) int {
	or, strict := false, false
	for _, w := range p.words {
		switch w {
		case "gte", "lte":
			return 1
		case "gt", "lt":
			return -1
		case "or":
			or = true
		case "after", "before":
			strict = true
		}
	}
	switch {
	case strict && or:
		return 1
	case strict:
		return -1
	}
	return 0
}

// sameInclusion is +1 when a request and an argument both say whether
// the bound is in the range and agree, -1 when they disagree, else 0.
func sameInclusion(a, b int) float64 {
	return float64(a * b)
}

// perPage reports whether the number at token i says how many come at
// once: "50 a page", "25 per page", "20 at a time", "30 to a page",
// "50 of them".
func perPage(u *utterance, i int) bool {
	if u.toks[i].clauseEnd || i+2 >= len(u.toks) {
		return false
	}
	a, b := u.toks[i+1], u.toks[i+2]
	switch a.lower {
	case "a", "per", "each", "every":
		return !a.clauseEnd && (b.lower == "page" || b.lower == "batch")
	case "at", "to":
		// "20 at a time", "30 to a page".
		if a.clauseEnd || b.lower != "a" || i+3 >= len(u.toks) {
			return false
		}
		return a.lower == "at" && u.toks[i+3].lower == "time" || a.lower == "to" && u.toks[i+3].lower == "page"
	case "of":
		return !a.clauseEnd && (b.lower == "them" || b.lower == "those")
	}
	return false
}

// emailByDescription gives the email at token i to an argument that takes
// one by its description ("The user ID or email address") when its name
// says a person or an identifier.
func (f *filler) emailByDescription(email string, i int) {
	for _, p := range f.tool.params {
		if f.has(p) || p.scalarType() != "string" || len(p.enum) > 0 || p.format != "" && p.format != "email" {
			continue
		}
		if !strings.Contains(strings.ToLower(p.desc), "email") {
			continue
		}
		person := p.ident
		for _, w := range p.words {
			person = person || personWords[w]
		}
		if person {
			f.set(p, email)
			f.u.used[i] = true
			return
		}
	}
}

// personWords name arguments that hold a person.
var personWords = map[string]bool{"user": true, "member": true, "owner": true, "assignee": true, "recipient": true,
	"person": true, "account": true, "invitee": true, "teammate": true, "collaborator": true, "login": true}

// sameEmail gives the request's one email address to every required
// argument named for an email that is still empty: a tool that takes the
// address twice (in its path and its query) gets it twice, as a model
// sends it.
func (f *filler) sameEmail() {
	email := ""
	for _, t := range f.u.toks {
		if isEmail(t.raw) {
			if email != "" && !strings.EqualFold(email, t.raw) {
				return // two addresses: which one is not for this pass to say
			}
			email = t.raw
		}
	}
	if email == "" {
		return
	}
	for _, p := range f.tool.params {
		if f.has(p) || !p.required || p.scalarType() != "string" || len(p.enum) > 0 {
			continue
		}
		if p.format == "email" || slices.Contains(p.words, "email") {
			f.set(p, email)
		}
	}
}

// placeCode reports whether a token reads as a place's code ("nyc1",
// "fra1", "eu-west-1", "us-east"): lower case, at most 20 characters,
// letters with a digit, or a dash after a code of at most three letters
// (us-, eu-, ap-); "stand-up" is no place.
func placeCode(t token) bool {
	if t.quoted || len(t.raw) > 20 || t.raw != t.lower || strings.IndexFunc(t.raw, isLetter) < 0 ||
		strings.ContainsAny(t.raw, "./@:_") || strings.HasPrefix(t.raw, "-") || strings.HasSuffix(t.raw, "-") {
		return false
	}
	if strings.ContainsAny(t.raw, "0123456789") {
		return true
	}
	head, _, dashed := strings.Cut(t.raw, "-")
	return dashed && len(head) <= 3
}

// nameWords are the name words of arguments that hold a thing's name or
// title.
var nameWords = map[string]bool{"name": true, "title": true, "label": true, "displayname": true}

// renamed reads "rename X to Y", and "as Y" with a name-shaped or
// quoted Y ("snapshot volume X as nightly-0301"): Y is the name, for the
// tool's one argument that names the thing (name, title, label,
// display_name), else for its one value argument when the tool's name
// says name (namedValue).
func (f *filler) renamed() {
	var target *param
	for _, p := range f.tool.params {
		if f.has(p) || !p.free() || p.ident || len(p.path) > 2 {
			continue
		}
		if k := strings.ToLower(strings.ReplaceAll(p.key, "_", "")); nameWords[k] {
			if target != nil {
				return // two such arguments: the request does not say which
			}
			target = p
		}
	}
	if target == nil {
		target = f.namedValue()
	}
	if target == nil {
		return
	}
	for i, t := range f.u.toks {
		if t.lower == "as" && !t.clauseEnd && i+1 < len(f.u.toks) && !f.u.used[i+1] && nameShaped(f.u.toks[i+1]) {
			// "snapshot volume X as nightly-0301": what to call it.
			if f.set(target, f.u.toks[i+1].raw) {
				f.u.used[i+1] = true
			}
			return
		}
		if t.quoted || english.Stem(t.lower) != english.Stem("rename") {
			continue
		}
		for k := i + 1; k+1 < len(f.u.toks) && !f.u.toks[k].clauseEnd; k++ {
			if f.u.toks[k].lower != "to" || f.u.used[k+1] {
				continue
			}
			var parts []string
			last := k
			for n := k + 1; n < len(f.u.toks) && len(parts) < 5 && !f.u.used[n]; n++ {
				if len(parts) > 0 && f.u.ordersNext(n) {
					// "to Road Trip and let friends add songs": the
					// name ends where another order starts.
					break
				}
				parts = append(parts, f.u.toks[n].raw)
				last = n
				if f.u.toks[n].quoted || f.u.toks[n].clauseEnd {
					break
				}
			}
			if len(parts) > 0 && f.set(target, strings.Join(parts, " ")) {
				for n := k; n <= last; n++ {
					f.u.used[n] = true
				}
			}
			return
		}
	}
}

// ordersNext reports whether token n joins a new order to what came
// before it: "and", "then" or "but" followed by a verb ("and let friends
// add songs", "then make it public").
func (u *utterance) ordersNext(n int) bool {
	switch u.toks[n].lower {
	case "and", "then", "but":
	default:
		return false
	}
	if n+1 >= len(u.toks) || u.toks[n+1].quoted {
		return false
	}
	next := u.toks[n+1].lower
	_, verb := imperatives[next]
	return verb || next == "let" || next == "please" || retrieve.IsChangeVerb(next)
}

// namedValue is the tool's one free argument named value when the tool's
// name says it sets a name (updateBoardsNameByIdBoard): what "rename X
// to Y" gives Y to, as a model reads a tool that sets one thing.
func (f *filler) namedValue() *param {
	saysName := false
	for _, w := range retrieve.Words(f.tool.name) {
		saysName = saysName || nameWords[w]
	}
	if !saysName {
		return nil
	}
	return f.tool.sole(func(p *param) bool {
		return strings.EqualFold(p.key, "value") && p.free() && !p.ident && !f.has(p) && len(p.path) <= 2
	})
}

// nameNoun is the noun of an argument that holds a thing's name by the
// thing's word: pool for pool_name, user for username; "" for others.
func nameNoun(p *param) string {
	switch {
	case len(p.words) == 2 && p.words[1] == "name":
		return p.words[0]
	case len(p.words) == 1 && strings.HasSuffix(p.words[0], "name") && len(p.words[0]) > len("name")+2:
		return strings.TrimSuffix(p.words[0], "name")
	}
	return ""
}

// nameNouns read the name said right after the thing's noun for an
// argument that holds that thing's name ("pool transactional" for
// pool_name, "user dana" for username): a name-shaped word, or, for a
// required argument, any word that is no word of the sentence; after
// "called" or "named" ("a break called Lunch" for break_name) the word
// that follows, never "called" itself.
func (f *filler) nameNouns() {
	for _, p := range f.tool.params {
		if f.has(p) || !p.free() || p.array {
			continue
		}
		noun := nameNoun(p)
		if noun == "" || noun == "first" || noun == "last" || noun == "display" || noun == "full" || noun == "file" {
			continue
		}
		st := english.Stem(noun)
		for _, at := range f.u.findPhrase([]string{st}) {
			ti := f.u.words[at].tok
			if f.u.used[ti] || f.u.toks[ti].clauseEnd || f.u.toks[ti].colon || ti+1 >= len(f.u.toks) || f.u.used[ti+1] {
				continue
			}
			vi, next := ti+1, f.u.toks[ti+1]
			called := false
			if (next.lower == "called" || next.lower == "named") && !next.clauseEnd && ti+2 < len(f.u.toks) && !f.u.used[ti+2] {
				// "a break called Lunch": the name is the word after
				// the word that says a name follows.
				vi, next, called = ti+2, f.u.toks[ti+2], true
			}
			plain := !next.quoted && next.first == next.last && f.u.words[next.first].stem != "" &&
				!retrieve.IsStopWord(next.lower) && !requestVerbs[f.u.words[next.first].stem] && !f.tool.topic[f.u.words[next.first].stem] &&
				!stopValue[next.lower]
			if _, num := asNumber(next.raw); num {
				plain = false
			}
			if !nameShaped(next) && !(p.required && plain) && !(called && (plain || next.quoted)) {
				continue
			}
			if f.set(p, next.raw) {
				f.u.used[vi] = true
				if called {
					f.u.used[ti+1] = true
				}
				f.u.claimWords(at, at)
			}
			break
		}
	}
}

// prefixes read "starting with X" ("beginning with", "that start with")
// for the argument whose description says it matches a prefix.
func (f *filler) prefixes() {
	var target *param
	for _, p := range f.tool.params {
		if !f.has(p) && p.free() && !p.array && strings.Contains(strings.ToLower(p.desc), "prefix") {
			target = p
			break
		}
	}
	if target == nil {
		return
	}
	for i := 0; i+2 < len(f.u.toks); i++ {
		st := english.Stem(f.u.toks[i].lower)
		if st != english.Stem("starting") && st != english.Stem("beginning") && st != english.Stem("start") && st != english.Stem("begin") {
			continue
		}
		if f.u.toks[i].clauseEnd || f.u.toks[i+1].lower != "with" || f.u.used[i+2] {
			continue
		}
		if f.set(target, f.u.toks[i+2].raw) {
			f.u.used[i+2] = true
		}
		return
	}
}

// shortIDs give a short number said right after a noun ("team 777",
// "bookmark 4455") to the tool's one required identifier that is still
// empty, when it is the request's only number left: a model reads the
// noun as another word for the thing the tool acts on. A number before
// a noun ("20 GB", "5 droplets") is a count or an amount, not this.
func (f *filler) shortIDs() {
	target := f.tool.sole(func(p *param) bool {
		typ := p.scalarType()
		return p.required && !f.has(p) && p.ident && !p.array && len(p.enum) == 0 && p.format == "" && f.reachable(p) &&
			(typ == "string" || typ == "integer")
	})
	if target == nil {
		return // none, or two identifiers to fill: the number does not say which
	}
	at := -1
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted || !reDigits.MatchString(t.raw) {
			continue
		}
		if at >= 0 {
			return // two numbers left
		}
		at = i
	}
	if at <= 0 {
		return
	}
	prev, t := f.u.toks[at-1], f.u.toks[at]
	if prev.quoted || prev.clauseEnd || prev.colon || strings.IndexFunc(prev.raw, func(r rune) bool { return !isLetter(r) }) >= 0 {
		return
	}
	st := english.Stem(prev.lower)
	if retrieve.IsStopWord(prev.lower) || countOrder[prev.lower] || stopValue[prev.lower] || requestVerbs[st] {
		return
	}
	if (f.tool.argWords[st] || f.tool.topic[st]) && !slices.Contains(target.stems, st) {
		// "page 3" names another argument; "linode 4411" with
		// getLinodeType's typeId names the Linode, not its type.
		return
	}
	if !t.clauseEnd && at+1 < len(f.u.toks) {
		if next := f.u.toks[at+1]; !retrieve.IsStopWord(next.lower) && !stopValue[next.lower] {
			return // "777 users": a count
		}
	}
	var v any = t.raw
	if target.scalarType() == "integer" {
		n, _ := asNumber(t.raw)
		v = number(target, n)
	}
	if f.set(target, v) {
		f.u.used[at] = true
		f.notes = append(f.notes, target.name+" takes the number after "+prev.lower)
	}
}

// reDigits is a short number written in digits: at most nine.
var reDigits = regexp.MustCompile(`^[0-9]{1,9}$`)

// keyPhrase reads bare words after "in", "of", "for" or "on" as the
// tool's required identifiers still empty, in the schema's order, when
// there are as many words as identifiers and at least two: "users in
// webshop production" is project webshop, environment production, for
// getUsers(projectKey, environmentKey), as a model reads a path's keys.
func (f *filler) keyPhrase() {
	var want []*param
	for _, p := range f.tool.params {
		if p.required && !f.has(p) && p.ident && pairable(p) && !p.array && f.reachable(p) {
			want = append(want, p)
		}
	}
	if len(want) < 2 {
		return
	}
	for i := 0; i+len(want) < len(f.u.toks); i++ {
		switch t := f.u.toks[i]; t.lower {
		case "in", "of", "for", "on":
			if t.clauseEnd {
				continue
			}
		default:
			continue
		}
		var at []int
		for k := i + 1; k < len(f.u.toks) && len(at) <= len(want); k++ {
			if !f.bareKey(k) {
				break
			}
			at = append(at, k)
			if f.u.toks[k].clauseEnd {
				break
			}
		}
		if len(at) != len(want) || at[len(at)-1]+1 < len(f.u.toks) && !f.u.toks[at[len(at)-1]].clauseEnd && f.bareKey(at[len(at)-1]+1) {
			continue
		}
		sort.SliceStable(want, func(a, b int) bool { return want[a].order < want[b].order })
		for n, p := range want {
			f.set(p, f.u.toks[at[n]].raw)
			f.u.used[at[n]] = true
		}
		f.notes = append(f.notes, "the words after "+f.u.toks[i].lower+" are the required keys in order")
		return
	}
}

// bareKey reports whether token k can be a key said bare: one unused,
// unquoted word of letters, digits and dashes that is no word of the
// sentence, of the tool's name or of its arguments' names.
func (f *filler) bareKey(k int) bool {
	t := f.u.toks[k]
	if f.u.used[k] || t.quoted || t.first != t.last && !nameShaped(t) || strings.ContainsAny(t.raw, "@/:") {
		return false
	}
	if _, num := asNumber(t.raw); num {
		return false
	}
	st := english.Stem(t.lower)
	return !retrieve.IsStopWord(t.lower) && !stopValue[t.lower] && !requestVerbs[st] && !f.tool.topic[st] &&
		!f.tool.argWords[st] && !countOrder[t.lower] && !politeness[t.lower]
}

// colonText gives a required free-text argument everything after the
// request's last colon, word for word, when nothing after it was read
// for another argument and it has at least three words ("reply to
// ticket 99812: still seeing packet loss"): a model copies the message,
// it does not drop the words that look like a request's.
func (f *filler) colonText(p *param) bool {
	from := -1
	for i, t := range f.u.toks {
		if t.colon && !t.quoted && i+1 < len(f.u.toks) {
			from = i + 1
		}
	}
	if from < 0 || len(f.u.toks)-from < 3 {
		return false
	}
	var parts []string
	for i := from; i < len(f.u.toks); i++ {
		if f.u.used[i] {
			return false
		}
		parts = append(parts, f.u.toks[i].raw)
	}
	if !f.set(p, strings.Join(parts, " ")) {
		return false
	}
	for i := from; i < len(f.u.toks); i++ {
		f.u.used[i] = true
	}
	f.notes = append(f.notes, p.name+" is what follows the colon")
	return true
}

// nounName gives a required name, label or title still empty the one
// word right after a noun of the tool's name when a preposition, a
// comma or the end follows it ("make a 20 GB volume pgdata in
// us-east"): what the thing is to be called.
func (f *filler) nounName() {
	var target *param
	for _, p := range f.tool.params {
		if p.required && !f.has(p) && p.free() && !p.array && len(p.path) == 1 && nameWords[strings.ToLower(p.key)] {
			target = p
			break
		}
	}
	if target == nil {
		return
	}
	for k := 1; k < len(f.u.toks); k++ {
		prev := f.u.toks[k-1]
		if prev.quoted || prev.clauseEnd || prev.first != prev.last || !f.tool.topic[f.u.words[prev.first].stem] || !f.bareKey(k) {
			continue
		}
		if k+1 < len(f.u.toks) && !f.u.toks[k].clauseEnd && !stopValue[f.u.toks[k+1].lower] {
			continue
		}
		if f.set(target, f.u.toks[k].raw) {
			f.u.used[k] = true
			f.notes = append(f.notes, target.name+" is the word after "+prev.lower)
		}
		return
	}
}
