package baseline_test

import (
	"reflect"
	"testing"

	"github.com/cloudwego/eino/schema"
)

// rpcTools are tools named as RPC-style APIs name them: the noun first,
// the verb last (pins.add, chat.delete), their objects said only by the
// description.
func rpcTools(t *testing.T) []*schema.ToolInfo {
	msg := `{"type":"object","properties":{
		"channel":{"type":"string","description":"Channel containing the message."},
		"timestamp":{"type":"string","description":"Timestamp of the message."}},"required":["channel"]}`
	return []*schema.ToolInfo{
		toolDef(t, "pins_add", "Pins an item to a channel.", msg),
		toolDef(t, "pins_list", "Lists items pinned to a channel.",
			`{"type":"object","properties":{"channel":{"type":"string","description":"Channel to get pinned items for."}},"required":["channel"]}`),
		toolDef(t, "pins_remove", "Un-pins an item from a channel.", msg),
		toolDef(t, "chat_delete", "Deletes a message.",
			`{"type":"object","properties":{
				"channel":{"type":"string","description":"Channel containing the message to be deleted."},
				"ts":{"type":"number","description":"Timestamp of the message to be deleted."}}}`),
		toolDef(t, "chat_deleteScheduledMessage", "Deletes a pending scheduled message from the queue.",
			`{"type":"object","properties":{
				"channel":{"type":"string","description":"The channel the scheduled_message is posting to"},
				"scheduled_message_id":{"type":"string","description":"scheduled_message_id returned from call to chat.scheduleMessage"}},
				"required":["channel","scheduled_message_id"]}`),
		toolDef(t, "conversations_kick", "Removes a user from a conversation.",
			`{"type":"object","properties":{
				"channel":{"type":"string","description":"ID of conversation to remove user from."},
				"user":{"type":"string","description":"User ID to be removed."}}}`),
		toolDef(t, "conversations_invite", "Invites users to a channel.",
			`{"type":"object","properties":{
				"channel":{"type":"string","description":"The ID of the public or private channel to invite user(s) to."},
				"users":{"type":"string","description":"A comma separated list of user IDs."}}}`),
	}
}

// A request verb the verb table does not know, said as the noun of tools
// named noun-then-verb, asks to add that thing ("pin" is pins_add), and
// with "un" to remove it; a name that ends with its verb is read with the
// object its description gives, so that a qualifier the request never
// says (ScheduledMessage) does not win over the plain tool; an
// identifier's type initial (U for user, C for channel) says which of two
// arguments it goes to.
func TestRPCStyleNames(t *testing.T) {
	tools := rpcTools(t)
	for _, c := range []struct {
		request, tool string
		args          map[string]any
	}{
		{"pin message 1712000000.000100 in C024BE91L", "pins_add", nil},
		{"unpin 1712000000.000100 from C024BE91L", "pins_remove", nil},
		{"what's pinned in C024BE91L?", "pins_list", map[string]any{"channel": "C024BE91L"}},
		{"delete message 1712000000.000100 in C024BE91L", "chat_delete", nil},
		{"delete scheduled message Q1298393284 in C024BE91L", "chat_deleteScheduledMessage",
			map[string]any{"channel": "C024BE91L", "scheduled_message_id": "Q1298393284"}},
		{"kick U061F7AUR out of C024BE91L", "conversations_kick", map[string]any{"channel": "C024BE91L", "user": "U061F7AUR"}},
		{"invite U061F7AUR to C024BE91L", "conversations_invite", map[string]any{"channel": "C024BE91L", "users": "U061F7AUR"}},
	} {
		got := callOf(t, firstCall(t, tools, c.request))
		if got.Tool != c.tool || c.args != nil && !reflect.DeepEqual(got.Args, c.args) {
			t.Errorf("%q: got %s, want %s%v", c.request, got, c.tool, c.args)
		}
	}
}

// A question that says nothing but a question word and the thing's
// identifier asks for what the question word means: "who is X" reads a
// user, "who's in X" its members, "is X online" a user's presence; a
// model does not leave it unanswered.
func TestQuestionAboutOneThing(t *testing.T) {
	user := `{"type":"object","properties":{"user":{"type":"string","description":"User to get info on"}}}`
	tools := []*schema.ToolInfo{
		toolDef(t, "users_info", "Gets information about a user.", user),
		toolDef(t, "users_getPresence", "Gets user presence information.", user),
		toolDef(t, "users_profile_get", "Retrieves a user's profile information.", user),
		toolDef(t, "users_setPresence", "Manually sets user presence.",
			`{"type":"object","properties":{"presence":{"type":"string","description":"Either auto or away"}},"required":["presence"]}`),
		toolDef(t, "conversations_info", "Retrieve information about a conversation.",
			`{"type":"object","properties":{"channel":{"type":"string","description":"Conversation ID to learn more about"}}}`),
		toolDef(t, "conversations_members", "Retrieve members of a conversation.",
			`{"type":"object","properties":{"channel":{"type":"string","description":"ID of the conversation"}}}`),
		toolDef(t, "conversations_mark", "Sets the read cursor in a channel.",
			`{"type":"object","properties":{"channel":{"type":"string","description":"Channel or conversation to set the read cursor for."}}}`),
	}
	if got := callOf(t, firstCall(t, tools, "who's in C024BE91L")); got.Tool != "conversations_members" || got.Args["channel"] != "C024BE91L" {
		t.Errorf("who's in C024BE91L: got %s, want conversations_members{channel: C024BE91L}", got)
	}
	for request, want := range map[string]string{
		"who is U061F7AUR":             "users_info",
		"who's U061F7AUR?":             "users_info",
		"is U061F7AUR online":          "users_getPresence",
		"is U061F7AUR away right now?": "users_getPresence",
	} {
		got := callOf(t, firstCall(t, tools, request))
		if got.Tool != want || got.Args["user"] != "U061F7AUR" {
			t.Errorf("%q: got %s, want %s{user: U061F7AUR}", request, got, want)
		}
	}
}
