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
		// Names said right next to their values, as a form has them.
		{map[string]any{"team_id": "tm_b9uf1reafc", "per_page": 1.0}, "List the agent members of team tm_b9uf1reafc 1 per page.", 3},
		{map[string]any{"team_id": "tm_j3x4uogss2", "page": 1.0}, "Which members of team tm_j3x4uogss2 do we have on page 1?", 3},
		{map[string]any{"ticket_id": "TCK-1205", "assignee_id": uuid}, "Can you assign ticket TCK-1205 to assignee " + uuid + "?", 2},
		{map[string]any{"start_at": 0.0, "task_gid": "3216"}, "Show the stories of task 3216 starting at start at 0.", 3},
		// The noun of what an identifier names, a word after a value and
		// a count in words are how people say it.
		{map[string]any{"team_id": "tm_b9uf1reafc", "per_page": 5.0}, "the first 5 members of team tm_b9uf1reafc", 5},
		{map[string]any{"namespace": "shop", "name": "web-7f9c"}, "show me pod web-7f9c in namespace shop", 5},
		{map[string]any{"check_run_id": 33.0}, "rerequest check run 33", 5},
		{map[string]any{"serial_number": "PF4ZG4DH8C"}, "the laptop, serial number PF4ZG4DH8C", 5},
		{map[string]any{"limit": 5.0, "q": "dan"}, "people matching dan, top 5 only", 5},
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
