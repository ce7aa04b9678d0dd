package graph

import (
	"testing"

	"github.com/agentready/agentready/gen/ir"
)

func TestProductOf(t *testing.T) {
	for _, tc := range []struct {
		in       string
		ns, noun string
		ok       bool
	}{
		{"treasury.outbound_transfer", "treasury", "outboundtransfer", true},
		{"transfer", "", "transfer", true},
		{"financial_connections.sessions", "financial_connections", "session", true},
		{"io.k8s.api.core.v1.Pod", "", "", false},
		{"", "", "", false},
		{".x", "", "", false},
	} {
		ns, noun, ok := productOf(tc.in)
		if ns != tc.ns || noun != tc.noun || ok != tc.ok {
			t.Errorf("productOf(%q) = %q, %q, %v; want %q, %q, %v", tc.in, ns, noun, ok, tc.ns, tc.noun, tc.ok)
		}
	}
}

func TestProductWanted(t *testing.T) {
	api := &ir.API{Types: []*ir.Type{{Name: "transfer"}, {Name: "treasury.outbound_transfer"},
		{Name: "issuing.transaction"}, {Name: "treasury.transaction"}, {Name: "financial_connections.session"}}}
	pr := buildProducts(api)
	for _, tc := range []struct {
		path, word, returns, want string
		ok                        bool
	}{
		{"/v1/test_helpers/treasury/outbound_transfers/{outbound_transfer}/fail", "outboundtransfer", "", "treasury", true},
		{"/v1/issuing/disputes", "transaction", "issuing.dispute", "issuing", true},
		{"/v1/linked_accounts", "session", "financial_connections.account", "financial_connections", true},
		{"/v1/transfers/{transfer}", "transfer", "transfer", "", true},
		{"/v1/charges", "charge", "charge", "", false},
	} {
		in := &input{op: &ir.Operation{Path: tc.path}}
		got, ok := pr.wanted(in, noun{words: []string{tc.word}}, tc.returns)
		if got != tc.want || ok != tc.ok {
			t.Errorf("wanted(%s, %s) = %q, %v; want %q, %v", tc.path, tc.word, got, ok, tc.want, tc.ok)
		}
	}
	if buildProducts(&ir.API{Types: []*ir.Type{{Name: "simple-user"}}}).of != nil {
		t.Error("an API without products got some")
	}
}

func TestTakesToken(t *testing.T) {
	for desc, want := range map[string]bool{
		"Either a token, like the ones returned by [Stripe.js](https://stripe.com/docs/js), or a dictionary": true,
		"A token, like the ones returned by Stripe.js.":                                                      true,
		"A card or bank account to attach. You can provide either a token, like the ones returned by":        true,
		"An [account token](https://stripe.com/docs/api#create_account_token), used to securely provide":     false,
		"The ID of a source to transfer funds from.":                                                         false,
		"An optional token used to create the source.":                                                       false,
	} {
		if got := takesToken(desc); got != want {
			t.Errorf("takesToken(%q) = %v, want %v", desc, got, want)
		}
	}
}
