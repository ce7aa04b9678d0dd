package baseline

import (
	"fmt"
	"slices"

	"github.com/agentready/agentready/harness/retrieve"
)

// misplaced are the arguments of t, named for the thing they identify
// (idList, team_id), that f filled with a value the request says is
// another thing's: the word right before the value, in the same
// clause, is the noun of a thing some tool's argument identifies
// (toolkit.things), neither it nor the word before it is the noun of the
// argument's own thing, and no argument of t identifies that thing ("show card Xq3pL9aB" for a tool
// that can put Xq3pL9aB only in its list's id). A model reads "card X" as
// X being a card, and does not call a tool that has no card to take it.
// A noun that is the request's first word and a verb that asks ("list
// 60d5...") says no thing. A word right before the value that no
// argument identifies, after one that is such a noun, is the second word
// of a compound naming that thing: "show telegraf config G1" is a
// telegraf's id, not an org's.
func (k *toolkit) misplaced(t *toolSpec, f *filler, u *utterance) []string {
	var out []string
	for _, p := range t.params {
		v, ok := f.args[p.name]
		if !ok {
			continue
		}
		own := t.pathThing(p)
		if p.ident && len(p.stems) == 1 && len(p.stems) < len(p.fullStems) {
			own = p.stems[0]
		}
		if own == "" {
			// Only an argument whose name, or the path its tool is
			// named after, says whose id it is (idList, team_id, the
			// id of getRealmClientsIdRoles); a bare id's thing is
			// otherwise a guess.
			continue
		}
		nouns := u.nounsOf(fmt.Sprint(v))
		head := ""
		switch {
		case len(nouns) > 0 && k.things[nouns[0]]:
			head = nouns[0]
		case len(nouns) > 1 && k.things[nouns[1]] && !retrieve.IsStopWord(nouns[0]):
			head = nouns[1]
		}
		if head == "" || t.identifies(head) ||
			slices.ContainsFunc(nouns, func(n string) bool { return n == own || related(n, own) }) {
			continue
		}
		out = append(out, p.name)
	}
	return out
}

// identifies reports whether an argument of t identifies the thing whose
// noun's stem is noun.
func (t *toolSpec) identifies(noun string) bool {
	for _, p := range t.params {
		if own := t.thingNoun(p); own != "" && (own == noun || related(own, noun)) {
			return true
		}
		if own := t.pathThing(p); own != "" && (own == noun || related(own, noun)) {
			return true
		}
	}
	return false
}

// nounsOf are the stems of the two words right before the token written
// raw, in the same clause, nearest first: the noun that says whose the
// value is and the word before it, which may name the same thing
// ("recording file rec-5b" is a recording's). None when the word right
// before is the request's first word and a verb that asks ("list
// 60d5...").
func (u *utterance) nounsOf(raw string) []string {
	for i, t := range u.toks {
		if t.raw != raw || t.quoted {
			continue
		}
		var out []string
		for w := t.first - 1; w >= 0 && w >= t.first-2; w-- {
			if u.boundaryAfter(w) || u.words[w].tok != i-(t.first-w) || u.words[w].stem == "" {
				break
			}
			if w == 0 && requestVerbs[u.words[w].stem] {
				break
			}
			out = append(out, u.words[w].stem)
		}
		return out
	}
	return nil
}
