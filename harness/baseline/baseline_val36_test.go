package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A uid is an identifier as an id is: "rename dashboard <uuid> to Q3
// review" gives the uuid to dashboard_uid, the required identifier of
// the thing it is said with, and the new name to the body's nested
// name, never the uuid to the name while the identifier is empty.
func TestUIDIsAnIdentifier(t *testing.T) {
	update := toolDef(t, "updateDashboard", "Update a dashboard using its uid.",
		`{"type":"object","properties":{
			"dashboard_uid":{"type":"string"},
			"dashboard":{"type":"object","properties":{
				"name":{"type":"string","example":"Updated Dashboard Name"},
				"refresh":{"type":"string"}}}},
			"required":["dashboard_uid"]}`)
	got := callOf(t, firstCall(t, []*schema.ToolInfo{update}, "rename dashboard 4b7e2c1a-93d5-4f0e-8a6b-2c9d1e7f3a50 to Q3 review"))
	want := `updateDashboard{"dashboard":{"name":"Q3 review"},"dashboard_uid":"4b7e2c1a-93d5-4f0e-8a6b-2c9d1e7f3a50"}`
	if got.String() != want {
		t.Errorf("called %s, want %s", got, want)
	}
}
