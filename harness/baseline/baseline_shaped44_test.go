package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A number is written in an example's shape ("ticket 1042" for a ticket
// id shown as "TCK-1042") only for the argument the word before it
// names: "override 23997" gives no API key, whatever prefix the key's
// example has.
func TestShapedOnlyForTheNamedArgument(t *testing.T) {
	policies := toolDef(t, "getPolicies", "Get the escalation policies\nExample: {\"X-Api-Key\":\"sk_test_123\"}",
		`{"type":"object","properties":{"X-Api-Key":{"type":"string","description":"Your API Key"}},"required":["X-Api-Key"]}`)
	got := callOf(t, firstCall(t, []*schema.ToolInfo{policies}, "which policies are assigned in override 23997"))
	if v := got.Args["X-Api-Key"]; v == "sk_test_23997" {
		t.Errorf("X-Api-Key = %v: a key made of the override's number", v)
	}
	ticket := toolDef(t, "getTicket", "Get a ticket.\nExample: {\"ticketId\":\"TCK-1042\"}",
		`{"type":"object","properties":{"ticketId":{"type":"string","pattern":"^TCK-[0-9]+$","description":"The ticket's key"}},"required":["ticketId"]}`)
	checkArg(t, ticket, "show me ticket 1188", "ticketId", "TCK-1188")
}
