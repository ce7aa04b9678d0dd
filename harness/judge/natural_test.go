package judge_test

import (
	"testing"

	"github.com/agentready/agentready/harness/cases"
	"github.com/agentready/agentready/harness/judge"
)

// Requests as people type them rate 5; argument names used as form
// labels, headers, UUIDs and code bring the level down, to 1 for code.
func TestNaturalness(t *testing.T) {
	uuid := "8d0f6c55-3b1e-4b8a-9f1e-2a7c9d4e5f60"
	for _, c := range []struct {
		args map[string]any
		text string
		want int
	}{
		{map[string]any{"issueIdOrKey": "OPS-999", "deleteSubtasks": "true"}, "nuke ticket OPS-999 along with its subtasks", 5},
		{map[string]any{"priority": "high", "category": "network"}, "high priority network tickets please", 5},
		{map[string]any{"priority": "high", "category": "network"}, "List the tickets with the priority high and with the category network.", 1},
		{map[string]any{"ticketId": "TCK-1042", "status": "open", "If-Match": `"3"`}, `Change the status to open on ticket TCK-1042 with the If-Match header set to "3".`, 1},
		{map[string]any{"requester_id": uuid, "title": "VPN drops"}, "open a ticket for " + uuid + ": VPN drops", 4},
		{map[string]any{"changes": map[string]any{"a": 1}}, `Update it with the changes {"a":1}`, 1},
	} {
		if got := judge.Naturalness(c.args, c.text); got != c.want {
			t.Errorf("Naturalness(%q) = %d, want %d", c.text, got, c.want)
		}
	}
	cs := &cases.Case{Args: map[string]any{"q": "vpn"}, Utterances: []cases.Utterance{{Text: "tickets about vpn"}, {Text: "x", Naturalness: 2}}}
	judge.RateNaturalness(cs)
	if cs.Utterances[0].Naturalness != 5 || cs.Utterances[1].Naturalness != 2 {
		t.Errorf("RateNaturalness: %+v (a rating a model's judge gave is kept)", cs.Utterances)
	}
}
