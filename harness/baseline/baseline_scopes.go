package baseline

import (
	"slices"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// scopeArg is the tool's one required string argument still empty that
// names the container the tool works in (a realm, a workspace, a
// project), with the stem of that container's noun; nil when there is
// none or more than one. An argument names a scope when its thing (realm
// of realm, project of projectKey: thingNoun, else its one name word)
//
//   - is a word of the tool's name followed there by a noun of another
//     thing, as a name read from a path puts the container before what
//     it holds (realm of getRealmUsersId, /{realm}/users/{id});
//   - follows "in", "within", "under", "across" or "for" in the tool's
//     first sentence, a determiner or "given", "specific", "one" between
//     ("Get list of all features in given project");
//   - or follows "in", "within" or "under" in its own description, or
//     that description says scope ("used to tie flags together under
//     one project").
//
// Tools whose two or more required keys are still empty are left to
// keyPhrase, which reads them in the schema's order.
func (f *filler) scopeArg() (*param, string) {
	target, thing, keys := f.soleScope(true)
	if keys > 1 {
		return nil, ""
	}
	return target, thing
}

// soleScope is the tool's one required argument still empty that names
// a container (scopeNoun), with the container's stem, nil when none or
// more than one does; the name of the tool's own object (namesObject)
// is one only with objectNames. keys counts the required keys still
// empty, as far as it looked.
func (f *filler) soleScope(objectNames bool) (target *param, thing string, keys int) {
	for _, p := range f.tool.params {
		if !p.required || f.has(p) {
			continue
		}
		if p.ident && pairable(p) && !p.array && f.reachable(p) {
			keys++
		}
		if !objectNames && f.tool.namesObject(p) {
			continue
		}
		noun := f.tool.scopeNoun(p)
		if noun == "" {
			continue
		}
		if target != nil {
			return nil, "", keys
		}
		target, thing = p, noun
	}
	return target, thing, keys
}

// scopeNoun is the stem of the container p names when it is a plain
// string argument the tool works in (see scopeArg), "" otherwise.
func (t *toolSpec) scopeNoun(p *param) string {
	if len(p.path) > 1 || p.array || len(p.enum) > 0 || len(p.named) > 0 || p.scalarType() != "string" || p.format != "" {
		return ""
	}
	noun := t.thingNoun(p)
	if noun == "" && len(p.stems) == 1 && !idWords[p.words[0]] {
		noun = p.stems[0]
	}
	if noun == "" || !t.scopedBy(p, noun) {
		return ""
	}
	return noun
}

// scopeArgAmongKeys is scopeArg for a tool whose two or more required
// keys are still empty: the one of them that names a container, nil
// when none or more than one does. Only a container said after "in",
// "within" or "under" fills it (scopes): "logs of checkout-7d9f in
// payments" gives the pod's name and its namespace.
func (f *filler) scopeArgAmongKeys() (*param, string) {
	target, thing, _ := f.soleScope(false)
	return target, thing
}

// scopedBy reports whether the tool's name or first sentence, or p's
// description, says the thing noun as the container the tool works in
// (scopeArg).
func (t *toolSpec) scopedBy(p *param, noun string) bool {
	ws := retrieve.Words(t.name)
	for i, w := range ws {
		if english.Stem(w) != noun {
			continue
		}
		for _, after := range ws[i+1:] {
			if st := english.Stem(after); st != noun && !idWords[after] && !retrieve.IsStopWord(after) && len(after) > 1 {
				return true
			}
		}
	}
	purpose := t.desc
	if i := strings.IndexAny(purpose, ".\n"); i >= 0 {
		purpose = purpose[:i]
	}
	if saysWithin(retrieve.Words(purpose), noun, "in", "within", "under", "across", "for") {
		return true
	}
	pw := retrieve.Words(p.desc)
	for _, w := range pw {
		if strings.HasPrefix(w, "scope") {
			return true
		}
	}
	return saysWithin(pw, noun, "in", "within", "under")
}

// saysWithin reports whether ws say noun right after one of preps, a
// determiner or "given", "specific" or "one" between.
func saysWithin(ws []string, noun string, preps ...string) bool {
	for i, w := range ws {
		if english.Stem(w) != noun || i == 0 {
			continue
		}
		j := i - 1
		if scopeDeterminers[ws[j]] && j > 0 {
			j--
		}
		for _, p := range preps {
			if ws[j] == p {
				return true
			}
		}
	}
	return false
}

// scopeDeterminers may stand between a preposition and a container's
// noun: "in a given project", "under one project".
var scopeDeterminers = map[string]bool{"a": true, "an": true, "the": true, "given": true, "specific": true,
	"one": true, "this": true, "that": true, "each": true}

// notScopes are the words people say after a preposition that name no
// container: manners, formats and fixed phrases ("in bulk", "in JSON",
// "for good", "at once", "on hold").
var notScopes = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`bulk batch batches json csv xml yaml yml html text plain markdown pdf full
		detail details general particular advance case fact short total progress place order use good sure real
		example instance once least most hold time advance parallel sequence turn return reverse ascending
		descending alphabetical english ago today tomorrow yesterday tonight default production-ready
		everyone everybody everything anyone anything someone something nobody nothing all both either
		neither each another other others them it me us you him her myself yourself itself themselves
		here there now later`) {
		notScopes[w] = true
	}
}

// scopes gives the tool's one required scope still empty (scopeArg) the
// one word the request says as that container, as a model reads a
// container named only by its value: right after "in", "of", "for",
// "from", "on", "at", "within" or "under" and before the end of a phrase,
// a preposition or a word that is no value ("list the users in acme",
// "kick everyone out of staging"), written with 's ("acme's repos"), or
// between "the" and the container's noun ("the acme workspace's
// repos"). The word is a bare key (bareKey: no word of the sentence, of
// the tool's name or of its arguments' names, no number), no time unit,
// no value an argument lists, and none of the words that follow a
// preposition as a manner or a format ("in bulk", "in JSON", "for
// good"); "in the last hour" says the, and last is a count word; a word
// an of-phrase follows heads it and names no container ("on behalf of
// X"). With two such words it fills nothing.
func (f *filler) scopes() {
	p, noun := f.scopeArg()
	within := false
	if p == nil {
		if p, noun = f.scopeArgAmongKeys(); p == nil {
			return
		}
		within = true
	}
	found, foundInside := -1, false
	for k, t := range f.u.toks {
		if !f.bareKey(k) || !f.scopeWord(k) {
			continue
		}
		if k+1 < len(f.u.toks) && !t.clauseEnd && f.u.toks[k+1].lower == "of" {
			// A noun an of-phrase follows heads it: "on behalf of X"
			// names no container behalf.
			continue
		}
		said := t.possessive
		if k > 0 && !f.u.toks[k-1].clauseEnd && !f.u.toks[k-1].quoted {
			switch prev := f.u.toks[k-1].lower; {
			case within:
				said = containerWords[prev] && f.phraseEndsAt(k)
			case prev == "in", prev == "of", prev == "for", prev == "from", prev == "on", prev == "at", prev == "within", prev == "under":
				said = said || f.phraseEndsAt(k)
			case prev == "the":
				// One container, said in the singular: "the unsubscribe
				// groups" are things listed, not a group they are in.
				next := k + 1
				said = said || next < len(f.u.toks) && !t.clauseEnd && english.Stem(f.u.toks[next].lower) == noun && !english.IsPlural(f.u.toks[next].lower)
			}
		}
		if !said {
			continue
		}
		inside := k > 0 && containerWords[f.u.toks[k-1].lower]
		switch {
		case found < 0:
			found, foundInside = k, inside
		case strings.EqualFold(f.u.toks[found].raw, t.raw):
		case inside != foundInside && f.objectNameEmpty(p):
			// "logs from checkout-7d9f in payments", where the tool
			// takes the pod's name too: what the thing is in is the
			// container, the other word names the thing.
			if inside {
				found, foundInside = k, true
			}
		default:
			return
		}
	}
	if found >= 0 && f.set(p, f.u.toks[found].raw) {
		f.u.used[found] = true
		f.notes = append(f.notes, p.name+" is the "+noun+" "+f.u.toks[found].raw+" the request works in")
	}
}

// objectNameEmpty reports whether the tool takes, besides scope p, the
// name of its own object (namesObject), still empty.
func (f *filler) objectNameEmpty(p *param) bool {
	return slices.ContainsFunc(f.tool.params, func(q *param) bool { return q != p && !f.has(q) && f.tool.namesObject(q) })
}

// containerWords are the prepositions that put what follows them as the
// container of a thing ("in payments", "under team acme"), where "of",
// "for" or "from" may name the thing itself.
var containerWords = map[string]bool{"in": true, "within": true, "under": true}

// scopeWord reports whether token k may be a container's name: written
// as one word of letters, digits, dashes, dots or underscores, no time
// unit, none of notScopes and no value any argument lists.
func (f *filler) scopeWord(k int) bool {
	t := f.u.toks[k]
	if notScopes[t.lower] || phraseStarts[t.lower] || prepositions[t.lower] || english.TimeUnit(t.lower) != "" || strings.IndexFunc(t.raw, func(r rune) bool {
		return !isLetter(r) && (r < '0' || r > '9') && r != '-' && r != '_' && r != '.'
	}) >= 0 {
		return false
	}
	for _, q := range f.tool.params {
		for _, v := range q.enum {
			if strings.EqualFold(v, t.raw) {
				return false
			}
		}
		for _, v := range q.named {
			if strings.EqualFold(v, t.raw) {
				return false
			}
		}
	}
	return true
}

// phraseEndsAt reports whether the phrase that token k starts ends with
// it: k ends the request or a clause, or the next token is a stop word,
// a preposition ("in prod since 2025-03-01") or a word that is no bare
// key ("in acme for user X",
// "in prod have the last name", "in webshop production" when production
// went to the environment), never a number or quoted text: "in team
// 777" names the team 777.
func (f *filler) phraseEndsAt(k int) bool {
	t := f.u.toks[k]
	if t.clauseEnd || k+1 >= len(f.u.toks) {
		return true
	}
	next := f.u.toks[k+1]
	if next.quoted || strings.IndexFunc(next.raw, func(r rune) bool { return r >= '0' && r <= '9' }) >= 0 {
		return false // "in team 777": the word names the value after it
	}
	return retrieve.IsStopWord(next.lower) || stopValue[next.lower] || prepositions[next.lower] || phraseStarts[next.lower] || !f.bareKey(k+1)
}

// phraseStarts start a phrase of their own after a container's name
// ("in prod since March"), beside the prepositions the verb table knows.
var phraseStarts = map[string]bool{"since": true, "until": true, "till": true, "before": true, "after": true,
	"to": true, "during": true, "without": true, "via": true, "per": true, "across": true, "within": true,
	"except": true, "along": true}
