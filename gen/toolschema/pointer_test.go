package toolschema

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/load"
	"github.com/agentready/agentready/gen/lower"
)

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

// Pointers lists, by tool and argument, the pointer sentence each
// definition shows, and the definition shows exactly that text.
func TestPointersAreWhatDefinitionsShow(t *testing.T) {
	doc, err := load.File(filepath.Join("..", "..", "specs", "exampleapi", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	api, _ := lower.Lower(doc, lower.Options{})
	ps := Pointers(api)
	if got := ps["getUser"]["userId"]; got != "Find it with listUsers (filter by email or q)." {
		t.Fatalf("getUser.userId pointer %q", got)
	}
	for _, op := range api.Operations {
		schema, err := Build(api, op, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for arg, p := range ps[op.Name] {
			if !strings.Contains(string(schema), p) {
				t.Errorf("%s.%s: the definition does not show the pointer %q", op.Name, arg, p)
			}
		}
	}
}
