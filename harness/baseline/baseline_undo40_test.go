package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// muteTools mute, list and unmute the accounts a user mutes, and like
// and unlike posts, as an API names them: the undoing in one word.
func muteTools() []*schema.ToolInfo {
	id := func(desc string) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Required: true, Desc: desc}
	}
	return []*schema.ToolInfo{
		{Name: "accountMute", Desc: "Causes the account to mute the target account.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"id": id("The ID of the account that mutes."), "target_account_id": id("The ID of the account to mute.")})},
		{Name: "accountMuting", Desc: "Returns the accounts muted by the account.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"id": id("The ID of the account.")})},
		{Name: "accountUnmute", Desc: "Causes the source account to unmute the target account.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"source_account_id": id("The ID of the account that unmutes."), "target_account_id": id("The ID of the account to unmute.")})},
		{Name: "accountLike", Desc: "Causes the account to like the post.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"id": id("The ID of the account."), "post_id": id("The ID of the post to like.")})},
		{Name: "accountUnlike", Desc: "Causes the account to unlike the post.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"id": id("The ID of the account."), "post_id": id("The ID of the post to unlike.")})},
		{Name: "accountFollow", Desc: "Causes the account to follow the target account.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"id": id("The ID of the account."), "target_account_id": id("The ID of the account to follow.")})},
		{Name: "accountUnfollow", Desc: "Causes the source account to unfollow the target account.", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"source_account_id": id("The ID of the account."), "target_account_id": id("The ID of the account to unfollow.")})},
	}
}

// "stop V-ing", "undo the V" and "take back the V" ask for the tool
// whose name undoes V in one word (un-V), not for the one that does V,
// whose name says the request's word; "stop" as a noun undoes nothing.
func TestUndoingAsksForTheUnTool(t *testing.T) {
	checkPick(t, "stop muting 783214, I'm 2244994945", "accountUnmute", muteTools())
	checkPick(t, "take back 2244994945's like on 1460323737035677698", "accountUnlike", muteTools())
	checkPick(t, "undo the like of 1460323737035677698 by 2244994945", "accountUnlike", muteTools())
	checkPick(t, "make 2244994945 stop following 783214", "accountUnfollow", muteTools())
	// Without an undoing the tool that does the action is the one.
	checkPick(t, "follow 783214 as 2244994945", "accountFollow", muteTools())
	k := newToolkit(muteTools())
	if d := k.undoing(readUtterance("the stop muting feature, who has 2244994945 muted")); d.word != "" {
		t.Errorf("'the stop muting' reads as undoing %q, want none: a noun orders nothing", d.word)
	}
	if d := k.undoing(readUtterance("stop muting 783214")); d.word != "unmute" || d.action() != "delete" {
		t.Errorf("'stop muting' reads as %q (%s), want unmute (delete)", d.word, d.action())
	}
}
