package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A server whose id is a number, named by a word joined to digits
// ("web-01", written as a tracker key is): the name is no id, and the
// first call lists the servers, with the name filter when the list
// takes one.
func TestNumberIdNamedByKeyLooksUpFirst(t *testing.T) {
	tools := []*schema.ToolInfo{
		toolDef(t, "rebootServer", "Reboot a server.",
			`{"type":"object","properties":{"serverId":{"type":"integer","description":"ID of the server to reboot."}},"required":["serverId"]}`),
		toolDef(t, "deleteServer", "Delete a server.",
			`{"type":"object","properties":{"serverId":{"type":"integer","description":"ID of the server."}},"required":["serverId"]}`),
		toolDef(t, "listServers", "List servers.",
			`{"type":"object","properties":{"name":{"type":"string","description":"only servers with this name"}}}`),
	}
	for _, request := range []string{"reboot the web-01 server", "delete the server called web-03"} {
		got := callOf(t, firstCall(t, tools, request))
		if got.Tool != "listServers" {
			t.Errorf("%q: got %s, want listServers first", request, got)
		}
	}
}
