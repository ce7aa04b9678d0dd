package baseline

import (
	"strings"

	"github.com/agentready/agentready/harness/retrieve"
	"github.com/agentready/agentready/internal/english"
)

// directionWeight is what a tool loses whose name says the request's
// verb from the other side: the doers of it when the request asks what
// someone does it to, or the other way round.
const directionWeight = 0.75

// Who acts on whom, as the request's grammar says it.
const (
	asksAgent  = 'a' // "who follows X", "users who liked tweet T"
	asksObject = 'o' // "who does X follow", "accounts X follows", "tweets liked by X"
)

// subjects are the pronouns that, right before a verb, say who does it.
var subjects = map[string]bool{"i": true, "you": true, "we": true, "they": true, "he": true, "she": true}

// verbRoles reads, for each verb of the request (by stem), which side of
// it the request asks for: the doer when "who", "that" or "which" comes
// right before the verb written finite ("who follows X", "users that
// liked T"); what is done to when a value or a pronoun comes right before
// it ("who does 783214 follow", "accounts X follows") or when it is a
// participle followed by "by" ("tweets liked by X").
func (u *utterance) verbRoles() map[string]byte {
	var roles map[string]byte
	set := func(st string, r byte) {
		if roles == nil {
			roles = map[string]byte{}
		}
		roles[st] = r
	}
	for i := 1; i < len(u.words); i++ {
		w, prev := u.words[i], u.words[i-1]
		if w.stem == "" || u.valueToken(w.tok) || retrieve.IsStopWord(w.lower) {
			continue
		}
		finite := strings.HasSuffix(w.lower, "s") || strings.HasSuffix(w.lower, "ed")
		switch {
		case (prev.lower == "who" || prev.lower == "that" || prev.lower == "which") && finite:
			set(w.stem, asksAgent)
		case u.valueToken(prev.tok) || subjects[prev.lower]:
			set(w.stem, asksObject)
		case strings.HasSuffix(w.lower, "ed") && i+1 < len(u.words) && u.words[i+1].lower == "by":
			set(w.stem, asksObject)
		}
	}
	return roles
}

// direction is -1 when the name says a verb of the request from the side
// the request does not ask for: the verb's agent noun (Followers) or its
// present participle before a noun (LikingUsers) name the doers, wrong
// when the request asks what they do it to; its past participle before
// its noun (LikedTweets) or a gerund that ends the name
// (usersIdFollowing) name what is done to, wrong when the request asks
// who does it. It is 1 when the name says one as a participle from the
// side the request asks for ("who does X follow": usersIdFollowing;
// "posts starred by X": StarredPosts): there the word names things, it
// orders no action, and the tool reads. It is 0 otherwise.
func direction(name string, roles map[string]byte) int {
	if len(roles) == 0 {
		return 0
	}
	for_ := 0
	words := retrieve.Words(name)
	for j, nw := range words {
		nw = strings.ToLower(nw)
		st := english.Stem(nw)
		if verb, ok := strings.CutSuffix(st, "er"); ok && len(verb) >= 3 && roles[verb] == asksObject {
			return -1
		}
		r := roles[st]
		switch {
		case r == 0:
		case strings.HasSuffix(nw, "ing") && j < len(words)-1:
			if r == asksObject {
				return -1
			}
			for_ = 1
		case strings.HasSuffix(nw, "ed") && j < len(words)-1 && nounFollows(words[j+1]) || strings.HasSuffix(nw, "ing") && j == len(words)-1:
			if r == asksAgent {
				return -1
			}
			for_ = 1
		}
	}
	return for_
}

// nounFollows reports whether the name word w, after a participle, is the
// noun it qualifies: LikedTweets' Tweets, not the By of
// getCardsMembersVotedByIdCard nor an identifier word (a participle that
// ends the name or follows its noun says what that noun did: the
// Unsubscribed of getReportsIdUnsubscribed are the ones who unsubscribed).
func nounFollows(w string) bool {
	w = strings.ToLower(w)
	return w != "id" && !retrieve.IsStopWord(w)
}
