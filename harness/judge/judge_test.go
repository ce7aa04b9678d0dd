package judge_test

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/agentready/agentready/gen"
	"github.com/agentready/agentready/gen/catalog"
	"github.com/agentready/agentready/gen/ir"
	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
)

var (
	loadOnce sync.Once
	flagsAPI *ir.API
	loadErr  error
)

// flags is a small API whose parameters cover what the judge reads:
// owners in the path, flags with and without defaults, enums, numbers
// with a default, dates, a sort key, a list, a JSON Patch body.
func flags(t *testing.T) *judge.Judge {
	t.Helper()
	loadOnce.Do(func() { flagsAPI, _, loadErr = gen.Load(gen.Options{Spec: "testdata/flags.yaml"}) })
	if loadErr != nil {
		t.Fatal(loadErr)
	}
	return judge.New(catalog.Describe(flagsAPI))
}

func list(args map[string]any) *cases.Case {
	if _, ok := args["projectKey"]; !ok {
		args["projectKey"] = "mobile-app"
	}
	return &cases.Case{ID: "listFlags/all/00", Tool: "listFlags", Scenario: cases.All, Args: args}
}

func TestJudgeDecidesEachValue(t *testing.T) {
	j := flags(t)
	patch := []any{map[string]any{"op": "replace", "path": "/on", "value": true}}
	for _, tc := range []struct {
		name  string
		c     *cases.Case
		text  string
		forms map[string]string
		miss  []string
	}{
		{"an owner unsaid", list(map[string]any{}), "List the flags.", nil, []string{"projectKey"}},
		{"an owner said", list(map[string]any{}), "List the flags of project mobile-app.", nil, nil},
		{"any case, quoted", list(map[string]any{}), "List the flags of project \u201cMobile-App\u201d.", nil, nil},
		{"a number in words", list(map[string]any{"limit": 5.0}), "Show five flags of project mobile-app.", nil, nil},
		{"a wrong number", list(map[string]any{"limit": 5.0}), "Show 50 flags of project mobile-app.", nil, []string{"limit"}},
		{"a part of an identifier is not a number", list(map[string]any{"limit": 5.0}), "Show the flags of project-5.", nil, []string{"limit", "projectKey"}},
		{"a first place, recorded", list(map[string]any{"limit": 1.0}), "The first flag of project mobile-app.",
			map[string]string{"limit": "first"}, nil},
		{"a first place for another number", list(map[string]any{"limit": 3.0}), "The first flags of project mobile-app.",
			map[string]string{"limit": "first"}, []string{"limit"}},
		{"a default unsaid", list(map[string]any{"limit": 20.0}), "List the flags of project mobile-app.", nil, nil},
		{"a date in words", list(map[string]any{"created_after": "2026-03-01T00:00:00Z"}),
			"Flags of project mobile-app created after 1 March 2026.", nil, nil},
		{"a date, month first", list(map[string]any{"created_after": "2026-03-01T00:00:00Z"}),
			"Flags of project mobile-app created after March 1st, 2026.", nil, nil},
		{"a date, month short", list(map[string]any{"day": "2026-09-01"}),
			"Flags of project mobile-app on Sep 1 2026.", nil, nil},
		{"a length of time in a larger unit, recorded", list(map[string]any{"stale": 7200.0}),
			"Flags of project mobile-app stale for 2 hours.", map[string]string{"stale": "2 hours"}, nil},
		{"one of the unit, recorded", list(map[string]any{"stale": 86400.0}),
			"Flags of project mobile-app stale for a day.", map[string]string{"stale": "a day"}, nil},
		{"another length of time", list(map[string]any{"stale": 3600.0}),
			"Flags of project mobile-app stale for 2 hours.", map[string]string{"stale": "2 hours"}, []string{"stale"}},
		{"a length of time for a count", list(map[string]any{"limit": 3600.0}),
			"Flags of project mobile-app, 1 hour of them.", map[string]string{"limit": "1 hour"}, []string{"limit"}},
		{"another date", list(map[string]any{"created_after": "2026-03-01T00:00:00Z"}),
			"Flags of project mobile-app created after 2 March 2026.", nil, []string{"created_after"}},
		{"a time with its zone", list(map[string]any{"created_after": "2030-03-14T09:30:00Z"}),
			"Flags of project mobile-app created after 14 March 2030 at 9:30 am UTC.", nil, nil},
		{"a time in another zone, the same instant", list(map[string]any{"created_after": "2030-03-14T09:30:00Z"}),
			"Flags of project mobile-app created after 14 March 2030 at 10:30 +01:00.", nil, nil},
		{"a time without its zone", list(map[string]any{"created_after": "2030-03-14T09:30:00Z"}),
			"Flags of project mobile-app created after 14 March 2030 at 09:30.", nil, []string{"created_after"}},
		{"a date only", list(map[string]any{"day": "2026-03-01"}), "Flags of project mobile-app for March 1, 2026.", nil, nil},
		{"an enum in words", list(map[string]any{"status": "in_stock"}), "In stock flags of project mobile-app.", nil, nil},
		{"an enum in other words, unrecorded", list(map[string]any{"status": "opened"}), "Open flags of project mobile-app.", nil, []string{"status"}},
		{"an enum in other words, recorded", list(map[string]any{"status": "opened"}), "Open flags of project mobile-app.",
			map[string]string{"status": "open"}, nil},
		{"a recorded form not in the text", list(map[string]any{"status": "opened"}), "Flags of project mobile-app.",
			map[string]string{"status": "open"}, []string{"status"}},
		{"a recorded form that is another value", list(map[string]any{"status": "opened"}), "Closed flags of project mobile-app.",
			map[string]string{"status": "closed"}, []string{"status"}},
		{"a flag on", list(map[string]any{"include_archived": true}), "Flags of project mobile-app, including archived ones.", nil, nil},
		{"a flag off", list(map[string]any{"include_archived": false}), "Flags of project mobile-app without archived ones.", nil, nil},
		{"a flag off by its prefix", list(map[string]any{"include_archived": false}), "The non-archived flags of project mobile-app.", nil, nil},
		{"a flag said the wrong way", list(map[string]any{"include_archived": true}), "Flags of project mobile-app, not archived.", nil, []string{"include_archived"}},
		{"a flag unsaid", list(map[string]any{"include_archived": true}), "Flags of project mobile-app.", nil, []string{"include_archived"}},
		{"a flag set to false", list(map[string]any{"include_archived": false}), "Flags of project mobile-app with include archived set to false.", nil, nil},
		{"a negation in another clause", list(map[string]any{"include_archived": true}),
			"Flags of project mobile-app called \u201cno change\u201d, archived ones included.", nil, nil},
		{"a default flag unsaid", list(map[string]any{"active": true}), "Flags of project mobile-app.", nil, nil},
		{"a default flag said otherwise", list(map[string]any{"active": true}), "Inactive flags of project mobile-app.", nil, []string{"active"}},
		{"a default enum said otherwise", list(map[string]any{"state": "open"}), "Merged flags of project mobile-app.", nil, []string{"state"}},
		{"a short flag name needs a form", list(map[string]any{"on": true}), "Flags of project mobile-app that are switched on.", nil, []string{"on"}},
		{"a short flag name with a form", list(map[string]any{"on": true}), "Flags of project mobile-app that are switched on.",
			map[string]string{"on": "switched on"}, nil},
		{"a short flag name with the opposite form", list(map[string]any{"on": true}), "Flags of project mobile-app that are switched off.",
			map[string]string{"on": "switched off"}, []string{"on"}},
		{"a sort in words", list(map[string]any{"sort": "-created_at"}), "Flags of project mobile-app, newest first by created at.", nil, nil},
		{"a direction as an order asked", list(map[string]any{"direction": "desc"}), "Flags of project mobile-app, most recently updated first.", nil, nil},
		{"a direction asked the other way", list(map[string]any{"direction": "asc"}), "Flags of project mobile-app, most recently updated first.", nil, []string{"direction"}},
		{"a direction in one word", list(map[string]any{"direction": "ASC"}), "Flags of project mobile-app in ascending order.", nil, nil},
		{"a sort without its direction", list(map[string]any{"sort": "-created_at"}), "Flags of project mobile-app by created at.", nil, []string{"sort"}},
		{"a list", list(map[string]any{"tags": []any{"vpn", "laptop"}}), "Flags of project mobile-app tagged vpn and laptop.", nil, nil},
		{"half a list", list(map[string]any{"tags": []any{"vpn", "laptop"}}), "Flags of project mobile-app tagged vpn.", nil, []string{"tags[1]"}},
		{"a short word as a value", list(map[string]any{"name": "a"}), "The flag of project mobile-app called a.", nil, []string{"name"}},
		{"a short word quoted", list(map[string]any{"name": "a"}), "The flag of project mobile-app called \u201ca\u201d.", nil, nil},
		{"words apart are not said inside an identifier", list(map[string]any{"name": "Mobile App"}), "Flags of project mobile-app.", nil, []string{"name"}},
		{"a short word in capitals", list(map[string]any{"name": "US"}), "The flags of project mobile-app in US.", nil, nil},
		{"a short word in capitals, written small", list(map[string]any{"name": "US"}), "Show us the flags of project mobile-app.", nil, []string{"name"}},
		{"a short word beside its meaning", list(map[string]any{"name": "a"}), "The flag of project mobile-app with the name a.", nil, nil},
		{"a short word listed with the others", list(map[string]any{"tags": []any{"ldp", "all"}}), "Flags of project mobile-app tagged ldp or all.", nil, nil},
		{"a short word alone in a list", list(map[string]any{"tags": []any{"ldp", "all"}}), "Show all flags of project mobile-app tagged ldp.", nil, []string{"tags[1]"}},
		{"punctuation as a value", list(map[string]any{"name": ">="}), "Flags of project mobile-app with the name >=.", nil, nil},
		{"a flag four words on", list(map[string]any{"include_archived": false}), "Flags of project mobile-app with include archived header set to false.", nil, nil},
		{"JSON", &cases.Case{Tool: "patchFlag", Args: map[string]any{"projectKey": "p1", "flagKey": "f1", "body": patch}},
			"Apply `[{\"op\":\"replace\",\"path\":\"/on\",\"value\":true}]` to flag f1 in project p1.", nil, nil},
		{"other JSON", &cases.Case{Tool: "patchFlag", Args: map[string]any{"projectKey": "p1", "flagKey": "f1", "body": patch}},
			"Apply `[{\"op\":\"replace\",\"path\":\"/on\",\"value\":false}]` to flag f1 in project p1.", nil, []string{"body[0].value"}},
		{"an empty object", &cases.Case{Tool: "patchFlag", Args: map[string]any{"projectKey": "p1", "flagKey": "f1",
			"body": []any{map[string]any{"op": "add", "path": "/x", "value": map[string]any{}}}}},
			"On flag f1 in project p1, add at /x with an empty value.", nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := j.Check(tc.c, &cases.Utterance{Text: tc.text, Forms: tc.forms})
			if got := v.Paths(); !slices.Equal(got, tc.miss) {
				t.Errorf("%q: misses %v, want %v (%s)", tc.text, got, tc.miss, v)
			}
			for _, m := range v.Misses {
				if m.Reason == "" {
					t.Errorf("%s: no reason", m.Path)
				}
			}
		})
	}
}

func TestJudgeReadsChains(t *testing.T) {
	j := flags(t)
	ada := &cases.Label{Field: "name", Path: "$.items[0].name", Value: "Ada Okafor"}
	byLabel := &cases.Case{ID: "closeTicket/chain/00", Tool: "closeTicket", Scenario: cases.Chain,
		Args: map[string]any{"ticketId": "TCK-1042"},
		Steps: []cases.Step{
			{Tool: "listTickets", Feeds: []cases.Feed{{Path: "$.items[3].id", To: "closeTicket", Input: "ticketId", Value: "TCK-1042",
				Label: &cases.Label{Field: "title", Path: "$.items[3].title", Value: "VPN drops every hour"}}}},
			{Tool: "closeTicket", Args: map[string]any{"ticketId": "TCK-1042"}},
		}}
	picked := &cases.Case{ID: "closeTicket/chain/01", Tool: "closeTicket", Scenario: cases.Chain,
		Args: map[string]any{"ticketId": "TCK-7"},
		Steps: []cases.Step{
			{Tool: "listUsers", Args: map[string]any{"q": "Ada"}, Feeds: []cases.Feed{{Path: "$.items[0].id", To: "listTicketsForUser",
				Input: "userId", Value: "u-1", Label: ada}}},
			{Tool: "listTicketsForUser", Args: map[string]any{"userId": "u-1"}, Feeds: []cases.Feed{{Path: "$.items[0].id",
				To: "closeTicket", Input: "ticketId", Value: "TCK-7", Pick: "latest"}}},
			{Tool: "closeTicket", Args: map[string]any{"ticketId": "TCK-7"}},
		}}
	for _, tc := range []struct {
		c    *cases.Case
		text string
		ok   bool
	}{
		{byLabel, "Close the ticket \u201cVPN drops every hour\u201d.", true},
		{byLabel, "Close ticket TCK-1042.", true},
		{byLabel, "Close the VPN ticket.", false},
		{picked, "Close the latest ticket of Ada Okafor.", true},
		{picked, "Close the most recent ticket of Ada Okafor.", true},
		{picked, "Close a ticket of Ada Okafor.", false},
		{picked, "Close the latest ticket.", false},
	} {
		v := j.CheckText(tc.c, tc.text)
		if v.OK() != tc.ok {
			t.Errorf("%q: %s, want ok %v", tc.text, v, tc.ok)
		}
	}
}

func TestVerdictSaysWhy(t *testing.T) {
	j := flags(t)
	v := j.CheckText(list(map[string]any{"limit": 7.0, "include_archived": true}), "List the flags.")
	if v.OK() || len(v.Misses) != 3 {
		t.Fatalf("%+v", v)
	}
	s := v.String()
	for _, want := range []string{"include_archived: not said (true)", "limit: not said (7)", `projectKey: not said ("mobile-app")`} {
		if !strings.Contains(s, want) {
			t.Errorf("%q lacks %q", s, want)
		}
	}
	if (judge.Verdict{}).String() != "every value is said" {
		t.Error("an empty verdict")
	}
}
