package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// Words said as another argument's values ("tagged laptop and hardware",
// "set the tags to security") go there, even when one of them is also a
// value of an enum.
func TestSaidForOther(t *testing.T) {
	create := toolDef(t, "createTicket", "Create a ticket",
		`{"type":"object","properties":{
			"title":{"type":"string","description":"A short summary."},
			"category":{"type":"string","enum":["hardware","software","network","security"]},
			"tags":{"type":"array","items":{"type":"string"},"description":"Free-form labels."}},
			"required":["title"]}`)
	for _, c := range []struct {
		request, want string
	}{
		{"add a ticket titled “Outlook asks for my password”, tagged laptop and hardware",
			`createTicket{"tags":["laptop","hardware"],"title":"Outlook asks for my password"}`},
		{"add a ticket titled “Outlook asks for my password” and set the tags to security",
			`createTicket{"tags":["security"],"title":"Outlook asks for my password"}`},
		{"add a ticket titled “Outlook asks for my password”, tagged vip, laptop and hardware",
			`createTicket{"tags":["vip","laptop","hardware"],"title":"Outlook asks for my password"}`},
		{"add a hardware ticket titled “Outlook asks for my password”, tagged laptop",
			`createTicket{"category":"hardware","tags":["laptop"],"title":"Outlook asks for my password"}`},
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{create}, c.request)); got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}
