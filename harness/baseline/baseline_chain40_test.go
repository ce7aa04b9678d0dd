package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// lookupTools are a scanner's: a project's id (a UUID, as the examples
// show) comes from a list that takes its filters in the body, a name
// filter among them.
func lookupTools(t *testing.T) []*schema.ToolInfo {
	return []*schema.ToolInfo{
		toolDef(t, "deactivateProject", "Deactivate a project: stop testing it.\nExample: {\"orgId\":\"4a18d42f-0706-4ad0-b127-24078731fbed\",\"projectId\":\"463c1ee5-31bc-428c-b451-b79a3270db08\"}",
			`{"type":"object","properties":{"orgId":{"type":"string"},"projectId":{"type":"string"}},"required":["orgId","projectId"]}`),
		toolDef(t, "listProjects", "List all projects of an organization.\nExample: {\"orgId\":\"4a18d42f-0706-4ad0-b127-24078731fbed\"}",
			`{"type":"object","properties":{"orgId":{"type":"string"},"filters":{"type":"object","properties":{
				"name":{"type":"string","description":"only projects whose name starts with this value"},
				"type":{"type":"string","description":"only projects of this package manager"}}}},"required":["orgId"]}`),
	}
}

const scannerOrg = "7c1f3a52-9d4e-4b8a-a1f0-2e6d5c9b8a71"

// A request that names a thing by a lowercase name where the tool needs
// its opaque id is read as a model reads it: the name is no id
// ("billing-api" does not fit an id whose example is a UUID), the first
// call lists the things with the name filter the list takes, even when
// that filter sits in an object of filters; and with only the list at
// hand, the list still gets the name.
func TestLooksUpANamedThingFirst(t *testing.T) {
	tools := lookupTools(t)
	for _, tc := range []struct {
		name    string
		tools   []*schema.ToolInfo
		request string
	}{
		{"action and list", tools, "deactivate billing-api in org " + scannerOrg},
		{"only the list", tools[1:], "tag the checkout-web project, org " + scannerOrg},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := callOf(t, firstCall(t, tc.tools, tc.request))
			filters, _ := got.Args["filters"].(map[string]any)
			if got.Tool != "listProjects" || got.Args["orgId"] != scannerOrg || filters["name"] == nil {
				t.Errorf("%q: got %s, want listProjects with orgId and filters.name", tc.request, got)
			}
		})
	}
	t.Run("no name in an opaque id", func(t *testing.T) {
		got := callOf(t, firstCall(t, tools[:1], "deactivate project billing-api in org "+scannerOrg))
		if got.Args["projectId"] == "billing-api" {
			t.Errorf("got %s: a project's name sent as its UUID id", got)
		}
	})
}
