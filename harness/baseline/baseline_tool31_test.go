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
