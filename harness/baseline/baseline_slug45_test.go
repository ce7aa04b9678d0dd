package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A path of names ("acme/api") is a repository, not a person: "who
// starred acme/api" gives no tool its username, and so the tool that
// takes the repository's owner and name answers it.
func TestSlugIsNoUsername(t *testing.T) {
	byUser := toolDef(t, "activity/list-repos-starred-by-user", "List repositories starred by a user\nExample: {\"username\":\"octocat\"}",
		`{"type":"object","required":["username"],"properties":{"username":{"type":"string","description":"The handle for the GitHub user account."}}}`)
	checkArg(t, byUser, "who starred acme/api", "username", nil)
	tools := []*schema.ToolInfo{byUser,
		toolDef(t, "activity/list-stargazers-for-repo", "List stargazers\nExample: {\"owner\":\"octocat\",\"repo\":\"hello-world\"}",
			`{"type":"object","required":["owner","repo"],"properties":{"owner":{"type":"string","description":"The account owner of the repository."},"repo":{"type":"string","description":"The name of the repository."}}}`),
	}
	if got := callOf(t, firstCall(t, tools, "who starred acme/api")); got.Tool != "activity/list-stargazers-for-repo" {
		t.Errorf("who starred acme/api: called %s, want the stargazers", got)
	}
}
