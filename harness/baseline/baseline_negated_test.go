package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A boolean whose name says one adjective is false when the request says
// the adjective with a negative prefix ("make it inactive"), true when a
// negation comes before that ("not inactive"), and a word that merely
// starts like a prefix says nothing.
func TestNegatedAdjective(t *testing.T) {
	user := toolDef(t, "updateUser", "Update a user",
		`{"type":"object","properties":{
			"userId":{"type":"string"},
			"active":{"type":"boolean","description":"Whether the user can sign in."}},
			"required":["userId"]}`)
	posts := toolDef(t, "listPosts", "List posts",
		`{"type":"object","properties":{
			"published":{"type":"string","enum":["true","false"],"description":"Only published or unpublished posts."}}}`)
	for _, c := range []struct {
		tool          *schema.ToolInfo
		request, want string
	}{
		{user, "update user u-1842 and make it inactive", `updateUser{"active":false,"userId":"u-1842"}`},
		{user, "update user u-1842, it is not inactive any more", `updateUser{"active":true,"userId":"u-1842"}`},
		{user, "update user u-1842 and make it active", `updateUser{"active":true,"userId":"u-1842"}`},
		{user, "update user u-1842 with the interactive flow", `updateUser{"userId":"u-1842"}`},
		{posts, "show me the unpublished posts", `listPosts{"published":"false"}`},
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request)); got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}
