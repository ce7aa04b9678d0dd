package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// Counts, lengths of time, names and example-shaped words as a model
// reads them: the order word goes with its count, a number to skip is no
// limit, "an hour" is one hour, a quoted name is not the key the request
// gives after "key", and the word written like the example's value is
// the value.
func TestArgs16Rules(t *testing.T) {
	droplets := toolDef(t, "droplets_list", "List All Droplets.\nExample: {\"tag_name\":\"env:prod\"}",
		`{"type":"object","properties":{
			"per_page":{"type":"integer","minimum":1,"maximum":200},
			"page":{"type":"integer","minimum":1},
			"tag_name":{"type":"string"},
			"name":{"type":"string","description":"Used to filter list response by Droplet name"}}}`)
	members := toolDef(t, "getMembers", "Returns a list of all members in the account",
		`{"type":"object","properties":{
			"limit":{"type":"number","description":"The number of objects to return"},
			"offset":{"type":"number","description":"Where to start in the list"}}}`)
	creds := toolDef(t, "getDockerCredentials", "Get Docker Credentials for Container Registry",
		`{"type":"object","properties":{
			"expiry_seconds":{"type":"integer","minimum":0,"description":"The duration in seconds that the returned registry credentials will be valid"},
			"read_write":{"type":"boolean"}}}`)
	project := toolDef(t, "postProject", "Create a new project with the given key and name.\nExample: {\"key\":\"new-project\",\"name\":\"New Project\"}",
		`{"type":"object","properties":{"key":{"type":"string"},"name":{"type":"string"}},"required":["key","name"]}`)
	records := toolDef(t, "listDomainRecords", "List All Domain Records.\nExample: {\"domain_name\":\"example.com\"}",
		`{"type":"object","properties":{
			"domain_name":{"type":"string","description":"The name of the domain itself."},
			"per_page":{"type":"integer"}},"required":["domain_name"]}`)
	role := toolDef(t, "getCustomRole", "Get one custom role by key.",
		`{"type":"object","properties":{"customRoleKey":{"type":"string","description":"The custom role key."}},"required":["customRoleKey"]}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		arg     string
		want    any // nil: the argument must be absent
	}{
		{droplets, "show me the first 50 droplets", "per_page", 50.0},
		{droplets, "show me the first 50 droplets", "tag_name", nil},
		{droplets, "droplets with tag env:prod", "tag_name", "env:prod"},
		{members, "skip the first 40 members and show me the next 20", "offset", 40.0},
		{members, "skip the first 40 members and show me the next 20", "limit", 20.0},
		{members, "skip 10 members", "limit", nil},
		{members, "members, 100 at most", "limit", 100.0},
		{members, "members, 30 max", "limit", 30.0},
		{members, "the next 20 members", "limit", 20.0},
		{creds, "docker registry credentials that are valid for an hour", "expiry_seconds", 3600.0},
		{creds, "docker registry credentials valid for one day", "expiry_seconds", 86400.0},
		{creds, "docker registry credentials, rotated twice a day", "expiry_seconds", nil},
		{creds, "docker registry credentials for half an hour", "expiry_seconds", nil},
		{project, "create project 'Mobile App' with key mobile-app", "key", "mobile-app"},
		{project, "create project 'Mobile App' with key mobile-app", "name", "Mobile App"},
		{records, "IPv6 records for acme.io", "domain_name", "acme.io"},
		{records, "mail server records of acme.io", "domain_name", "acme.io"},
		{role, "show the custom role named ops-admins", "customRoleKey", "ops-admins"},
	} {
		checkArg(t, c.tool, c.request, c.arg, c.want)
	}
}

// Quoted words with a space before the thing's noun are its name, not
// its id or key: the baseline first lists those things to find it, with
// the tool that lists them rather than another thing's search.
func TestSpacedNameIsNoKey(t *testing.T) {
	del := toolDef(t, "deleteToken", "Delete an access token by ID.",
		`{"type":"object","properties":{"tokenId":{"type":"string","description":"The access token ID."}},"required":["tokenId"]}`)
	list := toolDef(t, "getTokens", "Returns a list of tokens in the account.",
		`{"type":"object","properties":{"showAll":{"type":"boolean"}}}`)
	search := toolDef(t, "getMembers", "Returns a list of all members in the account.",
		`{"type":"object","properties":{"filter":{"type":"string","description":"A comma-separated list of filters"}}}`)
	for _, c := range []struct{ request, want string }{
		{"delete the 'QA bot' token", `getTokens{}`},
		{"delete the 'qa-bot' token", `deleteToken{"tokenId":"qa-bot"}`},
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{del, list, search}, c.request)); got.String() != c.want {
			t.Errorf("%q: got %s, want %s", c.request, got, c.want)
		}
	}
}
