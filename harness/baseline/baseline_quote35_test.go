package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// The one quoted text no other argument took goes to the tool's one
// free-text argument; with two free-text arguments, or two quoted texts,
// nothing is guessed.
func TestLastQuote(t *testing.T) {
	closeTicket := toolDef(t, "closeTicket", "Close a ticket with a resolution code and an optional note",
		`{"type":"object","properties":{
			"ticketId":{"type":"string","pattern":"^TCK-[0-9]{4,}$"},
			"resolution_code":{"type":"string","enum":["fixed","workaround","duplicate"]},
			"resolution":{"type":"string","description":"What was done, for the requester."}},
			"required":["ticketId","resolution_code"]}`)
	twoTexts := toolDef(t, "closeIssue", "Close an issue",
		`{"type":"object","properties":{
			"issueId":{"type":"string","pattern":"^ISS-[0-9]{4,}$"},
			"resolution":{"type":"string","description":"What was done."},
			"outcome":{"type":"string","description":"How it ended, for the changelog."}},
			"required":["issueId"]}`)
	for _, c := range []struct {
		tool          *schema.ToolInfo
		request, want string
	}{
		{closeTicket, "close ticket TCK-1526 as workaround, noting “Sorted, thanks for the quick help.”",
			`closeTicket{"resolution":"Sorted, thanks for the quick help.","resolution_code":"workaround","ticketId":"TCK-1526"}`},
		{closeTicket, "close ticket TCK-1526 as workaround “Sorted” and “Done”",
			`closeTicket{"resolution_code":"workaround","ticketId":"TCK-1526"}`},
		{twoTexts, "close issue ISS-1526, noting “Sorted, thanks.”", `closeIssue{"issueId":"ISS-1526"}`},
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request)); got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}

// A free-text argument the request calls empty gets "", not the word.
func TestEmptied(t *testing.T) {
	create := toolDef(t, "createTicket", "Create a ticket",
		`{"type":"object","properties":{
			"title":{"type":"string","description":"A short summary."},
			"description":{"type":"string","description":"The details."},
			"empty_trash":{"type":"boolean","description":"Whether to empty the trash first."}},
			"required":["title"]}`)
	for _, c := range []struct {
		request, want string
	}{
		{"create a ticket titled “VPN down” with an empty description", `createTicket{"description":"","title":"VPN down"}`},
		{"create a ticket titled “VPN down”, description left blank", `createTicket{"description":"","title":"VPN down"}`},
		{"create a ticket titled “VPN down” and a description of “all empty”", `createTicket{"description":"all empty","title":"VPN down"}`},
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{create}, c.request)); got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}

// Quoted text after a determiner names a thing: it is not the text the
// tool's free-text argument takes.
func TestLastQuoteSkipsNames(t *testing.T) {
	campaigns := toolDef(t, "listCampaigns", "List campaigns",
		`{"type":"object","properties":{"on_behalf_of":{"type":"string","description":"The subuser to act for."}}}`)
	if got := callOf(t, firstCall(t, []*schema.ToolInfo{campaigns}, "send the 'Black Friday' campaign now")); got.String() != `listCampaigns{}` {
		t.Errorf("called %s, want listCampaigns{}", got)
	}
}
