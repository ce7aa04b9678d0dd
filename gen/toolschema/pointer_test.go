package toolschema

import "testing"

// An argument's description keeps, after its brief first sentence, the
// sentence that names another operation as the value's source; a word
// that only spells an operation called in plain English does not count.
func TestPointerOf(t *testing.T) {
	ops := map[string]bool{"listUsers": true, "search": true, "repos/list-branches": true, "getUser": true}
	for desc, want := range map[string]string{
		"The user's id, a UUID. Find it with listUsers (filter by `email` or `q`).": "Find it with listUsers (filter by email or q).",
		"The branch. One of the names repos/list-branches returns.":                 "One of the names repos/list-branches returns.",
		"The user's id. Use search to find one.":                                    "",
		"The id; see listUsers.":                                                    "",
		"The id of a user. Any user works.":                                         "",
		"":                                                                          "",
	} {
		if got := pointerOf(desc, func(w string) bool { return ops[w] }); got != want {
			t.Errorf("pointerOf(%q) = %q, want %q", desc, got, want)
		}
	}
}
