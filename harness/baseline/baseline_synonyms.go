package baseline

import (
	"cmp"
	"github.com/agentready/agentready/internal/formats"
	"slices"
	"strings"

	"github.com/agentready/agentready/internal/english"

	"github.com/agentready/agentready/harness/lexicon"
	"github.com/agentready/agentready/harness/retrieve"
)

// expandQuery is the request as the BM25 search reads it: without the
// words of conversation that say nothing of what is asked (fillerWords),
// without the
// name it gives a thing (quoted text, a capitalised name: "team Service
// Desk" is about teams, not about tools whose text says "service"), plus
// the words that mean what its words mean (retrieve.Synonyms) for the
// words the tools do not use themselves (see toolkit.synonyms);
// identifiers are left alone.
func (k *toolkit) expandQuery(u *utterance) string {
	var extra []string
	seen := map[string]bool{}
	name := map[int]bool{}
	for _, tok := range u.nameTokens() {
		name[tok] = true
	}
	var kept []string
	action := requestAction(u)
	from, to := u.phrasalVerb(action)
	for i, t := range u.toks {
		if t.first >= from && t.last <= to {
			// "get rid of" is searched as what it means: delete.
			if t.first == from {
				// "stop muting" is searched as unmute.
				kept = append(kept, cmp.Or(u.undo.word, action))
			}
			continue
		}
		if !name[i] && !formats.UUID(t.raw) {
			// A UUID's pieces are no words ("46ad", "b82c"): searched,
			// they made the tool picked depend on which UUID the
			// request named.
			kept = append(kept, withoutFiller(t.raw))
		}
	}
	extra = append(extra, u.askedThing()...)
	extra = append(extra, u.phraseThings()...)
	for _, w := range extra {
		seen[w] = true
	}
	if _, noun := k.nounVerb(u); noun != "" {
		// "unpin 1712000000.000100" is searched as pin.
		kept = append(kept, noun)
	}
	text := strings.Join(kept, " ")
	for _, w := range u.words {
		if u.valueToken(w.tok) || name[w.tok] {
			continue
		}
		if agent := w.stem + "er"; len(w.stem) >= 3 && !k.vocab[w.stem] && k.vocab[agent] && !seen[agent] {
			// "who owns bucket X" is searched for its owners too.
			seen[agent] = true
			extra = append(extra, agent)
		}
		for _, s := range slices.Concat(k.synonyms(w.stem), k.compoundParts(w), k.relatives(w.stem)) {
			if !seen[s] {
				seen[s] = true
				extra = append(extra, s)
			}
		}
	}
	if len(extra) == 0 {
		return text
	}
	return text + " " + strings.Join(extra, " ")
}

// synonyms are the stems of the words that mean what the word with stem
// st means, when no tool's name or purpose (its description's first
// sentence) uses st itself: a model maps "bill" onto invoice for an API
// that speaks only of invoices, but reads "workspace" as workspace where
// the tools say workspace, not as another word for team.
func (k *toolkit) synonyms(st string) []string {
	if k.vocab[st] {
		return nil
	}
	return retrieve.Synonyms(st)
}

// relatives are the stems of the tools' words (toolkit.vocab) that are
// the request's word with another ending, when no tool uses the word
// itself: "sortable" for "sort", "health" for "healthy", "creation" for
// "create". A model reads a word's family as one meaning. Only endings
// that make a word of the same meaning in another part of speech count
// (derivationalEndings), on stems of three letters or more.
func (k *toolkit) relatives(st string) []string {
	if k.vocab[st] || len(st) < 3 {
		return nil
	}
	var out []string
	for v := range k.vocab {
		if len(v) >= 3 && (derivationalEndings[strings.TrimPrefix(v, st)] && strings.HasPrefix(v, st) ||
			derivationalEndings[strings.TrimPrefix(st, v)] && strings.HasPrefix(st, v)) {
			out = append(out, v)
		}
	}
	slices.Sort(out)
	return out
}

// derivationalEndings are what English adds to a stem (as english.Stem
// leaves it) to say the same thing as another part of speech: sort,
// sortable; health, healthy; delet(e), deletion; pay, payment.
var derivationalEndings = map[string]bool{"abl": true, "ibl": true, "y": true, "i": true, "ion": true, "ation": true,
	"ment": true, "al": true, "iti": true, "ness": true}

// learned are the stems the learned lexicon (package lexicon) pairs with
// a request's word, under the rule synonyms follow: only for a word no
// tool's name or purpose uses itself, and never for a word of
// conversation (fillerWords), which says no topic.
func (k *toolkit) learned(w word) []string {
	if k.vocab[w.stem] || fillerWords[w.lower] {
		return nil
	}
	return lexicon.Associates(w.stem)
}

// askedThing is the thing a question with no word of its own asks about:
// "who is U061F7AUR" asks for a user, "who's in C024BE91L" for members,
// "is U061F7AUR online?" for a presence, as a model reads them; nil when the request says anything
// more than a question word, values and (for a presence) filler.
func (u *utterance) askedThing() []string {
	if len(u.words) == 0 {
		return nil
	}
	first := u.words[0].lower
	var thing []string
	switch first {
	case "who", "who's", "whom", "whose":
		thing = []string{"user"}
	case "is", "are":
	default:
		return nil
	}
	for _, w := range u.words[1:] {
		switch {
		case u.valueToken(w.tok) || questionWords[w.lower] || w.stem == "":
		case first == "who" && (w.lower == "in" || w.lower == "on"):
			// "who's in C024BE91L" asks who is in a place: its
			// members.
			thing = []string{"member"}
		case fillerWords[w.lower] && first != "who":
		case presenceWords[w.lower] && first != "who":
			thing = []string{"presence"}
		default:
			return nil
		}
	}
	return thing
}

// presenceWords say whether someone is there: a question about them asks
// for a presence.
var presenceWords = map[string]bool{"online": true, "offline": true, "away": true, "around": true, "idle": true}

// fillerWords are English words that carry no topic: the function words
// of a general stop list (NLTK's English list, less the words that can
// say an action or a filter: "sign out", "turn off", "after", "other",
// "no") and the words of
// conversation ("I'd like to see", "right now", "one more thing").
// Searched for, they match rare words in some tool's text and outweigh
// the nouns that say the resource.
var fillerWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`i me my myself we our ours ourselves you your yours yourself yourselves he him
		his himself she her hers herself it its itself they them their theirs themselves what which who whom this
		that these those am is are was were be been being have has had having do does did doing a an the and but if
		or because as while of at by for with about into to from in on then here there when where why how all
		any both each some such so than too very can will just don should now
		see like one ones right really actually maybe perhaps quick quickly rush asap real still already also
		thing things stuff something anything everything whatever bit lot lots kind sort sure ok okay gonna
		wanna gotta know think mean guess help thanks thank hey hello hi please pls plz anyway btw fyi tho
		though got getting mind wonder wondering able let lets i'd i'm i've we're we've you're it's that's
		what's who's there's`) {
		fillerWords[w] = true
	}
}

// withoutFiller is a token of the request, or "" when it is filler.
func withoutFiller(raw string) string {
	if fillerWords[strings.ToLower(strings.Trim(raw, ".,;:!?\"'()"))] {
		return ""
	}
	return raw
}

// phraseThings are the things a request's phrasing names without naming
// them, as a model reads it: "what's in folder 12345" asks for what the
// folder holds (its items, its contents), "who has access to folder
// 12345" (or who can see, open, edit it) for the people it is shared
// with (collaborators, permissions, members), "who has role r-2" for
// the members holding it, "who's on (in) board X" for its members, "who am I" for the current user, "who signed
// up for webinar 855" for its registrants, "what got billed on invoice
// 55102" (was bought, charged, ordered) for the invoice's items, its lines. They are searched for and count as
// said in another word, as a synonym does.
func (u *utterance) phraseThings() []string {
	var out []string
	for i := 0; i+1 < len(u.words); i++ {
		a, b := u.words[i].lower, u.words[i+1].lower
		switch {
		case a == "what" && (b == "in" || b == "inside" ||
			(b == "is" || b == "s") && i+2 < len(u.words) && (u.words[i+2].lower == "in" || u.words[i+2].lower == "inside")):
			out = append(out, stems("item", "content")...)
		case a == "who" && b == "am" && i+2 < len(u.words) && u.words[i+2].lower == "i":
			// "who am I (logged in as)" asks for the current user.
			out = append(out, stems("user", "me", "current")...)
		case a == "who" && i+2 < len(u.words) && (b == "has" || b == "have" || b == "can") &&
			(u.words[i+2].lower == "access" || u.words[i+2].lower == "see" || u.words[i+2].lower == "open" || u.words[i+2].lower == "edit"):
			out = append(out, stems("collaboration", "collaborator", "permission", "member", "share")...)
		case a == "who" && (b == "in" || b == "on"), // who's: its 's is dropped
			a == "who" && (b == "is" || b == "are") && i+2 < len(u.words) && (u.words[i+2].lower == "in" || u.words[i+2].lower == "on"):
			// "who's on the team for board X", "who's in the acme-eng
			// workspace" ask for its members.
			out = append(out, stems("member")...)
		case a == "who" && (b == "has" || b == "have" || b == "holds"):
			// "who has role r-2" asks for the members that hold it.
			out = append(out, stems("member")...)
		case u.words[i].stem == "sign" && b == "up" || a == "signup" || a == "signups":
			out = append(out, stems("registrant", "registration")...)
		case a == "what" && linking[b] && i+2 < len(u.words) && transacted[u.words[i+2].lower]:
			// "what got billed on invoice 55102", "what was bought in
			// checkout session X" ask for the lines of the bill: its
			// items.
			out = append(out, stems("item", "line")...)
		}
	}
	return out
}

// linking are the verbs that join a subject to what is said of it.
var linking = map[string]bool{"is": true, "are": true, "was": true, "were": true, "got": true, "gets": true, "get": true, "be": true, "been": true, "s": true}

// transacted are the participles of the verbs of buying and billing:
// what was so is a line of a bill or an order.
var transacted = map[string]bool{"billed": true, "bought": true, "charged": true, "ordered": true, "purchased": true, "sold": true, "paid": true, "invoiced": true}

// stems are the stems of words.
func stems(words ...string) []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = english.Stem(w)
	}
	return out
}

// compoundParts are the two words a request's word is written as one of
// ("blocklist" for the blocked list, "dropbox" where no tool says it),
// when no tool's name or purpose uses the word itself and both parts,
// of three letters or more, are stems the tools use: a model reads the
// parts. Nil otherwise.
func (k *toolkit) compoundParts(w word) []string {
	if k.vocab[w.stem] || len(w.lower) < 6 || !english.IsASCIIWord(w.lower) {
		return nil
	}
	for i := 3; i+3 <= len(w.lower); i++ {
		a, b := english.Stem(w.lower[:i]), english.Stem(w.lower[i:])
		if k.vocab[a] && k.vocab[b] {
			return []string{a, b}
		}
	}
	return nil
}
