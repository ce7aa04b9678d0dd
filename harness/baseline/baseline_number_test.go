package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A tool's name says whether it acts on many things or on one: by a
// listing verb, or by the number of the noun after its verb (up to a
// preposition), whatever verb it starts with; a name with no noun after
// its verb, or only a mass noun or a participle, says nothing.
func TestToolNumber(t *testing.T) {
	for name, want := range map[string]int{
		"getStoriesForTask":                 numberMany,
		"get-a-shows-episodes":              numberMany,
		"listCoreV1NamespacedPod":           numberMany,
		"files_list":                        numberMany,
		"getTask":                           numberOne,
		"get-an-artist":                     numberOne,
		"createIssue":                       numberOne,
		"createIssues":                      numberMany,
		"lockDeploy":                        numberOne, // no known verb: the first word is it
		"getFiltersPaginated":               numberMany,
		"pulls/get":                         numberUnknown,
		"getAccountMetadata":                numberUnknown,
		"get-followed":                      numberUnknown,
		"skip-users-playback-to-next-track": numberOne,
	} {
		if got, _ := toolNumber(name); got != want {
			t.Errorf("toolNumber(%s) = %d, want %d", name, got, want)
		}
	}
}

// A request asks for many things by a plural object, a quantifier or
// "how many", and for one by "a" or "an"; a plural in a relative clause
// or after the object's preposition is not its object.
func TestRequestNumber(t *testing.T) {
	for text, want := range map[string]int{
		"show the comments on task 1204417880295734": numberMany,
		"latest installments of podcast 38bS44":      numberMany,
		"how many tasks are in project 12":           numberMany,
		"list every workspace":                       numberMany,
		"create a bug in OPS":                        numberOne,
		"open an issue in acme/webapp":               numberOne,
		"merge the pr that comes from branch x":      numberUnknown,
		"what's the status of server 4711":           numberUnknown,
	} {
		u := readUtterance(text)
		if got := requestNumber(u, requestAction(u)); got != want {
			t.Errorf("requestNumber(%q) = %d, want %d", text, got, want)
		}
	}
	// The request's own word for a tool's noun wins over its object:
	// "project OPS" is one project, the build of "build hooks" none.
	u := readUtterance("which dashboards are shared with project OPS")
	if got, _ := u.numberOf("project"); got != numberOne {
		t.Errorf("numberOf(project) = %d, want one", got)
	}
	if got, _ := readUtterance("the build hooks of site 8d2e").numberOf("build"); got != numberUnknown {
		t.Errorf("numberOf(build) in \"build hooks\" = %d, want unknown", got)
	}
	if got, _ := readUtterance("list every workspace").numberOf("workspac"); got != numberMany {
		t.Errorf("numberOf(workspace) after every = %d, want many", got)
	}
}

// The tools a reader picks by number and by a verb the table does not
// know, given definitions alike but for the name: the list of a task's
// one action for "look up action N", the single create for "a bug",
// the tool named for the request's verb for "lock deploy N".
func TestPickByNumberAndVerb(t *testing.T) {
	tool := func(name, desc string, params map[string]*schema.ParameterInfo) *schema.ToolInfo {
		return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByParams(params)}
	}
	summary := map[string]*schema.ParameterInfo{"summary": {Type: schema.String, Desc: "The summary."}}
	deploy := map[string]*schema.ParameterInfo{"deploy_id": {Type: schema.String, Desc: "The deploy's ID.", Required: true}}
	for _, c := range []struct {
		request, want string
		tools         []*schema.ToolInfo
	}{
		{"look up action 123456", "getActionsId", []*schema.ToolInfo{
			tool("getActions", "Get all Actions. Returns all Action objects.", map[string]*schema.ParameterInfo{
				"id": {Type: schema.Array, ElemInfo: &schema.ParameterInfo{Type: schema.Integer}, Desc: "Filter the actions by ID."}}),
			tool("getActionsId", "Get an Action. Returns a specific Action object.", map[string]*schema.ParameterInfo{
				"id": {Type: schema.Integer, Desc: "ID of the Action.", Required: true}}),
		}},
		{"create a bug in OPS: 'Payment webhook returns 500'", "createIssue", []*schema.ToolInfo{
			tool("createIssues", "Bulk create issue. Creates upto 50 issues.", summary),
			tool("createIssue", "Create issue. Creates an issue.", summary),
		}},
		{"lock deploy 5f3a9c21e4b0a7d2c8e1f604", "lockDeploy", []*schema.ToolInfo{
			tool("getDeploy", "Get a deploy.", deploy),
			tool("lockDeploy", "Lock a deploy.", deploy),
		}},
	} {
		checkPick(t, c.request, c.want, c.tools)
	}
}

// checkPick fails t unless the baseline, given tools, ranks want first
// for request.
func checkPick(t *testing.T, request, want string, tools []*schema.ToolInfo) {
	t.Helper()
	k := newToolkit(tools)
	hits, _, _ := k.pickTool(request, k.read(request))
	if len(hits) == 0 || hits[0].Name != want {
		t.Errorf("%q: picked %v, want %s", request, hits, want)
	}
}
