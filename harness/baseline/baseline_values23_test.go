package baseline_test

import (
	"testing"

	"github.com/cloudwego/eino/schema"
)

// A UUID said right after a word of another argument's name is that
// argument's, not a UUID-formatted filter's: "tenant 9a8b..." fills the
// tenant header, not the list of invoice IDs, and of two UUIDs the one
// after "group" is the group's.
func TestUUIDNamedForAnotherArgument(t *testing.T) {
	invoices := toolDef(t, "getInvoices", "Retrieves sales invoices",
		`{"type":"object","properties":{
			"xero-tenant-id":{"type":"string"},
			"IDs":{"type":"array","items":{"type":"string","format":"uuid"},"description":"Filter by a comma-separated list of InvoicesIDs."}},
			"required":["xero-tenant-id"]}`)
	member := toolDef(t, "deleteContactGroupContact", "Deletes a specific contact from a contact group",
		`{"type":"object","properties":{
			"ContactGroupID":{"type":"string","format":"uuid","description":"Unique identifier for a Contact Group"},
			"ContactID":{"type":"string","format":"uuid","description":"Unique identifier for a Contact"}},
			"required":["ContactGroupID","ContactID"]}`)
	for _, c := range []struct {
		tool          *schema.ToolInfo
		request, want string
	}{
		{invoices, "invoices for tenant 9a8b7c6d-5e4f-4321-8fed-cba987654321", `getInvoices{"xero-tenant-id":"9a8b7c6d-5e4f-4321-8fed-cba987654321"}`},
		{invoices, "tenant 9a8b7c6d-5e4f-4321-8fed-cba987654321: invoices 3f1c2a9e-7b4d-4e8a-9c1f-2d5e6a7b8c9d",
			`getInvoices{"IDs":["3f1c2a9e-7b4d-4e8a-9c1f-2d5e6a7b8c9d"],"xero-tenant-id":"9a8b7c6d-5e4f-4321-8fed-cba987654321"}`},
		{member, "take contact 7c3e9a1b-4d2f-4e8c-a6b0-3f1d5c7e9a2b out of group 1d3f5b7a-9c2e-4d6f-a8b0-2c4e6a8d0f1b",
			`deleteContactGroupContact{"ContactGroupID":"1d3f5b7a-9c2e-4d6f-a8b0-2c4e6a8d0f1b","ContactID":"7c3e9a1b-4d2f-4e8c-a6b0-3f1d5c7e9a2b"}`},
	} {
		if got := callOf(t, firstCall(t, []*schema.ToolInfo{c.tool}, c.request)); got.String() != c.want {
			t.Errorf("%q: called %s, want %s", c.request, got, c.want)
		}
	}
}

// A code table in an integer's description gives its values, said by
// their gloss or its -ly form ("by quarter" is 3 of "1=month, 3=quarter,
// 12=year", "yearly" 12); a boolean is turned on by two words its
// description says ("on a cash basis" for "Filter to retrieve journals
// on a cash basis"), never by the tool's own words nor with a negation.
func TestCodeTablesAndDescribedSwitches(t *testing.T) {
	budget := toolDef(t, "getReportBudgetSummary", "Retrieves report for budget summary",
		`{"type":"object","properties":{
			"period":{"type":"integer","description":"The number of periods to compare (integer between 1 and 12)"},
			"timeframe":{"type":"integer","description":"The period size to compare to (1=month, 3=quarter, 12=year)"}}}`)
	journals := toolDef(t, "getJournals", "Retrieves journals",
		`{"type":"object","properties":{
			"offset":{"type":"integer","description":"Offset by a specified journal number"},
			"paymentsOnly":{"type":"boolean","description":"Filter to retrieve journals on a cash basis. Journals are returned on an accrual basis by default."}}}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		arg     string
		want    any
	}{
		{budget, "budget summary broken down by quarter", "timeframe", 3.0},
		{budget, "monthly budget summary", "timeframe", 1.0},
		{budget, "yearly budget summary over 2 periods", "timeframe", 12.0},
		{budget, "budget summary", "timeframe", nil},
		{journals, "journals on a cash basis", "paymentsOnly", true},
		{journals, "journals, not on a cash basis", "paymentsOnly", false},
		{journals, "all journals", "paymentsOnly", nil},
	} {
		checkArg(t, c.tool, c.request, c.arg, c.want)
	}
}

// A year goes to the argument named for one, a month with its year to a
// from/to pair of dates as its first and last day, and a status said as
// an adjective of the things listed to a status argument that lists no
// values; none of them from words that are not there.
func TestYearsMonthsAndStatusWords(t *testing.T) {
	report := toolDef(t, "getReportTenNinetyNine", "Retrieve reports for 1099",
		`{"type":"object","properties":{"reportYear":{"type":"string","description":"The year of the 1099 report"}}}`)
	pnl := toolDef(t, "getReportProfitAndLoss", "Retrieves report for profit and loss",
		`{"type":"object","properties":{
			"fromDate":{"type":"string","format":"date","description":"The from date for the ProfitAndLoss report e.g. 2018-03-31"},
			"toDate":{"type":"string","format":"date","description":"The to date for the ProfitAndLoss report e.g. 2018-03-31"}}}`)
	quotes := toolDef(t, "getQuotes", "Retrieves sales quotes",
		`{"type":"object","properties":{
			"Status":{"type":"string","description":"Filter for quotes of a particular Status"},
			"page":{"type":"integer"}}}`)
	linked := toolDef(t, "getLinkedTransactions", "Retrieves linked transactions (billable expenses)",
		`{"type":"object","properties":{"Status":{"type":"string","description":"Filter by the combination of ContactID and Status"}}}`)
	for _, c := range []struct {
		tool    *schema.ToolInfo
		request string
		arg     string
		want    any
	}{
		{report, "1099 report for 2024", "reportYear", "2024"},
		{report, "1099 report", "reportYear", nil},
		{pnl, "profit and loss for March 2025", "fromDate", "2025-03-01"},
		{pnl, "profit and loss for February 2024", "toDate", "2024-02-29"},
		{pnl, "profit and loss from 1 March 2025", "toDate", nil},
		{quotes, "draft quotes", "Status", "draft"},
		{quotes, "all the quotes", "Status", nil},
		{quotes, "latest quotes", "Status", nil},
		{quotes, "show quotes", "Status", nil},
		{linked, "approved linked transactions", "Status", "approved"},
	} {
		checkArg(t, c.tool, c.request, c.arg, c.want)
	}
}

// The word one before an identifier names an argument only when the word
// right before it names no other argument: in "purchase orders (tenant
// e2a4...)" the identifier is the tenant's, not a sort order.
func TestWordBetweenNamesAnotherArgument(t *testing.T) {
	orders := toolDef(t, "getPurchaseOrders", "Retrieves purchase orders",
		`{"type":"object","properties":{
			"xero-tenant-id":{"type":"string"},
			"order":{"type":"string"},
			"page":{"type":"integer"}},"required":["xero-tenant-id"]}`)
	checkArg(t, orders, "purchase orders (tenant e2a4c6b8-1d3f-4a5b-9c7d-0f2e4a6c8b1d)", "xero-tenant-id", "e2a4c6b8-1d3f-4a5b-9c7d-0f2e4a6c8b1d")
	checkArg(t, orders, "purchase orders (tenant e2a4c6b8-1d3f-4a5b-9c7d-0f2e4a6c8b1d)", "order", nil)
}

// An identifier an optional argument took without being named for it
// goes to the tool's one empty required identifier instead: "invoices in
// org 9a8b..." names the tenant the tool requires, not an invoice ID;
// said after the optional one's name, it stays there.
func TestRequiredIdentifierFirst(t *testing.T) {
	invoices := toolDef(t, "getInvoices", "Retrieves sales invoices",
		`{"type":"object","properties":{
			"xero-tenant-id":{"type":"string","description":"Xero identifier for Tenant"},
			"ContactID":{"type":"string","format":"uuid","description":"Filter by a contact's ID"}},
			"required":["xero-tenant-id"]}`)
	checkArg(t, invoices, "invoices in org 9a8b7c6d-5e4f-4321-8fed-cba987654321", "xero-tenant-id", "9a8b7c6d-5e4f-4321-8fed-cba987654321")
	checkArg(t, invoices, "invoices in org 9a8b7c6d-5e4f-4321-8fed-cba987654321", "ContactID", nil)
	const named = "tenant e2a4c6b8-1d3f-4a5b-9c7d-0f2e4a6c8b1d: invoices for contact 9a8b7c6d-5e4f-4321-8fed-cba987654321"
	want := `getInvoices{"ContactID":"9a8b7c6d-5e4f-4321-8fed-cba987654321","xero-tenant-id":"e2a4c6b8-1d3f-4a5b-9c7d-0f2e4a6c8b1d"}`
	if got := callOf(t, firstCall(t, []*schema.ToolInfo{invoices}, named)); got.String() != want {
		t.Errorf("%q: called %s, want %s", named, got, want)
	}
}
