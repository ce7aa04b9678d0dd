package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// twinTools are one operation published twice, on /me/videos and on
// /users/{user_id}/videos, the second name numbered (alt1) to tell the
// two apart, beside a tool on another thing.
func twinTools() []*schema.ToolInfo {
	num := func(desc string, required bool) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.Number, Required: required, Desc: desc}
	}
	str := func(desc string) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Desc: desc}
	}
	return []*schema.ToolInfo{
		{Name: "get_videos", Desc: "Get all the videos that a user has uploaded", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"user_id": num("The ID of the user.", true), "query": str("The search query.")})},
		{Name: "get_videos_alt1", Desc: "Get all the videos that a user has uploaded", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"query": str("The search query.")})},
		{Name: "join_group", Desc: "Add a user to a group", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"user_id": num("The ID of the user.", true), "group_id": num("The ID of the group.", true)})},
		{Name: "join_group_alt1", Desc: "Add a user to a group", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"group_id": num("The ID of the group.", true)})},
		{Name: "get_group", Desc: "Get a specific group", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"group_id": num("The ID of the group.", true)})},
	}
}

// A numbered last word that only tells a name from its twin's (alt1) is
// no word a reader reads: the twins are told apart by what they take,
// the one for the caller when no user is named, the other when one is.
func TestNumberedTwinIsReadByItsArguments(t *testing.T) {
	checkPick(t, "my videos", "get_videos_alt1", twinTools())
	checkPick(t, "videos of user 152184", "get_videos", twinTools())
	checkPick(t, "join group 1108", "join_group_alt1", twinTools())
	checkPick(t, "add user 152184 to group 1108", "join_group", twinTools())
	k := newToolkit(twinTools())
	if r := k.byName["get_videos_alt1"].readName(); r != "get_videos" {
		t.Errorf("get_videos_alt1 reads as %q, want get_videos", r)
	}
	// A numbered word with no twin is a word of the name.
	lone := newToolkit([]*schema.ToolInfo{{Name: "registry_list_repositoriesV2", Desc: "List all container registry repositories (V2)"},
		{Name: "registry_list_tags", Desc: "List all tags"}})
	if r := lone.byName["registry_list_repositoriesV2"].readName(); r != "registry_list_repositoriesV2" {
		t.Errorf("registry_list_repositoriesV2 reads as %q, want its whole name: it has no twin", r)
	}
}

// privacyTools add, list and remove the users who may see a video.
func privacyTools() []*schema.ToolInfo {
	num := func(desc string) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.Number, Required: true, Desc: desc}
	}
	both := map[string]*schema.ParameterInfo{"video_id": num("The ID of the video."), "user_id": num("The ID of the user.")}
	return []*schema.ToolInfo{
		{Name: "add_video_privacy_user", Desc: "Permit a specific user to view a private video", ParamsOneOf: schema.NewParamsOneOfByParams(both)},
		{Name: "delete_video_privacy_user", Desc: "Restrict a user from viewing a private video", ParamsOneOf: schema.NewParamsOneOfByParams(both)},
		{Name: "get_video_privacy_users", Desc: "Get all the users who can view a private video", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"video_id": num("The ID of the video.")})},
	}
}

// A request that orders nothing but says a state must end ("shouldn't
// ... anymore", "no longer") asks to remove it; the same words without
// the end of a state do not.
func TestEndedStateRemoves(t *testing.T) {
	checkPick(t, "user 152184 shouldn't be able to see private video 258684937 anymore", "delete_video_privacy_user", privacyTools())
	checkPick(t, "user 152184 should not see video 258684937 any more", "delete_video_privacy_user", privacyTools())
	checkPick(t, "user 152184 can no longer view video 258684937", "delete_video_privacy_user", privacyTools())
	checkPick(t, "can user 152184 see private video 258684937", "get_video_privacy_users", privacyTools())
	for _, c := range []struct {
		text string
		want bool
	}{
		{"0b7e3a9d shouldn't be an owner of org 5e8d2c4b anymore", true},
		{"X is no longer on the team", true},
		{"X shouldn’t be an owner any longer", true},
		{"X shouldn't be an owner", false},
		{"show owners, even those who are not active anymore", false},
	} {
		if got := readUtterance(c.text).endsState(); got != c.want {
			t.Errorf("endsState(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// keyTools are one operation on two paths, with one description: the
// caller's keys (/user/public_keys, a user_id optional) and a given
// user's (/users/{user_id}/public_keys), and the update of the caller
// and of a given user.
func keyTools() []*schema.ToolInfo {
	num := func(desc string, required bool) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.Integer, Required: required, Desc: desc}
	}
	boolean := &schema.ParameterInfo{Type: schema.Boolean, Desc: "Is user disabled?"}
	return []*schema.ToolInfo{
		{Name: "GetUserPublicKeys", Desc: "List Public Keys", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"user_id": num("User ID. Provide a value of 0 to operate the current session's user.", false)})},
		{Name: "GetUsersUserIdPublicKeys", Desc: "List Public Keys", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"user_id": num("User ID.", true)})},
		{Name: "PatchUser", Desc: "Update User", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"disabled": boolean})},
		{Name: "PatchUsersId", Desc: "Update User", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"id": num("User ID.", true), "disabled": boolean})},
	}
}

// Twins by description are told apart by what they take: the request
// that names the parent by its identifier asks for the twin that
// requires it, and one that names none for the other.
func TestDescriptionTwinsByArguments(t *testing.T) {
	checkPick(t, "public keys of user 4412", "GetUsersUserIdPublicKeys", keyTools())
	checkPick(t, "my public keys", "GetUserPublicKeys", keyTools())
	checkPick(t, "update user 4412, disabled", "PatchUsersId", keyTools())
}

// channelTools read a channel, its tags, and its videos.
func channelTools() []*schema.ToolInfo {
	num := func(desc string) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.Number, Required: true, Desc: desc}
	}
	ch := map[string]*schema.ParameterInfo{"channel_id": num("The ID of the channel.")}
	return []*schema.ToolInfo{
		{Name: "get_channel", Desc: "Get a specific channel", ParamsOneOf: schema.NewParamsOneOfByParams(ch)},
		{Name: "get_channel_tags", Desc: "Get all the tags that have been added to a channel", ParamsOneOf: schema.NewParamsOneOfByParams(ch)},
		{Name: "get_channel_videos", Desc: "Get all the videos in a channel", ParamsOneOf: schema.NewParamsOneOfByParams(ch)},
		{Name: "check_if_channel_has_tag", Desc: "Check if a tag has been added to a channel", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"channel_id": num("The ID of the channel."), "word": {Type: schema.String, Required: true, Desc: "The tag to check for."}})},
		{Name: "get_channels", Desc: "Get all channels", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"query": {Type: schema.String, Desc: "The search query to use to filter the results."}})},
	}
}

// A value written with 's says whose thing is asked for, and the word
// after it what thing: "channel 927's tags" asks for tags, not for the
// channel it names.
func TestPossessedThingIsAskedFor(t *testing.T) {
	checkPick(t, "channel 927's tags", "get_channel_tags", channelTools())
	checkPick(t, "channel 927's videos", "get_channel_videos", channelTools())
	checkPick(t, "channel 927", "get_channel", channelTools())
	for text, want := range map[string]string{"channel 927's tags": "tags", "user 152184's groups, newest first": "groups",
		"the user's groups": "", "set 09c4e1b7's password": "password", "927's 'x'": ""} {
		if got := readUtterance(text).possessedThing(); got != want {
			t.Errorf("possessedThing(%q) = %q, want %q", text, got, want)
		}
	}
}

// The tool that names only what the possessive names, not what it asks
// for, loses against its score for the same words said without 's.
func TestPossessedThingCostsTheOwnerTool(t *testing.T) {
	k := newToolkit(channelTools())
	score := func(request, tool string) float64 {
		hits, _, _ := k.pickTool(request, readUtterance(request))
		for _, h := range hits {
			if h.Name == tool {
				return h.Score
			}
		}
		t.Fatalf("%q: %s not among %v", request, tool, hits)
		return 0
	}
	plain, owned := score("channel 927 tags", "get_channel"), score("channel 927's tags", "get_channel")
	if owned > plain-0.5 {
		t.Errorf("get_channel scores %.2f for \"channel 927's tags\", %.2f without 's: want it to lose at least 0.5", owned, plain)
	}
}
