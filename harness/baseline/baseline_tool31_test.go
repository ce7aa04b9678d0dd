package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// nestedTools are tools named after their paths in the way of an API
// whose resources share sub-resources (owners, runs) and whose
// cancelling is a DELETE described as cancelling.
func nestedTools() []*schema.ToolInfo {
	tool := func(name, desc string, params map[string]bool) *schema.ToolInfo {
		ps := map[string]*schema.ParameterInfo{}
		for p, required := range params {
			ps[p] = &schema.ParameterInfo{Type: schema.String, Required: required, Desc: "The " + p + "."}
		}
		return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByParams(ps)}
	}
	return []*schema.ToolInfo{
		tool("GetJobs", "List all jobs", map[string]bool{"orgID": false, "name": false}),
		tool("GetJobsID", "Retrieve a job", map[string]bool{"jobID": true}),
		tool("PatchJobsID", "Update a job", map[string]bool{"jobID": true}),
		tool("GetJobsIDOwners", "List all owners of a job", map[string]bool{"jobID": true}),
		tool("GetJobsIDLabels", "List all labels for a job", map[string]bool{"jobID": true}),
		tool("GetJobsIDRuns", "List runs for a job", map[string]bool{"jobID": true}),
		tool("GetJobsIDRunsID", "Retrieve a single run for a job", map[string]bool{"jobID": true, "runID": true}),
		tool("DeleteJobsIDRunsID", "Cancel a running job", map[string]bool{"jobID": true, "runID": true}),
		tool("PostJobsIDRunsIDRetry", "Retry a job run", map[string]bool{"jobID": true, "runID": true}),
		tool("GetWidgets", "List all widget configurations", map[string]bool{"orgID": false}),
		tool("GetWidgetsID", "Retrieve a widget configuration", map[string]bool{"widgetID": true}),
		tool("PostWidgets", "Create a widget configuration", map[string]bool{"config": false, "name": false}),
		tool("DeleteWidgetsID", "Delete a widget configuration", map[string]bool{"widgetID": true}),
	}
}

// A description that starts with the request's verb says what the tool
// does when no tool's name says it ("Cancel a running job" of a DELETE);
// the agent noun of the request's verb is a word of the name ("who
// owns" asks for owners); a noun no argument identifies after one that
// does names the first one's thing ("widget config X" is a widget's id);
// a request that starts with a thing's noun reads it, though a POST is
// named for that thing alone ("widget configs": PostWidgets says no verb).
func TestToolChoice31(t *testing.T) {
	tools := nestedTools()
	for request, want := range map[string]string{
		"cancel run 0e1c3a5b7d9f8264 on job 0a9e7c5b3d1f2468":     "DeleteJobsIDRunsID",
		"retry run 0e1c3a5b7d9f8264 of job 0a9e7c5b3d1f2468":      "PostJobsIDRunsIDRetry",
		"details of run 0e1c3a5b7d9f8264 of job 0a9e7c5b3d1f2468": "GetJobsIDRunsID",
		"who owns job 0a9e7c5b3d1f2468":                           "GetJobsIDOwners",
		"show job 0a9e7c5b3d1f2468":                               "GetJobsID",
		"show widget config 0e7a9c1d3f5b8046":                     "GetWidgetsID",
		"widget configs in org 5e8d2c4b1a9f3e07":                  "GetWidgets",
		"widget configs":                                          "GetWidgets",
		"widget 0e7a9c1d3f5b8046":                                 "GetWidgetsID",
	} {
		checkPick(t, request, want, tools)
	}
	// A tool named for cancelling is the one that cancels, whatever
	// another's description says.
	named := append(nestedTools(), &schema.ToolInfo{Name: "CancelJobsIDRunsID", Desc: "Stop a run",
		ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"jobID": {Type: schema.String, Required: true}, "runID": {Type: schema.String, Required: true}})})
	checkPick(t, "cancel run 0e1c3a5b7d9f8264 on job 0a9e7c5b3d1f2468", "CancelJobsIDRunsID", named)
}

// The agent noun is the verb's stem and "er", of a verb of at least
// three letters.
func TestAgentOf(t *testing.T) {
	s := said{stems: map[string]bool{"own": true, "us": true, "follow": true}}
	for st, want := range map[string]bool{"owner": true, "follow": false, "follower": true, "user": false, "order": false} {
		if got := s.agentOf(st); got != want {
			t.Errorf("agentOf(%q) = %v, want %v", st, got, want)
		}
	}
}

// The identifier a request gives goes where a tool requires it for the
// things under it: "who's in group 88" is the users of
// /groups/{group_id}/users more than /group_users filtered by group; a
// thing's own identifier ("site s-19") is no reason to read that thing
// when the request asks for others (phone users at the site).
func TestRequiredIdentifier(t *testing.T) {
	param := func(desc string, required bool) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.Integer, Required: required, Desc: desc}
	}
	// One list under two paths, described alike: /group_users filtered
	// by group and /groups/{group_id}/users.
	groupUsers := func(name string, groupRequired bool) *schema.ToolInfo {
		return &schema.ToolInfo{Name: name, Desc: "List Group Users", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"user_id":  param("User ID.  If provided, will return group_users of this user.", false),
			"group_id": param("Group ID.  If provided, will return group_users of this group.", groupRequired)})}
	}
	tools := []*schema.ToolInfo{
		groupUsers("GetGroupUsers", false), groupUsers("ListGroupUsers", true),
		{Name: "GetGroupsId", Desc: "Show Group", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"id": param("Group ID.", true)})},
	}
	checkPick(t, "who's in group 88?", "ListGroupUsers", tools)
	str := func(desc string, required bool) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Required: required, Desc: desc}
	}
	phone := []*schema.ToolInfo{
		{Name: "listPhoneUsers", Desc: "List phone users", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"site_id": str("The site's unique ID.", false), "page_size": param("The number of records returned.", false)})},
		{Name: "getASite", Desc: "Get phone site details", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"siteId": str("The site ID.", true)})},
		{Name: "listPhoneSites", Desc: "List phone sites"},
	}
	checkPick(t, "phone users at site s-19", "listPhoneUsers", phone)
}

// Only a required identifier of another thing than the tool's own
// gains: the group's id of /groups/{group_id}/users, not getASite's site.
func TestFillsParent(t *testing.T) {
	str := &schema.ParameterInfo{Type: schema.String, Required: true, Desc: "The ID."}
	k := newToolkit([]*schema.ToolInfo{
		{Name: "GetGroupsGroupIdUsers", Desc: "List Users", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"group_id": str})},
		{Name: "getASite", Desc: "Get site details", ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{"siteId": str})},
	})
	u := readUtterance("users at group 88 and site s-19")
	if tool := k.byName["GetGroupsGroupIdUsers"]; !fillsParent(tool, tool.byName["group_id"], u, "88") {
		t.Errorf("group 88 does not fill the group of GetGroupsGroupIdUsers")
	}
	if tool := k.byName["getASite"]; fillsParent(tool, tool.byName["siteId"], u, "s-19") {
		t.Errorf("site s-19 fills getASite's own site as a parent")
	}
}
