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

// What a request calls the thing a tool makes goes to the thing's name,
// top-level or nested in the body: "call it Y", and, for a tool that
// creates, "a <thing> Y" when Y is written as a name (capitalised,
// name-shaped), up to a stop word. A plain word after the noun names
// nothing.
func TestMadeThingsName(t *testing.T) {
	board := toolDef(t, "createBoard", "Create a board.",
		`{"type":"object","properties":{
			"team":{"type":"string","description":"Team to create the board in."},
			"board":{"type":"object","properties":{
				"name":{"type":"string","example":"New Board"},
				"description":{"type":"string"}}}}}`)
	copyPage := toolDef(t, "copyPage", "Copy a page into a space.",
		`{"type":"object","properties":{
			"page_id":{"type":"string"},
			"space":{"type":"string","description":"Space ID to copy the page into."},
			"name":{"type":"string","example":"Copy of page"}},
			"required":["page_id"]}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		want    string
	}{
		{board, "create a board Release Planning for everyone in the office",
			`createBoard{"board":{"name":"Release Planning"}}`},
		{board, "new board q3-roadmap that tracks the launch",
			`createBoard{"board":{"name":"q3-roadmap"}}`},
		{board, "create a board for everyone in the office", `createBoard{}`},
		{board, "new shared board Sprint Goals for everyone in the office",
			`createBoard{"board":{"name":"Sprint Goals"}}`},
		{board, "add a board release-train colored blue", `createBoard{"board":{"name":"release-train"}}`},
		{copyPage, "copy page 7f3e9a21c4 into space 5b2d8e0f6a and call it launch-notes",
			`copyPage{"name":"launch-notes","page_id":"7f3e9a21c4","space":"5b2d8e0f6a"}`},
	} {
		got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request))
		if got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}
