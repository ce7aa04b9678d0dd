package baseline

import (
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// undoing is how a request asks to undo an action that a tool's name
// undoes in one word: "stop muting 783214" asks for usersIdUnmute,
// "undo the retweet of X" for usersIdUnretweets, "take back my like on
// X" for usersIdUnlike. A model reads "stop V-ing", "undo the V" and
// "take back the V" as un-V; the baseline, which matches words, found
// the tool that does V itself (usersIdMute), whose name says the word.
type undoing struct {
	// word is the tool-name word that undoes the action, in lower
	// case ("unmute"); "" when the request undoes nothing a tool's
	// name undoes.
	word string
	// from, to are the request's words that say the undoing ("stop
	// muting", "undo the retweet"): they say the action, not a thing.
	from, to int
}

// undoWords are the verbs that undo the action named after them within a
// few words ("undo the retweet of X", "revert 2244994945's like").
var undoWords = map[string]bool{"undo": true, "reverse": true, "revert": true, "retract": true, "withdraw": true}

// undoSpan is how many words after an undoing verb may name the action it
// undoes: an article, an owner and a value between ("take back
// 2244994945's like").
const undoSpan = 4

// undoers maps the stem of each action a given tool's name undoes in one
// word to that word: "mut" (of mute, muting) to "unmute" for
// usersIdUnmute. A name word is such a word when it is "un" and at least
// three letters more; which words those are is left to the request,
// which must say the action after an undoing verb.
func undoers(names []string) map[string]string {
	out := map[string]string{}
	for _, name := range names {
		for _, w := range retrieve.Words(name) {
			w = strings.ToLower(w)
			if rest, ok := strings.CutPrefix(w, "un"); ok && len(rest) >= 3 {
				if _, known := out[english.Stem(rest)]; !known {
					out[english.Stem(rest)] = w
				}
			}
		}
	}
	return out
}

// undoing reads the request's undoing of an action a given tool's name
// undoes (see undoing): "stop" and a gerund ("make 2244994945 stop
// following 783214"), an undoing verb (undoWords) or "take back", then
// within undoSpan words of the same clause the action's word. A verb
// after a preposition or determiner is a noun ("the stop") and undoes
// nothing.
func (k *toolkit) undoing(u *utterance) undoing {
	if len(k.undoers) == 0 {
		return undoing{}
	}
	for i, w := range u.words {
		from, span, gerund := i, 0, false
		switch {
		case w.lower == "stop":
			span, gerund = 1, true
		case undoWords[w.lower]:
			span = undoSpan
		case w.lower == "back" && i > 0 && u.words[i-1].lower == "take":
			from, span = i-1, undoSpan
		}
		if span == 0 || from > 0 && (prepositions[u.words[from-1].lower] || determiners[u.words[from-1].lower]) {
			continue
		}
		for j := i + 1; j <= i+span && j < len(u.words); j++ {
			if u.boundaryAfter(j - 1) {
				break
			}
			x := u.words[j]
			if gerund && !strings.HasSuffix(x.lower, "ing") {
				break
			}
			if x.stem == "" || u.valueToken(x.tok) {
				continue
			}
			if un, ok := k.undoers[x.stem]; ok {
				return undoing{word: un, from: from, to: j}
			}
		}
	}
	return undoing{}
}

// action is the class of the action an undoing asks for: that of its
// word when the verb table knows it (unfollow), else delete: undoing a
// mute deletes it (DELETE .../muting/{target_user_id}).
func (d undoing) action() string {
	if c, ok := verbClasses[english.Stem(d.word)]; ok {
		return c
	}
	return "delete"
}
