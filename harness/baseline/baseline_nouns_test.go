package baseline_test

import (
	"reflect"
	"testing"

	"github.com/cloudwego/eino/schema"
)

// repoArgs are the owner and repo arguments of a code host's tools.
const repoArgs = `"owner":{"type":"string","description":"owner of the repo"},
	"repo":{"type":"string","description":"name of the repo"},`

// The noun said before a value names the argument it goes to, as a model
// reads it against the arguments' names and descriptions: "on node
// worker-3" is not a namespace; "by user jdoe-42" is the user jdoe-42,
// not the text "user jdoe-42"; "branch hotfix-7" is no value "branch" of
// a description's "SHA or branch"; a value read after an argument's name
// does not end in "of".
func TestNounBeforeValue(t *testing.T) {
	pods := toolDef(t, "listNamespacedPod", "list or watch objects of kind Pod",
		`{"type":"object","properties":{
			"namespace":{"type":"string","description":"object name and auth scope, such as for teams and projects"},
			"fieldSelector":{"type":"string","description":"A selector to restrict the list of returned objects by their fields"}},
			"required":["namespace"]}`)
	issues := toolDef(t, "listIssues", "List a repository's issues",
		`{"type":"object","properties":{`+repoArgs+`
			"created_by":{"type":"string","description":"Only show items which were created by the the given user"}},
			"required":["owner","repo"]}`)
	branch := toolDef(t, "getBranch", "Retrieve a specific branch from a repository",
		`{"type":"object","properties":{`+repoArgs+`
			"branch":{"type":"string","description":"branch to get"}},
			"required":["owner","repo","branch"]}`)
	commits := toolDef(t, "getAllCommits", "Get a list of all commits from a repository",
		`{"type":"object","properties":{`+repoArgs+`
			"sha":{"type":"string","description":"SHA or branch to start listing commits from (usually 'master')"}},
			"required":["owner","repo"]}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		want    map[string]any
	}{
		// A node is not a namespace: leaving it out beats a guess.
		{pods, "every pod on node worker-3", map[string]any{}},
		// The namespace named by its own noun, or after "in", is one.
		{pods, "pods in the namespace web-2", map[string]any{"namespace": "web-2"}},
		{pods, "pods in payments-1", map[string]any{"namespace": "payments-1"}},
		{issues, "issues in acme/webapp opened by user jdoe-42", map[string]any{"owner": "acme", "repo": "webapp", "created_by": "jdoe-42"}},
		// "SHA or branch" lists no values: "branch" names the value.
		{commits, "commits of acme/webapp on branch hotfix-7", map[string]any{"owner": "acme", "repo": "webapp", "sha": "hotfix-7"}},
		{branch, "show branch release-1.4 of acme/webapp", map[string]any{"owner": "acme", "repo": "webapp", "branch": "release-1.4"}},
	} {
		got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request))
		if got.Tool != c.tool.Name || !reflect.DeepEqual(got.Args, c.want) {
			t.Errorf("%q: got %s, want %s%v", c.request, got, c.tool.Name, c.want)
		}
	}
}

// Quoted text followed by a noun names that thing: "the 'v1.3'
// milestone" is a milestone's name, which the milestones' list turns into
// the id the tool needs (a chain's first step), not a title to set; "the
// 'backend' team of org acme-labs" gives the org no team's name.
func TestQuotedNameBeforeNoun(t *testing.T) {
	edit := toolDef(t, "issueEditMilestone", "Update a milestone",
		`{"type":"object","properties":{`+repoArgs+`
			"id":{"type":"string","description":"the milestone to edit, identified by ID"},
			"title":{"type":"string"},
			"state":{"type":"string"}},
			"required":["owner","repo","id"]}`)
	list := toolDef(t, "issueGetMilestonesList", "Get all of a repository's opened milestones",
		`{"type":"object","properties":{`+repoArgs+`
			"name":{"type":"string","description":"filter by milestone name"}},
			"required":["owner","repo"]}`)
	got := callOf(t, firstCall(t, []*schema.ToolInfo{edit, list}, "close the 'v1.3' milestone in acme/webapp"))
	if got.Tool != "issueGetMilestonesList" || got.Args["owner"] != "acme" || got.Args["repo"] != "webapp" {
		t.Errorf("got %s, want issueGetMilestonesList on acme/webapp first", got)
	}
	teams := toolDef(t, "orgListTeams", "List an organization's teams",
		`{"type":"object","properties":{
			"org":{"type":"string","description":"name of the organization"}},
			"required":["org"]}`)
	got = callOf(t, firstCall(t, []*schema.ToolInfo{teams}, "who is on the 'backend' team of org acme-labs?"))
	if want := map[string]any{"org": "acme-labs"}; !reflect.DeepEqual(got.Args, want) {
		t.Errorf("got %s, want orgListTeams%v", got, want)
	}
}
