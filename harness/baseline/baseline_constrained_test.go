package baseline_test

import (
	"encoding/json"
	"testing"

	"github.com/cloudwego/eino/schema"
	"github.com/eino-contrib/jsonschema"
)

// toolDef is a tool definition written as a model receives it: a name, a
// description and the parameters' JSON Schema.
func toolDef(t *testing.T, name, desc, params string) *schema.ToolInfo {
	t.Helper()
	var js jsonschema.Schema
	if err := json.Unmarshal([]byte(params), &js); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByJSONSchema(&js)}
}

// Values said in the user's words land on the schema as a model reads
// it: an enum value by what the description says it means, a sort field
// by a time order, a length of time in the argument's unit, a value
// another argument's description says goes with it, a person after "by".
func TestConstrainedValues(t *testing.T) {
	top := toolDef(t, "getTopItems", "Get the user's top items",
		`{"type":"object","properties":{
			"type":{"type":"string","enum":["artists","tracks"]},
			"time_range":{"type":"string","enum":["long_term","medium_term","short_term"],
				"description":"Time frame: long_term (several years of data), medium_term (approximately last 6 months), short_term (approximately last 4 weeks)"},
			"limit":{"type":"integer"}},"required":["type"]}`)
	members := toolDef(t, "addMember", "Add a member to a project",
		`{"type":"object","properties":{
			"project":{"type":"string","description":"The project's ID"},
			"user":{"type":"string","description":"The user's ID"},
			"access_level":{"type":"integer","enum":[10,30,40],"description":"Access level: 10 => Guest, 30 => Developer, 40 => Maintainer"}},
			"required":["project","user","access_level"]}`)
	search := toolDef(t, "searchMessages", "Searches for messages matching a query",
		`{"type":"object","properties":{
			"query":{"type":"string"},
			"sort":{"type":"string","description":"Return matches sorted by either score or timestamp"},
			"sort_dir":{"type":"string","description":"Change sort direction to ascending (asc) or descending (desc)"}},
			"required":["query"]}`)
	logs := toolDef(t, "readPodLog", "read log of the specified Pod",
		`{"type":"object","properties":{
			"name":{"type":"string"},
			"sinceSeconds":{"type":"integer","description":"relative time in seconds before the current time from which to show logs"},
			"tailLines":{"type":"integer","description":"number of lines from the end of the logs to show"}},
			"required":["name"]}`)
	coupons := toolDef(t, "createCoupon", "Create a coupon",
		`{"type":"object","properties":{
			"percent_off":{"type":"number"},
			"duration":{"type":"string","enum":["forever","once","repeating"],"description":"How long the discount is in effect"},
			"duration_in_months":{"type":"integer","description":"Required only if duration is repeating: the number of months"}}}`)
	snooze := toolDef(t, "dnd_setSnooze", "Turns on Do Not Disturb mode for the current user, or changes its duration.",
		`{"type":"object","properties":{
			"num_minutes":{"type":"string","description":"Number of minutes, from now, to snooze until."}},"required":["num_minutes"]}`)
	commits := toolDef(t, "listCommits", "List commits of a repository",
		`{"type":"object","properties":{
			"repo":{"type":"string"},
			"author":{"type":"string","description":"username to filter by commit author"},
			"sort":{"type":"string","enum":["author","date"]}},"required":["repo"]}`)
	runs := toolDef(t, "listWorkflowRuns", "List workflow runs of a repository",
		`{"type":"object","properties":{
			"repo":{"type":"string"},
			"status":{"type":"string","enum":["completed","canceled","failure","success","queued"]}},"required":["repo"]}`)
	issues := toolDef(t, "listIssues", "List issues of a repository",
		`{"type":"object","properties":{"repo":{"type":"string"},"assignee":{"type":"string"}},"required":["repo"]}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		arg     string
		want    any // nil: the argument must be absent
	}{
		{top, "my top 10 tracks of the last 4 weeks", "time_range", "short_term"},
		{top, "my top tracks over the past 6 months", "time_range", "medium_term"},
		{top, "my top 10 tracks", "time_range", nil},
		{members, "add user 4412 to project 88 as a developer", "access_level", 30.0},
		{search, `search messages for "quarterly report", newest first`, "sort", "timestamp"},
		{search, `search messages for "quarterly report", newest first`, "sort_dir", "desc"},
		{search, `search messages for "quarterly report"`, "sort", nil},
		{logs, "logs of pod checkout-7b9, last 10 minutes only", "sinceSeconds", 600.0},
		{logs, "logs of pod checkout-7b9, last 2 hours", "sinceSeconds", 7200.0},
		{logs, "logs of pod checkout-7b9 for 3 months", "sinceSeconds", nil},
		{snooze, "snooze my notifications for 60 minutes", "num_minutes", "60"},
		{snooze, "snooze my notifications for 2 hours", "num_minutes", "120"},
		{coupons, "make a coupon that takes 25% off for 3 months", "duration_in_months", 3.0},
		{coupons, "make a coupon that takes 25% off for 3 months", "duration", "repeating"},
		{coupons, "make a coupon that takes 25% off", "duration", nil},
		{commits, "commits by octocat in webapp", "author", "octocat"},
		{commits, "commits in webapp sorted by date", "author", nil},
		{runs, "failed workflow runs of webapp", "status", "failure"},
		{runs, "successful workflow runs of webapp", "status", "success"},
		{runs, "cancelled workflow runs of webapp", "status", "canceled"},
		{runs, "workflow runs of webapp that completed", "status", "completed"},
		{runs, "workflow runs of webapp", "status", nil},
		{issues, "issues in webapp assigned to octocat", "assignee", "octocat"},
		{issues, "issues in webapp", "assignee", nil},
	} {
		checkArg(t, c.tool, c.request, c.arg, c.want)
	}
}

// A thing the request names that a tool has nowhere to put counts
// against the tool: "issues in acme/webapp" is not the tool that lists
// every issue of the user.
func TestUnplacedThingsCount(t *testing.T) {
	mine := toolDef(t, "listIssues", "List issues assigned to the authenticated user",
		`{"type":"object","properties":{"state":{"type":"string","enum":["open","closed"]},"since":{"type":"string","format":"date-time"}}}`)
	repo := toolDef(t, "listIssuesForRepo", "List issues in a repository",
		`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},
			"state":{"type":"string","enum":["open","closed"]},"since":{"type":"string","format":"date-time"}},"required":["owner","repo"]}`)
	tools := []*schema.ToolInfo{mine, repo}
	for request, want := range map[string]string{
		"closed issues in acme/webapp updated since march 1st 2025": "listIssuesForRepo",
		"my closed issues updated since march 1st 2025":             "listIssues",
	} {
		if got := callOf(t, firstCall(t, tools, request)); got.Tool != want {
			t.Errorf("%q: called %s, want %s", request, got, want)
		}
	}
}

// An identifier goes to the argument its type prefix names, never to one
// named for another thing, and a count said before the things listed,
// with words between, is the limit.
func TestPrefixesAndCounts(t *testing.T) {
	charges := toolDef(t, "GetCharges", "List all charges",
		`{"type":"object","properties":{
			"payment_intent":{"type":"string","description":"Only return charges that were created by the PaymentIntent specified by this PaymentIntent ID"},
			"customer":{"type":"string","description":"Only return charges for the customer specified by this customer ID"},
			"limit":{"type":"integer","description":"A limit on the number of objects to be returned"}}}`)
	for request, want := range map[string]string{
		"10 most recent charges for cus_NffrFeUfNV2Hib": `GetCharges{"customer":"cus_NffrFeUfNV2Hib","limit":10}`,
		"charges for cus_NffrFeUfNV2Hib":                `GetCharges{"customer":"cus_NffrFeUfNV2Hib"}`,
		"charges of pi_3MtwBwLkdIwHu7ix28a3tqPa":        `GetCharges{"payment_intent":"pi_3MtwBwLkdIwHu7ix28a3tqPa"}`,
		"charges over 3 months":                         `GetCharges{}`,
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{charges}, request)); got.String() != want {
			t.Errorf("%q: called %s, want %s", request, got, want)
		}
	}
}

// An identifier left over goes to the tool's one argument that takes an
// identifier, required or not; with two such arguments it goes nowhere,
// unless its type initial names one (C024BE91L is a channel's).
func TestOnlyIdentifierTakesLeftover(t *testing.T) {
	history := toolDef(t, "conversationsHistory", "Fetches a conversation's history of messages",
		`{"type":"object","properties":{
			"channel":{"type":"string","description":"Conversation ID to fetch history for"},
			"cursor":{"type":"string"},
			"limit":{"type":"integer"}}}`)
	two := toolDef(t, "conversationsHistory", "Fetches a conversation's history of messages",
		`{"type":"object","properties":{
			"channel":{"type":"string","description":"Conversation ID to fetch history for"},
			"user":{"type":"string","description":"ID of the user who posted"},
			"limit":{"type":"integer"}}}`)
	for _, c := range []struct {
		tool          *schema.ToolInfo
		request, want string
	}{
		{history, "last 50 messages in C024BE91L", `conversationsHistory{"channel":"C024BE91L","limit":50}`},
		{two, "last 50 messages in conv-7f3a9c", `conversationsHistory{"limit":50}`},
		{two, "last 50 messages in C024BE91L", `conversationsHistory{"channel":"C024BE91L","limit":50}`},
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request)); got.String() != c.want {
			t.Errorf("called %s, want %s", got, c.want)
		}
	}
}
