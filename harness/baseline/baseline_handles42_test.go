package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// An account named by its handle ("@anika@mastodon.social") or by the
// word after "called" is looked up first where the action needs the
// account's id, read from a name made of a path (the id before
// /follow is an account's); the lookup takes the name, not the action's
// verb: "follow" sets no "only who the user is following" filter.
func TestLooksUpAHandleFirst(t *testing.T) {
	tools := []*schema.ToolInfo{
		toolDef(t, "postApiV1AccountsIdFollow", "Follow the given account.",
			`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`),
		toolDef(t, "getApiV1AccountsSearch", "Search for matching accounts by username or display name.",
			`{"type":"object","properties":{
				"q":{"type":"string","description":"What to search for"},
				"following":{"type":"boolean","description":"Only who the user is following. Defaults to false."}},"required":["q"]}`),
		toolDef(t, "getApiV1FollowRequests", "View pending follow requests.",
			`{"type":"object","properties":{"limit":{"type":"integer","description":"Maximum number of results to return."}}}`),
		toolDef(t, "getApiV1FollowRequestsSearch", "Search pending follow requests.",
			`{"type":"object","properties":{"q":{"type":"string","description":"What to search for"}},"required":["q"]}`),
	}
	for request, want := range map[string]string{
		"follow @anika@mastodon.social":   "@anika@mastodon.social",
		"follow the account called anika": "anika",
	} {
		got := callOf(t, firstCall(t, tools, request))
		if got.Tool != "getApiV1AccountsSearch" || got.Args["q"] != want || got.Args["following"] != nil {
			t.Errorf("%q: got %s, want getApiV1AccountsSearch with q %q alone", request, got, want)
		}
	}
}
