package retrieve

import (
	"slices"
	"sort"
	"strings"

	"github.com/agentready/agentready/internal/english"
)

// FormWeight is how much another form of a request's word counts when
// Search adds it ("remind" finds reminder, "locations" location): the
// light stemmer leaves derived words apart.
const FormWeight = 0.6

// DeleteWeight is how much more a tool that deletes (DELETE) scores for
// a request that says to delete, remove or get rid of something.
const DeleteWeight = 1.3

// ReadWeight is what a tool that changes something (a method other than
// GET or HEAD) keeps of its score for a request that asks nothing done:
// "the webhooks of repo X" wants the list, not the tool that creates
// one, whose text says as much about webhooks.
const ReadWeight = 0.7

// CoverWeight is how much a tool's score can lose for the words of its
// name the request does not say: a name that says more than the request
// (getNodeProxy for "get node worker-3") is a variant of what was asked.
const CoverWeight = 0.4

// intent is what a request asks done, as its verbs say.
type intent int

const (
	// asks is a request with no verb of change: a question or a noun
	// phrase, answered by a read, so the read verbs of a tool's name
	// (get, list, show, ...) count as said.
	asks intent = iota
	// changes is a request that says to change something.
	changes
	// deletes is a request that says to delete something, so the
	// delete verbs of a tool's name count as said ("get rid of").
	deletes
)

// changeVerbs are the verbs by which a request asks for something to be
// done rather than shown, in their base form (a participle, "closed
// issues", "starred dashboards", names a state, not an action).
var changeVerbs = wordSet(`create add new make insert put post send write submit invite assign unassign
	update change set edit rename modify move replace patch mark tag label
	close reopen archive unarchive merge rebase sync approve reject
	start restart stop trigger run rerun retry cancel kill abort pause resume
	upload import install uninstall deploy publish unpublish rollback restore revert
	attach detach transfer enable disable lock unlock pin unpin star unstar
	follow unfollow watch unwatch subscribe unsubscribe react like unlike heart save
	revoke reset register unregister join leave kick remind schedule mute unmute
	share unshare copy duplicate clone reboot resize rebuild upgrade downgrade
	finalize void pay refund capture confirm verify accept decline invite block unblock
	allow deny grant apply scale drain cordon evict
	activate deactivate reactivate give record email notify link unlink connect disconnect
	plug unplug hook vote upvote downvote`)

// IsChangeVerb reports whether w, lower case in its base form, is a verb
// by which a request asks for something to be done rather than shown
// ("deactivate", "reboot", "approve"): one of changeVerbs.
func IsChangeVerb(w string) bool { return changeVerbs[w] }

// deleteVerbs are the verbs by which a request asks for something gone.
var deleteVerbs = wordSet(`delete remove rm nuke drop destroy erase purge wipe trash discard`)

// removalVerbs are the verbs that ask for something gone when a particle
// of removal follows within a few words: "throw away", "take X off the
// card", "kick user 7 out of the group".
var removalVerbs = wordSet(`throw take kick`)

// particleVerbs are verbs that ask something done when a particle of
// theirs follows within a few words, though alone they read or name
// things, with what the two mean together: "get file 9 back out of the
// bin" restores it, "shut the droplet down", "hook the repo up", "turn
// notifications off". A verb that a particle makes a logout
// (phrasalWords: "log everyone out") changes too.
var particleVerbs = map[string]map[string]string{
	"get":  {"back": "restore"},
	"shut": {"down": "shutdown"},
	"hook": {"up": "connect"},
	"turn": {"on": "enable", "off": "disable"},
}

// particleMeanings are the stems of what the verbs of query with their
// particles mean (particleVerbs), in the order said; ws are query's
// words as intentOf reads them.
func particleMeanings(ws []string) []string {
	var out []string
	for i, w := range ws {
		for _, p := range ws[i+1 : min(i+6, len(ws))] {
			if m := particleVerbs[w][p]; m != "" {
				out = append(out, english.Stem(m))
				break
			}
		}
	}
	return out
}

// isAwayParticle reports whether w is a particle that, after a
// removalVerb, makes it a verb of removing.
func isAwayParticle(w string) bool { return w == "away" || w == "off" || w == "out" }

// readVerbs are the words a tool's name says it reads with; a request
// that asks nothing done says them all.
var readVerbs = wordSet(`get list read show fetch retrieve find info describe view lookup query search`)

// readStems and deleteStems are the stems of readVerbs and deleteVerbs,
// as a tool's name terms are.
var readStems, deleteStems = stems(readVerbs), stems(deleteVerbs)

func stems(words map[string]bool) map[string]bool {
	m := make(map[string]bool, len(words))
	for w := range words {
		m[english.Stem(w)] = true
	}
	return m
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// intentOf reads what query asks done from its words as written, the
// pieces of values left out: any verb of deleting ("get rid of", "throw
// away", "take X off", "tear X down" too) deletes, any other verb of
// change (or a verb with its particle: "get X back", "log everyone
// out") changes, none asks.
func intentOf(query string) intent {
	ws := verbWords(query)
	in := asks
	if len(phraseTokens(query)) > 0 || len(particleMeanings(ws)) > 0 {
		in = changes
	}
	for i, w := range ws {
		next := ws[i+1 : min(i+6, len(ws))]
		switch {
		case deleteVerbs[w], w == "get" && i+1 < len(ws) && ws[i+1] == "rid",
			removalVerbs[w] && slices.ContainsFunc(next, isAwayParticle),
			w == "tear" && slices.Contains(next, "down"):
			return deletes
		case changeVerbs[w] && (w != "like" || likeOrders(ws, i)):
			in = changes
		}
	}
	return in
}

// likeOrders reports whether ws[i], "like", orders a like ("like tweet
// 146...", "please like it") rather than saying a wish or a likeness
// ("I'd like to see", "tweets like this"): it starts the request or
// follows a word that starts an order, and "to" does not follow.
func likeOrders(ws []string, i int) bool {
	if i+1 < len(ws) && ws[i+1] == "to" {
		return false
	}
	return i == 0 || orderStarts[ws[i-1]]
}

// orderStarts are words an order follows: "please like", "and like",
// "then delete".
var orderStarts = wordSet(`please pls plz and then also now just`)

// likedWords are the request's "like" read as the verb it is
// (likeOrders: "like tweet X"), a word Tokens leaves out as a stop word
// ("I'd like to").
func likedWords(query string) []string {
	ws := verbWords(query)
	for i, w := range ws {
		if w == "like" && likeOrders(ws, i) {
			return []string{"like"}
		}
	}
	return nil
}

// verbWords are query's words as its verbs are read from them: its
// values (withoutValues) left out, and digits and single letters, parts
// of values ("8c1d2e3f" splits into eight), are no words either; so a
// verb's particle is read past an identifier ("turn sim card
// 6b14e151-8493-4fa1-… back on": enable).
func verbWords(query string) []string {
	return slices.DeleteFunc(Words(withoutValues(query)), func(w string) bool {
		return len(w) < 2 || strings.ContainsAny(w, "0123456789")
	})
}

// fit is the factor a document's score is multiplied by for a request
// of intent in whose terms (with their synonyms and forms) are terms.
func (ix *Index) fit(d int32, in intent, terms map[string]bool) float64 {
	if ix.methods[d] == "" {
		return 1
	}
	f := 1.0
	switch m := ix.methods[d]; {
	case in == deletes && m == "DELETE":
		f = DeleteWeight
	case in == asks && m != "GET" && m != "HEAD":
		f = ReadWeight
	}
	name := ix.nameTerms[d]
	if len(name) == 0 {
		return f
	}
	said := 0
	for _, t := range name {
		if terms[t] || (in == asks && readStems[t]) || (in == deletes && deleteStems[t]) {
			said++
		}
	}
	return f * (1 - CoverWeight*float64(len(name)-said)/float64(len(name)))
}

// forms returns the other words of the index that are forms of the
// stem st: longer by a derivational suffix (formSuffixes; "remind":
// reminder) or shorter by one (for "locations", location), both at
// least four letters long. A longer word that only starts with st is no
// form of it ("repo": report).
func (ix *Index) forms(st string) []string {
	if len(st) < 4 {
		return nil
	}
	var out []string
	i := sort.SearchStrings(ix.vocab, st)
	for ; i < len(ix.vocab) && strings.HasPrefix(ix.vocab[i], st); i++ {
		if t := ix.vocab[i]; t != st && formSuffixes[t[len(st):]] && english.IsASCIIWord(t) {
			out = append(out, t)
		}
	}
	for n := len(st) - 1; n >= 4 && n >= len(st)-4; n-- {
		if p := st[:n]; ix.terms[p] != nil && formSuffixes[st[n:]] {
			out = append(out, p)
		}
	}
	return out
}

// formSuffixes are the endings English derives a word with from another
// (remind, reminder; locate, location), as they follow a stem (Stem
// drops a final e: "schedul" takes "ing" and "er").
var formSuffixes = wordSet(`e s es ed d er or ers ors ion ions ation ations ition ment ments al als
	y ly ity ive ing ings ure ance ence ant ent ee ees able ible ship age ist ize ise ization ery ary`)

// questionWords are what a question word asks for, as stems: "who is
// on the team" asks for its members, "where can servers be" for a
// location. Find searches them at SynonymWeight.
var questionWords = map[string][]string{
	"who":   {"user", "member", "people"},
	"whom":  {"user", "member"},
	"where": {"location", "region"},
	"when":  {"date", "time", "schedul"},
}

// whoAmI are the stems of the words APIs name the caller's own account
// by: GetMe, GetCurrentUser, getAuthUser ("the authenticated user").
var whoAmI = []string{"current", "currently", "authenticat", "auth", "self", "whoami"}

// callerWords returns whoAmI when query asks who the caller is ("who am
// I", "who am I logged in as"), nil otherwise: "I" and "me" are stop
// words, and "who" alone asks for users, not for the one asking.
func callerWords(query string) []string {
	if AsksWhoAmI(query) || slices.Contains(Words(query), "whoami") {
		return whoAmI
	}
	return nil
}

// AsksWhoAmI reports whether query says "who am I": it asks who the
// caller is.
func AsksWhoAmI(query string) bool {
	ws := Words(query)
	for i := 0; i+2 < len(ws); i++ {
		if ws[i] == "who" && ws[i+1] == "am" && ws[i+2] == "i" {
			return true
		}
	}
	return false
}

// typePrefixes returns the type prefixes of the identifiers in query:
// the lower-case letters before the underscore of "sub_1MowQVLk" (sub),
// three or four of them, when what follows mixes digits into letters.
// An API that prefixes its identifiers so names their type after the
// start of a word of its tools' names (sub: subscriptions, cus:
// customers), and Find searches those words.
func typePrefixes(query string) []string {
	var out []string
	for _, f := range strings.Fields(query) {
		i := strings.IndexByte(f, '_')
		if i < 3 || i > 4 || !strings.ContainsAny(f[i+1:], "0123456789") {
			continue
		}
		p := f[:i]
		if strings.ToLower(p) == p && english.IsASCIIWord(p) {
			out = append(out, p)
		}
	}
	return out
}
