package baseline_test

import "testing"

// A machine-made token whose first word says its kind ("access-sandbox-
// 5cd6...") goes to the argument named for that kind, even where another
// argument's name is said next to it; a name written with dashes
// ("web-03") says no kind.
func TestWordPrefixNamesItsArgument(t *testing.T) {
	accounts := toolDef(t, "accountsGet", "Retrieve accounts of an Item.",
		`{"type":"object","required":["access_token"],"properties":{
		  "access_token":{"type":"string","description":"access token associated with the Item"},
		  "options":{"type":"object","properties":{"account_ids":{"type":"array","items":{"type":"string"}}}}}}`)
	checkArg(t, accounts, "accounts on item access-sandbox-5cd6e1b1-1b5b-459d-9284-366e2da89755",
		"access_token", "access-sandbox-5cd6e1b1-1b5b-459d-9284-366e2da89755")
	checkArg(t, accounts, "accounts on item access-sandbox-5cd6e1b1-1b5b-459d-9284-366e2da89755",
		"options", nil)
	servers := toolDef(t, "getServer", "Get a server.",
		`{"type":"object","properties":{"web_name":{"type":"string"},"server_id":{"type":"string"}}}`)
	checkArg(t, servers, "server web-03", "web_name", nil)
}
