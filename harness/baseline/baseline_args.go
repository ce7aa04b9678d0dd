package baseline

import (
	"encoding/json"
	"fmt"
	"github.com/agentready/agentready/internal/formats"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/agentready/agentready/harness/lexicon"
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// filler reads argument values for one tool out of one utterance.
type filler struct {
	tool *toolSpec
	u    *utterance
	args map[string]any
	// force names arguments that must get a value if any can be found
	// (from an error that said they are missing), with an example value
	// to imitate (or nil).
	force map[string]any
	notes []string
	// ownNoun marks the tool's bare id arguments whose value followed
	// the tool's own noun ("VLAN 300" for ipam_vlans_read's id).
	ownNoun map[string]bool
	// twoHandles says the request wrote two words as a person's handle
	// for the tool's one username (handles): which is meant is unsaid.
	twoHandles bool
}

// requestVerbs are words that ask for something without saying what:
// never argument values.
var requestVerbs = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`show list find search get give fetch pull look tell display see check
		create make add open new register update change set edit modify delete remove close reopen assign
		unassign take back export return retrieve lookup bring help want need like would could can please
		details detail info information overview everything latest current`) {
		requestVerbs[english.Stem(w)] = true
	}
}

// fill runs every pass in order of how sure it is, each claiming the
// tokens it uses.
func fill(t *toolSpec, u *utterance, force map[string]any) *filler {
	f := &filler{tool: t, u: u, args: map[string]any{}, force: force, ownNoun: map[string]bool{}}
	f.typed()
	f.emptied()
	f.monthSpan()
	f.enums()
	f.countries()
	f.emails()
	f.kinds()
	f.fullNames()
	f.fileNames()
	f.quoted()
	f.slashPairs()
	f.filePaths()
	f.objectNames()
	f.identifiers()
	f.directions()
	f.sortedBy()
	f.durations()
	f.counts()
	f.percents()
	f.selectors()
	f.numberedWords()
	f.years()
	f.money()
	f.renamed()
	f.named()
	f.nameNouns()
	f.madeName()
	f.thingNames()
	f.describedNouns()
	f.prefixes()
	f.numbers()
	f.inclusions()
	f.booleans()
	f.twoStateEnums()
	f.switches()
	f.stateValue()
	f.places()
	f.shaped()
	f.statusWord()
	f.handles()
	f.theNamed()
	f.scopes()
	f.listedName()
	f.lastQuote()
	f.leftovers()
	f.keyPhrase()
	f.shortIDs()
	f.nounName()
	f.remainder()
	f.requiredFirst()
	f.writtenRequired()
	f.companions()
	f.reread()
	return f
}

// pair is a possible value for an argument, with how well the words
// around it fit the argument.
type pair struct {
	p        *param
	tok      int // the value's first token
	lastTok  int
	value    any
	affinity float64
	words    [2]int // word span, for claiming
}

// rank orders arguments when nothing else tells them apart: required
// first, then those the example shows, then the schema's order.
func rank(p *param) int {
	r := p.order
	if !p.inExample {
		r += 1000
	}
	if !p.required {
		r += 2000
	}
	return r
}

// affinity scores how well the words around [from, to] fit p: its name
// words count most, its description's words a little.
func (f *filler) affinity(p *param, from, to int) float64 {
	win := f.u.window(from, to, 3, 3)
	if len(win) == 0 {
		return 0
	}
	in := map[string]bool{}
	for _, s := range win {
		in[s] = true
	}
	score := 0.0
	if len(p.stems) > 0 {
		hit := 0
		for _, s := range p.stems {
			if in[s] {
				hit++
			}
		}
		// The share of the name's words, and a little for each: "5 per
		// page" fits per_page better than page.
		score += 2*float64(hit)/float64(len(p.stems)) + 0.1*float64(hit)
	}
	desc := 0
	for s := range in {
		// Words that name arguments count through the names only.
		if p.descStems[s] && !retrieve.IsStopWord(s) && !f.tool.argWords[s] {
			desc++
		}
	}
	return score + 0.5*math.Min(float64(desc), 2)
}

// assign gives values to arguments, best fit first; each argument takes
// one value (an array several), each token goes to one argument.
func (f *filler) assign(pairs []pair, minAffinity float64) {
	sort.SliceStable(pairs, func(i, j int) bool {
		a, b := pairs[i], pairs[j]
		if a.affinity != b.affinity {
			return a.affinity > b.affinity
		}
		if a.tok != b.tok {
			return a.tok < b.tok
		}
		return rank(a.p) < rank(b.p)
	})
	for _, pr := range pairs {
		if pr.affinity < minAffinity && !pr.p.required && !pr.p.inExample && f.force[pr.p.name] == nil {
			continue
		}
		if f.u.used[pr.tok] || f.u.used[pr.lastTok] {
			continue
		}
		if !f.set(pr.p, pr.value) {
			continue
		}
		f.u.claimWords(pr.words[0], pr.words[1])
	}
}

// set gives p the value v, appending to an array; false when p already
// has a value.
func (f *filler) set(p *param, v any) bool {
	if str, ok := v.(string); ok && p.pattern != nil && !p.pattern.MatchString(str) {
		// Words that do not fit the argument's pattern are meant for
		// something else ("the ticket “Printer jams”" names no ticket
		// id), unless the pattern's fixed start completes them: "ticket
		// 1001" is TCK-1001 by ^TCK-[0-9]{4,}$.
		if p.prefix == "" || !p.pattern.MatchString(p.prefix+str) {
			return false
		}
		v = p.prefix + str
	}
	if str, ok := v.(string); ok && idLike(str) && p.onlyNamed() && !slices.ContainsFunc(p.named, func(n string) bool { return strings.EqualFold(n, str) }) {
		// An identifier is none of the values a description lists
		// ("One of: all, closed, none or open", " true or false"):
		// "cards in list 60d5ec49..." gives no value to a list flag.
		return false
	}
	if str, ok := v.(string); ok && p.ident && opaqueExample(p) && str == strings.ToLower(str) && !strings.ContainsAny(str, "0123456789") {
		// An identifier whose example is opaque ("463c1ee5-31bc-...")
		// takes no name of lowercase words ("billing-api", "gitlab"):
		// a model looks the name up first.
		return false
	}
	if str, ok := v.(string); ok && p.ident && p.scalarType() == "integer" && strings.IndexFunc(str, isLetter) >= 0 {
		// An identifier that is a number takes no word ("the droplet
		// called web-03" names droplet_id 3164444's droplet, it is not
		// its id): a model looks the name up first.
		return false
	}
	if str, ok := v.(string); ok && !fitsEnum(p, v) && (switchOn[strings.ToLower(str)] || switchOff[strings.ToLower(str)]) {
		// A word that switches a setting is no value of an enum that
		// does not list it: "switch mp4 support off" gives mp4_support
		// (standard or none) no "off". Other words the enum does not
		// list are sent as said ("role: administrator"), for the
		// error's suggestions to repair.
		return false
	}
	if items, isList := v.([]any); isList && p.array {
		if f.has(p) {
			return false
		}
		f.args[p.name] = items
		return true
	}
	if p.array {
		cur, _ := f.args[p.name].([]any)
		for _, c := range cur {
			if c == v {
				return false
			}
		}
		f.args[p.name] = append(cur, v)
		return true
	}
	if _, ok := f.args[p.name]; ok {
		return false
	}
	f.args[p.name] = v
	return true
}

// opaqueExample reports whether p's example value is an opaque
// identifier of twelve characters or more (a UUID, a long key mixing
// letters and digits, a long number); a short placeholder such as
// "abcd1234" says nothing of the form.
func opaqueExample(p *param) bool {
	ex, ok := p.example.(string)
	return ok && len(ex) >= 12 && idLike(ex)
}

// onlyNamed reports whether p's description says its value is one of
// those it lists: "One of: ...", "all or a comma-separated list of: ...",
// or true and false. ("Channel, private group, or IM channel" lists
// kinds of things, not values.)
func (p *param) onlyNamed() bool {
	if len(p.named) == 0 {
		return false
	}
	d := strings.ToLower(p.desc)
	return strings.Contains(d, "one of") || strings.Contains(d, "list of:") ||
		slices.Contains(p.named, "true") && slices.Contains(p.named, "false")
}

func (f *filler) has(p *param) bool {
	_, ok := f.args[p.name]
	return ok
}

// typed matches values whose form says what they are: UUIDs, emails,
// dates and date-times, and identifiers with a distinctive pattern
// (TCK-1042, tm_4k7p2x9q1c).
func (f *filler) typed() {
	var pairs []pair
	for i, t := range f.u.toks {
		var dateTok = -1
		var natural, naturalTime string
		if d, clock, last, ok := f.u.naturalDate(i); ok {
			natural, dateTok = d, last
			naturalTime = d + "T00:00:00Z"
			if clock != "" {
				naturalTime = d + "T" + clock + "Z"
			}
		}
		for _, p := range f.tool.params {
			typ := p.scalarType()
			unix := describedUnix(p)
			if typ != "string" && !(unix && (typ == "integer" || typ == "number")) {
				continue
			}
			var v any
			last := i
			format := p.format
			if unix && (format == "" || format == "int64" || format == "int32") {
				format = "unix"
			} else if format == "" && describedDate(p) {
				// "Must follow format YYYY-MM-DD": a date, though the
				// schema gives no format.
				format = "date"
			} else if format == "" && (exampleDateTime(p) || describedDateTime(p) || namedDateTime(p)) {
				format = "date-time"
			}
			switch {
			case format == "uuid" && formats.UUID(t.raw):
				if !f.namedForOther(p, i) {
					v = strings.ToLower(t.raw)
				}
			case format == "email" && isEmail(t.raw):
				v = t.raw
			case ipNamed(p) && isIP(t.raw):
				v = t.raw
			case f.tool.domainNamed(p) && isDomain(t.raw):
				v = t.raw
			case format == "date":
				if d, ok := asDate(t.raw); ok {
					v = d
				} else if dt, ok := asDateTime(t.raw); ok {
					v = dt[:10]
				} else if natural != "" {
					v, last = natural, dateTok
				}
			case format == "date-time":
				if dt, ok := asDateTime(t.raw); ok {
					v = dt
				} else if d, ok := asDate(t.raw); ok {
					v = d + "T00:00:00Z"
				} else if natural != "" {
					v, last = naturalTime, dateTok
				}
			case format == "unix":
				// "on june 28 2024 at 5pm UTC" for "Unix timestamp":
				// the seconds since 1970, as a model works them out.
				dt := naturalTime
				if x, ok := asDateTime(t.raw); ok {
					dt = x
				} else if d, ok := asDate(t.raw); ok {
					dt = d + "T00:00:00Z"
				} else if natural != "" {
					last = dateTok
				}
				if at, err := time.Parse(time.RFC3339, dt); err == nil && dt != "" {
					if typ == "string" {
						v = strconv.FormatInt(at.Unix(), 10)
					} else {
						v = at.Unix()
					}
				}
			case p.distinctive():
				if p.pattern.MatchString(t.raw) {
					v = t.raw
				}
			}
			if v == nil {
				continue
			}
			from, to := f.u.toks[i].first, f.u.toks[last].last
			aff := f.affinity(p, from, to)
			if format == "date" || format == "date-time" {
				aff += f.u.boundFit(i, p)
				if _, dateOnly := asDate(t.raw); dateOnly && last == i && saysTimeOfDay(p) {
					// "due 2026-12-01": the day, due_on ("date on
					// which this task is due") before due_at ("date
					// and time").
					aff -= 0.25
				}
			}
			if format == "uuid" && f.namedBefore(p, i) {
				// "contact 7c3e..." is the contact's, though a
				// contact group's name is said nearby.
				aff += 2
			}
			pairs = append(pairs, pair{p: p, tok: i, lastTok: last, value: v, affinity: aff, words: [2]int{from, to}})
		}
	}
	f.assign(pairs, 0)
}

// saysTimeOfDay reports whether p's name or description says it holds
// a time of day as well as a date: a name ending in "at" or "time", or
// "time" in its description.
func saysTimeOfDay(p *param) bool {
	if n := len(p.words); n > 0 && (p.words[n-1] == "at" || p.words[n-1] == "time") {
		return true
	}
	return p.descStems["time"]
}

// describedUnix reports whether p's description says it takes a Unix
// timestamp: "Unix timestamp", "epoch", "seconds since 1970".
func describedUnix(p *param) bool {
	return reUnixTime.MatchString(p.desc)
}

var reUnixTime = regexp.MustCompile(`(?i)\bunix\b|\bepoch\b|\bseconds since\b`)

// namedForOther reports whether the word right before token i (in the
// same clause, past "the" or "a") is a word of another argument's name
// and names nothing p's name or description says: the UUID of "tenant
// 9a8b..." is the tenant's, not one of the invoice IDs a list filter
// takes, and in "contact 7c3e... out of contact group 1d3f..." the second
// is the group's.
func (f *filler) namedForOther(p *param, i int) bool {
	w := f.u.toks[i].first - 1
	for w >= 0 && (f.u.words[w].lower == "the" || f.u.words[w].lower == "a") && !f.u.boundaryAfter(w) {
		w--
	}
	if w < 0 || f.u.boundaryAfter(w) {
		return false
	}
	n := f.u.words[w]
	if n.stem == "" || idWords[n.lower] || f.nounNames(n, p) {
		return false
	}
	for _, q := range f.tool.params {
		if q != p && slices.Contains(q.stems, n.stem) {
			return true
		}
	}
	return false
}

// enums finds accepted values mentioned in the text, by their words
// ("in stock" for in_stock), case-insensitively. A value that is also a
// common word ("IT", "other") must be written as the schema writes it.
func (f *filler) enums() {
	var pairs []pair
	verbClass, _, verbAt := requestVerbAt(f.u)
	for _, p := range f.tool.params {
		values := p.enum
		if len(values) == 0 {
			values = p.named
		}
		for _, e := range values {
			ws := retrieve.Words(e)
			if len(ws) == 0 {
				continue
			}
			stems := make([]string, len(ws))
			for i, w := range ws {
				stems[i] = english.Stem(w)
			}
			at := f.u.findPhrase(stems)
			if len(ws) == 1 && !retrieve.IsStopWord(ws[0]) {
				at = append(at, f.u.derivedForms(stems[0])...)
				if len(p.enum) > 0 {
					at = append(at, f.u.clippedForms(ws[0])...)
					at = append(at, f.enumSynonyms(ws[0], stems[0])...)
				}
				at = append(at, f.u.periodNouns(ws[0])...)
			}
			for _, at := range at {
				end := at + len(ws) - 1
				if len(ws) == 1 && retrieve.IsStopWord(ws[0]) && f.u.toks[f.u.words[at].tok].raw != e {
					continue
				}
				if tk := f.u.toks[f.u.words[at].tok]; !tk.quoted && !strings.EqualFold(tk.raw, e) && isFileName(tk.raw[strings.LastIndexByte(tk.raw, '/')+1:]) {
					// "download reports/q3.pdf": the file's path is one
					// value, its extension no preview_size pdf.
					continue
				}
				if len(p.enum) == 0 && f.namesNext(end) {
					// "on branch hotfix-7" for "SHA or branch": the
					// word says what the name after it is.
					continue
				}
				if len(ws) == 1 && !p.required && f.tool.objects[stems[0]] && english.IsPlural(f.u.words[at].lower) &&
					f.u.words[at].lower != strings.ToLower(e) {
					// "list email templates": the things the tool lists,
					// not its content_type template.
					continue
				}
				if len(ws) == 1 && at == verbAt && verbClass == "create" && at+1 < len(f.u.words) && f.tool.topic[f.u.words[at+1].stem] {
					// "new task 'Renew SSL cert'": the word orders the
					// task made, it sets no status "new" ("close issue
					// 5" and "mark it as open" do set one).
					continue
				}
				if f.saidForOther(p, at) {
					// "tagged laptop and hardware", "set the tags to
					// security": the words are another argument's
					// values, not this enum's.
					continue
				}
				aff := f.affinity(p, at, end)
				if aff == 0 && f.tool.namesParam(stems, p) {
					// "high priority": the word names another argument
					// here, not a sort order.
					continue
				}
				// Quoted exact values are matched below.
				pairs = append(pairs, pair{p: p, tok: f.u.words[at].tok, lastTok: f.u.words[end].tok, value: e,
					affinity: aff + 0.01*float64(len(ws)), words: [2]int{at, end}})
			}
			for i, t := range f.u.toks {
				if t.quoted && strings.EqualFold(t.raw, e) {
					pairs = append(pairs, pair{p: p, tok: i, lastTok: i, value: e,
						affinity: f.affinity(p, t.first, t.last) + 0.5, words: [2]int{t.first, t.last}})
				}
			}
		}
		pairs = append(pairs, f.glossed(p)...)
	}
	f.assign(pairs, -1)
}

// saidForOther reports whether the words before word at say that it is
// the value of another argument that takes free text or a list, not p's:
// that argument's name ends right
// before it, or before "to" or "as" and it ("set the tags to security"),
// or before a list it ends ("tagged laptop and hardware": tags, whose
// stem "tagged" shares; "tagged vip, laptop and hardware").
func (f *filler) saidForOther(p *param, at int) bool {
	names := func(k int) bool {
		if k < 0 || f.u.toks[f.u.words[k].tok].sentenceEnd {
			return false
		}
		for _, q := range f.tool.params {
			if q == p || q.ident || len(q.enum) > 0 || len(q.named) > 0 || !(q.array || q.scalarType() == "string") {
				// Only a free text or list takes any words: "high
				// priority network" and "the ticket as fixed" say
				// nothing against network or fixed.
				continue
			}
			for _, phrase := range f.tool.phrasesOf(q) {
				if start := k - len(phrase) + 1; start >= 0 && slices.Contains(f.u.findPhrase(phrase), start) {
					return true
				}
			}
		}
		return false
	}
	k := at - 1
	if k < 0 {
		return false
	}
	if w := f.u.words[k].lower; w == "to" || w == "as" {
		return names(k - 1)
	}
	for steps := 0; k >= 0 && steps < 6; steps++ {
		if names(k) {
			return true
		}
		tok := f.u.toks[f.u.words[k].tok]
		switch {
		case f.u.words[k].lower == "and" || f.u.words[k].lower == "or":
			k--
		case tok.clauseEnd && !tok.sentenceEnd && k < at-1:
			// k is an earlier item, written with a comma after it.
		default:
			return false
		}
		if k < 0 || tok.quoted || retrieve.IsStopWord(f.u.words[k].lower) {
			return false
		}
		k--
	}
	return false
}

// switchedTo reads a switch's state said from token i, after its name:
// "off" and "disabled" are false, "enabled" true, and "on" only after a
// verb that switches ("switched on", "turned off", "set to off"), as
// "watch on branch X" says no state. It returns the state and the last
// token read.
func (u *utterance) switchedTo(i int) (bool, int, bool) {
	state := func(k int, bare bool) (bool, bool) {
		if k >= len(u.toks) || u.toks[k].quoted {
			return false, false
		}
		switch u.toks[k].lower {
		case "off", "disabled":
			return false, true
		case "enabled":
			return true, true
		case "on":
			return true, !bare
		}
		return false, false
	}
	if v, ok := state(i, true); ok {
		return v, i, true
	}
	switch u.toks[i].lower {
	case "switched", "turned", "set", "toggled":
		k := i + 1
		if k < len(u.toks) && u.toks[k].lower == "to" && !u.toks[i].clauseEnd {
			k++
		}
		if v, ok := state(k, false); ok && !u.toks[i].clauseEnd {
			return v, k, true
		}
	}
	return false, 0, false
}

// quoted gives quoted text to free-text arguments, by the words around
// it.
func (f *filler) quoted() {
	var pairs []pair
	for i, t := range f.u.toks {
		if !t.quoted || f.u.used[i] || t.raw == "" {
			continue
		}
		names := f.namedThing(i)
		message := f.saidMessage(i)
		for _, p := range f.tool.params {
			if message != nil && p != message {
				// "saying “Tried restarting twice”": the message, not
				// the name of the thing it is sent to.
				continue
			}
			if names != nil && p != names {
				// "close the 'v2.0' milestone": the milestone's name,
				// not a title.
				continue
			}
			if p == names && strings.ContainsAny(t.raw, " \t") {
				// "delete the 'QA bot' token": words with a space are
				// the token's name, no id or key; a lookup finds it.
				continue
			}
			if p.scalarType() != "string" || len(p.enum) > 0 || p.format != "" ||
				p.pattern != nil && !p.pattern.MatchString(t.raw) {
				continue
			}
			if !f.reachable(p) {
				continue
			}
			if len(p.named) > 0 && !slices.ContainsFunc(p.named, func(n string) bool { return strings.EqualFold(n, t.raw) }) {
				// "search messages for 'outage'": quoted text is none of
				// the values sort's description lists (score or
				// timestamp), so it is not a sort.
				continue
			}
			if f.namedElsewhere(p, i) {
				// "create project 'Mobile App' with key mobile-app":
				// the key is the value said after its name.
				continue
			}
			if !p.textual() && f.nounAfterDenies(i, p) {
				// "the 'backend' team of org acme-labs": a team's
				// name, not the org's.
				continue
			}
			aff := f.affinity(p, t.first, t.last)
			if f.verbNames(p) || f.namesNew(p, i) {
				// "rename the playlist to 'Road Trip'", "new task
				// 'Renew SSL cert'": the name.
				aff += 2
			}
			if !p.textual() && aff < 1 && !(p.ident && idLike(t.raw)) && !f.namedWithin(p, t.first, 6) {
				// Quoted text is a title, a message, a query: not an
				// owner nor a channel unless the request says so.
				continue
			}
			pairs = append(pairs, pair{p: p, tok: i, lastTok: i, value: t.raw, affinity: aff, words: [2]int{t.first, t.last}})
		}
	}
	f.assign(pairs, -1)
}

// nameDeterminers come before a quoted name of a thing: "the 'wontfix'
// label", "our “Black Friday” campaign".
var nameDeterminers = map[string]bool{"the": true, "a": true, "an": true, "my": true, "our": true, "your": true,
	"this": true, "that": true, "their": true, "his": true, "her": true, "its": true}

// emptyWords say that a value holds nothing: "an empty description".
var emptyWords = map[string]bool{"empty": true, "blank": true}

// emptied gives "" to a free-text string argument the request calls
// empty or blank, right before its name ("with an empty description") or
// right after it, with "left" or "is" between ("description left
// blank"): a model sends the empty string there, not the word "empty".
func (f *filler) emptied() {
	for i, t := range f.u.toks {
		if t.quoted || f.u.used[i] || !emptyWords[t.lower] {
			continue
		}
		for _, p := range f.tool.params {
			if f.has(p) || p.array || p.scalarType() != "string" || len(p.enum) > 0 || len(p.named) > 0 || p.format != "" || p.ident {
				continue
			}
			if f.nameBeside(p, t.first) {
				f.set(p, "")
				f.u.claimWords(t.first, t.last)
				break
			}
		}
	}
}

// nameBeside reports whether p's name is said right after word w, or
// right before it with at most one of "left", "is", "stays" between.
func (f *filler) nameBeside(p *param, w int) bool {
	for _, phrase := range f.tool.phrasesOf(p) {
		for _, start := range f.u.findPhrase(phrase) {
			end := start + len(phrase) - 1
			switch {
			case start == w+1 && !f.u.toks[f.u.words[w].tok].clauseEnd:
				return true
			case end == w-1 && !f.u.toks[f.u.words[end].tok].clauseEnd:
				return true
			case end == w-2 && !f.u.toks[f.u.words[end].tok].clauseEnd && !f.u.toks[f.u.words[w-1].tok].clauseEnd &&
				(f.u.words[w-1].lower == "left" || f.u.words[w-1].lower == "is" || f.u.words[w-1].lower == "stays"):
				return true
			}
		}
	}
	return false
}

// lastQuote gives the request's one quoted text of several words that no
// pass took to the tool's one free-text argument still empty: a string
// with no enum, no listed values, no format, not an identifier nor a
// page's cursor, whose pattern accepts the text ("close ticket TCK-1526 as workaround, noting “Sorted, thanks”"
// for closeTicket's resolution, "What was done, for the requester"). A
// model puts text the user quoted where the tool takes text, unless a
// determiner before it makes it a thing's name; with two
// such texts or two such arguments it cannot tell which goes where, and
// neither does this.
func (f *filler) lastQuote() {
	tok := -1
	for i, t := range f.u.toks {
		if !t.quoted || f.u.used[i] || t.raw == "" {
			continue
		}
		if tok >= 0 {
			return
		}
		tok = i
	}
	if tok < 0 || !strings.ContainsAny(f.u.toks[tok].raw, " \t") ||
		tok > 0 && nameDeterminers[f.u.toks[tok-1].lower] && !f.u.toks[tok-1].clauseEnd {
		// One quoted word is a name or a query ("matching 'dan'"), and
		// quoted text after a determiner names a thing ("delete the
		// 'wontfix' label"): neither is text to send.
		return
	}
	only := f.tool.sole(func(p *param) bool {
		return !f.has(p) && !p.array && p.scalarType() == "string" && len(p.enum) == 0 && len(p.named) == 0 && p.format == "" &&
			!p.ident && !(len(p.words) > 0 && pagingWords[p.words[0]]) &&
			(p.pattern == nil || p.pattern.MatchString(f.u.toks[tok].raw)) && f.reachable(p)
	})
	if only != nil {
		t := f.u.toks[tok]
		f.assign([]pair{{p: only, tok: tok, lastTok: tok, value: t.raw, words: [2]int{t.first, t.last}}}, -1)
	}
}

// sayWords introduce the words of a message: "saying “...”".
var sayWords = map[string]bool{"saying": true, "says": true, "reading": true, "reads": true}

// saidMessage is the one string argument the tool has for a message's
// words (text, body, message, comment, content) when quoted token i
// follows a word that says it is what is said ("saying “...”", "that
// says '...'"); nil otherwise.
func (f *filler) saidMessage(i int) *param {
	if i == 0 || !sayWords[f.u.toks[i-1].lower] || f.u.toks[i-1].clauseEnd {
		return nil
	}
	return f.tool.sole(func(p *param) bool {
		return p.scalarType() == "string" && len(p.enum) == 0 && slices.ContainsFunc(p.words, func(w string) bool { return messageWords[w] })
	})
}

// namedElsewhere reports whether the request says p's name with another
// value right after it than quoted token i ("with key mobile-app"): that
// value is p's, read later by named, and the quoted text is not.
func (f *filler) namedElsewhere(p *param, i int) bool {
	for _, stems := range f.tool.phrasesOf(p) {
		if len(stems) == 0 {
			continue
		}
		for _, at := range f.u.findPhrase(stems) {
			end := at + len(stems) - 1
			if !f.u.free(at, end) || f.u.words[end].tok == i {
				continue
			}
			if _, from, _, ok := f.after(p, end); ok && f.u.words[from].tok != i {
				return true
			}
		}
	}
	return false
}

// namedThing is the required identifier argument, still empty, whose
// noun follows token i ("the 'v2.0' milestone" for milestone_number, or
// for the id of a tool whose object is a milestone): the
// token is that thing's name, which a lookup turns into the identifier.
func (f *filler) namedThing(i int) *param {
	if i+1 >= len(f.u.toks) || f.u.toks[i].clauseEnd || f.u.toks[i+1].quoted {
		return nil
	}
	st := f.u.words[f.u.toks[i+1].first].stem
	for _, p := range f.tool.params {
		if p.required && p.ident && !f.has(p) && (slices.Contains(p.stems, st) || generic(p) && f.tool.object == st) {
			return p
		}
	}
	return nil
}

// nounAfterDenies reports whether the word right after token i, in the
// same clause, is a noun that p's name and description do not use: "the
// 'backend' team" names a team, not an org.
func (f *filler) nounAfterDenies(i int, p *param) bool {
	if i+1 >= len(f.u.toks) || f.u.toks[i].clauseEnd || f.u.toks[i+1].quoted {
		return false
	}
	n := f.u.words[f.u.toks[i+1].first]
	if n.stem == "" || fillerWords[n.lower] || separators[n.lower] || requestVerbs[n.stem] {
		return false
	}
	return !f.nounNames(n, p)
}

// nameOf is the quoted token, not used, that names p's thing by the noun
// after it ("the 'v2.0' milestone"), or -1.
func (f *filler) nameOf(p *param) int {
	for i, t := range f.u.toks {
		if t.quoted && !f.u.used[i] && f.namedThing(i) == p {
			return i
		}
	}
	return -1
}

// separators may stand between an argument's name and its value:
// "status: open", "priority is high", "set title to X".
var separators = map[string]bool{"is": true, "to": true, "as": true, "equal": true, "equals": true, "be": true,
	"=": true, "set": true, "header": true, "parameter": true, "param": true, "field": true, "value": true}

// stopValue are words that end a free-text value read after a name.
var stopValue = map[string]bool{"and": true, "with": true, "for": true, "in": true, "on": true, "at": true, "from": true,
	"by": true, "that": true, "which": true, "who": true, "where": true, "but": true, "then": true, "please": true}

// named reads the value written right after an argument's name
// ("priority high", "status: open", "for team Platform", "page 2"), or
// for a one-word name right before it ("high priority"), whatever the
// value's type: "page five" gives "five".
func (f *filler) named() {
	for _, p := range f.tool.params {
		if f.has(p) || p.scalarType() == "boolean" || p.scalarType() == "object" {
			continue
		}
		for _, stems := range f.tool.phrasesOf(p) {
			if f.has(p) || len(stems) == 0 {
				continue
			}
			for _, at := range f.u.findPhrase(stems) {
				end := at + len(stems) - 1
				if !f.u.free(at, end) {
					continue // the name is part of a value already read
				}
				if f.u.toks[f.u.words[at].tok].first != at || f.u.toks[f.u.words[end].tok].last != end {
					continue // "label priority-high": part of a name
				}
				if f.tool.longerName(p, stems, at, f.u) {
					continue // "resolution code" names resolution_code, not resolution
				}
				if f.pluralOf(p, end) {
					continue // "credit memos issued against X" lists memos
				}
				if at > 0 && len(stems) == 1 && stems[0] == "by" && arrangeWords[f.u.words[at-1].stem] {
					continue // "sorted by name" names a sort, not an author
				}
				if v, from, to, ok := f.after(p, end); ok {
					if str, isStr := v.(string); isStr && p.ident && !idLike(str) && f.tool.plainTwin(p) != nil {
						if _, num := asNumber(str); !num {
							// "site ams1": the site, not site_id.
							break
						}
					}
					if f.set(p, v) {
						f.u.claimWords(from, to)
						f.u.claimWords(at, end)
					}
					break
				}
				if v, w, ok := f.before(p, at, len(stems)); ok {
					if f.set(p, v) {
						f.u.claimWords(w, w)
					}
					break
				}
			}
		}
	}
}

// after reads the value that follows the name ending at word end.
func (f *filler) after(p *param, end int) (any, int, int, bool) {
	u := f.u
	ti := u.words[end].tok
	if u.toks[ti].clauseEnd {
		// "..., priority." : a comma or period ends the phrase.
		return nil, 0, 0, false
	}
	next := ti + 1
	for next < len(u.toks) && !u.toks[next].quoted && (separators[u.toks[next].lower] || nameAliases[u.toks[next].lower]) {
		next++
	}
	if next >= len(u.toks) || u.used[next] {
		return nil, 0, 0, false
	}
	if k := next + 1; k < len(u.toks) && !u.used[k] && f.namesValue(p, u.toks[next], u.toks[k]) {
		// "by user jdoe-42", "on branch hotfix-7": the noun says what
		// the value is; the value is the name after it.
		next = k
	}
	t := u.toks[next]
	if !t.quoted && (retrieve.IsStopWord(t.lower) || f.tool.topic[english.Stem(t.lower)] || requestVerbs[english.Stem(t.lower)]) {
		return nil, 0, 0, false
	}
	first := t.first
	switch p.scalarType() {
	case "integer", "number":
		if n, ok := asNumber(t.raw); ok {
			return number(p, n), first, t.last, true
		}
		if t.quoted {
			return nil, 0, 0, false
		}
		// A number in words stays a word: a type mismatch a model makes.
		return t.raw, first, t.last, true
	case "string":
		if p.array && !t.quoted {
			items, last := f.list(p, next)
			return items, first, u.toks[last].last, true
		}
		if !t.quoted && p.pattern != nil && !p.pattern.MatchString(t.raw) && p.inExample {
			// "ticket 1001" with the example's "TCK-1042": "TCK-1001".
			if v, ok := shapeLike(t.raw, p.example, p); ok {
				return v, first, t.last, true
			}
		}
		if t.quoted || len(p.enum) > 0 || !p.free() || p.ident || idLike(t.raw) || reSlashPair.MatchString(t.raw) {
			// One token: an identifier is one word.
			return t.raw, first, t.last, true
		}
		if !p.textual() && !capitalized(t.raw) {
			// "namespace monitoring any more", "org hooli tagged gpu":
			// a name in lower case is one word; only free text (a
			// query, a title) or a capitalised name ("milestone
			// Sprint 9", "team Service Desk") runs on.
			return t.raw, first, t.last, true
		}
		parts := []string{t.raw}
		last := next
		// Free text said after "titled" runs to the end of its clause,
		// as a title is a sentence: "titled Login page crashes on
		// Safari, due ..." (a name "called auditor in acme" is not).
		titled := p.textual() && next > 0 && (u.toks[next-1].lower == "titled" || u.toks[next-1].lower == "entitled")
		for k := next; k < len(u.toks) && (len(parts) < 6 || titled && len(parts) < 12) && !u.toks[k].clauseEnd && !u.toks[k].colon; k++ {
			n := k + 1
			if n >= len(u.toks) || u.used[n] || u.toks[n].quoted || stopValue[u.toks[n].lower] && !titled {
				break
			}
			if _, num := asNumber(u.toks[n].raw); !p.textual() && !capitalized(u.toks[n].raw) && !num {
				break // the capitalised name ends: "team Service Desk now"
			}
			if !prose(p) && f.tool.namesOther(p, u.toks[n]) {
				// "milestone v2.1 sorted by last update", "org hooli
				// tagged gpu": the word names another argument, so the
				// value ended before it.
				break
			}
			parts = append(parts, u.toks[n].raw)
			last = n
		}
		for len(parts) > 1 && retrieve.IsStopWord(strings.ToLower(parts[len(parts)-1])) {
			// "branch release-1.4 of acme/webapp": a value does not end
			// in "of".
			parts = parts[:len(parts)-1]
			last--
		}
		if p.pattern != nil {
			// The longest start of the phrase the pattern accepts, or
			// the first word.
			for len(parts) > 1 && !p.pattern.MatchString(strings.Join(parts, " ")) {
				parts = parts[:len(parts)-1]
				last--
			}
		}
		return strings.Join(parts, " "), first, u.toks[last].last, true
	}
	return nil, 0, 0, false
}

// capitalized reports whether raw starts with an upper-case letter.
func capitalized(raw string) bool {
	r, _ := utf8.DecodeRuneInString(raw)
	return unicode.IsUpper(r)
}

// proseWords name arguments that hold prose a person writes (a title, a
// message), whose words may name anything.
var proseWords = map[string]bool{"title": true, "subject": true, "summary": true, "description": true, "text": true,
	"body": true, "message": true, "comment": true, "content": true, "note": true, "notes": true, "reason": true}

// prose reports whether p holds prose: a name word says so.
func prose(p *param) bool {
	return slices.ContainsFunc(p.words, func(w string) bool { return proseWords[w] })
}

// namesOther reports whether t, a word of the request, is in any form a
// word of the name of an argument of the tool other than p ("sorted" for
// sort, "tagged" for tag, "ordered" for order_by) and of none of p's own:
// a model reads it as the start of that argument, not as more of p's
// value. Stop words, "id" and words most arguments share are no sign.
func (t *toolSpec) namesOther(p *param, tok token) bool {
	if tok.quoted || tok.first != tok.last {
		return false
	}
	st := english.Stem(tok.lower)
	if st == "" || retrieve.IsStopWord(tok.lower) || st == "id" || slices.Contains(p.fullStems, st) {
		return false
	}
	for _, q := range t.params {
		if q != p && slices.Contains(q.stems, st) {
			return true
		}
	}
	return false
}

// namesValue reports whether noun, said where p's value is expected, is
// a word p's name or description uses for what the value is ("the given
// user", "SHA or branch") and value, the token after it, is a name
// ("jdoe-42", "hotfix-7", a quoted text): a model reads "user jdoe-42"
// as the user jdoe-42, not as the text "user jdoe-42". A word the
// description lists as a value ("open" of "open or closed") is a value.
func (f *filler) namesValue(p *param, noun, value token) bool {
	if noun.quoted || noun.clauseEnd || noun.colon || !nameShaped(value) || slices.Contains(p.named, noun.lower) ||
		slices.ContainsFunc(p.enum, func(e string) bool { return strings.EqualFold(e, noun.lower) }) {
		return false
	}
	st := english.Stem(noun.lower)
	return st != "" && (p.descStems[st] || slices.Contains(p.stems, st))
}

// namesNext reports whether the word at w is a noun that names the value
// after it: the last word of its token, followed in the same clause by
// a name ("branch hotfix-7", "user jdoe-42").
func (f *filler) namesNext(w int) bool {
	ti := f.u.words[w].tok
	t := f.u.toks[ti]
	return t.last == w && !t.quoted && !t.clauseEnd && !t.colon && ti+1 < len(f.u.toks) && nameShaped(f.u.toks[ti+1])
}

// before reads a one-word value just before a one-word name: "high
// priority", "Berlin location", "the feature-x branch".
func (f *filler) before(p *param, at, n int) (any, int, bool) {
	if n != 1 || at == 0 || p.scalarType() != "string" || p.ident {
		// "failed workflow" names no workflow.
		return nil, 0, false
	}
	if f.pluralOf(p, at) {
		// "discount codes" are what is listed, not a code named
		// "discount".
		return nil, 0, false
	}
	w := f.u.words[at-1]
	t := f.u.toks[w.tok]
	if f.u.used[w.tok] || t.quoted || t.clauseEnd || w.stem == "" || retrieve.IsStopWord(w.lower) || f.u.startVerb(w.tok) ||
		f.tool.topic[w.stem] || requestVerbs[w.stem] || t.first != t.last && !nameShaped(t) {
		// One word, or a name of words joined by dashes, dots or
		// underscores ("the feature-x branch").
		return nil, 0, false
	}
	if _, isNum := asNumber(t.raw); isNum {
		return nil, 0, false
	}
	if len(p.enum) == 0 && !p.free() {
		return nil, 0, false
	}
	return t.raw, at - 1, true
}

// namesTool reports whether word w and the one after it make one word
// of the tool's name ("user groups" for usergroups_list): together they
// name what the tool acts on.
func (f *filler) namesTool(w int) bool {
	if w+1 >= len(f.u.words) || f.u.boundaryAfter(w) {
		return false
	}
	joined := english.Stem(f.u.words[w].lower + f.u.words[w+1].lower)
	return slices.ContainsFunc(retrieve.Words(f.tool.name), func(n string) bool { return english.Stem(n) == joined })
}

// orderFrame is the number of tokens at the start of the request that
// frame an order to someone ("remind me to", "tell them to", "ask
// everyone to"): a verb, whom it is for, and "to"; what follows is the
// content ("remind me to submit expenses": the reminder says "submit
// expenses"). 0 when the request starts otherwise.
func (u *utterance) orderFrame() int {
	if len(u.words) < 4 || u.toks[u.words[0].tok].quoted {
		return 0
	}
	if _, known := imperatives[u.words[0].lower]; !known && lexicon.Verb(u.words[0].lower) == nil {
		return 0
	}
	if !frameObjects[u.words[1].lower] || u.words[2].lower != "to" || u.boundaryAfter(0) || u.boundaryAfter(1) {
		return 0
	}
	return u.words[2].tok + 1
}

// frameObjects are whom an order is for in its frame ("remind me to").
var frameObjects = map[string]bool{"me": true, "us": true, "him": true, "her": true, "them": true, "everyone": true,
	"everybody": true, "people": true, "folks": true}

// startVerb reports whether token i is the verb the request starts with
// ("resolve comment X", "archive board 12"): it says what to do and is no
// value, neither a name before its noun nor leftover text.
func (u *utterance) startVerb(i int) bool {
	return len(u.words) > 0 && u.words[0].tok == i && imperatives[u.toks[i].lower] != ""
}

// numbers gives numbers written in digits to numeric arguments whose name
// is next to them ("5 per page", "limit of 10"), or to a required one.
func (f *filler) numbers() {
	var pairs []pair
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted {
			continue
		}
		n, ok := asNumber(t.raw)
		if !ok {
			continue
		}
		for _, p := range f.tool.params {
			if typ := p.scalarType(); typ != "integer" && typ != "number" || f.has(p) {
				continue
			}
			if p.ident && f.countOf(p, i) {
				// "the last 5 builds" asks for five builds, not build 5.
				continue
			}
			aff := f.affinity(p, t.first, t.last)
			pairs = append(pairs, pair{p: p, tok: i, lastTok: i, value: number(p, n), affinity: aff, words: [2]int{t.first, t.last}})
		}
	}
	f.assign(pairs, 1)
}

// negations turn a boolean argument's mention into false.
var negations = map[string]bool{"not": true, "no": true, "without": true, "exclude": true, "excluding": true,
	"except": true, "non": true, "never": true, "don't": true, "don’t": true, "dont": true, "doesn't": true, "doesn’t": true, "skip": true, "omit": true,
	"leaving": true, "leave": true, "omitting": true, "skipping": true}

// negatedBefore reports whether one of the three words before word i is
// a negation ("not", "without", ...), or of the tokens they are in: the
// words of "don't" are don and t.
func (u *utterance) negatedBefore(i int) bool {
	for w := i - 1; w >= 0 && w >= i-3; w-- {
		if negations[u.words[w].lower] || negations[u.toks[u.words[w].tok].lower] {
			return true
		}
	}
	return false
}

// setBool gives a boolean argument v, as "true"/"false" when its schema
// types it a string.
func (f *filler) setBool(p *param, v bool) {
	if p.typ == "string" {
		f.args[p.name] = strconv.FormatBool(v)
	} else {
		f.args[p.name] = v
	}
}

// booleanFiller are name words that say nothing on their own.
var booleanFiller = map[string]bool{"include": true, "is": true, "has": true, "with": true, "show": true, "enable": true,
	"allow": true, "only": true, "should": true}

// booleans set a boolean argument to true when its name's words appear
// ("unassigned tickets", "with comments"; the two words of a name with a
// determiner between them: "block their email"), false when a negation
// comes just before them ("without comments", "not active", "don't block
// the ip").
func (f *filler) booleans() {
	// A word said once sets one switch: the top-level one before a
	// nested one of the same name ("a test live stream" is test, not
	// the test of new_asset_settings).
	params := slices.Clone(f.tool.params)
	slices.SortStableFunc(params, func(a, b *param) int { return len(a.path) - len(b.path) })
	for _, p := range params {
		if !p.boolean() || f.has(p) {
			continue
		}
		var stems []string
		for i, w := range p.words {
			// deleteSubtasks is said "with its subtasks" to deleteIssue.
			if !booleanFiller[w] && !(i == 0 && verbClasses[p.fullStems[i]] != "" && len(p.fullStems) > 1) {
				stems = append(stems, p.fullStems[i])
			}
		}
		if len(stems) == 0 {
			stems = p.fullStems
		}
		for _, span := range f.u.findSwitchPhrase(stems) {
			at, end := span[0], span[1]
			if !f.u.free(at, end) {
				// "a test live stream" sets test once, not also the
				// test of the settings its assets get; "low latency"
				// is a latency_mode, not also the low_latency switch.
				continue
			}
			if f.actionSaid(at, end) {
				// "Watch namespace default" to watchNamespace: the word
				// says what the tool does, not that its watch is on.
				continue
			}
			if f.namesTool(end) {
				// "list the user groups" to usergroups_list: "user" is
				// part of what the tool lists, no include_users.
				continue
			}
			if f.otherSwitchSays(p, params, at, end) {
				// "blocked tasks": is_blocked, not is_blocking, whose
				// word shares only its stem.
				continue
			}
			v := !f.u.negatedBefore(at)
			f.u.claimWords(at, end)
			nt := f.u.words[end].tok + 1
			for nt < len(f.u.toks) && separators[f.u.toks[nt].lower] && !f.u.toks[nt-1].clauseEnd {
				nt++
			}
			if nt < len(f.u.toks) && !f.u.toks[nt-1].clauseEnd {
				switch f.u.toks[nt].lower {
				case "true", "yes":
					v = true
					f.u.used[nt] = true
				case "false", "no":
					v = false
					f.u.used[nt] = true
				default:
					if sv, last, ok := f.u.switchedTo(nt); ok {
						v = sv
						for k := nt; k <= last; k++ {
							f.u.used[k] = true
						}
					}
				}
			}
			f.setBool(p, v)
			break
		}
		if !f.has(p) && len(stems) == 1 {
			f.negatedAdjective(p, stems[0])
		}
		if !f.has(p) && len(p.words) > 1 && stateWords[p.words[len(p.words)-1]] {
			f.switchedThing(p)
		}
		if !f.has(p) {
			f.describedSwitch(p)
		}
	}
}

// otherSwitchSays reports whether another empty boolean of params says
// words at..end as written where p's name says them only by their stem.
func (f *filler) otherSwitchSays(p *param, params []*param, at, end int) bool {
	said := make([]string, 0, end-at+1)
	for w := at; w <= end; w++ {
		said = append(said, f.u.words[w].lower)
	}
	exact := func(q *param) bool {
		for _, w := range said {
			if !slices.Contains(q.words, w) {
				return false
			}
		}
		return true
	}
	return !exact(p) && slices.ContainsFunc(params, func(q *param) bool { return q != p && q.boolean() && !f.has(q) && exact(q) })
}

// findSwitchPhrase finds a boolean's name words in the request: in a
// row, else, for a name of two words, with one determiner (determiners)
// between them: "block their email" for block_email.
// It returns each match's first and last word.
func (u *utterance) findSwitchPhrase(stems []string) [][2]int {
	var out [][2]int
	for _, at := range u.findPhrase(stems) {
		out = append(out, [2]int{at, at + len(stems) - 1})
	}
	if len(out) > 0 || len(stems) != 2 {
		return out
	}
	for i := 0; i+2 < len(u.words); i++ {
		if u.words[i].stem == stems[0] && determiners[u.words[i+1].lower] && u.words[i+2].stem == stems[1] &&
			!u.boundaryAfter(i) && !u.boundaryAfter(i+1) {
			out = append(out, [2]int{i, i + 2})
		}
	}
	return out
}

// negativePrefixes make an adjective its opposite: inactive, unpublished,
// non-billable, disabled, deactivated (of six letters or more after
// "de": "detail" says nothing of a tail).
var negativePrefixes = []string{"non-", "non", "un", "in", "im", "dis", "de"}

// negatedAdjective sets a boolean whose name says one word (stem) to false
// when the request says that word with a negative prefix ("make it
// inactive" for active, "the unpublished posts" for published), unless a
// negation comes just before it ("not inactive"). The rest after the
// prefix must be the word itself, of four letters or more: "index" says
// nothing of dex.
func (f *filler) negatedAdjective(p *param, stem string) {
	if len(stem) < 4 {
		return
	}
	for i, w := range f.u.words {
		if f.u.used[w.tok] {
			continue
		}
		for _, pre := range negativePrefixes {
			rest, ok := strings.CutPrefix(w.lower, pre)
			if !ok || len(rest) < 4 || pre == "de" && len(rest) < 6 {
				continue
			}
			if english.Stem(rest) != stem && !(pre == "de" && len(stem) >= 5 && strings.HasPrefix(rest, stem)) {
				// "deactivated" undoes activating, which makes active.
				continue
			}
			v := f.u.negatedBefore(i)
			f.u.claimWords(i, i)
			f.setBool(p, v)
			return
		}
	}
}

// describedSwitch turns on a boolean whose description says what the
// request says in two words: "on a cash basis" for paymentsOnly
// ("Filter to retrieve journals on a cash basis", "Return cash only
// basis"). The two words follow each other in the request and, at most
// one word apart, in the description; neither is a stop word, a verb, a
// word of the tool's topic (its name and its description's first
// sentence: "user group" creates the group of usergroups_create, it does
// not include a count of its users) or of another argument's name, and a negation
// in the three words before turns it off.
func (f *filler) describedSwitch(p *param) {
	var desc []string
	for _, w := range retrieve.Words(withoutPointers(p.desc)) {
		desc = append(desc, english.Stem(w))
	}
	if len(desc) < 2 {
		return
	}
	plain := func(w word) bool {
		return w.stem != "" && !retrieve.IsStopWord(w.lower) && verbClasses[w.stem] == "" && !f.tool.topic[w.stem] &&
			!(f.tool.argWords[w.stem] && !slices.Contains(p.fullStems, w.stem))
	}
	ws := f.u.words
	for i := 0; i+1 < len(ws); i++ {
		a, b := ws[i], ws[i+1]
		if f.u.boundaryAfter(i) || !plain(a) || !plain(b) || f.u.used[a.tok] || f.u.used[b.tok] {
			continue
		}
		for k := range desc {
			if desc[k] != a.stem || !(k+1 < len(desc) && desc[k+1] == b.stem || k+2 < len(desc) && desc[k+2] == b.stem) {
				continue
			}
			v := !f.u.negatedBefore(i)
			f.u.claimWords(i, i+1)
			f.setBool(p, v)
			return
		}
	}
}

// actionSaid reports whether the words from..to are one word said as an
// action: joined by "or" or "and" to a verb before it ("list or
// watch"), or the first word of the tool's name said first in the
// request or in its clause or right after a word of asking ("please",
// "can you").
func (f *filler) actionSaid(from, to int) bool {
	if from != to {
		return false
	}
	if from >= 2 && (f.u.words[from-1].lower == "or" || f.u.words[from-1].lower == "and") && verbClasses[f.u.words[from-2].stem] != "" {
		// "list or watch objects of kind X": a second verb.
		return true
	}
	ws := retrieve.Words(f.tool.name)
	if len(ws) == 0 || english.Stem(ws[0]) != f.u.words[from].stem {
		return false
	}
	for w := from - 1; w >= 0; w-- {
		if f.u.boundaryAfter(w) {
			return true
		}
		if !politeness[f.u.words[w].lower] {
			return false
		}
	}
	return true
}

// stateWords end a switch's name with the state it sets: wiki_enabled.
var stateWords = map[string]bool{"enabled": true, "disabled": true, "active": true}

// switchedThing sets a switch named for a thing and its state
// (wiki_enabled) from the thing said with a state after it: "the wiki
// turned off", "wiki disabled". The thing alone says nothing: "a
// project with a wiki" may mean the default.
func (f *filler) switchedThing(p *param) {
	stems := p.fullStems[:len(p.fullStems)-1]
	for _, at := range f.u.findPhrase(stems) {
		end := at + len(stems) - 1
		nt := f.u.words[end].tok + 1
		if f.u.toks[nt-1].clauseEnd || nt >= len(f.u.toks) {
			continue
		}
		v, last, ok := f.u.switchedTo(nt)
		if !ok {
			continue
		}
		if p.words[len(p.words)-1] == "disabled" {
			v = !v
		}
		for k := nt; k <= last; k++ {
			f.u.used[k] = true
		}
		f.u.claimWords(at, end)
		f.setBool(p, v)
		return
	}
}

// pluralOf reports whether word w is the plural of p's singular name:
// the request speaks of the things listed, not of one value.
func (f *filler) pluralOf(p *param, w int) bool {
	said, key := f.u.words[w].lower, strings.ToLower(p.key)
	return said != key && strings.HasSuffix(said, "s") && !strings.HasSuffix(key, "s")
}

// boolean reports whether p takes true or false: a boolean, or a string
// whose only values are "true" and "false".
func (p *param) boolean() bool {
	if p.typ == "boolean" {
		return true
	}
	if p.typ != "string" || len(p.enum) != 2 {
		return false
	}
	a, b := strings.ToLower(p.enum[0]), strings.ToLower(p.enum[1])
	return a == "true" && b == "false" || a == "false" && b == "true"
}

// verbNames reports whether the request's verb contains p's name:
// "rename" for name, "retitle" for title.
func (f *filler) verbNames(p *param) bool {
	key := strings.ToLower(p.key)
	if len(key) < 4 {
		return false
	}
	for _, w := range f.u.words {
		if len(w.lower) > len(key) && strings.HasSuffix(w.lower, key) && verbClasses[english.Stem(w.lower)] != "" {
			return true
		}
	}
	return false
}

// namesNew reports whether quoted token i, in a request to a tool that
// creates, is what the new thing will be called and p that name: the
// text follows the thing's noun, "called" or "named" ("new task 'Renew
// SSL cert'"), and p is a name or a title, as a model puts a new
// thing's name into its name, not its notes.
func (f *filler) namesNew(p *param, i int) bool {
	if len(p.words) == 0 || !newNameWords[p.words[len(p.words)-1]] || toolAction(f.tool.name, f.tool.desc) != "create" {
		return false
	}
	w := f.u.toks[i].first - 1
	if w < 0 || f.u.boundaryAfter(w) {
		return false
	}
	prev := f.u.words[w]
	return prev.lower == "called" || prev.lower == "named" || f.tool.object != "" && prev.stem == f.tool.object
}

// newNameWords end the names of the arguments that say what a new thing
// is called.
var newNameWords = map[string]bool{"name": true, "title": true}

// shaped fills an identifier the example shows, such as "TCK-1042", from
// a bare number in the text ("ticket 1042" -> "TCK-1042"), when the
// argument's pattern (if any) accepts the result and the word before the
// number names the argument (namedBefore): "override 23997" gives no
// API key, whatever prefix the key's example has.
func (f *filler) shaped() {
	for _, p := range f.tool.params {
		if f.has(p) || p.array || p.scalarType() != "string" || len(p.enum) > 0 {
			continue
		}
		ex, forced := f.force[p.name]
		if !forced || ex == nil {
			ex = p.example
		}
		s, ok := ex.(string)
		if !ok || !p.inExample && !forced {
			continue
		}
		for i, t := range f.u.toks {
			if f.u.used[i] || t.quoted {
				continue
			}
			v, ok := shapeLike(t.raw, s, p)
			if !ok || !f.namedBefore(p, i) {
				continue
			}
			f.set(p, v)
			f.u.used[i] = true
			f.notes = append(f.notes, fmt.Sprintf("%s shaped like the example %q", p.name, s))
			break
		}
	}
}

// loginName reports whether p takes a user's login, one word
// (userName, username, login, handle): never a run of leftover words
// ("I'm jsmith", "4415 to the network escalation policy").
func (p *param) loginName() bool {
	k := strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(p.key))
	return strings.HasSuffix(k, "username") || k == "login" || k == "handle" || k == "screenname"
}

// remainder gives the words nothing else claimed (less stop words,
// request verbs and the tool's own topic words) to the first free-text
// argument the example shows, or one an error said is missing: "Search
// tickets about VPN drops" -> q: "VPN drops". A tool that changes a thing
// gets them only for a required argument or one an error asked for.
func (f *filler) remainder() {
	var target *param
	for _, p := range f.tool.params {
		if f.has(p) || !p.free() || p.scalarType() != "string" || !p.textual() || f.tool.namesObject(p) || !f.reachable(p) || p.loginName() {
			continue
		}
		if _, forced := f.force[p.name]; forced || p.inExample {
			if target == nil || rank(p) < rank(target) {
				target = p
			}
		}
	}
	if target != nil && !target.required && f.force[target.name] == nil && f.tool.changesThing() {
		// "mark ticket TCK-1674 as open" changes no title: words left
		// over in a request to change a thing are not the new text of
		// an optional field (a model sets what the request names).
		target = nil
	}
	if target == nil {
		f.afterColon()
		return
	}
	if target.required && f.colonText(target) {
		return
	}
	argWords := f.tool.argWords
	chatter := f.u.chatter()
	eligible := func(i int) bool {
		t := f.u.toks[i]
		if f.u.used[i] || chatter[i] {
			return false
		}
		if t.quoted {
			return true
		}
		if idLike(t.raw) || reSlashPair.MatchString(t.raw) || nameAliases[t.lower] {
			// "called" introduces the value; it is not part of it.
			return false
		}
		if f.u.startVerb(i) || i < f.u.orderFrame() {
			return false
		}
		st := english.Stem(t.lower)
		if retrieve.IsStopWord(t.lower) || requestVerbs[st] || f.tool.topic[st] || negations[t.lower] ||
			separators[t.lower] || stopValue[t.lower] || politeness[t.lower] {
			return false
		}
		for _, w := range retrieve.Words(t.raw) {
			if argWords[english.Stem(w)] {
				return false // "If-Match" names an argument
			}
		}
		return true
	}
	if ex, ok := target.example.(string); ok && target.inExample && punctuated(ex) {
		// "IPv6 records for acme.io" with the example's "example.com":
		// the one word written like the example is the value, not the
		// first leftover word.
		for i, t := range f.u.toks {
			if eligible(i) && !t.quoted && sameShape(t.raw, ex) {
				f.u.used[i] = true
				f.set(target, t.raw)
				return
			}
		}
	}
	// The longest run of eligible tokens, stop words inside it allowed
	// ("Laptop does not boot"), the first of equal ones; but a run said
	// as what is sought wins over the words before it: after "named" or
	// "called" ("employees named smith" is smith), or after "for" once
	// the request has said search ("search docker hub for postgres").
	bestFrom, bestTo, bestLen := -1, -1, 0
	sought := false
	for i := 0; i < len(f.u.toks); i++ {
		if !eligible(i) {
			continue
		}
		j, n := i, 1
		for k := i + 1; k < len(f.u.toks) && !f.u.toks[k-1].clauseEnd && !f.u.used[k]; k++ {
			if eligible(k) {
				j, n = k, n+1
			} else if !retrieve.IsStopWord(f.u.toks[k].lower) || stopValue[f.u.toks[k].lower] {
				break
			}
		}
		words := false
		for k := i; k <= j; k++ {
			if _, num := asNumber(f.u.toks[k].raw); !num {
				words = true
			}
		}
		// "#1347" alone is a number nobody meant as text.
		soughtRun := f.u.sought(i)
		if words && (soughtRun && !sought || n > bestLen && soughtRun == sought) {
			bestFrom, bestTo, bestLen, sought = i, j, n, soughtRun
		}
		i = j
	}
	if bestFrom < 0 {
		return
	}
	for bestTo > bestFrom && f.u.participleBefore(bestTo) {
		// "an A record www pointing at 203.0.113.7": the participle
		// says what the thing does, it is no part of its name.
		bestTo--
	}
	var parts []string
	for i := bestFrom; i <= bestTo; i++ {
		parts = append(parts, f.u.toks[i].raw)
		f.u.used[i] = true
	}
	f.set(target, strings.Join(parts, " "))
}

// participleBefore reports whether token i is a lower-case word ending
// in -ing that a preposition follows in the same clause: "pointing at",
// "waiting on".
func (u *utterance) participleBefore(i int) bool {
	t := u.toks[i]
	if t.quoted || t.clauseEnd || i+1 >= len(u.toks) || len(t.lower) < 6 || t.raw != t.lower || !strings.HasSuffix(t.lower, "ing") {
		return false
	}
	return prepositions[u.toks[i+1].lower]
}

// sought reports whether token i is said as what a search seeks: right
// after "named" or "called", or right after "for" when the request said
// "search" before it.
func (u *utterance) sought(i int) bool {
	if i == 0 || u.toks[i-1].clauseEnd {
		return false
	}
	if nameAliases[u.toks[i-1].lower] {
		return true
	}
	if u.toks[i-1].lower != "for" {
		return false
	}
	for k := 0; k < i-1; k++ {
		if english.Stem(u.toks[k].lower) == english.Stem("search") {
			return true
		}
	}
	return false
}

// changesThing reports whether the tool's name starts with a verb that
// changes a thing it is given (updateTicket, edit_user, patchNode).
func (t *toolSpec) changesThing() bool {
	ws := retrieve.Words(t.name)
	return len(ws) > 0 && verbClasses[english.Stem(ws[0])] == "update"
}

// punctuated reports whether an example value is one word whose parts
// are joined by punctuation ("example.com", "env:prod"), a form that
// tells a value from the words around it.
func punctuated(ex string) bool {
	if ex == "" || strings.ContainsAny(ex, " \t") {
		return false
	}
	sh := shape(ex)
	return strings.Trim(sh, "a9") != "" && len(strings.Trim(sh, "a9")) < len(sh)
}

// afterColon gives what a request says after its last colon, to the end,
// to the tool's free-text argument when it has exactly one that is a
// message's words (text, body, message, comment, content): "leave a
// comment on 1204417880295732: waiting on legal". Nothing the request
// says before the colon is taken.
func (f *filler) afterColon() {
	target := f.tool.sole(func(p *param) bool {
		return !f.has(p) && p.free() && p.scalarType() == "string" && f.reachable(p) && len(p.words) == 1 && messageWords[p.words[0]]
	})
	if target == nil {
		return // none, or two places for it: a model would ask
	}
	from := -1
	for i, t := range f.u.toks {
		if t.colon && i+1 < len(f.u.toks) {
			from = i + 1
		}
	}
	if from < 0 {
		return
	}
	var parts []string
	for i := from; i < len(f.u.toks); i++ {
		if f.u.used[i] {
			return
		}
		parts = append(parts, f.u.toks[i].raw)
	}
	if f.set(target, strings.Join(parts, " ")) {
		for i := from; i < len(f.u.toks); i++ {
			f.u.used[i] = true
		}
		f.notes = append(f.notes, target.name+" is what follows the colon")
	}
}

// messageWords name arguments that hold a message's words.
var messageWords = map[string]bool{"text": true, "body": true, "message": true, "comment": true, "content": true}

// nameAliases introduce a name: "the product called Pro Plan".
var nameAliases = map[string]bool{"called": true, "named": true, "titled": true, "entitled": true}

// textWords name arguments that take free text: what a request's leftover
// words can fill.
var textWords = map[string]bool{"q": true, "query": true, "search": true, "text": true, "body": true, "message": true,
	"comment": true, "description": true, "content": true, "note": true, "notes": true, "summary": true, "title": true,
	"name": true, "subject": true, "keyword": true, "keywords": true, "term": true, "terms": true, "reason": true,
	"topic": true, "purpose": true}

// textual reports whether p takes free text rather than an identifier:
// a name word says so (q, query, title, description, ...).
func (p *param) textual() bool {
	if p.ident {
		return false
	}
	for _, w := range p.words {
		if textWords[w] {
			return true
		}
	}
	return false
}

// number converts n for an integer or number argument.
func number(p *param, n float64) any {
	if p.scalarType() == "integer" && n == math.Trunc(n) && math.Abs(n) < 1e15 {
		return json.Number(strconv.FormatInt(int64(n), 10))
	}
	return json.Number(strconv.FormatFloat(n, 'f', -1, 64))
}

// namesParam reports whether stems are the name of an argument other than
// except.
func (t *toolSpec) namesParam(stems []string, except *param) bool {
	for _, p := range t.params {
		if p != except && (equalStrings(p.stems, stems) || equalStrings(p.fullStems, stems)) {
			return true
		}
	}
	return false
}

func equalStrings(a, b []string) bool {
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

// shapeLike writes digits in the shape of an example identifier:
// ("1001", "TCK-1042") -> "TCK-1001". It fails when the example is not a
// prefix followed by digits, when digits is not all digits, or when the
// pattern (if any) rejects the result.
func shapeLike(digits string, example any, p *param) (string, bool) {
	ex, ok := example.(string)
	if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return "", false
	}
	prefix := strings.TrimRight(ex, "0123456789")
	if prefix == ex || prefix == "" || strings.ContainsAny(prefix, "0123456789") {
		return "", false
	}
	v := prefix + digits
	if p.pattern != nil && !p.pattern.MatchString(v) {
		return "", false
	}
	return v, true
}

// aliases are words people use for common arguments instead of their
// names: "called X" for a name, "matching X" for a query, "at most 5" for
// a limit. Keys are argument names in lower case.
var aliases = map[string][]string{}

func init() {
	add := func(names, phrases string) {
		for _, n := range strings.Fields(names) {
			for _, ph := range strings.Split(phrases, ",") {
				aliases[n] = append(aliases[n], strings.TrimSpace(ph))
			}
		}
	}
	add("name display_name displayname full_name fullname", "called, named")
	add("title summary subject", "titled, entitled")
	add("q query search keyword keywords term terms text", "matching, that match, match, mentioning, containing, about")
	add("limit per_page perpage page_size pagesize size max_results maxresults max_items count max",
		"at most, no more than, up to, maximum of, max")
	add("author creator actor reporter sender created_by createdby author_login",
		"written by, created by, opened by, authored by, made by, sent by, by")
	add("assignee assignee_id assignees", "assigned to, assign to")
	add("offset skip start", "skipping the first, skip the first, skipping, skip, starting after the first, after the first")
}

// arrangeWords come before a "by" that names a field, not a person:
// "sorted by name", "grouped by label".
var arrangeWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields("sort sorted order ordered group grouped filter filtered rank ranked") {
		arrangeWords[english.Stem(w)] = true
	}
}

// phrasesOf are the ways the request may name p, as stems: its name, its
// name without a final id, and the aliases of its name.
func (t *toolSpec) phrasesOf(p *param) [][]string {
	out := [][]string{p.fullStems}
	if len(p.stems) != len(p.fullStems) {
		out = append(out, p.stems)
	}
	if n := len(p.stems); n >= 2 && t.topicSays(p.stems[:n-1]) && t.soleLastWord(p) {
		// "tax rates of type INPUT" for getTaxRates' TaxType: the
		// tool's own words need not be said again.
		out = append(out, p.stems[n-1:])
	}
	lower := strings.ToLower(p.key)
	al := aliases[lower]
	if (lower == "title" || lower == "subject") && t.byName["name"] == nil {
		al = append(al, "called")
	}
	if lower == "label" && t.byName["name"] == nil && t.byName["body.name"] == nil {
		// A label is what a thing is called when nothing else names it.
		al = append(al, "called", "named")
	}
	for _, a := range al {
		var stems []string
		for _, w := range retrieve.Words(a) {
			stems = append(stems, english.Stem(w))
		}
		out = append(out, stems)
	}
	return out
}

// topicSays reports whether every stem is a word of the tool's topic.
func (t *toolSpec) topicSays(stems []string) bool {
	for _, st := range stems {
		if !t.topic[st] {
			return false
		}
	}
	return true
}

// soleLastWord reports whether p's name's last word is a word of no
// other argument's name.
func (t *toolSpec) soleLastWord(p *param) bool {
	last := p.stems[len(p.stems)-1]
	for _, q := range t.params {
		if q != p && slices.Contains(q.fullStems, last) {
			return false
		}
	}
	return !idWords[last]
}

// list reads the items of an array written as a list from token i: "vpn",
// "laptop and hardware", "network, billing and laptop". It returns them
// as []any and the last token used.
func (f *filler) list(p *param, i int) ([]any, int) {
	u := f.u
	ok := func(k int) bool {
		if k >= len(u.toks) || u.used[k] || u.toks[k].quoted {
			return false
		}
		t := u.toks[k]
		return !retrieve.IsStopWord(t.lower) && !stopValue[t.lower] && (p.pattern == nil || p.pattern.MatchString(t.raw))
	}
	conj := func(k int) bool { return k < len(u.toks) && (u.toks[k].lower == "and" || u.toks[k].lower == "or") }
	items := []any{u.toks[i].raw}
	last := i
	for {
		switch {
		case !u.toks[last].clauseEnd && conj(last+1) && ok(last+2):
			// "... and X": the last item.
			return append(items, u.toks[last+2].raw), last + 2
		case u.toks[last].clauseEnd && ok(last+1) &&
			(conj(last+2) || u.toks[last+1].clauseEnd && ok(last+2)):
			// ", X and ..." or ", X, ...": the list goes on.
			items = append(items, u.toks[last+1].raw)
			last++
		default:
			return items, last
		}
	}
}

// longerName reports whether the words at position at, which spell stems
// (a phrase of p), begin or end a longer name of another argument.
func (t *toolSpec) longerName(p *param, stems []string, at int, u *utterance) bool {
	for _, q := range t.params {
		if q == p || len(q.fullStems) <= len(stems) {
			continue
		}
		for _, start := range u.findPhrase(q.fullStems) {
			if start <= at && at+len(stems) <= start+len(q.fullStems) {
				return true
			}
		}
	}
	return false
}

// fitsEnum reports whether v can be p's value as far as the schema's
// enum says: a string argument (or a list of strings) whose enum lists
// only strings takes one of them (in any case), or for a list, text
// whose comma-separated parts each are; any other argument takes any
// value here.
func fitsEnum(p *param, v any) bool {
	if len(p.enum) == 0 || len(p.numEnum) > 0 || p.scalarType() != "string" {
		return true
	}
	listed := func(s string) bool {
		return slices.ContainsFunc(p.enum, func(e string) bool { return strings.EqualFold(e, strings.TrimSpace(s)) })
	}
	switch v := v.(type) {
	case string:
		if listed(v) {
			return true
		}
		if !p.array {
			return false
		}
		for _, part := range strings.Split(v, ",") {
			if !listed(part) {
				return false
			}
		}
		return true
	case []any:
		for _, item := range v {
			if !fitsEnum(p, item) {
				return false
			}
		}
	}
	return true
}
