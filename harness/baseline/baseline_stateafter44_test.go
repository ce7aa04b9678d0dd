package baseline_test

import "testing"

// A participle after the plural of the things listed says their state
// when it ends the phrase: "which tasks failed" filters by status; "people
// flagged do not contact" says no state.
func TestStateAfterThePlural(t *testing.T) {
	tasks := toolDef(t, "getAllTasks", "Get all tasks\nExample: {\"uids\":\"3\"}",
		`{"type":"object","properties":{"uids":{"type":"string"},"statuses":{"type":"string"}}}`)
	checkArg(t, tasks, "which tasks failed", "statuses", "failed")
	checkArg(t, tasks, "tasks that are pending on main", "statuses", "pending")
	checkArg(t, tasks, "tasks flagged do not retry", "statuses", nil)
}
