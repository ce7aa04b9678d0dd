package baseline_test

import "testing"

// A tool named from its method and path acts on the path's resource, not
// on the API, its version, the format suffix or the trailing identifier:
// a number said right after that resource's noun is its id.
func TestObjectOfPathMadeNames(t *testing.T) {
	delKey := toolDef(t, "deleteSshKeysId", "Delete SSH key",
		`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`)
	dismiss := toolDef(t, "postApiV1NotificationsIdDismiss", "Clear single notification from server",
		`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`)
	stage := toolDef(t, "putV2PersonStagesIdJson", "Update a person stage",
		`{"type":"object","properties":{"id":{"type":"string"},"body":{"type":"object","properties":{"name":{"type":"string"}}}},"required":["id"]}`)
	checkArg(t, delKey, "delete ssh key 901", "id", "901")
	checkArg(t, dismiss, "dismiss notification 77120", "id", "77120")
	checkArg(t, stage, "rename stage 7 to Nurture", "id", "7")
}
