package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A user's login is one word: the request's leftover words never fill
// it ("I'm jsmith" is no user name), where a model sends nothing rather
// than a phrase.
func TestLoginTakesNoLeftoverWords(t *testing.T) {
	reroute := toolDef(t, "rerouteIncidents", "Reroute incidents\nExample: {\"userName\":\"jsmith\"}",
		`{"type":"object","properties":{"userName":{"type":"string","description":"The user doing the reroute"}},"required":["userName"]}`)
	got := callOf(t, firstCall(t, []*schema.ToolInfo{reroute}, "reroute incident 4415 to the network escalation policy"))
	if v, ok := got.Args["userName"]; ok {
		t.Errorf("userName = %v, from the request's leftover words", v)
	}
}
