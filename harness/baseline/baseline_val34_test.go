package baseline_test

import (
	"strings"
	"testing"

	"github.com/cloudwego/eino/schema"
)

// "oldest to newest" and "newest to oldest" ask an order as "oldest
// first" and "newest first" do; "to" between two words of the same way
// asks none.
func TestOrderSaidAsARange(t *testing.T) {
	acts := toolDef(t, "ListGiftCardActivities", "Lists gift card activities.",
		`{"type":"object","properties":{"gift_card_id":{"type":"string"},
			"sort_order":{"type":"string","description":"The order in which the endpoint returns the activities.\n- `+"`ASC`"+` - Oldest to newest.\n- `+"`DESC`"+` - Newest to oldest (default)."}}}`)
	checkArg(t, acts, "activity on gift card gftc:3f8a since Feb 1 2025, oldest to newest", "sort_order", "ASC")
	checkArg(t, acts, "activity on gift card gftc:3f8a, newest to oldest", "sort_order", "DESC")
	checkArg(t, acts, "activity on gift card gftc:3f8a, from the latest to newest", "sort_order", nil)
}

// A range of dates whose year is written once, at its end, gives its
// start that year too ("between June 1 and June 15 2024"), or the year
// before when the start would come after the end.
func TestRangeYearWrittenOnce(t *testing.T) {
	tx := toolDef(t, "ListTransactions", "Lists transactions for a location.",
		`{"type":"object","properties":{"location_id":{"type":"string"},
			"begin_time":{"type":"string","description":"The beginning of the requested reporting period, in RFC 3339 format."},
			"end_time":{"type":"string","description":"The end of the requested reporting period, in RFC 3339 format."}},"required":["location_id"]}`)
	checkArg(t, tx, "transactions at LH2G9R4XQ7AZM between June 1 and June 15 2024", "begin_time", "2024-06-01T00:00:00Z")
	checkArg(t, tx, "transactions at LH2G9R4XQ7AZM between June 1 and June 15 2024", "end_time", "2024-06-15T00:00:00Z")
	checkArg(t, tx, "transactions at LH2G9R4XQ7AZM from December 20 to January 5 2025", "begin_time", "2024-12-20T00:00:00Z")
	checkArg(t, tx, "transactions at LH2G9R4XQ7AZM since June 1, 15 of them", "begin_time", nil)
}

// A person's full name goes to the tool's given and family name fields,
// split at the space, when the request says exactly one such name; two
// names, a lone capitalized word or a month say nothing of them.
func TestFullNameSplit(t *testing.T) {
	cust := toolDef(t, "CreateCustomer", "Creates a new customer.",
		`{"type":"object","properties":{
			"given_name":{"type":"string"},"family_name":{"type":"string"},"email_address":{"type":"string"}}}`)
	member := toolDef(t, "CreateTeamMember", "Creates a single team member.",
		`{"type":"object","properties":{"body":{"type":"object","properties":{"team_member":{"type":"object","properties":{
			"firstName":{"type":"string"},"lastName":{"type":"string"},"email_address":{"type":"string"}}}}}}}`)
	checkArg(t, cust, "new customer: Ana Souza, ana@souza.dev", "given_name", "Ana")
	checkArg(t, cust, "new customer: Ana Souza, ana@souza.dev", "family_name", "Souza")
	req := "add Priya Nair to the team, priya@brewbros.com"
	if got := callOf(t, firstCall(t, []*schema.ToolInfo{member}, req)).String(); !strings.Contains(got, `"firstName":"Priya","lastName":"Nair"`) {
		t.Errorf("%q: %s, want firstName Priya and lastName Nair in team_member", req, got)
	}
	checkArg(t, cust, "new customer Ana Souza and Priya Nair", "given_name", nil)
	checkArg(t, cust, "new customer ana@souza.dev, met in June", "family_name", nil)
}

// A listed value is no part of a file's name or path: "reports/q3.pdf"
// is the path, not a preview_size pdf; the word alone still is.
func TestListedValueNotInAFileName(t *testing.T) {
	dl := toolDef(t, "FileDownload", "Download file",
		`{"type":"object","properties":{"path":{"type":"string"},
			"preview_size":{"type":"string","description":"Can be small (default), large, xlarge, or pdf"}},"required":["path"]}`)
	checkArg(t, dl, "download reports/q3.pdf", "preview_size", nil)
	checkArg(t, dl, "download reports/q3.pdf", "path", "reports/q3.pdf")
	checkArg(t, dl, "download q3.pdf", "preview_size", nil)
	checkArg(t, dl, "download reports/q3.docx with a pdf preview", "preview_size", "pdf")
}

// An amount in words with its currency's word right after it ("twenty
// bucks") is an amount as "$20" is; a number word without a currency is
// none.
func TestAmountInWords(t *testing.T) {
	intent := toolDef(t, "createPaymentIntent", "Creates a PaymentIntent",
		`{"type":"object","properties":{
			"amount":{"type":"integer","description":"Amount in cents"},
			"currency":{"type":"string","description":"Three-letter ISO currency code"}},"required":["amount","currency"]}`)
	checkArg(t, intent, "a payment intent for twenty bucks", "amount", 2000.0)
	checkArg(t, intent, "a payment intent for twenty bucks", "currency", "USD")
	checkArg(t, intent, "a payment intent for fifty-five euros", "amount", 5500.0)
	checkArg(t, intent, "two payment intents", "amount", nil)
}

// "sorted by when they signed up" names no field: a question word after
// "sorted by" starts a clause, and the sort argument stays empty.
func TestSortedByAClause(t *testing.T) {
	cust := toolDef(t, "ListCustomers", "Lists customer profiles.",
		`{"type":"object","properties":{"sort_field":{"type":"string","description":"Indicates how customers should be sorted."}}}`)
	checkArg(t, cust, "customers sorted by when they signed up", "sort_field", nil)
	checkArg(t, cust, "customers sorted by how much they spent", "sort_field", nil)
	checkArg(t, cust, "customers sorted by name", "sort_field", "name")
}
