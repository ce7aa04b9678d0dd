package baseline_test

import "testing"

// A required container said only by its value (a realm, a project, a
// workspace) fills the argument whose thing the tool's name puts before
// what it acts on (getRealmUsers: /{realm}/users), or whose tool's first
// sentence or own description says it works in that thing: the one word
// after in/of/for/from/on/at that ends its phrase, a possessive, or the
// word between "the" and the container's noun.
func TestScopeSaidByItsValue(t *testing.T) {
	users := toolDef(t, "getRealmUsers", "Get users\nExample: {\"realm\":\"24288\"}",
		`{"type":"object","properties":{"realm":{"type":"string"},"search":{"type":"string"},
			"max":{"type":"integer"},"format":{"type":"string","enum":["json","csv"]}},"required":["realm"]}`)
	logout := toolDef(t, "deleteRealmSessions", "Remove all user sessions",
		`{"type":"object","properties":{"realm":{"type":"string"}},"required":["realm"]}`)
	flags := toolDef(t, "getFeatureFlags", "Get list of all features in given project",
		`{"type":"object","properties":{"projectKey":{"type":"string","description":"project key"},
			"tag":{"type":"string"},"limit":{"type":"number"}},"required":["projectKey"]}`)
	repos := toolDef(t, "listRepositories", "List repositories",
		`{"type":"object","properties":{"workspace":{"type":"string",
			"description":"The workspace the repositories are listed in"}},"required":["workspace"]}`)
	checkArg(t, users, "list the users in acme", "realm", "acme")
	checkArg(t, users, "show me the users of staging, 20 at most", "realm", "staging")
	checkArg(t, users, "how many users in prod have the name Smith", "realm", "prod")
	checkArg(t, users, "users in acme since yesterday", "realm", "acme")
	checkArg(t, users, "acme's users", "realm", "acme")
	checkArg(t, users, "users of the acme realm", "realm", "acme")
	checkArg(t, logout, "kick all sessions out of staging", "realm", "staging")
	checkArg(t, logout, "remove every session from staging for good", "realm", "staging")
	checkArg(t, flags, "first 20 flags of webshop", "projectKey", "webshop")
	checkArg(t, repos, "the repositories in the acme workspace", "workspace", "acme")
}

// The rule does not fire on a manner, a format, a length of time, a
// word that names the value after it, a plural noun after "the", or a
// value an argument lists; nor on two candidate words, nor for an
// argument that no name or description says scopes the tool.
func TestScopeNotFromOtherWords(t *testing.T) {
	users := toolDef(t, "getRealmUsers", "Get users",
		`{"type":"object","properties":{"realm":{"type":"string"},
			"format":{"type":"string","enum":["json","csv"]}},"required":["realm"]}`)
	members := toolDef(t, "getGroupsIdMemberships", "List members of group",
		`{"type":"object","properties":{"group_id":{"type":"string"}},"required":["group_id"]}`)
	plain := toolDef(t, "getUsers", "Get users",
		`{"type":"object","properties":{"realm":{"type":"string"}},"required":["realm"]}`)
	checkArg(t, users, "list users in bulk", "realm", nil)
	checkArg(t, users, "list the users in JSON", "realm", nil)
	checkArg(t, users, "list the users in csv", "realm", nil)
	checkArg(t, users, "users created in the last hour", "realm", nil)
	checkArg(t, users, "users created in minutes", "realm", nil)
	checkArg(t, users, "users in acme and of staging", "realm", nil)
	checkArg(t, members, "who is in team 777", "group_id", "777")
	checkArg(t, members, "show the unsubscribe groups", "group_id", nil)
	checkArg(t, plain, "list the users in acme", "realm", nil)
}
