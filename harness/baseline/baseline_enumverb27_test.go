package baseline

import (
	"slices"
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A tool whose required argument takes the request's verb among its
// values does what the request asks ("pause session X" is the playstate
// command Pause), and so does one whose values say a verb the table does
// not know ("pin topic 5521": status pinned); a word some tool's name
// says as a noun is no such verb ("branch protection rules").
func TestEnumValueSaysTheAction(t *testing.T) {
	str := func(desc string, enum ...string) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Desc: desc, Required: true, Enum: enum}
	}
	params := func(ps map[string]*schema.ParameterInfo) *schema.ParamsOneOf {
		return schema.NewParamsOneOfByParams(ps)
	}
	session := []*schema.ToolInfo{
		{Name: "SendPlaystateCommand", Desc: "Issues a playstate command to a client.", ParamsOneOf: params(map[string]*schema.ParameterInfo{
			"sessionId": str("The session id."), "command": str("The playstate command.", "Stop", "Pause", "Unpause", "NextTrack")})},
		{Name: "Play", Desc: "Instructs a session to play an item.", ParamsOneOf: params(map[string]*schema.ParameterInfo{
			"sessionId": str("The session id."), "playCommand": str("The type of play command.", "PlayNow", "PlayNext"), "itemIds": str("The ids of the items to play.")})},
		{Name: "SendMessageCommand", Desc: "Issues a command to a client to display a message to the user.", ParamsOneOf: params(map[string]*schema.ParameterInfo{
			"sessionId": str("The session id."), "text": str("The message text.")})},
	}
	checkPick(t, "pause session 4c1f9e2b7a6d4e8f9c3b2a1d0e5f6a7b", "SendPlaystateCommand", session)
	topics := []*schema.ToolInfo{
		{Name: "getTopic", Desc: "Get a single topic", ParamsOneOf: params(map[string]*schema.ParameterInfo{"id": str("The topic id.")})},
		{Name: "updateTopic", Desc: "Update a topic", ParamsOneOf: params(map[string]*schema.ParameterInfo{"id": str("The topic id."), "title": {Type: schema.String}})},
		{Name: "updateTopicStatus", Desc: "Update the status of a topic", ParamsOneOf: params(map[string]*schema.ParameterInfo{
			"id": str("The topic id."), "status": str("", "closed", "pinned", "pinned_globally", "archived", "visible")})},
	}
	checkPick(t, "pin topic 5521 globally", "updateTopicStatus", topics)
	if !enumSays(newToolkit(session).byName["SendPlaystateCommand"], "paus") {
		t.Error(`enumSays(SendPlaystateCommand, "paus") = false, want true`)
	}
	if enumSays(newToolkit(session).byName["Play"], "paus") {
		t.Error(`enumSays(Play, "paus") = true, want false`)
	}
	branches := []*schema.ToolInfo{
		{Name: "getBranchRestrictions", Desc: "List branch restrictions", ParamsOneOf: params(map[string]*schema.ParameterInfo{"repo": str("The repository.")})},
		{Name: "postBranchRestrictions", Desc: "Create a branch restriction", ParamsOneOf: params(map[string]*schema.ParameterInfo{
			"repo": str("The repository."), "kind": str("", "branch_protect", "push", "force")})},
	}
	checkPick(t, "branch protection rules in acme/webapp", "getBranchRestrictions", branches)
}

// A request that reads things without asking how many is no call of the
// tool that counts them.
func TestCountOnlyWhenAsked(t *testing.T) {
	tools := pathTools()
	for request, want := range map[string]string{
		"users matching smith in acme":       "getRealmUsers",
		"how many users match smith in acme": "getRealmUsersCount",
	} {
		checkPick(t, request, want, tools)
	}
}

// A verb whose object is one value alone acts on one thing: "delete X
// from the library" is DeleteItem, not DeleteItems with X in its list.
func TestOneValueIsOneThing(t *testing.T) {
	tools := []*schema.ToolInfo{
		{Name: "DeleteItems", Desc: "Deletes items from the library and filesystem.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"ids": {Type: schema.Array, Desc: "The item ids.", ElemInfo: &schema.ParameterInfo{Type: schema.String}}})},
		{Name: "DeleteItem", Desc: "Deletes an item from the library and filesystem.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"itemId": {Type: schema.String, Desc: "The item id.", Required: true}})},
	}
	checkPick(t, "delete 3c2b1a09-8f7e-4d6c-b5a4-938271605f4e from the library", "DeleteItem", tools)
	for request, want := range map[string]int{
		"delete 3c2b1a09-8f7e-4d6c-b5a4-938271605f4e from the library":                                          numberOne,
		"delete 3c2b1a09-8f7e-4d6c-b5a4-938271605f4e and 0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0 from the library": numberUnknown,
		"delete 3c2b1a09-8f7e-4d6c-b5a4-938271605f4e, 0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0":                     numberUnknown,
	} {
		if got := requestNumber(readUtterance(request), "delete"); got != want {
			t.Errorf("requestNumber(%q) = %d, want %d", request, got, want)
		}
	}
}

// "who's on board X" and "who's in workspace X" ask for members.
func TestWhoIsOnAsksForMembers(t *testing.T) {
	member := stems("member")[0]
	for request, want := range map[string]bool{
		"who's on the team for board nC8QJJoZ": true, "who is in the acme-eng workspace": true,
		"who's online": false, "what's on board nC8QJJoZ": false,
	} {
		if got := slices.Contains(readUtterance(request).phraseThings(), member); got != want {
			t.Errorf("phraseThings(%q) says member: %v, want %v", request, got, want)
		}
	}
}
