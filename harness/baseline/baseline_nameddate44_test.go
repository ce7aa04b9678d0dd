package baseline_test

import "testing"

// A string nothing describes takes a date-time when its name says a
// time after a word of when or an event ("afterEnqueuedAt"), as a model
// reads the name.
func TestNamedDateTime(t *testing.T) {
	tasks := toolDef(t, "getAllTasks", "Get all tasks\nExample: {\"uids\":\"3\"}",
		`{"type":"object","properties":{"uids":{"type":"string"},"afterEnqueuedAt":{"type":"string"},"beforeEnqueuedAt":{"type":"string"}}}`)
	checkArg(t, tasks, "tasks enqueued after march 1 2026", "afterEnqueuedAt", "2026-03-01T00:00:00Z")
	checkArg(t, tasks, "tasks enqueued after march 1 2026", "beforeEnqueuedAt", nil)
}
