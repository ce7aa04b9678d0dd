package baseline_test

import "testing"

// A boolean named for including or leaving out a thing takes its value
// from the word before the thing in the request, against the name's verb.
func TestBooleanOfIncludingOrLeavingOut(t *testing.T) {
	runs := toolDef(t, "listWorkflowRuns", "List workflow runs for a repository",
		`{"type":"object","properties":{"owner":{"type":"string"},"repo":{"type":"string"},
			"exclude_pull_requests":{"type":"boolean","description":"If true pull requests are omitted from the response (empty array)."},
			"include_archived":{"type":"boolean"}},"required":["owner","repo"]}`)
	checkArg(t, runs, "list the workflow runs of acme/webapp including pull requests", "exclude_pull_requests", false)
	checkArg(t, runs, "list the workflow runs of acme/webapp excluding pull requests", "exclude_pull_requests", true)
	checkArg(t, runs, "list the workflow runs of acme/webapp without pull requests", "exclude_pull_requests", true)
	checkArg(t, runs, "list the workflow runs of acme/webapp including archived ones", "include_archived", true)
	checkArg(t, runs, "list the workflow runs of acme/webapp", "exclude_pull_requests", nil)
}
