package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A date said with the words that put it in the range ("since", "on or
// after", "up to and including") goes to the bound that takes the date
// itself (on_or_after, on_or_before), and one said with "after" or
// "before" alone to the strict bound, when a tool has both.
func TestInclusiveDateBounds(t *testing.T) {
	bound := func(name string) string {
		return `"` + name + `":{"type":"string","format":"date-time","description":"Return results ` +
			name[len("created_at."):] + ` this ISO 8601 timestamp"}`
	}
	list := toolDef(t, "list_transactions", "List Transactions",
		`{"type":"object","properties":{"limit":{"type":"integer"},`+
			bound("created_at.after")+`,`+bound("created_at.before")+`,`+
			bound("created_at.on_or_after")+`,`+bound("created_at.on_or_before")+`}}`)
	for _, c := range []struct{ request, want string }{
		{"transactions since Jan 1 2025", `list_transactions{"created_at.on_or_after":"2025-01-01T00:00:00Z"}`},
		{"transactions created after Feb 28 2025", `list_transactions{"created_at.after":"2025-02-28T00:00:00Z"}`},
		{"transactions up to and including Dec 31 2024", `list_transactions{"created_at.on_or_before":"2024-12-31T00:00:00Z"}`},
		{"transactions before April 1 2025", `list_transactions{"created_at.before":"2025-04-01T00:00:00Z"}`},
		{"transactions on or after March 15 2025", `list_transactions{"created_at.on_or_after":"2025-03-15T00:00:00Z"}`},
	} {
		got := callOf(t, firstCall(t, []*schema.ToolInfo{list}, c.request))
		if got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}

// A word inside an identifier ("account_in71c4amph0vgo2qllky" says
// account) names no other value near it: "first 10 transactions on
// account_in71..." is ten of them on that account, and 10 no account.
func TestWordInsideIdentifierNamesNothing(t *testing.T) {
	list := toolDef(t, "list_transactions", "List Transactions",
		`{"type":"object","properties":{"limit":{"type":"integer","minimum":0},
			"account_id":{"type":"string","description":"Filter Transactions for those belonging to the specified Account."},
			"route_id":{"type":"string","description":"Filter Transactions for those belonging to the specified route."}}}`)
	got := callOf(t, firstCall(t, []*schema.ToolInfo{list}, "first 10 transactions on account_in71c4amph0vgo2qllky"))
	if want := `list_transactions{"account_id":"account_in71c4amph0vgo2qllky","limit":10}`; got.String() != want {
		t.Errorf("called %s, want %s", got, want)
	}
}
