package baseline

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// The fills below run after the main pass over the request and work on
// what it left: a month or a year said as a number, a status said as an
// adjective, an identifier the tool's one required argument still lacks.

// years gives a year said as a number ("1099 report for 2024") to the
// one empty argument whose name says year (reportYear, year), as a
// string or an integer as its type wants; nothing when two arguments say
// year or the year is part of a date already read.
func (f *filler) years() {
	target := f.tool.sole(func(p *param) bool {
		typ := p.scalarType()
		return slices.Contains(p.words, "year") && !p.array && len(p.enum) == 0 && (typ == "string" || typ == "integer") && p.format == ""
	})
	if target == nil || f.has(target) {
		return
	}
	for i, t := range f.u.toks {
		if f.u.used[i] || t.quoted {
			continue
		}
		n, err := strconv.Atoi(t.raw)
		if err != nil || len(t.raw) != 4 || n < 1900 || n > 2099 {
			continue
		}
		var v any = t.raw
		if target.scalarType() == "integer" {
			v = number(target, float64(n))
		}
		if f.set(target, v) {
			f.u.used[i] = true
		}
		return
	}
}

// monthSpan reads a month said with its year and no day ("profit and
// loss for March 2025"), or a year alone after "in" or "during" ("payments
// during 2024"), as the span from its first day to its last, for a tool
// with exactly one empty date argument that starts a span (its name says
// from, start, begin or since) and one that ends it (to, end or until);
// date-times (by format, or a description that names RFC 3339 or ISO
// 8601) span from the first day's midnight to the last day's 23:59:59.
func (f *filler) monthSpan() {
	var from, to *param
	stamp := false
	for _, p := range f.tool.params {
		if p.scalarType() != "string" || p.array {
			continue
		}
		switch {
		case p.format == "date" || p.format == "" && describedDate(p):
		case p.format == "date-time" || p.format == "" && describedDateTime(p):
			stamp = true
		default:
			continue
		}
		switch {
		case hasAny(p.words, "from", "start", "begin", "since"):
			if from != nil {
				return
			}
			from = p
		case hasAny(p.words, "to", "end", "until"):
			if to != nil {
				return
			}
			to = p
		}
	}
	if from == nil || to == nil || f.has(from) || f.has(to) {
		return
	}
	span := func(first, last time.Time, toks ...int) {
		if stamp {
			f.set(from, first.Format("2006-01-02")+"T00:00:00Z")
			f.set(to, last.Format("2006-01-02")+"T23:59:59Z")
		} else {
			f.set(from, first.Format("2006-01-02"))
			f.set(to, last.Format("2006-01-02"))
		}
		for _, i := range toks {
			f.u.used[i] = true
		}
	}
	for i := 0; i+1 < len(f.u.toks); i++ {
		m, y := f.u.toks[i], f.u.toks[i+1]
		month := months[m.lower]
		year, err := strconv.Atoi(y.raw)
		if month == 0 || err != nil || len(y.raw) != 4 || f.u.used[i] || f.u.used[i+1] || m.clauseEnd {
			continue
		}
		if i > 0 && isDay(f.u.toks[i-1].raw) {
			// "1 April 2025" is a day, read as a date.
			continue
		}
		first := time.Date(year, month, 1, 0, 0, 0, 0, time.UTC)
		span(first, first.AddDate(0, 1, -1), i, i+1)
		return
	}
	for i := 1; i < len(f.u.toks); i++ {
		y, prev := f.u.toks[i], f.u.toks[i-1].lower
		year, err := strconv.Atoi(y.raw)
		if err != nil || len(y.raw) != 4 || year < 1970 || year > 2099 || y.quoted || f.u.used[i] || prev != "in" && prev != "during" {
			continue
		}
		if i+1 < len(f.u.toks) && !y.clauseEnd && (months[f.u.toks[i+1].lower] != 0 || isDay(f.u.toks[i+1].raw)) {
			continue
		}
		first := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC)
		span(first, first.AddDate(1, 0, -1), i)
		return
	}
}

func hasAny(words []string, want ...string) bool {
	return slices.ContainsFunc(words, func(w string) bool { return slices.Contains(want, w) })
}

func isDay(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 1 && n <= 31
}

// statusWord gives a status said as an adjective of the things listed
// ("draft quotes", "approved linked transactions") to the tool's empty
// argument named status or state that has no enum and lists no values:
// the word right before the tool's object noun, past words of the
// tool's own topic ("linked"), when it is no stop word, number, verb,
// order word or word of an argument's name. A model sends the word as
// said; the API's writing of it (DRAFT) is the API's to check. The
// argument's name may say it filters (filter_status);
// with no such argument, the word goes to the one that says the things'
// type (type, kind, task_type of a tool on tasks): "npm projects", but
// not after "the", which names one ("the storefront project").
func (f *filler) statusWord() {
	var target, kind *param
	for _, p := range f.tool.params {
		if len(p.enum) > 0 || len(p.named) > 0 || p.scalarType() != "string" || p.format != "" || len(p.words) == 0 {
			continue
		}
		switch f.tool.filterOf(p) {
		case "status":
			target = p
		case "type":
			if kind == nil || kind.array && !p.array {
				// One type said: type before types.
				kind = p
			}
		}
	}
	if target == nil {
		// "pending number orders", "npm projects": with no status to
		// say, the adjective says the things' type.
		target = kind
	}
	if target == nil || f.has(target) {
		return
	}
	ws := f.u.words
	if target != kind {
		if at := f.statusAfter(); at >= 0 {
			if f.set(target, ws[at].lower) {
				f.u.used[ws[at].tok] = true
				f.notes = append(f.notes, fmt.Sprintf("%s is the participle %q after the things", target.name, ws[at].lower))
			}
			return
		}
	}
	for i := 1; i < len(ws); i++ {
		if !f.tool.objects[ws[i].stem] || f.u.used[ws[i].tok] {
			continue
		}
		j := i - 1
		for j >= 0 && f.tool.topic[ws[j].stem] && !f.u.boundaryAfter(j) {
			j--
		}
		if j < 0 || f.u.boundaryAfter(j) {
			continue
		}
		w := ws[j]
		if tk := f.u.toks[w.tok]; target == kind && tk.first < tk.last && tk.last == j && !tk.quoted && !f.u.used[w.tok] &&
			strings.ContainsAny(tk.raw, "._") && !strings.ContainsAny(tk.raw, "/@:") && !strings.ContainsAny(tk.raw, "0123456789") {
			// "invoice.payment_failed events": a type written as the
			// API writes its names, one token of several words.
			if f.set(target, tk.raw) {
				f.u.used[w.tok] = true
				f.notes = append(f.notes, fmt.Sprintf("%s is the name %q before the things", target.name, tk.raw))
			}
			return
		}
		if w.stem == "" || retrieve.IsStopWord(w.lower) || verbClasses[w.stem] != "" || f.tool.argWords[w.stem] ||
			f.u.used[w.tok] || f.u.toks[w.tok].lower != w.lower {
			continue
		}
		if _, order := orderWords[w.lower]; order {
			continue
		}
		if _, num := asNumber(w.lower); num {
			continue
		}
		if target == kind && j > 0 && ws[j-1].lower == "the" {
			// "on the storefront project" names a project; no type.
			continue
		}
		if f.set(target, w.lower) {
			f.u.used[w.tok] = true
			f.notes = append(f.notes, fmt.Sprintf("%s is the adjective %q", target.name, w.lower))
		}
		return
	}
}

// statusAfter is the word that says the state of the things listed
// after their plural, in a question or a relative clause: "which tasks
// failed", "builds that succeeded", "jobs that are pending": a participle
// in -ed (or one of the states said without it) right after the plural,
// "that", "which" and a form of "be" between, that ends the phrase (its
// clause ends, or where or when follows); -1 when there is none.
func (f *filler) statusAfter() int {
	ws := f.u.words
	for i := 0; i+1 < len(ws); i++ {
		if !f.tool.objects[ws[i].stem] || !english.IsPlural(ws[i].lower) || f.u.boundaryAfter(i) {
			continue
		}
		j := i + 1
		for j < len(ws) && (ws[j].lower == "that" || ws[j].lower == "which" || beForms[ws[j].lower]) && !f.u.boundaryAfter(j) {
			j++
		}
		if j >= len(ws) || f.u.used[ws[j].tok] || f.tool.argWords[ws[j].stem] {
			return -1
		}
		w := ws[j].lower
		if j+1 < len(ws) && !f.u.boundaryAfter(j) && !afterState[ws[j+1].lower] {
			// "tasks failed to sync", "people flagged do not contact":
			// a verb with what follows it, no state.
			return -1
		}
		if strings.HasSuffix(w, "ed") && len(w) > 4 || statesWithoutEd[w] {
			return j
		}
		return -1
	}
	return -1
}

// afterState are the words that may follow a state that ends the
// things' phrase: where or when ("builds that failed on main", "jobs
// that failed since monday").
var afterState = map[string]bool{"in": true, "on": true, "at": true, "since": true, "during": true, "today": true,
	"yesterday": true, "recently": true, "lately": true, "last": true, "this": true}

// beForms are the forms of "be" between a plural and its state.
var beForms = map[string]bool{"are": true, "were": true, "is": true, "was": true, "being": true}

// statesWithoutEd are states said without a participle's -ed.
var statesWithoutEd = map[string]bool{"pending": true, "running": true, "active": true, "open": true, "done": true, "queued": true}

// requiredFirst moves an identifier from an optional argument it was not
// named for to the tool's one required identifier left empty, as a model
// fills what the tool requires first: "contacts in org 9a8b..." sends the
// org's UUID as the required tenant, not as one of the contact IDs an
// optional filter takes. The optional argument was not named for it
// when no word right before the identifier names it.
func (f *filler) requiredFirst() {
	var need *param
	for _, p := range f.tool.params {
		if !p.required || f.has(p) || !p.ident || !pairable(p) {
			continue
		}
		if need != nil {
			return
		}
		need = p
	}
	if need == nil {
		return
	}
	var from *param
	var raw string
	for _, p := range f.tool.params {
		if p.required || !f.has(p) || !p.ident {
			continue
		}
		v := f.args[p.name]
		if items, ok := v.([]any); ok && len(items) == 1 {
			v = items[0]
		}
		s, ok := v.(string)
		if !ok {
			continue
		}
		i := slices.IndexFunc(f.u.toks, func(t token) bool { return strings.EqualFold(t.raw, s) })
		if i < 0 || !idLike(f.u.toks[i].raw) || f.namedBefore(p, i) {
			continue
		}
		if noun, ok := f.nounBefore(i); ok && f.nounNames(noun, p) {
			continue
		}
		if from != nil {
			return
		}
		from, raw = p, s
	}
	if from == nil {
		return
	}
	delete(f.args, from.name)
	f.set(need, raw)
	f.notes = append(f.notes, need.name+" takes the identifier given to "+from.name+", which it was not named for")
}

// filterOf says what p filters the listed things by when its name says
// a status or a type: "status" for status, state or filter_status,
// "type" for type, kind, filter_type or task_type (its
// other word a noun of the tool's objects); "" otherwise.
func (t *toolSpec) filterOf(p *param) string {
	n := len(p.words)
	if n > 2 {
		return ""
	}
	var what string
	switch p.words[n-1] {
	case "status", "statuses", "state", "states":
		what = "status"
	case "type", "types", "kind", "kinds":
		what = "type"
	default:
		return ""
	}
	if n == 2 {
		switch w := p.words[0]; {
		case w == "filter":
		case what == "type" && t.objects[english.Stem(w)]:
		default:
			return ""
		}
	}
	return what
}
