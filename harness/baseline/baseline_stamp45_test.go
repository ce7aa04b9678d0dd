package baseline_test

import "testing"

// A moment written as seconds since 1970 with its fraction
// ("1700000000.000200", a Slack message) goes to an argument named ts or
// timestamp, though nothing in the request names it.
func TestMessageTimestamp(t *testing.T) {
	pin := toolDef(t, "pins_add", "Pins item to channel\nExample: {\"channel\":\"C024BE91L\"}",
		`{"type":"object","required":["channel"],"properties":{"channel":{"type":"string"},"timestamp":{"type":"string"}}}`)
	checkArg(t, pin, "pin message 1700000000.000200 in C0G9QF9GW", "timestamp", "1700000000.000200")
	checkArg(t, pin, "pin message 1700000000.000200 in C0G9QF9GW", "channel", "C0G9QF9GW")
	// A plain number is no moment.
	checkArg(t, pin, "pin message 42 in C0G9QF9GW", "timestamp", nil)
}

// An identifier that says its kind by its first letter goes to the
// argument whose name starts with that letter, not to another that takes
// identifiers too: "invite U024BE7LH and U0G9QF9C6 to C0G9QF9GW".
func TestInitialForOther(t *testing.T) {
	invite := toolDef(t, "conversations_invite", "Invites users to channel\nExample: {\"channel\":\"C024BE91L\"}",
		`{"type":"object","properties":{"channel":{"type":"string","description":"ID of public or private channel to invite user(s) to"},
		  "users":{"type":"string","description":"comma separated list of user IDs"}}}`)
	checkArg(t, invite, "invite U024BE7LH and U0G9QF9C6 to C0G9QF9GW", "channel", "C0G9QF9GW")
}

// A word that makes one word of the tool's name with the next ("user
// groups" for usergroups_list) names what the tool lists; it switches
// no include_users on.
func TestCompoundOfTheNameSwitchesNothing(t *testing.T) {
	groups := toolDef(t, "usergroups_list", "List all User Groups for a team\nExample: {}",
		`{"type":"object","properties":{"include_users":{"type":"boolean","description":"Include the list of users for each User Group."},
		  "include_count":{"type":"boolean","description":"Include the number of users in each User Group."}}}`)
	checkArg(t, groups, "list the user groups", "include_users", nil)
	checkArg(t, groups, "list the user groups with their users", "include_users", true)
}
