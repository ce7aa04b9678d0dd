package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// Verbs with an action of their own, and the synonyms people type for
// them, say that action: "freeze" pauses, "unplug" disconnects, "prune"
// and "kick" delete, "tear ... down" deletes, "hook ... up" connects,
// "grow" resizes, "rerun" retries, "duplicate" copies; "exec" executes;
// "runs of workflow 5" reads.
func TestActionVerbSynonyms(t *testing.T) {
	for text, want := range map[string]string{
		"freeze container batch-runner":                    "pause",
		"resume batch-runner":                              "resume",
		"unplug container api from backend-net":            "disconnect",
		"hook the api container up to network backend-net": "connect",
		"prune dangling images":                            "delete",
		"clean up all stopped containers":                  "delete",
		"kick user u_83jd from team acme":                  "delete",
		"tear down the payments service":                   "delete",
		"throw away ssh key 12":                            "delete",
		"throw the old key away":                           "delete",
		"shut down 5120 please":                            "cancel",
		"grow volume 8812 to 100 gigs":                     "resize",
		"rerun check chk_77":                               "retry",
		"duplicate campaign b03bfc273a":                    "copy",
		"upvote issue 12":                                  "vote",
		"exec ls -la in the web container":                 "execute",
		"runs of workflow 5":                               "read",
		"inspect container worker-3":                       "read",
	} {
		if got := requestAction(readUtterance(text)); got != want {
			t.Errorf("requestAction(%q) = %q, want %q", text, got, want)
		}
	}
	id := map[string]*schema.ParameterInfo{"id": {Type: schema.String, Desc: "ID or name of the container", Required: true}}
	tool := func(name, desc string) *schema.ToolInfo {
		return &schema.ToolInfo{Name: name, Desc: desc, ParamsOneOf: schema.NewParamsOneOfByParams(id)}
	}
	containers := []*schema.ToolInfo{
		tool("ContainerCreate", "Create a container"), tool("ContainerInspect", "Inspect a container"),
		tool("ContainerPause", "Pause a container"), tool("ContainerUnpause", "Unpause a container"),
		tool("ContainerDelete", "Remove a container"), tool("ContainerPrune", "Delete stopped containers"),
		{Name: "ContainerList", Desc: "List containers"},
	}
	checkPick(t, "freeze container 7f3a9c", "ContainerPause", containers)
	checkPick(t, "prune stopped containers", "ContainerPrune", containers)
}

// A verb written as a participle in a name ("Connected", "Archived")
// qualifies the noun after it, as an adjective does: for "the info on
// channel X", listConnectedChannelInfo is as far from the request as
// listSharedChannelInfo, not closer for its word being a verb.
func TestParticipleQualifies(t *testing.T) {
	k := newToolkit([]*schema.ToolInfo{
		{Name: "conversations_info", Desc: "Retrieve information about a conversation."},
		{Name: "listConnectedChannelInfo", Desc: "List channels."},
		{Name: "listSharedChannelInfo", Desc: "List channels."},
	})
	u := readUtterance("give me the info on channel C0A1B2C3D4")
	s := k.saidWords(u, requestAction(u))
	connected, shared := s.cover("listConnectedChannelInfo", nil, nil, false), s.cover("listSharedChannelInfo", nil, nil, false)
	if connected != shared {
		t.Errorf("cover: listConnectedChannelInfo %.2f, listSharedChannelInfo %.2f, want equal", connected, shared)
	}
}
