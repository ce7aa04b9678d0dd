package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A request that shares no word with any tool ("show me PAY-142") goes to
// the tool that takes its identifier as the example writes it, among the
// few a model is given; with no identifier, or none a tool takes, there
// is no call.
func TestCallByTheValueAlone(t *testing.T) {
	tools := []*schema.ToolInfo{
		toolDef(t, "getIssue", "Returns the details for an issue.\nExample: {\"issueIdOrKey\":\"PROJ-12\"}",
			`{"type":"object","required":["issueIdOrKey"],"properties":{"issueIdOrKey":{"type":"string","description":"The ID or key of the issue."}}}`),
		toolDef(t, "getProject", "Returns the project details.\nExample: {\"projectIdOrKey\":\"10000\"}",
			`{"type":"object","required":["projectIdOrKey"],"properties":{"projectIdOrKey":{"type":"string","description":"The project ID or project key."}}}`),
		toolDef(t, "getServerInfo", "Returns information about the Jira instance.", `{"type":"object","properties":{}}`),
	}
	if got := callOf(t, firstCall(t, tools, "show me PAY-142")); got.Tool != "getIssue" || got.Args["issueIdOrKey"] != "PAY-142" {
		t.Errorf("show me PAY-142: called %s, want getIssue with PAY-142", got)
	}
	if msg := firstCall(t, tools, "show me the lot"); len(msg.ToolCalls) != 0 {
		t.Errorf("show me the lot: called %v, want no call", msg.ToolCalls)
	}
}
