package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A plain-word value ends where the schema says it ends: a name in lower
// case is one word, a capitalised name runs over capitalised words and
// numbers, and no value runs into a word that names another argument; a
// switch's state said in words after its name sets it, and quoted text
// after "saying" is the message.
func TestValueEnds(t *testing.T) {
	orgs := toolDef(t, "listOrgRepos", "List the repositories of an organization",
		`{"type":"object","properties":{
			"org":{"type":"string","description":"The organization"},
			"tag":{"type":"string","description":"Only repositories with this topic"}},"required":["org"]}`)
	pods := toolDef(t, "readNamespacedPodStatus", "read status of the specified Pod",
		`{"type":"object","properties":{
			"name":{"type":"string","description":"name of the Pod"},
			"namespace":{"type":"string","description":"object name and auth scope, such as for teams and projects"},
			"pretty":{"type":"string","description":"If 'true', then the output is pretty printed."}},"required":["name","namespace"]}`)
	issues := toolDef(t, "listIssues", "List issues",
		`{"type":"object","properties":{
			"milestone":{"type":"string","description":"Return issues for a specific milestone"},
			"labels":{"type":"string","description":"Comma-separated list of label names"},
			"order_by":{"type":"string","enum":["created_at","updated_at"]}}}`)
	// Free text still runs on: a query is what the person typed.
	search := toolDef(t, "searchProjects", "Search projects",
		`{"type":"object","properties":{
			"search":{"type":"string","description":"Return projects matching the search criteria"},
			"order_by":{"type":"string","enum":["name","last_activity_at"]}},"required":["search"]}`)
	project := toolDef(t, "createProject", "Create new project",
		`{"type":"object","properties":{
			"name":{"type":"string","description":"The name of the project"},
			"wiki_enabled":{"type":"boolean","description":"Flag indication if the wiki is enabled"},
			"watch":{"type":"boolean","description":"Watch for changes"}},"required":["name"]}`)
	patch := toolDef(t, "patchNamespacedEvent", "partially update the specified Event",
		`{"type":"object","properties":{
			"name":{"type":"string","description":"name of the Event"},
			"namespace":{"type":"string","description":"object name and auth scope, such as for teams and projects"},
			"body":{"type":"string"}},"required":["name","namespace","body"]}`)
	runs := toolDef(t, "listConcurrencyGroups", "List concurrency groups of a workflow run",
		`{"type":"object","properties":{
			"owner":{"type":"string","description":"The account owner of the repository"},
			"repo":{"type":"string","description":"The name of the repository"},
			"run_id":{"type":"integer"},
			"ref":{"type":"string","description":"The git reference"},
			"per_page":{"type":"integer","description":"The number of results per page"}},"required":["owner","repo","run_id"]}`)
	labels := toolDef(t, "createLabel", "Create a new label",
		`{"type":"object","properties":{
			"name":{"type":"string","description":"The name of the label to be created"},
			"color":{"type":"string","description":"The color of the label in 6-digit hex notation"},
			"priority":{"type":"integer","description":"The priority of the label"}},"required":["name","color"]}`)
	// Values a description lists (no enum) are glossed as an enum's.
	top := toolDef(t, "getTopItems", "Get the current user's top artists or tracks",
		`{"type":"object","properties":{
			"type":{"type":"string","enum":["artists","tracks"]},
			"time_range":{"type":"string","description":"Over what time frame. Valid values: `+"`long_term`"+` (several years of data), `+"`medium_term`"+` (approximately last 6 months), `+"`short_term`"+` (approximately last 4 weeks)."}},"required":["type"]}`)
	watch := toolDef(t, "watchNamespace", "watch changes to an object of kind Namespace",
		`{"type":"object","properties":{
			"name":{"type":"string","description":"name of the Namespace"},
			"watch":{"type":"boolean","description":"Watch for changes to the described resources"}},"required":["name"]}`)
	const saying = "Apply an update to event checkout in namespace staging saying “Tried restarting twice, no change.”"
	for _, c := range []struct {
		tool         *schema.ToolInfo
		request, arg string
		want         any
	}{
		{orgs, "repos of org hooli tagged gpu", "org", "hooli"},
		{orgs, "repos of org hooli tagged gpu", "tag", "gpu"},
		{pods, "can you pull up the status of pod web-7f9c in namespace monitoring pretty pretty-46?", "namespace", "monitoring"},
		{pods, "we don't need pod web-7f9c in namespace default any more", "namespace", "default"},
		{issues, "issues in milestone Sprint 9 labeled frontend", "milestone", "Sprint 9"},
		{issues, "issues in milestone v2.1 sorted by last update", "milestone", "v2.1"},
		{issues, "issues of milestone q3 ordered by creation", "milestone", "q3"},
		{search, "projects with search payment gateway", "search", "payment gateway"},
		{search, "projects with search billing ordered by name", "search", "billing"},
		// Each said by its name: no owner/name pair elsewhere is split
		// over them, and a number before "to a page" is a page's size.
		{runs, "concurrency groups of run 34 in repo checkout in owner mona 30 to a page, ref feature/dark-mode", "owner", "mona"},
		{runs, "concurrency groups of run 34 in repo checkout in owner mona 30 to a page, ref feature/dark-mode", "repo", "checkout"},
		{runs, "concurrency groups of run 34 in repo checkout in owner mona 30 to a page", "per_page", 30.0},
		{runs, "concurrency groups of run 34 in acme/webapp on ref feature/dark-mode", "owner", "acme"},
		// A name's word inside a compound name names nothing.
		{labels, "add a label priority-high colored ff0000", "priority", nil},
		{top, "my top 10 tracks of the last 4 weeks or so", "time_range", "short_term"},
		// The tool's verb said as the request's action sets no switch.
		{watch, "Watch namespace default, pretty please", "watch", nil},
		{watch, "can you watch namespace default", "watch", nil},
		{watch, "Watch namespace default with watch switched off", "watch", false},
		{watch, "namespace default: I want to list or watch it", "watch", nil},
		{project, "create a project called billing-api; I want to list or watch projects", "watch", nil},
		{watch, "Watch namespace default leaving out watch", "watch", false},
		// A switch's state said after its name in words.
		{project, "create a project called billing-api with the wiki turned off", "wiki_enabled", false},
		{project, "create a project called billing-api, watch switched on", "watch", true},
		{project, "create a project called billing-api with watch off", "watch", false},
		// Quoted text after "saying" is the message, not the name of
		// the thing it is sent to.
		{patch, saying, "body", "Tried restarting twice, no change."},
		{patch, saying, "name", "checkout"},
	} {
		checkArg(t, c.tool, c.request, c.arg, c.want)
	}
}

// A date said in words fills an argument named for one end of a range
// whose description speaks of a date, and a plain word after a noun the
// description says the value names fills it ("on branch develop" for
// "The name of a repository branch or tag").
func TestBoundDatesAndDescribedNouns(t *testing.T) {
	commits := toolDef(t, "listCommits", "Get a project repository commits",
		`{"type":"object","properties":{
			"ref_name":{"type":"string","description":"The name of a repository branch or tag, if not given the default branch is used"},
			"since":{"type":"string","description":"Only commits after or in this date will be returned"},
			"until":{"type":"string","description":"Only commits before or in this date will be returned"},
			"expand":{"type":"array","items":{"type":"string"},"description":"Fields of the response to expand"}}}`)
	checkArg(t, commits, "commits on branch develop since March 1st 2024", "since", "2024-03-01")
	checkArg(t, commits, "commits on branch develop since March 1st 2024", "ref_name", "develop")
	checkArg(t, commits, "commits before June 30 2024", "until", "2024-06-30")
	// "response" is a word of expand's description, not what it names.
	checkArg(t, commits, "response due may 30 2024, show the commits", "expand", nil)

}
