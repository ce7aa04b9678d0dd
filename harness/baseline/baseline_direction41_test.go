package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// directionTools are pairs of tools that share their words and differ in
// who acts on whom: a member's followers and whom it follows, the
// members who starred a post and the posts a member starred.
func directionTools() []*schema.ToolInfo {
	id := func(desc string) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Required: true, Desc: desc}
	}
	one := func(name, desc, arg string) *schema.ToolInfo {
		return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"id": id(arg)})}
	}
	return []*schema.ToolInfo{
		one("membersIdFollowers", "Returns the members who follow the member.", "The member's ID."),
		one("membersIdFollowing", "Returns the members the member follows.", "The member's ID."),
		one("postsIdStarringMembers", "Returns the members that starred the post.", "The post's ID."),
		one("membersIdStarredPosts", "Returns the posts starred by the member.", "The member's ID."),
	}
}

// The request's grammar says which side of its verb it asks for: "who
// follows X" its doers, "who does X follow" what X does it to; a name
// that says the verb from the other side (the agent noun Followers, the
// participle of StarredPosts) is not the tool.
func TestDirectionOfTheVerbPicksTheSide(t *testing.T) {
	checkPick(t, "who does 783214 follow", "membersIdFollowing", directionTools())
	checkPick(t, "accounts 783214 follows", "membersIdFollowing", directionTools())
	checkPick(t, "who follows 783214", "membersIdFollowers", directionTools())
	checkPick(t, "who starred 1460323737035677698?", "postsIdStarringMembers", directionTools())
	checkPick(t, "posts starred by 783214", "membersIdStarredPosts", directionTools())
	roles := readUtterance("who does 783214 follow").verbRoles()
	if roles["follow"] != asksObject {
		t.Errorf("'who does 783214 follow' reads follow as %q, want what is done to (o)", roles["follow"])
	}
	if r := readUtterance("who follows 783214").verbRoles(); r["follow"] != asksAgent {
		t.Errorf("'who follows 783214' reads follow as %q, want the doer (a)", r["follow"])
	}
}
