package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// monitorTools run, pause, create and delete monitors, and roll a
// site's deploy back, as an API names them.
func monitorTools() []*schema.ToolInfo {
	id := func(desc string) *schema.ParameterInfo {
		return &schema.ParameterInfo{Type: schema.String, Required: true, Desc: desc}
	}
	one := func(name, desc string) *schema.ToolInfo {
		return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByParams(map[string]*schema.ParameterInfo{
			"monitor_id": id("The ID of the monitor.")})}
	}
	return []*schema.ToolInfo{
		one("startMonitor", "Starts the monitor's checks."),
		one("getMonitor", "Returns a monitor."),
		one("deleteMonitor", "Deletes a monitor."),
		one("muteMonitor", "Mutes a monitor."),
	}
}

// A request verb the verb table does not know (or reads otherwise, as
// "kick" deletes) is read through WordNet: "kick off" is a way to start,
// so the tool named for starting does it.
func TestWordNetVerbNamesTheTool(t *testing.T) {
	checkPick(t, "kick off monitor 7731", "startMonitor", monitorTools())
	if a := requestAction(readUtterance("kick off monitor 7731")); a != "create" {
		t.Errorf("'kick off monitor 7731' reads as %q, want create (kick off: start)", a)
	}
}

// "mark X as Y" sets what state X is in: an update.
func TestMarkAsUpdates(t *testing.T) {
	if a := requestAction(readUtterance("mark run manual_77 of etl_daily as success")); a != "update" {
		t.Errorf("'mark run ... as success' reads as %q, want update", a)
	}
}

// A first word English uses mostly as a noun starts a noun phrase,
// which reads ("branch protection rules in acme/webapp"), and so does a
// participle before a plural ("unsubscribed people on list X").
func TestNounPhrasesRead(t *testing.T) {
	for _, r := range []string{"branch protection rules in acme/webapp", "port forwarding rules on network N_1"} {
		if a := requestAction(readUtterance(r)); a != "read" {
			t.Errorf("%q reads as %q, want read", r, a)
		}
	}
	if v := readUtterance("unsubscribed people on list 4ca5becb8d").otherVerb(); v != "" {
		t.Errorf("'unsubscribed people' starts with the verb %q, want none: a participle before a plural", v)
	}
}
