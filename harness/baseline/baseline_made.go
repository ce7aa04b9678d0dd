package baseline

import (
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// madeName gives the one argument that names the thing a tool makes or
// changes (name, title or label, at the top or one level down the body:
// workspace.name) what the request calls it: the words after "call it",
// "name it", "called", "named" or "titled" ("fork collection X and call
// it my-experiments"), or, for a tool that creates, the words right
// after "a", "an", "new" or the verb that orders it made ("add customer
// Dana Ruiz") and a noun of the tool's name when the first
// is written as a name, capitalised, name-shaped or quoted ("create a
// workspace QA Team for the whole team", "add a webhook deploy-hook that
// triggers ...", "new monitor Hourly checkout for collection X"). The
// name runs to the first stop word, verb of the request, value already
// read or the clause's end, four words at most, or is the one
// name-shaped token; a plain lower-case word after the noun names
// nothing ("create a workspace for the team"), and one word may qualify
// the noun ("new expense account Office Snacks").
func (f *filler) madeName() {
	target := f.madeNameTarget()
	if target == nil {
		return
	}
	toks := f.u.toks
	class, _, verbAt := requestVerbAt(f.u)
	verbTok := -1
	if class == "create" && verbAt >= 0 {
		verbTok = f.u.words[verbAt].tok
	}
	for k := 0; k+1 < len(toks); k++ {
		t := toks[k]
		if t.quoted || t.clauseEnd || f.u.used[k] {
			continue
		}
		from := -1
		switch {
		case (t.lower == "call" || t.lower == "name") && toks[k+1].lower == "it" && !toks[k+1].clauseEnd && k+2 < len(toks):
			from = k + 2
		case t.lower == "called" || t.lower == "named" || t.lower == "titled":
			from = k + 1
		}
		if from >= 0 {
			if f.setMadeName(target, from, false) {
				return
			}
			continue
		}
		// "add customer Dana Ruiz": the verb that orders the thing made
		// says it as "a new" does.
		if t.lower != "a" && t.lower != "an" && t.lower != "new" && k != verbTok || toolAction(f.tool.name, f.tool.desc) != "create" {
			continue
		}
		// The noun may follow one word that qualifies it: "new expense
		// account Office Snacks".
		for n := k + 1; n <= k+2 && n+1 < len(toks); n++ {
			noun := toks[n]
			if noun.quoted || noun.clauseEnd || noun.first != noun.last {
				break
			}
			if !f.tool.topic[f.u.words[noun.first].stem] {
				continue
			}
			if f.setMadeName(target, n+1, true) {
				return
			}
			break
		}
	}
}

// madeNameTarget is the tool's one free argument, still empty, whose
// name says a name (name, title, label), top-level or one level down.
func (f *filler) madeNameTarget() *param {
	var target *param
	for _, p := range f.tool.params {
		if f.has(p) || !p.free() || p.array || p.ident || len(p.path) > 2 {
			continue
		}
		if !nameWords[strings.ToLower(strings.ReplaceAll(p.key, "_", ""))] {
			continue
		}
		if target != nil {
			return nil // two names: the request does not say which
		}
		target = p
	}
	return target
}

// setMadeName gives p the name that starts at token from; written says
// the first word must look written as a name (capitalised, name-shaped
// or quoted).
func (f *filler) setMadeName(p *param, from int, written bool) bool {
	toks := f.u.toks
	if from >= len(toks) || f.u.used[from] {
		return false
	}
	first := toks[from]
	if first.quoted {
		if first.raw == "" || !f.set(p, first.raw) {
			return false
		}
		f.u.used[from] = true
		return true
	}
	if written && !nameShaped(first) && !capitalized(first.raw) {
		return false
	}
	if written && nameShaped(first) {
		// A name written as one token is that token: "a label
		// priority-high colored red".
		if !f.set(p, first.raw) {
			return false
		}
		f.u.used[from] = true
		return true
	}
	var parts []string
	last := from
	for n := from; n < len(toks) && len(parts) < 4; n++ {
		t := toks[n]
		if f.u.used[n] || t.quoted || idLike(t.raw) || retrieve.IsStopWord(t.lower) ||
			requestVerbs[english.Stem(t.lower)] || politeness[t.lower] {
			break
		}
		parts = append(parts, t.raw)
		last = n
		if t.clauseEnd {
			break
		}
	}
	if len(parts) == 0 || !f.set(p, strings.Join(parts, " ")) {
		return false
	}
	for n := from; n <= last; n++ {
		f.u.used[n] = true
	}
	f.notes = append(f.notes, p.name+" is what the request calls it")
	return true
}
