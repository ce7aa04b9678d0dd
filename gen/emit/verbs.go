package emit

import (
	"strings"
)

// apiVerbs are the verbs operation summaries start with ("Get a
// repository", "List all charges"). A summary that starts with one reads
// as a Go doc sentence in the third person: "ReposGet gets a repository."
var apiVerbs = map[string]bool{}

func init() {
	for _, v := range strings.Fields(`accept add apply approve archive assign attach authorize block bulk
		calculate cancel capture change check clone close compare configure confirm connect convert copy count
		create deactivate activate delete deploy deregister detach disable dismiss download edit enable evaluate
		exchange execute export fetch finalize find follow generate get grant import install invite invoke join
		leave link list load lock look lookup mark merge modify move mute notify open patch pause pay pin post
		preview publish put query read reapprove redeliver refresh refund register reject release remove rename
		render reopen replace reply report request rerun re-run reserve reset resolve restore resume retrieve
		return revoke run save schedule search send set share star start stop store submit subscribe suspend
		sync test transfer trigger unarchive unassign unblock uninstall unlink unlock unmute unpin unpublish
		unregister unstar unsubscribe unsuspend update upload upsert validate verify view void watch`) {
		apiVerbs[v] = true
	}
}

// thirdPerson conjugates an imperative verb: get -> gets, search ->
// searches, verify -> verifies.
func thirdPerson(v string) string {
	switch {
	case v == "do" || v == "go":
		return v + "es"
	case strings.HasSuffix(v, "s") || strings.HasSuffix(v, "x") || strings.HasSuffix(v, "z") ||
		strings.HasSuffix(v, "ch") || strings.HasSuffix(v, "sh"):
		return v + "es"
	case strings.HasSuffix(v, "y") && len(v) > 1 && !strings.ContainsRune("aeiou", rune(v[len(v)-2])):
		return v[:len(v)-1] + "ies"
	}
	return v + "s"
}

// summarySentence makes an operation's summary the first sentence of its
// method's doc comment, starting with the method's name.
func summarySentence(goName, summary string) string {
	summary = strings.TrimRight(strings.TrimSpace(summary), ".")
	words := strings.Fields(summary)
	if len(words) == 0 {
		return ""
	}
	first := strings.ToLower(words[0])
	rest := strings.Join(words[1:], " ")
	switch {
	case apiVerbs[first]:
		return strings.TrimSpace(goName + " " + thirdPerson(first) + " " + rest + ".")
	case apiVerbs[strings.TrimSuffix(first, "s")] || apiVerbs[strings.TrimSuffix(first, "es")] ||
		strings.HasSuffix(first, "ies") && apiVerbs[strings.TrimSuffix(first, "ies")+"y"]:
		return strings.TrimSpace(goName + " " + first + " " + rest + ".")
	}
	return goName + " is the operation \"" + summary + "\"."
}
