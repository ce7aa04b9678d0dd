package baseline_test

import "testing"

// A period said by its noun is the enum value that names it by its -ly
// form ("this week" for weekly, "of the month" for monthly, the values
// listed in an enum or after "Enum:" in the description), but a counted length of time
// ("the last 3 months") is no period.
func TestPeriodSaidByItsNoun(t *testing.T) {
	top := toolDef(t, "listTopTopics", "Get the top topics filtered by period",
		`{"type":"object","properties":{
			"period":{"type":"string","description":"Enum: all, yearly, quarterly, monthly, weekly, daily"}}}`)
	users := toolDef(t, "listUsersPublic", "Get a public list of users",
		`{"type":"object","properties":{
			"period":{"type":"string","enum":["daily","weekly","monthly","quarterly","yearly","all"]}}}`)
	checkArg(t, top, "top topics of the month", "period", "monthly")
	checkArg(t, users, "list the users who were most active this week", "period", "weekly")
	checkArg(t, users, "the busiest users this year", "period", "yearly")
	checkArg(t, users, "users over the last 3 months", "period", nil)
}

// A required username is the one word the request writes as a person's
// handle: a possessive, a name-shaped word, or a plain word after "of",
// "for", "as" or "user"; never one of two such words, nor a word of the
// sentence.
func TestUsernameSaidAsAHandle(t *testing.T) {
	badges := toolDef(t, "listUserBadges", "List badges for a user",
		`{"type":"object","properties":{"username":{"type":"string"}},"required":["username"]}`)
	top := toolDef(t, "listTopTopics", "Get the top topics filtered by period",
		`{"type":"object","properties":{"Api-Key":{"type":"string"},"Api-Username":{"type":"string"},"period":{"type":"string"}},
			"required":["Api-Key","Api-Username"]}`)
	checkArg(t, badges, "refresh mia_k's badges", "username", "mia_k")
	checkArg(t, badges, "which badges does mia_k have", "username", "mia_k")
	checkArg(t, badges, "the badges of jdoe", "username", "jdoe")
	checkArg(t, badges, "badges for jdoe and mia_k", "username", nil)
	checkArg(t, badges, "list the badges of the forum", "username", nil)
	checkArg(t, top, "key 7c1e9a42d0b84f6e, as system: top topics", "Api-Username", "system")
	checkArg(t, top, "key 7c1e9a42d0b84f6e user system: top topics", "Api-Username", "system")
}

// The two words of a boolean's name said with a determiner between them
// set it ("block their email" for block_email), and a negation before
// them clears it ("don't block the ip"); other words between say nothing.
func TestSwitchNamedAcrossADeterminer(t *testing.T) {
	del := toolDef(t, "deleteUser", "Delete a user",
		`{"type":"object","properties":{"id":{"type":"integer"},
			"block_email":{"type":"boolean"},"block_ip":{"type":"boolean"}},"required":["id"]}`)
	checkArg(t, del, "delete user 901 and block their email too", "block_email", true)
	checkArg(t, del, "delete user 902 but don't block the ip", "block_ip", false)
	checkArg(t, del, "delete user 903, block new email", "block_email", nil)
}

// A limit typed as text whose description says it holds a number
// ("number from 0 to 1000") takes a count as its digits, as an integer
// limit does; a text limit that says nothing of numbers takes none.
func TestCountInATextLimit(t *testing.T) {
	actions := toolDef(t, "getCardsActionsByIdCard", "getCardsActionsByIdCard",
		`{"type":"object","properties":{"idCard":{"type":"string","description":"card id or shortlink"},
			"limit":{"type":"string","description":"number from 0 to 1000","default":"50"}},"required":["idCard"]}`)
	opaque := toolDef(t, "getCardsActionsByIdCard", "getCardsActionsByIdCard",
		`{"type":"object","properties":{"idCard":{"type":"string","description":"card id or shortlink"},
			"limit":{"type":"string","description":"paging token"}},"required":["idCard"]}`)
	checkArg(t, actions, "last 20 actions on card Xq3pL9aB", "limit", "20")
	checkArg(t, opaque, "last 20 actions on card Xq3pL9aB", "limit", nil)
}

// A string argument without a format whose value in the tool's example is
// a date-time takes a date said in words as a date-time.
func TestDateTimeByExample(t *testing.T) {
	suspend := toolDef(t, "suspendUser", "Suspend user\nExample: {\"id\":1,\"reason\":\"Ready for review.\",\"suspend_until\":\"2025-10-15T13:51:02.867Z\"}",
		`{"type":"object","properties":{"id":{"type":"integer"},"reason":{"type":"string"},"suspend_until":{"type":"string"}},
			"required":["id","reason","suspend_until"]}`)
	checkArg(t, suspend, "suspend user 318 until March 1st 2027 for spamming", "suspend_until", "2027-03-01T00:00:00Z")
}

// A tool whose name says it sets a name takes "rename X to Y" in its one
// value argument; a value whose description starts with "date" takes a
// date.
func TestValueOfASetter(t *testing.T) {
	rename := toolDef(t, "updateBoardsNameByIdBoard", "updateBoardsNameByIdBoard",
		`{"type":"object","properties":{"idBoard":{"type":"string"},
			"value":{"type":"string","description":"string with length from 1 to 16384"}},"required":["idBoard"]}`)
	due := toolDef(t, "updateCardsDueByIdCard", "updateCardsDueByIdCard",
		`{"type":"object","properties":{"idCard":{"type":"string","description":"card id or shortlink"},
			"value":{"type":"string","description":"date, or null"}},"required":["idCard"]}`)
	desc := toolDef(t, "updateCardsDescByIdCard", "updateCardsDescByIdCard",
		`{"type":"object","properties":{"idCard":{"type":"string"},
			"value":{"type":"string","description":"string with length from 0 to 16384"}},"required":["idCard"]}`)
	checkArg(t, rename, "rename board nC8QJJoZ to Roadmap 2025", "value", "Roadmap 2025")
	checkArg(t, due, "set the due date on Xq3pL9aB to 2024-07-01", "value", "2024-07-01")
	checkArg(t, desc, "rename card Xq3pL9aB to Launch", "value", nil)
}

// A file's name said in the request goes to the argument named for a
// file's name; a domain or a path does not.
func TestFileNameForAFileNameArgument(t *testing.T) {
	backup := toolDef(t, "sendDownloadBackupEmail", "Send download backup email",
		`{"type":"object","properties":{"filename":{"type":"string"}},"required":["filename"]}`)
	put := toolDef(t, "generatePresignedPut", "Initiates a direct external upload",
		`{"type":"object","properties":{"file_name":{"type":"string"},"file_size":{"type":"integer"}},"required":["file_name","file_size"]}`)
	checkArg(t, backup, "email me the download link for backup site-2026-01-02.tar.gz", "filename", "site-2026-01-02.tar.gz")
	checkArg(t, put, "generate an upload url for banner.png", "file_name", "banner.png")
	checkArg(t, backup, "email me the backup of acme.dev", "filename", nil)
}

// The request's email goes to a required login (a username or an
// address); an optional one is left out.
func TestEmailAsLogin(t *testing.T) {
	reset := toolDef(t, "sendPasswordResetEmail", "Send password reset email",
		`{"type":"object","properties":{"login":{"type":"string"}},"required":["login"]}`)
	optional := toolDef(t, "sendPasswordResetEmail", "Send password reset email",
		`{"type":"object","properties":{"login":{"type":"string"}}}`)
	checkArg(t, reset, "send a password reset to jdoe@example.org", "login", "jdoe@example.org")
	checkArg(t, optional, "send a password reset to jdoe@example.org", "login", nil)
}

// A tool that sets a state its name says (updateBoardsClosedByIdBoard)
// takes "close board X" as value true, "don't close" as false; a tool
// whose name says no state sets nothing.
func TestStateSaidForASetter(t *testing.T) {
	closed := toolDef(t, "updateBoardsClosedByIdBoard", "updateBoardsClosedByIdBoard",
		`{"type":"object","properties":{"idBoard":{"type":"string"},
			"value":{"type":"string","description":"true or false"}},"required":["idBoard"]}`)
	pos := toolDef(t, "updateBoardsPosByIdBoard", "updateBoardsPosByIdBoard",
		`{"type":"object","properties":{"idBoard":{"type":"string"},
			"value":{"type":"string","description":"true or false"}},"required":["idBoard"]}`)
	checkArg(t, closed, "close board nC8QJJoZ", "value", "true")
	checkArg(t, closed, "set board nC8QJJoZ to not closed", "value", "false")
	checkArg(t, pos, "close board nC8QJJoZ", "value", nil)
}

// "sorted by X" gives X to a sort argument that takes free text; never a
// phrase of two words, nor a sort argument whose values are listed.
func TestSortedByForAFreeSortArgument(t *testing.T) {
	contacts := toolDef(t, "getContacts", "Retrieves all contacts",
		`{"type":"object","properties":{"order":{"type":"string"},"page":{"type":"integer"}}}`)
	listed := toolDef(t, "getContacts", "Retrieves all contacts",
		`{"type":"object","properties":{"order":{"type":"string","enum":["created","updated"]}}}`)
	checkArg(t, contacts, "contacts sorted by name", "order", "name")
	checkArg(t, contacts, "contacts sorted by due date", "order", nil)
	checkArg(t, listed, "contacts sorted by name", "order", nil)
}

// "sorted by X" before a word of another argument's name ("(tenant ...)")
// still gives the one word X.
func TestSortedByBeforeAnotherArgument(t *testing.T) {
	contacts := toolDef(t, "getContacts", "Retrieves all contacts",
		`{"type":"object","properties":{"xero-tenant-id":{"type":"string"},"order":{"type":"string"}},"required":["xero-tenant-id"]}`)
	checkArg(t, contacts, "contacts sorted by name (tenant e2a4c6b8-1d3f-4a5b-9c7d-0f2e4a6c8b1d)", "order", "name")
}
