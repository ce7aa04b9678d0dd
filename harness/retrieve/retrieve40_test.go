package retrieve_test

import (
	"testing"

	"github.com/agentready/agentready/harness/retrieve"
)

// An identifier's pieces and a request's numbers are values, not words
// of what it asks for: searched, the pieces of "6a09cdc3-8948-47f0-…"
// (09, cdc, 8948, 47, …) matched the example identifiers other tools'
// documents give, and those tools crowded out the billing group's.
func TestFindLeavesValuesUnsearched(t *testing.T) {
	docs := []retrieve.Doc{
		{Name: "deleteBillingGroup", Text: "Delete a billing group", Args: "id", Method: "DELETE"},
		{Name: "listBillingGroups", Text: "List all billing groups", Method: "GET"},
	}
	// Tools whose examples share the pieces of the requests' values.
	for _, name := range []string{"deleteIp", "deleteWdrReport", "deleteGateway", "deleteRoom"} {
		docs = append(docs, retrieve.Doc{Name: name, Text: "Deletes it. Example: 6a09cdc3-8948-47f0-aa62-74ac943d6c58, cdc 8948 47f0 aa62 09 1293384261075731499 13125550100", Args: "id", Method: "DELETE"})
	}
	ix := retrieve.New(docs)
	for _, q := range []string{
		"delete billing group 6a09cdc3-8948-47f0-aa62-74ac943d6c58",
		"delete billing group 1293384261075731499",
		"delete billing group v2:T02llQxIyaRkhfRK",
		"billing groups of +13125550100",
	} {
		if hits := ix.Find(q, 2); len(hits) != 2 || hits[0].Name != "deleteBillingGroup" && hits[0].Name != "listBillingGroups" ||
			hits[1].Name != "deleteBillingGroup" && hits[1].Name != "listBillingGroups" {
			t.Errorf("Find(%q, 2) = %v, want the billing group's two tools", q, hitNames(hits))
		}
	}
	// A word with a number is a word: "ipv6" finds what says it.
	ix = retrieve.New([]retrieve.Doc{
		{Name: "listAddresses", Text: "List addresses, IPv4 and ipv6", Method: "GET"},
		{Name: "listRanges", Text: "List ranges", Method: "GET"},
	})
	if hits := ix.Find("ipv6 ranges", 2); len(hits) != 2 || hits[1].Name != "listAddresses" && hits[0].Name != "listAddresses" {
		t.Errorf("Find(ipv6 ranges) = %v, want listAddresses found", hitNames(hits))
	}
}

// A verb's particle is read past an identifier: "turn sim card <uuid>
// back on" enables it, whatever letters the identifier holds.
func TestFindReadsAParticlePastAnIdentifier(t *testing.T) {
	ix := retrieve.New([]retrieve.Doc{
		{Name: "SimCardEnable", Text: "Request a SIM card enable", Args: "id", Method: "POST"},
		{Name: "SimCardDisable", Text: "Request a SIM card disable", Args: "id", Method: "POST"},
		{Name: "SimCardGet", Text: "Get SIM card", Args: "id", Method: "GET"},
		{Name: "SimCardDelete", Text: "Deletes a SIM card", Args: "id", Method: "DELETE"},
	})
	q := "turn sim card 6b14e151-8493-4fa1-8664-1cc4e6d14158 back on"
	if hits := ix.Find(q, 1); len(hits) != 1 || hits[0].Name != "SimCardEnable" {
		t.Errorf("Find(%q) = %v, want SimCardEnable first", q, hitNames(hits))
	}
}
