package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

const overrideParams = `{"type":"object","required":["publicId","X-VO-Api-Id","X-VO-Api-Key"],"properties":{
  "publicId":{"type":"string"},
  "X-VO-Api-Id":{"type":"string","description":"Your API ID"},
  "X-VO-Api-Key":{"type":"string","description":"Your API Key"}}}`

const overrideExample = "\nExample: {\"publicId\":\"23997\",\"X-VO-Api-Id\":\"32146\",\"X-VO-Api-Key\":\"sk_test_123\"}"

// "cancel X" where no tool is named for cancelling asks for the tool
// that deletes X, not the one that reads it; a tool named for
// cancelling still wins.
func TestCancelByDeleting(t *testing.T) {
	tools := []*schema.ToolInfo{
		toolDef(t, "deleteApiPublicV1OverridesPublicId", "Deletes scheduled override."+overrideExample, overrideParams),
		toolDef(t, "getApiPublicV1OverridesPublicId", "Get the specified override."+overrideExample, overrideParams),
	}
	request := "cancel scheduled override 23997 (api id 8f3c21a0, key vo-7Kq2mZ4d)"
	if got := callOf(t, firstCall(t, tools, request)); got.Tool != "deleteApiPublicV1OverridesPublicId" {
		t.Errorf("%q: called %s, want the delete", request, got)
	}
	withCancel := append(tools, toolDef(t, "cancelOverride", "Cancel a scheduled override."+overrideExample, overrideParams))
	if got := callOf(t, firstCall(t, withCancel, request)); got.Tool != "cancelOverride" {
		t.Errorf("%q with cancelOverride: called %s", request, got)
	}
}

// The word right before a value says which argument takes it when it is
// the last word of one argument's name only ("key vo-7Kq2mZ4d" for
// X-VO-Api-Key beside X-VO-Api-Id), and a short number written like the
// example's value takes the argument whose thing the word before names
// in the tool's name ("override 23997" for publicId of
// ...OverridesPublicId).
func TestKindAndObjectBefore(t *testing.T) {
	del := toolDef(t, "deleteApiPublicV1OverridesPublicId", "Deletes scheduled override."+overrideExample, overrideParams)
	request := "cancel scheduled override 23997 (api id 8f3c21a0, key vo-7Kq2mZ4d)"
	checkArg(t, del, request, "X-VO-Api-Key", "vo-7Kq2mZ4d")
	checkArg(t, del, request, "X-VO-Api-Id", "8f3c21a0")
	checkArg(t, del, request, "publicId", "23997")
	// Without the number the key is still no override's id.
	devices := toolDef(t, "getApiPublicV1UserUserContactMethodsDevices", "Get list of all contact devices for user\nExample: {\"user\":\"octocat\",\"X-VO-Api-Id\":\"32146\",\"X-VO-Api-Key\":\"sk_test_123\"}",
		`{"type":"object","required":["user","X-VO-Api-Id","X-VO-Api-Key"],"properties":{
		  "user":{"type":"string","description":"VictorOps user ID"},"X-VO-Api-Id":{"type":"string","description":"Your API ID"},
		  "X-VO-Api-Key":{"type":"string","description":"Your API Key"}}}`)
	checkArg(t, devices, "jsmith's registered devices. creds: id 8f3c21a0 key vo-7Kq2mZ4d", "X-VO-Api-Key", "vo-7Kq2mZ4d")
	// "file 987654" names a file, not the assignment the name puts
	// before the files.
	holds := toolDef(t, "get_legal_hold_policy_assignments_id_files_on_hold", "List files with current file versions for a legal hold assignment.\nExample: {\"legal_hold_policy_assignment_id\":\"753465\"}",
		`{"type":"object","required":["legal_hold_policy_assignment_id"],"properties":{"legal_hold_policy_assignment_id":{"type":"string","description":"The ID of the legal hold policy assignment"}}}`)
	checkArg(t, holds, "who is file 987654 shared with?", "legal_hold_policy_assignment_id", nil)
}
