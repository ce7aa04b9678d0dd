package baseline

import (
	"testing"

	"github.com/agentready/agentready/harness/retrieve"
)

// TestIDPrefixes: an identifier's type prefix names the argument it
// belongs to, by the start of a word or by initials, and rules out an
// argument named for something else; a generic "id" is neither.
func TestIDPrefixes(t *testing.T) {
	param := func(name string) *param { return &param{name: name, words: retrieve.Words(name)} }
	for _, c := range []struct {
		raw, param, tool string
		names, denies    bool
	}{
		{"cus_NffrFeUfNV2Hib", "customer", "PostCustomersCustomer", true, false},
		{"sub_1MowQVLkdIwHu7ixeRlqHVzs", "subscription_exposed_id", "GetSubscriptionsSubscriptionExposedId", true, false},
		{"pi_3MtwBwLkdIwHu7ix28a3tqPa", "intent", "GetPaymentIntentsIntent", true, false},
		{"pi_3MtwBwLkdIwHu7ix28a3tqPa", "intent", "GetSetupIntentsIntent", false, true},
		{"cus_NffrFeUfNV2Hib", "source", "PostSourcesSource", false, true},
		{"sub_1MowQVLkdIwHu7ixeRlqHVzs", "item", "GetSubscriptionItemsItem", false, false}, // the tool is the subscription's
		{"cus_NffrFeUfNV2Hib", "id", "GetThing", false, false},                             // a generic id takes any
		{"C024BE91L", "channel", "conversations_members", true, false},                     // a type initial names
		{"U061F7AUR", "channel", "conversations_members", false, false},                    // and never denies (C, G, D)
		{"C024BE91L", "cursor", "conversations_members", false, false},                     // a cursor is no thing
		{"feature_flag", "flag", "GetFlag", false, false},                                  // words, not an identifier
	} {
		p, tool := param(c.param), retrieve.Words(c.tool)
		if got := prefixNames(c.raw, p, tool); got != c.names {
			t.Errorf("prefixNames(%s, %s of %s) = %v", c.raw, c.param, c.tool, got)
		}
		if got := prefixDenies(c.raw, p, tool); got != c.denies {
			t.Errorf("prefixDenies(%s, %s of %s) = %v", c.raw, c.param, c.tool, got)
		}
	}
}
