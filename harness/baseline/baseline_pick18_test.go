package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A path's name that ends in an id acts on one thing, the one before
// the id, and a listing word after the name's verb is a noun of the path
// (the Lists that hold segments), not its verb.
func TestToolNumberOfPathNames(t *testing.T) {
	for name, want := range map[string][2]any{
		"getListsIdSegmentsId":         {numberOne, "segment"},
		"getListsIdSegments":           {numberMany, "segment"},
		"getRepositoriesWorkspaceRepo": {numberOne, "repo"},
		"getDeployKeysKeyId":           {numberOne, "key"},
		"files_list":                   {numberMany, ""},
		"searchIssues":                 {numberMany, "issu"},
	} {
		n, head := toolNumber(name)
		if n != want[0] || head != want[1] {
			t.Errorf("toolNumber(%s) = %d %q, want %d %q", name, n, head, want[0], want[1])
		}
	}
}

// The tools a reader picks when the name and the description say
// different things or the request's verb is one the table does not know:
// the name previewASegment whose description says "List segments" lists
// segments; "unschedule campaign X" is the POST whose path ends in
// unschedule, "approve pull request N" the POST whose name is cut short
// but whose description starts with Approve, though both requests read
// for want of a verb the table knows; "delete member X permanently"
// says the name's second verb, after the HTTP method.
func TestPickByNameAgainstDescription(t *testing.T) {
	tool := func(name, desc string, params map[string]*schema.ParameterInfo) *schema.ToolInfo {
		return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByParams(params)}
	}
	list := map[string]*schema.ParameterInfo{"list_id": {Type: schema.String, Desc: "The unique ID for the list.", Required: true}}
	segment := map[string]*schema.ParameterInfo{
		"list_id":    {Type: schema.String, Desc: "The unique ID for the list.", Required: true},
		"segment_id": {Type: schema.String, Desc: "The unique id for the segment.", Required: true}}
	campaign := map[string]*schema.ParameterInfo{"campaign_id": {Type: schema.String, Desc: "The unique id for the campaign.", Required: true}}
	pr := map[string]*schema.ParameterInfo{
		"workspace":       {Type: schema.String, Desc: "The workspace.", Required: true},
		"repo_slug":       {Type: schema.String, Desc: "The repository.", Required: true},
		"pull_request_id": {Type: schema.Integer, Desc: "The id of the pull request.", Required: true}}
	member := map[string]*schema.ParameterInfo{
		"list_id":         {Type: schema.String, Desc: "The unique ID for the list.", Required: true},
		"subscriber_hash": {Type: schema.String, Desc: "The MD5 hash of the list member's email address.", Required: true}}
	for _, c := range []struct {
		request, want string
		tools         []*schema.ToolInfo
	}{
		{"segments of list 4ca5becb8d", "previewASegment", []*schema.ToolInfo{
			tool("previewASegment", "List segments. Get information about all available segments for a specific list.", list),
			tool("getListsIdSegmentsId", "Get segment info. Get information about a specific segment.", segment),
		}},
		{"unschedule campaign b03bfc273a", "postCampaignsIdActionsUnschedule", []*schema.ToolInfo{
			tool("getCampaignsId", "Get campaign info. Get information about a specific campaign.", campaign),
			tool("postCampaignsIdActionsUnschedule", "Unschedule campaign. Unschedule a scheduled campaign that hasn't started sending.", campaign),
		}},
		{"approve pull request 42 on acme/webapp", "postRepositoriesWorkspaceRepoSlugPullrequestsPull_569eba7f", []*schema.ToolInfo{
			tool("getRepositoriesWorkspaceRepoSlugPullrequestsPullRequestId", "Get a pull request. Returns the specified pull request.", pr),
			tool("postRepositoriesWorkspaceRepoSlugPullrequestsPull_569eba7f", "Approve a pull request. Approve the specified pull request as the authenticated user.", pr),
		}},
		{"permanently delete member 62eeb292278cc15f5817cb78f7790b08 from list 4ca5becb8d", "postListsIdMembersHashActionsDeletePermanent", []*schema.ToolInfo{
			tool("deleteListsIdMembersIdNotesId", "Delete note. Delete a specific note for a specific list member.", member),
			tool("postListsIdMembersHashActionsDeletePermanent", "Delete list member. Delete all personally identifiable information related to a list member.", member),
		}},
	} {
		checkPick(t, c.request, c.want, c.tools)
	}
	// A word that starts several names is their namespace, not a verb of
	// its own: webinarPanelists keeps webinar as a word it says.
	k := newToolkit([]*schema.ToolInfo{
		tool("webinarPanelists", "List panelists. Use this API to list all the panelists of a webinar.", nil),
		tool("webinar", "Get a webinar.", nil),
		tool("previewASegment", "List segments.", nil),
	})
	if k.byName["webinarPanelists"].purpose != "" || k.byName["previewASegment"].purpose == "" {
		t.Errorf("purpose: webinarPanelists %q, previewASegment %q", k.byName["webinarPanelists"].purpose, k.byName["previewASegment"].purpose)
	}
}

// A word of the verb table right after a determiner is the noun it also
// is: "images we uploaded to the file manager" reads; "file a bug" and
// "please open the incident" still say their verbs.
func TestVerbAfterDeterminerIsNoun(t *testing.T) {
	for text, want := range map[string]string{
		"images we uploaded to the file manager": "read",
		"our merge requests in acme/webapp":      "read",
		"file a bug in acme/webapp":              "create",
		"leave a comment on 1204417880295732":    "comment",
		"please delete the post 12":              "delete",
	} {
		if got := requestAction(readUtterance(text)); got != want {
			t.Errorf("requestAction(%q) = %q, want %q", text, got, want)
		}
	}
}

// "stop watching X" undoes the watching, and a tool that deletes the
// watch does that; "stop pipeline X" still cancels.
func TestStopFollowing(t *testing.T) {
	for text, want := range map[string]string{
		"stop watching issue 12 in acme/webapp":  "unfollow",
		"please stop following repo acme/webapp": "unfollow",
		"stop pipeline 42":                       "cancel",
		"stop the deploy of site 7":              "cancel",
	} {
		if got := requestAction(readUtterance(text)); got != want {
			t.Errorf("requestAction(%q) = %q, want %q", text, got, want)
		}
	}
	watch := map[string]*schema.ParameterInfo{"issue_id": {Type: schema.String, Desc: "The issue id.", Required: true}}
	checkPick(t, "stop watching issue 12", "deleteIssuesIssueIdWatch", []*schema.ToolInfo{
		{Name: "putIssuesIssueIdWatch", Desc: "Watch an issue.", ParamsOneOf: schema.NewParamsOneOfByParams(watch)},
		{Name: "deleteIssuesIssueIdWatch", Desc: "Stop watching an issue.", ParamsOneOf: schema.NewParamsOneOfByParams(watch)},
		{Name: "stopPipeline", Desc: "Stop a pipeline."},
	})
}

// A filled argument stands for the name words of its family: repo_slug
// for Repositories, so "deploy key 7 on acme/webapp" is the repository's
// key, not a project's.
func TestFilledFamily(t *testing.T) {
	if !filledFamily(map[string]bool{"repo": true}, "repositori") || filledFamily(map[string]bool{"project": true}, "repositori") {
		t.Error("filledFamily: repo should stand for repositories, project should not")
	}
}
