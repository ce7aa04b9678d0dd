package baseline

import (
	"slices"
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// Grammatical number: whether a request asks for many things or for one,
// and whether a tool's name says it acts on many or on one. A model reads
// "show the comments on task 12" as a list of comments, not the task,
// and "create a bug" as one issue, not a bulk create.
const (
	numberUnknown = 0
	numberMany    = 1
	numberOne     = -1
)

// numberWeight is what a tool gains when the request says its noun in
// the tool's number, and loses when it asks for the other number.
const numberWeight = 0.3

// numberFit scores a tool's number against the request's (number is
// requestNumber's): when the request says the tool's noun, the number it
// says it in costs the tool numberWeight when it is the other ("project
// OPS" is one project, not getAllProjects) and gains it as much when it
// is the tool's and the noun is the request's object ("look up action
// 12", not "the tickets of user X"); when it does not, only the other number costs
// ("latest installments of podcast X" is not get-a-show, but nothing
// says it is any one tool that lists).
func numberFit(u *utterance, action string, number int, name string) float64 {
	tn, head := toolNumber(name)
	if tn == numberUnknown {
		return 0
	}
	if n, at := u.numberOf(head); n != numberUnknown {
		switch start, end := u.object(action); {
		case n != tn:
			return -numberWeight
		case at >= start && at < end:
			return numberWeight
		}
		// "the tickets of user X" is not about one user: the noun
		// said after a preposition gains the tool nothing.
		return 0
	}
	if number != numberUnknown && number != tn {
		return -numberWeight
	}
	return 0
}

// massNouns end in s but name one thing of a tool (getUserDetails,
// getSettings): they say nothing of number.
var massNouns = map[string]bool{"details": true, "settings": true, "data": true, "metadata": true, "contents": true,
	"info": true, "news": true, "stats": true, "statistics": true, "preferences": true, "permissions": true, "status": true}

// objectPrepositions end the noun a name or a request acts on:
// getStoriesForTask acts on stories, "comments on task 12" are comments.
var objectPrepositions = map[string]bool{"for": true, "by": true, "in": true, "of": true, "on": true, "with": true,
	"from": true, "to": true, "if": true, "and": true, "or": true, "at": true, "into": true, "about": true, "under": true}

// listVerbs are name words that say a tool returns many things
// (files_list, searchIssues).
var listVerbs = map[string]bool{"list": true, "lists": true, "search": true, "query": true, "browse": true}

// relatives start a clause that says more of the object ("the pr that
// comes from ..."): its verbs are not the object's nouns.
var relatives = map[string]bool{"that": true, "which": true, "who": true, "whose": true, "where": true, "whom": true}

// toolNumber reads a tool's name for the number of things it acts on:
// many when its verb lists or searches, or when the noun after its verb
// (up to a preposition: getStoriesForTask) is plural; one when that noun
// is singular (getTask, get-an-artist, createIssue); unknown when
// the name says no noun after its verb (pulls/get) or only a mass noun
// (details, settings).
func toolNumber(name string) (int, string) {
	verbSeen := false
	head := ""
	words := retrieve.Words(name)
	known := slices.ContainsFunc(words, func(w string) bool { _, ok := verbClasses[english.Stem(w)]; return ok })
	// A listing word is the name's verb only when no verb comes before
	// it (searchIssues, files_list): in getListsIdSegmentsId "lists" is
	// the noun of a path, the Lists that hold segments.
	lists := false
	for _, w := range words {
		if listVerbs[w] {
			lists = true
			break
		}
		if _, isVerb := verbClasses[english.Stem(w)]; isVerb && !english.IsPlural(w) {
			break
		}
	}
	prev := ""
	for i, w := range words {
		_, isVerb := verbClasses[english.Stem(w)]
		if isVerb && !verbSeen || i == 0 && !known {
			// A name with no verb the table knows starts with its verb
			// (lockDeploy, rollbackSiteDeploy).
			verbSeen = true
			continue
		}
		if isVerb && !verbSeen {
			verbSeen = true
			continue
		}
		if !verbSeen {
			continue
		}
		if objectPrepositions[w] {
			break
		}
		if len(w) > 1 && !retrieve.IsStopWord(w) && !isVerb && !participle(w) {
			// get-followed and check-current-user-follows name no
			// thing by their verbs, getFiltersPaginated none by a
			// qualifier.
			if w != "id" {
				prev = w
			}
			head = w
		}
	}
	switch {
	case head == "id" && prev != "" && words[len(words)-1] == "id":
		// A path's name ending in an id acts on one thing, the one
		// before it: getListsIdSegmentsId gets a segment.
		return numberOne, english.Stem(prev)
	case lists:
		// listTicketsForUser: many tickets, whatever the noun's form.
		if head == "" {
			return numberMany, ""
		}
		return numberMany, english.Stem(head)
	case head == "" || massNouns[head]:
		return numberUnknown, ""
	case english.IsPlural(head):
		return numberMany, english.Stem(head)
	}
	return numberOne, english.Stem(head)
}

// quantifiers say many of a singular noun: "every workspace".
var quantifiers = map[string]bool{"every": true, "each": true, "all": true, "any": true}

// object is the span of words that say what a request acts on: those
// after its verb (or from its start), at most five, up to a preposition,
// a relative pronoun, a value or the end of the clause.
func (u *utterance) object(action string) (start, end int) {
	for i, w := range u.words {
		if action != "" && imperatives[w.lower] == action {
			start = i + 1
			break
		}
	}
	end = start
	for end < len(u.words) && end < start+5 {
		w := u.words[end]
		if w.stem == "" || u.valueToken(w.tok) || objectPrepositions[w.lower] || relatives[w.lower] {
			break
		}
		end++
		if u.boundaryAfter(end - 1) {
			break
		}
	}
	return start, end
}

// modifier reports whether word i qualifies the noun after it ("build
// hooks", "payment intent's"), rather than naming the thing itself.
func (u *utterance) modifier(i int) bool {
	if i+1 >= len(u.words) || u.boundaryAfter(i) {
		return false
	}
	next := u.words[i+1]
	if raw := u.toks[next.tok].raw; strings.ToLower(raw) != raw {
		// "project OPS", "team Service Desk": a name follows.
		return false
	}
	return next.stem != "" && !u.valueToken(next.tok) && !retrieve.IsStopWord(next.lower) && !objectPrepositions[next.lower]
}

// numberOf is the number in which the request says the noun whose stem
// is head: "project OPS" is one project, whatever else it asks for many
// of, and "every workspace" many; with the word's position. It is
// unknown when the request does not say the noun, or
// says it only to qualify another noun ("the build hooks").
func (u *utterance) numberOf(head string) (int, int) {
	for i, w := range u.words {
		if head != "" && w.stem == head && !u.valueToken(w.tok) && !u.modifier(i) {
			if english.IsPlural(w.lower) || i > 0 && quantifiers[u.words[i-1].lower] {
				return numberMany, i
			}
			return numberOne, i
		}
	}
	return numberUnknown, -1
}

// requestNumber reads a request for the number of things it asks about:
// many for "how many", "all" or "every", or when a word of its object
// (the words after its verb, or from its start, up to a preposition or
// a value: "the comments on task 12", "latest installments of podcast
// X") is plural; one when that object starts with "a", "an" or "one"
// and says no plural ("open an issue", "create a bug"); else unknown.
func requestNumber(u *utterance, action string) int {
	for i, w := range u.words {
		if i > 0 && (u.words[i-1].lower == "how" && w.lower == "many") {
			return numberMany
		}
		if quantifiers[w.lower] && w.lower != "any" {
			return numberMany
		}
	}
	one := false
	start, end := u.object(action)
	for i := start; i < end; i++ {
		w := u.words[i]
		switch {
		case w.lower == "a" || w.lower == "an" || w.lower == "one":
			one = true
		case retrieve.IsStopWord(w.lower) || politeness[w.lower] || massNouns[w.lower]:
		case english.IsPlural(w.lower):
			return numberMany
		}
	}
	if one || start > 0 && start == end && u.oneValueAt(start) {
		return numberOne
	}
	return numberUnknown
}

// oneValueAt reports whether word i is a value said alone, the object of
// the verb before it: "delete 3c2b1a09-... from the library" acts on one
// thing, "delete X and Y" (or "X, Y") on several.
func (u *utterance) oneValueAt(i int) bool {
	if i >= len(u.words) || !u.valueToken(u.words[i].tok) {
		return false
	}
	j := i + 1
	for j < len(u.words) && u.words[j].tok == u.words[i].tok {
		j++ // the words of one value: 3c2b1a09-8f7e-...
	}
	return j == len(u.words) || u.words[j].lower != "and" && !u.valueToken(u.words[j].tok)
}

// participle reports whether a name word reads as a verb's past
// participle (paginated, followed, archived): it qualifies the noun
// before it and is no noun itself.
func participle(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ed")
}
