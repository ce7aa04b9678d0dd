package classify

import (
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/cases"
)

func TestAsks(t *testing.T) {
	for text, want := range map[string]bool{
		"Which ticket do you mean?":                      true,
		"Sure. What should the title be?\n":              true,
		"Please provide the ticket ID.":                  true,
		"Could you tell me the user's email":             true,
		"Let me know which team.":                        true,
		"Ticket TCK-1 is open and assigned to Ada.":      false,
		"I cannot do that, sorry.":                       false,
		"The list is at /tickets?page=2 if you want it.": false,
		"": false,
		"Do you want the “open” ones?” I asked.":    true,
		"Here is the ticket (did you mean TCK-1?).": true,
		"I have closed the ticket as you asked":     false,
		// A tool result quoted in the answer is not the agent asking.
		"Here is what listTickets returned:\n200 OK\n{\"title\":\"Why does Outlook ask again?\"}": false,
		"Here it is:\n{\"note\":\"please provide a receipt\"}\nAnything else?":                    false,
	} {
		if got := Asks(text); got != want {
			t.Errorf("Asks(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestNamesArg(t *testing.T) {
	for _, c := range []struct {
		text, arg string
		want      bool
	}{
		{"What is the ticket ID?", "ticketId", true},
		{"Which ticket do you mean?", "ticketId", true},
		{"What's the ticket number?", "ticketId", true},
		{"What priority should the ticket get?", "ticketId", false},
		{"What priority should the ticket get?", "priority", true},
		{"Which user is the requester?", "requester_id", false},
		{"Who is the requester? Please give the requester ID.", "requester_id", true},
		{"What should I search for?", "q", false},
	} {
		if got := namesArg(c.text, c.arg); got != c.want {
			t.Errorf("namesArg(%q, %s) = %v, want %v", c.text, c.arg, got, c.want)
		}
	}
}

// TestAskedForNamed checks that a question for an identifier the request
// of a multi-step case named says which item the user named and which
// tool gives its id: what a user needs to see why asking was wrong.
func TestAskedForNamed(t *testing.T) {
	c := New(nil, Options{})
	tc := &cases.Case{ID: "assign/chain", Tool: "assign", Args: map[string]any{"user_id": "u-7"},
		Steps: []cases.Step{{Tool: "listUsers", Feeds: []cases.Feed{{To: "assign", Input: "user_id", Value: "u-7",
			Label: &cases.Label{Field: "name", Value: "Ada Lovelace"}}}}, {Tool: "assign"}}}
	var l labeler
	c.askedGiven(&l, tc, "To use assign I need the user id. What should I use?", false)
	got := l.labels()
	if len(got) != 1 || got[0].Class != AskedForGiven {
		t.Fatalf("labels %+v, want one %s", got, AskedForGiven)
	}
	want := "`user_id` = \"u-7\" is the id of the item whose name is \"Ada Lovelace\", which listUsers gives"
	if !strings.Contains(got[0].Evidence, want) {
		t.Errorf("evidence %q lacks %q", got[0].Evidence, want)
	}
}
