package baseline

import (
	"testing"

	"github.com/cloudwego/eino/schema"

	"github.com/agentready/agentready/internal/english"
)

// A name word most tools share counts half said and qualifies nothing
// when the request does not say it; an argument the request filled that
// stands for it (nodeBalancerId for the Node of getNodeBalancer) must not
// make it a qualifier that costs the tool: filling never lowers a cover.
func TestFilledCommonWordQualifiesNothing(t *testing.T) {
	s := said{stems: map[string]bool{}, exact: map[string]bool{}, syn: map[string]bool{}, learned: map[string]bool{},
		whose: map[string]bool{}, action: "read", common: map[string]bool{english.Stem("node"): true}}
	for _, w := range []string{"load", "balancer", "details"} {
		s.stems[english.Stem(w)], s.exact[w] = true, true
	}
	filled := map[string]bool{english.Stem("node"): true, english.Stem("balancer"): true}
	for _, name := range []string{"getNodeBalancer", "getRepositoriesWorkspaceRepoSlugDefaultReviewers"} {
		if before, after := s.nameCover(name, nil), s.nameCover(name, filled); after < before {
			t.Errorf("cover of %s fell from %.2f to %.2f once its argument was filled", name, before, after)
		}
	}
}

// invoiceTools are a billing API's invoice, its items and its list.
func invoiceTools() []*schema.ToolInfo {
	id := map[string]*schema.ParameterInfo{"invoiceId": {Type: schema.Integer, Required: true, Desc: "The ID of the Invoice."}}
	return []*schema.ToolInfo{
		{Name: "getInvoice", Desc: "Invoice View. Returns a single Invoice object.", ParamsOneOf: schema.NewParamsOneOfByParams(id)},
		{Name: "getInvoiceItems", Desc: "Invoice Items List. Returns a paginated list of Invoice items.", ParamsOneOf: schema.NewParamsOneOfByParams(id)},
		{Name: "getInvoices", Desc: "Invoices List. Returns a paginated list of Invoices."},
	}
}

// "What got billed on invoice X" asks for what the invoice lists, its
// items, not the invoice; "invoice X" alone is the invoice.
func TestWhatWasBilledIsTheItems(t *testing.T) {
	checkPick(t, "what got billed on invoice 55102?", "getInvoiceItems", invoiceTools())
	checkPick(t, "what was charged on invoice 55102", "getInvoiceItems", invoiceTools())
	checkPick(t, "show invoice 55102", "getInvoice", invoiceTools())
}
