package run_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/models"
	"github.com/agentready/agentready/harness/run"
	"github.com/agentready/agentready/specs/exampleapi/server"
)

// askCase is an ask case: its first message leaves out the withheld
// argument, which the simulated user gives in reply.
func askCase(id, tool string, args map[string]any, utterance, withheld, reply string) cases.Case {
	c := newCase(id, tool, args, utterance)
	c.Scenario = cases.Ask
	c.Withheld = []cases.Withheld{{Arg: withheld, Reply: reply}}
	return c
}

// TestAskCases drives the ReAct agent through multi-turn cases with
// scripted turns against the example API: an agent that asks, gets the
// simulated user's reply and then calls right passes; one that guesses
// the withheld value, answers with another tool instead of asking, or asks for a value the user gave (in an ask case
// and in a single-turn one), is labelled; one that neither asks nor
// calls did not identify the tool.
func TestAskCases(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	scs, ids := askScenarios(t, cat)
	mine, other := ids[0], ids[1]
	reply := "It's " + mine + "."
	recs := runScenarios(t, filepath.Join(t.TempDir(), "ask"), scs, run.Options{Catalog: cat, Parallel: 2})
	for _, r := range recs {
		users := userMessages(r.Agent)
		switch r.Case {
		case "getTicket/asks":
			// The reply is in the conversation, between the question and the call.
			roles := []string{"system", "user", "assistant", "user", "assistant", "tool", "assistant"}
			if got := messageRoles(r.Agent); strings.Join(got, " ") != strings.Join(roles, " ") {
				t.Errorf("%s: messages %v, want %v", r.Case, got, roles)
			}
			if len(users) != 2 || users[1] != reply || r.Utterance != "Show me the ticket." {
				t.Errorf("%s: user said %q (utterance %q)", r.Case, users, r.Utterance)
			}
		case "getTicket/guesses":
			l := r.Labels[0]
			if !strings.Contains(l.Evidence, other) || len(l.Params) != 1 || l.Params[0] != "ticketId" {
				t.Errorf("%s: label %+v", r.Case, l)
			}
			if len(users) != 2 {
				t.Errorf("%s: the user did not answer the guess's text: %q", r.Case, users)
			}
		case "getTicket/answers-otherwise":
			if len(r.Labels) == 0 {
				continue // runScenarios said which label is missing
			}
			l := r.Labels[0]
			if !strings.Contains(l.Evidence, "answered with listTickets") || len(l.Params) != 1 || l.Params[0] != "ticketId" {
				t.Errorf("%s: label %+v", r.Case, l)
			}
		case "searchTickets/asks-given":
			l := r.Labels[0]
			if len(l.Params) != 1 || l.Params[0] != "limit" || !strings.Contains(l.Evidence, "What limit") || !strings.Contains(l.Evidence, "= 5") {
				t.Errorf("%s: label %+v", r.Case, l)
			}
		case "getTicket/silent":
			// One reply only: the agent did not ask again.
			if len(users) != 2 {
				t.Errorf("%s: user said %q", r.Case, users)
			}
		case "getTicket/asks-given":
			if len(users) != 1 || !strings.Contains(r.Labels[0].Evidence, "Please provide the ticket ID") {
				t.Errorf("%s: user said %q; label %+v", r.Case, users, r.Labels[0])
			}
		}
	}
}

// The simulated user answers at most twice: again only when the agent
// asks again without having called the tool.
func TestAskCaseRepliesTwiceAtMost(t *testing.T) {
	api := exampleAPI(t)
	url := startExample(t, -1)
	cat := newCatalog(t, api, url, server.DefaultAdminToken)
	listTickets, ok := cat.Tool("listTickets")
	if !ok {
		t.Fatal("the catalog has no tool listTickets")
	}
	id := ticketIDs(t, listTickets.Run(context.Background(), `{"per_page":1}`).Text)[0]
	scs := []scenario{
		{askCase("getTicket/asks-thrice", "getTicket", map[string]any{"ticketId": id}, "Show me the ticket.", "ticketId", "It's "+id+"."),
			models.Repeat(4, answer("Which ticket do you mean?")), []classify.Class{classify.AskedForGiven}, nil},
	}
	recs := runScenarios(t, filepath.Join(t.TempDir(), "ask"), scs, run.Options{Catalog: cat})
	if users := userMessages(recs[0].Agent); len(users) != 3 {
		t.Errorf("the user spoke %d times, want the request and 2 replies: %q", len(users), users)
	}
}

func messageRoles(tr *classify.Trace) []string {
	var out []string
	if tr == nil {
		return nil
	}
	for _, m := range tr.Messages {
		out = append(out, m.Role)
	}
	return out
}

func userMessages(tr *classify.Trace) []string {
	var out []string
	if tr == nil {
		return nil
	}
	for _, m := range tr.Messages {
		if m.Role == "user" {
			out = append(out, m.Content)
		}
	}
	return out
}

// ticketIDs reads the ids of a listTickets answer ("200 OK" and the
// JSON body).
func ticketIDs(t *testing.T, text string) []string {
	t.Helper()
	_, body, _ := strings.Cut(text, "\n")
	var page struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	if err := json.Unmarshal([]byte(body), &page); err != nil || len(page.Items) == 0 {
		t.Fatalf("listTickets: %v\n%s", err, text)
	}
	var out []string
	for _, it := range page.Items {
		out = append(out, it.ID)
	}
	return out
}

// askScenarios are ask and single-turn cases of getTicket and
// searchTickets with scripts that ask right, guess, ask for what was
// given, and neither ask nor call; ids are the two tickets they use.
func askScenarios(t *testing.T, cat *catalog.Bound) ([]scenario, []string) {
	t.Helper()
	listTickets, ok := cat.Tool("listTickets")
	if !ok {
		t.Fatal("the catalog has no tool listTickets")
	}
	ids := ticketIDs(t, listTickets.Run(context.Background(), `{"per_page":2}`).Text)
	mine, other := ids[0], ids[1]
	get := func(id string) string { return fmt.Sprintf(`{"ticketId":%q}`, id) }
	reply := "It's " + mine + "."
	scs := []scenario{
		{askCase("getTicket/asks", "getTicket", map[string]any{"ticketId": mine}, "Show me the ticket.", "ticketId", reply),
			[]models.Turn{answer("Which ticket do you mean?"), call("getTicket", get(mine)), answer("Here it is.")}, nil, nil},
		{askCase("getTicket/guesses", "getTicket", map[string]any{"ticketId": mine}, "Could you pull up the ticket?", "ticketId", reply),
			[]models.Turn{call("getTicket", get(other)), answer("Here is ticket " + other + ".")},
			[]classify.Class{classify.GuessedInsteadOfAsking}, nil},
		{askCase("getTicket/answers-otherwise", "getTicket", map[string]any{"ticketId": mine}, "What's going on with the ticket?", "ticketId", reply),
			[]models.Turn{call("listTickets", `{"per_page":2}`), answer("Here are the latest tickets."), call("getTicket", get(mine)), answer("Here it is.")},
			[]classify.Class{classify.GuessedInsteadOfAsking}, nil},
		{askCase("searchTickets/asks-given", "searchTickets", map[string]any{"q": "vpn", "limit": 5},
			"Search the tickets, five hits at most.", "q", "Search for “vpn”."),
			[]models.Turn{answer("Sure. What limit should I use, and what should I look for?"),
				call("searchTickets", `{"q":"vpn","limit":5}`), answer("Five tickets mention the VPN.")},
			[]classify.Class{classify.AskedForGiven}, nil},
		{askCase("getTicket/silent", "getTicket", map[string]any{"ticketId": mine}, "I need the details of the ticket.", "ticketId", reply),
			[]models.Turn{answer("I cannot look that up."), answer("Still no.")},
			[]classify.Class{classify.ToolNotIdentified}, nil},
		{newCase("getTicket/asks-given", "getTicket", map[string]any{"ticketId": mine}, "Show me ticket "+mine+"."),
			[]models.Turn{answer("Please provide the ticket ID.")}, []classify.Class{classify.AskedForGiven}, nil},
	}
	return scs, ids
}
