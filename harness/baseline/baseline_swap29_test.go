package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// Two identifiers of the same kind land where the words before them say:
// the noun before each ("user 8c1d..."), the verb whose object is the
// tool's thing ("mark 3c2b... as watched"), a preposition the description
// puts before an argument's thing ("for user"), and "to" before a new
// name. Where nothing says otherwise, the passes' choice stands.
func TestArgs29Swaps(t *testing.T) {
	played := toolDef(t, "MarkPlayedItem", "Marks an item as played for user.",
		`{"type":"object","properties":{
			"userId":{"type":"string","format":"uuid","description":"User id."},
			"itemId":{"type":"string","format":"uuid","description":"Item id."}},"required":["userId","itemId"]}`)
	roles := toolDef(t, "getRealmUsersIdRoleMappingsClientsClient", "Get client-level role mappings for user, and app\nExample: {\"realm\":\"24288\",\"id\":\"84256\",\"client\":\"90110\"}",
		`{"type":"object","properties":{"realm":{"type":"string"},"id":{"type":"string"},"client":{"type":"string"}},"required":["realm","id","client"]}`)
	rename := toolDef(t, "updateUsername", "Update username",
		`{"type":"object","properties":{
			"username":{"type":"string"},
			"new_username":{"type":"string"}},"required":["username","new_username"]}`)
	folder := toolDef(t, "RenameVirtualFolder", "Renames a virtual folder.",
		`{"type":"object","properties":{
			"name":{"type":"string","description":"The name of the virtual folder."},
			"newName":{"type":"string","description":"The new name."}}}`)
	users := toolDef(t, "getUsers", "List all users in the environment.",
		`{"type":"object","properties":{
			"projectKey":{"type":"string","description":"The project key"},
			"environmentKey":{"type":"string","description":"The environment key"}},"required":["projectKey","environmentKey"]}`)
	const item, user = "3c2b1a09-8f7e-4d6c-b5a4-938271605f4e", "8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d"
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		arg     string
		want    any
	}{
		{played, "mark " + item + " as watched for " + user, "itemId", item},
		{played, "mark " + item + " as watched for " + user, "userId", user},
		{played, "for user " + user + " mark item " + item + " as played", "userId", user},
		{played, "for user " + user + " mark item " + item + " as played", "itemId", item},
		{roles, "which roles of app " + item + " does user " + user + " have in acme", "id", user},
		{roles, "which roles of app " + item + " does user " + user + " have in acme", "client", item},
		{roles, "roles of client " + item + " for user " + user + " in acme", "client", item},
		{roles, "roles of client " + item + " for user " + user + " in acme", "id", user},
		{rename, "change mia_k's username to mia_kowalski", "username", "mia_k"},
		{rename, "change mia_k's username to mia_kowalski", "new_username", "mia_kowalski"},
		{folder, "rename library Films to Movies", "name", "Films"},
		{folder, "rename library Films to Movies", "newName", "Movies"},
		// One preposition before two values says neither's thing.
		{users, "users in webshop production", "projectKey", "webshop"},
		{users, "users in webshop production", "environmentKey", "production"},
	} {
		checkArg(t, c.tool, c.request, c.arg, c.want)
	}
}

// The words a search seeks are those after "named" or "called", or after
// "for" once the request said search, not the words before them; without
// such a word the longest run of leftover words stands.
func TestArgs29Sought(t *testing.T) {
	users := toolDef(t, "get_users", "List enterprise users.\nExample: {\"filter_term\":\"john\"}",
		`{"type":"object","properties":{"filter_term":{"type":"string","description":"Limits results to only users who's name or login start with search term"}}}`)
	images := toolDef(t, "ImageSearch", "Search images\nExample: {\"term\":\"nginx\"}",
		`{"type":"object","properties":{"term":{"type":"string","description":"Term to search"}},"required":["term"]}`)
	record := toolDef(t, "createDomainRecord", "Create Domain Record\nExample: {\"name\":\"test\",\"type\":\"A\"}",
		`{"type":"object","properties":{"name":{"type":"string"},"type":{"type":"string","enum":["A","AAAA","MX"]},"target":{"type":"string"}},"required":["type"]}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		arg     string
		want    any
	}{
		{users, "find employees named smith", "filter_term", "smith"},
		{users, "find employees called smith", "filter_term", "smith"},
		{images, "search docker hub for postgres", "term", "postgres"},
		{images, "search for postgres", "term", "postgres"},
		{images, "postgres images for arm64 boards", "term", "postgres"},
		// A participle before a preposition says what the thing does;
		// a word in -ing elsewhere stays.
		{record, "add an A record www pointing at 203.0.113.7", "name", "www"},
		{record, "add an A record www-staging pointing at 203.0.113.7", "name", "www-staging"},
		{record, "add an A record called staging for 203.0.113.7", "name", "staging"},
	} {
		checkArg(t, c.tool, c.request, c.arg, c.want)
	}
}

// A one-word enum value said as the plural of the tool's own thing names
// the things listed, not a filter; said otherwise it is the value.
func TestArgs29ListedThingIsNoEnum(t *testing.T) {
	templates := toolDef(t, "getTemplates", "List templates. Get list of account's available templates",
		`{"type":"object","properties":{"content_type":{"type":"string","description":"Limit results based on how template's content is put together","enum":["html","template","multichannel"]}}}`)
	checkArg(t, templates, "list email templates", "content_type", nil)
	checkArg(t, templates, "list templates whose content is put together as multichannel", "content_type", "multichannel")
	checkArg(t, templates, "list templates with content type html", "content_type", "html")
}

// A title said after "titled" runs to the end of its clause, stop words
// and all; a name said after "called" stays one lower-case word.
func TestArgs29Titled(t *testing.T) {
	issue := toolDef(t, "postV3ProjectsIdIssues", "Create a new project issue",
		`{"type":"object","properties":{"id":{"type":"string","description":"The ID of a project"},
			"title":{"type":"string","description":"The title of an issue"},
			"due_date":{"type":"string","format":"date"}},"required":["id","title"]}`)
	role := toolDef(t, "postRealmRoles", "Create a new role for the realm",
		`{"type":"object","properties":{"realm":{"type":"string","description":"realm name (not id!)"},
			"name":{"type":"string"}},"required":["realm"]}`)
	checkArg(t, issue, "open an issue in project 4412 titled Login page crashes on Safari, due April 30 2025", "title", "Login page crashes on Safari")
	checkArg(t, issue, "open an issue in project 4412 titled Login page crashes on Safari", "title", "Login page crashes on Safari")
	checkArg(t, role, "create a role called auditor in acme", "name", "auditor")
}

// The last word of an argument's name said alone names it when the tool's
// own words say the rest and no other argument's name has that word.
func TestArgs29NameOwnWords(t *testing.T) {
	rates := toolDef(t, "getTaxRates", "Retrieves tax rates",
		`{"type":"object","properties":{"where":{"type":"string","description":"Filter by an any element"},
			"order":{"type":"string","description":"Order by an any element"},
			"TaxType":{"type":"string","description":"Filter by tax type"}}}`)
	both := toolDef(t, "getTaxRates", "Retrieves tax rates",
		`{"type":"object","properties":{"TaxType":{"type":"string"},"ReportType":{"type":"string"}}}`)
	checkArg(t, rates, "tax rates of type INPUT", "TaxType", "INPUT")
	checkArg(t, both, "tax rates of type INPUT", "TaxType", nil)
}

// Values an enum lists never trade places: "high priority network
// ticket" is priority high, category network.
func TestArgs29EnumsStay(t *testing.T) {
	create := toolDef(t, "createTicket", "Create a ticket.",
		`{"type":"object","properties":{"title":{"type":"string"},
			"priority":{"type":"string","enum":["low","medium","high","urgent"]},
			"category":{"type":"string","enum":["network","access","software","other"]}},"required":["title"]}`)
	checkArg(t, create, "create a high priority network ticket, titled “Laptop does not boot”", "priority", "high")
	checkArg(t, create, "create a high priority network ticket, titled “Laptop does not boot”", "category", "network")
}
