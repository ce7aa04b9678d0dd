package report_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentready/agentready/harness/classify"
	"github.com/agentready/agentready/harness/report"
	"github.com/agentready/agentready/harness/run"
)

// The conversation of an ask case, the simulated user's reply in the
// middle, is in report.html and junit.xml; its dialogue labels are named
// in every report.
func TestAskConversationIsShown(t *testing.T) {
	rec := run.Record{Case: "getTicket/ask/00", Tool: "getTicket", Scenario: "ask", Utterance: "Show me the ticket.",
		Args:   map[string]any{"ticketId": "TCK-1042"},
		Direct: &classify.Call{Tool: "getTicket", RawArgs: `{"ticketId":"TCK-1042"}`, Result: classify.Result{Kind: "ok_json", Status: 200, OK: true}},
		Agent: &classify.Trace{Utterance: "Show me the ticket.", Tools: []string{"getTicket"},
			Messages: []classify.Message{{Role: "system", Content: "You help."}, {Role: "user", Content: "Show me the ticket."},
				{Role: "assistant", ToolCalls: []classify.ToolCall{{ID: "call_1", Name: "getTicket", Args: `{"ticketId":"TCK-1001"}`}}},
				{Role: "tool", Content: "200 OK", ToolCallID: "call_1", Name: "getTicket"},
				{Role: "assistant", Content: "Here is TCK-1001."}, {Role: "user", Content: "Sorry, the ticket is TCK-1042."},
				{Role: "assistant", Content: "Which ticket was that again?"}},
			Calls: []classify.Call{{ID: "call_1", Tool: "getTicket", RawArgs: `{"ticketId":"TCK-1001"}`, Result: classify.Result{Kind: "ok_json", Status: 200, OK: true}}},
			Final: "Which ticket was that again?"},
		Labels: []classify.Label{
			{Class: classify.GuessedInsteadOfAsking, Tool: "getTicket", Params: []string{"ticketId"}, Evidence: "The agent guessed TCK-1001."},
			{Class: classify.AskedForGiven, Tool: "getTicket", Params: []string{"ticketId"}, Evidence: "The agent asked again."}},
	}
	dir := writeResults(t, []run.Record{rec}, "")
	writeAll(t, dir)
	page, _ := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	ju, _ := os.ReadFile(filepath.Join(dir, report.JUnitFile))
	md, _ := os.ReadFile(filepath.Join(dir, report.MarkdownFile))
	for what, text := range map[string]string{"report.html": string(page), "junit.xml": string(ju), "report.md": string(md)} {
		for _, want := range []string{"guessed instead of asking", "asked for something already given"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q", what, want)
			}
		}
	}
	s := string(page)
	for _, want := range []string{"Conversation with the simulated user", "Sorry, the ticket is TCK-1042.", "cat-dialogue", "called getTicket("} {
		if !strings.Contains(s, want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	if i, j := strings.Index(s, "Here is TCK-1001."), strings.Index(s, "Sorry, the ticket is TCK-1042."); i < 0 || j < i {
		t.Error("report.html does not show the reply after the agent's first answer")
	}
	if !strings.Contains(string(ju), "user replied: Sorry, the ticket is TCK-1042.") {
		t.Errorf("junit.xml lacks the reply:\n%s", ju)
	}
}
