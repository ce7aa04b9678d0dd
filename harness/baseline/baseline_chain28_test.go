package baseline_test

import (
	"context"
	"testing"

	"github.com/agentready/agentready/harness/baseline"
	"github.com/cloudwego/eino/schema"
)

// scripted runs the baseline as an agent would, each tool answering
// with its entry of answers ("200 OK\n{...}"; an empty list when it has
// none), and returns the calls made.
func scripted(t *testing.T, tools []*schema.ToolInfo, request string, answers map[string]string) []call {
	t.Helper()
	m, _ := baseline.New().WithTools(tools)
	convo := []*schema.Message{schema.UserMessage(request)}
	var calls []call
	for range 7 {
		msg, err := m.Generate(context.Background(), convo)
		if err != nil {
			t.Fatal(err)
		}
		convo = append(convo, msg)
		t.Logf("%v: %v", msg.ToolCalls, msg.Extra[baseline.ExtraReason])
		if len(msg.ToolCalls) == 0 {
			return calls
		}
		c := callOf(t, msg)
		calls = append(calls, c)
		answer, ok := answers[c.Tool]
		if !ok {
			answer = "200 OK\n{\"items\":[]}"
		}
		convo = append(convo, schema.ToolMessage(answer, msg.ToolCalls[0].ID, schema.WithToolName(c.Tool)))
	}
	t.Fatalf("no final answer after 7 steps: %v", calls)
	return nil
}

// chainTools are a help desk's: a ticket's id comes from a list without
// a title filter, a user's from a list that filters by email, a team's
// members need the team's id.
func chainTools(t *testing.T) []*schema.ToolInfo {
	return []*schema.ToolInfo{
		toolDef(t, "getCase", "Get a support case", `{"type":"object","properties":{
			"caseId":{"type":"string","pattern":"^CS-[0-9]+$","description":"Find it with listCases (`+"`items[].id`"+`)."}},"required":["caseId"]}`),
		toolDef(t, "listCases", "List support cases, newest first", `{"type":"object","properties":{
			"status":{"type":"string","enum":["open","closed"]},"page":{"type":"integer"}}}`),
		toolDef(t, "searchCases", "Search support cases by text", `{"type":"object","properties":{
			"q":{"type":"string","description":"words to look for"}},"required":["q"]}`),
		toolDef(t, "listCustomers", "List customers", `{"type":"object","properties":{
			"q":{"type":"string","description":"Part of name"},
			"email":{"type":"string","format":"email","description":"exact email address"}}}`),
		toolDef(t, "listCasesOfCustomer", "List a customer's support cases", `{"type":"object","properties":{
			"customerId":{"type":"string","description":"Find it with listCustomers (`+"`items[].id`"+`) or listGroupMembers (`+"`items[].id`"+`)."}},"required":["customerId"]}`),
		toolDef(t, "listGroups", "List groups", `{"type":"object","properties":{
			"q":{"type":"string","description":"Part of the group's name"}}}`),
		toolDef(t, "listGroupMembers", "List a group's members", `{"type":"object","properties":{
			"groupId":{"type":"string","description":"Find it with listGroups (`+"`items[].id`"+`)."}},"required":["groupId"]}`),
		toolDef(t, "openCase", "Open a support case", `{"type":"object","properties":{
			"title":{"type":"string"},
			"area":{"type":"string","enum":["hardware","access","network"]},
			"reporter_id":{"type":"string","description":"Find it with listCustomers (`+"`items[].id`"+`) or listGroupMembers (`+"`items[].id`"+`)."}},
			"required":["title","reporter_id"]}`),
	}
}

// The baseline chains as a model reading the definitions does: a thing
// named by its title is looked up with the tool that takes a query and
// lists those things, when the tool the description names has no filter
// for it, and the id is carried from the item whose title matches; a
// value the tool cannot take (an email) is looked up with the source
// that filters by it; a person's name is not looked up as a team's; a
// team's name in the request is no enum value of the tool.
func TestChainsLikeAModel(t *testing.T) {
	tools := chainTools(t)
	t.Run("a title found with the search that lists the same things", func(t *testing.T) {
		calls := scripted(t, tools, "I need the details of the case “Printer jams on floor 3”.", map[string]string{
			"searchCases": "200 OK\n" + `{"items":[{"case_id":"CS-7","title":"Printer jams on floor 3 again"},{"case_id":"CS-4","title":"Printer jams on floor 3"}]}`,
		})
		if len(calls) != 2 || !same(calls[0], "searchCases", map[string]any{"q": "Printer jams on floor 3"}) ||
			!same(calls[1], "getCase", map[string]any{"caseId": "CS-4"}) {
			t.Errorf("calls %v, want searchCases by the title, then getCase of the item with that very title", calls)
		}
	})
	t.Run("an email the tool cannot take looked up where it can", func(t *testing.T) {
		calls := scripted(t, tools, "Which support cases of the customer with email ada@example.org do we have?", map[string]string{
			"listCustomers": "200 OK\n" + `{"items":[{"id":"p-9","email":"ada@example.org","name":"Ada"}]}`,
		})
		if len(calls) != 2 || !same(calls[0], "listCustomers", map[string]any{"email": "ada@example.org"}) ||
			!same(calls[1], "listCasesOfCustomer", map[string]any{"customerId": "p-9"}) {
			t.Errorf("calls %v, want listCustomers by email, then listCasesOfCustomer with the one person's id", calls)
		}
	})
	t.Run("a lookup that answers the request is the last call", func(t *testing.T) {
		calls := scripted(t, tools, "Show me the customer with email ada@example.org", map[string]string{
			"listCustomers": "200 OK\n" + `{"items":[{"id":"p-9","email":"ada@example.org","name":"Ada"}]}`,
		})
		if len(calls) != 1 || !same(calls[0], "listCustomers", map[string]any{"email": "ada@example.org"}) {
			t.Errorf("calls %v, want only listCustomers by email", calls)
		}
	})
	t.Run("a person's name is not a group's", func(t *testing.T) {
		var noPeople []*schema.ToolInfo
		for _, tl := range tools {
			if tl.Name != "listCustomers" {
				noPeople = append(noPeople, tl)
			}
		}
		for _, c := range scripted(t, noPeople, "Show me the support cases of Nora Berg.", nil) {
			if c.Tool == "listGroups" {
				t.Errorf("looked the person up as a group: %v", c)
			}
		}
	})
	t.Run("a group's name is no enum value", func(t *testing.T) {
		calls := scripted(t, tools, "Please add a new case titled “Cannot log in” and on behalf of the first member of group Identity & Access.", map[string]string{
			"listGroups":       "200 OK\n" + `{"items":[{"id":"g-2","name":"Identity & Access"}]}`,
			"listGroupMembers": "200 OK\n" + `{"items":[{"id":"p-3","name":"Ada"},{"id":"p-4","name":"Bo"}]}`,
		})
		if len(calls) != 3 || !same(calls[0], "listGroups", map[string]any{"q": "Identity & Access"}) ||
			!same(calls[2], "openCase", map[string]any{"title": "Cannot log in", "reporter_id": "p-3"}) {
			t.Errorf("calls %v, want listGroups by the whole name, its members, then openCase without an area", calls)
		}
	})
}
