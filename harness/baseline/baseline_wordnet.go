package baseline

import (
	"strings"

	"github.com/agentready/agentready/harness/lexicon"
	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// particles are the words that make a phrasal verb of the verb before
// them ("kick off", "tear down", "spin up").
var particles = map[string]bool{"up": true, "down": true, "off": true, "out": true, "back": true, "over": true, "away": true}

// englishVerb is the verb the request starts with (after politeness), as
// WordNet lists it: the first word and the particle after it when WordNet
// lists the two as one verb ("kick off monitor X", "tear down stack Y"),
// else the first word when it is a WordNet verb the verb table does not
// know ("void", "mark", "alert") and a participle before a plural is not
// ("unsubscribed people"). It returns the lemma ("kick_off")
// and the index of the verb's last word, or "" and -1 when the request
// starts otherwise (a value, a stop word, a plural, a question word).
func (u *utterance) englishVerb() (lemma string, end int) {
	i := u.orderStart()
	if i >= len(u.words) {
		return "", -1
	}
	w := u.words[i]
	if w.stem == "" || u.valueToken(w.tok) || retrieve.IsStopWord(w.lower) || questionWords[w.lower] || english.IsPlural(w.lower) || u.adjective(i) {
		return "", -1
	}
	if i+1 < len(u.words) && particles[u.words[i+1].lower] && !u.boundaryAfter(i) {
		if l := w.lower + "_" + u.words[i+1].lower; lexicon.Verb(l) != nil {
			return l, i + 1
		}
	}
	if _, known := imperatives[w.lower]; known || lexicon.Verb(w.lower) == nil {
		// The table leaves out words English uses mostly as nouns:
		// "branch protection rules", "port forwarding rules" start
		// with the thing they name.
		return "", -1
	}
	return w.lower, i
}

// englishSenses are the words WordNet gives for a verb in its most
// frequent senses, synonyms before hypernyms, sense by sense, without
// repeats: what else a model reads the verb as.
func englishSenses(lemma string) []string {
	var out []string
	seen := map[string]bool{lemma: true}
	for _, s := range lexicon.Verb(lemma) {
		for _, w := range append(append([]string{}, s.Synonyms...), s.Hypernyms...) {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// englishClass is the class of the verb table a WordNet verb reads as:
// that of the first of its synonyms and hypernyms the table knows, or
// ("tear down" is a way to destroy: delete), "" when none is.
func englishClass(lemma string) string {
	for _, w := range englishSenses(lemma) {
		if c, ok := imperatives[w]; ok {
			return c
		}
	}
	return ""
}

// englishVerbStems are the stems a tool's name may say the request's
// WordNet verb in: the verb written as one word ("shutdown" for "shut
// down") and its synonyms and hypernyms, less those the verb table knows
// (their class says what they do: a tool named get... does not do what
// "tail" asks).
func englishVerbStems(lemma string) []string {
	out := []string{english.Stem(strings.ReplaceAll(lemma, "_", ""))}
	for _, w := range englishSenses(lemma) {
		if _, known := imperatives[w]; strings.Contains(w, "_") || known {
			continue
		}
		out = append(out, english.Stem(w))
	}
	return out
}

// marksAs reports whether the verb ending at word end is followed, in
// its clause, by "as" and a word that is no value ("mark run X as
// success", "flag it as spam"): the request sets what state a thing is
// in.
func (u *utterance) marksAs(end int) bool {
	for j := end + 1; j+1 < len(u.words); j++ {
		if u.words[j].lower == "as" && u.words[j+1].stem != "" && !u.valueToken(u.words[j+1].tok) {
			return true
		}
		if u.boundaryAfter(j) {
			return false
		}
	}
	return false
}

// adjective reports whether word i is a past participle ("unsubscribed",
// "archived", "frozen") right before a plural noun: "unsubscribed people
// on list X" says which people, it orders nothing.
func (u *utterance) adjective(i int) bool {
	w := u.words[i].lower
	return (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "en")) && len(w) > 4 && u.pluralFollows(i)
}
