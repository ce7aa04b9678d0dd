package graph

import (
	"strings"
	"testing"
)

func TestHints(t *testing.T) {
	api := exampleAPI(t)
	g := Infer(api, Options{})
	if h := Hints(g, api); len(h) != 0 {
		t.Errorf("hints from proposed edges: %v", h)
	}
	g.SetStatusAbove(0, Approved)
	// The example API's createUser makes users, but only reads are named:
	// a model looks an existing user up.
	if err := g.SetStatus("listTeamMembers", "createTicket", Rejected); err != nil {
		t.Fatal(err)
	}
	h := Hints(g, api)
	got := h["createTicket"]["requester_id"]
	if !strings.HasPrefix(got, "Find it with listUsers (`items[].id`)") || strings.Contains(got, "createUser") || strings.Contains(got, "listTeamMembers") {
		t.Errorf("createTicket.requester_id: %q", got)
	}
	for tool, inputs := range h {
		for input, hint := range inputs {
			if strings.Count(hint, " or ")+1 > MaxHintProducers || strings.Contains(hint, tool+" (") {
				t.Errorf("%s.%s: %q names too many producers or the tool itself", tool, input, hint)
			}
		}
	}
	if got := HintPath("$[*].id"); got != "[].id" {
		t.Errorf("HintPath: %q", got)
	}
}
