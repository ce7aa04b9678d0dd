package baseline_test

import "testing"

// A dash, or an opening bracket after a word that ends a phrase, starts
// an aside: a value said before it ends there.
func TestAsideEndsAValue(t *testing.T) {
	rename := toolDef(t, "putTeam", "Update a team's name\nExample: {\"team\":\"platform\",\"name\":\"Platform Team\"}",
		`{"type":"object","properties":{"team":{"type":"string","description":"The team's slug"},"name":{"type":"string","description":"The team's new name"}},"required":["team","name"]}`)
	checkArg(t, rename, "rename team platform to platform-core (api id 8f3c21a0)", "name", "platform-core")
	resolve := toolDef(t, "resolveIncidents", "Resolve the incidents a user was paged for\nExample: {\"userName\":\"jsmith\",\"message\":\"Fixed.\"}",
		`{"type":"object","properties":{"userName":{"type":"string","description":"The user"},"message":{"type":"string","description":"A message for the resolution"}},"required":["userName"]}`)
	checkArg(t, resolve, "resolve everything anna.k got paged for, message false alarm — api id 8f3c21a0", "message", "false alarm")
}
