package baseline

import (
	"fmt"
	"github.com/agentready/agentready/internal/formats"
	"slices"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
	"github.com/cloudwego/eino/schema"
)

// verbClasses group the verbs of requests and of tool names by the action
// they ask for: "show" and "list" both read, "open" and "create" both
// create. A model knows this much English; the baseline needs the table.
// Keys are stems (tool names and descriptions inflect: "Creates");
// imperatives holds the same words as written, for requests, where
// "closed issues" is not an order to close.
var verbClasses = map[string]string{}
var imperatives = map[string]string{}

func init() {
	for class, words := range map[string]string{
		"read":     "get list show display view see fetch pull look find search check what which who how tell retrieve read describe lookup query browse count details detail overview info information returns lists gets retrieves inspect",
		"create":   "create add open new make register raise file post submit start insert send",
		"update":   "update change edit modify set rename patch move replace turn switch toggle enable disable put transfer",
		"delete":   "delete remove destroy erase drop purge nuke wipe trash discard revoke prune kick evict clean",
		"cancel":   "cancel kill abort halt terminate stop",
		"merge":    "merge squash",
		"archive":  "archive unarchive",
		"invite":   "invite",
		"follow":   "follow subscribe watch",
		"unfollow": "unfollow unsubscribe unwatch",
		"assign":   "assign give hand allocate lend",
		"unassign": "unassign",
		"close":    "close resolve",
		"reopen":   "reopen",
		"export":   "export dump download",
		"restore":  "restore recover undelete untrash",
		"comment":  "comment reply note",
		// Actions with a verb of their own: a tool named for one does
		// what the request's synonym asks ("freeze container X" pauses
		// it, "unplug container X from net Y" disconnects it), and one
		// that only creates or updates does not.
		"connect":    "connect plug",
		"disconnect": "disconnect unplug detach",
		"pause":      "pause freeze suspend",
		"resume":     "resume unpause unfreeze unsuspend",
		"execute":    "execute exec",
		"resize":     "resize grow shrink",
		"retry":      "retry rerun rerequest redo",
		"copy":       "copy clone duplicate replicate",
		"vote":       "vote upvote",
	} {
		for _, w := range strings.Fields(words) {
			verbClasses[english.Stem(w)] = class
			imperatives[w] = class
		}
	}
}

// participles are verbs of the table written the same as their past
// participle ("set", "put", "read"), which after a noun describe it.
var participles = map[string]bool{"set": true, "put": true, "read": true}

// politeness are words a request may start with before its verb.
var politeness = map[string]bool{"please": true, "kindly": true, "can": true, "could": true, "would": true, "will": true,
	"you": true, "i": true, "we": true, "want": true, "wanna": true, "need": true, "like": true, "to": true, "d": true,
	"let": true, "us": true, "me": true, "go": true, "ahead": true, "time": true, "just": true, "and": true, "hey": true, "hi": true,
	"quickly": true, "now": true, "then": true, "also": true, "so": true, "ok": true, "okay": true, "pls": true, "plz": true}

// selfWords refer to the user making the request.
var selfWords = map[string]bool{"my": true, "i": true, "mine": true, "myself": true, "i'm": true, "i've": true}

// questionWords start a request that asks rather than orders: a read.
var questionWords = map[string]bool{"what": true, "which": true, "who": true, "whom": true, "whose": true, "how": true,
	"when": true, "where": true, "did": true, "does": true, "do": true, "is": true, "are": true, "was": true, "were": true,
	"has": true, "have": true, "any": true}

// requestAction is the class of the action the request asks for: the
// first verb in its base form among the first six words of a clause
// ("..., it's stuck. kill run 77", "I need a new user"), the first
// such clause, never a word right after a preposition ("comments on
// file 987654": a noun); a clause that starts as a question reads; "get rid of"
// deletes. A request with no verb, such as "closed issues labeled bug",
// reads: "closed" there is not an order, and neither is "open" before a
// plural ("open issues in acme/webapp").
func requestAction(u *utterance) string {
	class, _ := requestVerb(u)
	return class
}

// requestVerb is requestAction and the stem of the one word that says
// it ("pause" of "pause session X"), "" when no single word of the verb
// table does ("get rid of", a question, no verb at all).
func requestVerb(u *utterance) (class, stem string) {
	class, stem, _ = requestVerbAt(u)
	return class, stem
}

// requestVerbAt is requestVerb and the index of the word that says the
// verb, -1 when no one word of the table does.
func requestVerbAt(u *utterance) (class, stem string, at int) {
	if u.undo.word != "" {
		// "stop muting X" undoes a mute (see undoing).
		return u.undo.action(), "", -1
	}
	for i := 0; i+1 < len(u.words); i++ {
		if u.words[i].lower == "get" && u.words[i+1].lower == "rid" {
			return "delete", "", -1
		}
	}
	if a := u.splitVerb(); a != "" {
		return a, "", -1
	}
	if u.stopFollowing() {
		return "unfollow", "", -1
	}
	lemma, end := u.englishVerb()
	if strings.Contains(lemma, "_") && imperatives[u.words[end-1].lower] != "read" {
		if c := englishClass(lemma); c != "" {
			return c, "", -1
		}
	}
	for _, start := range u.clauseStarts() {
		if start < len(u.words) && subordinators[u.words[start].lower] {
			// "When you get a moment, delete ...": a clause that sets
			// the scene orders nothing.
			continue
		}
		for i := start; i < len(u.words) && i < start+6; i++ {
			w := u.words[i]
			if w.stem == "" {
				break
			}
			if c, ok := imperatives[w.lower]; ok && !(i > start && (prepositions[u.words[i-1].lower] || determiners[u.words[i-1].lower])) {
				next := ""
				if i+1 < len(u.words) {
					next = u.words[i+1].lower
				}
				switch {
				case w.lower == "open" && u.pluralFollows(i):
					// "open issues in acme/webapp", "open pull requests":
					// an adjective before a plural names which things,
					// it orders nothing.
					continue
				case participles[w.lower] && i == start+1 && english.IsPlural(u.words[start].lower) &&
					!politeness[u.words[start].lower]:
					// "webhooks set up on org acme-labs": a verb that is
					// its own past participle, right after the plural the
					// clause starts with, says which things, not what to
					// do.
					continue
				case c == "assign" && (next == "me" || next == "us"):
					return "read", "", -1 // "give me the list ..."
				case w.lower == "set" && next == "up":
					return "create", "", -1 // "set up a ticket"
				case u.negatedModal(start, i):
					// "user X should not see video Y any more": a verb
					// after a negated modal says what must not be, it
					// orders nothing (see endsState).
					continue
				}
				return c, w.stem, i
			}
			if u.boundaryAfter(i) {
				break
			}
		}
		if start < len(u.words) && questionWords[u.words[start].lower] {
			// A question reads; later clauses do not change that.
			return "read", "", -1
		}
	}
	if u.endsState() {
		// "X shouldn't be an owner of org Y anymore": no verb orders
		// it, but the request says a state must end, which removing
		// it does.
		return "delete", "", -1
	}
	if lemma != "" && u.marksAs(end) {
		return "update", "", -1
	}
	if lemma == "" {
		// A verb of change WordNet does not list as written ("email
		// invoice X to the customer").
		end = u.orderStart()
		if end < len(u.words) && !u.valueToken(u.words[end].tok) && retrieve.IsChangeVerb(u.words[end].lower) {
			lemma = u.words[end].lower
		}
	}
	if lemma != "" {
		if c := englishClass(lemma); c != "" {
			return c, "", -1
		}
		if retrieve.IsChangeVerb(lemma) && !u.pluralFollows(end) {
			// "deactivate user 4412", "reboot db-primary": an order
			// to do something the table has no class for, which no
			// reading does. Before a plural the word names which
			// things ("deploy keys", "quote tweets").
			return "change", u.words[end].stem, end
		}
	}
	return "read", "", -1
}

// endsState reports whether the request, with no verb of the table to
// order it, says that something must stop being so: a negated modal
// ("shouldn't", "should not", "must not", "can't") with "anymore" (any
// more, any longer), or "no longer": "user 4412 shouldn't be able to see
// video 9 anymore", "X is no longer on the team".
func (u *utterance) endsState() bool {
	negated, ended := u.negatedModal(0, len(u.words)), false
	for i, w := range u.words {
		next := ""
		if i+1 < len(u.words) {
			next = u.words[i+1].lower
		}
		switch w.lower {
		case "anymore":
			ended = true
		case "any":
			ended = ended || next == "more" || next == "longer"
		case "no":
			if next == "longer" {
				return true
			}
		}
	}
	return negated && ended
}

// negatedModal reports whether words from..to-1 say a negated modal:
// "shouldn't" (read as shouldn and t), "should not", "must not", "can't",
// "cannot", or "no longer".
func (u *utterance) negatedModal(from, to int) bool {
	for i := from; i < to && i < len(u.words); i++ {
		next := ""
		if i+1 < len(u.words) {
			next = u.words[i+1].lower
		}
		switch u.words[i].lower {
		case "shouldn", "mustn", "cannot", "shouldnt", "mustnt", "cant":
			return true
		case "should", "must", "can":
			if next == "not" || next == "t" {
				return true
			}
		case "no":
			if next == "longer" {
				return true
			}
		}
	}
	return false
}

// orderStart is the index of the request's first word after the
// politeness it may start with ("please", "can you", "I want to"),
// len(u.words) when it says nothing else.
func (u *utterance) orderStart() int {
	i := 0
	for i < len(u.words) && politeness[u.words[i].lower] {
		i++
	}
	return i
}

// stopFollowing reports whether the request starts (after politeness)
// with "stop" and a gerund of a verb that follows ("stop watching issue
// 12", "stop following"): it undoes the following.
func (u *utterance) stopFollowing() bool {
	i := u.orderStart()
	if i+1 >= len(u.words) || u.words[i].lower != "stop" {
		return false
	}
	g, ok := strings.CutSuffix(u.words[i+1].lower, "ing")
	return ok && verbClasses[english.Stem(g)] == "follow"
}

// splitVerbs are verbs of two words with the object between them, as the
// request's first words say them: "take the watermark off folder 12345"
// and "take contact X out of group Y" delete it (from there), "get file 987654 back (out of the bin)" and "bring ...
// back" restore it, "throw (away) ssh key 12 away" deletes it.
var splitVerbs = map[[2]string]string{{"take", "off"}: "delete", {"take", "out"}: "delete", {"get", "back"}: "restore", {"bring", "back"}: "restore",
	{"tear", "down"}: "delete", {"hook", "up"}: "connect", {"shut", "down"}: "cancel", {"throw", "away"}: "delete"}

// splitVerb is the action of a splitVerbs verb whose first word starts
// the request (after politeness) and whose particle follows within four
// words in the same clause (a value written in several counting as one),
// "" when there is none.
func (u *utterance) splitVerb() string {
	i := u.orderStart()
	between := 0
	for j := i + 1; j < len(u.words) && between <= 3; j++ {
		if a, ok := splitVerbs[[2]string{u.words[i].lower, u.words[j].lower}]; ok {
			return a
		}
		if u.boundaryAfter(j) {
			break
		}
		if !u.valueToken(u.words[j].tok) || u.words[j].tok != u.words[j-1].tok {
			// A value is one word however many it is written in:
			// "take 5a1b2c3d... off card X".
			between++
		}
	}
	return ""
}

// determiners are the words after which a word of the verb table is a
// noun: "images we uploaded to the file manager" files nothing. ("a"
// and "an" are left out: "leave a comment" still comments, for want of
// a verb the table knows.)
var determiners = map[string]bool{"the": true, "this": true, "that": true, "these": true,
	"those": true, "my": true, "our": true, "your": true, "its": true, "their": true, "his": true, "her": true}

// prepositions are the words after which a word of the verb table is
// the noun it also is: "comments on file 987654", "revision history of
// file 987654" ask to read, they do not file anything.
var prepositions = map[string]bool{"of": true, "on": true, "in": true, "at": true, "for": true, "with": true,
	"from": true, "by": true, "about": true, "into": true, "onto": true, "under": true, "over": true, "inside": true}

// pluralFollows reports whether the word after i, or the one after that
// in the same clause, is a plural noun with no article or other stop
// word between: "open issues", "open pull requests", not "open a ticket
// for its owners".
func (u *utterance) pluralFollows(i int) bool {
	for j := i + 1; j < len(u.words) && j <= i+2; j++ {
		w := u.words[j].lower
		if u.boundaryAfter(j-1) || w == "" || retrieve.IsStopWord(w) || u.valueToken(u.words[j].tok) {
			return false
		}
		if english.IsPlural(w) {
			return true
		}
	}
	return false
}

// otherVerb is the stem of the word a request starts with when it is
// none the verb table knows ("skip to the next track", "reboot server
// 12"), a question word, a stop word, a plural or a value: a request starts with
// its verb, and a tool whose name starts with the same word does what
// it says. It is "" when the request starts otherwise.
func (u *utterance) otherVerb() string {
	for i, w := range u.words {
		switch {
		case politeness[w.lower]:
			continue
		case w.stem == "" || u.valueToken(w.tok) || retrieve.IsStopWord(w.lower) || questionWords[w.lower] ||
			english.IsPlural(w.lower):
			// "files shared in C061EG9SL" starts with its object, and
			// files_list with its namespace.
			return ""
		}
		if _, known := imperatives[w.lower]; known {
			return ""
		}
		if u.adjective(i) {
			return ""
		}
		return w.stem
	}
	return ""
}

// otherVerbWeight is what a tool whose name starts with the request's
// otherVerb gains: as much as one whose action is the request's.
const otherVerbWeight = 0.5

// nounVerb reads a request verb the verb table does not know as the noun
// of tool names that put the noun first and the verb last (RPC style:
// pins_add, pins_list, pins_remove): "pin X" asks to add a pin when a
// tool is named the noun and a verb that creates, "unpin X" to remove one
// when a tool is named the noun and a verb that deletes. It returns the
// action and the noun's stem, or "" when no such tool is given.
func (k *toolkit) nounVerb(u *utterance) (action, noun string) {
	verb := u.otherVerb()
	for i, w := range u.words {
		if _, known := imperatives[w.lower]; known && i < 6 {
			// "emoji list" says its verb: list.
			return "", ""
		}
	}
	if verb == "" {
		return "", ""
	}
	want, stem := "create", verb
	if un, ok := strings.CutPrefix(verb, "un"); ok && len(un) >= 3 {
		want, stem = "delete", un
	}
	for _, info := range k.infos {
		ws := retrieve.Words(info.Name)
		if len(ws) < 2 || english.Stem(ws[len(ws)-2]) != stem {
			continue
		}
		if _, isVerb := verbClasses[stem]; isVerb {
			continue
		}
		if verbClasses[english.Stem(ws[len(ws)-1])] == want {
			return want, stem
		}
	}
	return "", ""
}

// enumSays reports whether a required argument of t takes, among the
// values its schema lists, one whose first word is the verb with stem
// st: the command "Pause" of SendPlaystateCommand, the status
// "pinned_globally" of updateTopicStatus. A model reads the values a
// tool takes as what it does.
func enumSays(t *toolSpec, st string) bool {
	for _, p := range t.params {
		if !p.required || p.typ == "boolean" {
			continue
		}
		for _, v := range p.enum {
			if ws := retrieve.Words(v); len(ws) > 0 && english.Stem(strings.ToLower(ws[0])) == st {
				return true
			}
		}
	}
	return false
}

// namesVerb reports whether a tool says the request's verb (stem) that
// the verb table does not know: its name starts with it
// (skip-users-playback-to-next-track for "skip"), or, when the name
// starts with the HTTP method and so reads as a path, its last word is
// it (postCampaignsIdActionsUnschedule for "unschedule", a POST on
// .../forks for "fork"; not a name of the method and one word, whose
// word is what it creates: "telegraf configs" is no verb of
// PostTelegrafs), or its description starts with it ("Approve a pull
// request." where the name is cut short).
func namesVerb(t *toolSpec, verb string) bool {
	ws := retrieve.Words(t.name)
	if len(ws) == 0 {
		return false
	}
	if english.Stem(ws[0]) == verb {
		return true
	}
	if httpVerbs[ws[0]] && len(ws) > 2 && english.Stem(ws[len(ws)-1]) == verb {
		return true
	}
	d := retrieve.Words(t.desc)
	return len(d) > 0 && english.Stem(d[0]) == verb
}

// namesState reports whether t's name ends in the past participle of
// the verb with stem verb: the state a call brings the thing into
// (markScoreCommentResolved for "resolve", setTopicArchived for
// "archive").
func namesState(t *toolSpec, verb string) bool {
	ws := retrieve.Words(t.name)
	if len(ws) < 2 {
		return false
	}
	last := ws[len(ws)-1]
	return strings.HasSuffix(last, "ed") && english.Stem(last) == verb
}

// subordinators start a clause that depends on the main one ("when you
// get a chance", "if you can", "once it's done").
var subordinators = map[string]bool{"when": true, "whenever": true, "if": true, "once": true, "while": true,
	"since": true, "because": true, "as": true, "after": true, "before": true, "until": true, "unless": true, "though": true,
	"although": true}

// clauseStarts are the words that begin a clause: the first, and those
// after a comma, period, colon or dash.
func (u *utterance) clauseStarts() []int {
	out := []int{0}
	for w := 0; w+1 < len(u.words); w++ {
		if u.boundaryAfter(w) || u.words[w].stem == "" && !u.toks[u.words[w].tok].quoted {
			out = append(out, w+1)
		}
	}
	return out
}

// httpVerbs start operation names that say the method, not the action
// (Stripe's PostCustomersCustomer updates a customer); later in a name
// they are verbs (chat_postMessage).
var httpVerbs = map[string]bool{"post": true, "put": true, "patch": true}

// toolAction is the class of the first verb in a tool's name, or of its
// description's first word when the name has none or only an HTTP
// method ("PostCustomersCustomer: Updates the specified customer").
func toolAction(name, desc string) string {
	method := false
	for i, w := range retrieve.Words(name) {
		if c, ok := verbClasses[english.Stem(w)]; ok {
			if i == 0 && httpVerbs[w] {
				method = true
				break
			}
			return c
		}
	}
	if c := descAction(desc); c != "" {
		return c
	}
	if method {
		// PostDisputesDispute: "When you get a dispute, ...": it
		// writes, which is not what "show me the dispute" asks.
		return "write"
	}
	return ""
}

// descAction is the class of a description's first word when it is a
// verb the table knows ("Cancel a running task."), else "".
func descAction(desc string) string {
	if ws := retrieve.Words(desc); len(ws) > 0 {
		return verbClasses[english.Stem(ws[0])]
	}
	return ""
}

// valueToken reports whether token i holds a value rather than words:
// quoted text, a number, an identifier, an owner/name pair, an email, a
// date.
func (u *utterance) valueToken(i int) bool {
	t := u.toks[i]
	if t.quoted {
		return t.raw != ""
	}
	if _, ok := asNumber(t.raw); ok {
		return true
	}
	if _, ok := asDate(t.raw); ok {
		return true
	}
	return idLike(t.raw) || isEmail(t.raw) || formats.UUID(t.raw) || reSlashPair.MatchString(t.raw) || compoundName(t.raw)
}

// unplacedThings counts the tokens that name a thing (an identifier, an
// owner/name pair, an email, a UUID) which no argument took and no
// lookup (name) takes.
func (u *utterance) unplacedThings(name []int) int {
	return len(u.unplacedThingTokens(name))
}

// unplacedThingTokens are the tokens unplacedThings counts.
func (u *utterance) unplacedThingTokens(name []int) []int {
	var out []int
	for i, t := range u.toks {
		if u.used[i] || t.quoted || slices.Contains(name, i) {
			continue
		}
		if _, num := asNumber(t.raw); num {
			continue
		}
		if idLike(t.raw) || isEmail(t.raw) || formats.UUID(t.raw) || reSlashPair.MatchString(t.raw) {
			out = append(out, i)
		}
	}
	return out
}

// stateChanges are the actions that an update of a thing's state does.
var stateChanges = map[string]bool{"close": true, "reopen": true, "archive": true, "assign": true, "unassign": true}

// destructive are the actions that cannot be taken back.
var destructive = map[string]bool{"delete": true, "cancel": true}

// commonWeight is how much a name word most of the given tools' names
// share (said.common) counts as said when the request does not say it:
// it tells the tools apart little, but a name that says it says more
// than the request. Left out of the name altogether, such a word made
// the choice among the same tools depend on the other tools in view: a
// set found for "who is in the Platform team" is crowded with user
// tools, and getUsersForWorkspace then covered it as fully as
// getTeamsForWorkspace.
const commonWeight = 0.5

// countWeight is what a tool whose name says count gains when the
// request asks how many: twice what a tool whose verb says the
// request's action gains.
const countWeight = 1.0

// candidates is how many tools pickTool weighs: the best by BM25, or all
// of them when there are no more.
const candidates = 20

// pickTool ranks the tools for a request as a reader would. BM25 over
// the tools' definitions finds the twenty best; each gets its BM25 score
// relative to the best one's (0 to 1), plus 0.5 when the action of its
// name (or of its description's first verb) is the one the request asks
// for (read, create, update, ...) or minus 0.4 when it is another (minus
// 1 when that one deletes or cancels, or when the request is a question
// and the name ends in no plural noun; nothing for an update when the
// request closes, reopens, archives or assigns), plus
// the share of its name's other words that the request says (see
// nameCover). The best eight are then filled from the request, as the
// model would before calling: each required argument it cannot fill costs
// 0.25 (at most three), each thing the request names that no argument
// takes 0.2 (at most two), the share of the request's values (identifiers,
// numbers, quoted text, ...) the tool takes adds up to 0.4, each argument
// filled 0.1 (at most three), a value written like the example's 0.2,
// and a name word the filled arguments stand for counts as said ("in
// acme/webapp" says the repo of issues/list-for-repo).
//
// It also returns the fillers it made, by tool name, for the caller to
// use rather than fill the chosen tool again.
func (k *toolkit) pickTool(request string, u *utterance) ([]retrieve.Hit, string, map[string]*filler) {
	u.undo = k.undoing(u)
	hits := k.index.Search(k.expandQuery(u), candidates)
	byValue := false
	if len(hits) == 0 {
		if len(k.infos) > candidates || !slices.ContainsFunc(u.toks, func(t token) bool { return idLike(t.raw) }) {
			return nil, "", nil
		}
		// "show me PAY-142" shares no word with any tool, but a model
		// reads every tool it is given and calls the one that takes
		// the identifier as it is written (getIssue, whose example key
		// is PROJ-12): every tool is weighed, and one is called only if
		// it takes a value of the request.
		byValue = true
		for _, info := range k.infos {
			hits = append(hits, retrieve.Hit{Name: info.Name, Score: 1})
		}
	}
	if len(k.infos) <= candidates {
		// A model reads every tool it is given, not only those that
		// share a word with the request: "what's the status of pi_..."
		// says no word of the tool that retrieves a payment intent.
		found := make(map[string]bool, len(hits))
		for _, h := range hits {
			found[h.Name] = true
		}
		for _, info := range k.infos {
			if !found[info.Name] {
				hits = append(hits, retrieve.Hit{Name: info.Name})
			}
		}
	}
	action := requestAction(u)
	verb := u.otherVerb()
	fromNoun := false
	if a, noun := k.nounVerb(u); a != "" {
		// "pin message X" adds a pin where the tools are pins_add,
		// pins_list and pins_remove; "unpin" removes one.
		action, verb, fromNoun = a, noun, true
	}
	// A first word the table does not know says an action through a
	// tool's values only when no tool names a thing by it: "branch
	// protection rules" speaks of branches, whatever kinds a branch
	// restriction takes.
	enumVerb := verb != "" && !fromNoun && !slices.ContainsFunc(hits, func(h retrieve.Hit) bool {
		return slices.ContainsFunc(retrieve.Words(h.Name), func(w string) bool { return english.Stem(strings.ToLower(w)) == verb })
	})
	if lemma, _ := u.englishVerb(); lemma != "" && !fromNoun && !slices.ContainsFunc(hits, func(h retrieve.Hit) bool {
		return verb != "" && (namesVerb(k.byName[h.Name], verb) || enumVerb && enumSays(k.byName[h.Name], verb))
	}) {
		// "kick off monitor X": a tool named for a word English
		// says the verb in (start) does what it asks.
		for _, st := range englishVerbStems(lemma) {
			if slices.ContainsFunc(hits, func(h retrieve.Hit) bool { return namesVerb(k.byName[h.Name], st) }) {
				verb, enumVerb = st, false
				break
			}
		}
	}
	if verb != "" && !fromNoun && slices.ContainsFunc(hits, func(h retrieve.Hit) bool {
		return namesVerb(k.byName[h.Name], verb) || enumVerb && enumSays(k.byName[h.Name], verb)
	}) {
		// "unschedule campaign X" reads only for want of a verb the
		// table knows; a tool says the verb: the request asks what that
		// verb does, not to read.
		action = ""
	}
	number := requestNumber(u, action)
	_, actionVerb := requestVerb(u)
	counts := u.asksCount()
	said := k.saidWords(u, action)
	said.common = k.common
	// Whether some tool's name says the request's action: when none
	// does, a description that starts with it says it ("Cancel a
	// running task." of DeleteTasksIDRunsID for "cancel run X").
	nameSays := slices.ContainsFunc(hits, func(h retrieve.Hit) bool { return toolAction(h.Name, "") == action })
	otherUsers, asksSelf := u.possessiveValue(), u.asksWhoAmI()
	possessed := u.possessedThing()
	roles := u.verbRoles()
	top := hits[0].Score
	out := make([]retrieve.Hit, len(hits))
	copy(out, hits)
	// Twins (get_videos, get_videos_alt1) are one operation to a
	// reader, who reads no word in a numbered ending: the search finds
	// them alike, and what they take tells them apart.
	// Tools that share a description are alike to the search too, when
	// their names differ only in identifier words (GetUserPublicKeys and
	// GetUsersUserIdPublicKeys): what they take tells them apart. Names
	// that differ in other words (a version: V1 and V1beta1) are told
	// apart by those words, as the search scored them.
	twinScore, descScore := map[string]float64{}, map[string]float64{}
	named := k.namedTwins(hits)
	for _, h := range hits {
		if tw := k.byName[h.Name].twin; tw != "" {
			twinScore[tw] = max(twinScore[tw], h.Score)
		}
		if d := k.byName[h.Name].twinDesc; d != "" && !named[d] {
			descScore[d] = max(descScore[d], h.Score)
		}
	}
	for i := range out {
		t := k.byName[out[i].Name]
		if tw := t.twin; tw != "" {
			out[i].Score = twinScore[tw]
		}
		if d := t.twinDesc; d != "" && !named[d] {
			out[i].Score = max(out[i].Score, descScore[d])
		}
	}
	question := u.asksQuestion()
	cover := make(map[string]float64, len(out))
	for i := range out {
		score := out[i].Score / top
		t := k.byName[out[i].Name]
		ownVerb := verb != "" && (namesVerb(t, verb) || enumVerb && enumSays(t, verb))
		side := direction(t.name, roles)
		switch ta := toolAction(out[i].Name, t.desc); {
		case action == "" || ta == "" || ta == "write" && action != "read":
		case ta == action:
			score += 0.5
		case action != "read" && !nameSays && descAction(t.desc) == action:
			// "cancel run R of task T": DeleteTasksIDRunsID, whose
			// description starts "Cancel a running task.", where no
			// tool is named for cancelling.
			score += 0.5
		case action != "read" && actionVerb != "" && enumSays(t, actionVerb):
			// "pause session X": the tool whose required command is
			// one of Stop, Pause, Unpause does it, whatever its own
			// verb (SendPlaystateCommand); "close topic 12" the one
			// whose status is one of closed, pinned, archived.
			score += 0.5
		case ta == "update" && stateChanges[action]:
			// Closing, reopening or archiving a thing is updating its
			// state, where no tool is named for it.
		case ta == "delete" && action == "cancel" && !nameSays:
			// "cancel override 23997", "void payment X", "kill
			// profile X" where no tool is named for cancelling: the
			// API cancels by deleting (DELETE /overrides/{id}).
			score += 0.5
		case ta == "delete" && action == "unfollow":
			// Unwatching deletes the watch: a DELETE on .../watch.
			score += 0.5
		case action == "change":
			// An order the verb table has no class for: any tool
			// that does something may be the one, none that only
			// reads one thing. A list may be the lookup the change
			// needs first ("deactivate promo code SPRING25" finds the
			// code's ID in GetPromotionCodes).
			if ta == "read" && !pluralNamed(t.name) || destructive[ta] {
				// Nor, unless the verb says so, one that deletes.
				score -= 0.4
			}
		case ta == "create" && action == "comment":
			// Commenting adds a comment: "Create a story on a task"
			// where the API calls its comments stories.
		case action == "read" && side > 0:
			// "who does X follow": the Following of usersIdFollowing
			// names whom X follows; it orders no following.
		case destructive[ta]:
			// Nobody asked to show a thing wants it deleted: a model
			// does not take that risk on a shared word.
			score -= 1
		case action == "read" && question && !pluralNamed(t.name):
			// "has PR 88 been merged yet" asks whether it was, and
			// nobody who asks that wants it merged.
			score -= 1
		default:
			score -= 0.4
		}
		switch {
		case otherUsers && namesSelf(t.name):
			// "set 09c4...'s password": someone else's, not the
			// caller's (PutMePassword).
			score -= selfWeight
		case asksSelf && namesSelf(t.name):
			// "who am I": GetMe, whose only word is the caller, not
			// GetUsers.
			score += selfWeight
		}
		if possessed != "" && !t.namesThing(possessed) {
			// "channel 927's tags" asks for the tags of the channel:
			// a tool named for the channel alone answers what it was
			// asked about, not what was asked for.
			score -= possessedWeight
		}
		if side < 0 {
			// "who does 783214 follow" asks whom 783214 follows:
			// usersIdFollowing, not the Followers.
			score -= directionWeight
		}
		if ownVerb || action != "read" && actionVerb != "" && namesState(t, actionVerb) {
			// "skip to the next track": the request's verb is the
			// first word of skip-users-playback-to-next-track;
			// "resolve comment X": markScoreCommentResolved ends in
			// the state the verb brings about.
			score += otherVerbWeight
		}
		numberName := t.readName()
		if t.purpose != "" {
			numberName = t.purpose
		}
		nf := numberFit(u, action, number, numberName)
		score += nf
		switch namesCount := slices.ContainsFunc(retrieve.Words(t.name), func(w string) bool { return english.Stem(w) == "count" }); {
		case counts && namesCount:
			// "how many users": the tool that counts them answers it,
			// not the one that lists them; a model does not page
			// through a list to count what a tool counts.
			score += countWeight
		case namesCount && !counts && action == "read":
			// "users matching smith": nobody asked how many; a number
			// does not show them.
			score -= countWeight / 2
		}
		cover[t.name] = said.toolCover(t, nil)
		out[i].Score = score + cover[t.name]
	}
	sortHits(out)
	values := 0
	for i := range u.toks {
		if u.valueToken(i) {
			values++
		}
	}
	filled := make(map[string]*filler, 8)
	required := make(map[string]int, 8)
	// fetches are the values some tool takes as the one identifier it
	// requires (the task_id of "Fetch a task").
	fetches := map[string]bool{}
	for i := range out[:min(len(out), 8)] {
		t := k.byName[out[i].Name]
		fu := k.read(request)
		f := fill(t, fu, nil)
		filled[t.name] = f
		// A value the tool would take as another thing's ("card X" in
		// its list's id) counts as neither taken nor filled.
		mis := k.misplaced(t, f, fu)
		for _, p := range t.params {
			if p.required && p.ident && f.has(p) && !slices.Contains(mis, p.name) {
				required[t.name]++
				if !p.array {
					fetches[fmt.Sprint(f.args[p.name])] = true
				}
			}
		}
		misValue := map[string]bool{}
		for _, name := range mis {
			misValue[fmt.Sprint(f.args[name])] = true
		}
		missing := 0
		for _, name := range mis {
			if t.byName[name].required {
				missing++
			}
		}
		var name, keyed []int
		pick, looked := fu.pickOf(), false
		for _, p := range t.params {
			if !p.required || f.has(p) {
				continue
			}
			if p.ident && len(p.producers) > 0 && k.byName[p.producers[0].tool] != nil {
				// "the members of team Service Desk": the description
				// says which tool finds the team's id by its name.
				if !looked {
					name, looked = fu.nameTokens(), true
				}
				if len(name) > 0 || pick != "" {
					out[i].Score += 0.2
					continue
				}
				if keys := k.lookupKeys(p, fu); len(keys) > 0 {
					// "the tickets of the user with email X": the tool
					// that finds the user takes the email, so the
					// identifier is not missing and the email has a
					// place, but it is not taken: a tool that takes the
					// email itself ("the user with email X": listUsers,
					// not getUser) needs no lookup.
					keyed = append(keyed, keys...)
					continue
				}
			}
			if at := f.nameOf(p); at >= 0 && len(k.listsOf(t, p)) > 0 {
				// "close the 'v2.0' milestone": the milestones' list
				// finds the number by the name.
				name = append(name, at)
				out[i].Score += 0.2
				continue
			}
			missing++
		}

		out[i].Score -= 0.25 * float64(min(missing, 3))
		if values > 0 {
			taken := 0
			for j := range fu.toks {
				// A name a lookup takes is taken: it finds what the
				// tool needs.
				if (fu.used[j] || slices.Contains(name, j)) && fu.valueToken(j) && !misValue[fu.toks[j].raw] {
					taken++
				}
			}
			out[i].Score += 0.4 * float64(taken) / float64(values)
		}
		// A thing the request names that the tool has nowhere to put
		// ("issues in acme/webapp" for a tool without owner and repo)
		// says it is not the tool asked for.
		out[i].Score -= 0.2 * float64(min(fu.unplacedThings(append(name, keyed...))+len(mis), 2))
		// A tool that can say more of the request: "just the singles
		// from artist X" fits the tool with include_groups=single.
		out[i].Score += 0.1 * float64(min(len(f.args)-len(mis), 3))
		stands := map[string]bool{}
		words := retrieve.Words(t.name)
		for name, v := range f.args {
			p := t.byName[name]
			if p == nil || slices.Contains(mis, name) {
				continue
			}
			for _, st := range p.stems {
				stands[st] = true
			}
			if f.ownNoun[name] {
				// "VLAN 300": the id of this tool's object.
				out[i].Score += 0.2
			}
			// And one whose example writes the values as the request
			// does: PROJ-123 is an issue key like getIssue's "PROJ-12".
			if p.inExample && sameShape(fmt.Sprint(v), p.example) && idLike(fmt.Sprint(v)) {
				out[i].Score += 0.2
			}
			// Or whose prefix names what it takes: "sub_..." is a
			// subscription, not a subscription item.
			switch {
			case prefixNames(fmt.Sprint(v), p, words):
				out[i].Score += 0.2
			case prefixDenies(fmt.Sprint(v), p, words):
				out[i].Score -= 0.2
			}
		}
		out[i].Score += said.toolCover(t, stands) - cover[t.name]
	}
	k.twinsByArguments(out[:min(len(out), 8)], required)
	for i := range out[:min(len(out), 8)] {
		if oneOfMany(k.byName[out[i].Name], filled[out[i].Name], fetches) {
			out[i].Score -= oneOfManyWeight
		}
	}
	sortHits(out)
	if byValue && !takesValue(filled[out[0].Name]) {
		return nil, "", nil
	}
	return out, action, filled
}

// takesValue reports whether f gave an argument one of the request's
// identifiers (idLike: "PAY-142", "C0G9QF9GW").
func takesValue(f *filler) bool {
	if f == nil {
		return false
	}
	for j, t := range f.u.toks {
		if f.u.used[j] && idLike(t.raw) {
			return true
		}
	}
	return false
}

// pluralNamed reports whether a tool's name ends in a plural noun
// (ContainerChanges, getUpdates): what it reads, whatever verb the noun
// shares a stem with.
func pluralNamed(name string) bool {
	ws := retrieve.Words(name)
	return len(ws) > 1 && english.IsPlural(ws[len(ws)-1])
}

// asksQuestion reports whether the request is a question: it ends with a
// question mark, or starts with a question word ("has PR 88 been merged
// yet", "who still needs to review PR 88").
func (u *utterance) asksQuestion() bool {
	if strings.HasSuffix(strings.TrimSpace(u.text), "?") {
		return true
	}
	return len(u.words) > 0 && questionWords[u.words[0].lower]
}

// oneOfManyWeight is what a tool loses that would put the one thing a
// request names into an optional filter of many ids, where another tool
// requires that thing's id.
const oneOfManyWeight = 0.3

// oneOfMany reports whether t would put a value alone into an optional
// list of identifiers (ids: [88231]) that another tool takes as the one
// identifier it requires (fetches): "person 88231" asks for that person,
// and a model calls the tool that fetches one by its id, not the list
// with a filter of one.
func oneOfMany(t *toolSpec, f *filler, fetches map[string]bool) bool {
	if t == nil || f == nil {
		return false
	}
	for _, p := range t.params {
		if !p.array || p.required || !p.ident {
			continue
		}
		v, ok := f.args[p.name]
		if !ok {
			continue
		}
		switch vs := v.(type) {
		case []any:
			if len(vs) == 1 && fetches[fmt.Sprint(vs[0])] {
				return true
			}
		case []string:
			if len(vs) == 1 && fetches[vs[0]] {
				return true
			}
		}
	}
	return false
}

// twinsByArguments tells twins apart by what they take: of tools that
// share a description (one operation on two paths: /user/public_keys for
// the caller, optionally for a user_id, and /users/{user_id}/public_keys),
// each identifier the request gives that one requires and its twin does
// not ("ssh keys of user 4412") gains it twinWeight: the request names
// the parent the one requires. required counts each tool's required
// identifiers filled.
func (k *toolkit) twinsByArguments(out []retrieve.Hit, required map[string]int) {
	least := map[string]int{}
	members := map[string]int{}
	for _, h := range out {
		if d := k.byName[h.Name].twinDesc; d != "" {
			if n, ok := least[d]; !ok || required[h.Name] < n {
				least[d] = required[h.Name]
			}
			members[d]++
		}
	}
	for i, h := range out {
		if d := k.byName[h.Name].twinDesc; d != "" && members[d] > 1 {
			out[i].Score += twinWeight * float64(min(required[h.Name]-least[d], 2))
		}
	}
}

// namedTwins returns the descriptions shared by tools among hits whose
// names differ in a word that is no identifier word: not "id" and not a
// word of one of the tool's own argument names (V1 and V1beta1 differ
// in "beta"; GetUserPublicKeys and GetUsersUserIdPublicKeys only in
// "id" and user_id's words). Such names say which one a request means.
func (k *toolkit) namedTwins(hits []retrieve.Hit) map[string]bool {
	groups := map[string][]*toolSpec{}
	for _, h := range hits {
		t := k.byName[h.Name]
		if d := t.twinDesc; d != "" {
			groups[d] = append(groups[d], t)
		}
	}
	var named map[string]bool
	for d, ts := range groups {
		if len(ts) < 2 {
			continue
		}
		words := make([]map[string]bool, len(ts))
		for i, t := range ts {
			words[i] = map[string]bool{}
			for _, w := range retrieve.Words(t.readName()) {
				words[i][english.Stem(w)] = true
			}
		}
		for i, t := range ts {
			idWords := map[string]bool{"id": true, "ids": true}
			for _, p := range t.params {
				for _, w := range retrieve.Words(p.name) {
					idWords[english.Stem(w)] = true
				}
			}
			for w := range words[i] {
				if idWords[w] {
					continue
				}
				for j := range ts {
					if j != i && !words[j][w] {
						if named == nil {
							named = map[string]bool{}
						}
						named[d] = true
					}
				}
			}
		}
	}
	return named
}

// twinWeight is what a twin gains for each identifier the request gives
// that it requires and its twin does not: as much as a required argument
// left empty costs a tool.
const twinWeight = 0.25

// sharedDesc is a tool's description as twins share it: less the
// example of its arguments, trimmed and in lower case, "" when it has
// none (toolSpec.twinDesc).
func sharedDesc(desc string) string {
	d, _, _ := strings.Cut(desc, "Example:")
	return strings.ToLower(strings.TrimSpace(d))
}

// possessiveValue reports whether the request names whose thing it asks
// for by a value written with 's ("set 09c4e1b7's password", "mia_k's
// gravatar") and says nothing of the caller (my, I).
func (u *utterance) possessiveValue() bool {
	found := false
	for i, t := range u.toks {
		if selfWords[t.lower] {
			return false
		}
		found = found || t.possessive && u.valueToken(i)
	}
	return found
}

// possessedThing is the thing a value written with 's is said to have
// ("channel 927's tags": tags), what the request asks for of the thing
// the value names: the last word of the words that follow it, up to
// three, before a stop word, a value or a clause's end ("artist X's
// most popular songs": songs); "" when none follows (a value, quoted
// text, a stop word or a verb first).
func (u *utterance) possessedThing() string {
	for i, t := range u.toks {
		if !t.possessive || !u.valueToken(i) || i+1 >= len(u.toks) {
			continue
		}
		head := ""
		for j := i + 1; j < len(u.toks) && j <= i+3; j++ {
			n := u.toks[j]
			if n.quoted || u.valueToken(j) {
				break
			}
			if retrieve.IsStopWord(n.lower) {
				if degreeWords[n.lower] && head == "" {
					continue // "X's most popular songs"
				}
				break
			}
			if _, verb := verbClasses[english.Stem(n.lower)]; verb {
				break
			}
			head = n.lower
			if n.clauseEnd {
				break
			}
		}
		return head
	}
	return ""
}

// degreeWords grade the words after them ("most popular"), naming no
// thing.
var degreeWords = map[string]bool{"most": true, "least": true, "more": true, "less": true, "very": true}

// namesThing reports whether a tool's name (as a reader reads it, with
// what its description says it acts on) says the thing w in some form:
// the word, its stem, one of its family, or a compound ending in it.
func (t *toolSpec) namesThing(w string) bool {
	st := english.Stem(w)
	return slices.ContainsFunc(append(retrieve.Words(t.readName()), t.implied...), func(n string) bool {
		return english.Stem(n) == st || related(n, w) || compoundOf(w, n) || slices.Contains(retrieve.Synonyms(st), english.Stem(n))
	})
}

// asksWhoAmI reports whether the request asks who the caller is: "who
// am I (logged in as)".
func (u *utterance) asksWhoAmI() bool { return retrieve.AsksWhoAmI(u.text) }

// namesSelf reports whether a tool's name says it acts on the caller:
// PutMePassword, getCurrentUser, list-for-authenticated-user.
func namesSelf(name string) bool {
	return slices.ContainsFunc(retrieve.Words(name), func(w string) bool {
		switch strings.ToLower(w) {
		case "me", "current", "authenticated", "self", "myself":
			return true
		}
		return false
	})
}

// possessedWeight is what a tool loses whose name does not say the thing
// a possessive asks for (possessedThing): as much as a tool named for the
// caller loses when the request names another's thing.
const possessedWeight = selfWeight

// selfWeight is what a tool named for the caller loses when the request
// names another's thing (see possessiveValue): as much as a tool that
// deletes loses when nobody asked to: the name contradicts the request.
const selfWeight = 1.0

// said holds the words of a request, for comparing with tool names.
type said struct {
	stems, exact map[string]bool
	// syn are the stems of words that mean what a request's word means.
	syn map[string]bool
	// learned are the stems the learned lexicon pairs with a request's
	// word (see lexiconWeight).
	learned map[string]bool
	// common are name words that tell the tools apart little, counted
	// half said (commonWeight).
	common map[string]bool
	// action is the class of the request's verb (requestAction).
	action string
	// whose are the stems that say the current user when the request
	// says "my" or "I": they say whose things, not what things.
	whose map[string]bool
}

// saidWords are the request's words, less its values (the letters of
// PROJ-123 are not the word "project") and the verb that gives its
// action, in one word or several ("get rid of") ("list its items" says nothing of GetRadarValueListItems), plus
// adjacent pairs written as one ("user group" for usergroups) and, when
// the request speaks of "my" things, the words of the current user.
func (k *toolkit) saidWords(u *utterance, action string) said {
	s := said{stems: map[string]bool{}, exact: map[string]bool{}, syn: map[string]bool{}, whose: map[string]bool{},
		learned: map[string]bool{}, action: action}
	verbDone := false
	for _, w := range append(u.askedThing(), u.phraseThings()...) {
		// "who is U061F7AUR" says user in a question word, "what's in
		// folder 12345" its items.
		s.syn[w] = true
	}
	from, to := u.phrasalVerb(action)
	if w := u.undo.word; w != "" {
		// "stop muting" says unmute, the word of usersIdUnmute.
		s.stems[english.Stem(w)], s.exact[w] = true, true
	}
	for i, w := range u.words {
		if u.valueToken(w.tok) || w.stem == "" {
			continue
		}
		if i >= from && i <= to {
			// "get rid of ssh key 901" says nothing of getSshKeysId.
			verbDone = true
			continue
		}
		if !verbDone && imperatives[w.lower] == action && action != "" {
			verbDone = true
			// The verb says the state it brings about, in another
			// word: "resolve" says the Resolved of
			// markScoreCommentResolved.
			s.syn[w.stem] = true
			continue
		}
		s.stems[w.stem] = true
		s.exact[w.lower] = true
		for _, syn := range k.synonyms(w.stem) {
			// "bill" says invoice, in another word.
			s.syn[syn] = true
		}
		for _, rel := range k.relatives(w.stem) {
			// "sort" says sortable, "healthy" health.
			s.syn[rel] = true
		}
		for _, part := range k.compoundParts(w) {
			// "blocklist" says the blocked list.
			s.stems[part] = true
		}
		for _, a := range k.learned(w) {
			s.learned[a] = true
		}
		if i+1 < len(u.words) && u.words[i+1].stem != "" && !u.boundaryAfter(i) && !u.valueToken(u.words[i+1].tok) {
			pair := w.lower + u.words[i+1].lower
			s.exact[pair] = true
			s.stems[english.Stem(pair)] = true
		}
		if selfWords[w.lower] {
			// "my devices" are the current user's: getUsersDevices,
			// list-for-authenticated-user.
			for _, x := range []string{"user", "me", "current", "authenticated", "self", "own"} {
				s.whose[x] = true
			}
		}
	}
	if u.asksCount() {
		// "how many users" asks for a count: getUsersCount says it.
		s.stems["count"], s.exact["count"] = true, true
	}
	return s
}

// asksCount reports whether the request asks how many things there are:
// "how many", "the number of", or "count" said as a word.
func (u *utterance) asksCount() bool {
	for i, w := range u.words {
		switch {
		case w.lower == "count" || w.lower == "counts":
			return true
		case i > 0 && w.lower == "many" && u.words[i-1].lower == "how",
			i > 0 && w.lower == "of" && u.words[i-1].lower == "number":
			return !u.boundaryAfter(i - 1)
		}
	}
	return false
}

// phrasalVerb is the span of words of a verb of several words that says
// the request's action ("get rid of" deletes), or -1, -2 when there is
// none: its words are the verb's, not the object's. ("set up" is left
// out: "webhooks set up on org X" is no order to create.)
func (u *utterance) phrasalVerb(action string) (from, to int) {
	if u.undo.word != "" {
		// "stop muting", "undo the retweet": the undoing's words say
		// its action (see undoing).
		return u.undo.from, u.undo.to
	}
	for i := 0; i+1 < len(u.words); i++ {
		a, b := u.words[i].lower, u.words[i+1].lower
		if a == "get" && b == "rid" && action == "delete" {
			if i+2 < len(u.words) && u.words[i+2].lower == "of" {
				return i, i + 2
			}
			return i, i + 1
		}
	}
	return -1, -2
}

// nameCover is the share of a tool name's words, less its first verb,
// stop words and words most of the tools' names share (unless said),
// that the request says: 1 for the word, 0.75 for another
// form of it ("teams" for getTeam), 0.5 for one of its family ("remind"
// for reminders), a synonym ("bill" for invoice) or a word an argument
// filled from the request stands for (filled holds their stems), less
// unsaidCost for each of those words the request does not say in any
// way (at most three): a qualifier ("Preview", "Paginated", "ForTeam")
// or a namespace ("admin_") says the tool does more, or other, than was
// asked, and a model prefers the tool that says no more than the request.
func (s said) nameCover(name string, filled map[string]bool) float64 {
	return s.cover(name, nil, filled, false)
}

// toolCover is nameCover of a tool's name read with what its description
// says it acts on when the name ends with its verb (toolSpec.implied):
// each of those words the request says counts as a word of the name
// ("delete message X": chat_delete, "Deletes a message."), one it does
// not say counts for nothing, as the name did not say it.
func (s said) toolCover(t *toolSpec, filled map[string]bool) float64 {
	return s.cover(t.readName(), t.implied, filled, t.purpose != "")
}

// cover is toolCover; ownVerb says the name's first word is its verb
// though the table does not know it (toolSpec.purpose).
func (s said) cover(name string, implied []string, filled map[string]bool, ownVerb bool) float64 {
	var words, unsaid, what int
	var found float64
	for _, w := range implied {
		st := english.Stem(w)
		switch {
		case s.exact[w]:
			found++
		case s.stems[st]:
			found += 0.75
		default:
			continue
		}
		words++
		what++
	}
	verbSeen, prevUnsaid, qualified := false, false, false
	nameWords := retrieve.Words(name)
	method := len(nameWords) > 0 && httpVerbs[nameWords[0]]
	for i, w := range nameWords {
		st := english.Stem(w)
		if len(w) < 2 || retrieve.IsStopWord(w) {
			continue
		}
		if _, verb := verbClasses[st]; verb && !verbSeen || ownVerb && i == 0 {
			verbSeen, prevUnsaid = true, false
			continue
		}
		if s.common[st] && !s.exact[w] && !s.stems[st] && !filled[st] {
			// A word most names share says little, but something.
			words++
			found += commonWeight
			continue
		}
		words++
		if _, isVerb := verbClasses[st]; isVerb && method && s.action != "" && verbClasses[st] == s.action {
			// The request's verb, said in a name that starts with the
			// HTTP method: postListsIdMembersHashActionsDeletePermanent
			// for "delete".
			found++
			what++
			prevUnsaid = false
			continue
		}
		// The identifier word of an argument the tool filled (the Id of
		// UsersUserIdPublicKeys once user_id took "user 4412", of
		// ProjectsIdIssues once id did) is that argument: said, and no
		// qualifier of what follows, while a word of a filled
		// argument's name that the request did not say still qualifies
		// (the Scheduled of deleteScheduledMessage for "message X").
		filledID := idWords[w] && (filled[st] || i > 0 && filled[english.Stem(nameWords[i-1])])
		saidIt := s.exact[w] || s.stems[st] || s.agentOf(st)
		// A word the request does not say (and no verb) right before
		// one it says, after the verb, qualifies the thing asked for
		// (deleteScheduledMessage for "delete message X").
		qualified = qualified || saidIt && prevUnsaid && verbSeen
		// A verb written as a participle ("Connected", "Archived")
		// qualifies the noun after it like any other adjective.
		_, isVerb := verbClasses[st]
		isVerb = isVerb && !participle(w)
		// A word most names share qualifies nothing: unsaid, it
		// counts half said (commonWeight), and an argument filled
		// from the request that stands for it (the Node of
		// nodeBalancerId in getNodeBalancer, the Workspace of
		// workspace) must not make it cost the tool more than saying
		// nothing would.
		prevUnsaid = !saidIt && !isVerb && !s.whose[st] && !s.related(w) && !s.syn[st] && !filledID && !s.common[st]
		switch {
		case s.exact[w]:
			found++
			what++
		case s.stems[st] || s.agentOf(st):
			found += 0.75
			what++
		case s.whose[st]:
			found += 0.75
		case s.related(w) || filled[st] || filledID || filledFamily(filled, st) || s.syn[st]:
			found += 0.5
		case s.learned[st]:
			found += lexiconWeight
		default:
			unsaid++
		}
	}
	if words == 0 {
		return 0
	}
	if what == 0 {
		// "workspaces I have access to" are not users: "my" and "I"
		// say whose things, next to a word that says what things.
		found = 0
	}
	score := found/float64(words) - unsaidCost*float64(min(unsaid, 3))
	if qualified {
		score -= qualifierCost
	}
	return score
}

// agentOf reports whether the name word with stem st is the agent noun
// of a verb the request says: "who owns bucket X" asks for its Owners,
// "who follows X" for the followers.
func (s said) agentOf(st string) bool {
	verb, ok := strings.CutSuffix(st, "er")
	return ok && len(verb) >= 3 && s.stems[verb]
}

// filledFamily reports whether a filled argument's word is of the same
// family as the name word st: repo_slug stands for Repositories.
func filledFamily(filled map[string]bool, st string) bool {
	for f := range filled {
		if related(f, st) {
			return true
		}
	}
	return false
}

// qualifierCost is what a tool loses, beyond unsaidCost, when its name
// qualifies the thing the request names with a word the request does not
// say (deleteScheduledMessage for "delete message X"): a model takes the
// plain tool (chat_delete, "Deletes a message.") for a plain request.
const qualifierCost = 0.5

// lexiconWeight is what a name word counts for when the request says
// only a word the learned lexicon pairs with it ("bill" for invoice where
// no hand-written synonym says so): half a synonym, and it is not unsaid.
const lexiconWeight = 0.25

// unsaidCost is what each word of a tool's name that the request does
// not say costs the tool (see nameCover).
const unsaidCost = 0.15

// related reports whether the request has a word of the same family as
// w: one starts the other and the shorter has at least four letters
// ("remind" and "reminders", "react" and "reactions").
func (s said) related(w string) bool {
	for x := range s.exact {
		if related(x, w) || compoundOf(x, w) {
			return true
		}
	}
	return false
}

func related(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	return len(a) >= 4 && strings.HasPrefix(b, a)
}

// compoundOf reports whether the request's word x is a compound whose
// last part is the name word w ("webhooks" for hooks, "subnets" for
// nets): an English compound names a kind of its last part.
func compoundOf(x, w string) bool {
	x, w = english.Stem(x), english.Stem(w)
	return len(w) >= 4 && len(x) >= len(w)+3 && strings.HasSuffix(x, w)
}

// sortHits orders hits by score, keeping the order of equal ones.
func sortHits(out []retrieve.Hit) {
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Score > out[j-1].Score; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
}

// requestText is the text of a user message.
func requestText(m *schema.Message) string {
	if m.Content != "" {
		return m.Content
	}
	var parts []string
	for _, part := range m.UserInputMultiContent {
		if part.Type == schema.ChatMessagePartTypeText {
			parts = append(parts, part.Text)
		}
	}
	return strings.Join(parts, " ")
}
