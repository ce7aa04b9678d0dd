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
	checkArg(t, runs, "list the workflow runs of acme/webapp but skip the archived ones", "include_archived", false)
	checkArg(t, runs, "list the workflow runs of acme/webapp, ignore pull requests", "exclude_pull_requests", true)
	checkArg(t, runs, "list the workflow runs of acme/webapp", "exclude_pull_requests", nil)
}

// A boolean named for turning a thing off (disable_cache, no_verify) is
// on when the request goes without the thing, and a gerund between the
// cue and the thing ("without using the cache") changes nothing.
func TestBooleanOfTurningAThingOff(t *testing.T) {
	discover := toolDef(t, "discoverSchemaForSource", "Discover schema catalog of source",
		`{"type":"object","properties":{"sourceId":{"type":"string","format":"uuid"},"disable_cache":{"type":"boolean"}},"required":["sourceId"]}`)
	const source = "2f6d8a1c-3b4e-4f5a-9c8d-7e6f5a4b3c2d"
	checkArg(t, discover, "refresh the schema of source "+source+" without using the cache", "disable_cache", true)
	checkArg(t, discover, "refresh the schema of source "+source+" without the cache", "disable_cache", true)
	checkArg(t, discover, "refresh the schema of source "+source+" with the cache", "disable_cache", false)
}
