package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// Words left over in a request to change a thing are not the new text of
// an optional field the tool's example shows: "mark it as open" sets no
// title, "Over on user X" no name. A search still takes them as its query.
func TestUpdateLeavesTextAlone(t *testing.T) {
	infos := exampleInfos(t)
	tool := func(name string) []*schema.ToolInfo {
		for _, i := range infos {
			if i.Name == name {
				return []*schema.ToolInfo{i}
			}
		}
		t.Fatalf("no tool %s", name)
		return nil
	}
	for _, c := range []struct {
		tool, request, want string
	}{
		{"updateTicket", `On support ticket TCK-1674 with the If-Match header set to "1", please mark it as open.`,
			`updateTicket{"If-Match":"1","status":"open","ticketId":"TCK-1674"}`},
		{"updateUser", "Over on user 21928a36-d6fc-4502-941a-12b0d8232626: make them an admin, please.",
			`updateUser{"role":"admin","userId":"21928a36-d6fc-4502-941a-12b0d8232626"}`},
	} {
		if got := callOf(t, firstCall(t, tool(c.tool), c.request)); got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}
