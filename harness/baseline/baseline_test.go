package baseline_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/toolrt/argcheck"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/harness/baseline"
	"github.com/agentready/agentready/harness/chat"
)

const userID = "8d0f6c55-3b1e-4b8a-9f1e-2a7c9d4e5f60"

// checkers validate arguments exactly as the example API's tools do,
// without a server.
func checkers(t testing.TB) map[string]*argcheck.Checker {
	t.Helper()
	ops, err := catalog.Operations(exampleAPI(t))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*argcheck.Checker{}
	for _, op := range ops {
		c, err := argcheck.NewChecker(op.Name, []byte(op.Schema), []byte(op.Example))
		if err != nil {
			t.Fatal(err)
		}
		out[op.Name] = c
	}
	return out
}

// converse runs the baseline as an agent would, offline: each tool call
// is validated like the real tool validates it; valid calls get an empty
// result. It returns the calls made and the final message.
func converse(t testing.TB, tools []*schema.ToolInfo, request string) ([]call, *schema.Message) {
	t.Helper()
	check := checkers(t)
	m, _ := baseline.New().WithTools(tools)
	convo := []*schema.Message{schema.UserMessage(request)}
	var calls []call
	for step := 0; step < 6; step++ {
		msg, err := m.Generate(context.Background(), convo)
		if err != nil {
			t.Fatal(err)
		}
		convo = append(convo, msg)
		if len(msg.ToolCalls) == 0 {
			return calls, msg
		}
		c := callOf(t, msg)
		calls = append(calls, c)
		tc := msg.ToolCalls[0]
		result := `{"items":[]}`
		if chk := check[c.Tool]; chk == nil {
			result = "no such tool"
		} else if _, _, err := chk.Check(tc.Function.Arguments); err != nil {
			result = err.Error()
		}
		convo = append(convo, schema.ToolMessage(result, tc.ID, schema.WithToolName(c.Tool)))
	}
	t.Fatalf("no final answer after 6 steps: %v", calls)
	return nil, nil
}

// same reports whether a call is the expected one; numbers compare by
// value.
func same(c call, tool string, args map[string]any) bool {
	if c.Tool != tool {
		return false
	}
	want, _ := json.Marshal(args)
	var norm map[string]any
	_ = json.Unmarshal(want, &norm)
	return reflect.DeepEqual(c.Args, norm)
}

type groundTruth struct {
	request string
	tool    string
	args    map[string]any
}

// rightCases are requests the baseline gets right with the example API's
// full tool definitions, on its first call.
var rightCases = []groundTruth{
	{"Show me the user with email aisha.alvarez@globex.example", "listUsers", map[string]any{"email": "aisha.alvarez@globex.example"}},
	{"List open tickets with high priority", "listTickets", map[string]any{"status": []any{"open"}, "priority": "high"}},
	{"Show me ticket 1001", "getTicket", map[string]any{"ticketId": "TCK-1001"}},
	{"Search tickets about VPN disconnects", "searchTickets", map[string]any{"q": "VPN disconnects"}},
	{"List the network teams", "listTeams", map[string]any{"q": "network"}},
	{"Close ticket TCK-1042 as a duplicate", "closeTicket", map[string]any{"ticketId": "TCK-1042", "resolution_code": "duplicate"}},
	{"Give asset AST-7K2M9Q4D to " + userID, "assignAsset", map[string]any{"assetId": "AST-7K2M9Q4D", "user_id": userID}},
	{"List unassigned urgent network tickets created after 1 March 2026", "listTickets",
		map[string]any{"unassigned": true, "priority": "urgent", "category": "network", "created_after": "2026-03-01T00:00:00Z"}},
	{"Export all tickets without comments", "exportTickets", map[string]any{"include_comments": false}},
	{"List the members of team tm_4k7p2x9q1c who are agents", "listTeamMembers", map[string]any{"teamId": "tm_4k7p2x9q1c", "role": "agent"}},
	{"Show 5 tickets per page", "listTickets", map[string]any{"per_page": 5}},
	{`Open a ticket titled "Laptop does not boot" for user ` + userID, "createTicket",
		map[string]any{"title": "Laptop does not boot", "requester_id": userID}},
	{"Which laptops are in stock?", "listAssets", map[string]any{"type": "laptop", "status": "in_stock"}},
	// A sort enum that writes descending with a leading minus: the
	// field the order phrase names, or the direction said after it.
	{"Show me the users sorted by name descending", "listUsers", map[string]any{"sort": "-name"}},
	{"List the users, most recently created first", "listUsers", map[string]any{"sort": "-created_at"}},
	{"List the urgent tickets, earliest updated first", "listTickets", map[string]any{"priority": "urgent", "sort": "updated_at"}},
	{"List the open tickets, highest priority first", "listTickets", map[string]any{"status": []any{"open"}, "sort": "-priority"}},
}

func TestBaselineGetsItRight(t *testing.T) {
	infos := exampleInfos(t)
	for _, tc := range rightCases {
		got := callOf(t, firstCall(t, infos, tc.request))
		if !same(got, tc.tool, tc.args) {
			want, _ := json.Marshal(tc.args)
			t.Errorf("%q:\n got %s\nwant %s%s", tc.request, got, tc.tool, want)
		}
	}
}

// TestBaselineMistakes shows each class of mistake the baseline makes, and
// why.
func TestBaselineMistakes(t *testing.T) {
	infos := exampleInfos(t)
	tests := []struct {
		class, request, why string
		want                groundTruth
		check               func(c call) bool
	}{
		{"wrong tool", "Is the service up?",
			"'up' is not 'health'; getServiceStats shares 'service'",
			groundTruth{tool: "getHealth", args: map[string]any{}},
			func(c call) bool { return c.Tool == "getServiceStats" }},
		{"wrong tool", "Show me the assets of user " + userID,
			"listAssets (owner) and listUserAssets overlap; the user's assets tool matches more words",
			groundTruth{tool: "listAssets", args: map[string]any{"owner": userID}},
			func(c call) bool { return c.Tool == "listUserAssets" }},
		{"missing parameter", "Close ticket TCK-1042 because we could not reproduce it",
			"'could not reproduce' is not the enum value cannot_reproduce",
			groundTruth{tool: "closeTicket", args: map[string]any{"ticketId": "TCK-1042", "resolution_code": "cannot_reproduce"}},
			func(c call) bool { _, ok := c.Args["resolution_code"]; return c.Tool == "closeTicket" && !ok }},
		{"wrong tool", "List laptops held by the London office",
			"'held by the London office' reads as a holder to look up with listUsers (the user id's pointer), not as the location argument",
			groundTruth{tool: "listAssets", args: map[string]any{"type": "laptop", "location": "London"}},
			func(c call) bool { return c.Tool == "listUsers" }},
		{"value mismatch", "Show me the users sorted by name, Z to A",
			"it reads the enum value 'name' and misses that Z to A is '-name'",
			groundTruth{tool: "listUsers", args: map[string]any{"sort": "-name"}},
			func(c call) bool { return c.Tool == "listUsers" && c.Args["sort"] == "name" }},
		{"type mismatch", "List tickets, page five",
			"it does not read numbers written in words",
			groundTruth{tool: "listTickets", args: map[string]any{"page": 5}},
			func(c call) bool { return c.Tool == "listTickets" && c.Args["page"] == "five" }},
	}
	for _, tc := range tests {
		got := callOf(t, firstCall(t, infos, tc.request))
		if same(got, tc.want.tool, tc.want.args) {
			t.Errorf("%s: %q: the baseline got it right (%s); the test wants the mistake", tc.class, tc.request, got)
			continue
		}
		if !tc.check(got) {
			t.Errorf("%s: %q: got %s, not the expected mistake (%s)", tc.class, tc.request, got, tc.why)
		}
		t.Logf("%-17s %-60q -> %s (%s)", tc.class, tc.request, got, tc.why)
	}
}

// TestBaselineRepairs: an argument error's suggestions fix the second
// call; a second error ends the run.
func TestBaselineRepairs(t *testing.T) {
	// The pattern's fixed start completes a bare number.
	if calls, _ := converse(t, stripInfo(t, exampleInfos(t), true, false), "Show me ticket 1001"); len(calls) != 1 || !same(calls[0], "getTicket", map[string]any{"ticketId": "TCK-1001"}) {
		t.Errorf("ticket 1001 with the pattern: calls %v", calls)
	}
	noExample := stripInfo(t, exampleInfos(t), true, true)
	// Without the example and the pattern the id is sent bare; the
	// error's example shows the shape.
	calls, final := converse(t, noExample, "Show me ticket 1001")
	if len(calls) != 2 || calls[0].Args["ticketId"] != "1001" || !same(calls[1], "getTicket", map[string]any{"ticketId": "TCK-1001"}) {
		t.Errorf("ticket 1001 without example: calls %v", calls)
	}
	if !strings.Contains(final.Content, "getTicket returned") {
		t.Errorf("final answer %q", final.Content)
	}
	// "did you mean" on a value.
	calls, _ = converse(t, exampleInfos(t), "List users with role: administrator")
	if len(calls) != 2 || calls[0].Args["role"] != "administrator" || calls[1].Args["role"] != "admin" {
		t.Errorf("role administrator: calls %v", calls)
	}
	// A required value the request does not give: the model stops and
	// says so after the error.
	calls, final = converse(t, exampleInfos(t), "Close ticket TCK-1042 because we could not reproduce it")
	if len(calls) != 1 || !strings.Contains(final.Content, "resolution_code") {
		t.Errorf("close without resolution: calls %v, final %q", calls, final.Content)
	}
	// A missing required free-text value is read again from the request.
	calls, _ = converse(t, noExample, "Search tickets on VPN disconnects")
	if len(calls) != 2 || len(calls[0].Args) != 0 || !same(calls[1], "searchTickets", map[string]any{"q": "VPN disconnects"}) {
		t.Errorf("search without example: calls %v", calls)
	}
}

// TestBaselineRepairsUnknownName: "did you mean" on a parameter name
// renames it; a second error stops the run.
func TestBaselineRepairsUnknownName(t *testing.T) {
	check := checkers(t)
	m, _ := baseline.New().WithTools(exampleInfos(t))
	bad := `{"userid":"` + userID + `"}`
	_, _, err := check["getUser"].Check(bad)
	if err == nil {
		t.Fatal("no error for an unknown name")
	}
	convo := []*schema.Message{
		schema.UserMessage("Show me user " + userID),
		chat.CallMessage(nil, chat.Call{Name: "getUser", Arguments: bad}),
		schema.ToolMessage(err.Error(), "call_1"),
	}
	msg, _ := m.Generate(context.Background(), convo)
	if c := callOf(t, msg); !same(c, "getUser", map[string]any{"userId": userID}) || msg.ToolCalls[0].ID != "call_2" {
		t.Fatalf("repair of %s: got %s (%v)\nerror was:\n%s", bad, c, msg.ToolCalls, err)
	}
	convo = append(convo, msg, schema.ToolMessage("Invalid arguments for getUser; fix them and call again:\n- userId: missing.", "call_2"))
	msg, _ = m.Generate(context.Background(), convo)
	if len(msg.ToolCalls) != 0 || !strings.Contains(msg.Content, "could not call getUser") {
		t.Errorf("after a second error: %v %q", msg.ToolCalls, msg.Content)
	}
}

// TestBaselineDoesBetterWithBetterDescriptions: taking the examples or the
// enums out of the tool definitions lowers the baseline's success, on its
// first call and after its repair.
func TestBaselineDoesBetterWithBetterDescriptions(t *testing.T) {
	full := exampleInfos(t)
	variants := []struct {
		name  string
		infos []*schema.ToolInfo
	}{
		{"full", full},
		{"no example", stripInfo(t, full, true, false)},
		{"no enum", stripInfo(t, full, false, true)},
		{"neither", stripInfo(t, full, true, true)},
	}
	first := map[string]int{}
	final := map[string]int{}
	for _, v := range variants {
		for _, tc := range rightCases {
			calls, _ := converse(t, v.infos, tc.request)
			if len(calls) > 0 && same(calls[0], tc.tool, tc.args) {
				first[v.name]++
			}
			if len(calls) > 0 && same(calls[len(calls)-1], tc.tool, tc.args) {
				final[v.name]++
			}
		}
		t.Logf("%-10s right first time %2d of %d, in the end %2d", v.name, first[v.name], len(rightCases), final[v.name])
	}
	for _, v := range variants[1:] {
		if first[v.name] >= first["full"] || final[v.name] >= final["full"] {
			t.Errorf("%s: %d first / %d final, not below full definitions' %d / %d",
				v.name, first[v.name], final[v.name], first["full"], final["full"])
		}
	}
}

func TestBaselineIsDeterministic(t *testing.T) {
	requests := []string{"List users with role: administrator", "Show me ticket 1001", "List tickets, page five"}
	for _, tc := range rightCases {
		requests = append(requests, tc.request)
	}
	for _, r := range requests {
		var runs [2]string
		for i := range runs {
			calls, final := converse(t, stripInfo(t, exampleInfos(t), false, false), r)
			b, _ := json.Marshal(struct {
				Calls []call
				Final *schema.Message
			}{calls, final})
			runs[i] = string(b)
		}
		if runs[0] != runs[1] {
			t.Errorf("%q: two runs differ:\n%s\n%s", r, runs[0], runs[1])
		}
	}
}

func TestBaselineWithoutMatchOrTools(t *testing.T) {
	msg := firstCall(t, exampleInfos(t), "Hello there!")
	if len(msg.ToolCalls) != 0 || msg.Content == "" {
		t.Errorf("no matching tool: %v %q", msg.ToolCalls, msg.Content)
	}
	msg, err := baseline.New().Generate(context.Background(), []*schema.Message{schema.UserMessage("List tickets")})
	if err != nil || len(msg.ToolCalls) != 0 {
		t.Errorf("no tools: %v %v", msg, err)
	}
	// Tools given as an option work too.
	msg, _ = baseline.New().Generate(context.Background(), []*schema.Message{schema.UserMessage("List tickets")},
		model.WithTools(exampleInfos(t)))
	if c := callOf(t, msg); c.Tool != "listTickets" {
		t.Errorf("tools as an option: %s", c)
	}
}

func TestBaselineStream(t *testing.T) {
	m, _ := baseline.New().WithTools(exampleInfos(t))
	sr, err := m.Stream(context.Background(), []*schema.Message{schema.UserMessage("List tickets")})
	if err != nil {
		t.Fatal(err)
	}
	defer sr.Close()
	msg, err := sr.Recv()
	if err != nil || len(msg.ToolCalls) != 1 || msg.ToolCalls[0].Function.Name != "listTickets" {
		t.Errorf("stream: %v %v", msg, err)
	}
}

// TestBaselineAsks: an identifier the request does not give is asked
// for; the user's reply adds to the request, and the call follows.
func TestBaselineAsks(t *testing.T) {
	m, _ := baseline.New().WithTools(exampleInfos(t))
	convo := []*schema.Message{schema.UserMessage("Please delete the ticket.")}
	msg, err := m.Generate(context.Background(), convo)
	if err != nil {
		t.Fatal(err)
	}
	if len(msg.ToolCalls) != 0 || !strings.Contains(msg.Content, "ticket id") || !strings.HasSuffix(msg.Content, "?") {
		t.Fatalf("no identifier given: %v %q", msg.ToolCalls, msg.Content)
	}
	convo = append(convo, msg, schema.UserMessage("Sorry, it's TCK-1042."))
	msg, err = m.Generate(context.Background(), convo)
	if err != nil {
		t.Fatal(err)
	}
	if c := callOf(t, msg); !same(c, "deleteTicket", map[string]any{"ticketId": "TCK-1042"}) {
		t.Errorf("after the reply: %v %q", c, msg.Content)
	}
	// A value it cannot place is not asked about: the call goes out and
	// the corrective answer does the rest.
	if msg := firstCall(t, exampleInfos(t), "Please delete ticket 'Printer on fire'"); len(msg.ToolCalls) == 0 {
		t.Errorf("asked although the request holds a value: %q", msg.Content)
	}
}
